//! The structural engine: proves that an LTL property holds (RERS reading: only infinite runs
//! count) by linear arithmetic, without exploring the state space.
//!
//! The argument is the state equation of Petri nets (Murata, "Petri nets: properties, analysis
//! and applications", Proc. IEEE 1989; as a verification method Esparza & Melzer, "Verification
//! of safety properties using integer programming: beyond the state equation", FMSD 2000): a
//! cycle of the system is a T-invariant, a flow in every component that returns to where it
//! started and fires each label equally often in every component having it. Here the automaton
//! of the negated formula is one more component that reads every step, merged (explicit
//! product, [`product`]) with the components whose labels it must tell apart; a fair cycle of
//! the system × automaton projects to a circulation in every net of this relaxation that meets
//! every acceptance set in the product `P`. If the linear program of those circulations is
//! infeasible there is no fair cycle and the property holds.
//!
//! Infeasibility is never taken from a floating-point solver: Farkas' lemma gives a certificate
//! (potentials, weights per label, multipliers per acceptance set; [`certificate`]) which the
//! dual program ([`lp`]) suggests and [`certificate::verify`] checks in exact integers. Only a
//! checked certificate makes a verdict; without one the property goes on to the other engines.
//! When the components holding the atoms are not enough, [`refine`] merges one neighbour more.
//!
//! This is plain data in, plain data out: it reads the `System` and the automaton, and imports
//! no other engine.

pub mod certificate;
pub mod cover;
pub mod intern;
pub mod lp;
pub mod net;
pub mod product;
pub mod refine;

pub use certificate::{verify, Certificate};

pub use refine::{prove, Limits, Proof};
