#!/usr/bin/env bash
# Every examination of the MCC training set against the contest's agreed answers.
#
# usage: scripts/mcc-check.sh [MODEL_NAME_REGEX] [EXAMINATION ...]
#   env: LTSYM (binary, default target/release/ltsym), MCC (training set with models/ and
#        oracle/, default ../shared/mcc or ../../shared/mcc beside the
#        repository, or beside its parent: a worktree), TIMEOUT (s per examination,
#        default 15), MAX_STATES (explicit engine, default 3000000), ENGINE (symbolic,
#        explicit or both; default symbolic), OUT (folder for the per-run outputs, default
#        a fresh mktemp folder).
#
# Prints, per examination: results asked, answered, matches with the agreed answers,
# mismatches, answers where the contest had `?` (beyond), unanswered (CANNOT_COMPUTE within
# the limits), and the runs that failed (an error other than a limit). Then every mismatch
# and every answer beyond the contest. Exit code 1 when there is a mismatch or a failed run.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
LTSYM=${LTSYM:-$here/target/release/ltsym}
if [ -z "${MCC:-}" ]; then
  for d in "$here/../shared/mcc" "$here/../../shared/mcc"; do
    [ -d "$d/oracle" ] && { MCC=$d; break; }
  done
fi
MCC=${MCC:-$here/../shared/mcc}
TIMEOUT=${TIMEOUT:-15}
MAX_STATES=${MAX_STATES:-3000000}
ENGINE=${ENGINE:-symbolic}
OUT=${OUT:-$(mktemp -d /tmp/mcc-check.XXXXXX)}
filter=${1:-.}
shift || true
exams=("$@")
if [ ${#exams[@]} -eq 0 ]; then
  exams=(StateSpace ReachabilityDeadlock OneSafe QuasiLiveness StableMarking Liveness UpperBounds
         ReachabilityCardinality ReachabilityFireability CTLCardinality CTLFireability
         LTLCardinality LTLFireability)
fi
[ -x "$LTSYM" ] || { echo "no binary $LTSYM (cargo build --release)" >&2; exit 2; }
[ -d "$MCC/models" ] && [ -d "$MCC/oracle" ] || { echo "no training set at $MCC" >&2; exit 2; }
mkdir -p "$OUT"
summary=$OUT/summary.txt
: > "$summary"
for dir in "$MCC"/models/*/; do
  model=$(basename "$dir")
  [[ $model =~ $filter ]] || continue
  # one process per model for all its examinations (the net is read once)
  asked=()
  for ex in "${exams[@]}"; do
    # a model folder without this examination's formula file is not asked it
    case $ex in StateSpace|ReachabilityDeadlock|OneSafe|QuasiLiveness|StableMarking|Liveness) ;;
      *) [ -f "$dir/$ex.xml" ] || continue ;;
    esac
    asked+=("$ex")
  done
  [ ${#asked[@]} -eq 0 ] && continue
  log=$OUT/$model
  list=$(IFS=,; echo "${asked[*]}")
  # a little beyond the limits, so that ltsym reports them itself
  timeout $(( (TIMEOUT + 10) * ${#asked[@]} + 60 )) "$LTSYM" mcc "$dir" --examination "$list" \
    --engine "$ENGINE" --timeout "$TIMEOUT" --max-states "$MAX_STATES" --oracle "$MCC/oracle" \
    > "$log.out" 2> "$log.err"
  rc=$?
  for ex in "${asked[@]}"; do
    line=$(grep -m1 "^oracle $model $ex:" "$log.err")
    if [ -z "$line" ]; then
      echo "$ex $model FAILED rc=$rc $(grep -v '^oracle\|^MISMATCH\|^BEYOND\|^NOT-IN' "$log.err" | tail -c 300 | tr '\n' ' ')" >> "$summary"
      continue
    fi
    # oracle M EX: a match, b mismatch, c beyond the contest (?), d unanswered
    read -r m mm b u <<<"$(echo "$line" | sed -E 's/.*: ([0-9]+) match, ([0-9]+) mismatch, ([0-9]+) beyond.*, ([0-9]+) unanswered/\1 \2 \3 \4/')"
    echo "$ex $model OK $m $mm $b $u" >> "$summary"
  done
  # MISMATCH/BEYOND lines follow their examination's oracle line
  awk -v model="$model" '/^oracle /{ex=$3; sub(":","",ex)} /^(MISMATCH|BEYOND|NOT-IN-ORACLE)/{print model, ex, $0}' \
    "$log.err" >> "$OUT/details.txt"
done
echo "outputs in $OUT"
printf "%-26s %6s %8s %7s %10s %6s %10s %6s\n" examination asked answered matches mismatches beyond unanswered failed
awk '
  { ex=$1; seen[ex]=1 }
  $3=="OK" { m[ex]+=$4; mm[ex]+=$5; b[ex]+=$6; u[ex]+=$7 }
  $3=="FAILED" { f[ex]++ }
  END {
    for (ex in seen) {
      asked = m[ex]+mm[ex]+b[ex]+u[ex]
      printf "%-26s %6d %8d %7d %10d %6d %10d %6d\n", ex, asked, m[ex]+mm[ex]+b[ex], m[ex], mm[ex], b[ex], u[ex], f[ex]
      M+=m[ex]; MM+=mm[ex]; B+=b[ex]; U+=u[ex]; F+=f[ex]
    }
    printf "%-26s %6d %8d %7d %10d %6d %10d %6d\n", "~TOTAL", M+MM+B+U, M+MM+B, M, MM, B, U, F
  }' "$summary" | sort | sed 's/^~/ /' 
[ -f "$OUT/details.txt" ] && grep -E "MISMATCH|BEYOND" "$OUT/details.txt"
grep FAILED "$summary"
if grep -q MISMATCH "$OUT/details.txt" 2>/dev/null || grep -q FAILED "$summary"; then
  exit 1
fi
exit 0
