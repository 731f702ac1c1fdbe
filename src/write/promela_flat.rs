//! Writer of a flat Promela encoding for SPIN: one process, one `atomic` step per firing of a
//! label, the same `mtype` constants and the same `lastAction` as the RERS dialect
//! ([`super::promela`]), so the claims of [`super::props::spin_claims`] read both alike.
//!
//! Why a second encoding: in the RERS dialect one synchronised step is several SPIN steps (a
//! rendezvous, then a message to the `Listener`), and every process may stop between them, so
//! SPIN's state space is hundreds of times the system's (2016/105: 111,510 reachable states, and
//! pan ran out of memory on one claim; docs/benchmarks.md, "Flat Promela"). Here the state is
//! the components' local states and `lastAction`, and one step of the system is one
//! `atomic` sequence: its guard is that every component of the label has a move with it, its
//! body picks one move per component (an `if` over the enabled ones, so nondeterminism stays)
//! and then sets `lastAction`.
//!
//! What SPIN sees is the same sequence of `lastAction` values up to stuttering: the first
//! position is `nop`, each step of the system sets the label it fired, a deadlock blocks the
//! one process (SPIN's `-E` stutter-extends it, as for the RERS encoding). The inner statements
//! of an `atomic` sequence are steps of their own for a never claim, but `lastAction` changes
//! only in the last of them, so a claim without X reads both encodings alike; X counts the
//! encoding's steps, so a claim with X is to be checked on the RERS dialect (the comparison
//! script does so). Labels may be shared by any number of components (the RERS dialect has two
//! at most). ltsym does not read this encoding back.

use std::fmt::Write as _;

use super::promela::{check_labels, NOP};
use crate::model::{LabelId, System, Transition};

/// The smallest Promela integer type that holds state indices below `n`.
fn state_type(n: usize) -> &'static str {
    if n <= 256 {
        "byte"
    } else if n <= 32_768 {
        "short"
    } else {
        "int"
    }
}

/// The moves of component `comp` with `label` (its transitions are sorted by source state).
fn moves(trans: &[Transition], label: LabelId) -> impl Iterator<Item = &Transition> {
    trans.iter().filter(move |t| t.label == label)
}

/// Writes `sys` in the flat Promela encoding (see the module comment).
pub fn write(sys: &System) -> Result<String, String> {
    check_labels(sys, None)?;
    let mut out = String::new();
    out.push_str(
        "/* Written by ltsym: a flat Promela encoding of a parallel LTS system (one process, \
         one atomic step per label; atoms over lastAction as in the RERS dialect) */\n\n",
    );
    out.push_str("mtype = { ");
    out.push_str(NOP);
    for l in sys.labels() {
        let _ = write!(out, ", {}", l.name);
    }
    out.push_str(" };\n\nmtype lastAction = nop;\n\n/* The local state of each component */\n");
    for (c, comp) in sys.components().iter().enumerate() {
        let _ = writeln!(
            out,
            "{} p{c} = {}; /* {} */",
            state_type(comp.num_states()),
            comp.start,
            comp.name.replace("*/", "* /")
        );
    }
    out.push_str("\nactive proctype Environment()\n{\n  do\n");
    for (l, label) in sys.labels().iter().enumerate() {
        let per_comp: Vec<(usize, Vec<&Transition>)> = label
            .components
            .iter()
            .map(|&c| (c, moves(&sys.component(c).transitions, l).collect()))
            .collect();
        if per_comp.iter().any(|(_, ms)| ms.is_empty()) {
            continue; // never enabled: no step to write
        }
        // guard: every component of the label is in a state with a move on it
        let guard: Vec<String> = per_comp
            .iter()
            .map(|(c, ms)| {
                let mut froms: Vec<u32> = ms.iter().map(|t| t.from).collect();
                froms.dedup();
                let alts: Vec<String> = froms.iter().map(|f| format!("p{c} == {f}")).collect();
                format!("({})", alts.join(" || "))
            })
            .collect();
        let _ = writeln!(out, "  :: atomic {{ {} ->", guard.join(" && "));
        for (c, ms) in &per_comp {
            out.push_str("       if\n");
            for t in ms {
                let _ = writeln!(out, "       :: p{c} == {} -> p{c} = {}", t.from, t.to);
            }
            out.push_str("       fi;\n");
        }
        let _ = writeln!(out, "       lastAction = {} }}", label.name);
    }
    out.push_str("  od\n}\n");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::dot;
    use std::path::Path;

    /// One step per label, the nondeterminism of a component's moves kept as an `if`.
    #[test]
    fn one_atomic_step_per_label() {
        let text = "digraph G {\n  subgraph a {\n0 [label=\"0\"];\n1 [label=\"1\"];\n\
                    2 [label=\"2\"];\n1->2 [label=\"x\"];\n1->1 [label=\"x\"];\n\
                    0->1 [label=\"\"];\n  }\n  subgraph b {\n3 [label=\"3\"];\n\
                    4 [label=\"4\"];\n5 [label=\"5\"];\n4->5 [label=\"x\"];\n\
                    3->4 [label=\"\"];\n  }\n}\n";
        let sys = match dot::parse(text, Path::new("test.dot")) {
            Ok(sys) => sys,
            Err(e) => panic!("test system does not parse: {e}"),
        };
        let pml = match write(&sys) {
            Ok(pml) => pml,
            Err(e) => panic!("not written: {e}"),
        };
        let steps: Vec<&str> = pml.lines().filter(|l| l.contains(":: atomic {")).collect();
        assert_eq!(steps.len(), 1, "{pml}");
        assert!(
            steps[0].contains("(p0 == ") && steps[0].contains(" && (p1 == "),
            "{pml}"
        );
        assert_eq!(pml.matches(":: p0 == ").count(), 2, "{pml}");
        assert_eq!(pml.matches(":: p1 == ").count(), 1, "{pml}");
        assert!(pml.contains("lastAction = x }"), "{pml}");
    }
}
