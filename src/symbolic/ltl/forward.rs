//! The forward fair-cycle fixpoint: whether the reachable product states hold an accepting
//! cycle, by forward closures only, resumable after a limit.
//!
//! The forward counterpart of Emerson-Lei (the `EH`-style fixpoints of H. Iwashita, T.
//! Nakata, F. Hirose, "CTL model checking based on forward state traversal", ICCAD 1996, and
//! the forward fair-cycle detection compared by K. Fisler, R. Fraer, G. Kamhi, M. Vardi,
//! Z. Yang, "Is there a best symbolic cycle-detection algorithm?", TACAS 2001): starting from
//! the reachable product states `R`,
//!
//! ```text
//! Z := R
//! repeat
//!     for i in 0..num_acc:  Z := Post*_Z(Z ∧ Post_i(Z))   -- reached inside Z after an i-edge in Z
//! until Z does not change
//! ```
//!
//! Every state of an accepting cycle stays in every step (the cycle's own `i`-edges lead to
//! it), so a fair cycle keeps `Z` non-empty. Conversely, when the fixpoint `Z` is not empty,
//! walk backward from any state of it: it was reached inside `Z` after an edge of set 0 whose
//! source is in `Z`, that source after an edge of set 1, and so on round the sets forever;
//! `Z` is finite, so some (state, set) pair repeats, and the path between the two is a cycle
//! inside `Z` with an edge of every set. `Z ⊆ R`, so that cycle is reachable: the property is
//! violated iff the fixpoint is not empty. No trim is needed (the backward walk is infinite by
//! construction), which is why this needs at least one acceptance set.
//!
//! `R` is closed under product steps, and so is every `Post*` of a subset: by induction each
//! `Z` is, and `Post*_Z` is plain `Post*`. The closures therefore run unconstrained, where
//! each slice saturates as reachability does, its local labels fired as their closure (which a
//! constraint forbids; see [`SliceClosure::run`]).
//!
//! Why beside the backward fixpoint: on the RERS systems forward steps stay among reachable
//! states while backward ones wander through unreachable ones, and saturating forward
//! closures are as cheap as reachability. The forward fixpoint runs once the probe
//! ([`super::probe`]) has found the reachable product states exactly (see [`super::run`]),
//! racing the backward fixpoint there by default ([`super::ExactFixpoint`]): alone it is far
//! slower on some properties (figures in `docs/benchmarks.md`, "Forward fair-cycle
//! fixpoint").

use oxidd::bdd::BDDFunction;
use oxidd::{BooleanFunction, Function};

use super::product::Product;
use super::slices::SliceClosure;
use crate::limits::Budget;
use crate::symbolic::encoding::BddResult;
use crate::symbolic::reach::constrained::Direction;

/// The forward fixpoint above on a set of reachable product states closed under product
/// steps. [`ForwardFair::z`] is, at the end, empty iff the set holds no accepting cycle.
pub(crate) struct ForwardFair {
    /// After every completed step, a superset of the fixpoint; at the end, the fixpoint.
    pub z: BDDFunction,
    /// Outer iterations begun.
    pub iterations: usize,
    /// The acceptance set of the next step.
    step: usize,
    /// `z` when the current iteration began.
    before: BDDFunction,
    /// The closure of step `step` cut short by a limit, resumed by the next run.
    pending: Option<SliceClosure>,
    done: bool,
}

impl ForwardFair {
    /// Starts from `reach`: reachable product states, closed under product steps. Every later
    /// `z` is a forward closure, so closed under product steps as well: the closures of
    /// [`ForwardFair::run`] need no constraint.
    pub fn new(reach: &BDDFunction) -> ForwardFair {
        ForwardFair {
            z: reach.clone(),
            iterations: 0,
            step: 0,
            before: reach.clone(),
            pending: None,
            done: false,
        }
    }

    /// Whether the fixpoint has ended: [`ForwardFair::z`] is then empty iff there is no
    /// accepting cycle.
    pub fn done(&self) -> bool {
        self.done
    }

