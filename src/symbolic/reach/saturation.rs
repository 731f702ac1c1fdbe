//! Saturation proper (Ciardo, Lüttgen, Siminiceanu, "Saturation: an efficient iteration
//! strategy for symbolic state-space generation", TACAS 2001): the `sat` and `sat-frontier`
//! reachability strategies.
//!
//! Saturation fires events in the order of the variable levels: an event whose topmost
//! variable is at level k is fired only after everything below level k is at its local
//! fixpoint, and a node is *saturated* when no event at or below its level adds states. The
//! gain comes from never copying unsaturated sub-diagrams upwards.
//!
//! Here a block of bits (one component) plays the role of an MDD level, and the recursion
//! walks the bits of a block with cofactors and rebuilds with `ite` ([`saturate_recursive`]
//! says how). Why this shape: the encoding is binary, and cofactors and `ite` on a BDD are
//! enough to visit every sub-diagram below a block; memoising per `(sub-diagram, block)` is
//! where saturation saves work. It is the fastest strategy on the
//! RERS problems by far (see [`super`]); the level-ordered iteration on whole sets
//! ([`super::level_ordered`]) is its simpler cousin.

use oxidd::bdd::BDDFunction;
use oxidd::{BooleanFunction, BooleanFunctionQuant, LevelNo};

use super::chain_loop::chain;
use super::layout::{active_from, merge_local_labels, merge_same_support, Layout};
use super::tracker::Tracker;
use crate::error::Error;
use crate::symbolic::encoding::{minus, BddResult, Encoding, FxMap, Relation};

/// The saturated sub-diagrams of [`saturate_recursive`], per `(sub-diagram, block)`. Each entry
/// is final once made, so a saturation cut short by a limit and started again with the same
/// memo (on the same encoding) redoes only the unfinished part: the resumable runs of
/// [`super::ReachRun`].
// A function handle hashes by its node, which never changes while the handle lives.
#[allow(clippy::mutable_key_type)]
#[derive(Default)]
pub(crate) struct SatMemo {
    /// Per `(sub-diagram, position)`.
    map: FxMap<(BDDFunction, usize), BDDFunction>,
    /// [`Encoding::reorder_count`] of the entries: positions change with the order.
    epoch: u64,
}

impl SatMemo {
    /// Drops the entries (they stay valid while the order does).
    pub fn clear(&mut self) {
        self.map.clear();
    }
}

/// Saturation proper, at the granularity of blocks (Ciardo et al., TACAS 2001, with a block of
/// bits playing the role of an MDD level).
///
/// The labels that move one block alone are fired as one event, the reflexive-transitive
/// closure of their relations ([`Encoding::local_closure`]), so a block reaches its local
/// fixpoint in one image. Finished `(sub-diagram, block)` results go to `memo`, which a later
/// call on the same encoding can reuse after a limit cut this one short.
///
/// `sat(f, k)` takes a set `f` that mentions only blocks `k` and below and returns its closure
/// under every label whose top block is `k` or lower. It first saturates the sub-diagrams below
/// block `k` (walking the bits of block `k` with cofactors and rebuilding with `ite`), then
/// chains the labels of block `k` to their fixpoint; every image is saturated below `k` before
/// it is added. A union of sets closed under the labels below `k` is closed under them too
/// (those labels never change block `k`), so the result stays saturated. Results are memoised
/// per `(sub-diagram, block)`, which is where saturation saves work: a sub-diagram shared by
/// many paths is saturated once.
///
/// A label of block `k` whose lowest block is `j` fires on the states of the saturated node
/// that agree on blocks `0..=j` with a state not yet stepped from (the frontier), not on the
/// frontier itself. Each cofactor of its image by blocks `0..=j` is then a union of cofactors
/// of the node, all saturated, so only blocks `k..=j` of the image need saturating, and the
/// sub-diagrams below `j` are ones the memo already holds: Ciardo's `RecFire`, which fires an
/// event on whole saturated children and saturates only the levels the event touches. With
/// `frontier` (strategy `sat-frontier`), the label fires on the exact frontier instead, and the
/// new states, whose sub-diagrams below `j` are differences of saturated sets and no longer
/// saturated, are saturated all the way down: fewer states per image, but far more distinct
/// sub-diagrams to saturate. On the 35 RERS problems that is far slower on the two hardest
/// (2017 problem 108, 2016 problem 119: seconds with the masked firing, not done in the time
/// given without it; docs/benchmarks.md, "Saturation firing"); kept as an independent second
/// computation.
///
/// The recursion walks *positions* in the current variable order ([`Layout`]), so it works in
/// whatever order group sifting ([`crate::symbolic::reorder`]) left the blocks. When a check
/// stops it (a limit, or a request to reorder), every call on the stack leaves what it had
/// closed in [`Tracker::salvage`], under the assignment of the blocks above that led to it:
/// reachable states for a run that starts again from them after a reordering, which drops the
/// memo (keyed by position).
pub(crate) fn saturate_recursive(
    enc: &Encoding,
    t: &mut Tracker,
    frontier: bool,
    memo: &mut SatMemo,
    start: &BDDFunction,
) -> BddResult<BDDFunction> {
    let plan = SatPlan::new(enc, frontier, None)?;
    saturate_with(enc, t, &plan, memo, start)
}

