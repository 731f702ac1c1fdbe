//! The level-ordered iteration: saturation's order of firing on whole BDDs, for `sat-like`
//! reachability, the backward closures of the CTL checker, and the closures of the LTL
//! checker on an over-approximation of the reachable states.
//!
//! Saturation (Ciardo, Lüttgen, Siminiceanu, TACAS 2001; see [`super::saturation`]) fires
//! events in the order of the variable levels, a level only after everything below it is at
//! its local fixpoint.
//!
//! oxidd offers whole-function operations, so this is the level-ordered iteration that LTSmin
//! calls `sat-like` (Blom, van de Pol, "Symbolic reachability for process algebras with recursive
//! data types", ICTAC 2008; LTSmin `--saturation=sat-like`): the labels are grouped by the top
//! level they touch ([`Relation::top_level`](crate::symbolic::Relation)); groups are visited bottom-up,
//! each chained to its local fixpoint; when a group adds states, the iteration restarts at the
//! lowest group that has work, so lower groups are again saturated before higher ones fire.
//!
//! Each group keeps its own frontier: the states added since the group was last at its
//! fixpoint. A group fires only on those states, so revisiting a group after a higher one added
//! a few states costs images of those few states, not of the whole set.
//!
//! Why it is kept beside saturation proper: it works on whole sets, so any step function can
//! drive it (preimages restricted to a set for CTL, product relations for LTL), and on an
//! over-approximation of the reachable states it is far faster than constrained saturation
//! (see `Product::until` in [`crate::symbolic::ltl`]).

use oxidd::bdd::BDDFunction;
use oxidd::BooleanFunction;

use super::chain_loop::chain;
use super::tracker::Tracker;
use crate::symbolic::encoding::{bottom_up, minus, BddResult, Encoding};

/// `items` (already lowest first) cut into runs of equal `top_level`: the groups of
/// [`level_ordered`].
pub(crate) fn group_by_level<R: Copy>(
    items: impl IntoIterator<Item = R>,
    top_level: impl Fn(R) -> u32,
) -> Vec<Vec<R>> {
    let mut groups: Vec<Vec<R>> = Vec::new();
    let mut last = None;
    for r in items {
        let top = top_level(r);
        match groups.last_mut() {
            Some(g) if last == Some(top) => g.push(r),
            _ => groups.push(vec![r]),
        }
        last = Some(top);
    }
    groups
}

/// The labels grouped by top level, lowest group (largest level) first.
fn groups(enc: &Encoding) -> Vec<Vec<usize>> {
    group_by_level(bottom_up(enc), |l| enc.labels[l].top_level())
}

/// The level-ordered iteration behind `sat-like` reachability, the backward closures of the CTL
/// checker and those of the LTL checker on an over-approximation (on the exact reachable
/// states it uses [`super::constrained`]): the closure of `start` under `fire`, where
/// `fire(r, frontier, set)`
/// gives the states one step of `r` leads to from `frontier` (restricted as the caller needs;
/// those already in `set` are dropped here). Groups are visited lowest first, each chained to
/// its local fixpoint on its own frontier (the states added since it last ran); after a group
/// adds states, the iteration restarts at the lowest group that has work. Returns the closure
/// and the number of group activations.
pub(crate) fn level_ordered<R: Copy>(
    enc: &Encoding,
    groups: &[Vec<R>],
    start: &BDDFunction,
    fire: impl FnMut(R, &BDDFunction, &BDDFunction) -> BddResult<BDDFunction>,
) -> BddResult<(BDDFunction, usize)> {
    let mut it = LevelOrdered::new(groups.len(), start);
    it.run(enc, groups, fire)?;
    Ok((it.set, it.activations))
}

/// A [`level_ordered`] iteration that can be cut short (by a limit of its `fire`) and resumed
/// where it stopped: a closure that takes longer than one time share is not begun again in the
/// next (RERS 2016 problem 119, whose closures on the projections can each take longer than a
/// share and whose twenty properties share the time limit;
/// docs/benchmarks.md, "Resumable closures").
///
/// Between group activations, `todo[g]` holds the states of `set` that group `g` has not
/// stepped from. A cut inside a group's chain leaves `set` grown by states no group has
/// stepped from, and the group's frontier partly stepped from; both go back into the todo
/// sets, so a resumed run returns the closure an uncut one would.
pub(crate) struct LevelOrdered {
    /// The states found so far (the closure, once [`LevelOrdered::run`] has returned `Ok`).
    pub set: BDDFunction,
    todo: Vec<BDDFunction>,
    /// [`Encoding::reorder_count`] when `todo` was last arranged by group: the groups of a
    /// run after a reordering are those of the new order.
    epoch: Option<u64>,
    /// Group activations so far.
    pub activations: usize,
    start: BDDFunction,
}

impl LevelOrdered {
    pub fn new(num_groups: usize, start: &BDDFunction) -> LevelOrdered {
        LevelOrdered {
            set: start.clone(),
            todo: vec![start.clone(); num_groups],
            epoch: None,
            activations: 0,
            start: start.clone(),
        }
    }

