#!/usr/bin/env bash
# Long mutation-fuzzing campaigns (issue 21): mutants of every kind of input (RERS .dot and
# Promela, PNML, LTL and CTL property files, --order files) run through the ltsym binary:
# `info`/`props` on each, `check` under tight limits (--timeout 1, small node and state limits)
# on a share of them, `reach --order file:` for order files. A panic, an abort (signal), a hang
# (60 s), an internal error (exit 4) or a rejection (exit 2) without `file:line:column` inside
# the input is a failure: it is saved in OUT/<kind>-s<seed>-i<index>/ with the input, the
# command that reproduces it (cmd.sh) and what ltsym printed. Runs past their time limit plus
# 5 % + 1 s are saved as overruns (not failures). The same seed and index give the same mutant
# on every machine.
#
# usage: scripts/fuzz.sh [--seed N] [--count N | --hours H] [--jobs J] [--check SHARE] [--out DIR]
#   defaults: seed 1, 100000 inputs, 1 job, check on 10 % of inputs, OUT target/fuzz
# Runs niced (the machine is shared); prints a summary line per 1000 inputs and at the end
# (also in OUT/summary-s<seed>.txt). Exit code 0 iff no failure.
set -euo pipefail
cd "$(dirname "$0")/.."

seed=1 count=100000 seconds= jobs=1 check=0.1 out="$PWD/target/fuzz"
while [ $# -gt 0 ]; do
  case "$1" in
    --seed) seed=$2; shift 2 ;;
    --count) count=$2; shift 2 ;;
    --hours) seconds=$(awk "BEGIN { print $2 * 3600 }"); count=18446744073709551615; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --check) check=$2; shift 2 ;;
    --out) out=$(mkdir -p "$2" && cd "$2" && pwd); shift 2 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "fuzz.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done

export LTSYM_FUZZ_SEED=$seed LTSYM_FUZZ_COUNT=$count LTSYM_FUZZ_JOBS=$jobs \
  LTSYM_FUZZ_CHECK=$check LTSYM_FUZZ_OUT=$out
if [ -n "$seconds" ]; then export LTSYM_FUZZ_SECONDS=$seconds; fi
exec nice -n 15 cargo test --release --test it -- --ignored --exact fuzz::campaign --nocapture
