//! ltsym: a symbolic model checker for parallel systems of labeled transition systems, as in
//! the RERS Challenge parallel tracks.
//!
//! The pieces, each usable without the command line, by layer from the ground up (a module
//! imports only from the layers below its own; ARCHITECTURE.md gives the rule and its
//! exceptions, `tests/it/architecture.rs` checks it):
//! * base: [`error`]; [`limits`], the resource limits (time, nodes, slices of work) of every
//!   engine; [`progress`], a progress line every few seconds from the long loops, carried by
//!   the limits; [`memory`], what memory the machine allows and what the process uses;
//!   [`reserve`], the allocator that turns running out of address space into a limit;
//!   [`mod@json`], the conventions of every JSON object ltsym prints;
//! * data: [`model`], the system (components, interned labels, how labels synchronise; the
//!   Petri net behind a PNML system); [`logic`], LTL and CTL formulas;
//! * builders: [`automata`], LTL to transition-based generalised Büchi automata; [`gen`],
//!   generated, scalable benchmark families;
//! * engines: [`symbolic`], the BDD engine (reachability, LTL by Emerson-Lei, CTL by backward
//!   fixpoints); [`explicit`], the explicit-state engine, the test oracle for everything
//!   symbolic;
//! * io: [`parse`], readers for RERS `.dot`, RERS Promela, PNML, `.aut`/`.exp`
//!   networks, LTL and CTL property files and order files; [`mod@write`], writers for `.dot`,
//!   Promela, PNML, mCRL2 and `.exp`/`.aut`, and the property files the peers (SPIN, LTSmin,
//!   mCRL2) read; [`evidence`], counterexamples and witnesses replayed on the system, as text,
//!   Graphviz, Aldebaran and JSON; [`report`], verdicts and statistics as text, JSON and RERS
//!   CSV;
//! * drivers: [`check`], a property file on a system (`ltsym check`); [`mcc`], the Model
//!   Checking Contest's examinations on a model folder (`ltsym mcc`); [`synth`], RERS-style
//!   benchmark problems with verdicts by construction (`ltsym synth`).

pub mod automata;
pub mod check;
pub mod compose;
pub mod error;
pub mod evidence;
pub mod explicit;
pub mod gen;
pub mod json;
pub mod limits;
pub mod logic;
pub mod mcc;
pub mod memory;
pub mod model;
pub mod parse;
pub mod progress;
pub mod report;
pub mod reserve;
pub mod structural;
pub mod symbolic;
pub mod synth;
pub mod write;

pub use error::{Error, Result};
pub use model::System;
