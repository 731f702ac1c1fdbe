#!/usr/bin/env bash
# Benchmark: every examination of the MCC training set under a per-examination time limit,
# one CSV row per (model, examination, tool); LTSmin's pnml2lts-sym side by side where it is
# on PATH (the peers built by ../shared/tools/build-peers.sh; PEERS_ENV=path/to/env.sh sources their environment).
#
# usage: scripts/bench-mcc.sh [MODEL_NAME_REGEX] [EXAMINATION ...]
#   env: LIMIT (s per examination, default 60), LTSYM (default target/release/ltsym),
#        MCC (training set, found as by scripts/mcc-check.sh), ENGINE (default symbolic),
#        OUT (CSV, default bench-data/results/mcc.csv)
#
# Columns: model,examination,tool,status,answered,asked,states,time_s,peak_kb
#   status   ok (everything answered), partial (CANNOT_COMPUTE for some), limit (killed at
#            twice the limit), error (any other exit)
#   states   StateSpace / ReachabilityDeadlock: the number of reachable markings the tool
#            printed (ltsym's STATE_SPACE STATES, pnml2lts-sym's "state space has N states")
# LTSmin runs only where it answers the same question from the net alone: StateSpace
# (`pnml2lts-sym`, states) and ReachabilityDeadlock (`pnml2lts-sym -d`); the formula
# examinations would need the MCC XML translated into its CTL/mu-calculus syntax (not done;
# those rows are ltsym's only). Peak memory by /usr/bin/time -v (maximum resident set size).
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
LTSYM=${LTSYM:-$here/target/release/ltsym}
LIMIT=${LIMIT:-60}
ENGINE=${ENGINE:-symbolic}
OUT=${OUT:-$here/bench-data/results/mcc.csv}
if [ -z "${MCC:-}" ]; then
  for d in "$here/../shared/mcc" "$here/../../shared/mcc"; do
    [ -d "$d/oracle" ] && { MCC=$d; break; }
  done
fi
[ -d "${MCC:-}/models" ] || { echo "bench-mcc.sh: no MCC training set (set MCC)" >&2; exit 2; }
[ -x "$LTSYM" ] || { echo "bench-mcc.sh: no binary $LTSYM (cargo build --release)" >&2; exit 2; }
[ -n "${PEERS_ENV:-}" ] && [ -f "$PEERS_ENV" ] && source "$PEERS_ENV"
have_ltsmin=0
command -v pnml2lts-sym >/dev/null 2>&1 && have_ltsmin=1
[ $have_ltsmin = 1 ] || echo "bench-mcc.sh: pnml2lts-sym not on PATH, ltsym only" >&2
filter=${1:-.}
shift || true
exams=("$@")
if [ ${#exams[@]} -eq 0 ]; then
  exams=(StateSpace ReachabilityDeadlock OneSafe QuasiLiveness StableMarking Liveness UpperBounds
         ReachabilityCardinality ReachabilityFireability CTLCardinality CTLFireability
         LTLCardinality LTLFireability)
fi
mkdir -p "$(dirname "$OUT")"
work=$(mktemp -d /tmp/bench-mcc.XXXXXX)
echo "model,examination,tool,status,answered,asked,states,time_s,peak_kb" > "$OUT"

# run NAME CMD...: time and peak memory of CMD (killed at twice the limit) into $work/NAME.*
run() {
  local name=$1; shift
  /usr/bin/time -f "%e %M" -o "$work/$name.time" timeout $((LIMIT * 2)) "$@" \
    > "$work/$name.out" 2> "$work/$name.err"
  echo $?
}

for dir in "$MCC"/models/*/; do
  model=$(basename "$dir")
  [[ $model =~ $filter ]] || continue
  for ex in "${exams[@]}"; do
    case $ex in StateSpace|ReachabilityDeadlock|OneSafe|QuasiLiveness|StableMarking|Liveness) ;;
      *) [ -f "$dir/$ex.xml" ] || continue ;;
    esac
    rc=$(nice -n 10 bash -c "$(declare -f run); LIMIT=$LIMIT work=$work; run ltsym \"$LTSYM\" mcc \"$dir\" -e $ex --engine $ENGINE --timeout $LIMIT")
    read -r t kb < <(tail -1 "$work/ltsym.time")
    answered=$(grep -c '^FORMULA\|^STATE_SPACE' "$work/ltsym.out")
    cannot=$(grep -c '^CANNOT_COMPUTE' "$work/ltsym.out")
    case $rc in 0) status=ok ;; 3) status=partial ;; 124|137) status=limit ;; *) status=error ;; esac
    asked=$answered
    [ "$cannot" -gt 0 ] && asked="?"
    states=$(sed -n 's/^STATE_SPACE STATES \([0-9]*\).*/\1/p' "$work/ltsym.out")
    echo "$model,$ex,ltsym-$ENGINE,$status,$answered,$asked,$states,$t,$kb" >> "$OUT"
    if [ $have_ltsmin = 1 ] && { [ "$ex" = StateSpace ] || [ "$ex" = ReachabilityDeadlock ]; }; then
      flag=""
      [ "$ex" = ReachabilityDeadlock ] && flag="-d"
      (cd "$work" && nice -n 10 /usr/bin/time -f "%e %M" -o "$work/ltsmin.time" \
         timeout $((LIMIT * 2)) pnml2lts-sym $flag "$dir/model.pnml" > "$work/ltsmin.out" 2>&1)
      lrc=$?
      read -r t kb < <(tail -1 "$work/ltsmin.time")
      lstates=$(sed -n 's/.*state space has \([0-9.e+]*\) states.*/\1/p' "$work/ltsmin.out" | tail -1)
      case $lrc in 0|1) lstatus=ok ;; 124|137) lstatus=limit ;; *) lstatus=error ;; esac
      [ -z "$lstates" ] && [ $lstatus = ok ] && lstatus=error
      echo "$model,$ex,pnml2lts-sym,$lstatus,,,$lstates,$t,$kb" >> "$OUT"
    fi
  done
done
rm -rf "$work"
echo "wrote $OUT" >&2
