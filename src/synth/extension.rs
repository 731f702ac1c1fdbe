//! Alphabet extension (thesis §6.2: Def. 52 alphabet extension and nonconvergent alphabet
//! extension, Lemma 8 sufficient condition, Thm. 9 NAE construction, Thm. 10 AE
//! construction; Thm. 8 preserved languages; Thm. 1 compositionality).
//!
//! An extension `M_E` synchronises with the system on labels `Γ` it shares with it and adds
//! fresh labels `Σ_E` that nothing else has. Lemma 8: if `[M_E]_Γ ≈ N_Γ` (weakly bisimilar
//! to the one-state LTS with every `Γ` label), `M_E` is an NAE; if also convergent, an AE:
//! `[M || M_E]_{Σ(M)} ≈ M` (convergently), which keeps both languages (Thm. 8) and so every
//! verdict of an interruptible property (Def. 31, Thm. 2). Thm. 1 lets this be done inside
//! the parallel composition, since `Σ_E` is new to every other component. The interleavings
//! of the fresh labels are what makes the state space explode (Def. 32).
//!
//! Three constructions:
//! * [`Mode::Cut`], Thm. 10: a deadlock-free `M_E` over `Σ_E` whose states are all reachable,
//!   and a set `T` of transitions that every cycle passes (Floyd-like cut points: here the
//!   transitions that do not go forward in state order); each transition of `T` is replaced
//!   by one transition per label of `Γ`. Convergent: no cycle of fresh labels is left.
//! * [`Mode::Free`]: a special case of Lemma 8 that is strong enough for CTL too. The fresh
//!   transitions form an acyclic graph in which every state is reachable from the root, and
//!   every state has a transition on every `Γ` label, back to the root. `M_E` never refuses
//!   a label of `Γ` and never runs fresh labels forever, so `M || M_E` is branching bisimilar
//!   to `M` with explicit divergence once the fresh labels are hidden: every CTL formula over
//!   labelled modalities (`<a>`, `[a]`, `a ∉ Σ_E`) keeps its value, and LTL too. And the
//!   reachable states multiply exactly by the number of states of `M_E` (after any history,
//!   `M_E` may be in any of its states: reset by the last `Γ` step, then fresh steps).
//! * [`Mode::Divergent`], Thm. 9 (NAE): the fresh transitions form a strongly connected
//!   graph, and each `Γ` label has some transition. Not convergent: the extended system may
//!   run fresh labels forever, which keeps false verdicts and satisfied properties that hold
//!   when the system stops doing anything they see ([`super::interruptible::survives_divergence`]).

use crate::gen::rng::Rng;

use super::mts::{Lb, Mts, St};

/// Which construction (see the module documentation).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, clap::ValueEnum,
)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Lemma 8 in a strong form: never blocks, no fresh cycles (LTL and CTL kept; exact
    /// state counts).
    Free,
    /// Thm. 10: synchronisation only at cut points of the fresh cycles (LTL kept).
    Cut,
    /// Thm. 9: nonconvergent (false verdicts kept; true ones only where divergence is harmless).
    Divergent,
}

/// An extension `M_E` over `gamma ⊎ fresh` with `states` states (an LTS: all must).
pub fn extension(mode: Mode, gamma: &[Lb], fresh: &[Lb], states: usize, rng: &mut Rng) -> Mts {
    let n = states.max(2);
    let mut alphabet: Vec<Lb> = gamma.to_vec();
    alphabet.extend_from_slice(fresh);
    let mut m = Mts::new(n, 0, alphabet);
    let label = |rng: &mut Rng| fresh[rng.below(fresh.len())];
    match mode {
        Mode::Free => {
            // a DAG in state order: each state entered from an earlier one, some extra
            // forward edges
            for s in 1..n {
                let from = rng.below(s) as St;
                m.add(from, label(rng), s as St, true);
            }
            for _ in 0..n / 2 {
                let a = rng.below(n - 1);
                let b = a + 1 + rng.below(n - 1 - a);
                m.add(a as St, label(rng), b as St, true);
            }
            for s in 0..n {
                for &g in gamma {
                    m.add(s as St, g, 0, true);
                }
            }
        }
        Mode::Cut => {
            // deadlock-free and reachable: a ring, plus random edges
            let mut fresh_edges: Vec<(St, St)> =
                (0..n).map(|s| (s as St, ((s + 1) % n) as St)).collect();
            for _ in 0..n / 2 {
                fresh_edges.push((rng.below(n) as St, rng.below(n) as St));
            }
            for (a, b) in fresh_edges {
                if b > a {
                    m.add(a, label(rng), b, true);
                } else {
                    // a cut transition: one transition per label of Γ instead
                    for &g in gamma {
                        m.add(a, g, b, true);
                    }
                }
            }
        }
        Mode::Divergent => {
            for s in 0..n {
                m.add(s as St, label(rng), ((s + 1) % n) as St, true);
            }
            for _ in 0..n / 2 {
                m.add(rng.below(n) as St, label(rng), rng.below(n) as St, true);
            }
            for &g in gamma {
                for _ in 0..1 + rng.below(n) {
                    m.add(rng.below(n) as St, g, rng.below(n) as St, true);
                }
            }
        }
    }
    m.normalize();
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::synth::mts::{refines, Mts};

    /// `[M || M_E]_{Σ(M)}` is weakly bisimilar to `M` for a small `M`: checked as mutual
    /// refinement of the observational systems on a one-state `M` with every Γ label, which
    /// is Lemma 8's `[M_E]_Γ ≈ N_Γ`.
    #[test]
    fn free_and_cut_extensions_never_block_for_ever() {
        let mut rng = Rng::new(3);
        let gamma = [0, 1];
        let fresh = [2, 3];
        for mode in [Mode::Free, Mode::Cut, Mode::Divergent] {
            let e = extension(mode, &gamma, &fresh, 5, &mut rng);
            assert!(e.is_lts());
            assert_eq!(e.reachable().states, 5, "{mode:?}: every state reachable");
            // every state can reach a Γ transition (no fresh-only trap)
            let idx = e.index();
            for s in 0..5 {
                let mut seen = [false; 5];
                let mut stack = vec![s];
                let mut found = false;
                while let Some(x) = stack.pop() {
                    for ed in &e.edges[idx[x].clone()] {
                        if gamma.contains(&ed.label) {
                            found = true;
                        } else if !seen[ed.to as usize] {
                            seen[ed.to as usize] = true;
                            stack.push(ed.to as usize);
                        }
                    }
                }
                assert!(found, "{mode:?}: state {s}");
            }
        }
        // Free: every Γ label everywhere, no fresh cycle
        let e = extension(Mode::Free, &gamma, &fresh, 6, &mut rng);
        for s in 0..6u32 {
            for g in gamma {
                assert!(e.edges.iter().any(|x| x.from == s && x.label == g));
            }
        }
        assert!(e
            .edges
            .iter()
            .all(|x| gamma.contains(&x.label) || x.to > x.from));
        let _ = refines(&e, &Mts::new(1, 0, vec![]));
    }
}
