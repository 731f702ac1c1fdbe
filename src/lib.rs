//! ltsym: a symbolic model checker for parallel systems of labeled transition systems, as in
//! the RERS Challenge parallel tracks.
//!
//! The pieces, each usable without the command line:
//! * [`model`]: the system (components, interned labels, how labels synchronise);
//! * [`parse`]: readers for RERS `.dot`, RERS Promela, PNML, `.aut`/`.exp` networks, LTL and CTL
//!   property files;
//! * [`mod@write`]: writers for `.dot`, Promela, PNML, mCRL2 and `.exp`/`.aut`, and the property
//!   files the peers (SPIN, LTSmin, mCRL2) read;
//! * [`logic`]: LTL and CTL formulas;
//! * [`automata`]: LTL to transition-based generalised Büchi automata;
//! * [`symbolic`]: the BDD engine (reachability, LTL by Emerson-Lei, CTL by backward fixpoints);
//! * [`explicit`]: the explicit-state engine, the test oracle for everything symbolic;
//! * [`evidence`]: counterexamples and witnesses replayed on the system, as text, Graphviz,
//!   Aldebaran and JSON;
//! * [`limits`]: resource limits (time, nodes, slices of work) for every engine;
//! * [`progress`]: a progress line every few seconds from the long loops, carried by the limits;
//! * [`gen`]: generated, scalable benchmark families;
//! * [`report`]: verdicts and statistics as text, JSON and RERS CSV;
//! * [`memory`]: what memory the machine allows, and what the process uses;
//! * [`reserve`]: the allocator that turns running out of address space into a limit.

pub mod automata;
pub mod check;
pub mod compose;
pub mod error;
pub mod evidence;
pub mod explicit;
pub mod gen;
pub mod limits;
pub mod logic;
pub mod mcc;
pub mod memory;
pub mod model;
pub mod parse;
pub mod progress;
pub mod report;
pub mod reserve;
pub mod symbolic;
pub mod write;

pub use error::{Error, Result};
pub use model::System;
