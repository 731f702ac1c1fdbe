#!/usr/bin/env bash
# One reachability run as one CSV row (used by sweep-order.sh and bench-reach.sh):
#   reach-row.sh LTSYM PROBLEM ORDER STRATEGY LIMIT_SECONDS [REORDER]
# Columns: problem,order,strategy,status,states,time_s,peak_nodes,final_nodes,iterations,
#          max_rss_kb,order_used,reorder,reorderings
# REORDER is passed as --reorder (off, once, auto) when given; order_used is the order the run
# ended in (another than the starting one after a reordering).
# status is ok, limit (time or node limit: ltsym exit 3), timeout (killed by `timeout`), or error.
set -uo pipefail
ltsym=$1 problem=$2 order=$3 strategy=$4 limit=$5 reorder=${6:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
/usr/bin/time -v -o "$tmp/time" timeout -k 10 $((limit + 30)) \
  "$ltsym" reach "$problem" --order "$order" --strategy "$strategy" --timeout "$limit" --json \
  ${reorder:+--reorder "$reorder"} \
  > "$tmp/out" 2> "$tmp/err"
rc=$?
rss=$(awk -F: '/Maximum resident set size/ {gsub(/ /, "", $2); print $2}' "$tmp/time" 2>/dev/null)
case $rc in
  0) status=ok ;;
  3) status=limit ;;
  124|137) status=timeout ;;
  *) status=error ;;
esac
python3 - "$tmp/out" "$problem" "$order" "$strategy" "$status" "${rss:-}" "${reorder:-off}" <<'PY'
import json, sys
out, problem, order, strategy, status, rss, reorder = sys.argv[1:]
try:
    j = json.load(open(out))
except Exception:
    j = {}
get = lambda k: str(j.get(k, ""))
order_used = " ".join(j.get("order", [])) if isinstance(j.get("order"), list) else get("order")
# the folder and file name only (2017/problem113.dot): no machine's path in the CSVs
problem = "/".join(problem.split("/")[-2:])
print(",".join([problem, order, strategy, status, get("states"), get("time_s"),
                get("peak_nodes"), get("final_nodes"), get("iterations"), rss, '"' + order_used + '"',
                reorder, get("reorderings")]))
PY
