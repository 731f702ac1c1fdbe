//! Dynamic variable reordering: when the variables of an encoding are reordered
//! ([`Reorderer`], the policy CUDD calls automatic dynamic reordering, and `--reorder`), and
//! how (group sifting, `sift.rs`).
//!
//! Only computations that can stop at any budget check and resume in another order reorder:
//! a check raises [`crate::error::Error::Reorder`] inside them, the loop around them (in
//! `reach/mod.rs`'s `ReachRun`, `ltl/run.rs`'s `LtlRun`) calls
//! `Encoding::reorder_now` and resumes. What depends on levels or block positions (the
//! saturation layout and its memos, the product's level groups and slices) is keyed by
//! `Encoding::reorder_count` and rebuilt when it changes; function handles stay valid.

mod sift;

pub use sift::{group_sift, set_group_order, SiftOptions, SiftStats};

use std::cell::Cell;
use std::time::Duration;

/// When the variables are reordered (`--reorder`).
///
/// Every mode but `off` starts with the repair of a poor order
/// ([`crate::symbolic::order::repair_poor`]): an order the user gave (`given`, `random:SEED`,
/// `file:PATH`) that spans more than twice FORCE's is replaced by the default order before
/// anything is encoded. Group sifting during the run is what `once` and `auto` add.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum ReorderMode {
    /// Never: the order chosen before encoding stays.
    Off,
    /// Only the repair of a poor order before encoding; no sifting. The default: sifting
    /// during the run did not pay on the default order (2017 108 several times slower with
    /// `auto`); figures, and the repair's over random orders, in docs/benchmarks.md,
    /// "Reordering at the start".
    #[default]
    Start,
    /// Once, the first time the manager holds [`FIRST_REORDER`] nodes.
    Once,
    /// Whenever the manager has grown by [`GROWTH`] since the last reordering, from
    /// [`FIRST_REORDER`] nodes on (as CUDD's automatic reordering does).
    Auto,
}

impl ReorderMode {
    /// Whether a poor order the user gave is repaired before encoding.
    pub fn repairs_start(self) -> bool {
        self != ReorderMode::Off
    }
}

impl std::str::FromStr for ReorderMode {
    type Err = String;
    fn from_str(s: &str) -> Result<ReorderMode, String> {
        match s {
            "off" => Ok(ReorderMode::Off),
            "start" => Ok(ReorderMode::Start),
            "once" => Ok(ReorderMode::Once),
            "auto" => Ok(ReorderMode::Auto),
            _ => Err(format!(
                "unknown reordering `{s}` (expected auto, off, once or start)"
            )),
        }
    }
}

impl std::fmt::Display for ReorderMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ReorderMode::Off => "off",
            ReorderMode::Start => "start",
            ReorderMode::Once => "once",
            ReorderMode::Auto => "auto",
        })
    }
}

/// The manager's node count (live and dead) at which the first reordering happens.
pub const FIRST_REORDER: usize = 1 << 20;

/// A reordering happens when the manager holds this many times the nodes of the last
/// threshold, or of what the last reordering left, whichever is more.
pub const GROWTH: usize = 2;

/// Wall time of one reordering.
pub const TIME_LIMIT: Duration = Duration::from_secs(5);

/// When one encoding's variables are reordered, and what the reorderings did: the policy that
/// CUDD calls automatic dynamic reordering, kept per manager.
///
/// A request to reorder is raised by a budget check ([`crate::limits::Budget::check`]) as
/// [`crate::Error::Reorder`], and only inside a computation that is [`Reorderer::armed`]:
/// one whose loop can reorder and resume (reachability, the LTL search, the lasso extraction),
/// never in the middle of one that keeps positions or levels on its stack.
#[derive(Debug)]
pub struct Reorderer {
    mode: Cell<ReorderMode>,
    /// Reorder when the manager holds more nodes than this.
    next: Cell<usize>,
    /// Nesting depth of armed computations.
    armed: Cell<u32>,
    /// For tests: request a reordering after `every` more armed checks (0: never); the
    /// interval grows by half after each request, so that a computation that starts again
    /// after a reordering (the lasso extraction) still ends.
    every: Cell<u64>,
    checks: Cell<u64>,
    /// Reorderings done and their total.
    pub done: Cell<u32>,
    pub seconds: Cell<f64>,
    /// The node store's capacity (see [`SiftOptions::capacity`]).
    pub capacity: usize,
}

impl Reorderer {
    pub fn new(capacity: usize, mode: ReorderMode) -> Reorderer {
        Reorderer {
            mode: Cell::new(mode),
            next: Cell::new(FIRST_REORDER),
            armed: Cell::new(0),
            every: Cell::new(0),
            checks: Cell::new(0),
            done: Cell::new(0),
            seconds: Cell::new(0.0),
            capacity,
        }
    }

    pub fn mode(&self) -> ReorderMode {
        self.mode.get()
    }

    pub fn set_mode(&self, mode: ReorderMode) {
        self.mode.set(mode);
    }

    /// For tests: ask for a reordering after `n` checks of armed computations, then after
    /// half as many more again and so on (and none by node count), whatever the mode; 0 turns
    /// it off.
    pub fn force_every(&self, n: u64) {
        self.every.set(n);
        self.checks.set(0);
    }

    /// Runs `f` with reordering requests allowed in its budget checks: `f` must be able to
    /// stop at any check and resume after a reordering (see the type's doc).
    pub fn armed<T>(&self, f: impl FnOnce() -> T) -> T {
        struct Disarm<'a>(&'a Cell<u32>);
        impl Drop for Disarm<'_> {
            fn drop(&mut self) {
                self.0.set(self.0.get() - 1);
            }
        }
        self.armed.set(self.armed.get() + 1);
        let _disarm = Disarm(&self.armed);
        f()
    }

    /// Whether a check with the manager at `nodes` nodes should ask for a reordering.
    pub fn due(&self, nodes: usize) -> bool {
        if self.armed.get() == 0 {
            return false;
        }
        let every = self.every.get();
        if every > 0 {
            self.checks.set(self.checks.get() + 1);
            if self.checks.get() < every {
                return false;
            }
            self.checks.set(0);
            self.every.set(every + every / 2 + 1);
            return true;
        }
        match self.mode.get() {
            ReorderMode::Off | ReorderMode::Start => false,
            ReorderMode::Once => self.done.get() == 0 && nodes > self.next.get(),
            ReorderMode::Auto => nodes > self.next.get(),
        }
    }

    /// Records a reordering that left `live` nodes: the next is due at [`GROWTH`] times the
    /// larger of the last threshold and `live`.
    pub fn record(&self, stats: &SiftStats) {
        self.done.set(self.done.get() + 1);
        self.seconds.set(self.seconds.get() + stats.seconds);
        let next = self.next.get().max(stats.after).saturating_mul(GROWTH);
        self.next.set(next.max(FIRST_REORDER));
    }
}
