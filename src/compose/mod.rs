//! The compositional engine: hide what a property does not need, minimise modulo a
//! bisimulation that keeps the property, compose a few components at a time, minimise again,
//! and check the small result (the approach of CADP that solved the largest RERS parallel
//! problems: Lang, Mateescu and Mazzanti, FM 2019 and TACAS 2020).
//!
//! One file per algorithm over one LTS type ([`lts::Lts`]):
//! * `equivalence.rs`: the bisimulations by name; `minimise.rs`: partition, quotient, minimise
//!   for any of them;
//! * `refine.rs`: strong, branching, divergence-preserving branching and sharp bisimulation by
//!   signature refinement, and their quotients; `weak.rs`: weak bisimulation;
//! * `scc.rs`: components of the internal steps;
//! * `product.rs`: the composition of two LTSs with hiding; `tree.rs`: the reduction tree, every
//!   LTS made with its origin; `smart.rs`: the order of composition (smart reduction);
//! * `restrict.rs`: a group restricted to what its environment allows (semi-composition);
//! * `compare.rs`: equivalence of two LTSs, and a trace that tells them apart;
//! * `realise.rs`: a run of the reduced LTS as a run of the system;
//! * `ltl.rs`: one LTL property, which equivalence keeps it and why.

pub mod compare;
pub mod equivalence;
mod fx;
pub mod ltl;
pub mod lts;
pub mod minimise;
pub mod network;
pub mod product;
pub mod realise;
pub mod refine;
pub mod restrict;
mod scc;
pub mod smart;
pub mod tree;
pub mod weak;

pub use equivalence::Equivalence;
pub use lts::{Act, Lts, TAU};
pub use minimise::{minimise, partition, quotient};
