//! Writer of Aldebaran `.aut` files (CADP's textual LTS format, also read by mCRL2 and
//! LTSmin), one LTS per file:
//!
//! ```text
//! des (initial-state, number-of-transitions, number-of-states)
//! (from, "label", to)
//! ```
//!
//! States are numbered `0 .. n-1` (here, the component's state indices). Labels are written in
//! double quotes; `i` is CADP's internal action, so a silent transition is written `i` and a
//! visible label named `i` cannot be written. [`crate::parse::aut`] reads the files back.

use std::fmt::Write as _;

/// One transition: source, label (`None`: silent), target.
pub type AutTransition<'a> = (u32, Option<&'a str>, u32);

/// The internal action of CADP's `.aut` files.
pub const INTERNAL: &str = "i";

/// The `.aut` text of an LTS with `num_states` states.
pub fn write(
    initial: u32,
    num_states: usize,
    transitions: &[AutTransition<'_>],
) -> Result<String, String> {
    let mut out = String::with_capacity(32 + transitions.len() * 24);
    let _ = writeln!(out, "des ({initial}, {}, {num_states})", transitions.len());
    for &(from, label, to) in transitions {
        match label {
            None => {
                let _ = writeln!(out, "({from}, {INTERNAL}, {to})");
            }
            Some(INTERNAL) => {
                return Err(format!(
                    "a visible label named `{INTERNAL}` cannot be written to `.aut`: `{INTERNAL}` \
                     is the internal action there"
                ))
            }
            Some(l) if l.contains(['\n', '\r']) => {
                return Err(format!(
                    "label `{}` contains a line break, which `.aut` cannot hold",
                    l.escape_debug()
                ))
            }
            Some(l) => {
                let _ = writeln!(out, "({from}, \"{l}\", {to})");
            }
        }
    }
    Ok(out)
}
