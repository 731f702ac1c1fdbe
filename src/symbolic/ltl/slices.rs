//! The closures of an LTL product cut by automaton state: the backward closures of the
//! Emerson-Lei fixpoint and of the lasso search on the exact reachable states, and the
//! forward closure of the probe (see [`super::product`]).
//!
//! A product step either stays in its automaton state `q` (a self-loop of `q`: a plain system
//! step) or moves to another. So each round saturates the new states of every slice `aut = q`
//! under the system labels of `q`'s self-loops, by the constrained saturation of Zhao and
//! Ciardo ([`crate::symbolic::reach::constrained`]), then takes one step along all product relations for the
//! states that change automaton state; rounds are as many as the longest chain of automaton
//! states a path needs, not as its length. With the automaton block on top of the order every
//! product relation starts at the top, so saturating the product as a whole would fire every
//! label at the top block; cut by automaton state, each label fires at its own block.

use oxidd::bdd::BDDFunction;
use oxidd::{BooleanFunction, BooleanFunctionQuant};

use crate::limits::Budget;
use crate::symbolic::cluster::Clusters;
use crate::symbolic::encoding::{minus, BddResult};
use crate::symbolic::reach::constrained::{ClosureMemo, Direction, Events, Saturator};
use crate::symbolic::reach::layout::Layout;
use crate::symbolic::reach::saturation::{saturate_only, SatMemo, SatPlan};
use crate::symbolic::reach::tracker::Tracker;
use crate::symbolic::Encoding;

/// The product cut by automaton state: the labels on the self-loops of a state saturate its
/// slice.
pub(crate) struct Slices {
    pub(crate) layout: Layout,
    /// Distinct self-loop label sets, placed for saturation.
    events: Vec<Events>,
    /// The labels of each of `events`.
    labels: Vec<Vec<usize>>,
    /// Per automaton state: its index into `events`.
    events_of: Vec<usize>,
    /// Per automaton state `q`: `aut = q`.
    aut: Vec<BDDFunction>,
    /// Per automaton state: the system states its self-loops can be taken from (`None`:
    /// wherever their labels fire).
    guards: Vec<Option<BDDFunction>>,
    /// The automaton block's current variables.
    aut_cube: BDDFunction,
}

impl Slices {
    /// `self_loops[q]`: the system labels (indices into `enc.labels`, lowest first) on the
    /// self-loops of automaton state `q`, whose value is held by block `aut_block`;
    /// `guards[q]`: the system states they can be taken from, `None` for all.
    pub fn new(
        enc: &Encoding,
        aut_block: usize,
        self_loops: &[Vec<usize>],
        guards: &[Option<BDDFunction>],
    ) -> BddResult<Slices> {
        let layout = Layout::new(enc);
        let mut sets: Vec<&Vec<usize>> = Vec::new();
        let mut events_of = Vec::new();
        for labels in self_loops {
            let i = match sets.iter().position(|s| *s == labels) {
                Some(i) => i,
                None => {
                    sets.push(labels);
                    sets.len() - 1
                }
            };
            events_of.push(i);
        }
        let events = sets
            .iter()
            .map(|ls| Events::new(enc, &layout, ls))
            .collect::<BddResult<Vec<_>>>()?;
        let aut = (0..self_loops.len())
            .map(|q| enc.value(aut_block, q, false))
            .collect::<BddResult<Vec<_>>>()?;
        let aut_cube = enc.cube(&[aut_block], false)?;
        let labels = sets.iter().map(|ls| ls.to_vec()).collect();
        Ok(Slices {
            layout,
            events,
            labels,
            events_of,
            aut,
            guards: guards.to_vec(),
            aut_cube,
        })
    }
}

/// A closure of the product cut by automaton state that can be cut short by a limit and
/// resumed where it stopped: the slices closed so far stay closed, and
/// the sub-closures a cut slice finished stay in its saturator's memo.
pub(crate) struct SliceClosure {
    dir: Direction,
    within: BDDFunction,
    /// The states closed so far.
    pub y: BDDFunction,
    /// States still to close in their slices (not in `y`).
    frontier: BDDFunction,
    /// States added to `y` since the last step between slices.
    added: BDDFunction,
    /// Per distinct self-loop label set ([`Slices::events`]): the saturator's finished work,
    /// keyed by block position, so valid for the layout of epoch `memo_epoch` only.
    memos: Vec<ClosureMemo>,
    /// The same for the unconstrained forward closures (see [`SliceClosure::run`]); each
    /// [`SatMemo`] minds its own epoch.
    sat_memos: Vec<SatMemo>,
    /// Their plans, made on first use.
    sat_plans: Vec<Option<SatPlan>>,
    memo_epoch: u64,
    /// Per automaton state: `within` in its slice, once needed.
    slice_of_within: Vec<Option<BDDFunction>>,
}

