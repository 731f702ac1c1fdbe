//! Weak bisimulation (Milner, *Communication and Concurrency*, 1989) by signature refinement
//! over the weak transitions.
//!
//! `p ≈ q` iff every `p -a-> p'` is matched by `q =a=> q'` (`τ* a τ*`, or `τ*` when `a = τ`) with
//! `p' ≈ q'`, and vice versa. The states of one internal cycle are weakly bisimilar, so the
//! cycles are collapsed first; on the rest the internal steps form an acyclic graph, and the
//! weak signature of a state is computed from its internal successors' (sinks first):
//!
//! ```text
//! R(v)   = { B(v) } ∪ ⋃ { R(u) | v -τ-> u }                   blocks reachable by τ*
//! W(v)   = { (a, b) | v -a-> u, a visible, b ∈ R(u) } ∪ ⋃ { W(u) | v -τ-> u }
//! sig(v) = { (τ, b) | b ∈ R(v) } ∪ W(v)                        = { (a, B(u)) | v =a=> u }
//! ```
//!
//! Every round signs every state (the weak signature of a state depends on states far away,
//! so the worklist of [`super::refine`] would mark nearly everything anyway). The quotient keeps
//! every transition between classes and drops the internal ones inside a class.

use std::collections::HashMap;

use super::lts::{Lts, TAU};
use super::scc::components;

/// The coarsest weak bisimulation on `lts`: the class of each state, classes numbered `0..k`
/// in the order of their first state.
pub fn partition(lts: &Lts) -> Vec<u32> {
    // collapse internal cycles: node = internal component, numbered sinks first
    let comps = components(lts, &|_, a, _| a == TAU);
    let mut node = vec![0u32; lts.num_states()];
    for (i, c) in comps.iter().enumerate() {
        for &s in c {
            node[s as usize] = i as u32;
        }
    }
    let k = comps.len();
    let mut tau_succ: Vec<Vec<u32>> = vec![Vec::new(); k];
    let mut vis_succ: Vec<Vec<(u32, u32)>> = vec![Vec::new(); k];
    for (s, a, t) in lts.transitions() {
        let (v, u) = (node[s as usize], node[t as usize]);
        if a == TAU {
            if v != u {
                tau_succ[v as usize].push(u);
            }
        } else {
            vis_succ[v as usize].push((a, u));
        }
    }
    for v in 0..k {
        tau_succ[v].sort_unstable();
        tau_succ[v].dedup();
        vis_succ[v].sort_unstable();
        vis_succ[v].dedup();
    }
    let mut block = vec![0u32; k];
    let mut count = 1usize;
    loop {
        let mut reach: Vec<Vec<u32>> = Vec::with_capacity(k);
        let mut weak: Vec<Vec<(u32, u32)>> = Vec::with_capacity(k);
        let mut ids: HashMap<(u32, Vec<(u32, u32)>), u32> = HashMap::new();
        let mut next = vec![0u32; k];
        // nodes are numbered sinks first: internal successors come before
        for v in 0..k {
            let mut r = vec![block[v]];
            for &u in &tau_succ[v] {
                r.extend_from_slice(&reach[u as usize]);
            }
            r.sort_unstable();
            r.dedup();
            reach.push(r);
        }
        for v in 0..k {
            let mut w: Vec<(u32, u32)> = Vec::new();
            for &u in &tau_succ[v] {
                w.extend_from_slice(&weak[u as usize]);
            }
            for &(a, u) in &vis_succ[v] {
                w.extend(reach[u as usize].iter().map(|&b| (a, b)));
            }
            w.sort_unstable();
            w.dedup();
            let mut sig: Vec<(u32, u32)> = reach[v].iter().map(|&b| (TAU, b)).collect();
            sig.extend_from_slice(&w);
            let fresh = ids.len() as u32;
            next[v] = *ids.entry((block[v], sig)).or_insert(fresh);
            weak.push(w);
        }
        block = next;
        if ids.len() == count {
            break;
        }
        count = ids.len();
    }
    let per_state: Vec<u32> = node.iter().map(|&v| block[v as usize]).collect();
    super::refine::renumber(&per_state)
}

/// The quotient of `lts` by weak bisimulation classes `class`.
pub fn quotient(lts: &Lts, class: &[u32]) -> Lts {
    let k = class.iter().map(|&c| c + 1).max().unwrap_or(1);
    let transitions = lts
        .transitions()
        .map(|(s, a, t)| (class[s as usize], a, class[t as usize]))
        .filter(|&(cs, a, ct)| !(a == TAU && cs == ct))
        .collect();
    Lts::new(
        k,
        class[lts.initial() as usize],
        transitions,
        lts.interface().to_vec(),
    )
}
