//! From MTS components to LTS components (thesis Def. 29, LTS component refinement; Def. 18).
//!
//! An LTS `L` refines an MTS `M` when it has every must transition of `M` and only may
//! transitions of `M`. Each component keeps all its must transitions and each other may
//! transition with a chance, then its reachable part. By Prop. 8 the composition of the LTSs
//! refines the composition of the MTSs, so the minimal language (the counterexamples, made of
//! must transitions) is kept and the maximal one can only shrink (Prop. 4).
//!
//! One more step makes the RERS reading agree with the MTS composition: in RERS the alphabet
//! of an LTS is the set of labels on its transitions, while an MTS has its alphabet declared.
//! A label in a component's declared alphabet with no transition there can never fire in the
//! composition (that component always refuses it); its transitions in the other components
//! are dead and are removed, which changes no behaviour. Afterwards every declared label is on
//! a transition of each component that declares it.

use crate::gen::rng::Rng;

use super::mts::{Lb, Mts};

/// The LTS refinements of `parts`: must transitions kept, each may-only transition kept with
/// chance `keep_may`, reachable parts, dead labels removed everywhere (see above).
pub fn to_lts(parts: &[Mts], keep_may: f64, rng: &mut Rng) -> Vec<Mts> {
    let mut out: Vec<Mts> = parts
        .iter()
        .map(|m| {
            let mut l = Mts::new(m.states, m.initial, m.alphabet.clone());
            let mut seen = std::collections::BTreeSet::new();
            for e in &m.edges {
                // the first transition of each label stays, so that no label dies here
                if e.must || seen.insert(e.label) || rng.chance(keep_may) {
                    l.add(e.from, e.label, e.to, true);
                }
            }
            l.reachable()
        })
        .collect();
    remove_dead_labels(&mut out);
    out
}

/// Removes, until none is left, every label that some component declares but has on no
/// transition: everywhere, from transitions and alphabets.
pub fn remove_dead_labels(parts: &mut [Mts]) {
    loop {
        let dead: Vec<Lb> = parts
            .iter()
            .flat_map(|p| {
                let used = p.used_labels();
                p.alphabet
                    .iter()
                    .copied()
                    .filter(move |l| !used.contains(l))
                    .collect::<Vec<_>>()
            })
            .collect();
        if dead.is_empty() {
            return;
        }
        for p in parts.iter_mut() {
            p.edges.retain(|e| !dead.contains(&e.label));
            p.alphabet.retain(|l| !dead.contains(l));
            *p = p.reachable();
        }
    }
}
