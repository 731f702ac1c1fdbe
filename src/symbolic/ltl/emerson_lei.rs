//! The Emerson-Lei fixpoint on the LTL product: the fair states, those that start an accepting
//! run, for acceptance on automaton edges, resumable after a limit and stopped early once the
//! initial state has left.
//!
//! E. A. Emerson and C.-L. Lei, "Modalities for model checking: branching time logic strikes
//! back", POPL 1985 / Science of Computer Programming 8(3), 1987. Their fixpoint
//! `νZ. ⋀ᵢ EX E[Z U (Z ∧ Fᵢ)]` characterises the states that start a path visiting every
//! fairness set `Fᵢ` infinitely often; [`EmersonLei`] gives the form for edges, the trim run to
//! its own fixpoint each round (and why), and the measurements behind both. The closures are the
//! product's ([`super::product::Product::until`]).

use oxidd::bdd::BDDFunction;
use oxidd::{BooleanFunction, Function};

use super::product::{PendingClosure, PendingTrim, Product};
use crate::limits::Budget;
use crate::symbolic::encoding::{minus, BddResult};

/// The Emerson-Lei fixpoint for acceptance on edges, restricted to a set closed under product
/// steps (the space). Its result are the fair states: those of the space that start an
/// accepting run.
///
/// Exactly this is computed (`Pre` = predecessors under any product relation, `Pre_i` = under
/// the edges of acceptance set `i`, `E[A U B] = μY. B ∨ (A ∧ Pre(Y))`):
///
/// ```text
/// Z := space
/// repeat
///     for i in 0..num_acc:  Z := Z ∧ E[Z U (Z ∧ Pre_i(Z))]   -- can reach an i-edge into Z
///     Z := νY. Y ∧ Pre(Y) ∧ Z                                  -- trim: infinite path in Z
/// until Z does not change
/// ```
///
/// Each step keeps a superset of the greatest fixpoint `νZ. Z ∧ Pre(Z) ∧ ⋀ᵢ E[Z U (Z ∧ Pre_i(Z))]`
/// (the functions are monotone), and at the end `Z` is a fixpoint, so it is the greatest one:
/// the states with an infinite path inside `Z` that takes an edge of every set `i` infinitely
/// often. With `num_acc == 0` only the trim remains: states on or leading to a cycle.
///
/// Why the trim runs to its own fixpoint (as in the "one way catch them young" algorithm of
/// Fisler, Fraer, Kamhi, Vardi, Yang, TACAS 2001; trimming interleavings are compared by Ravi,
/// Bloem, Somenzi, FMCAD 2000): the textbook scheme trims one round per outer round, so an
/// accepting region with long finite paths costs one backward closure per layer. RERS negations
/// are mostly `F(a ∧ G ¬b)`-shaped, whose accepting part is such an avoid-`b` region. On 2017
/// problem 111 (#4 `G(a3_SIGBUS => F(a35_SIGTERM))`, #11 `G F a36_SIGUSR2`) trimming to the
/// fixpoint is over ten times faster than one round per closure, and faster than doubling the
/// rounds per outer round or balancing trim time against closure time. The price is paid where
/// a few closures alone would empty `Z`: 111 #3 is over ten times slower here than one round
/// per closure (docs/benchmarks.md, "Emerson-Lei fixpoint").
pub(crate) struct EmersonLei {
    /// After every completed step, a superset of the fair states; at the end, the fair states.
    pub z: BDDFunction,
    /// Outer iterations begun.
    pub iterations: usize,
    /// Trim rounds run (each one preimage), those of a trim cut short included.
    pub trim_rounds: usize,
    /// The next step of the current iteration: closure to acceptance set `step`, or the trim
    /// when `step == num_acc`.
    step: usize,
    /// `z` when the current iteration began.
    before: BDDFunction,
    /// Whether the current iteration has begun (a step cut short resumes it, not a new one).
    begun: bool,
    done: bool,
    /// The closure of step `step` cut short by a limit, resumed by the next run.
    pending: Option<PendingClosure>,
    /// The trim cut short by a limit, where it keeps more than `z` (see
    /// [`Product::trim_resumable`]).
    pending_trim: Option<PendingTrim>,
    /// A state whose loss ends the fixpoint early (see [`EmersonLei::stop_without`]).
    watch: Option<BDDFunction>,
    /// Whether the fixpoint ended early: `z` is then a superset of the fair states without
    /// the watched state.
    pub stopped_early: bool,
    /// Per acceptance set `i`, from its last closure: `z` right after it and the target it
    /// closed to (see [`EmersonLei::run`]).
    last: Vec<Option<(BDDFunction, BDDFunction)>>,
}

