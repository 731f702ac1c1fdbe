//! A smaller first set of components to merge: one component for each label named by an atom
//! (a cover of the atoms' labels), instead of every component that has one.
//!
//! Any set of merged components gives a sound relaxation ([`super::product`]): `P` gives every
//! atom's label a slot of its own whether its components are merged or not, and a component
//! left out is a net of its own, tied to `P` by the label counts. Merging is only for
//! precision, and the precision that proves a property is often elsewhere: on RERS 2017/113
//! #8 `G F (a13 & X (!a63 U a13))` the atoms' labels sit in `component9` (`a13`, `a63`) and
//! `component2` (`a63`); `{2, 9}` and `{2, 9}` with any one neighbour have a fair circulation
//! or pass the size limit (`{1, 2, 9}`: 42,000 states of `P`), while `{9}` with its neighbour
//! `component1`, the line its token walks, proves it with 800 states. So the cover and the
//! cover with each neighbour are tried before the atoms' components and theirs
//! ([`super::refine`]).

use crate::automata::Tgba;
use crate::model::{CompId, LabelId, System};

/// The labels named by an atom of `neg`.
pub fn atom_labels(sys: &System, neg: &Tgba) -> Vec<LabelId> {
    (0..sys.labels().len())
        .filter(|&l| {
            let lab = sys.label(l);
            !lab.is_silent() && neg.atoms.binary_search(&lab.name).is_ok()
        })
        .collect()
}

/// A set of components (ascending) such that every label named by an atom of `neg` is in the
/// alphabet of one of them: greedily the component holding most of the labels left, fewest
/// states first (a small `P`), then the lowest index.
pub fn atom_cover(sys: &System, neg: &Tgba) -> Vec<CompId> {
    let mut left = atom_labels(sys, neg);
    let mut cover: Vec<CompId> = Vec::new();
    while !left.is_empty() {
        let holds = |c: CompId| {
            left.iter()
                .filter(|&&l| sys.label(l).components.contains(&c))
                .count()
        };
        let Some(best) = (0..sys.components().len())
            .filter(|&c| holds(c) > 0)
            .min_by_key(|&c| {
                (
                    std::cmp::Reverse(holds(c)),
                    sys.component(c).num_states(),
                    c,
                )
            })
        else {
            // a label no component has: nothing to merge for it
            break;
        };
        left.retain(|&l| !sys.label(l).components.contains(&best));
        cover.push(best);
    }
    cover.sort_unstable();
    cover
}
