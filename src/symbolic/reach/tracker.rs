//! The bookkeeping every reachability strategy shares: counters of iterations and images,
//! the peak size of the node store, the budget checked after every image, and the states found
//! so far for the budget's progress line (every few seconds, `-v`).
//!
//! Why one type: the strategies differ in how they fire labels, not in what an image costs;
//! counting, limits and progress must be the same for all, or their statistics would not
//! compare.

use oxidd::bdd::BDDFunction;
use oxidd::util::num::F64;
use oxidd::{BooleanFunction, Function};

use super::stats::ReachCounters;
use crate::limits::Budget;
use crate::progress::thousands;
use crate::symbolic::encoding::{BddResult, Encoding, Relation};

/// Bookkeeping shared by the strategies: counters, peak nodes, the budget and progress logs.
pub(crate) struct Tracker<'a> {
    enc: &'a Encoding,
    budget: &'a Budget,
    pub counters: ReachCounters,
    /// Reachable states a strategy cut short leaves behind (see [`super::ReachRun`]): the set
    /// found so far when the strategy says what it is ([`Tracker::image_done`] with a whole
    /// set), else what the strategy puts here itself as it stops.
    pub salvage: BDDFunction,
    /// Whether [`Tracker::image_done`] is given the whole set found so far.
    whole_sets: bool,
}

impl<'a> Tracker<'a> {
    pub fn new(enc: &'a Encoding, budget: &'a Budget) -> Tracker<'a> {
        Tracker {
            enc,
            budget,
            counters: ReachCounters::default(),
            salvage: enc.f(),
            whole_sets: true,
        }
    }

    /// Says that [`Tracker::image_done`] is given partial sets (sub-diagrams): the strategy
    /// fills [`Tracker::salvage`] itself.
    pub fn partial_sets(&mut self) {
        self.whole_sets = false;
    }

    /// The image of `s` under `r`, its time counted in [`ReachCounters::time_image_s`]. The
    /// caller calls [`Tracker::image_done`] after it, as after any image.
    pub fn image(&mut self, r: &Relation, s: &BDDFunction) -> BddResult<BDDFunction> {
        let t0 = std::time::Instant::now();
        let img = r.image(s);
        self.counters.time_image_s += t0.elapsed().as_secs_f64();
        img
    }

    /// Records the manager's size.
    pub fn sample(&mut self) {
        let n = self.enc.manager_nodes();
        self.counters.peak_nodes = self.counters.peak_nodes.max(n);
    }

    /// After every image: count it, sample the size, check the budget, and let the budget's
    /// progress (see [`crate::progress`]) say, when a line is due, how many states `reach`
    /// (the set found so far) holds.
    pub fn image_done(&mut self, reach: &BDDFunction) -> BddResult<()> {
        self.counters.images += 1;
        self.sample();
        self.budget
            .phase("reachability", self.counters.iterations as usize);
        let (enc, peak, images) = (self.enc, self.counters.peak_nodes, self.counters.images);
        self.budget.tick(|| {
            let nodes = reach.node_count();
            // an f64 count walks the BDD once; skip it on huge sets
            let states = if nodes < 2_000_000 {
                let n: F64 = reach.sat_count(enc.num_vars(), &mut F64Cache::default());
                format!("{:.4e}", n.0 / 2f64.powi((enc.num_vars() / 2) as i32))
            } else {
                "?".into()
            };
            format!(
                "images {images}, states ~{states}, set {} nodes, manager {} nodes (peak {})",
                thousands(nodes),
                thousands(enc.manager_nodes()),
                thousands(peak)
            )
        });
        if let Err(e) = self.budget.check(self.enc) {
            if self.whole_sets {
                self.salvage = reach.clone();
            }
            return Err(e);
        }
        Ok(())
    }
}

type F64Cache =
    oxidd::util::SatCountCache<F64, std::hash::BuildHasherDefault<oxidd::util::FxHasher>>;