/// [`saturate_recursive`] with masked firing under the labels `only` (indices into
/// `enc.labels`) instead of all: the forward closure of `start` under them. The LTL probe
/// closes the slice of an automaton state under the labels of its self-loops this way
/// (`ltl/slices.rs`). `memo` must only ever serve the same set of labels: its entries are
/// closures under them.
///
/// `plan` is [`SatPlan::new`] of `only`, made once for many calls (its setup, the closures of
/// the local labels above all, is not free); it is made again when the variables have been
/// reordered since.
pub(crate) fn saturate_only(
    enc: &Encoding,
    t: &mut Tracker,
    memo: &mut SatMemo,
    plan: &mut Option<SatPlan>,
    start: &BDDFunction,
    only: &[usize],
) -> BddResult<BDDFunction> {
    if plan
        .as_ref()
        .is_none_or(|p| p.layout.epoch() != enc.reorder_count())
    {
        *plan = Some(SatPlan::new(enc, false, Some(only))?);
    }
    match plan {
        Some(plan) => saturate_with(enc, t, plan, memo, start),
        None => Err(crate::error::Error::Internal(
            "saturation plan missing".into(),
        )),
    }
}

/// Where the labels of a saturation fire and what they need, for the current variable order
/// (see [`saturate_recursive`]).
pub(crate) struct SatPlan {
    layout: Layout,
    events: Vec<Vec<usize>>,
    /// The lowest block each label's relation reads or writes.
    bottom: Vec<usize>,
    /// below_cube[j]: all variables of the blocks below block j.
    below_cube: Vec<BDDFunction>,
    /// Fire on the exact frontier (`sat-frontier`) rather than on masked saturated sets.
    frontier: bool,
    active_from: Vec<bool>,
    /// Event `enc.labels.len() + i` is `closures[i]`: the closure of one block's local labels,
    /// or the union of the synchronised labels of one support.
    closures: Vec<Relation>,
}

impl SatPlan {
    fn new(enc: &Encoding, frontier: bool, only: Option<&[usize]>) -> BddResult<SatPlan> {
        let nb = enc.blocks.len();
        let layout = Layout::new(enc);
        let at = &layout.at;
        let mut events: Vec<Vec<usize>> = vec![Vec::new(); nb];
        let mut bottom = vec![0; enc.labels.len()];
        for (l, r) in enc.labels.iter().enumerate() {
            if only.is_some_and(|o| !o.contains(&l)) {
                continue;
            }
            let k = layout.fire_pos[l];
            if k < nb {
                events[k].push(l);
            }
            // the lowest position the relation reads or writes: its support's lowest block, or
            // lower if the relation also reads a block below its support
            let mut low = r
                .support
                .iter()
                .map(|&b| at.pos[b])
                .max()
                .unwrap_or(0)
                .max(k);
            // only masked firing needs it
            if !frontier {
                low = low.max(layout.bottom_block(nb, &r.rel));
            }
            bottom[l] = low;
        }
        let mut below_cube = vec![enc.t(); nb];
        for j in (0..nb.saturating_sub(1)).rev() {
            below_cube[j] = below_cube[j + 1].and(&enc.cube(&[at.order[j + 1]], true)?)?;
        }
        // The labels that move one block alone fire as one relation, their reflexive-transitive
        // closure: one image instead of rounds of chaining on every saturated sub-diagram. On the
        // 2016-style problems (most labels local to one small component) this is most of the images.
        let merged = merge_local_labels(enc, at, &mut events, |b, local| {
            let rels: Vec<&Relation> = local.iter().map(|&l| &enc.labels[l]).collect();
            enc.local_closure(b, &rels)
        })?;
        let mut closures = Vec::new();
        for (k, closure) in merged {
            bottom.push(k);
            closures.push(closure);
        }
        // The synchronised labels of one support fire as one event, their union: one image
        // instead of one per label (a Petri net's transitions are labels of their own; the
        // steps of DES-PT-40a's four counters are 40 transitions over the same two units).
        let first = enc.labels.len() + closures.len();
        for (low, union) in merge_same_support(enc, &mut events, &bottom, first)? {
            bottom.push(low);
            closures.push(union);
        }
        // no label at or below block k: nothing to saturate there
        let active_from = active_from(&events);
        Ok(SatPlan {
            layout,
            events,
            bottom,
            below_cube,
            frontier,
            active_from,
            closures,
        })
    }
}

