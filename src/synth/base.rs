//! From the Büchi automaton of the properties to the base MTS (thesis §5.4).
//!
//! An MTS has no acceptance condition: every infinite path counts (Def. 14). So "all infinite
//! paths `π` with `w(π) ∉ L(B)` have to be rendered infeasible ... by removing a transition on
//! every non-accepting simple cycle in B", after which `L(B') ⊆ L(B)`, and every transition is
//! a may transition. We do this without enumerating cycles:
//!
//! 1. the generalised automaton (several acceptance sets, one per `U` of each conjunct) is
//!    degeneralised by a level counter, so that one set of *accepting edges* remains: a run is
//!    accepting iff it takes accepting edges infinitely often;
//! 2. it is explored from its initial state, keeping for each state a random subset of its
//!    labels and one successor per kept label (sometimes two), up to a bound on the number of
//!    states (the base of a problem is small: the construction makes it larger later);
//! 3. within each strongly connected part of what was kept, the *non-accepting* edges must
//!    form no cycle: the states are ordered by discovery and a non-accepting edge that does not
//!    go forward in that order is removed. Every remaining cycle then contains an accepting
//!    edge, so every infinite path is accepting;
//! 4. states with no way to continue are removed, repeatedly (they carry no infinite word).
//!
//! Dropping labels and successors in step 2 only removes words, as step 3 does; the result's
//! maximal language is a subset of `L(B)`. Each state keeps its automaton state, which the
//! counterexample insertion (§5.2) continues from.

use std::collections::BTreeMap;

use crate::gen::rng::Rng;

use super::buchi::Conjunction;
use super::mts::{Lb, Mts};

/// How the base is explored.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    /// At most this many states are explored.
    pub max_states: usize,
    /// The chance to keep each further label of a state (one is always kept).
    pub keep_label: f64,
    /// The chance to keep a second successor for a kept label.
    pub branch: f64,
}

/// The base MTS and, per state, the product state of the automaton it stands for.
pub struct Base {
    pub mts: Mts,
    pub automaton_state: Vec<Vec<u32>>,
}

/// Explorations tried; the one that keeps the most labels, then the most states, wins.
const TRIES: usize = 6;

/// The base MTS of `conj` (all transitions may), or `None` when nothing infinite survives:
/// the best of a few random explorations (most labels used, then most states).
pub fn base_mts(conj: &Conjunction, shape: Shape, rng: &mut Rng) -> Option<Base> {
    let mut best: Option<Base> = None;
    for _ in 0..TRIES {
        let Some(b) = explore(conj, shape, rng) else {
            continue;
        };
        let score = |b: &Base| (b.mts.used_labels().len(), b.mts.states);
        if best.as_ref().is_none_or(|x| score(&b) > score(x)) {
            best = Some(b);
        }
    }
    best
}

