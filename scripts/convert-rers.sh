#!/usr/bin/env bash
# `ltsym convert` on every RERS .dot problem, into every format it writes, and the .exp network
# read back:
#  1. `ltsym convert P.dot -o OUT.{dot,pml,pnml,mcrl2,exp}` must succeed for each format (the
#     .exp with one .aut file per component beside it);
#  2. `ltsym reach` on the .exp network must count the states `ltsym reach` counts on the .dot
#     (time and peak memory of both runs are recorded).
# tests/it/convert.rs checks the same through the library, except the reachability of 2016 119
# and 2017 108, which takes longer than a test may; this script runs all of them.
#
#   scripts/convert-rers.sh [PROBLEM...]   PROBLEM = 2016/problem103 (default: every
#                                          20*/problem*.dot of the RERS data)
#
# Environment: LTSYM_RERS_DIR, LTSYM (as compare-spin.sh); REACH=0 skips step 2;
# REACH_TIMEOUT (s per ltsym reach run, default 900); COMPARE_WORK (default a new /tmp dir);
# COMPARE_OUT (default bench-data/results/convert-rers.csv).
# Exit 1 when a conversion or a reach run fails or a count differs; a run cut by the timeout
# gives verdict `unknown`.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
rers=${LTSYM_RERS_DIR:-$repo/bench-data/rers}
timeout_s=${REACH_TIMEOUT:-900}
out=${COMPARE_OUT:-$repo/bench-data/results/convert-rers.csv}
work=${COMPARE_WORK:-$(mktemp -d /tmp/convert-rers.XXXXXX)}
mkdir -p "$work" "$(dirname "$out")"
log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

for t in /usr/bin/time timeout; do
  command -v "$t" >/dev/null 2>&1 || { log "missing tool: $t"; exit 2; }
done
if [ -z "${LTSYM:-}" ]; then
  (cd "$repo" && cargo build --release --quiet) || { log "cargo build failed"; exit 2; }
  LTSYM=$repo/target/release/ltsym
fi

problems=("$@")
if [ ${#problems[@]} -eq 0 ]; then
  for dot in "$rers"/20*/problem*.dot; do
    p=${dot%.dot}
    problems+=("$(basename "$(dirname "$dot")")/$(basename "$p")")
  done
fi
log "RERS data: $rers; work dir: $work; ${#problems[@]} problems"

# "states seconds peak_kb" of one `ltsym reach` run, or "error"/"timeout".
reach() {
  local sys=$1 tag=$2
  /usr/bin/time -v -o "$tag.time" timeout -k 10 "$timeout_s" nice "$LTSYM" reach "$sys" \
    >"$tag.out" 2>"$tag.err"
  local rc=$?
  case $rc in
    0) ;;
    124|137) echo "timeout"; return ;;
    *) echo "error"; return ;;
  esac
  local states wall rss
  states=$(sed -n 's/^reachable states: *//p' "$tag.out")
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2, a, ":"); s=0; for (i=1;i<=n;i++) s=s*60+a[i]; print s}' "$tag.time")
  rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$tag.time")
  echo "$states $wall $rss"
}

failed=0
echo "problem,formats_written,dot_states,exp_states,verdict,dot_s,exp_s,dot_peak_kb,exp_peak_kb" >"$out"
for prob in "${problems[@]}"; do
  dot=$rers/$prob.dot
  d=$work/${prob//\//-}
  mkdir -p "$d"
  written=0
  for ext in dot pml pnml mcrl2 exp; do
    if "$LTSYM" convert "$dot" -o "$d/model.$ext" >"$d/convert-$ext.out" 2>"$d/convert-$ext.err"; then
      written=$((written + 1))
    else
      log "$prob: ltsym convert to .$ext failed: $(head -3 "$d/convert-$ext.err")"
      failed=1
    fi
  done
  auts=$(ls "$d"/model-*.aut 2>/dev/null | wc -l)
  if [ "${REACH:-1}" = 0 ]; then
    echo "$prob,$written,,,,,,," >>"$out"
    log "$prob: $written of 5 formats written, $auts .aut files"
    continue
  fi
  read -r ds dw dr <<<"$(reach "$dot" "$d/reach-dot")"
  read -r es ew er <<<"$(reach "$d/model.exp" "$d/reach-exp")"
  verdict=agree
  if [ "$ds" = error ] || [ "$es" = error ]; then
    verdict=error
    failed=1
  elif [ "$ds" = timeout ] || [ "$es" = timeout ]; then
    verdict=unknown # no count to compare (2017 108: no order finishes; see docs/benchmarks.md)
  elif [ "$ds" != "$es" ]; then
    verdict=DIFFER
    failed=1
  fi
  echo "$prob,$written,$ds,$es,$verdict,${dw:-},${ew:-},${dr:-},${er:-}" >>"$out"
  log "$prob: $written of 5 formats, $auts .aut files; reach .dot $ds ($dw s, $dr kB), .exp $es ($ew s, $er kB): $verdict"
done
log "written: $out"
exit $failed
