#!/usr/bin/env bash
# ltsym as a Model Checking Contest tool: the contest's BenchKit starts this script once per
# (model, examination), in the model's folder, and reads the answer lines on standard output.
#
# What the contest gives (as far as its published conventions and the scripts of other tools
# show; the assumptions are marked):
#   BK_EXAMINATION       the examination: StateSpace, ReachabilityDeadlock, OneSafe,
#                        QuasiLiveness, StableMarking, Liveness, UpperBounds,
#                        Reachability{Cardinality,Fireability}, CTL{Cardinality,Fireability},
#                        LTL{Cardinality,Fireability}
#   BK_INPUT             the model's name (only logged here)
#   BK_TIME_CONFINEMENT  seconds for this run (default 3600, the contest's usual limit)
#   BK_MEMORY_CONFINEMENT megabytes (assumption: the name of recent editions): ltsym's
#                        --max-memory, and the explicit engine's state limit
#   BK_BIN_PATH          folder of the tool's binaries (assumption: ltsym there, else next to
#                        this script, else target/release of this repository, else on PATH)
#   working directory    the model folder: model.pnml, <Examination>.xml, iscolored
#                        (assumption: BK_MODEL_DIR overrides it, for local runs)
#
# What it answers: the lines of `ltsym mcc` (STATE_SPACE ..., FORMULA <id> ...), CANNOT_COMPUTE
# when a limit stopped it, DO_NOT_COMPETE for what ltsym does not take part in (coloured nets,
# an examination it does not know, a net that is not one-safe NUPN).
set -u
here=$(cd "$(dirname "$0")" && pwd)
ex=${BK_EXAMINATION:-}
model_dir=${BK_MODEL_DIR:-$PWD}
limit=${BK_TIME_CONFINEMENT:-3600}
mem_mb=${BK_MEMORY_CONFINEMENT:-16384}

ltsym=""
for c in "${BK_BIN_PATH:+$BK_BIN_PATH/ltsym}" "$here/ltsym" "$here/../../target/release/ltsym"; do
  [ -n "$c" ] && [ -x "$c" ] && { ltsym=$c; break; }
done
[ -z "$ltsym" ] && ltsym=$(command -v ltsym || true)
if [ -z "$ltsym" ]; then
  echo "BenchKit_head.sh: no ltsym binary (BK_BIN_PATH, next to this script, or PATH)" >&2
  echo "CANNOT_COMPUTE"
  exit 0
fi

case $ex in
  StateSpace|ReachabilityDeadlock|OneSafe|QuasiLiveness|StableMarking|Liveness|UpperBounds|\
  ReachabilityCardinality|ReachabilityFireability|CTLCardinality|CTLFireability|\
  LTLCardinality|LTLFireability) ;;
  *) echo "DO_NOT_COMPETE"; exit 0 ;;
esac
if [ -f "$model_dir/iscolored" ] && grep -qi true "$model_dir/iscolored"; then
  echo "DO_NOT_COMPETE"
  exit 0
fi

# leave a margin of 5 % (at least 5 s) for reading the net and printing
margin=$(( limit / 20 > 5 ? limit / 20 : 5 ))
timeout=$(( limit > margin ? limit - margin : 1 ))
# explicit engine (LTL): about 1 KB per state with its graph, half the memory
max_states=$(( mem_mb * 512 ))

echo "ltsym on ${BK_INPUT:-$(basename "$model_dir")} $ex, ${timeout} s" >&2
# The answers go straight through to standard output, each line as ltsym decides it (it
# flushes every line): a run the harness stops at its time limit keeps what it had decided.
# A copy tells, after the run, whether CANNOT_COMPUTE is still owed.
seen=$(mktemp)
trap 'rm -f "$seen"' EXIT
RUST_LOG=${RUST_LOG:-warn} "$ltsym" mcc "$model_dir" --examination "$ex" \
  --timeout "$timeout" --max-states "$max_states" --max-memory "${mem_mb}M" | tee "$seen"
rc=${PIPESTATUS[0]}
case $rc in
  0|3) ;;                               # answered, or partly (CANNOT_COMPUTE printed by ltsym)
  2) [ -s "$seen" ] || echo "DO_NOT_COMPETE" ;;  # not a one-safe NUPN net, or an input ltsym rejects
  *) grep -q '^CANNOT_COMPUTE' "$seen" || echo "CANNOT_COMPUTE" ;;
esac
exit 0
