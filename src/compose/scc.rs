//! Strongly connected components of a subset of an LTS's transitions (the internal ones,
//! usually), by the explicit engine's Tarjan ([`crate::explicit::scc::sccs`]) on the subgraph.

use super::lts::{Act, Lts};
use crate::explicit::scc::sccs;

/// The subgraph of the transitions `keep` picks, as compressed rows of targets.
fn subgraph(lts: &Lts, keep: &dyn Fn(u32, Act, u32) -> bool) -> (Vec<usize>, Vec<u32>) {
    let n = lts.num_states();
    let mut offsets = Vec::with_capacity(n + 1);
    let mut targets = Vec::new();
    offsets.push(0);
    for s in 0..n as u32 {
        for &(a, t) in lts.out(s) {
            if keep(s, a, t) {
                targets.push(t);
            }
        }
        offsets.push(targets.len());
    }
    (offsets, targets)
}

/// The components of the transitions `keep` picks, sinks first (a component comes before every
/// component that reaches it).
pub fn components(lts: &Lts, keep: &dyn Fn(u32, Act, u32) -> bool) -> Vec<Vec<u32>> {
    let (offsets, targets) = subgraph(lts, keep);
    let mask = vec![true; lts.num_states()];
    sccs(
        lts.num_states(),
        &mask,
        |v| offsets[v as usize]..offsets[v as usize + 1],
        |e| targets[e],
    )
}

/// Whether each state lies on a cycle of the transitions `keep` picks.
pub fn on_cycle(lts: &Lts, keep: &dyn Fn(u32, Act, u32) -> bool) -> Vec<bool> {
    let mut out = vec![false; lts.num_states()];
    for comp in components(lts, keep) {
        let cyclic = comp.len() > 1 || {
            let s = comp[0];
            lts.out(s).iter().any(|&(a, t)| t == s && keep(s, a, t))
        };
        if cyclic {
            for s in comp {
                out[s as usize] = true;
            }
        }
    }
    out
}
