#!/usr/bin/env bash
# Reachability benchmark: every strategy under a few orders on the large RERS problems.
# Not a test: timings depend on the machine. Appends rows to bench-data/results/reach.csv.
#
# usage: scripts/bench-reach.sh [TIMEOUT_S] [PROBLEM...]
#   env STRATEGIES (default "chain sat bfs"), ORDERS (default "given force hubs sloan"),
#       FACTORS (default "bits": components split into bits; "bits none" also runs them whole),
#       RERS (default bench-data/rers, shipped), LTSYM_MCC_DIR (the MCC nets, not shipped: default
#       ../shared/rers/mcc; its row is skipped when absent), OUT (default bench-data/results/reach.csv)
set -u
cd "$(dirname "$0")/.."
TIMEOUT=${1:-600}
shift || true
RERS=${RERS:-${LTSYM_RERS_DIR:-bench-data/rers}}
MCC=${LTSYM_MCC_DIR:-../shared/rers/mcc}
STRATEGIES=${STRATEGIES:-"chain sat bfs"}
ORDERS=${ORDERS:-"given force hubs sloan"}
FACTORS=${FACTORS:-bits}
OUT=${OUT:-bench-data/results/reach.csv}
if [ $# -gt 0 ]; then
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

cargo build --release --quiet --bin ltsym || exit 1
run() { ./target/release/ltsym reach "$1" --strategy "$2" --order "$3" --factor "$4" --timeout "$TIMEOUT" --json; }

mkdir -p "$(dirname "$OUT")"
[ -s "$OUT" ] || echo "date,host,problem,strategy,order,factor,status,states,deadlocks,time_s,reach_s,peak_rss_kb,peak_nodes,final_nodes,iterations,images,order_names" > "$OUT"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in "${PROBLEMS[@]}"; do
  name=$(basename "$(dirname "$f")")/$(basename "$f")
  for o in $ORDERS; do
   for fa in $FACTORS; do
    for s in $STRATEGIES; do
      # the process gets a little more than its own limit before it is killed
      RUST_LOG=warn nice timeout -s KILL $((TIMEOUT + 60)) /usr/bin/time -v -o "$tmp/time" \
        bash -c "$(declare -f run); TIMEOUT=$TIMEOUT; run '$f' '$s' '$o' '$fa'" > "$tmp/json" 2> "$tmp/err"
      rc=$?
      rss=$(grep "Maximum resident set size" "$tmp/time" 2>/dev/null | awk '{print $NF}')
      row=$(python3 - "$tmp/json" "$rc" <<'PY'
import json, sys
try:
    d = json.loads(open(sys.argv[1]).read().strip().splitlines()[-1])
except Exception:
    d = {}
rc = int(sys.argv[2])
status = "ok" if rc == 0 and "states" in d else ("limit" if rc == 3 else ("killed" if rc in (137, 124) else f"rc{rc}"))
g = lambda k: str(d.get(k, ""))
print(",".join([status, g("states"), g("deadlocks"), g("time_s"), g("time_reach_s"), "{rss}",
                g("peak_nodes"), g("final_nodes"), g("iterations"), g("images"),
                " ".join(d.get("order", []))]))
PY
)
      row=${row/\{rss\}/$rss}
      line="$(date -u +%FT%TZ),$(hostname),$name,$s,$o,$fa,$row"
      echo "$line" | tee -a "$OUT"
    done
   done
  done
done
