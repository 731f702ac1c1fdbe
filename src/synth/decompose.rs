//! Iterated property-preserving parallel decomposition by modal contracts (thesis §6.1,
//! Fig. 6.1; Def. 46 modal contract, Def. 49 context construction, Thm. 6 admissibility;
//! Prop. 8 compositional refinement; Thm. 1 compositionality of property preservation).
//!
//! One step takes a component `M` of the current parallel composition, a communication
//! alphabet `Γ` among its labels and a set `R` of red transitions on `Γ` (new behaviour the
//! system gets and the context must forbid, so that the context is relevant: without it the
//! system alone would do more, Def. 36–38). It replaces `M` by the system `M_s = M + R` (red
//! transitions are must transitions of `M_s`, Def. 46) and the context
//! `M_c = M^g_c ∧ M^r_c` ([`super::green`], [`super::red`], [`super::conjunction`]),
//! minimised. Thm. 6: `M_s || M_c ≲ M`; Prop. 8 (the context's alphabet `Γ` lies inside
//! `M`'s): the whole composition refines the one before the step. Refinement keeps the
//! minimal and maximal languages in between (Prop. 4), so every verdict of the base MTS holds
//! for every step.
//!
//! When the green and the red part contradict each other (a must transition on a letter a red
//! transition forbids in the same set of states: Def. 48's error, Cor. 4), the red
//! transitions that caused it are dropped and the context is built again.
//!
//! The synchronisation style decides which labels may go into `Γ`: in RERS 2016/2017 every
//! label is shared by at most two components, so only a label no other component has
//! qualifies; with multiway synchronisation (RERS 2018–2020) any label of the component does.

use std::collections::BTreeMap;

use crate::gen::rng::Rng;

use super::conjunction::conjunction;
use super::green::green_context;
use super::mts::{Lb, Mts, St};
use super::red::{blocked_at, red_dfa};

/// How labels may be shared.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, clap::ValueEnum,
)]
#[serde(rename_all = "lowercase")]
pub enum SyncStyle {
    /// Each label in at most two components (RERS 2016, 2017).
    Pairwise,
    /// A label in any number of components (RERS 2018–2020).
    Multiway,
}

/// What one decomposition step did, for the manifest.
#[derive(Clone, Debug)]
pub struct Step {
    /// The component decomposed (its index at the time; the system keeps it, the context is
    /// appended).
    pub component: usize,
    pub gamma: Vec<Lb>,
    pub red: Vec<(St, Lb, St)>,
    pub context_states: usize,
}

/// One decomposition of `m` on `gamma` with about `red_wanted` red transitions: the system
/// `M + R`, the minimised context, and `R`.
pub fn decompose(
    m: &Mts,
    gamma: &[Lb],
    red_wanted: usize,
    rng: &mut Rng,
) -> (Mts, Mts, Vec<(St, Lb, St)>) {
    let mut red = pick_red(m, gamma, red_wanted, rng);
    let green = green_context(m, gamma);
    let context = loop {
        let (dfa, sets) = red_dfa(m, gamma, &red);
        match conjunction(&green, &dfa) {
            Ok(c) => break c.minimize(),
            Err(u) => {
                let culprits = blocked_at(&sets[u.right as usize], u.label, &red);
                debug_assert!(!culprits.is_empty(), "only red transitions block");
                red.retain(|r| !culprits.contains(r));
            }
        }
    };
    let mut system = m.clone();
    for &(s, a, t) in &red {
        system.add(s, a, t, true);
    }
    system.normalize();
    (system, context, red)
}

/// Up to `wanted` red transitions on `gamma`: random triples that are no may transition of
/// `m`, from states without a must transition on that label (those would contradict a green
/// transition for certain).
fn pick_red(m: &Mts, gamma: &[Lb], wanted: usize, rng: &mut Rng) -> Vec<(St, Lb, St)> {
    let mut red = Vec::new();
    if gamma.is_empty() || m.states == 0 {
        return red;
    }
    let idx = m.index();
    for _ in 0..wanted * 8 {
        if red.len() >= wanted {
            break;
        }
        let s = rng.below(m.states) as St;
        let a = gamma[rng.below(gamma.len())];
        let t = rng.below(m.states) as St;
        let out = &m.edges[idx[s as usize].clone()];
        let clash = out.iter().any(|e| e.label == a && (e.must || e.to == t));
        if !clash && !red.contains(&(s, a, t)) {
            red.push((s, a, t));
        }
    }
    red.sort_unstable();
    red
}

/// The labels of component `c` that may go into a communication alphabet under `style`:
/// labels on its transitions, and in the pairwise style only those in no other component's
/// alphabet.
pub fn eligible(parts: &[Mts], c: usize, style: SyncStyle) -> Vec<Lb> {
    let mut owners: BTreeMap<Lb, usize> = BTreeMap::new();
    for p in parts {
        for &l in &p.alphabet {
            *owners.entry(l).or_default() += 1;
        }
    }
    parts[c]
        .used_labels()
        .into_iter()
        .filter(|l| style == SyncStyle::Multiway || owners[l] == 1)
        .collect()
}

/// `steps` decompositions, starting from `[m]`: each picks a component with eligible labels
/// (weighted by how many), a communication alphabet of 1 to `max_gamma` of them, and about
/// `red` red transitions. Stops early when no component has an eligible label left.
pub fn decompose_iteratively(
    m: &Mts,
    steps: usize,
    max_gamma: usize,
    red: usize,
    style: SyncStyle,
    rng: &mut Rng,
) -> (Vec<Mts>, Vec<Step>) {
    let mut parts = vec![m.clone()];
    let mut log = Vec::new();
    for _ in 0..steps {
        let options: Vec<(usize, Vec<Lb>)> = (0..parts.len())
            .map(|c| (c, eligible(&parts, c, style)))
            .filter(|(_, e)| !e.is_empty())
            .collect();
        let total: usize = options.iter().map(|(_, e)| e.len()).sum();
        if total == 0 {
            break;
        }
        let mut pick = rng.below(total);
        let (c, mut labels) = options
            .into_iter()
            .find(|(_, e)| {
                if pick < e.len() {
                    true
                } else {
                    pick -= e.len();
                    false
                }
            })
            .expect("pick is below the total");
        rng.shuffle(&mut labels);
        // leave the component a label of its own where it can, so later steps find some
        let most = if labels.len() > 1 {
            max_gamma.min(labels.len() - 1)
        } else {
            1
        };
        let size = 1 + rng.below(most.max(1));
        let mut gamma: Vec<Lb> = labels[..size].to_vec();
        gamma.sort_unstable();
        let (system, context, r) = decompose(&parts[c], &gamma, red, rng);
        log.push(Step {
            component: c,
            gamma,
            red: r,
            context_states: context.states,
        });
        parts[c] = system;
        parts.push(context);
    }
    (parts, log)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::synth::mts::{compose_all, refines};

    #[test]
    fn each_step_refines_the_one_before() {
        let mut rng = Rng::new(7);
        // a random MTS over labels 0..6 with a few must transitions
        let mut m = Mts::new(8, 0, (0..6).collect());
        for s in 0..8 {
            for _ in 0..3 {
                m.add(s, rng.below(6) as Lb, rng.below(8) as St, rng.chance(0.3));
            }
        }
        m.normalize();
        let m = m.reachable();
        for style in [SyncStyle::Pairwise, SyncStyle::Multiway] {
            let (parts, log) = decompose_iteratively(&m, 3, 2, 3, style, &mut rng);
            assert_eq!(parts.len(), log.len() + 1);
            assert!(refines(&compose_all(&parts), &m), "{style:?}");
        }
    }
}
