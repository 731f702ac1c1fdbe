//! Saturation-style reachability on whole BDDs.
//!
//! Saturation (Ciardo, Lüttgen, Siminiceanu, "Saturation: an efficient iteration strategy for
//! symbolic state-space generation", TACAS 2001) fires events in the order of the variable
//! levels: an event whose topmost variable is at level k is fired only after everything below
//! level k is at its local fixpoint, and a node is *saturated* when no event at or below its level
//! adds states. The gain comes from never copying unsaturated sub-diagrams upwards.
//!
//! oxidd offers whole-function operations, so this is the level-ordered iteration that LTSmin
//! calls `sat-like` (Blom, van de Pol, "Symbolic reachability for process algebras with recursive
//! data types", ICTAC 2008; LTSmin `--saturation=sat-like`): the labels are grouped by the top
//! level they touch ([`Relation::top_level`](super::Relation)); groups are visited bottom-up,
//! each chained to its local fixpoint; when a group adds states, the iteration restarts at the
//! lowest group that has work, so lower groups are again saturated before higher ones fire.
//!
//! Each group keeps its own frontier: the states added since the group was last at its
//! fixpoint. A group fires only on those states, so revisiting a group after a higher one added
//! a few states costs images of those few states, not of the whole set.

use std::collections::HashMap;

use oxidd::bdd::BDDFunction;
use oxidd::{BooleanFunction, Function, LevelNo, Manager, ManagerRef};

use super::encoding::{oom, BddResult};
use super::reach::{bottom_up, minus, Tracker};
use super::Encoding;

/// The labels grouped by top level, lowest group (largest level) first.
fn groups(enc: &Encoding) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut last = None;
    for l in bottom_up(enc) {
        let top = enc.labels[l].top_level;
        if last != Some(top) {
            groups.push(Vec::new());
            last = Some(top);
        }
        if let Some(g) = groups.last_mut() {
            g.push(l);
        }
    }
    groups
}

/// The reachable states by saturation-style iteration.
pub(crate) fn saturate(enc: &Encoding, t: &mut Tracker) -> BddResult<BDDFunction> {
    let groups = groups(enc);
    let mut reach = enc.initial.clone();
    // todo[g]: states of `reach` that group g has not been applied to
    let mut todo: Vec<BDDFunction> = vec![reach.clone(); groups.len()];
    let mut k = 0;
    while k < groups.len() {
        if !todo[k].satisfiable() {
            k += 1;
            continue;
        }
        t.counters.iterations += 1;
        // chain the group to its local fixpoint, starting from its frontier
        let mut frontier = std::mem::replace(&mut todo[k], enc.f());
        let mut added = enc.f();
        loop {
            let mut found = enc.f();
            for &l in &groups[k] {
                let img = enc.labels[l].image(&frontier)?;
                let new = minus(&img, &reach)?;
                t.image_done(&reach)?;
                if new.satisfiable() {
                    reach = reach.or(&new).map_err(oom)?;
                    frontier = frontier.or(&new).map_err(oom)?;
                    found = found.or(&new).map_err(oom)?;
                }
            }
            if !found.satisfiable() {
                break;
            }
            added = added.or(&found).map_err(oom)?;
            frontier = found;
        }
        if added.satisfiable() {
            for (g, td) in todo.iter_mut().enumerate() {
                if g != k {
                    *td = td.or(&added).map_err(oom)?;
                }
            }
            // lower groups must see the new states before anything higher fires
            k = 0;
        } else {
            k += 1;
        }
    }
    Ok(reach)
}

/// Saturation proper, at the granularity of blocks (Ciardo et al., TACAS 2001, with a block of
/// bits playing the role of an MDD level).
///
/// `sat(f, k)` takes a set `f` that mentions only blocks `k` and below and returns its closure
/// under every label whose top block is `k` or lower. It first saturates the sub-diagrams below
/// block `k` (walking the bits of block `k` with cofactors and rebuilding with `ite`), then
/// chains the labels of block `k` to their fixpoint; every image is saturated below `k` before
/// it is added. A union of sets closed under the labels below `k` is closed under them too
/// (those labels never change block `k`), so the result stays saturated. Results are memoised
/// per `(sub-diagram, block)`, which is where saturation saves work: a sub-diagram shared by
/// many paths is saturated once.
pub(crate) fn saturate_recursive(enc: &Encoding, t: &mut Tracker) -> BddResult<BDDFunction> {
    let nb = enc.blocks.len();
    let mut block_of_level = vec![nb; enc.num_vars() as usize];
    enc.manager.with_manager_shared(|m| {
        for (b, bv) in enc.blocks.iter().enumerate() {
            for &(c, n) in &bv.bits {
                block_of_level[m.var_to_level(c) as usize] = b;
                block_of_level[m.var_to_level(n) as usize] = b;
            }
        }
    });
    // A label fires at the top block it touches: the first block of its support, or higher if
    // its relation also reads a variable above (a guard outside the declared support), so that
    // an image of a set over blocks k.. never mentions a block above k.
    let mut events: Vec<Vec<usize>> = vec![Vec::new(); nb];
    for (l, r) in enc.labels.iter().enumerate() {
        let level = r.rel.with_manager_shared(|m, e| m.get_node(e).level());
        let rel_top = if level == LevelNo::MAX {
            nb
        } else {
            block_of_level[level as usize]
        };
        let b = r.support.first().copied().unwrap_or(nb).min(rel_top);
        if b < nb {
            events[b].push(l);
        }
    }
    // no label at or below block k: nothing to saturate there
    let mut active_from = vec![false; nb + 1];
    for k in (0..nb).rev() {
        active_from[k] = active_from[k + 1] || !events[k].is_empty();
    }
    let mut s = Sat {
        enc,
        t,
        block_of_level,
        events,
        active_from,
        memo: HashMap::new(),
    };
    s.sat(&enc.initial, 0)
}

