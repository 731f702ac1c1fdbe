//! Evidence as an LTS in the Aldebaran format (`.aut`) of CADP, which mCRL2 (`ltsinfo`,
//! `ltsconvert`, `ltsgraph`) reads too.
//!
//! The format: a header `des (INITIAL, TRANSITIONS, STATES)`, then one `(FROM, "LABEL", TO)`
//! line per transition, states numbered `0..STATES`. [`write()`] writes any LTS so; the evidence
//! becomes one whose states are the distinct global states of the path (0 the initial one) and
//! whose transitions are its distinct steps, so the lasso's cycle is a cycle of the LTS.

use std::collections::BTreeSet;

use super::record::Evidence;

/// The internal action's name in CADP; a silent label of the system is written as it.
pub const SILENT: &str = "i";

/// An LTS in Aldebaran format: states `0..num_states`, the `edges` as `(from, label, to)`. A
/// label is written in double quotes; the format has no escape for a double quote inside one,
/// so it becomes a single quote (no reader of ours produces such labels).
pub fn write<'a>(
    initial: usize,
    num_states: usize,
    edges: impl ExactSizeIterator<Item = (usize, &'a str, usize)>,
) -> String {
    let mut out = format!("des ({initial}, {}, {num_states})\n", edges.len());
    for (from, label, to) in edges {
        out += &format!("({from}, \"{}\", {to})\n", label.replace('"', "'"));
    }
    out
}

/// The evidence as an Aldebaran LTS.
pub fn render(ev: &Evidence) -> String {
    let mut from = 0;
    let mut edges = BTreeSet::new();
    for s in &ev.steps {
        let label = if s.label.is_empty() {
            SILENT
        } else {
            s.label.as_str()
        };
        edges.insert((from, label, s.state));
        from = s.state;
    }
    write(0, ev.states.len(), edges.into_iter())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::tests::{lasso, two};

    #[test]
    fn the_lasso_is_an_lts_with_its_cycle() {
        let sys = two();
        let aut = render(&lasso(&sys));
        // states (p0,q0)=0 (p1,q0)=1 (p0,q1)=2 (p1,q1)=3; the second round repeats edges
        assert_eq!(
            aut,
            "des (0, 4, 4)\n(0, \"a\", 1)\n(1, \"s\", 2)\n(2, \"a\", 3)\n(3, \"s\", 0)\n"
        );
    }
}
