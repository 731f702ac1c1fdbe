#!/usr/bin/env bash
# The lengths of the counterexamples `ltsym check --witness` shows, and what showing them costs,
# for two binaries run back to back per problem (issue 29, item 6: evidence on one screen).
#
# usage: scripts/bench-shortest.sh OLD_BINARY NEW_BINARY [PROBLEM_DIR [OUT_DIR]]
#   PROBLEM_DIR: a folder of RERS problemN.dot + problemN-properties.txt (default
#   bench-data/rers/2017); OUT_DIR: where the outputs and the CSV go (default
#   /tmp/bench-shortest). PROBLEMS="113 115" restricts the problems, TIMEOUT the seconds per
#   run (default 600).
#
# Writes OUT_DIR/lengths.csv: binary,problem,property,prefix,cycle,violation_step (one row per
# counterexample shown) and OUT_DIR/cost.csv: binary,problem,cpu_s,peak_rss_kb,exit; prints the
# sums per binary. CPU time is user + sys (/usr/bin/time), which a loaded machine inflates less
# than the wall clock.
set -euo pipefail
old=$1
new=$2
dir=${3:-bench-data/rers/2017}
out=${4:-/tmp/bench-shortest}
timeout=${TIMEOUT:-600}
mkdir -p "$out"
echo "binary,problem,property,prefix,cycle,violation_step" > "$out/lengths.csv"
echo "binary,problem,cpu_s,peak_rss_kb,exit" > "$out/cost.csv"
problems=${PROBLEMS:-$(ls "$dir" | sed -n 's/^problem\([0-9]*\)\.dot$/\1/p' | sort -n)}
for n in $problems; do
    for which in old new; do
        bin=$old
        [ "$which" = new ] && bin=$new
        log="$out/$which-$n.txt"
        set +e
        /usr/bin/time -v -o "$out/$which-$n.time" timeout "$timeout" "$bin" check \
            "$dir/problem$n.dot" "$dir/problem$n-properties.txt" --witness --engine "${ENGINE:-symbolic}" \
            > "$log" 2>/dev/null
        code=$?
        set -e
        cpu=$(awk -F': ' '/User time/ {u=$2} /System time/ {s=$2} END {printf "%.2f", u+s}' "$out/$which-$n.time")
        rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$out/$which-$n.time")
        echo "$which,$n,$cpu,$rss,$code" >> "$out/cost.csv"
        # "#7: false ..." then "counterexample: ... (P steps to a cycle of C steps ...)", and the
        # step marked "<- violation"
        python3 - "$which" "$n" "$log" >> "$out/lengths.csv" <<'PY'
import re, sys
which, n, log = sys.argv[1:4]
prop = None
rows = {}
for line in open(log):
    m = re.match(r"#(\d+):", line)
    if m:
        prop = m.group(1)
    m = re.search(r"counterexample: .*\((\d+) steps? to a cycle of (\d+) step", line)
    if m and prop:
        rows[prop] = [m.group(1), m.group(2), ""]
    m = re.match(r"\s*step\s+(\d+)\s", line)
    if m:
        step = m.group(1)
    if "<- violation" in line and prop in rows:
        rows[prop][2] = step
for prop, (p, c, v) in rows.items():
    print(f"{which},{n},{prop},{p},{c},{v}")
PY
    done
done
echo "counterexamples, prefix steps, cycle steps, violation steps (sum over those marked):"
awk -F, 'NR > 1 { k[$1]++; p[$1] += $4; c[$1] += $5; v[$1] += $6; if ($6 != "") m[$1]++ }
    END { for (b in k) printf "  %s: %d counterexamples, prefixes %d, cycles %d, violation steps %d (%d marked)\n", b, k[b], p[b], c[b], v[b], m[b] }' "$out/lengths.csv"
echo "cost (CPU s, peak RSS MB):"
awk -F, 'NR > 1 { printf "  %s %s: %.1f s, %.0f MB, exit %s\n", $1, $2, $3, $4 / 1024, $5 }' "$out/cost.csv"
