//! The compositional engine: hide what a property does not need, minimise modulo a
//! bisimulation that keeps the property, compose a few components at a time, minimise again,
//! and check the small result (the approach of CADP that solved the largest RERS parallel
//! problems: Lang, Mateescu and Mazzanti, FM 2019 and TACAS 2020).
//!
//! One file per algorithm over one LTS type ([`lts::Lts`]):
//! * `refine.rs`: strong, branching, divergence-preserving branching and sharp bisimulation by
//!   signature refinement, and their quotients; `weak.rs`: weak bisimulation;
//! * `scc.rs`: components of the internal steps;
//! * `product.rs`: the composition of two LTSs with hiding; `tree.rs`: the reduction tree, every
//!   LTS made with its origin; `smart.rs`: the order of composition (smart reduction);
//! * `realise.rs`: a run of the reduced LTS as a run of the system;
//! * `ltl.rs`: one LTL property, which equivalence keeps it and why.

mod fx;
pub mod ltl;
pub mod lts;
pub mod network;
pub mod product;
pub mod realise;
pub mod refine;
mod scc;
pub mod smart;
pub mod tree;
pub mod weak;

pub use lts::{Act, Lts, TAU};

/// A bisimulation to minimise or compare modulo.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Equivalence {
    /// Strong bisimulation: `τ` is a label like any other.
    Strong,
    /// Branching bisimulation (van Glabbeek and Weijland 1996).
    Branching,
    /// Divergence-preserving branching bisimulation: branching, and a state that can move
    /// internally forever inside its class is told apart from one that cannot.
    DivBranching,
    /// Weak bisimulation (Milner 1989).
    Weak,
    /// Sharp bisimulation (Lang, Mateescu and Mazzanti, TACAS 2020): strong for the listed
    /// actions (ascending; [`TAU`] among them makes it strong bisimulation), divergence-preserving
    /// branching for the others.
    Sharp(Vec<Act>),
}

impl Equivalence {
    /// Its name on the command line.
    pub fn name(&self) -> &'static str {
        match self {
            Equivalence::Strong => "strong",
            Equivalence::Branching => "branching",
            Equivalence::DivBranching => "dpbranching",
            Equivalence::Weak => "weak",
            Equivalence::Sharp(_) => "sharp",
        }
    }
}

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