/// Saturation of `start` by `plan`.
fn saturate_with(
    enc: &Encoding,
    t: &mut Tracker,
    plan: &SatPlan,
    memo: &mut SatMemo,
    start: &BDDFunction,
) -> BddResult<BDDFunction> {
    t.partial_sets();
    if memo.epoch != enc.reorder_count() {
        // keyed by position, which a reordering changes
        memo.map.clear();
        memo.epoch = enc.reorder_count();
    }
    let mut s = Sat {
        enc,
        t,
        plan,
        memo,
        path: Vec::new(),
    };
    s.sat(start, 0, enc.blocks.len())
}

struct Sat<'a, 'b, 'c, 'm> {
    enc: &'a Encoding,
    t: &'b mut Tracker<'c>,
    plan: &'a SatPlan,
    memo: &'m mut SatMemo,
    /// The levels and values of the variables walked from the set saturation started from
    /// to the sub-diagram at hand: what [`Sat::salvage`] puts above a partial result.
    path: Vec<(LevelNo, bool)>,
}

// A function handle hashes by its node, which never changes while the handle lives.
#[allow(clippy::mutable_key_type)]
impl Sat<'_, '_, '_, '_> {
    /// The position of `f`'s top block (the number of blocks for a constant).
    fn top_block(&self, f: &BDDFunction) -> (usize, LevelNo) {
        self.plan.layout.top_block(self.enc.blocks.len(), f)
    }

    /// The closure of `f` (a set over blocks `k` and below) under every label whose top block
    /// is `k` or lower. `closed` is a promise about `f`: for every `j >= closed`, each cofactor
    /// of `f` by an assignment of blocks `0..=j` is already closed under the labels whose top
    /// block is below `j`; so nothing below block `closed` needs to be saturated again.
    ///
    /// The promise holds for the image of a set that is saturated below `k` under a label whose
    /// lowest block is `j`: each cofactor of the image by blocks `0..=j` is a union of cofactors
    /// of the set by blocks `0..=j`, and a union of closed sets is closed.
    fn sat(&mut self, f: &BDDFunction, k: usize, closed: usize) -> BddResult<BDDFunction> {
        if k > closed || k >= self.enc.blocks.len() || !self.plan.active_from[k] || !f.satisfiable()
        {
            return Ok(f.clone());
        }
        let key = (f.clone(), k);
        if let Some(r) = self.memo.map.get(&key) {
            self.t.counters.memo_hits += 1;
            return Ok(r.clone());
        }
        let mut node = self.sat_below(f, k, closed)?;
        if !self.plan.events[k].is_empty() {
            let events = self.plan.events[k].clone();
            let enc = self.enc;
            // the frontier: the states of `node` not yet expanded by the labels of block k
            let frontier = node.clone();
            let r = chain(&mut node, frontier, &events, |l, frontier, node| {
                let j = self.plan.bottom[l];
                let (src, promise) = if !self.plan.frontier {
                    if frontier == node {
                        // the first round: nothing stepped from yet, the mask would be all
                        (node.clone(), j)
                    } else {
                        // the states of `node` that agree on blocks 0..=j with a frontier
                        // state: each cofactor by blocks 0..=j is a cofactor of `node` or empty
                        let mask = frontier.exists(&self.plan.below_cube[j])?;
                        (node.and(&mask)?, j)
                    }
                } else {
                    // the exact frontier: its image's cofactors promise nothing
                    (frontier.clone(), enc.blocks.len())
                };
                let n = self.enc.labels.len();
                let rel = if l < n {
                    &self.enc.labels[l]
                } else {
                    &self.plan.closures[l - n]
                };
                let img = self.t.image(rel, &src)?;
                self.t.image_done(node)?;
                let fresh = minus(&img, node)?;
                if !fresh.satisfiable() {
                    return Ok(fresh);
                }
                // without the promise, saturate only the new states (half the work of
                // saturating the whole image on 2017 problem 113)
                let img = if self.plan.frontier { fresh } else { img };
                self.sat_below(&img, k, promise)
            });
            if let Err(e) = r {
                self.salvage(None, &node, &e);
                return Err(e);
            }
        }
        // iterations: saturated (sub-diagram, block) pairs
        self.t.counters.iterations += 1;
        self.memo.map.insert(key, node.clone());
        Ok(node)
    }

