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
//! * Shrinking is bounded in time (5 minutes), so a failure cannot hold CI for long, and
//!   quiet: the panics of the cases tried while shrinking are not printed (only on the thread
//!   that shrinks; tests running beside it print theirs), the minimal one is.

use std::cell::Cell;
use std::fmt::Debug;
use std::sync::Once;

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
        max_shrink_iters: 1 << 16,
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
    quiet_panics_on_this_thread(true);
    let result = runner.run(&strategy, |v| {
        test(v);
        Ok(())
    });
    quiet_panics_on_this_thread(false);
    match result {
        Ok(()) => {}
        Err(TestError::Fail(why, value)) => {
            panic!("{name}: minimal failing case:\n{value:#?}\n{why}")
        }
        Err(TestError::Abort(why)) => panic!("{name}: aborted: {why}"),
    }
}

thread_local! {
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

/// Whether panics on this thread print their message: the cases proptest tries while it
/// shrinks all panic, and their messages would bury the minimal one. The hook is the
/// process's, installed once around the one it replaces, and silent only on a thread that
/// asked.
fn quiet_panics_on_this_thread(quiet: bool) {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET.with(Cell::get) {
                previous(info);
            }
        }));
    });
    QUIET.with(|q| q.set(quiet));
}
