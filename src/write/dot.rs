//! Writer of RERS `.dot` process graphs, the format [`crate::parse::dot`] reads: one
//! `subgraph` per component, a start marker edge per component, labels quoted.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use crate::model::{Lts, Sync, System};
use crate::parse::dot::is_plain_id;

/// `s` as a DOT ID: unquoted when the reader reads it back unquoted, else quoted.
fn dot_id(s: &str) -> String {
    if is_plain_id(s) {
        s.to_string()
    } else {
        quote(s)
    }
}

/// `s` in double quotes, with `"` and `\` escaped (what the reader unescapes).
fn quote(s: &str) -> String {
    let mut q = String::with_capacity(s.len() + 2);
    q.push('"');
    for c in s.chars() {
        if c == '"' || c == '\\' {
            q.push('\\');
        }
        q.push(c);
    }
    q.push('"');
    q
}

/// Writes a system as RERS-style `.dot`. [`crate::parse::dot::parse`] reads the text back to
/// the same system (same components, state names, start states, labels and transitions).
/// Node IDs are global in DOT, so when two components share a state name every node is
/// written as `component.state`, and the names read back are those.
///
/// Errors: a label with explicit synchronisation tuples ([`Sync::Tuples`], from PNML) has no
/// `.dot` form; nor has a silent step of several components together, nor a silent transition
/// out of a state with no other edges, which would read back as a second start marker.
pub fn write(sys: &System) -> Result<String, String> {
    if let Some(l) = sys.labels().iter().find(|l| l.sync != Sync::Product) {
        return Err(format!(
            "label `{}` synchronises by explicit tuples, which `.dot` cannot express",
            l.display_name()
        ));
    }
    if let Some(l) = sys
        .labels()
        .iter()
        .find(|l| l.is_silent() && l.components.len() > 1)
    {
        return Err(format!(
            "a silent step moves components `{}` and `{}` together: in `.dot` an empty label \
             is a step of one component",
            sys.component(l.components[0]).name,
            sys.component(l.components[1]).name
        ));
    }
    let mut all_names: HashMap<&str, usize> = HashMap::new();
    for comp in sys.components() {
        for s in &comp.states {
            *all_names.entry(s.as_str()).or_default() += 1;
        }
    }
    let qualify = all_names.values().any(|&n| n > 1);
    let node_name = |comp: &Lts, s: usize| -> String {
        if qualify {
            format!("{}.{}", comp.name, comp.states[s])
        } else {
            comp.states[s].clone()
        }
    };
    let taken: HashSet<String> = sys
        .components()
        .iter()
        .flat_map(|c| (0..c.states.len()).map(move |s| (c, s)))
        .map(|(c, s)| node_name(c, s))
        .collect();
    if qualify && taken.len() != all_names.values().sum::<usize>() {
        return Err(
            "state names clash across components even when qualified as `component.state`"
                .to_string(),
        );
    }
    let mut out = String::from("digraph G {\n");
    for comp in sys.components() {
        let n = comp.states.len();
        let mut incoming = vec![0usize; n];
        let mut outgoing = vec![0usize; n];
        incoming[comp.start as usize] += 1;
        for t in &comp.transitions {
            outgoing[t.from as usize] += 1;
            incoming[t.to as usize] += 1;
        }
        for t in &comp.transitions {
            if sys.label(t.label).is_silent()
                && incoming[t.from as usize] == 0
                && outgoing[t.from as usize] == 1
            {
                return Err(format!(
                    "component `{}`: the silent transition out of state `{}` (which has no other edges) would read back as a second start marker",
                    comp.name, comp.states[t.from as usize]
                ));
            }
        }
        let mut marker = format!("{}.start", comp.name);
        while taken.contains(&marker) {
            marker.push('\'');
        }
        let _ = writeln!(out, "  subgraph {} {{", dot_id(&comp.name));
        let _ = writeln!(out, "{} [shape=point];", dot_id(&marker));
        for s in 0..n {
            let id = dot_id(&node_name(comp, s));
            let _ = writeln!(out, "{id} [label={}];", quote(&comp.states[s]));
        }
        for t in &comp.transitions {
            let _ = writeln!(
                out,
                "{}->{} [label={} color=black ];",
                dot_id(&node_name(comp, t.from as usize)),
                dot_id(&node_name(comp, t.to as usize)),
                quote(&sys.label(t.label).name)
            );
        }
        let _ = writeln!(
            out,
            "{}->{} [label=\"\" color=black ];",
            dot_id(&marker),
            dot_id(&node_name(comp, comp.start as usize))
        );
        out.push_str("  }\n");
    }
    out.push_str("}\n");
    Ok(out)
}