    /// Runs (or resumes) the iteration to the closure. After an error of `fire` the iteration
    /// resumes where it stopped; should the repair itself run out of memory, it begins again
    /// from the start.
    pub fn run<R: Copy>(
        &mut self,
        enc: &Encoding,
        groups: &[Vec<R>],
        mut fire: impl FnMut(R, &BDDFunction, &BDDFunction) -> BddResult<BDDFunction>,
    ) -> BddResult<()> {
        let epoch = enc.reorder_count();
        if self.epoch.is_some_and(|e| e != epoch) || self.todo.len() != groups.len() {
            // Regrouped after a reordering: a state some old group had not stepped from may
            // not have been stepped from by any label of a new group.
            let mut all = enc.f();
            for td in &self.todo {
                all = all.or(td)?;
            }
            self.todo = vec![all; groups.len()];
        }
        self.epoch = Some(epoch);
        let mut k = 0;
        while k < groups.len() {
            if !self.todo[k].satisfiable() {
                k += 1;
                continue;
            }
            self.activations += 1;
            // chain the group to its local fixpoint, starting from its frontier
            let frontier = std::mem::replace(&mut self.todo[k], enc.f());
            let before = self.set.clone();
            let added = match chain(&mut self.set, frontier.clone(), &groups[k], &mut fire) {
                Ok(added) => added,
                Err(e) => {
                    if self.repair(k, &frontier, &before).is_err() {
                        *self = LevelOrdered::new(self.todo.len(), &self.start);
                    }
                    return Err(e);
                }
            };
            if added.satisfiable() {
                self.note_added(k, &added)?;
                // lower groups must see the new states before anything higher fires
                k = 0;
            } else {
                k += 1;
            }
        }
        Ok(())
    }

    /// After a cut in group `k`'s chain from `frontier`, when the set was `before`: the
    /// group has yet to step from its frontier and what the chain added, every other group
    /// from the latter.
    fn repair(&mut self, k: usize, frontier: &BDDFunction, before: &BDDFunction) -> BddResult<()> {
        let added = minus(&self.set, before)?;
        self.todo[k] = frontier.or(&added)?;
        self.note_added(k, &added)
    }

    /// Every group but `k` has yet to step from `added`.
    fn note_added(&mut self, k: usize, added: &BDDFunction) -> BddResult<()> {
        for (g, td) in self.todo.iter_mut().enumerate() {
            if g != k {
                *td = td.or(added)?;
            }
        }
        Ok(())
    }
}

/// The reachable states by saturation-style iteration, from `start` (a set of reachable
/// states that holds the initial state).
pub(crate) fn saturate(
    enc: &Encoding,
    t: &mut Tracker,
    start: &BDDFunction,
) -> BddResult<BDDFunction> {
    let (reach, activations) = level_ordered(enc, &groups(enc), start, |l, frontier, reach| {
        let img = t.image(&enc.labels[l], frontier)?;
        t.image_done(reach)?;
        Ok(img)
    })?;
    t.counters.iterations += activations as u64;
    Ok(reach)
}

#[cfg(test)]
mod tests {
    use super::{groups, level_ordered, LevelOrdered};
    use crate::error::{Error, Limit};
    use crate::gen::{random, RandomSpec};
    use crate::symbolic::{Encoding, ManagerOptions};
    use oxidd::bdd::BDDFunction;

    /// A level-ordered closure cut by its `fire` every few steps and resumed each time gives
    /// the closure of an uncut run, forward and backward, on random systems.
    #[test]
    fn a_cut_level_ordered_closure_resumes_to_the_same_set() {
        let mut cuts = 0;
        for seed in 0..60 {
            let spec = RandomSpec {
                components: 3 + seed as usize % 3,
                states_per_component: 4 + seed as usize % 4,
                seed,
                ..RandomSpec::default()
            };
            let sys = random(&spec).unwrap();
            let order: Vec<usize> = (0..sys.components().len()).collect();
            let enc = Encoding::new(&sys, &order, ManagerOptions::small()).unwrap();
            let groups = groups(&enc);
            for backward in [false, true] {
                let step = |l: usize, frontier: &BDDFunction| {
                    let r = &enc.labels[l];
                    if backward {
                        r.preimage(frontier)
                    } else {
                        r.image(frontier)
                    }
                };
                let (whole, _) =
                    level_ordered(&enc, &groups, &enc.initial, |l, fr, _| step(l, fr)).unwrap();
                let mut it = LevelOrdered::new(groups.len(), &enc.initial);
                // each run cut after a number of steps that doubles, as the time slices do
                // (a chain cut at a fixed step would start its group again every time)
                let mut every = 1 + seed as usize % 3;
                loop {
                    let mut calls = 0usize;
                    let r = it.run(&enc, &groups, |l, fr, _| {
                        calls += 1;
                        if calls > every {
                            return Err(Error::Limit(Limit::Time { seconds: 0.0 }));
                        }
                        step(l, fr)
                    });
                    match r {
                        Ok(()) => break,
                        Err(_) => cuts += 1,
                    }
                    every *= 2;
                }
                assert!(it.set == whole, "seed {seed}, backward {backward}");
            }
        }
        assert!(cuts > 300, "only {cuts} cuts");
    }
}
