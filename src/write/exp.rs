//! Writer of a CADP EXP network (EXP 2.0, `label par using` synchronisation vectors) with one
//! Aldebaran `.aut` file per component, the form CADP's `exp.open` explores and
//! [`crate::parse::exp`] reads back.
//!
//! Each component's `.aut` file carries its transitions under the system's label names. The
//! network has one vector per visible label: the label in the columns of the components that
//! take part in it, `_` elsewhere, and the label as the result, so the label fires iff all its
//! components move on it together (the RERS rule); a component's labels outside its vectors
//! never fire, and there are none here. A silent label of one component is CADP's internal
//! action `i`, which is never synchronised; a silent label of several components (a PNML
//! transition with an empty name that moves several units) is a vector over a local label
//! `silent#<id>` with the result `i`. A label given as explicit tuples has one vector per tuple,
//! over local labels `label#j` that only that tuple's moves carry.

use std::collections::HashSet;
use std::fmt::Write as _;

use super::aut;
use crate::model::{Sync, System};

/// A label string as EXP writes it: in double quotes, `"` and `\` escaped.
fn exp_string(s: &str) -> String {
    let mut q = String::from("\"");
    for c in s.chars() {
        if c == '"' || c == '\\' {
            q.push('\\');
        }
        q.push(c);
    }
    q.push('"');
    q
}

/// The `.aut` file name of each component: `<stem>-<component name>.aut` when every name is
/// plain (letters, digits, `_`, `-`, `.`) and they are distinct, else `<stem>-<index>.aut`.
fn aut_names(sys: &System, stem: &str) -> Vec<String> {
    let plain = |s: &str| {
        !s.is_empty()
            && s.bytes()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.'))
    };
    let names: Vec<&str> = sys.components().iter().map(|c| c.name.as_str()).collect();
    let distinct = names.iter().collect::<HashSet<_>>().len() == names.len();
    (0..names.len())
        .map(|c| {
            if distinct && names.iter().all(|n| plain(n)) {
                format!("{stem}-{}.aut", names[c])
            } else {
                format!("{stem}-{c}.aut")
            }
        })
        .collect()
}

/// The network: `(file name, text)` pairs, the `.exp` file (`<stem>.exp`) first, then the
/// `.aut` files it names, all meant for one directory.
pub fn write(sys: &System, stem: &str) -> Result<Vec<(String, String)>, String> {
    let n = sys.components().len();
    let files = aut_names(sys, stem);
    // per component: (from, local label or silent, to)
    let mut trans: Vec<Vec<(u32, Option<String>, u32)>> = vec![Vec::new(); n];
    let mut vectors: Vec<String> = Vec::new();
    let vector = |entries: &[(usize, String)], result: &str| -> String {
        let mut cols = vec!["_".to_string(); n];
        for (c, l) in entries {
            cols[*c] = exp_string(l);
        }
        format!("{} -> {}", cols.join(" * "), exp_string(result))
    };
    // A local label no other label of the system is named, for the moves of a silent label
    // of several components or of one tuple.
    let fresh = |base: String| -> Result<String, String> {
        if sys.label_id(&base).is_some() {
            return Err(format!(
                "a label is named `{base}`, the name ltsym needs for a synchronised step in the \
                 `.aut` files"
            ));
        }
        Ok(base)
    };
    for (l, label) in sys.labels().iter().enumerate() {
        // `i` never synchronises: a silent label of one component is its `i` steps
        if label.is_silent() && label.components.len() == 1 && label.sync == Sync::Product {
            let c = label.components[0];
            trans[c].extend(label.local[0].iter().map(|&(from, to)| (from, None, to)));
            continue;
        }
        // the result of the vectors; a joint silent step is a vector with result `i`
        let result = if label.is_silent() {
            aut::INTERNAL.to_string()
        } else {
            label.name.clone()
        };
        let base = if label.is_silent() {
            format!("silent#{l}")
        } else {
            label.name.clone()
        };
        match &label.sync {
            Sync::Product => {
                let local = if label.is_silent() {
                    fresh(base)?
                } else {
                    base
                };
                for (i, &c) in label.components.iter().enumerate() {
                    for &(from, to) in &label.local[i] {
                        trans[c].push((from, Some(local.clone()), to));
                    }
                }
                let entries: Vec<(usize, String)> = label
                    .components
                    .iter()
                    .map(|&c| (c, local.clone()))
                    .collect();
                vectors.push(vector(&entries, &result));
            }
            Sync::Tuples(tuples) => {
                for (j, tuple) in tuples.iter().enumerate() {
                    let local = fresh(format!("{base}#{j}"))?;
                    for (&c, &(from, to)) in label.components.iter().zip(tuple) {
                        trans[c].push((from, Some(local.clone()), to));
                    }
                    let entries: Vec<(usize, String)> = label
                        .components
                        .iter()
                        .map(|&c| (c, local.clone()))
                        .collect();
                    vectors.push(vector(&entries, &result));
                }
            }
        }
    }
    let mut out = Vec::with_capacity(n + 1);
    let mut exp = String::from("(* Written by ltsym: a parallel LTS system as an EXP network *)\n");
    exp.push_str("label par using\n");
    let header: Vec<&str> = sys.components().iter().map(|c| c.name.as_str()).collect();
    let _ = writeln!(exp, "  (* {} *)", header.join(" * ").replace("*)", "* )"));
    let _ = writeln!(exp, "  {}", vectors.join(",\n  "));
    exp.push_str("in\n");
    let branches: Vec<String> = files
        .iter()
        .map(|f| format!("  {}", exp_string(f)))
        .collect();
    let _ = writeln!(exp, "{}", branches.join("\n||\n"));
    exp.push_str("end par\n");
    out.push((format!("{stem}.exp"), exp));
    for (c, comp) in sys.components().iter().enumerate() {
        let mut t: Vec<(u32, Option<&str>, u32)> = trans[c]
            .iter()
            .map(|(f, l, to)| (*f, l.as_deref(), *to))
            .collect();
        t.sort_unstable();
        t.dedup();
        let text = aut::write(comp.start, comp.num_states(), &t)
            .map_err(|e| format!("component `{}`: {e}", comp.name))?;
        out.push((files[c].clone(), text));
    }
    Ok(out)
}
