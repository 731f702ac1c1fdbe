//! Symbolic reachability: the set of states reachable from the initial state, by one of the
//! iteration strategies of [`Strategy`] over the per-label relations of an [`Encoding`].
//!
//! * **bfs**: breadth-first; each step takes the union of every label's image of the frontier.
//!   Exact BFS layers, but the intermediate unions are large.
//! * **chain**: chaining (Roig, Cortadella, Pastor, "Verification of asynchronous circuits by
//!   BDD-based model checking of Petri nets", ICATPN 1995): within one sweep the labels are
//!   applied one after another, each to the states found so far, so a label sees the successors
//!   its predecessors in the sweep just produced. Labels are taken bottom-most first (largest
//!   `top_level` first), which lets low, cheap labels close the local behaviour before the
//!   high ones copy it upwards. Each label's image is taken of the sweep's *frontier* (the states
//!   not yet expanded by every label) rather than of the whole set.
//! * **sat** (the default): saturation, see `saturation.rs`. Fastest by far on the RERS
//!   problems (`bench-data/results/reach.csv`: on 2017 problem 110 in its given order about ten
//!   times faster than chaining and twenty times faster than BFS; 2017 112, 2^48 states,
//!   finishes only with it; 2017 108, 1.4·10^18 states, only with its firing on masked
//!   saturated sets).
//! * **chain-full**: chaining where each label takes the image of the whole set, not of the
//!   frontier (the baseline's scheme).
//! * **sat-like**: saturation-style iteration on whole BDDs (LTSmin's `sat-like`).
//! * **sat-frontier**: saturation that fires labels on the exact frontier and saturates the new
//!   states all the way down; far slower than `sat` on the hardest problems (2017 108, 2016
//!   119), kept as an independent check.
//!
//! All compute the same set (tests check it against explicit search).
//!
//! One strategy per file over one interface ([`Strategy`], dispatched by [`reach_with`] and
//! [`ReachRun`], with the bookkeeping of `tracker.rs`): `bfs.rs`, `chaining.rs` (`chain`,
//! `chain-full`), `level_ordered.rs` (`sat-like`, and the closures of CTL and of LTL on an
//! over-approximation), `saturation.rs` (`sat`, `sat-frontier`). The closures inside a constraint
//! of the LTL product are constrained saturation, `constrained.rs`. Beside them: the loop that
//! chains events to a local fixpoint, shared by the last three (`chain_loop.rs`); where blocks
//! and labels sit for saturation (`layout.rs`); the race of candidate variable orders and the
//! statistics of a finished run ([`race`], [`stats`]); and an over-approximation of the
//! reachable states for when reachability is out of reach (`approx.rs`).

pub(crate) mod approx;
pub(crate) mod bfs;
pub(crate) mod chain_loop;
pub(crate) mod chaining;
pub(crate) mod constrained;
pub(crate) mod layout;
pub(crate) mod level_ordered;
pub mod race;
pub(crate) mod saturation;
pub mod stats;
pub(crate) mod tracker;

use oxidd::bdd::BDDFunction;
use oxidd::BooleanFunction;

use crate::error::Error;
use crate::limits::Budget;
use crate::symbolic::encoding::{BddResult, Encoding};
use saturation::{saturate_recursive, SatMemo};
use tracker::Tracker;

pub use race::{encode, race_orders, race_orders_upto, race_reach, run_reach, RACE_FIRST_SLICE};
pub use stats::{ReachCounters, ReachStats};

/// The iteration strategy of the reachability fixpoint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Strategy {
    /// Breadth-first: each step takes every label's image of the frontier.
    Bfs,
    /// Chaining: within a sweep, each label's image of the states found so far.
    Chain,
    /// Saturation (the fastest by far on the RERS problems).
    #[default]
    #[value(alias = "sat-mask")]
    Sat,
    /// Chaining where every label takes the image of the whole set found so far.
    ChainFull,
    /// Saturation-style iteration on whole BDDs (LTSmin's `sat-like`).
    SatLike,
    /// Saturation where labels fire on the exact frontier (a slower, independent check).
    SatFrontier,
}

impl std::fmt::Display for Strategy {
    /// The name `--strategy` takes.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use clap::ValueEnum;
        let value = self.to_possible_value().expect("no strategy is skipped");
        f.write_str(value.get_name())
    }
}

