#!/usr/bin/env bash
# Reachability from random variable orders with and without dynamic reordering, old binary and
# new back to back (issue 23: "within 2x of the best static order's time").
#
#   scripts/bench-reorder.sh [-t SECONDS] [-o OUT.csv] [-s "1 2 3"] [PROBLEM...]
#
# For every problem × random:SEED, runs in turn: OLD (the binary before reordering, $OLD, when
# it exists), NEW --reorder off, NEW --reorder auto; one CSV row each (status ok/timeout/rc=N,
# states, wall seconds, reorderings, peak manager nodes, max RSS in KB). Runs under nice.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
limit=60
out="$here/bench-data/results/reorder-random.csv"
seeds="1 2 3 4 5"
problems=()
while [ $# -gt 0 ]; do
  case "$1" in
    -t) limit=$2; shift 2 ;;
    -o) out=$2; shift 2 ;;
    -s) seeds=$2; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) problems+=("$1"); shift ;;
  esac
done
rers=${LTSYM_RERS_DIR:-$here/bench-data/rers}
if [ ${#problems[@]} -eq 0 ]; then
  problems=("$rers"/2016/problem11{6,7,8,9}.dot "$rers"/2016/problem120.dot "$rers"/2017/problem11{0,1,2,3,4,5}.dot)
fi
new=${LTSYM:-$here/target/release/ltsym}
old=${OLD:?set OLD to the binary to compare against (e.g. a build of the previous release)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

row() { # label binary problem order extra-args...
  local label=$1 bin=$2 p=$3 o=$4; shift 4
  local t0 t1 rc status
  t0=$(date +%s.%N)
  nice -n 10 /usr/bin/time -f "%M" -o "$tmp/rss" timeout -k 5 "$limit" \
    "$bin" reach "$p" --order "$o" --json "$@" > "$tmp/out" 2> "$tmp/err"
  rc=$?
  t1=$(date +%s.%N)
  case $rc in 0) status=ok ;; 124|137) status=timeout ;; *) status=rc=$rc ;; esac
  local states reord peak rss
  states=$(grep -o '"states":"[0-9]*"' "$tmp/out" | grep -o '[0-9]*')
  reord=$(grep -o '"reorderings":[0-9]*' "$tmp/out" | grep -o '[0-9]*$')
  peak=$(grep -o '"peak_nodes":[0-9]*' "$tmp/out" | grep -o '[0-9]*$')
  rss=$(tail -1 "$tmp/rss" 2>/dev/null | grep -o '^[0-9]*$')
  local name
  name=$(basename "$(dirname "$p")")/$(basename "$p" .dot)
  printf '%s,%s,%s,%s,%s,%.2f,%s,%s,%s\n' "$name" "$o" "$label" "$status" "$states" \
    "$(echo "$t1 - $t0" | bc)" "$reord" "$peak" "$rss" >> "$out"
}

[ -f "$out" ] || echo "problem,order,run,status,states,time_s,reorderings,peak_nodes,max_rss_kb" > "$out"
for p in "${problems[@]}"; do
  for s in $seeds; do
    [ -x "$old" ] && row old "$old" "$p" "random:$s"
    row new-off "$new" "$p" "random:$s" --reorder off
    row new-auto "$new" "$p" "random:$s" --reorder auto
  done
done
echo "wrote $out"
