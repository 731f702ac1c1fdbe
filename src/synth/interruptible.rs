//! Interruptibility of a linear-time property (thesis §4.2, Def. 31), decided on automata by
//! the sufficient condition of Thm. 2: a property `L` over `Σ` is interruptible if for every
//! word `w_E` over `Σ ⊎ Σ_E` whose view `[w_E]_Σ` (Def. 22) is an infinite word `w`,
//! `w_E ∈ L ⟺ w ∈ L`.
//!
//! A formula reads every label that is not one of its atoms as the same letter "other", so a
//! fresh action is read as "other" too. The condition fails iff some `w_E` is accepted by the
//! automaton of `φ` read *past* the inserted letters and by that of `¬φ` read *with* them
//! (inserted letters as "other"), or the other way round. Each way is one emptiness check on
//! a product of two small automata over the letters of `φ` plus one letter `ι` for inserted
//! actions: the first automaton stays put on `ι` (it reads the view), the second reads `ι` as
//! "other", and an extra acceptance set on the first automaton's non-`ι` steps asks for
//! infinitely many original letters (`[w_E]_Σ` is infinite).
//!
//! [`survives_divergence`] is the condition a satisfied property needs under the
//! nonconvergent alphabet extension of Thm. 9, where an extension may run its fresh actions
//! forever: after any finite behaviour `x` of the system, `x·ι^ω` must satisfy it.

use std::collections::BTreeMap;

use crate::automata::translate::translate;
use crate::automata::{AccSet, Tgba};
use crate::error::Result;
use crate::logic::Ltl;

use super::buchi::AccGraph;

/// Whether `f` satisfies the condition of Thm. 2 (and so is interruptible, Def. 31).
pub fn is_interruptible(f: &Ltl) -> Result<bool> {
    let pos = translate(f)?;
    let neg = translate(&Ltl::not(f.clone()))?;
    Ok(!views_differ(&pos, &neg) && !views_differ(&neg, &pos))
}

/// Whether some word with inserted letters is accepted by `viewed` read past them and by
/// `direct` read with them (as "other").
fn views_differ(viewed: &Tgba, direct: &Tgba) -> bool {
    if viewed.num_states == 0 || direct.num_states == 0 {
        return false;
    }
    debug_assert_eq!(viewed.atoms, direct.atoms);
    let letters = viewed.num_letters();
    let iota = letters; // the inserted letter
    let other = viewed.other();
    let extra: AccSet = 1 << (viewed.num_acc + direct.num_acc);
    let all = (extra << 1) - 1;
    let mut ids: BTreeMap<(usize, usize), usize> = BTreeMap::new();
    let mut nodes = vec![(viewed.initial, direct.initial)];
    ids.insert(nodes[0], 0);
    let mut g = AccGraph::default();
    let mut i = 0;
    while i < nodes.len() {
        let (p, q) = nodes[i];
        for l in 0..=letters {
            let read = if l == iota { other } else { l };
            let first: Vec<(usize, AccSet)> = if l == iota {
                vec![(p, 0)]
            } else {
                viewed
                    .edges
                    .iter()
                    .filter(|e| e.from == p && e.letters.contains(l))
                    .map(|e| (e.to, e.acc | extra))
                    .collect()
            };
            for (p2, a1) in first {
                for e in direct
                    .edges
                    .iter()
                    .filter(|e| e.from == q && e.letters.contains(read))
                {
                    let t = (p2, e.to);
                    let n = nodes.len();
                    let j = *ids.entry(t).or_insert(n);
                    if j == n {
                        nodes.push(t);
                    }
                    g.edges
                        .push((i, j, a1 | (e.acc << viewed.num_acc) | (a1 & extra), 0));
                }
            }
        }
        i += 1;
    }
    g.nodes = nodes.len();
    g.lasso(0, all).is_some()
}

