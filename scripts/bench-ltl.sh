#!/usr/bin/env bash
# LTL benchmark: all 20 properties of every RERS parallel LTL problem (2016 101–120, 2017
# 101–115), one `ltsym check` per problem. Not a test: timings depend on the machine.
#
#   scripts/bench-ltl.sh [-t SECONDS_PER_PROBLEM] [-o OUT.csv] [PROBLEM.dot ...]
#
# Writes one row per problem: problem, states, properties answered, true, false, mismatches
# with the official answers (2016 101–115), reachability time, total time, the slowest
# property and its time, peak memory and CPU time (user + sys, `/usr/bin/time -v`), status,
# the binary's label, and from the properties' profiles (binaries since 2026-11-26) the trim
# rounds, search seconds and counterexample seconds summed over the file. Extra flags for `ltsym check` go in LTSYM_FLAGS (e.g. "--order force").
# ENGINE (default symbolic, the engine of every figure before 2026-11-27, when `auto` became
# the default of `check`) is passed as --engine; ENGINE=default passes none (each binary's own).
# BINS="label=path ..." runs several binaries back to back on each problem (their ratio is
# measured under the same load); CPU_LIMIT caps each run's CPU seconds (ulimit -t: status
# cpu-limit), which on a loaded machine says more than the wall limit.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
limit=600
out="$here/bench-data/results/ltl.csv"
problems=()
while [ $# -gt 0 ]; do
  case "$1" in
    -t) limit=$2; shift 2 ;;
    -o) out=$2; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) problems+=("$1"); shift ;;
  esac
done
rers=${LTSYM_RERS_DIR:-$here/bench-data/rers}
if [ ${#problems[@]} -eq 0 ]; then
  for p in $(seq 101 120); do problems+=("$rers/2016/problem$p.dot"); done
  for p in $(seq 101 115); do problems+=("$rers/2017/problem$p.dot"); done
fi
ltsym=${LTSYM:-$here/target/release/ltsym}
if [ -z "${BINS:-}" ]; then
  [ -x "$ltsym" ] || (cd "$here" && cargo build --release -q)
  BINS="new=$ltsym"
fi
engine=${ENGINE:-symbolic}
engine_args=(--engine "$engine")
[ "$engine" = default ] && engine_args=()
mkdir -p "$(dirname "$out")"
echo "problem,states,answered,true,false,mismatches,reach_s,total_s,slowest_property,slowest_s,max_rss_kb,status,cpu_s,bin,trim_rounds,search_s,counterexample_s" > "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
start=$(date +%s)
for dot in "${problems[@]}"; do
 props="${dot%.dot}-properties.txt"
 name="$(basename "$(dirname "$dot")")/$(basename "$dot" .dot)"
 for b in $BINS; do
  label=${b%%=*} bin=${b#*=}
  /usr/bin/time -v -o "$tmp/time" timeout -k 10 $((limit + 30)) \
    bash -c "${CPU_LIMIT:+ulimit -t $CPU_LIMIT;} exec \"\$@\"" ltsym \
    "$bin" check "$dot" "$props" --format json --timeout "$limit" "${engine_args[@]}" ${LTSYM_FLAGS:-} \
    > "$tmp/out" 2> "$tmp/err"
  rc=$?
  rss=$(awk -F: '/Maximum resident set size/ {gsub(/ /, "", $2); print $2}' "$tmp/time")
  cpu=$(awk -F: '/User time|System time/ {s += $2} END {printf "%.2f", s}' "$tmp/time")
  case $rc in 0|1) status=ok ;; 3) status=limit ;; 124|137) status=killed ;; *) status="error($rc)" ;; esac
  if [ "$status" = killed ] && [ -n "${CPU_LIMIT:-}" ] && [ "${cpu%.*}" -ge $((CPU_LIMIT - 1)) ]; then
    status=cpu-limit
  fi
  python3 - "$tmp/out" "$name" "$status" "${rss:-}" "$cpu" "$label" >> "$out" <<'PY'
import json, sys
out, name, status, rss, cpu, label = sys.argv[1:]
try:
    j = json.load(open(out))
except Exception:
    print(f"{name},,,,,,,,,,{rss},{status},{cpu},{label},,,")
    sys.exit()
rs = j["results"]
def sum_profile(rs, key):
    vals = [r["profile"][key] for r in rs if r.get("profile")]
    return "" if not vals else (f"{sum(vals):.2f}" if key.endswith("_s") else sum(vals))
ans = [r for r in rs if r["verdict"] is not None]
slow = max(rs, key=lambda r: r["time_s"]) if rs else None
print(",".join(str(x) for x in [
    name, j.get("states") or "", len(ans),
    sum(1 for r in ans if r["verdict"]), sum(1 for r in ans if not r["verdict"]),
    j["mismatches"], f'{j["reach_time_s"]:.2f}', f'{j["total_time_s"]:.2f}',
    f'#{slow["number"]}' if slow else "", f'{slow["time_s"]:.2f}' if slow else "",
    rss, status, cpu, label,
    # the profile of each property (`check --format json`), summed; empty before it existed
    *(sum_profile(rs, k) for k in ("trim_rounds", "search_s", "counterexample_s"))]))
PY
  tail -1 "$out"
 done
done
echo "all problems: $(( $(date +%s) - start )) s wall; wrote $out"
