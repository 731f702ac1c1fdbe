//! Writer of an mCRL2 process specification of the system, for mCRL2's tools (`mcrl22lps`,
//! `lpsreach`, `lps2pbes`, `pbessolvesymbolic`).
//!
//! One process equation per component state, `P<c>_<state> = a . P<c>_<target> + ...` (or
//! `delta` for a state without transitions). A label of one component is an action of that
//! name. A label of several components is one action per participant, which `comm` joins into
//! the label's action and `allow` keeps only joined: so the label fires iff every component
//! that has it moves on it, all together (the RERS rule). A label given as explicit tuples gets
//! participant actions per tuple, joined into the label's action, which keeps exactly those
//! tuples. Silent labels are `tau`; a silent label of several components is joined into an
//! action of its own that is hidden.
//!
//! Names: mCRL2 identifiers are `[A-Za-z_][A-Za-z0-9_']*` and many words are keywords
//! (`act`, `comm`, `init`, `sort`, ...), so every name is made from a prefix and the original:
//! a name made only of ASCII letters, digits and `_` follows its prefix as it is, any other is
//! written with every character but letters and digits as `_<hex>_` after a different prefix.
//! The prefixes (`a_`, `ax_`, `s<c>_`, `sx<c>_`, `P<c>_`, `Px<c>_`, ...) end in `_` after
//! letters and digits, so no two names clash and none is a keyword. [`action_name`] is the
//! label's action, for property translations ([`crate::write::props`]).
//!
//! mCRL2's linearisation (`mcrl22lps`) identifies process equations with the same right-hand
//! side, so two states of a component with the same outgoing transitions become one LPS
//! state: the behaviour is the same (strongly bisimilar), but `lpsreach` then counts fewer
//! states than ltsym. No RERS 2016 or 2017 `.dot` problem has such states; RERS 2019 problem
//! 101 has (11,105 LPS states against 12,550; `ltscompare` finds the two state spaces trace
//! equivalent). The writer warns when it happens.

use std::fmt::Write as _;

use crate::model::{CompId, LabelId, Sync, System};

/// `prefix` + `name` when the name is plain (ASCII letters, digits, `_`), else `xprefix` + the
/// name with every other character (and `_`) written as `_<hex of its UTF-8 bytes>_`.
fn ident(prefix: &str, xprefix: &str, name: &str) -> String {
    let plain = !name.is_empty() && name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_');
    if plain {
        return format!("{prefix}{name}");
    }
    let mut out = String::from(xprefix);
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else {
            let mut buf = [0u8; 4];
            out.push('_');
            for b in c.encode_utf8(&mut buf).bytes() {
                let _ = write!(out, "{b:02x}");
            }
            out.push('_');
        }
    }
    out
}

/// The mCRL2 action of a visible label (the joined action of a synchronised one).
pub fn action_name(label: &str) -> String {
    ident("a_", "ax_", label)
}

/// The action by which component `c` takes part in a synchronised label.
fn participant(c: CompId, label: &str) -> String {
    ident(&format!("s{c}_"), &format!("sx{c}_"), label)
}

/// Component `c`'s action in tuple `j` of a tuple label.
fn tuple_participant(c: CompId, j: usize, label: &str) -> String {
    ident(&format!("q{c}_{j}_"), &format!("qx{c}_{j}_"), label)
}

/// The hidden action joining silent label `l` of several components.
fn silent_action(l: LabelId) -> String {
    format!("h{l}_")
}

fn process(c: CompId, state: &str) -> String {
    ident(&format!("P{c}_"), &format!("Px{c}_"), state)
}

