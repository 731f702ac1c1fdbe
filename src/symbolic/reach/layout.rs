//! Where the blocks of an encoding sit in the variable order, where each label fires, and
//! which labels move one block alone: the placement both saturations need (Ciardo et al.'s,
//! [`super::saturation`], and Zhao and Ciardo's constrained form, [`super::constrained`]).
//!
//! A saturation fires an event at the top block it touches, after everything below is closed.
//! The labels that move one block alone are merged into one event per block, fired first, so
//! the synchronised labels see every local successor; forward saturation merges them into
//! their reflexive-transitive closure, constrained saturation into one step (a closure would
//! pass through states outside the constraint), which is why the merge takes the relation to
//! build as an argument.

use oxidd::bdd::BDDFunction;
use oxidd::{BooleanFunction, BooleanFunctionQuant, Function, LevelNo, Manager, ManagerRef};

use crate::symbolic::encoding::{BddResult, Encoding, Positions, Relation};

/// Where the blocks of an encoding sit in the variable order, and the position each label
/// fires at: the same for every set of labels on one encoding, until the variables are
/// reordered ([`Layout::epoch`]). Saturation walks positions (0 = top block); a block's index
/// in [`Encoding::blocks`] names it for good.
pub(crate) struct Layout {
    /// The blocks by position (see [`Positions`]).
    pub at: Positions,
    /// The position of the block of each level (the number of blocks for levels outside every
    /// block).
    pub pos_of_level: Vec<usize>,
    /// Per label of the encoding: the position of the top block it touches, the first block of
    /// its support or higher if its relation also reads a variable above (a guard outside the
    /// declared support), so that a step of a set over positions `k..` never mentions a block
    /// above `k`. The number of blocks for a label that touches no block.
    pub fire_pos: Vec<usize>,
    /// [`Encoding::reorder_count`] when the layout was taken.
    epoch: u64,
}

impl Layout {
    pub fn new(enc: &Encoding) -> Layout {
        let nb = enc.blocks.len();
        let at = enc.positions();
        let mut pos_of_level = vec![nb; enc.num_vars() as usize];
        enc.manager.with_manager_shared(|m| {
            for (b, bv) in enc.blocks.iter().enumerate() {
                for &(c, n) in &bv.bits {
                    pos_of_level[m.var_to_level(c) as usize] = at.pos[b];
                    pos_of_level[m.var_to_level(n) as usize] = at.pos[b];
                }
            }
        });
        let fire_pos = enc
            .labels
            .iter()
            .map(|r| {
                let level = r.rel.with_manager_shared(|m, e| m.get_node(e).level());
                let rel_top = if level == LevelNo::MAX {
                    nb
                } else {
                    pos_of_level[level as usize]
                };
                let support_top = r.support.iter().map(|&b| at.pos[b]).min().unwrap_or(nb);
                support_top.min(rel_top)
            })
            .collect();
        Layout {
            at,
            pos_of_level,
            fire_pos,
            epoch: enc.reorder_count(),
        }
    }

    /// [`Encoding::reorder_count`] when the layout was taken: it holds until the variables
    /// are reordered again.
    pub fn epoch(&self) -> u64 {
        self.epoch
    }

    /// The position of the block of `f`'s top variable and its level (at least the number of
    /// blocks for a constant).
    pub fn top_block(&self, nb: usize, f: &BDDFunction) -> (usize, LevelNo) {
        let level = f.with_manager_shared(|m, e| m.get_node(e).level());
        if level == LevelNo::MAX {
            (self.pos_of_level.len().max(nb), level)
        } else {
            (self.pos_of_level[level as usize], level)
        }
    }

    /// The position of the lowest block `f` reads (0 for a constant), from one walk over its
    /// nodes: a reduced BDD has a node only where the function depends on the variable. It
    /// was a quantification per block below the label's support, O(blocks) per label, which
    /// made saturation's setup quadratic: on thousands of two-state components it ran long
    /// before the first image, with no limit checked (docs/benchmarks.md, "Saturation setup").
    #[allow(clippy::mutable_key_type)] // a function handle hashes by its node
    pub fn bottom_block(&self, nb: usize, f: &BDDFunction) -> usize {
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![f.clone()];
        let mut low = 0;
        while let Some(g) = stack.pop() {
            let Some((hi, lo)) = g.cofactors() else {
                continue; // a constant
            };
            if !seen.insert(g.clone()) {
                continue;
            }
            let (pos, _) = self.top_block(nb, &g);
            if pos < nb {
                low = low.max(pos);
            }
            stack.push(hi);
            stack.push(lo);
        }
        low
    }
}

/// Whether label `l` moves block `b` alone: support `[b]` and a relation that reads nothing
/// else. The local labels of a block fire together as one event.
fn is_local(enc: &Encoding, l: usize, b: usize) -> BddResult<bool> {
    let r = &enc.labels[l];
    if r.support != [b] {
        return Ok(false);
    }
    let both = r.cur_cube.and(&r.next_cube)?;
    Ok(r.rel.exists(&both)?.valid())
}

