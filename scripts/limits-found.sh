#!/usr/bin/env bash
# The limit cases of issue 21 ("Found" 1-3), each with the exit code it must give (3: a limit,
# named on stderr; 0 or 1: answered, where the run fits) and the time it may take: its time
# limit plus 5 % + 1 s. Prints one line per
# case: name, exit code, seconds, peak resident memory, the allowed time, PASS or FAIL.
#
# usage: scripts/limits-found.sh [LTSYM_BINARY]     (default: target/release/ltsym)
# Needs the RERS problems in ../shared/rers (or $LTSYM_RERS_DIR). Cases run one after another,
# each killed after 120 s. The machine is shared: a FAIL on time alone is worth a second run.
# The `check` cases were made for the symbolic engine and pass --engine "$ENGINE" (default
# symbolic; `auto`, the default of `check` since 2026-11-27, answers some of them within the
# limit).
set -uo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/ltsym}
engine=${ENGINE:-symbolic}
rers=${LTSYM_RERS_DIR:-../shared/rers}
[ -d "$rers" ] || rers=bench-data/rers
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$bin" gen ring:6000 -o "$tmp/ring6000.dot"
"$bin" gen ring:20000 -o "$tmp/ring20000.dot"
printf '#1:\n(G F work_0)\n' > "$tmp/ring.txt"
# the xor of ten F over 2016 problem 101 (its labels c0_t0 ... c0_t9)
xor=$(for i in 0 1 2 3 4 5 6 7 8 9; do printf 'F c0_t%s' "$i"; [ "$i" -lt 9 ] && printf ' ^ '; done)
printf '#1:\n(%s)\n' "$xor" > "$tmp/xor10.txt"

fail=0
# case NAME EXPECTED_EXIT LIMIT_SECONDS(or -) [ulimit -v KiB or -] -- ARGS...
case_() {
  local name=$1 want=$2 limit=$3 vlimit=$4
  shift 5
  local start end code rss
  start=$(date +%s.%N)
  (
    [ "$vlimit" != - ] && ulimit -v "$vlimit"
    exec /usr/bin/time -f "%M" -o "$tmp/rss" timeout -s KILL 120 "$bin" "$@" > "$tmp/out" 2> "$tmp/err"
  )
  code=$?
  end=$(date +%s.%N)
  rss=$(tail -1 "$tmp/rss" 2>/dev/null)
  local secs allowed ok=PASS
  secs=$(awk "BEGIN { printf \"%.2f\", $end - $start }")
  if [ "$limit" = - ]; then allowed=-; else allowed=$(awk "BEGIN { printf \"%.2f\", $limit * 1.05 + 1 }"); fi
  [ "$code" = "$want" ] || ok=FAIL
  if [ "$allowed" != - ] && awk "BEGIN { exit !($secs > $allowed) }"; then ok=FAIL; fi
  [ "$ok" = FAIL ] && fail=1
  printf '%-44s exit %3s (want %s)  %7s s (allowed %5s)  %8s KB  %s  %s\n' \
    "$name" "$code" "$want" "$secs" "$allowed" "${rss:-?}" "$ok" "$(head -c 100 "$tmp/err" | tr '\n' ' ')"
}

p16=$rers/2016
p17=$rers/2017
case_ "memory: ulimit -v 1500000, reach 2016/101"          0 - 1500000 -- reach "$p16/problem101.dot" --max-nodes 100000
case_ "memory: ulimit -v 1500000, check 2016/101"          1 - 1500000 -- check "$p16/problem101.dot" "$p16/problem101-properties.txt" --max-nodes 100000 --engine "$engine"
case_ "memory: ulimit -v 17000000, reach 2016/101"         0 - 17000000 -- reach "$p16/problem101.dot"
case_ "memory: ulimit -v 2000000, check 2016/110"          1 - 2000000 -- check "$p16/problem110.dot" "$p16/problem110-properties.txt" --engine "$engine"
case_ "memory: ulimit -v 300000, check 2016/110"           1 - 300000 -- check "$p16/problem110.dot" "$p16/problem110-properties.txt" --engine "$engine"
case_ "memory: --max-memory 300M, check 2016/110"          1 - - -- check "$p16/problem110.dot" "$p16/problem110-properties.txt" --max-memory 300M --engine "$engine"
case_ "memory: --max-memory 64M, reach 2016/119 hubs"      3 - - -- reach "$p16/problem119.dot" --order hubs --max-memory 64M
case_ "memory: ulimit -v 120000, reach 2016/119 hubs"      3 - 120000 -- reach "$p16/problem119.dot" --order hubs
case_ "time: xor of ten F, 2016/101, --timeout 2"          3 2 - -- check "$p16/problem101.dot" "$tmp/xor10.txt" --timeout 2 --engine "$engine"
case_ "time: 6,000 components, check --timeout 2"          3 2 - -- check "$tmp/ring6000.dot" "$tmp/ring.txt" --timeout 2 --engine "$engine"
case_ "time: 20,000 components, check --timeout 5"         3 5 - -- check "$tmp/ring20000.dot" "$tmp/ring.txt" --timeout 5 --engine "$engine"
case_ "time: reach --explicit 2016/107 --timeout 5"        3 5 - -- reach "$p16/problem107.dot" --explicit --timeout 5
case_ "time: --timeout nan is rejected"                    2 - - -- reach "$p16/problem101.dot" --timeout nan
case_ "nodes: check 2017/113 --max-nodes 100000"           3 - - -- check "$p17/problem113.dot" "$p17/problem113-properties.txt" --max-nodes 100000 --engine "$engine"
exit $fail
