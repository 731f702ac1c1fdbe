//! Writer of a CADP EXP network (EXP 2.0, `label par using` synchronisation vectors) with one
//! Aldebaran `.aut` file per component, the form CADP's `exp.open` explores and
//! [`crate::parse::exp`] reads back.
//!
//! Each component's `.aut` file carries its transitions under the system's label names. The
//! network has one vector per visible label: the label in the columns of the components that
//! take part in it, `_` elsewhere, and the label as the result, so the label fires iff all its
//! components move on it together (the RERS rule); a component's labels outside its vectors
//! never fire, and there are none here. Silent transitions are CADP's internal action `i`, which
//! is never synchronised. A label given as explicit tuples has one vector per tuple, over local
//! labels `label#j` that only that tuple's moves carry.

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
    for label in sys.labels() {
        match &label.sync {
            Sync::Product => {
                for (i, &c) in label.components.iter().enumerate() {
                    for &(from, to) in &label.local[i] {
                        let l = (!label.is_silent()).then(|| label.name.clone());
                        trans[c].push((from, l, to));
                    }
                }
                if !label.is_silent() {
                    let entries: Vec<(usize, String)> = label
                        .components
                        .iter()
                        .map(|&c| (c, label.name.clone()))
                        .collect();
                    vectors.push(vector(&entries, &label.name));
                }
            }
            Sync::Tuples(tuples) => {
                if label.is_silent() {
                    return Err(
                        "a silent label given as explicit tuples has no `.exp` form (`i` is \
                         never synchronised)"
                            .to_string(),
                    );
                }
                for (j, tuple) in tuples.iter().enumerate() {
                    let local = format!("{}#{j}", label.name);
                    for (&c, &(from, to)) in label.components.iter().zip(tuple) {
                        if sys
                            .label_id(&local)
                            .is_some_and(|o| sys.component(c).alphabet.contains(&o))
                        {
                            return Err(format!(
                                "component `{}` has a label `{local}`, the name the tuples of \
                                 `{}` need in its `.aut` file",
                                sys.component(c).name,
                                label.name
                            ));
                        }
                        trans[c].push((from, Some(local.clone()), to));
                    }
                    let entries: Vec<(usize, String)> = label
                        .components
                        .iter()
                        .map(|&c| (c, local.clone()))
                        .collect();
                    vectors.push(vector(&entries, &label.name));
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