/// Whether `f` holds on `x·ι^ω` for every finite word `x` over the states of `graph` from its
/// initial state, `ι` a letter no atom names: the run of a system that stops doing anything `f`
/// sees. The system is given by its initial state and its edges `(from, label name or None
/// for a silent one, to)`.
pub fn survives_divergence(
    f: &Ltl,
    initial: usize,
    edges: &[(usize, Option<String>, usize)],
) -> Result<bool> {
    let neg = translate(&Ltl::not(f.clone()))?;
    if neg.num_states == 0 {
        return Ok(true);
    }
    // product of the system's finite paths, then the automaton of ¬f on other^ω
    let mut ids: BTreeMap<(usize, usize, bool), usize> = BTreeMap::new();
    let mut nodes = vec![(initial, neg.initial, false)];
    ids.insert(nodes[0], 0);
    let mut g = AccGraph::default();
    let mut i = 0;
    while i < nodes.len() {
        let (s, q, tail) = nodes[i];
        let mut steps: Vec<(usize, usize, bool)> = Vec::new();
        if !tail {
            for (from, label, to) in edges {
                if *from == s {
                    let letter = match label {
                        Some(a) => neg.letter_of(a),
                        None => neg.other(),
                    };
                    steps.extend(
                        neg.edges
                            .iter()
                            .filter(|e| e.from == q && e.letters.contains(letter))
                            .map(|e| (*to, e.to, false)),
                    );
                }
            }
        }
        // the step into (or along) the silent tail
        let tail_edges: Vec<&crate::automata::TgbaEdge> = neg
            .edges
            .iter()
            .filter(|e| e.from == q && e.letters.contains(neg.other()))
            .collect();
        for e in tail_edges {
            let t = (s, e.to, true);
            let n = nodes.len();
            let j = *ids.entry(t).or_insert(n);
            if j == n {
                nodes.push(t);
            }
            g.edges.push((i, j, e.acc, 0));
        }
        for t in steps {
            let n = nodes.len();
            let j = *ids.entry(t).or_insert(n);
            if j == n {
                nodes.push(t);
            }
            // no acceptance on system steps: an accepting cycle must lie in the tail
            g.edges.push((i, j, 0, 0));
        }
        i += 1;
    }
    g.nodes = nodes.len();
    // only cycles in the tail can be accepting; a system cycle without marks is not
    // accepting unless neg has no acceptance sets, so mark tail cycles with an extra set
    let extra: AccSet = 1 << neg.num_acc;
    for e in &mut g.edges {
        if nodes[e.0].2 && nodes[e.1].2 {
            e.2 |= extra;
        }
    }
    Ok(g.lasso(0, (extra << 1) - 1).is_none())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::ltl::parse_formula;
    use std::path::Path;

    fn f(s: &str) -> Ltl {
        parse_formula(s, Path::new("t")).unwrap()
    }

    #[test]
    fn rers_shapes_are_interruptible_and_others_are_not() {
        for s in [
            "(a => (!b W c)) W (d | e)",
            "!a U b",
            "G(a => F b)",
            "F(!a W b)",
            "F G !a",
            "G(a => G !b)",
        ] {
            assert!(is_interruptible(&f(s)).unwrap(), "{s}");
        }
        for s in ["a U b", "X a", "G(a => X b)", "a", "F(a & X b)"] {
            assert!(!is_interruptible(&f(s)).unwrap(), "{s}");
        }
    }

    #[test]
    fn divergence_breaks_liveness_but_not_safety() {
        // one state with an `a` loop
        let edges = vec![(0, Some("a".to_string()), 0)];
        assert!(!survives_divergence(&f("G F a"), 0, &edges).unwrap());
        assert!(survives_divergence(&f("G !b"), 0, &edges).unwrap());
        // a then b: after `a` alone, `F b` is pending
        let edges = vec![(0, Some("a".to_string()), 1), (1, Some("b".to_string()), 0)];
        assert!(!survives_divergence(&f("G(a => F b)"), 0, &edges).unwrap());
    }
}
