//! Writer of the RERS Promela dialect: the shape the RERS generator gives its `.pml` files and
//! [`crate::parse::promela`] reads back, which SPIN and LTSmin's SpinS also read.
//!
//! The encoding (see the RERS problem descriptions): an `Environment` process offers every
//! label that only one component has on that component's rendezvous channel `pC`; a
//! `Listener` process records the label of the last synchronised step in `lastAction`; each
//! component is a process `ProcC` with an `int state` and one `do` option per local state with
//! outgoing transitions, its moves inside `atomic { if ... fi }`. A label shared by two
//! components is a rendezvous on the channel `pS_R` between them: the sender (the component
//! with the higher index, as RERS does) sends, the receiver receives and tells the listener.
//! Each process starts in a state of its own that only receives `nop` from the environment
//! and then goes to the component's start state, the Promela form of the `.dot` start marker.
//!
//! State numbers are unique over the file: component `c` gets a block of consecutive numbers,
//! the first for the `nop` state, then one per local state in index order, so the reader lists
//! the states in the same order.
//!
//! What the dialect cannot express is an error: a label of three or more components, a silent
//! transition, explicit synchronisation tuples, and names that are not Promela identifiers or
//! that the encoding uses itself. A state with no transitions at all (not the start state) has
//! no Promela form either; it is dropped with a warning (it is unreachable, so no behaviour
//! changes, but the component reads back one state smaller).

use std::collections::{BTreeSet, HashSet};
use std::fmt::Write as _;

use crate::model::{CompId, Sync, System};

/// The message of the start move.
pub(super) const NOP: &str = "nop";

/// SPIN keeps `mtype` values in a byte: it refuses more than 255 of them.
pub(super) const SPIN_MAX_MTYPES: usize = 255;

/// Promela's keywords and predefined names, and the names this encoding declares: a label
/// spelled like one of them cannot be an `mtype` constant.
const RESERVED: &[&str] = &[
    "active",
    "assert",
    "atomic",
    "bit",
    "bool",
    "break",
    "byte",
    "chan",
    "d_step",
    "do",
    "else",
    "empty",
    "enabled",
    "eval",
    "false",
    "fi",
    "for",
    "full",
    "goto",
    "hidden",
    "if",
    "in",
    "init",
    "inline",
    "int",
    "len",
    "local",
    "ltl",
    "mtype",
    "nempty",
    "never",
    "nfull",
    "np_",
    "od",
    "of",
    "pc_value",
    "pid",
    "printf",
    "printm",
    "priority",
    "proctype",
    "provided",
    "run",
    "select",
    "short",
    "show",
    "skip",
    "timeout",
    "trace",
    "notrace",
    "true",
    "typedef",
    "unless",
    "unsigned",
    "xr",
    "xs",
    "c_code",
    "c_decl",
    "c_expr",
    "c_state",
    "c_track",
    "_",
    "_last",
    "_nr_pr",
    "_pid",
    "_priority",
    "STDIN",
    "D_proctype",
    "E_proctype",
    "N_proctype",
    "nop",
    "act",
    "lastAction",
    "state",
    "step",
    "Environment",
    "Listener",
];

/// Whether `name` is a Promela identifier that the encoding can use as an `mtype` constant.
pub(super) fn usable_name(name: &str) -> bool {
    let b = name.as_bytes();
    let identifier = b
        .first()
        .is_some_and(|&c| c.is_ascii_alphabetic() || c == b'_')
        && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_');
    // channel and process names of the encoding: p3, p3_1, Proc3
    let ours = |prefix: &str| {
        name.strip_prefix(prefix).is_some_and(|rest| {
            !rest.is_empty() && rest.bytes().all(|c| c.is_ascii_digit() || c == b'_')
        })
    };
    identifier && !RESERVED.contains(&name) && !ours("p") && !ours("Proc")
}

/// What neither Promela encoding can express: a silent transition, explicit synchronisation
/// tuples, a label of more than `max_components` components, a name that is no usable
/// identifier. Warns when SPIN would refuse the number of `mtype` values.
pub(super) fn check_labels(sys: &System, max_components: Option<usize>) -> Result<(), String> {
    for l in sys.labels() {
        if l.is_silent() {
            return Err(format!(
                "a silent transition of component `{}` has no form in the RERS Promela dialect \
                 (its `nop` marks only the start)",
                sys.component(l.components[0]).name
            ));
        }
        if l.sync != Sync::Product {
            return Err(format!(
                "label `{}` synchronises by explicit tuples, which the RERS Promela dialect \
                 cannot express",
                l.name
            ));
        }
        if max_components.is_some_and(|m| l.components.len() > m) {
            return Err(format!(
                "label `{}` is shared by {} components: a Promela rendezvous joins two \
                 (the flat encoding, `--to pml-flat`, has no such bound)",
                l.name,
                l.components.len()
            ));
        }
        if !usable_name(&l.name) {
            return Err(format!(
                "label `{}` is not a Promela identifier the encoding can use (letters, digits, \
                 `_`, not a keyword or a name of the encoding such as `nop` or `p0`)",
                l.name
            ));
        }
    }
    if sys.labels().len() + 1 > SPIN_MAX_MTYPES {
        log::warn!(
            "{} labels and `nop`: SPIN accepts at most {SPIN_MAX_MTYPES} mtype values and will \
             refuse this file (LTSmin's SpinS reads it)",
            sys.labels().len()
        );
    }
    Ok(())
}

