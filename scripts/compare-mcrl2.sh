#!/usr/bin/env bash
# Compare ltsym with mCRL2 on what `ltsym convert` writes for it:
#  1. reachable states: `lpsreach` on the .mcrl2 output against `ltsym reach` (default RERS
#     2016 problems 101-110);
#  2. the .aut files of the .exp output load in `ltsinfo` with the states and transitions their
#     headers give;
#  3. CTL: the mu-calculus formulas of the .mcrl2 output's properties, solved by `pbessolve`,
#     against `ltsym check` (every system that has a CTL property file: RERS 2019 problem 101).
#
#   scripts/compare-mcrl2.sh [PROBLEM...]    PROBLEM = 2016/problem103 (reachability and .aut)
#
# Environment: LTSYM_RERS_DIR, LTSYM (as compare-spin.sh); MCRL2_TIMEOUT (s per mCRL2 tool run,
# default 900; 2016 110 took lpsreach --saturation 160-450 s here); COMPARE_WORK;
# COMPARE_OUT (default bench-data/results/compare-mcrl2.csv).
# mCRL2 is in no package registry; build it from its public sources (docs/formats-and-peers.md)
# and put its bin/ on PATH (source the env.sh of the peers ../shared/tools/build-peers.sh built). Without it the
# script says so and exits 0.
#
# mcrl22lps identifies process equations with equal right-hand sides, so a component with two
# states of the same transitions gives fewer LPS states (ltsym convert warns); none of the RERS
# 2016/2017 problems has such states (RERS 2019 101 has: 11,105 LPS states, 12,550 ltsym states,
# trace equivalent), so its CTL verdicts are compared but not its state count.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
rers=${LTSYM_RERS_DIR:-$repo/bench-data/rers}
timeout_s=${MCRL2_TIMEOUT:-900}
out=${COMPARE_OUT:-$repo/bench-data/results/compare-mcrl2.csv}
work=${COMPARE_WORK:-$(mktemp -d /tmp/compare-mcrl2.XXXXXX)}
mkdir -p "$work" "$(dirname "$out")"
log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

missing=""
for t in mcrl22lps lpsreach ltsinfo lps2pbes pbessolve; do
  command -v "$t" >/dev/null 2>&1 || missing="$missing $t"
done
if [ -n "$missing" ]; then
  log "mCRL2 tools not on PATH:$missing. mCRL2 is in no package registry: build it (see"
  log "docs/formats-and-peers.md, \"Getting the peers\") and put its bin/ on PATH. Nothing was compared."
  exit 0
fi
for t in python3 /usr/bin/time timeout; do
  command -v "$t" >/dev/null 2>&1 || { log "missing tool: $t"; exit 2; }
done
if [ -z "${LTSYM:-}" ]; then
  (cd "$repo" && cargo build --release --quiet) || { log "cargo build failed"; exit 2; }
  LTSYM=$repo/target/release/ltsym
fi

