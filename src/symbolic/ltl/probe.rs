//! The forward probe of the LTL check: a search from the initial product state for a state
//! of a target set (an accepting sink with an infinite future), by chaining and by the
//! saturating forward closure in turns, resumable after every slice of work; complete, it has
//! found exactly the reachable product states.
//!
//! Why a probe beside the Emerson-Lei fixpoint, and why two searches in it: see [`Probe`] (a
//! violation near the initial state, or a product that reaches no accepting state, is settled
//! in a fraction of a second where the backward fixpoint takes minutes). How it races the
//! fixpoint: [`super::run`].

use oxidd::bdd::BDDFunction;
use oxidd::BooleanFunction;

use super::product::Product;
use super::slices::SliceClosure;
use crate::limits::Budget;
use crate::symbolic::encoding::{minus, BddResult};
use crate::symbolic::reach::constrained::Direction;

/// A forward search from the initial product state for a state of `target`, by two searches
/// that share each slice of work: chaining on frontiers (inside the fixpoints' space), which
/// finds a target near the initial state first, and the forward closure of
/// [`SliceClosure`] (each automaton state's slice saturated under the labels of its
/// self-loops), which completes where chaining takes as many images as the longest path.
/// Both can be interrupted (by a slice of their budget) and resumed where they stopped. When
/// either completes without a target state, [`Probe::found`] is exactly the reachable product
/// states.
///
/// The saturating search is unconstrained: every state it reaches is reachable, so it lies in
/// any space the fixpoints range over, and the constraint would only cost (constrained
/// saturation on the over-approximation is slow, see [`Product::until`]).
///
/// Why both: RERS 2016 problem 119 (on the projections) has properties whose product reaches
/// no accepting state; chaining did not close its forward set, saturation closes it quickly,
/// which settles the property without a fixpoint: twice as many of its 20 properties answered
/// under a time limit with saturation alone. But saturation closes the slice of the initial
/// automaton state before it looks further, and violations a few steps from the initial state
/// are then found late: #10 and #20 at once with chaining alone, not within the limit with
/// saturation alone (docs/benchmarks.md, "Probe and fixpoint race").
pub(crate) struct Probe {
    target: BDDFunction,
    chain: ChainSearch,
    closure: SliceClosure,
}

impl Probe {
    pub fn new(p: &Product, within: &BDDFunction, target: &BDDFunction) -> Probe {
        Probe {
            target: target.clone(),
            chain: ChainSearch::new(p, within),
            closure: SliceClosure::new(p.enc, Direction::Forward, &p.init, &p.enc.t()),
        }
    }

    /// Continues the search for `work` nodes of work at most: `Some(true)` when a target
    /// state is reached, `Some(false)` when the forward closure is complete ([`Probe::found`]
    /// is then exactly the reachable product states), `None` when the work ran out.
    pub fn run(&mut self, p: &Product, work: usize, budget: &Budget) -> BddResult<Option<bool>> {
        let half = (work / 2).max(1);
        let r = self.chain.run(p, &self.target, &budget.slice(p.enc, half));
        if let Some(done) = budget.unless_sliced(r)? {
            // complete, the chaining has found every reachable state: the closure's states are
            // among them
            return Ok(Some(done));
        }
        let r = p.run_slices(
            &mut self.closure,
            Some(&self.target),
            &budget.slice(p.enc, half),
        );
        budget.unless_sliced(r)
    }

    /// The states found so far (all reachable).
    pub fn found(&self) -> BddResult<BDDFunction> {
        Ok(self.closure.found()?.or(&self.chain.found)?)
    }
}

/// The chaining half of [`Probe`]: frontier by frontier, one relation after another; its state
/// is consistent after every image.
struct ChainSearch {
    within: BDDFunction,
    /// The states found so far.
    found: BDDFunction,
    /// The states the current sweep expands.
    frontier: BDDFunction,
    /// The states the current sweep found.
    fresh: BDDFunction,
    /// The relations of the current sweep still to apply, counted down.
    next: usize,
}

impl ChainSearch {
    fn new(p: &Product, within: &BDDFunction) -> ChainSearch {
        ChainSearch {
            within: within.clone(),
            found: p.init.clone(),
            frontier: p.init.clone(),
            fresh: p.enc.f(),
            next: p.rels.len(),
        }
    }

    /// `true` when a state of `target` is reached, `false` when the search is complete.
    fn run(&mut self, p: &Product, target: &BDDFunction, budget: &Budget) -> BddResult<bool> {
        if self.found.and(target)?.satisfiable() {
            return Ok(true);
        }
        loop {
            while self.next > 0 {
                self.next -= 1;
                let img = p.rels[self.next]
                    .1
                    .image(&self.frontier)?
                    .and(&self.within)?;
                let new = minus(&img, &self.found)?;
                if new.satisfiable() {
                    if new.and(target)?.satisfiable() {
                        return Ok(true);
                    }
                    self.found = self.found.or(&new)?;
                    self.frontier = self.frontier.or(&new)?;
                    self.fresh = self.fresh.or(&new)?;
                }
                budget.check(p.enc)?;
            }
            if !self.fresh.satisfiable() {
                return Ok(false);
            }
            self.frontier = std::mem::replace(&mut self.fresh, p.enc.f());
            self.next = p.rels.len();
        }
    }
}