    /// `f` with every sub-diagram below block `k` saturated (see [`Sat::sat`] for `closed`).
    fn sat_below(&mut self, f: &BDDFunction, k: usize, closed: usize) -> BddResult<BDDFunction> {
        let mut local = FxMap::default();
        self.rebuild(f, k, closed, &mut local)
    }

    fn rebuild(
        &mut self,
        f: &BDDFunction,
        k: usize,
        closed: usize,
        local: &mut FxMap<BDDFunction, BDDFunction>,
    ) -> BddResult<BDDFunction> {
        let (b, level) = self.top_block(f);
        if b > k {
            return self.sat(f, k + 1, closed);
        }
        if let Some(r) = local.get(f) {
            return Ok(r.clone());
        }
        let Some((hi, lo)) = f.cofactors() else {
            return Ok(f.clone());
        };
        self.path.push((level, true));
        let hi = self.rebuild(&hi, k, closed, local);
        self.path.pop();
        let hi = hi?;
        self.path.push((level, false));
        let lo = self.rebuild(&lo, k, closed, local);
        self.path.pop();
        let lo = match lo {
            Ok(lo) => lo,
            Err(e) => {
                self.salvage(Some((level, true)), &hi, &e);
                return Err(e);
            }
        };
        let r = self.enc.node_at(level, &hi, &lo)?;
        local.insert(f.clone(), r.clone());
        Ok(r)
    }