problems=("$@")
if [ ${#problems[@]} -eq 0 ]; then
  for n in $(seq 101 110); do problems+=("2016/problem$n"); done
fi
log "RERS data: $rers; work dir: $work; mCRL2 $(mcrl22lps --version 2>&1 | head -1)"

seconds() { awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2, a, ":"); s=0; for (i=1;i<=n;i++) s=s*60+a[i]; print s}' "$1" 2>/dev/null; }
peak_kb() { awk -F': ' '/Maximum resident set size/ {print $2}' "$1" 2>/dev/null; }

rows=$work/rows.tsv
: >"$rows"
fail=0
for prob in "${problems[@]}"; do
  src=$rers/$prob.dot
  [ -f "$src" ] || src=$rers/$prob.pml
  [ -f "$src" ] || { log "$prob: no system file, skipped"; continue; }
  d=$work/${prob//\//-}
  mkdir -p "$d"
  # 1. reachable states
  /usr/bin/time -v -o "$d/ltsym.time" timeout -k 10 "$timeout_s" \
    nice "$LTSYM" reach "$src" --json >"$d/ltsym.json" 2>"$d/ltsym.err"
  lstates=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["states"])' "$d/ltsym.json" 2>/dev/null)
  "$LTSYM" convert "$src" -o "$d/model.mcrl2" >/dev/null 2>"$d/convert.err" \
    || { log "$prob: ltsym convert failed: $(head -2 "$d/convert.err")"; fail=1; continue; }
  /usr/bin/time -v -o "$d/mcrl2.time" timeout -k 10 "$timeout_s" sh -c \
    "nice mcrl22lps -q '$d/model.mcrl2' '$d/model.lps' && nice lpsreach --saturation --print-exact '$d/model.lps'" \
    >"$d/lpsreach.out" 2>&1
  mstates=$(sed -n 's/.*number of states = \([0-9]*\).*/\1/p' "$d/lpsreach.out" | tail -1)
  [ -n "$mstates" ] || mstates=timeout
  verdict=agree
  [ "$mstates" = timeout ] && verdict=unknown
  [ "$mstates" != timeout ] && [ "$mstates" != "$lstates" ] && { verdict=DISAGREE; fail=1; }
  log "$prob: ltsym $lstates, lpsreach $mstates: $verdict"
  printf 'reach\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$prob" "$lstates" "$mstates" "$verdict" \
    "$(seconds "$d/ltsym.time")" "$(seconds "$d/mcrl2.time")" \
    "$(peak_kb "$d/ltsym.time")" "$(peak_kb "$d/mcrl2.time")" >>"$rows"
  # 2. the .aut files of the .exp network
  "$LTSYM" convert "$src" -o "$d/net.exp" >"$d/exp.out" 2>"$d/exp.err" \
    || { log "$prob: ltsym convert to .exp failed"; fail=1; continue; }
  ok=0; bad=0
  for aut in $(grep '\.aut$' "$d/exp.out"); do
    read -r _ trans states < <(sed -n '1s/^des *( *\([0-9]*\) *, *\([0-9]*\) *, *\([0-9]*\) *).*/\1 \2 \3/p' "$aut")
    info=$(ltsinfo "$aut" 2>&1)
    if grep -q "Number of states: $states\." <<<"$info" && grep -q "Number of transitions: $trans\." <<<"$info"; then
      ok=$((ok + 1))
    else
      bad=$((bad + 1)); log "$prob: ltsinfo on $aut: $info"
    fi
  done
  [ $bad -eq 0 ] || fail=1
  log "$prob: ltsinfo loads $ok of $((ok + bad)) .aut files with their header's counts"
  printf 'aut\t%s\t%s\t%s\t%s\t\t\t\t\n' "$prob" "$ok" "$((ok + bad))" "$([ $bad -eq 0 ] && echo agree || echo DISAGREE)" >>"$rows"
done

# 3. CTL on every system with a CTL property file
for props in "$rers"/20*/problem*-ctl-properties.txt; do
  base=${props%-ctl-properties.txt}
  src=$base.pml
  [ -f "$base.dot" ] && src=$base.dot
  [ -f "$src" ] || continue
  prob=$(basename "$(dirname "$base")")/$(basename "$base")
  d=$work/ctl-${prob//\//-}
  mkdir -p "$d"
  "$LTSYM" check "$src" "$props" --format json >"$d/ltsym.json" 2>"$d/ltsym.err"
  "$LTSYM" convert "$src" -o "$d/model.mcrl2" --properties "$props" >"$d/convert.out" 2>"$d/convert.err" \
    || { log "$prob: ltsym convert failed: $(head -2 "$d/convert.err")"; fail=1; continue; }
  mcrl22lps -q "$d/model.mcrl2" "$d/model.lps" || { fail=1; continue; }
  for mcf in $(grep '\.mcf$' "$d/convert.out"); do
    n=${mcf##*-}; n=${n%.mcf}
    v=$(timeout -k 10 "$timeout_s" sh -c "lps2pbes -q -f '$mcf' '$d/model.lps' '$d/p$n.pbes' && pbessolve '$d/p$n.pbes'" 2>/dev/null | tail -1)
    [ -n "$v" ] || v=timeout
    l=$(python3 -c 'import json,sys; r=[x for x in json.load(open(sys.argv[1]))["results"] if x["number"]==int(sys.argv[2])]; print(str(r[0]["verdict"]).lower() if r and r[0]["verdict"] is not None else "")' "$d/ltsym.json" "$n")
    verdict=agree
    [ "$v" = timeout ] && verdict=unknown
    [ "$v" != timeout ] && [ "$v" != "$l" ] && { verdict=DISAGREE; fail=1; }
    printf 'ctl\t%s#%s\t%s\t%s\t%s\t\t\t\t\n' "$prob" "$n" "$l" "$v" "$verdict" >>"$rows"
  done
  log "$prob: CTL verdicts compared ($(grep -c "^ctl"$'\t'"$prob#.*"$'\t'"agree"$'\t' "$rows") agree)"
done

python3 - "$rows" "$out" <<'PY'
import csv, sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
with open(sys.argv[2], "w", newline="") as f:
    c = csv.writer(f)
    c.writerow(["check", "item", "ltsym", "mcrl2", "verdict", "ltsym_s", "mcrl2_s",
                "ltsym_peak_kb", "mcrl2_peak_kb"])
    c.writerows(rows)
for kind, what in [("reach", "reachable state counts"), ("aut", ".aut sets loaded by ltsinfo"),
                   ("ctl", "CTL verdicts")]:
    rs = [r for r in rows if r[0] == kind]
    print(f"{what}: {sum(r[4] == 'agree' for r in rs)} of {len(rs)} agree"
          + "".join(f"; {r[4]}: {r[1]}" for r in rs if r[4] != "agree"))
print(f"written: {sys.argv[2]}")
PY
exit $fail
