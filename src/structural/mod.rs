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
pub mod lp;
pub mod net;
pub mod product;
pub mod refine;

use std::time::Duration;

use crate::automata::Tgba;
use crate::model::System;

pub use certificate::{verify, Certificate};

/// What one proof attempt may spend.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The most states of `P` (before it is cut to its strongly connected parts).
    pub max_states: usize,
    /// The most states + edges of the relaxation.
    pub max_size: usize,
    /// The most rounds of cuts ([`lp::candidate`]).
    pub max_rounds: usize,
    /// The most relaxation steps of one longest-path search.
    pub max_steps: usize,
    /// The most Bellman–Ford passes per net and scale when rounding a solution.
    pub max_passes: usize,
    /// The most sets of merged components tried.
    pub max_tries: usize,
    /// No new try starts after this time (a try runs to its end: the solver cannot be
    /// interrupted, which `max_size` bounds).
    pub time: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_states: 30_000,
            max_size: 1_000_000,
            max_rounds: 200,
            max_steps: 20_000_000,
            max_passes: 200,
            max_tries: 8,
            time: Duration::from_millis(1000),
        }
    }
}

/// A checked proof: the merged components, the size of the last program, how many sets of
/// merged components were tried, and the certificate.
#[derive(Clone, Debug)]
pub struct Proof {
    pub merged: Vec<String>,
    pub states: usize,
    pub edges: usize,
    pub tries: usize,
    pub certificate: Certificate,
}

/// A proof that no infinite run of `sys` is accepted by `neg` (the automaton of a property's
/// negation), if one is found within `limits`.
pub fn prove(sys: &System, neg: &Tgba, limits: &Limits) -> Option<Proof> {
    refine::search(sys, neg, limits)
}