/// Replaces the labels at each position in `events` that move its block alone
/// ([`is_local`]) by one event, `enc.labels.len() + i` for the `i`-th position that has any,
/// placed first (the synchronised labels then see every local successor); `merge(b, labels)`
/// gives the relation of block `b`'s. Returns the positions and relations of those events, in
/// order of `i`.
pub(crate) fn merge_local_labels(
    enc: &Encoding,
    at: &Positions,
    events: &mut [Vec<usize>],
    mut merge: impl FnMut(usize, &[usize]) -> BddResult<Relation>,
) -> BddResult<Vec<(usize, Relation)>> {
    let mut merged = Vec::new();
    for (k, evs) in events.iter_mut().enumerate() {
        let b = at.order[k];
        let mut local = Vec::new();
        for &l in evs.iter() {
            if is_local(enc, l, b)? {
                local.push(l);
            }
        }
        if local.is_empty() {
            continue;
        }
        let rel = merge(b, &local)?;
        evs.retain(|l| !local.contains(l));
        evs.insert(0, enc.labels.len() + merged.len());
        merged.push((k, rel));
    }
    Ok(merged)
}

/// `active_from[k]`: some event fires at position `k` or below (one entry more than blocks).
pub(crate) fn active_from(events: &[Vec<usize>]) -> Vec<bool> {
    let mut active = vec![false; events.len() + 1];
    for k in (0..events.len()).rev() {
        active[k] = active[k + 1] || !events[k].is_empty();
    }
    active
}

/// The largest share of its members' nodes (together) a union of [`merge_same_support`] may
/// have, as a fraction `numerator / denominator`.
pub(crate) const MERGE_SHARE: (usize, usize) = (3, 4);

/// Replaces the labels at each position of `events` (indices into `enc.labels`) that share
/// one support by one event, the union of their relations, `first + i` for the `i`-th group
/// merged, in the place of the group's first label; `bottom[l]` is the lowest position label
/// `l` reads, and the union's is the lowest of its members'. A group stays apart unless its
/// union has at most [`MERGE_SHARE`] of the nodes of its members together. Returns each
/// union's lowest position and relation, in order of `i`.
///
/// Why: a Petri net names each transition a label of its own, and the transitions that move
/// the same units (a counter's steps, each with the same partner) are then so many events,
/// each an image of its own on every saturated sub-diagram, where one image of their union
/// does the same work. Entries of `events` at `first` or above (merged local labels) stay.
///
/// Why the share: a union pays where its members share moves (the union of moves that differ
/// in one unit is hardly larger than one of them: UtahNoC-PT-none's 47 steps over two units,
/// 87 nodes against 1,128 apart); members that differ in every unit give a union about as
/// large as they are together, one image that does what theirs did apart, but later events of
/// the same round no longer see the states one of them adds (RERS 2017 problem 108: three
/// pairs of labels at 78–88 % of their nodes apart, 11 % more saturated sub-diagrams and
/// 10 % more nodes at the peak when merged; docs/benchmarks.md, "One event per support").
pub(crate) fn merge_same_support(
    enc: &Encoding,
    events: &mut [Vec<usize>],
    bottom: &[usize],
    first: usize,
) -> BddResult<Vec<(usize, Relation)>> {
    let n = enc.labels.len();
    let mut merged = Vec::new();
    for evs in events.iter_mut() {
        let mut out: Vec<usize> = Vec::with_capacity(evs.len());
        let mut done = vec![false; evs.len()];
        for i in 0..evs.len() {
            if done[i] {
                continue;
            }
            let l = evs[i];
            let group: Vec<usize> = if l < n {
                (i..evs.len())
                    .filter(|&j| evs[j] < n && enc.labels[evs[j]].support == enc.labels[l].support)
                    .collect()
            } else {
                vec![i]
            };
            for &j in &group {
                done[j] = true;
            }
            if group.len() == 1 {
                out.push(l);
                continue;
            }
            let mut rel = enc.f();
            let (mut low, mut apart) = (0, 0);
            for &j in &group {
                let r = &enc.labels[evs[j]].rel;
                rel = rel.or(r)?;
                low = low.max(bottom[evs[j]]);
                apart += r.node_count();
            }
            let (num, den) = MERGE_SHARE;
            if rel.node_count() * den > apart * num {
                // the members share too few moves (RERS labels over the same components can
                // differ in every one): they stay events of their own
                log::trace!(
                    "{} labels of support {:?} stay apart: union {} nodes, {apart} apart",
                    group.len(),
                    enc.labels[l].support,
                    rel.node_count()
                );
                out.extend(group.iter().map(|&j| evs[j]));
                continue;
            }
            out.push(first + merged.len());
            merged.push((low, enc.relation(rel, enc.labels[l].support.clone())?));
        }
        *evs = out;
    }
    Ok(merged)
}