impl EmersonLei {
    /// Starts from `space`. The fixpoint keeps the states with a fair run inside `space`;
    /// when `space` is closed under product steps, those are all its fair states.
    pub fn new(space: &BDDFunction) -> EmersonLei {
        EmersonLei {
            z: space.clone(),
            iterations: 0,
            trim_rounds: 0,
            step: 0,
            before: space.clone(),
            begun: false,
            done: false,
            pending: None,
            pending_trim: None,
            watch: None,
            stopped_early: false,
            last: Vec::new(),
        }
    }

    /// Ends the fixpoint as soon as a completed step has dropped every state of `watch` (the
    /// initial product state): every step keeps a superset of the fair states, so none of
    /// `watch` is fair and a property holds without the rest of the iteration. A holding
    /// property's fixpoint often drops the initial state in its first closure and then spends
    /// the rest confirming the fair states elsewhere: RERS 2016 problem 119 #2 (on the
    /// projections, before the saturating probe settled it first) in a quarter of the time,
    /// one closure of three (docs/benchmarks.md, "Emerson-Lei fixpoint").
    pub fn stop_without(&mut self, watch: &BDDFunction) {
        self.watch = Some(watch.clone());
    }

    /// Whether the fixpoint has ended: complete, or stopped early.
    pub fn done(&self) -> bool {
        self.done
    }

    /// Whether `z` has lost every state of the watched set.
    fn lost_watch(&self) -> BddResult<bool> {
        match &self.watch {
            Some(w) => Ok(!self.z.and(w)?.satisfiable()),
            None => Ok(false),
        }
    }

    /// Narrows the iteration to `exact` (a smaller set closed under product steps, e.g. the
    /// reachable product states once known). Every set of the iteration contains the fair
    /// states, and the fair states inside `exact` are the fair states intersected with it, so
    /// the iteration goes on from `z ∧ exact`.
    pub fn restrict(&mut self, exact: &BDDFunction) -> BddResult<()> {
        self.z = self.z.and(exact)?;
        self.before = self.before.and(exact)?;
        self.last.clear();
        self.pending = None;
        self.pending_trim = None;
        Ok(())
    }

    /// Runs the fixpoint to the end (`Ok(true)`, the fair states are [`EmersonLei::z`]), or
    /// until `budget` fails; then `z` holds the last completed step and a later call resumes
    /// there. A closure cut short resumes where it stopped (see
    /// [`Product::until_resumable`]); so does the trim, which keeps every completed round.
    ///
    /// A closure is skipped when `z` has not changed since the last closure to the same set
    /// and every state of that closure's target still has an edge of the set into `z`: each
    /// state of `z` reached the old target on a path inside `z` (every state on such a path
    /// is kept by the closure), and the old target lies inside the new one, so the closure
    /// would return `z` itself. This is the second, confirming iteration of most holding
    /// properties: RERS 2016 problem 115 #18 (two iterations of 11,130 nodes), 2017 problem
    /// 108 #20 (nearly a third of its time; docs/benchmarks.md, "Emerson-Lei fixpoint").
    pub fn run(&mut self, p: &Product, num_acc: usize, budget: &Budget) -> BddResult<bool> {
        if self.last.len() != num_acc {
            self.last = vec![None; num_acc];
        }
        while !self.done {
            if self.step == 0 && !self.begun {
                self.iterations += 1;
                self.begun = true;
                self.before = self.z.clone();
            }
            budget.phase("Emerson-Lei round", self.iterations);
            if self.step < num_acc {
                let i = self.step;
                let z = &self.z;
                let target = z.and(&p.pre_acc(i, z, budget)?)?;
                let unchanged = match &self.last[i] {
                    Some((after, old)) => after == z && !minus(old, &target)?.satisfiable(),
                    None => false,
                };
                if !unchanged {
                    self.z = if target.satisfiable() {
                        p.until_resumable(z, &target, &mut self.pending, budget)?
                    } else {
                        target.clone()
                    };
                    self.last[i] = Some((self.z.clone(), target));
                }
                self.step += 1;
                log::debug!(
                    "Emerson-Lei round {}: closure to set {i}: {} nodes",
                    self.iterations,
                    self.z.node_count()
                );
                self.done = !self.z.satisfiable();
            } else {
                let rounds = p.trim_resumable(
                    &mut self.z,
                    num_acc,
                    &mut self.trim_rounds,
                    &mut self.pending_trim,
                    budget,
                )?;
                budget.phase("Emerson-Lei round", self.iterations);
                log::debug!(
                    "Emerson-Lei round {}: {rounds} trim rounds: {} nodes",
                    self.iterations,
                    self.z.node_count()
                );
                self.step = 0;
                self.begun = false;
                self.done = self.z == self.before || !self.z.satisfiable();
            }
            if !self.done && self.lost_watch()? {
                self.done = true;
                self.stopped_early = true;
            }
        }
        Ok(true)
    }
}