impl SliceClosure {
    pub fn new(enc: &Encoding, dir: Direction, start: &BDDFunction, within: &BDDFunction) -> Self {
        SliceClosure {
            dir,
            within: within.clone(),
            y: enc.f(),
            frontier: start.clone(),
            added: enc.f(),
            memos: Vec::new(),
            sat_memos: Vec::new(),
            sat_plans: Vec::new(),
            memo_epoch: 0,
            slice_of_within: Vec::new(),
        }
    }

    /// The states found so far: those closed and those still to close.
    pub fn found(&self) -> BddResult<BDDFunction> {
        Ok(self.y.or(&self.frontier)?)
    }

    /// Runs (or resumes) the closure: `Ok(true)` as soon as a state of `stop` is found (the
    /// closure is then incomplete), `Ok(false)` when it is complete ([`SliceClosure::y`]).
    ///
    /// Each round saturates the states to close in every slice `q` under the system labels of
    /// `q`'s self-loops (inside `within`), then takes one step along all product relations
    /// from the states the round added; the closure is complete when a round adds nothing.
    ///
    /// A guarded self-loop (see [`Slices::guards`]) is taken only from its guard `g`: the
    /// saturation keeps every state it steps *from* inside `g`. Backward, those are the states
    /// it adds, so the constraint `within ∧ g` is exact. Forward, they are the start and the
    /// states it adds: it starts from the states in `g` inside `within ∧ g`, and a state
    /// outside `g` that a self-loop reaches comes in by the round's step along all product
    /// relations instead.
    ///
    /// `sl` are the product's slices and `steps` all its relations (what
    /// `Product::run_slices` passes): the closure needs nothing else of the product.
    pub fn run(
        &mut self,
        enc: &Encoding,
        sl: &Slices,
        steps: &Clusters,
        stop: Option<&BDDFunction>,
        budget: &Budget,
    ) -> BddResult<bool> {
        if self.memos.is_empty() || self.memo_epoch != sl.layout.epoch() {
            // a reordering since the memos were made moved the positions they are keyed by
            self.memos = vec![ClosureMemo::default(); sl.events.len()];
            self.memo_epoch = sl.layout.epoch();
        }
        if self.sat_memos.len() != sl.events.len() {
            self.sat_memos = sl.events.iter().map(|_| SatMemo::default()).collect();
            self.sat_plans = sl.events.iter().map(|_| None).collect();
        }
        if self.slice_of_within.is_empty() {
            self.slice_of_within = vec![None; sl.aut.len()];
        }
        let hits = |s: &BDDFunction| -> BddResult<bool> {
            match stop {
                Some(t) => Ok(s.and(t)?.satisfiable()),
                None => Ok(false),
            }
        };
        loop {
            if hits(&self.frontier)? {
                return Ok(true);
            }
            for (q, aut_q) in sl.aut.iter().enumerate() {
                let part = self.frontier.and(aut_q)?;
                if !part.satisfiable() {
                    continue;
                }
                let part = part.exists(&sl.aut_cube)?;
                let c = match &self.slice_of_within[q] {
                    Some(c) => c.clone(),
                    None => {
                        let c = self.within.and(aut_q)?;
                        let c = c.exists(&sl.aut_cube)?;
                        self.slice_of_within[q] = Some(c.clone());
                        c
                    }
                };
                let ev = sl.events_of[q];
                if self.dir == Direction::Forward && sl.guards[q].is_none() && c == enc.t() {
                    // Unconstrained: the masked firing of reachability's saturation, with the
                    // local labels of a block fired as their closure, which a constraint would
                    // not allow (see `saturate_recursive`); the probe of 2017 problem 108 #8
                    // closes in its first large slice instead of not at all (docs/benchmarks.md,
                    // "Probe and fixpoint race").
                    let mut t = Tracker::new(enc, budget);
                    let closed = saturate_only(
                        enc,
                        &mut t,
                        &mut self.sat_memos[ev],
                        &mut self.sat_plans[ev],
                        &part,
                        &sl.labels[ev],
                    )?;
                    let new = minus(&closed.and(aut_q)?, &self.y)?;
                    self.y = self.y.or(&new)?;
                    self.added = self.added.or(&new)?;
                    self.frontier = minus(&self.frontier, aut_q)?;
                    if hits(&new)? {
                        return Ok(true);
                    }
                    continue;
                }
                let mut sat = Saturator::new(enc, &sl.layout, &sl.events[ev], self.dir, budget)
                    .with_memo(std::mem::take(&mut self.memos[ev]));
                let closed = match &sl.guards[q] {
                    None => sat.closure(&part, &c),
                    Some(g) => guarded_closure(&mut sat, self.dir, &part, &c, g),
                };
                self.memos[ev] = sat.into_memo();
                let new = minus(&closed?.and(aut_q)?, &self.y)?;
                self.y = self.y.or(&new)?;
                self.added = self.added.or(&new)?;
                self.frontier = minus(&self.frontier, aut_q)?;
                if hits(&new)? {
                    return Ok(true);
                }
            }
            if !self.added.satisfiable() {
                // complete: the memos' work is done
                self.memos.clear();
                self.sat_memos.clear();
                self.sat_plans.clear();
                return Ok(false);
            }
            let step = match self.dir {
                Direction::Backward => steps.pre(enc, &self.added, budget)?,
                Direction::Forward => steps.post(enc, &self.added, budget)?,
            };
            self.frontier = minus(&step.and(&self.within)?, &self.y)?;
            self.added = enc.f();
        }
    }
}

