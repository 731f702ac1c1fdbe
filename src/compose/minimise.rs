//! Minimisation modulo any of the bisimulations: the coarsest partition, its quotient.

use super::equivalence::Equivalence;
use super::lts::Lts;
use super::{refine, weak};

/// The class of each state of `lts` under `eq`, classes numbered `0..k` in the order of their
/// first state.
pub fn partition(lts: &Lts, eq: &Equivalence) -> Vec<u32> {
    match eq {
        Equivalence::Weak => weak::partition(lts),
        _ => refine::partition(lts, eq),
    }
}

/// The quotient of `lts` by the classes `class` of `eq`.
pub fn quotient(lts: &Lts, class: &[u32], eq: &Equivalence) -> Lts {
    match eq {
        Equivalence::Weak => weak::quotient(lts, class),
        _ => refine::quotient(lts, class, eq),
    }
}

/// `lts` minimised modulo `eq` (its reachable part first), and the class of each state of
/// `lts` in it (`u32::MAX` for an unreachable state).
pub fn minimise(lts: &Lts, eq: &Equivalence) -> (Lts, Vec<u32>) {
    let (reach, map) = lts.reachable();
    let class = partition(&reach, eq);
    let min = quotient(&reach, &class, eq);
    let of_state = map
        .iter()
        .map(|&r| {
            if r == u32::MAX {
                u32::MAX
            } else {
                class[r as usize]
            }
        })
        .collect();
    (min, of_state)
}
