//! The bookkeeping every reachability strategy shares: counters of iterations and images,
//! the peak size of the node store, the budget checked after every image, and a progress
//! message every few seconds (`RUST_LOG=info`).
//!
//! Why one type: the strategies differ in how they fire labels, not in what an image costs;
//! counting, limits and progress must be the same for all, or their statistics would not
//! compare.

use std::time::Instant;

use oxidd::bdd::BDDFunction;
use oxidd::util::num::F64;
use oxidd::{BooleanFunction, Function};

use super::stats::ReachCounters;
use crate::limits::Budget;
use crate::symbolic::encoding::{BddResult, Encoding};

/// Bookkeeping shared by the strategies: counters, peak nodes, the budget and progress logs.
pub(crate) struct Tracker<'a> {
    enc: &'a Encoding,
    budget: &'a Budget,
    pub counters: ReachCounters,
    start: Instant,
    last_log: Instant,
}

/// Seconds between progress messages.
const LOG_EVERY_S: f64 = 3.0;

impl<'a> Tracker<'a> {
    pub fn new(enc: &'a Encoding, budget: &'a Budget) -> Tracker<'a> {
        Tracker {
            enc,
            budget,
            counters: ReachCounters::default(),
            start: Instant::now(),
            last_log: Instant::now(),
        }
    }

    /// Records the manager's size.
    pub fn sample(&mut self) {
        let n = self.enc.manager_nodes();
        self.counters.peak_nodes = self.counters.peak_nodes.max(n);
    }

    /// After every image: count it, sample the size, check the budget, maybe log progress about
    /// `reach` (the set found so far).
    pub fn image_done(&mut self, reach: &BDDFunction) -> BddResult<()> {
        self.counters.images += 1;
        self.sample();
        self.budget.check(self.enc)?;
        if self.last_log.elapsed().as_secs_f64() >= LOG_EVERY_S {
            self.last_log = Instant::now();
            if log::log_enabled!(log::Level::Info) {
                let nodes = reach.node_count();
                // an f64 count walks the BDD once; skip it on huge sets
                let states = if nodes < 2_000_000 {
                    let n: F64 = reach.sat_count(self.enc.num_vars(), &mut F64Cache::default());
                    format!("{:.4e}", n.0 / 2f64.powi((self.enc.num_vars() / 2) as i32))
                } else {
                    "?".into()
                };
                log::info!(
                    "reach: iteration {}, images {}, states ~{states}, set {nodes} nodes, \
                     manager {} nodes (peak {}), {:.1} s",
                    self.counters.iterations,
                    self.counters.images,
                    self.enc.manager_nodes(),
                    self.counters.peak_nodes,
                    self.start.elapsed().as_secs_f64()
                );
            }
        }
        Ok(())
    }
}

type F64Cache =
    oxidd::util::SatCountCache<F64, std::hash::BuildHasherDefault<oxidd::util::FxHasher>>;