/// One exploration (steps 1–4 of the module documentation).
fn explore(conj: &Conjunction, shape: Shape, rng: &mut Rng) -> Option<Base> {
    let k = conj.num_acc() as u32;
    // 1 + 2: degeneralised exploration
    let mut ids: BTreeMap<(Vec<u32>, u32), usize> = BTreeMap::new();
    let mut nodes: Vec<(Vec<u32>, u32)> = vec![(conj.initial(), 0)];
    ids.insert(nodes[0].clone(), 0);
    // (from, label position, to, accepting)
    let mut edges: Vec<(usize, usize, usize, bool)> = Vec::new();
    let mut used = vec![false; conj.labels.len()];
    let mut i = 0;
    while i < nodes.len() {
        let (state, level) = nodes[i].clone();
        let mut order: Vec<usize> = (0..conj.labels.len()).collect();
        rng.shuffle(&mut order);
        // labels never used so far first: every label should occur somewhere
        order.sort_by_key(|&l| used[l]);
        let mut kept_any = false;
        for l in order {
            let succ = conj.successors(&state, l);
            if succ.is_empty() || (kept_any && !rng.chance(shape.keep_label)) {
                continue;
            }
            let mut picks = vec![rng.below(succ.len())];
            if succ.len() > 1 && rng.chance(shape.branch) {
                let second = rng.below(succ.len());
                if second != picks[0] {
                    picks.push(second);
                }
            }
            for p in picks {
                let (t, acc) = &succ[p];
                let (level2, accepting) = advance(level, *acc, k);
                let key = (t.clone(), level2);
                let j = match ids.get(&key) {
                    Some(&j) => j,
                    None if nodes.len() < shape.max_states => {
                        ids.insert(key.clone(), nodes.len());
                        nodes.push(key);
                        nodes.len() - 1
                    }
                    None => continue,
                };
                edges.push((i, l, j, accepting));
                used[l] = true;
                kept_any = true;
            }
        }
        i += 1;
    }
    // 3: non-accepting edges go forward in discovery order within an SCC
    let n = nodes.len();
    let mut succ = vec![Vec::new(); n];
    for &(f, _, t, _) in &edges {
        succ[f].push(t);
    }
    let comp = crate::automata::lasso::sccs(n, &succ);
    edges.retain(|&(f, _, t, acc)| acc || comp[f] != comp[t] || t > f);
    // 4: remove dead ends until none is left
    let mut alive = vec![true; n];
    loop {
        let mut out = vec![0usize; n];
        for &(f, _, t, _) in &edges {
            if alive[f] && alive[t] {
                out[f] += 1;
            }
        }
        let mut changed = false;
        for s in 0..n {
            if alive[s] && out[s] == 0 {
                alive[s] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    if !alive[0] {
        return None;
    }
    let mut m = Mts::new(n, 0, conj.labels.clone());
    for &(f, l, t, _) in &edges {
        if alive[f] && alive[t] {
            m.add(f as u32, conj.labels[l], t as u32, false);
        }
    }
    m.normalize();
    // renumber to the reachable part, keeping the automaton states
    let r = m.reachable();
    let mut automaton_state = vec![Vec::new(); r.states];
    // the breadth-first numbering of `reachable` is reproduced here to map the states back
    let map = bfs_numbering(&m);
    for (old, new) in map.iter().enumerate() {
        if let Some(new) = new {
            automaton_state[*new as usize] = nodes[old].0.clone();
        }
    }
    Some(Base {
        mts: r,
        automaton_state,
    })
}

/// The degeneralisation step: from `level` over an edge in the sets `acc`, the next level and
/// whether the edge is accepting (it completes a round through all `k` sets).
fn advance(level: u32, acc: u64, k: u32) -> (u32, bool) {
    let mut j = level;
    while j < k && acc >> j & 1 == 1 {
        j += 1;
    }
    if j == k {
        (0, true)
    } else {
        (j, false)
    }
}

/// The state numbers [`Mts::reachable`] gives: `Some(new)` per reachable old state.
pub fn bfs_numbering(m: &Mts) -> Vec<Option<u32>> {
    let mut m = m.clone();
    m.normalize();
    let idx = m.index();
    let mut num = vec![None; m.states];
    let mut queue = std::collections::VecDeque::new();
    let mut next = 0u32;
    num[m.initial as usize] = Some(0);
    next += 1;
    queue.push_back(m.initial);
    while let Some(s) = queue.pop_front() {
        for e in &m.edges[idx[s as usize].clone()] {
            if num[e.to as usize].is_none() {
                num[e.to as usize] = Some(next);
                next += 1;
                queue.push_back(e.to);
            }
        }
    }
    num
}

/// The labels of `m` that occur on a transition.
pub fn labels_used(m: &Mts) -> Vec<Lb> {
    m.used_labels().into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn degeneralisation_counts_rounds() {
        assert_eq!(advance(0, 0b11, 2), (0, true));
        assert_eq!(advance(0, 0b10, 2), (0, false));
        assert_eq!(advance(1, 0b10, 2), (0, true));
        assert_eq!(advance(0, 0b01, 2), (1, false));
        assert_eq!(advance(0, 0, 0), (0, true));
    }
}
