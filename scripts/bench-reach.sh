#!/usr/bin/env bash
# Reachability benchmark: strategies × orders × binaries on RERS problems, one CSV row per run.
# Not a test: timings depend on the machine. Appends rows to bench-data/results/reach.csv.
#
# usage: scripts/bench-reach.sh [TIMEOUT_S] [PROBLEM... | rers35]
#   rers35: all 35 RERS parallel LTL systems (2016/problem101-120.dot, 2017/problem101-115.dot)
#   env STRATEGIES (default "chain sat bfs"), ORDERS (default "given force hubs sloan"),
#       FACTORS (default "bits": components split into bits; "bits none" also runs them whole),
#       BINS: binaries to compare, "label=path ..." (default "new=target/release/ltsym", built
#       first); per problem, order and strategy they run back to back, so that their ratio is
#       measured under the same load (quote ratios, not absolute times, on a shared machine),
#       FLAGS: extra flags for every run (e.g. "--reorder auto"; "--reorder off" measures
#       `given` as given: the default `--reorder start` replaces a poor order of the user's),
#       CPU_LIMIT: CPU seconds per run (ulimit -t; status cpu-limit): on a loaded machine a wall
#       limit (TIMEOUT_S, ltsym's --timeout) measures the load more than the run,
#       CALLGRIND=1: run under valgrind's callgrind and record the instructions executed (column
#       ir; the kernel's work, e.g. zeroing the apply cache's pages, is not counted): repeatable
#       where CPU times differ by less than the noise,
#       RERS (default bench-data/rers, shipped), LTSYM_MCC_DIR (the MCC nets, not shipped: default
#       ../shared/rers/mcc; its row is skipped when absent), OUT (default bench-data/results/reach.csv)
# Columns: the JSON's statistics, peak RSS and CPU time (user + sys) from /usr/bin/time -v, the
# binary's label and the extra flags. status: ok, limit (exit 3: --timeout), killed (the process
# overran its limit by 60 s), cpu-limit (CPU_LIMIT), rcN.
set -u
cd "$(dirname "$0")/.."
TIMEOUT=${1:-600}
shift || true
RERS=${RERS:-${LTSYM_RERS_DIR:-bench-data/rers}}
MCC=${LTSYM_MCC_DIR:-../shared/rers/mcc}
STRATEGIES=${STRATEGIES:-"chain sat bfs"}
ORDERS=${ORDERS:-"given force hubs sloan"}
FACTORS=${FACTORS:-bits}
FLAGS=${FLAGS:-}
OUT=${OUT:-bench-data/results/reach.csv}
HEADER="date,host,problem,strategy,order,factor,status,states,deadlocks,time_s,reach_s,peak_rss_kb,peak_nodes,final_nodes,iterations,images,order_names,bin,cpu_s,flags,ir"
if [ "${1:-}" = rers35 ]; then
  PROBLEMS=()
  for p in $(seq 101 120); do PROBLEMS+=("$RERS/2016/problem$p.dot"); done
  for p in $(seq 101 115); do PROBLEMS+=("$RERS/2017/problem$p.dot"); done
elif [ $# -gt 0 ]; then
  PROBLEMS=("$@")
else
  PROBLEMS=()
  for p in 110 111 112 113 114 115; do PROBLEMS+=("$RERS/2017/problem$p.dot"); done
  if [ -f "$MCC/RERS2020-PT-pb103/model.pnml" ]; then
    PROBLEMS+=("$MCC/RERS2020-PT-pb103/model.pnml")
  else
    echo "skipping RERS2020-PT-pb103: MCC net absent from $MCC (see bench-data/rers/README.md)" >&2
  fi
fi

if [ -z "${BINS:-}" ]; then
  cargo build --release --quiet --bin ltsym || exit 1
  BINS="new=./target/release/ltsym"
fi
run() { $VG "$1" reach "$2" --strategy "$3" --order "$4" --factor "$5" --timeout "$TIMEOUT" --json $FLAGS; }

mkdir -p "$(dirname "$OUT")"
if [ ! -s "$OUT" ]; then
  echo "$HEADER" > "$OUT"
elif [ "$(head -1 "$OUT")" != "$HEADER" ]; then
  echo "$OUT has other columns (an older version of this script): give another OUT" >&2
  exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
VG=
[ "${CALLGRIND:-0}" = 1 ] && VG="valgrind --tool=callgrind --callgrind-out-file=/dev/null --log-file=$tmp/vg"
for f in "${PROBLEMS[@]}"; do
  name=$(basename "$(dirname "$f")")/$(basename "$f")
  for o in $ORDERS; do
   for fa in $FACTORS; do
    for s in $STRATEGIES; do
     for b in $BINS; do
      label=${b%%=*} bin=${b#*=}
      # the process gets a little more than its own limit before it is killed
      RUST_LOG=warn nice timeout -s KILL $((TIMEOUT + 60)) /usr/bin/time -v -o "$tmp/time" \
        bash -c "$(declare -f run); ${CPU_LIMIT:+ulimit -t $CPU_LIMIT;} TIMEOUT=$TIMEOUT; FLAGS='$FLAGS'; VG='$VG'; run '$bin' '$f' '$s' '$o' '$fa'" > "$tmp/json" 2> "$tmp/err"
      rc=$?
      ir=$(grep -o 'Collected : [0-9]*' "$tmp/vg" 2>/dev/null | grep -o '[0-9]*$'; rm -f "$tmp/vg")
      rss=$(grep "Maximum resident set size" "$tmp/time" 2>/dev/null | awk '{print $NF}')
      cpu=$(awk -F: '/User time|System time/ {s += $2} END {printf "%.2f", s}' "$tmp/time" 2>/dev/null)
      row=$(python3 - "$tmp/json" "$rc" "$cpu" "${CPU_LIMIT:-0}" <<'PY'
import json, sys
try:
    d = json.loads(open(sys.argv[1]).read().strip().splitlines()[-1])
except Exception:
    d = {}
rc = int(sys.argv[2])
cpu, cpu_limit = float(sys.argv[3] or 0), float(sys.argv[4])
status = "ok" if rc == 0 and "states" in d else {3: "limit", 137: "killed", 124: "killed", 152: "cpu-limit"}.get(rc, f"rc{rc}")
if status == "killed" and cpu_limit > 0 and cpu >= cpu_limit - 1:
    status = "cpu-limit"
g = lambda k: str(d.get(k, ""))
print(",".join([status, g("states"), g("deadlocks"), g("time_s"), g("time_reach_s"), "{rss}",
                g("peak_nodes"), g("final_nodes"), g("iterations"), g("images"),
                " ".join(d.get("order", []))]))
PY
)
      row=${row/\{rss\}/$rss}
      line="$(date -u +%FT%TZ),$(hostname),$name,$s,$o,$fa,$row,$label,$cpu,$FLAGS,$ir"
      echo "$line" | tee -a "$OUT"
     done
    done
   done
  done
done