struct Sat<'a, 'b, 'c> {
    enc: &'a Encoding,
    t: &'b mut Tracker<'c>,
    block_of_level: Vec<usize>,
    events: Vec<Vec<usize>>,
    active_from: Vec<bool>,
    memo: HashMap<(BDDFunction, usize), BDDFunction>,
}

// A function handle hashes by its node, which never changes while the handle lives.
#[allow(clippy::mutable_key_type)]
impl Sat<'_, '_, '_> {
    /// The block of `f`'s top variable (the number of blocks for a constant).
    fn top_block(&self, f: &BDDFunction) -> (usize, LevelNo) {
        let level = f.with_manager_shared(|m, e| m.get_node(e).level());
        if level == LevelNo::MAX {
            (self.block_of_level.len().max(self.enc.blocks.len()), level)
        } else {
            (self.block_of_level[level as usize], level)
        }
    }

    fn sat(&mut self, f: &BDDFunction, k: usize) -> BddResult<BDDFunction> {
        if k >= self.enc.blocks.len() || !self.active_from[k] || !f.satisfiable() {
            return Ok(f.clone());
        }
        let key = (f.clone(), k);
        if let Some(r) = self.memo.get(&key) {
            return Ok(r.clone());
        }
        let mut node = self.sat_below(f, k)?;
        if !self.events[k].is_empty() {
            let events = self.events[k].clone();
            let mut frontier = node.clone();
            loop {
                let mut found = self.enc.f();
                for &l in &events {
                    let img = self.enc.labels[l].image(&frontier)?;
                    self.t.image_done(&node)?;
                    let img = minus(&img, &node)?;
                    if img.satisfiable() {
                        let closed = self.sat_below(&img, k)?;
                        let new = minus(&closed, &node)?;
                        node = node.or(&new).map_err(oom)?;
                        frontier = frontier.or(&new).map_err(oom)?;
                        found = found.or(&new).map_err(oom)?;
                    }
                }
                if !found.satisfiable() {
                    break;
                }
                frontier = found;
            }
        }
        // iterations: saturated (sub-diagram, block) pairs
        self.t.counters.iterations += 1;
        self.memo.insert(key, node.clone());
        Ok(node)
    }

    /// `f` with every sub-diagram below block `k` saturated.
    fn sat_below(&mut self, f: &BDDFunction, k: usize) -> BddResult<BDDFunction> {
        let mut local = HashMap::new();
        self.rebuild(f, k, &mut local)
    }

    fn rebuild(
        &mut self,
        f: &BDDFunction,
        k: usize,
        local: &mut HashMap<BDDFunction, BDDFunction>,
    ) -> BddResult<BDDFunction> {
        let (b, level) = self.top_block(f);
        if b > k {
            return self.sat(f, k + 1);
        }
        if let Some(r) = local.get(f) {
            return Ok(r.clone());
        }
        let Some((hi, lo)) = f.cofactors() else {
            return Ok(f.clone());
        };
        let hi = self.rebuild(&hi, k, local)?;
        let lo = self.rebuild(&lo, k, local)?;
        let var = self
            .enc
            .manager
            .with_manager_shared(|m| BDDFunction::var(m, m.level_to_var(level)))
            .map_err(oom)?;
        let r = var.ite(&hi, &lo).map_err(oom)?;
        local.insert(f.clone(), r.clone());
        Ok(r)
    }
}

#[cfg(test)]
mod tests {
    use super::super::reach::{reach_with, Strategy};
    use super::super::{Budget, Encoding, ManagerOptions};
    use crate::model::SystemBuilder;
    use oxidd::BooleanFunction;

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
