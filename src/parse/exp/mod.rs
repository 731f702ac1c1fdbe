//! Reader for CADP EXP networks of Aldebaran `.aut` components (grammar: `grammar/exp.ebnf`):
//! the subset of EXP 2.0 that expresses systems like the RERS ones.
//!
//! ```text
//! label par using
//!   "a" * _   -> "a",
//!   "s" * "s" -> "s"
//! in
//!   "c0.aut" || "c1.aut"
//! end par
//! ```
//!
//! Read are: one parallel composition of `.aut` files, either with synchronisation vectors
//! (`label par using V1, ..., Vm in B1 || ... || Bn end par`, also `total par using`), or
//! LNT-style on label names (`par G1, ..., Gk in [I1 ->] B1 || ... || [In ->] Bn end par`,
//! where every `Gi` synchronises all behaviours and a branch interface `Ii` synchronises the
//! branches that list the label); and around the composition or around a file, hiding
//! (`hide L1, ..., Lk in B end hide`) and renaming (`rename "a" -> "b", ... in B end rename`),
//! with or without `total`. Labels are matched as whole strings (EXP's `total` matching); a
//! name may be written as a string or as a plain identifier. Comments are `(* ... *)`. Anything
//! else (LOTOS operators `|[...]|`, `|||`, nested compositions, gate or regular-expression
//! matching, priorities, cuts) is an error at its position, as is a file name that does not end
//! in `.aut`. File names are relative to the `.exp` file's directory.
//!
//! Meaning, in terms of ltsym's systems (one component per behaviour of the composition, its
//! states `0 .. n-1` of its `.aut` file):
//! * A vector `e1 * ... * en -> r` is a step of the components whose entry is not `_`, each on
//!   a transition labelled by its entry, together; the step's label is `r`. A component's
//!   transitions whose label is in none of its vector entries never fire (a warning says so).
//!   `i`, the internal action, is never synchronised: a component's `i` transitions are its
//!   silent steps. A vector whose result is `i` is a silent joint step.
//! * Vectors with the same result label must involve the same components (ltsym's labels have
//!   one set of components); the label's steps are all those of its vectors (a product label
//!   when they form one, else an exact tuple label).
//! * In `par`, a label of a synchronisation set fires when every behaviour the set names can
//!   move on it; a label in no set must be a label of one behaviour only: ltsym's systems
//!   cannot interleave two components' steps that carry the same label name, so that is an
//!   error, not a silent renaming.
//!
//! The reader is in two files: the syntax (`syntax.rs`: lexer and recursive-descent parser to a
//! behaviour tree) and its meaning (`network.rs`: the `.aut` files read, hidden, renamed and
//! composed into a [`System`]).

use std::path::Path;

use crate::error::Result;
use crate::model::System;

mod network;
mod syntax;

/// Parses an EXP file's text; `file` names it in errors and locates the `.aut` files.
pub fn parse(text: &str, file: &Path) -> Result<System> {
    let (p, beh) = syntax::parse_behaviour(text, file)?;
    network::Network { p: &p }.build(beh)
}
