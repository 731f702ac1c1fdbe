#!/usr/bin/env bash
# Reachability over static and random component orders: does the default `--reorder` repair a
# bad order? (issue 32: "over ten random component orders per problem with the default
# reordering, the median time within 3x of the best static order").
#
#   scripts/bench-order-sweep.sh [-t CPU_SECONDS] [-o OUT.csv] [-b LABEL=BINARY]...
#                                [-r "given force ..."] [-s "1 2 ... 10"] [-x "ARGS"] [PROBLEM...]
#
# Per problem: every static order of -r (default: given force hubs force-span sloan) with
# `--reorder off`, then every `random:SEED` of -s (default: 1..10) with no `--reorder` flag (the
# default setting), for every binary of -b (default: new=target/release/ltsym), binaries back to
# back per run. -x adds arguments to the random runs only. One CSV row per run: problem, order,
# binary label, status (ok / cpu-limit / wall-limit / rc=N), states, CPU seconds (user+sys), wall
# seconds, reorderings, peak nodes, max RSS in KB. Resumable: a row already in the CSV (same
# problem, order, label) is not run again. Each run is limited to -t CPU seconds (default 20,
# `ulimit -t`) and 30x that in wall time (niced on a loaded machine, a run may get a
# few percent of a core); the CPU limit is the one meant to bind. Runs under `nice -n $NICE`
# (default 19).
# Default problems: RERS 2016 110-120 and 2017 105-115.
#
#   scripts/bench-order-sweep.sh --summary OUT.csv [LABEL]
#
# prints per problem the best static order's CPU time, the median of the random orders' (binary
# LABEL, default the last label in the file; a run cut by a limit counts as its limit), and
# their ratio (target: at most 3).
set -uo pipefail
if [ "${1:-}" = --summary ]; then
  exec python3 - "$2" "${3:-}" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
label = sys.argv[2] or [r["bin"] for r in rows if r["order"].startswith("random:")][-1]
probs = list(dict.fromkeys(r["problem"] for r in rows))
worst = 0.0
print(f"{'problem':18} {'best static':>22} {'random median':>14} {'ratio':>6}  runs")
for p in probs:
    st = [r for r in rows if r["problem"] == p and not r["order"].startswith("random:")
          and r["order"] != "auto" and r["status"] == "ok"]
    rnd = [r for r in rows if r["problem"] == p and r["order"].startswith("random:")
           and r["bin"] == label]
    if not st or not rnd:
        continue
    best = min(st, key=lambda r: float(r["cpu_s"]))
    med = statistics.median(float(r["cpu_s"]) for r in rnd)
    ratio = med / max(float(best["cpu_s"]), 0.01)
    worst = max(worst, ratio)
    ok = sum(r["status"] == "ok" for r in rnd)
    print(f"{p:18} {best['order']:>12} {float(best['cpu_s']):7.2f} s {med:11.2f} s {ratio:6.2f}  {ok}/{len(rnd)} ok")
print(f"worst ratio {worst:.2f}")
PY
fi
here=$(cd "$(dirname "$0")/.." && pwd)
limit=20
out="$here/bench-data/results/order-sweep-$(date -u +%F).csv"
statics="given force hubs force-span sloan"
seeds="1 2 3 4 5 6 7 8 9 10"
extra=""
bins=()
problems=()
while [ $# -gt 0 ]; do
  case "$1" in
    -t) limit=$2; shift 2 ;;
    -o) out=$2; shift 2 ;;
    -b) bins+=("$2"); shift 2 ;;
    -r) statics=$2; shift 2 ;;
    -s) seeds=$2; shift 2 ;;
    -x) extra=$2; shift 2 ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    *) problems+=("$1"); shift ;;
  esac
done
rers=${LTSYM_RERS_DIR:-$here/bench-data/rers}
if [ ${#problems[@]} -eq 0 ]; then
  for i in $(seq 110 120); do problems+=("$rers/2016/problem$i.dot"); done
  for i in $(seq 105 115); do problems+=("$rers/2017/problem$i.dot"); done
fi
[ ${#bins[@]} -eq 0 ] && bins=("new=$here/target/release/ltsym")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

[ -f "$out" ] || echo "problem,order,bin,status,states,cpu_s,wall_s,reorderings,peak_nodes,max_rss_kb" > "$out"

row() { # label binary problem order extra-args...
  local label=$1 bin=$2 p=$3 o=$4; shift 4
  local name
  name=$(basename "$(dirname "$p")")/$(basename "$p" .dot)
  grep -q "^$name,$o,$label," "$out" && return 0
  local rc status
  ( ulimit -t "$limit"
    exec nice -n "${NICE:-19}" /usr/bin/time -f "%U %S %e %M" -o "$tmp/time" timeout -k 5 $((limit * 30)) \
      "$bin" reach "$p" --order "$o" --json "$@" > "$tmp/out" 2> "$tmp/err" )
  rc=$?
  case $rc in 0) status=ok ;; 124) status=wall-limit ;; 137|152) status=cpu-limit ;; *) status=rc=$rc ;; esac
  # time(1) reports a killed child on its first line
  local times user sys wall rss
  times=$(grep -E '^[0-9.]+ [0-9.]+ [0-9.:]+ [0-9]+$' "$tmp/time" | tail -1)
  read -r user sys wall rss <<< "$times"
  local states reord peak
  states=$(grep -o '"states":"[0-9]*"' "$tmp/out" | grep -o '[0-9]*')
  reord=$(grep -o '"reorderings":[0-9]*' "$tmp/out" | grep -o '[0-9]*$')
  peak=$(grep -o '"peak_nodes":[0-9]*' "$tmp/out" | grep -o '[0-9]*$')
  printf '%s,%s,%s,%s,%s,%.2f,%s,%s,%s,%s\n' "$name" "$o" "$label" "$status" "$states" \
    "$(echo "${user:-0} + ${sys:-0}" | bc)" "${wall:-}" "$reord" "$peak" "${rss:-}" >> "$out"
}

for p in "${problems[@]}"; do
  for o in $statics; do
    for b in "${bins[@]}"; do row "${b%%=*}" "${b#*=}" "$p" "$o" --reorder off; done
  done
  for s in $seeds; do
    for b in "${bins[@]}"; do
      # shellcheck disable=SC2086
      row "${b%%=*}" "${b#*=}" "$p" "random:$s" $extra
    done
  done
done
echo "wrote $out"
