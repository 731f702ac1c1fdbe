#!/usr/bin/env bash
# The differential campaign behind `check`'s default engine, `auto` (issue 31): random systems
# (small hand-shaped ones and `ltsym gen random:` ones of up to 6 components of up to 6 states)
# × 6 random LTL formulas each, checked by the explicit engine (the oracle), the symbolic
# engine, and `auto` without and with a counterexample asked for, under the default settings
# (3 systems in 4) or settings that push properties to the symbolic engine (a composition
# limit of 3 states, a work allowance of 120 or 40). Every verdict must be the explicit
# engine's; with a counterexample asked for, every violation the symbolic engine's with its
# `shortest` record (`tests/it/auto_engine.rs`, `campaign`). A mismatch fails the run with the
# shrunk case.
#
#   scripts/differential-auto.sh [CASES_PER_SEED] [SEED...]     (defaults: 1000, seed 1)
#
# Runs at nice 19 (the machine is shared); one summary line per seed on stderr. Not run by
# `cargo test` (the test is #[ignore]d). Exit code 0 iff every seed passes.
set -uo pipefail
cd "$(dirname "$0")/.."
cases=${1:-1000}
shift || true
seeds=("$@")
[ ${#seeds[@]} -eq 0 ] && seeds=(1)
fail=0
for seed in "${seeds[@]}"; do
  echo "seed $seed, $cases systems:" >&2
  LTSYM_PROPTEST_SEED=$seed LTSYM_CAMPAIGN_CASES=$cases nice -n 19 \
    cargo test --release -q --test it -- --ignored --exact auto_engine::campaign --nocapture \
    2>&1 | grep -E "auto campaign|panicked|minimal|left|right|FAILED|test result" >&2
  [ "${PIPESTATUS[0]}" -eq 0 ] || fail=1
done
exit $fail
