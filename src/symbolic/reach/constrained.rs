//! Constrained saturation: the states of a set `c` that reach a set `f` inside `c`
//! (`E[c U f]`), or that `f` reaches inside `c`, by saturation.
//!
//! Y. Zhao and G. Ciardo, "Symbolic CTL model checking of asynchronous systems using
//! constrained saturation", ATVA 2009. Saturation ([`super::saturation`])
//! closes a sub-diagram under the events below its block before an event of the block fires;
//! the constrained form carries, beside each sub-diagram of the set, the sub-diagram of the
//! constraint reached by the same assignment of the blocks above, and intersects every step
//! with it. So `csat(f, c, k)` (`f` and `c` over blocks `k` and below) is the closure of `f`
//! under the events of blocks `k` and below, inside `c`:
//!
//! * below block `k`, the closure splits over the assignments of block `k` (events below `k`
//!   never change it): walk the bits of block `k` in `f` *and* `c` together, close each pair
//!   of cofactors with `csat(·, ·, k + 1)` and rebuild with `ite`;
//! * then chain the events of block `k` to their fixpoint, each step intersected with `c` and
//!   its new states saturated below `k` before they are added (a union of closed sets is
//!   closed: the closure is a union of per-state closures).
//!
//! Results are memoised per `(f, c, k)`, which is where it saves work over the level-ordered
//! iteration on whole sets ([`super::level_ordered`]): a pair of sub-diagrams
//! shared by many paths is closed once. The labels that move one block alone fire as one event,
//! the union of their relations; not, as in forward saturation, their reflexive-transitive
//! closure, which would step through states outside the constraint.
//!
//! [`Events`] says which labels take part: the system's, or, in an LTL product, those on the
//! self-loops of one automaton state (see `Product::until` in [`crate::symbolic::ltl`]).

use oxidd::bdd::BDDFunction;
use oxidd::{BooleanFunction, LevelNo};

use super::chain_loop::chain;
use super::layout::{active_from, merge_local_labels, Layout};
use crate::limits::Budget;
use crate::symbolic::encoding::{minus, BddResult, Encoding, FxMap, Relation};

/// Which way the closure goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Direction {
    /// Predecessors: the states that reach the start set.
    Backward,
    /// Successors: the states the start set reaches.
    Forward,
}

/// A set of labels placed for saturation: per position in the variable order, the events that
/// fire there.
pub(crate) struct Events {
    /// Per position: indices into `enc.labels`, or `enc.labels.len() + i` for `locals[i]`.
    events: Vec<Vec<usize>>,
    /// Event `enc.labels.len() + i`: one step of any of one block's local labels.
    locals: Vec<Relation>,
    /// `active_from[k]`: some event fires at position `k` or below.
    active_from: Vec<bool>,
}

impl Events {
    /// Places `labels` (indices into `enc.labels`, in the order they should chain) at the
    /// positions they fire at (in the order of `layout`); the local labels of each block become one event, which fires
    /// first.
    pub fn new(enc: &Encoding, layout: &Layout, labels: &[usize]) -> BddResult<Events> {
        let nb = enc.blocks.len();
        let mut events: Vec<Vec<usize>> = vec![Vec::new(); nb];
        for &l in labels {
            let k = layout.fire_pos[l];
            if k < nb {
                events[k].push(l);
            }
        }
        // One step of any of them, not their reflexive-transitive closure as in forward
        // saturation: a closure would pass through states outside the constraint.
        let locals = merge_local_labels(enc, &layout.at, &mut events, |b, local| {
            let mut union = enc.f();
            for &l in local {
                union = union.or(&enc.labels[l].rel)?;
            }
            enc.relation(union, vec![b])
        })?;
        let locals = locals.into_iter().map(|(_, r)| r).collect();
        let active_from = active_from(&events);
        Ok(Events {
            events,
            locals,
            active_from,
        })
    }
}

/// The closures a [`Saturator`] has finished, per `(f, c, k)`: valid for one [`Events`] and
/// one direction.
pub(crate) type ClosureMemo = FxMap<(BDDFunction, BDDFunction, usize), BDDFunction>;

/// Closes sets under one [`Events`] inside constraints, memoising per `(f, c, k)` across
/// calls: sets closed one after another under the same events (the rounds of
/// `Product::until` in [`crate::symbolic::ltl`]) share their sub-diagrams' closures. A closure cut short
/// by a limit keeps the sub-closures it finished in the memo, so one begun again on the same
/// memo ([`Saturator::with_memo`]) goes on from them.
pub(crate) struct Saturator<'a> {
    enc: &'a Encoding,
    layout: &'a Layout,
    events: &'a Events,
    dir: Direction,
    budget: &'a Budget,
    memo: ClosureMemo,
}