    /// On the way out of a run stopped by `e` to reorder: adds `set`, closed as far as the
    /// run got, under [`Sat::path`] (and `last`) to the states the run leaves. Every state
    /// added is reachable: the path leads from a set of reachable states to a sub-diagram of
    /// it, and `set` is that sub-diagram closed under labels that leave the blocks above
    /// unchanged. Best effort: a failure here only leaves fewer states.
    fn salvage(&mut self, last: Option<(LevelNo, bool)>, set: &BDDFunction, e: &Error) {
        if !matches!(e, Error::Reorder) {
            return;
        }
        let mut cube = set.clone();
        for &(level, value) in self.path.iter().chain(&last).rev() {
            let lit = match value {
                true => self.enc.node_at(level, &self.enc.t(), &self.enc.f()),
                false => self.enc.node_at(level, &self.enc.f(), &self.enc.t()),
            };
            match lit.and_then(|l| Ok(l.and(&cube)?)) {
                Ok(c) => cube = c,
                Err(_) => return,
            }
        }
        if let Ok(s) = self.t.salvage.or(&cube) {
            self.t.salvage = s;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{reach_with, reachable, Strategy};
    use super::*;
    use crate::gen::rng::Rng;
    use crate::limits::Budget;
    use crate::model::SystemBuilder;
    use crate::symbolic::{Encoding, ManagerOptions};
    use oxidd::BooleanFunction;

    /// Saturation under some of the labels (the LTL probe's slices) is the naive forward
    /// fixpoint under those labels, from the initial state and from random sets of valid
    /// states, also when cut by slices of work and resumed with the memo, which later calls
    /// from other start sets share.
    #[test]
    fn saturation_under_some_labels_is_their_forward_fixpoint() {
        let (mut cuts, mut narrower) = (0, 0);
        for seed in 0..40u64 {
            let enc = super::super::random_encoding(seed, 3, 6);
            let mut rng = Rng::new(seed);
            let only: Vec<usize> = (0..enc.labels.len()).filter(|_| rng.chance(0.6)).collect();
            let naive = |start: &BDDFunction| {
                let mut y = start.clone();
                loop {
                    let mut next = y.clone();
                    for &l in &only {
                        next = next.or(&enc.labels[l].image(&y).unwrap()).unwrap();
                    }
                    if next == y {
                        return y;
                    }
                    y = next;
                }
            };
            let some = {
                let c = enc.valid.pick_cube_dd(|_, _, _| rng.chance(0.5)).unwrap();
                c.and(&enc.valid).unwrap()
            };
            let mut memo = SatMemo::default();
            let mut plan = None;
            for start in [&enc.initial, &some] {
                let want = naive(start);
                let mut work = 1 + seed as usize % 5;
                let got = loop {
                    let b = Budget::unlimited();
                    let sliced = b.slice(&enc, work);
                    let mut t = Tracker::new(&enc, &sliced);
                    let r = saturate_only(&enc, &mut t, &mut memo, &mut plan, start, &only);
                    match b.unless_sliced(r).unwrap() {
                        Some(r) => break r,
                        None => cuts += 1,
                    }
                    work *= 2;
                };
                assert!(got == want, "seed {seed}");
            }
            if naive(&enc.initial) != reachable(&enc, &Budget::unlimited()).unwrap() {
                narrower += 1;
            }
        }
        assert!(
            cuts > 20 && narrower > 10,
            "{cuts} cuts, {narrower} narrower"
        );
    }

    /// Synchronised labels of one support fire as one event, their union
    /// ([`merge_same_support`]): saturation, masked and on the frontier, still gives the
    /// breadth-first set on random systems, many of which have such groups merged (a merged
    /// label is no longer an event of its own), and many a group left apart because its union
    /// is too large a share of its members ([`super::super::layout::MERGE_SHARE`]).
    #[test]
    fn labels_of_one_support_merged_keep_the_reachable_set() {
        let (mut merged_systems, mut apart_systems) = (0, 0);
        for seed in 0..60u64 {
            let enc = super::super::random_encoding(seed, 2, 8);
            let plan = SatPlan::new(&enc, false, None).unwrap();
            let kept: Vec<usize> = plan.events.iter().flatten().copied().collect();
            if (0..enc.labels.len()).any(|l| enc.labels[l].support.len() > 1 && !kept.contains(&l))
            {
                merged_systems += 1;
            }
            // two synchronised labels of one support still events of their own at one position
            let n = enc.labels.len();
            let apart = plan.events.iter().any(|evs| {
                evs.iter().enumerate().any(|(i, &a)| {
                    a < n
                        && enc.labels[a].support.len() > 1
                        && evs[i + 1..]
                            .iter()
                            .any(|&b| b < n && enc.labels[b].support == enc.labels[a].support)
                })
            });
            if apart {
                apart_systems += 1;
            }
            let budget = Budget::unlimited();
            let (bfs, _) = reach_with(&enc, Strategy::Bfs, &budget).unwrap();
            for strategy in [Strategy::Sat, Strategy::SatFrontier] {
                let (sat, _) = reach_with(&enc, strategy, &budget).unwrap();
                assert!(sat == bfs, "seed {seed}, {strategy:?}");
            }
        }
        assert!(merged_systems > 10, "{merged_systems} systems with a merge");
        assert!(
            apart_systems > 10,
            "{apart_systems} systems with a group left apart"
        );
    }

    /// A relation that reads a block above its declared support (as a product construction
    /// may build): every strategy must give the set chaining gives.
    #[test]
    fn guards_above_the_support_are_respected() {
        let mut b = SystemBuilder::new();
        let c0 = b.add_component("c0");
        let c1 = b.add_component("c1");
        for c in [c0, c1] {
            for s in ["0", "1", "2"] {
                b.add_state(c, s).unwrap();
            }
            b.set_start(c, 0);
        }
        b.add_transition(c0, 0, "a", 1);
        b.add_transition(c1, 0, "b", 1);
        b.add_transition(c1, 1, "c", 2);
        let sys = b.build().unwrap();
        let mut enc = Encoding::new(&sys, &[0, 1], ManagerOptions::small()).unwrap();
        // b may fire only where c0 is in state 1; support stays block 1 (c1)
        let lb = sys.label_id("b").unwrap();
        let guard = enc.value(0, 1, false).unwrap();
        let rel = enc.labels[lb].rel.and(&guard).unwrap();
        enc.labels[lb] = enc.relation(rel, vec![1]).unwrap();
        let budget = Budget::unlimited();
        let (chain, _) = reach_with(&enc, Strategy::Chain, &budget).unwrap();
        for s in [
            Strategy::Sat,
            Strategy::SatFrontier,
            Strategy::SatLike,
            Strategy::Bfs,
            Strategy::ChainFull,
        ] {
            let (r, _) = reach_with(&enc, s, &budget).unwrap();
            assert!(r == chain, "{s}");
        }
        // (0,0) (1,0) (1,1) (1,2)
        assert_eq!(enc.count(&chain).to_string(), "4");
    }
}