/// The closure of `part` inside `c` under self-loops taken only from `g` (see
/// [`SliceClosure::run`]).
fn guarded_closure(
    sat: &mut Saturator,
    dir: Direction,
    part: &BDDFunction,
    c: &BDDFunction,
    g: &BDDFunction,
) -> BddResult<BDDFunction> {
    let inside = c.and(g)?;
    match dir {
        Direction::Backward => sat.closure(part, &inside),
        Direction::Forward => {
            let from = part.and(g)?;
            Ok(sat.closure(&from, &inside)?.or(part)?)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::automata::translate;
    use crate::automata::Tgba;
    use crate::gen::formulas::random_ltl;
    use crate::gen::rng::Rng;
    use crate::gen::{random, RandomSpec};
    use crate::logic::Ltl;
    use crate::model::System;
    use crate::symbolic::context::{AutPosition, Space, SystemCtx};
    use crate::symbolic::ltl::forward::ForwardFair;
    use crate::symbolic::ltl::product::{build_product, Product};
    use crate::symbolic::{reach::Strategy, ManagerOptions};

    /// `start ∪ (within ∧ step(result))` to its fixpoint, one step of the whole product per
    /// round.
    fn naive(
        p: &Product,
        dir: Direction,
        start: &BDDFunction,
        within: &BDDFunction,
    ) -> BDDFunction {
        let b = Budget::unlimited();
        let mut y = start.clone();
        loop {
            let s = match dir {
                Direction::Backward => p.pre(&y, &b).unwrap(),
                Direction::Forward => p.post(&y, &b).unwrap(),
            };
            let next = y.or(&s.and(within).unwrap()).unwrap();
            if next == y {
                return y;
            }
            y = next;
        }
    }

    /// A random cube of `f`'s satisfying assignments (a state or a few).
    fn pick(f: &BDDFunction, rng: &mut Rng) -> BDDFunction {
        let c = f.pick_cube_dd(|_, _, _| rng.chance(0.5)).unwrap();
        c.and(f).unwrap()
    }

    /// A random system of 3 or 4 components, the automaton of a random negated formula over
    /// its labels, and its context on the exact reachable states (even `round`) or the
    /// projections (odd).
    fn random_case(round: u64, rng: &mut Rng) -> (System, Tgba, SystemCtx) {
        let spec = RandomSpec {
            components: 3 + round as usize % 2,
            states_per_component: 3 + round as usize % 3,
            seed: round,
            ..RandomSpec::default()
        };
        let sys = random(&spec).unwrap();
        let labels: Vec<String> = sys.labels().iter().map(|l| l.name.clone()).collect();
        let f = random_ltl(rng, &labels, 3);
        let aut = translate(&Ltl::not(f)).unwrap();
        let order = [("given".to_string(), (0..sys.components().len()).collect())];
        let space = [Space::Reach, Space::Over][round as usize % 2];
        let ctx = SystemCtx::race(
            &sys,
            &order,
            Strategy::default(),
            AutPosition::Top,
            aut.num_states,
            ManagerOptions::small(),
            space,
            &Budget::unlimited(),
        )
        .unwrap();
        (sys, aut, ctx)
    }

    /// Random products (random systems, the automata of random negated formulas, the exact
    /// reachable states or the projections as the space): the closure of [`SliceClosure`],
    /// forward from the initial state and backward from random states inside the space, cut
    /// after a number of nodes of work that doubles and resumed each time, is the naive
    /// fixpoint; stopped at a set, it has found a state of the set, and only then.
    #[test]
    fn a_cut_slice_closure_resumes_to_the_naive_fixpoint() {
        let mut rng = Rng::new(20261123);
        let (mut cuts, mut stops) = (0, 0);
        for round in 0..60u64 {
            let (sys, aut, ctx) = random_case(round, &mut rng);
            let p = build_product(&ctx, &sys, &aut, &Budget::unlimited()).unwrap();
            let enc = &ctx.enc;
            let mut within = enc.f();
            for q in 0..aut.num_states {
                let aq = enc.value(ctx.aut_block, q, false).unwrap();
                within = within.or(&ctx.reach.and(&aq).unwrap()).unwrap();
            }
            // some reachable states to close backward from, some states of the space (reachable
            // or not) to stop at
            let reach = naive(&p, Direction::Forward, &p.init, &enc.t());
            let some = pick(&reach.and(&within).unwrap(), &mut rng);
            let stop = pick(&within, &mut rng);
            let cases = [
                (Direction::Forward, &p.init, enc.t()),
                (Direction::Backward, &some, within.clone()),
            ];
            for (dir, start, inside) in cases {
                let want = naive(&p, dir, start, &inside);
                let mut cl = SliceClosure::new(enc, dir, start, &inside);
                let mut work = 1 + round as usize % 7;
                loop {
                    let b = Budget::unlimited();
                    let r = p.run_slices(&mut cl, None, &b.slice(enc, work));
                    match b.unless_sliced(r).unwrap() {
                        Some(stopped) => {
                            assert!(!stopped);
                            break;
                        }
                        None => cuts += 1,
                    }
                    work *= 2;
                }
                assert!(cl.y == want, "round {round}, {dir:?}");
                let mut cl = SliceClosure::new(enc, dir, start, &inside);
                let stopped = p
                    .run_slices(&mut cl, Some(&stop), &Budget::unlimited())
                    .unwrap();
                let meets = want.and(&stop).unwrap().satisfiable();
                assert_eq!(stopped, meets, "round {round}, {dir:?}");
                if stopped {
                    stops += 1;
                    assert!(cl.found().unwrap().and(&stop).unwrap().satisfiable());
                } else {
                    assert!(cl.y == want, "round {round}, {dir:?}, with a stop set");
                }
            }
        }
        assert!(cuts > 100 && stops > 30, "{cuts} cuts, {stops} stops");
    }

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

    /// Runs `trim` in slices of `work` nodes of work, doubled after each slice that cut it
    /// short, until it ends; returns how many slices cut it short.
    fn in_doubling_slices(
        enc: &Encoding,
        b: &Budget,
        mut work: usize,
        mut trim: impl FnMut(&Budget) -> BddResult<usize>,
    ) -> usize {
        let mut cuts = 0;
        while b
            .unless_sliced(trim(&b.slice(enc, work)))
            .unwrap()
            .is_none()
        {
            cuts += 1;
            work *= 2;
        }
        cuts
    }

    /// The trim `νY. Y ∧ Pre(Y) ∧ z0` by its definition, one round after the other.
    fn naive_trim(p: &Product, z0: &BDDFunction, b: &Budget) -> BDDFunction {
        let mut want = z0.clone();
        loop {
            let next = want.and(&p.pre(&want, b).unwrap()).unwrap();
            if next == want {
                return want;
            }
            want = next;
        }
    }

    /// Random products: [`Product::trim`], cut after a number of nodes of work that doubles
    /// and resumed each time (these trims are short: few are cut), gives the naive greatest fixpoint `νY. Y ∧ Pre(Y) ∧ z`, for `z`
    /// the reachable product states and random parts of them; enough of them take the
    /// relations restricted to `z` ([`Product::clusters_inside`]).
    #[test]
    fn a_trim_inside_its_set_is_the_naive_greatest_fixpoint() {
        let mut rng = Rng::new(20261127);
        let (mut cuts, mut inside, mut nonempty, mut empty) = (0, 0, 0, 0);
        for round in 0..120u64 {
            let (sys, aut, ctx) = random_case(round, &mut rng);
            let p = build_product(&ctx, &sys, &aut, &Budget::unlimited()).unwrap();
            let (enc, b) = (&ctx.enc, Budget::unlimited());
            let reach = naive(&p, Direction::Forward, &p.init, &enc.t());
            let part = reach.and(&pick(&reach, &mut rng).not().unwrap()).unwrap();
            let half = reach.and(&pick(&enc.t(), &mut rng)).unwrap();
            for z0 in [reach.clone(), part, half] {
                let want = naive_trim(&p, &z0, &b);
                if p.clusters_inside(&z0, &b).unwrap().is_some() {
                    inside += 1;
                }
                let mut z = z0.clone();
                cuts += in_doubling_slices(enc, &b, 1 + round as usize % 5, |slice| {
                    p.trim(&mut z, 0, &mut 0, slice)
                });
                assert!(z == want, "round {round}");
                match want.satisfiable() {
                    true => nonempty += 1,
                    false => empty += 1,
                }
            }
        }
        assert!(
            inside > 100 && nonempty > 40 && empty > 40,
            "{cuts} cuts, {inside} inside, {nonempty} with a cycle, {empty} without"
        );
    }

    /// Random products: the trim cut to the cycle steps ([`cycle_steps`], taken after 1, 2
    /// or 3 plain rounds and again after 4, 16, ... times as many), cut after a number of
    /// nodes of work that doubles and resumed each time, gives the naive greatest fixpoint
    /// `νY. Y ∧ Pre(Y) ∧ z`, for `z` the space, the reachable product states and random
    /// parts of them; enough of them have steps between components to cut.
    #[test]
    fn a_trim_over_cycle_steps_is_the_naive_greatest_fixpoint() {
        use crate::symbolic::ltl::local_cycles::cycle_steps;
        let mut rng = Rng::new(20261126);
        let (mut cuts, mut cut_sets, mut nonempty, mut empty) = (0, 0, 0, 0);
        for round in 0..120u64 {
            let (sys, aut, ctx) = random_case(round, &mut rng);
            let p = build_product(&ctx, &sys, &aut, &Budget::unlimited()).unwrap();
            let (enc, b) = (&ctx.enc, Budget::unlimited());
            let reach = naive(&p, Direction::Forward, &p.init, &enc.t());
            let part = reach.and(&pick(&reach, &mut rng).not().unwrap()).unwrap();
            let half = reach.and(&pick(&enc.t(), &mut rng)).unwrap();
            let some = enc.valid.and(&pick(&enc.t(), &mut rng)).unwrap();
            for z0 in [enc.valid.clone(), reach, part, half, some] {
                let want = naive_trim(&p, &z0, &b);
                if cycle_steps(enc, &p.clusters, &z0, None, &b)
                    .unwrap()
                    .is_some()
                {
                    cut_sets += 1;
                }
                let mut z = z0.clone();
                // with an allowance now and then, so that some cuts are abandoned
                let (mut pending, first) = (None, 1 + round as usize % 3);
                let share = [0, 0, 1][round as usize % 3];
                cuts += in_doubling_slices(enc, &b, 1 + round as usize % 5, |slice| {
                    p.trim_from(&mut z, 0, &mut 0, &mut pending, (first, share), slice)
                });
                assert!(z == want, "round {round}");
                match want.satisfiable() {
                    true => nonempty += 1,
                    false => empty += 1,
                }
            }
        }
        assert!(
            cut_sets > 100 && nonempty > 40 && empty > 40,
            "{cuts} cuts, {cut_sets} sets with steps to cut, {nonempty} with a cycle, {empty} without"
        );
    }
}