    /// Runs the fixpoint to its end (`Ok(true)`), or until `budget` fails, or (`Ok(false)`)
    /// until it would begin outer iteration `max_rounds + 1`; a later call then resumes it (a
    /// closure cut short where it stopped). `num_acc` must be at least 1.
    pub fn run(
        &mut self,
        p: &Product,
        num_acc: usize,
        max_rounds: usize,
        budget: &Budget,
    ) -> BddResult<bool> {
        debug_assert!(num_acc > 0);
        while !self.done {
            if self.step == 0 && self.pending.is_none() {
                if self.iterations >= max_rounds {
                    return Ok(false);
                }
                self.iterations += 1;
                self.before = self.z.clone();
            }
            budget.phase("forward fair cycle", self.iterations);
            let cl = match &mut self.pending {
                Some(cl) => cl,
                None => {
                    let from = p.acc_clusters[self.step]
                        .post(p.enc, &self.z, budget)?
                        .and(&self.z)?;
                    if !from.satisfiable() {
                        self.z = p.enc.f();
                        self.done = true;
                        break;
                    }
                    // Unconstrained: `z` is closed under product steps (the reachable states
                    // at the start, then each step's forward closure), so the closure of
                    // `from ⊆ z` stays inside `z` by itself, and without a constraint the
                    // slices saturate as reachability does (see `SliceClosure::run`).
                    self.pending.insert(SliceClosure::new(
                        p.enc,
                        Direction::Forward,
                        &from,
                        &p.enc.t(),
                    ))
                }
            };
            p.run_slices(cl, None, budget)?;
            self.z = cl.y.clone();
            self.pending = None;
            log::debug!(
                "forward fair cycle, round {}: closure from set {}: {} nodes",
                self.iterations,
                self.step,
                self.z.node_count()
            );
            self.step = (self.step + 1) % num_acc;
            if self.step == 0 {
                self.done = self.z == self.before || !self.z.satisfiable();
            }
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gen::rng::Rng;
    use crate::symbolic::ltl::product::build_product;
    use crate::symbolic::ltl::slices::tests::{naive, random_case};

    /// Random products: the unconstrained closures of [`ForwardFair`], cut after a number of
    /// nodes of work that doubles and resumed each time, give the fixpoint with the closures
    /// constrained to `Z` as written in the module's comment (`Post*_Z`), computed naively.
    #[test]
    fn unconstrained_closures_give_the_constrained_fixpoint() {
        let mut rng = Rng::new(20261126);
        let (mut cuts, mut nonempty, mut empty) = (0, 0, 0);
        for round in 0..240u64 {
            let (sys, aut, ctx) = random_case(round, &mut rng);
            if aut.num_acc == 0 {
                continue;
            }
            let p = build_product(&ctx, &sys, &aut, &Budget::unlimited()).unwrap();
            let (enc, b) = (&ctx.enc, Budget::unlimited());
            let reach = naive(&p, Direction::Forward, &p.init, &enc.t());
            let mut want = reach.clone();
            loop {
                let before = want.clone();
                for i in 0..aut.num_acc {
                    let from = p.acc_clusters[i].post(enc, &want, &b).unwrap();
                    want = naive(&p, Direction::Forward, &from.and(&want).unwrap(), &want);
                }
                if want == before {
                    break;
                }
            }
            let mut fw = ForwardFair::new(&reach);
            let mut work = 1 + round as usize % 5;
            loop {
                let r = fw.run(&p, aut.num_acc, usize::MAX, &b.slice(enc, work));
                match b.unless_sliced(r).unwrap() {
                    Some(done) => {
                        assert!(done && fw.done());
                        break;
                    }
                    None => cuts += 1,
                }
                work *= 2;
            }
            assert!(fw.z == want, "round {round}");
            match want.satisfiable() {
                true => nonempty += 1,
                false => empty += 1,
            }
        }
        assert!(
            cuts > 150 && nonempty > 40 && empty > 5,
            "{cuts} cuts, {nonempty} with a cycle, {empty} without"
        );
    }
}