/// The reachable states of `enc` from its initial state, by the default strategy.
pub fn reachable(enc: &Encoding, budget: &Budget) -> BddResult<BDDFunction> {
    reach_with(enc, Strategy::default(), budget).map(|(r, _)| r)
}

/// The reachable states by `strategy`, with counters.
pub fn reach_with(
    enc: &Encoding,
    strategy: Strategy,
    budget: &Budget,
) -> BddResult<(BDDFunction, ReachCounters)> {
    let mut memo = SatMemo::default();
    let mut t = Tracker::new(enc, budget);
    let r = run_strategy(enc, strategy, &mut t, &mut memo, &enc.initial)?;
    t.sample();
    Ok((r, t.counters))
}

/// The closure of `start` (a set of reachable states that holds the initial state) by
/// `strategy`.
fn run_strategy(
    enc: &Encoding,
    strategy: Strategy,
    t: &mut Tracker,
    memo: &mut SatMemo,
    start: &BDDFunction,
) -> BddResult<BDDFunction> {
    match strategy {
        Strategy::Bfs => bfs::bfs(enc, t, start),
        Strategy::Chain => chaining::chain(enc, t, start),
        Strategy::ChainFull => chaining::chain_full(enc, t, start),
        Strategy::Sat => saturate_recursive(enc, t, false, memo, start),
        Strategy::SatFrontier => saturate_recursive(enc, t, true, memo, start),
        Strategy::SatLike => level_ordered::saturate(enc, t, start),
    }
}

/// A reachability computation that can be cut short by a limit and resumed: `sat` and
/// `sat-frontier` keep the sub-diagrams they finished (`SatMemo`), the other strategies start
/// again. Counters add up over the runs.
///
/// It is also where the variables of its encoding are reordered, when
/// [`Encoding::reorderer`] asks for it: the strategy stops at its next budget check, leaving
/// the states it knows to be reachable (`Tracker::salvage`); the memo, keyed by block
/// position, is dropped, the variables are sifted with little more than those states and the
/// relations alive, and the strategy starts again from them in the new order.
pub struct ReachRun {
    pub enc: Encoding,
    memo: SatMemo,
    pub counters: ReachCounters,
    /// Reachable states to start from: the initial state, and what runs cut for a reordering
    /// had found.
    start: BDDFunction,
}

impl ReachRun {
    pub fn new(enc: Encoding) -> ReachRun {
        let start = enc.initial.clone();
        ReachRun {
            enc,
            memo: SatMemo::default(),
            counters: ReachCounters::default(),
            start,
        }
    }

    /// The reachable states, or the limit `budget` hit (then a later call goes on).
    pub fn run(&mut self, strategy: Strategy, budget: &Budget) -> BddResult<BDDFunction> {
        loop {
            let (enc, memo, start) = (&self.enc, &mut self.memo, &self.start);
            let mut t = Tracker::new(enc, budget);
            let r = enc
                .reorderer
                .armed(|| run_strategy(enc, strategy, &mut t, memo, start));
            t.sample();
            self.counters.add(&t.counters);
            let salvage = std::mem::replace(&mut t.salvage, enc.f());
            drop(t);
            if !matches!(r, Err(Error::Reorder)) {
                return r;
            }
            self.start = self.start.or(&salvage)?;
            drop(salvage);
            // the memo, keyed by block position, is of no use in the new order; dropping it
            // first leaves the sifting fewer nodes to move
            self.memo.clear();
            self.enc.reorder_now();
        }
    }
}

/// The random system of `seed` (`fewest` to `fewest + 2` components of 3 to 6 states,
/// `transitions` each, half the labels shared, deadlocks for even seeds), encoded in its own
/// order with a small manager: the strategies' unit tests share it.
#[cfg(test)]
pub(crate) fn random_encoding(seed: u64, fewest: usize, transitions: usize) -> Encoding {
    let sys = crate::gen::random(&crate::gen::RandomSpec {
        components: fewest + (seed % 3) as usize,
        states_per_component: 3 + (seed % 4) as usize,
        transitions_per_component: transitions,
        share_rate: 0.5,
        deadlocks: seed.is_multiple_of(2),
        seed,
    })
    .expect("a random system");
    let order: Vec<usize> = (0..sys.components().len()).collect();
    Encoding::new(&sys, &order, crate::symbolic::ManagerOptions::small()).expect("an encoding")
}
