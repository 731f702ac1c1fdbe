//! The red context of a modal contract (thesis §6.1.2: Def. 46 modal contract, Def. 47 red
//! context construction; Prop. 13, Lemma 6 admissibility, Lemma 7 coarsest).
//!
//! Red transitions `R ⊆ S × Γ × S`, disjoint from the may transitions of `M`, are behaviour
//! the *system* `M_s = M + R` offers and the context must forbid. Def. 47: let `L_R` be the
//! words over `Γ` with a path in `[I]_Γ` through a red transition, and `D` the minimal DFA of
//! the prefix-closed `Γ* \ L_R`; drop `D`'s non-accepting sink, make every transition a may
//! transition, forget acceptance.
//!
//! We build `D` directly as a powerset construction over `[M]_Γ` that refuses the letter
//! completing a red transition: a set of states `P` has no `a`-transition iff some `p ∈ P`
//! has a red transition on `a` (that letter would enter `L_R`, and no extension leaves it);
//! otherwise it moves to the τ-closed successors, and the empty set (the word has left `M`,
//! so no red transition can follow) loops on every letter. The result is minimised: the
//! minimal DFA of Def. 47 without its sink.

use std::collections::BTreeSet;

use super::mts::{powerset, Lb, Mts, St};

/// `M^r_c((M, Γ, R))` of Def. 47, minimised, and the sets of states of `M` its states stood
/// for before minimisation (for [`blocked_at`]).
pub fn red_context(m: &Mts, gamma: &[Lb], red: &[(St, Lb, St)]) -> Mts {
    let (d, _) = red_dfa(m, gamma, red);
    d.minimize()
}

/// The DFA before minimisation, with the set of `M`-states of each of its states (the last
/// state is the empty set, the universal one).
pub fn red_dfa(m: &Mts, gamma: &[Lb], red: &[(St, Lb, St)]) -> (Mts, Vec<Vec<St>>) {
    let ps = powerset(m, gamma);
    let red_from: BTreeSet<(St, Lb)> = red.iter().map(|&(s, a, _)| (s, a)).collect();
    let blocked = |set: &[St], a: Lb| set.iter().any(|&s| red_from.contains(&(s, a)));
    let empty = ps.sets.len() as St;
    let mut out = Mts::new(ps.sets.len() + 1, 0, gamma.to_vec());
    for (i, set) in ps.sets.iter().enumerate() {
        for &a in gamma {
            if blocked(set, a) {
                continue;
            }
            let to = ps
                .moves
                .iter()
                .find(|&&(f, l, _)| f == i && l == a)
                .map_or(empty, |&(_, _, t)| t as St);
            out.add(i as St, a, to, false);
        }
    }
    for &a in gamma {
        out.add(empty, a, empty, false);
    }
    out.normalize();
    let mut sets = ps.sets;
    sets.push(Vec::new());
    (out, sets)
}

/// The red transitions that make the red DFA refuse `a` in a state standing for `set`.
pub fn blocked_at(set: &[St], a: Lb, red: &[(St, Lb, St)]) -> Vec<(St, Lb, St)> {
    red.iter()
        .copied()
        .filter(|&(s, l, _)| l == a && set.contains(&s))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::synth::mts::refines;

    #[test]
    fn red_context_blocks_red_transitions() {
        // M: 0 -a-> 1 -b-> 0 (may); red: 1 -a-> 0
        let (a, b) = (0, 1);
        let mut m = Mts::new(2, 0, vec![a, b]);
        m.add(0, a, 1, false);
        m.add(1, b, 0, false);
        m.normalize();
        let red = [(1, a, 0)];
        let c = red_context(&m, &[a, b], &red);
        let mut ms = m.clone();
        ms.add(1, a, 0, true);
        ms.normalize();
        // Lemma 6: M_s || M^r_c refines M
        assert!(refines(&ms.compose(&c), &m));
        assert!(!refines(&ms, &m));
    }
}