// A function handle hashes by its node, which never changes while the handle lives.
#[allow(clippy::mutable_key_type)]
impl<'a> Saturator<'a> {
    pub fn new(
        enc: &'a Encoding,
        layout: &'a Layout,
        events: &'a Events,
        dir: Direction,
        budget: &'a Budget,
    ) -> Saturator<'a> {
        Saturator {
            enc,
            layout,
            events,
            dir,
            budget,
            memo: FxMap::default(),
        }
    }

    /// Goes on from the closures of `memo` (taken from a saturator of the same events and
    /// direction by [`Saturator::into_memo`]).
    pub fn with_memo(mut self, memo: ClosureMemo) -> Saturator<'a> {
        self.memo = memo;
        self
    }

    /// The closures finished so far.
    pub fn into_memo(self) -> ClosureMemo {
        self.memo
    }

    /// The closure of `f` inside `c`: `f` and every state a path of the events links to it
    /// (backward: from which `f` is reached; forward: which `f` reaches) whose states after the
    /// first (backward: before the last) all lie in `c`. `f` need not lie in `c`.
    pub fn closure(&mut self, f: &BDDFunction, c: &BDDFunction) -> BddResult<BDDFunction> {
        self.sat(f, c, 0)
    }

    fn step(&self, e: usize, s: &BDDFunction) -> BddResult<BDDFunction> {
        let n = self.enc.labels.len();
        let r = if e < n {
            &self.enc.labels[e]
        } else {
            &self.events.locals[e - n]
        };
        match self.dir {
            Direction::Backward => r.preimage(s),
            Direction::Forward => r.image(s),
        }
    }

    fn sat(&mut self, f: &BDDFunction, c: &BDDFunction, k: usize) -> BddResult<BDDFunction> {
        if k >= self.enc.blocks.len()
            || !self.events.active_from[k]
            || !f.satisfiable()
            || !c.satisfiable()
        {
            return Ok(f.clone());
        }
        let key = (f.clone(), c.clone(), k);
        if let Some(r) = self.memo.get(&key) {
            return Ok(r.clone());
        }
        let mut node = self.sat_below(f, c, k)?;
        let evs: &'a Events = self.events;
        let events = &evs.events[k];
        if !events.is_empty() {
            let enc = self.enc;
            // the frontier: the states of `node` not yet stepped from by the events of block k
            let frontier = node.clone();
            chain(&mut node, frontier, events, |e, frontier, node| {
                let next = self.step(e, frontier)?.and(c)?;
                self.budget.check(enc)?;
                let fresh = minus(&next, node)?;
                if !fresh.satisfiable() {
                    return Ok(fresh);
                }
                self.sat_below(&fresh, c, k)
            })?;
        }
        self.memo.insert(key, node.clone());
        Ok(node)
    }

    /// `f` with every pair of sub-diagrams below block `k` (of `f` and of `c`, under the same
    /// assignment of the bits of block `k`) closed.
    fn sat_below(&mut self, f: &BDDFunction, c: &BDDFunction, k: usize) -> BddResult<BDDFunction> {
        let mut local = FxMap::default();
        self.rebuild(f, c, k, &mut local)
    }

    #[allow(clippy::type_complexity)]
    fn rebuild(
        &mut self,
        f: &BDDFunction,
        c: &BDDFunction,
        k: usize,
        local: &mut FxMap<(BDDFunction, BDDFunction), BDDFunction>,
    ) -> BddResult<BDDFunction> {
        if !f.satisfiable() {
            return Ok(f.clone());
        }
        let nb = self.enc.blocks.len();
        let (bf, lf) = self.layout.top_block(nb, f);
        let (bc, lc) = self.layout.top_block(nb, c);
        if bf > k && bc > k {
            return self.sat(f, c, k + 1);
        }
        let key = (f.clone(), c.clone());
        if let Some(r) = local.get(&key) {
            return Ok(r.clone());
        }
        let level = lf.min(lc);
        let split = |g: &BDDFunction, lg: LevelNo| match g.cofactors() {
            Some(hl) if lg == level => hl,
            _ => (g.clone(), g.clone()),
        };
        let (fh, fl) = split(f, lf);
        let (ch, cl) = split(c, lc);
        let hi = self.rebuild(&fh, &ch, k, local)?;
        let lo = self.rebuild(&fl, &cl, k, local)?;
        let r = self.enc.node_at(level, &hi, &lo)?;
        local.insert(key, r.clone());
        Ok(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::SystemBuilder;
    use crate::symbolic::ManagerOptions;

    /// A small deterministic generator, so a failure names its seed.
    struct Lcg(u64);
    impl Lcg {
        fn next(&mut self, n: usize) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((self.0 >> 33) % n as u64) as usize
        }
    }

    /// `f ∪ (c ∧ step(result))` to its fixpoint, one whole step of every label per round.
    fn naive(
        enc: &Encoding,
        labels: &[usize],
        dir: Direction,
        f: &BDDFunction,
        c: &BDDFunction,
    ) -> BDDFunction {
        let mut y = f.clone();
        loop {
            let mut next = y.clone();
            for &l in labels {
                let r = &enc.labels[l];
                let s = match dir {
                    Direction::Backward => r.preimage(&y).unwrap(),
                    Direction::Forward => r.image(&y).unwrap(),
                };
                next = next.or(&s.and(c).unwrap()).unwrap();
            }
            if next == y {
                return y;
            }
            y = next;
        }
    }

    /// Random systems of three or four components (local labels, labels shared by two or
    /// three components, some with guards above their support), random sets and constraints,
    /// all labels or a random half: saturation gives the naive fixpoint, both ways. (With the
    /// local labels fired as their transitive closure, as forward saturation does, seed 4
    /// fails: the closure passes through states outside the constraint.)
    #[test]
    fn constrained_saturation_agrees_with_the_naive_fixpoint() {
        for seed in 0..200u64 {
            let mut rng = Lcg(seed);
            let mut b = SystemBuilder::new();
            let n = 3 + rng.next(2);
            let sizes: Vec<usize> = (0..n).map(|_| 2 + rng.next(4)).collect();
            for (i, &size) in sizes.iter().enumerate() {
                let c = b.add_component(&format!("c{i}"));
                for s in 0..size {
                    b.add_state(c, &format!("s{s}")).unwrap();
                }
                b.set_start(c, 0);
            }
            for l in 0..8 {
                let k = 1 + rng.next(3.min(n));
                let mut comps: Vec<usize> = (0..n).collect();
                for i in 0..n {
                    comps.swap(i, i + rng.next(n - i));
                }
                for &c in &comps[..k] {
                    for _ in 0..1 + rng.next(3) {
                        let (from, to) = (rng.next(sizes[c]), rng.next(sizes[c]));
                        b.add_transition(c, from as u32, &format!("l{l}"), to as u32);
                    }
                }
            }
            let sys = b.build().unwrap();
            let order: Vec<usize> = (0..n).collect();
            let mut enc = Encoding::new(&sys, &order, ManagerOptions::small()).unwrap();
            // a guard on the top component for a label whose support lies below it
            if let Some(l) = (0..enc.labels.len()).find(|&l| enc.labels[l].support[0] > 0) {
                let guard = enc.value(0, rng.next(sizes[0]), false).unwrap();
                let rel = enc.labels[l].rel.and(&guard.not().unwrap()).unwrap();
                let support = enc.labels[l].support.clone();
                enc.labels[l] = enc.relation(rel, support).unwrap();
            }
            let random_set = |rng: &mut Lcg, count: usize| {
                let mut f = enc.f();
                for _ in 0..count {
                    let st: Vec<u32> = sizes.iter().map(|&s| rng.next(s) as u32).collect();
                    f = f.or(&enc.state_cube(&st).unwrap()).unwrap();
                }
                f
            };
            let count = 1 + rng.next(3);
            let f = random_set(&mut rng, count);
            let total: usize = sizes.iter().product();
            let c = random_set(&mut rng, total * 2 / 3).and(&enc.valid).unwrap();
            let all: Vec<usize> = crate::symbolic::encoding::bottom_up(&enc);
            let half: Vec<usize> = all.iter().copied().filter(|l| l % 2 == 0).collect();
            let layout = Layout::new(&enc);
            let budget = Budget::unlimited();
            for labels in [&all, &half] {
                let events = Events::new(&enc, &layout, labels).unwrap();
                for dir in [Direction::Backward, Direction::Forward] {
                    let mut sat = Saturator::new(&enc, &layout, &events, dir, &budget);
                    let got = sat.closure(&f, &c).unwrap();
                    // a second set on the same memo
                    let got2 = sat.closure(&c, &f).unwrap();
                    assert!(
                        got == naive(&enc, labels, dir, &f, &c),
                        "seed {seed}, {dir:?}"
                    );
                    assert!(
                        got2 == naive(&enc, labels, dir, &c, &f),
                        "seed {seed}, {dir:?}, second set"
                    );
                }
            }
        }
    }
}
