//! How every random test runs: `proptest` under one fixed configuration, so that a failing
//! case shrinks to a minimal system and formula (what a model checker's bug report needs) and
//! CI sees the same cases on every run.
//!
//! * The seed is fixed per test (a hash of its name): the cases do not change from run to run
//!   or machine to machine, so a red CI is reproduced by running the test again, and a test's
//!   coverage counters (both verdicts met often enough, and so on) hold every time.
//!   `LTSYM_PROPTEST_SEED=N` mixes `N` in, to explore other cases by hand.
//! * No failure persistence files: with a fixed seed a failure recurs by itself, and a file
//!   of regressions replayed first would make the cases depend on what a developer's machine
//!   once saw. A shrunk counterexample worth keeping becomes a named test instead.
//! * Shrinking is bounded in time (5 minutes), so a failure cannot hold CI for long.

use std::fmt::Debug;

use proptest::strategy::Strategy;
use proptest::test_runner::{Config, RngAlgorithm, RngSeed, TestError, TestRunner};

/// The configuration of the random test `name` running `cases` cases.
pub fn config(name: &str, cases: u32) -> Config {
    // FNV-1a: stable across Rust versions and platforms, unlike `DefaultHasher`
    let mut seed = name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    if let Some(extra) = std::env::var("LTSYM_PROPTEST_SEED")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
    {
        seed ^= extra.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    Config {
        cases,
        failure_persistence: None,
        rng_algorithm: RngAlgorithm::ChaCha,
        rng_seed: RngSeed::Fixed(seed),
        max_shrink_time: 300_000,
        max_shrink_iters: 4096,
        ..Config::default()
    }
}

/// Runs `test` on `cases` values of `strategy` (test `name`'s fixed seed). A case fails when
/// `test` panics; the panic is caught, the value shrunk, and the test panics with the
/// minimal value and its message.
pub fn check<S>(name: &str, cases: u32, strategy: S, test: impl Fn(S::Value))
where
    S: Strategy,
    S::Value: Debug,
{
    let mut runner = TestRunner::new(config(name, cases));
    let result = runner.run(&strategy, |v| {
        test(v);
        Ok(())
    });
    match result {
        Ok(()) => {}
        Err(TestError::Fail(why, value)) => {
            panic!("{name}: minimal failing case:\n{value:#?}\n{why}")
        }
        Err(TestError::Abort(why)) => panic!("{name}: aborted: {why}"),
    }
}
