//! The green context of a modal contract (thesis §6.1.1: Def. 42 green contract, Def. 44
//! may-completion, Def. 45 green context construction; Lemma 3 admissibility, Lemma 5
//! coarsest for deterministic contracts).
//!
//! Given the system MTS `M` over `Σ` and the communication alphabet `Γ ⊆ Σ`, the context
//! `M^g_c` over `Γ` must let `M` take each of its must transitions on `Γ` (the green ones,
//! `G(I)`) and may allow anything else. Def. 45, literally:
//! 1. may-complete `M` (a sink state takes every missing `(state, label)`), view it on `Γ`
//!    (the other labels become τ) and read it as a prefix-closed τ-NFA;
//! 2. determinise it by the powerset construction (with τ-closure);
//! 3. every transition of the DFA is a may transition, and `P -a-> P'` is also a must
//!    transition when some `p ∈ P` has a must transition `p -a-> p'` with `p' ∈ P'`.

use super::mts::{powerset, Lb, Mts};

/// The may-completion of `m` (Def. 44): a fresh sink state with a may loop on every label,
/// and a may transition to it for every `(state, label)` with no may transition. The sink is
/// the last state.
pub fn may_completion(m: &Mts) -> Mts {
    let mut out = m.clone();
    out.normalize();
    let sink = out.states as u32;
    out.states += 1;
    let idx = m.index();
    let mut extra = Vec::new();
    for (s, range) in idx.iter().enumerate() {
        let have: Vec<Lb> = m.edges[range.clone()].iter().map(|e| e.label).collect();
        for &a in &m.alphabet {
            if !have.contains(&a) {
                extra.push((s as u32, a));
            }
        }
    }
    for (s, a) in extra {
        out.add(s, a, sink, false);
    }
    for &a in &m.alphabet {
        out.add(sink, a, sink, false);
    }
    out.normalize();
    out
}

/// `M^g_c((M, Γ))` of Def. 45 (reachable part, not minimised).
pub fn green_context(m: &Mts, gamma: &[Lb]) -> Mts {
    let completed = may_completion(m);
    let ps = powerset(&completed, gamma);
    let idx = completed.index();
    let mut out = Mts::new(ps.sets.len(), 0, gamma.to_vec());
    for &(i, a, j) in &ps.moves {
        let target = &ps.sets[j];
        let must = ps.sets[i].iter().any(|&p| {
            completed.edges[idx[p as usize].clone()]
                .iter()
                .any(|e| e.must && e.label == a && target.binary_search(&e.to).is_ok())
        });
        out.add(i as u32, a, j as u32, must);
    }
    out.normalize();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::synth::mts::refines;

    #[test]
    fn green_context_is_admissible() {
        // M: 0 -a!-> 1 -h-> 2 -b!-> 0, 1 -b?-> 0 ; Γ = {a, b}; h hidden
        let (a, b, h) = (0, 1, 2);
        let mut m = Mts::new(3, 0, vec![a, b, h]);
        m.add(0, a, 1, true);
        m.add(1, h, 2, true);
        m.add(2, b, 0, true);
        m.add(1, b, 0, false);
        m.normalize();
        let c = green_context(&m, &[a, b]);
        // Lemma 3: M || M^g_c refines M
        assert!(refines(&m.compose(&c), &m));
        // the must transitions on Γ are there
        assert!(c.edges.iter().any(|e| e.label == a && e.must));
        assert!(c.edges.iter().any(|e| e.label == b && e.must));
    }
}