/// Writes `sys` in the RERS Promela dialect.
pub fn write(sys: &System) -> Result<String, String> {
    check_labels(sys, Some(2))?;

    // State numbers: component c's start pseudo-state, then its states in index order.
    let mut first = Vec::with_capacity(sys.components().len());
    let mut next: u64 = 0;
    for comp in sys.components() {
        first.push(next);
        next += 1 + comp.num_states() as u64;
    }
    let number = |c: CompId, s: u32| first[c] + 1 + u64::from(s);

    let mut out = String::new();
    out.push_str("/* Written by ltsym: the RERS Promela encoding of a parallel LTS system */\n\n");
    out.push_str("/* Actions (message types) */\nmtype = { nop");
    for l in sys.labels() {
        let _ = write!(out, ", {}", l.name);
    }
    out.push_str(" };\n\n/* Inter-process channels */\n");
    // (sender, receiver) pairs of the synchronised labels
    let pairs: BTreeSet<(CompId, CompId)> = sys
        .labels()
        .iter()
        .filter(|l| l.components.len() == 2)
        .map(|l| (l.components[1], l.components[0]))
        .collect();
    for (s, r) in &pairs {
        let _ = writeln!(out, "chan p{s}_{r} = [0] of {{mtype}};");
    }
    out.push_str("\n/* Environment<->process channels */\n");
    for c in 0..sys.components().len() {
        let _ = writeln!(out, "chan p{c} = [0] of {{mtype}};");
    }
    out.push_str("\n/* Environment process */\nactive proctype Environment()\n{\n  do\n");
    for (c, comp) in sys.components().iter().enumerate() {
        for &l in &comp.alphabet {
            if sys.label(l).components.len() == 1 {
                let _ = writeln!(out, "  :: p{c} ! {}", sys.label(l).name);
            }
        }
        let _ = writeln!(out, "  :: p{c} ! {NOP}");
    }
    out.push_str("  od\n}\n\n");
    out.push_str("/* Action channel */\nchan act = [0] of {mtype};\n\n");
    out.push_str("/* Most recent message event */\nmtype lastAction = nop;\n\n");
    out.push_str(
        "/* Action listener */\nactive proctype Listener()\n{\n  atomic {\n    do\n    :: act ? lastAction ->\n  step: skip\n    od\n  }\n}\n",
    );

    for (c, comp) in sys.components().iter().enumerate() {
        let mut used: HashSet<u32> = HashSet::from([comp.start]);
        for t in &comp.transitions {
            used.insert(t.from);
            used.insert(t.to);
        }
        for (s, name) in comp.states.iter().enumerate() {
            if !used.contains(&(s as u32)) {
                log::warn!(
                    "component `{}`: state `{name}` has no transitions and is not the start \
                     state; the Promela encoding has no form for it and drops it",
                    comp.name
                );
            }
        }
        let _ = write!(
            out,
            "\n/* Process {c} (component `{}`) */\nactive proctype Proc{c}()\n{{\n  int state = {};\n  do\n",
            comp.name.replace("*/", "* /"),
            first[c]
        );
        let _ = write!(
            out,
            "  :: state == {} ->\n    atomic {{\n      if\n      :: p{c} ? {NOP} ->\n        state = {};\n      fi\n    }}\n",
            first[c],
            number(c, comp.start)
        );
        // transitions are sorted by source state
        for run in comp.transitions.chunk_by(|a, b| a.from == b.from) {
            let _ = write!(
                out,
                "  :: state == {} ->\n    atomic {{\n      if\n",
                number(c, run[0].from)
            );
            for t in run {
                let label = sys.label(t.label);
                let to = number(c, t.to);
                let name = &label.name;
                match label.components.as_slice() {
                    [_] => {
                        let _ = write!(
                            out,
                            "      :: p{c} ? {name} ->\n        act ! {name};\n        state = {to};\n"
                        );
                    }
                    &[r, s] if s == c => {
                        let _ = write!(
                            out,
                            "      :: p{s}_{r} ! {name} ->\n        state = {to};\n"
                        );
                    }
                    &[r, s] => {
                        debug_assert_eq!(r, c);
                        let _ = write!(
                            out,
                            "      :: p{s}_{r} ? {name} ->\n        act ! {name};\n        state = {to};\n"
                        );
                    }
                    _ => unreachable!("labels of more than two components were refused above"),
                }
            }
            out.push_str("      fi\n    }\n");
        }
        out.push_str("  od\n}\n");
    }
    Ok(out)
}