/// Writes `sys` as an mCRL2 specification.
pub fn write(sys: &System) -> String {
    let mut acts: Vec<String> = Vec::new();
    let mut allow: Vec<String> = Vec::new();
    let mut comm: Vec<String> = Vec::new();
    let mut hide: Vec<String> = Vec::new();
    // action of each (label, component position, tuple index or none) for the equations
    for (l, label) in sys.labels().iter().enumerate() {
        let joined = if label.is_silent() {
            silent_action(l)
        } else {
            action_name(&label.name)
        };
        match (&label.sync, label.components.len()) {
            (_, 1) if label.is_silent() => {}
            (Sync::Product, 1) => {
                acts.push(joined.clone());
                allow.push(joined);
            }
            (Sync::Product, _) => {
                let parts: Vec<String> = label
                    .components
                    .iter()
                    .map(|&c| participant(c, &label.name))
                    .collect();
                acts.extend(parts.iter().cloned());
                acts.push(joined.clone());
                comm.push(format!("{} -> {joined}", parts.join(" | ")));
                allow.push(joined.clone());
                if label.is_silent() {
                    hide.push(joined);
                }
            }
            (Sync::Tuples(tuples), _) => {
                for j in 0..tuples.len() {
                    let parts: Vec<String> = label
                        .components
                        .iter()
                        .map(|&c| tuple_participant(c, j, &label.name))
                        .collect();
                    if parts.len() > 1 {
                        acts.extend(parts.iter().cloned());
                        comm.push(format!("{} -> {joined}", parts.join(" | ")));
                    }
                }
                acts.push(joined.clone());
                allow.push(joined.clone());
                if label.is_silent() {
                    hide.push(joined);
                }
            }
        }
    }

    let mut out = String::from(
        "% Written by ltsym: a parallel LTS system as an mCRL2 specification.\n\
         % Each label is an action `a_<label>`; a label of several components is joined from\n\
         % one action per component (comm) and only the joined action is allowed.\n\n",
    );
    if !acts.is_empty() {
        out.push_str("act\n");
        for chunk in acts.chunks(8) {
            let _ = writeln!(out, "  {};", chunk.join(", "));
        }
        out.push('\n');
    }
    out.push_str("proc\n");
    for (c, comp) in sys.components().iter().enumerate() {
        let mut summands: Vec<Vec<String>> = vec![Vec::new(); comp.num_states()];
        for t in &comp.transitions {
            let label = sys.label(t.label);
            let target = process(c, &comp.states[t.to as usize]);
            let pos = label
                .components
                .iter()
                .position(|&x| x == c)
                .expect("a component's transition label lists the component");
            match &label.sync {
                Sync::Product => {
                    let a = if label.components.len() > 1 {
                        participant(c, &label.name)
                    } else if label.is_silent() {
                        "tau".to_string()
                    } else {
                        action_name(&label.name)
                    };
                    summands[t.from as usize].push(format!("{a} . {target}"));
                }
                Sync::Tuples(tuples) => {
                    for (j, tuple) in tuples.iter().enumerate() {
                        if tuple[pos] == (t.from, t.to) {
                            let a = if label.components.len() > 1 {
                                tuple_participant(c, j, &label.name)
                            } else if label.is_silent() {
                                "tau".to_string()
                            } else {
                                action_name(&label.name)
                            };
                            summands[t.from as usize].push(format!("{a} . {target}"));
                        }
                    }
                }
            }
        }
        let _ = writeln!(out, "  % component `{}`", comp.name.replace('\n', " "));
        for sum in summands.iter_mut() {
            sum.sort();
            sum.dedup();
        }
        let distinct: std::collections::HashSet<&Vec<String>> = summands.iter().collect();
        if distinct.len() < summands.len() {
            log::warn!(
                "component `{}` has {} states with the same transitions as another state: \
                 mcrl22lps identifies their equations, so lpsreach counts fewer states than \
                 ltsym (the behaviour is the same up to strong bisimulation)",
                comp.name,
                summands.len() - distinct.len()
            );
        }
        for (s, sum) in summands.iter().enumerate() {
            let rhs = if sum.is_empty() {
                "delta".to_string()
            } else {
                sum.join("\n      + ")
            };
            let _ = writeln!(out, "  {} =\n      {rhs};", process(c, &comp.states[s]));
        }
    }
    let inits: Vec<String> = sys
        .components()
        .iter()
        .enumerate()
        .map(|(c, comp)| process(c, &comp.states[comp.start as usize]))
        .collect();
    let mut body = inits.join("\n    || ");
    if !comm.is_empty() {
        body = format!(
            "comm({{\n      {}\n    }},\n    {body})",
            comm.join(",\n      ")
        );
    }
    // allow({}) would block every visible action; a system without visible labels needs none
    if !allow.is_empty() {
        body = format!(
            "allow({{\n      {}\n    }},\n    {body})",
            allow.join(",\n      ")
        );
    }
    if !hide.is_empty() {
        body = format!("hide({{{}}},\n    {body})", hide.join(", "));
    }
    let _ = writeln!(out, "\ninit\n  {body};");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_injective_and_not_keywords() {
        assert_eq!(action_name("c0_t1"), "a_c0_t1");
        assert_eq!(action_name("sort"), "a_sort");
        assert_eq!(action_name("a b"), "ax_a_20_b");
        // `_` is escaped in the escaped form, so a plain name never equals an escaped one
        assert_eq!(action_name("x_"), "a_x_");
        assert_eq!(action_name("x_ "), "ax_x_5f__20_");
        assert_eq!(process(3, "é"), "Px3__c3a9_");
        assert_ne!(participant(1, "1_x"), participant(11, "_x"));
    }
}
