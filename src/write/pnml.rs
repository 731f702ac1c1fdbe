//! Writer of one-safe PNML with NUPN units, the form in which RERS and the Model Checking
//! Contest publish the parallel problems as Petri nets, and which [`crate::parse::pnml`] reads.
//!
//! Each component is a NUPN unit holding one place per local state (`p<c>_<s>`, the state's
//! name as the place's name), its start state's place marked. Each label becomes one Petri
//! transition per synchronised move: for a product label, every combination of the
//! participating components' local moves; for a tuple label, each tuple. A transition takes the
//! token of each participating unit from the move's source place and puts it into the target
//! place (a self-loop has both arcs on one place). Transition names are the labels, as RERS
//! publishes them; ids are `t<k>`.
//!
//! A silent label has no name a Petri net reader could tell from a transition id: an error.

use std::fmt::Write as _;

use crate::model::{product_tuples, StateId, Sync, System};

/// `s` with the five XML special characters escaped, for text and attribute values.
pub(crate) fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(c),
        }
    }
    out
}

/// Whether a component name can be a unit id as it is (an XML name of plain characters).
fn plain_id(s: &str) -> bool {
    let b = s.as_bytes();
    b.first()
        .is_some_and(|&c| c.is_ascii_alphabetic() || c == b'_')
        && b.iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.'))
}

/// Writes `sys` as a one-safe NUPN net; `name` names the net.
pub fn write(sys: &System, name: &str) -> Result<String, String> {
    if let Some(l) = sys.labels().iter().find(|l| l.is_silent()) {
        return Err(format!(
            "component `{}` has a silent transition: PNML transition names are the labels, and \
             an empty name is read as the transition's id",
            sys.component(l.components[0]).name
        ));
    }
    if !sys.labels().is_empty()
        && sys.labels().iter().all(|l| {
            l.name
                .strip_prefix("t_")
                .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()) && r.contains('_'))
        })
    {
        log::warn!(
            "every label has the MCC form `t_<n>_<label>`: read the net back with \
             `--pnml-labels name`, or the reader takes what follows `t_<n>_` as the label"
        );
    }
    // Unit ids: the component names where they are plain and distinct, else u<c>.
    let names: Vec<&str> = sys.components().iter().map(|c| c.name.as_str()).collect();
    let distinct = {
        let mut v = names.clone();
        v.sort_unstable();
        v.dedup();
        v.len() == names.len()
    };
    let use_names = distinct && names.iter().all(|n| plain_id(n) && *n != "root");
    let unit = |c: usize| -> String {
        if use_names {
            names[c].to_string()
        } else {
            format!("u{c}")
        }
    };
    let place = |c: usize, s: StateId| format!("p{c}_{s}");

    let mut places = String::new();
    for (c, comp) in sys.components().iter().enumerate() {
        for (s, state) in comp.states.iter().enumerate() {
            let marking = if s as StateId == comp.start {
                "<initialMarking><text>1</text></initialMarking>"
            } else {
                ""
            };
            let _ = writeln!(
                places,
                "      <place id=\"{}\"><name><text>{}</text></name>{marking}</place>",
                place(c, s as StateId),
                xml_escape(state)
            );
        }
    }
    let mut transitions = String::new();
    let mut arcs = String::new();
    let (mut nt, mut na) = (0usize, 0usize);
    for label in sys.labels() {
        let tuples: Vec<Vec<(StateId, StateId)>> = match &label.sync {
            Sync::Tuples(t) => t.clone(),
            Sync::Product => product_tuples(&label.local),
        };
        for tuple in tuples {
            let t = format!("t{nt}");
            nt += 1;
            let _ = writeln!(
                transitions,
                "      <transition id=\"{t}\"><name><text>{}</text></name></transition>",
                xml_escape(&label.name)
            );
            for (&c, &(from, to)) in label.components.iter().zip(&tuple) {
                let _ = writeln!(
                    arcs,
                    "      <arc id=\"a{na}\" source=\"{}\" target=\"{t}\"/>",
                    place(c, from)
                );
                let _ = writeln!(
                    arcs,
                    "      <arc id=\"a{}\" source=\"{t}\" target=\"{}\"/>",
                    na + 1,
                    place(c, to)
                );
                na += 2;
            }
        }
    }
    let np: usize = sys.components().iter().map(|c| c.num_states()).sum();
    let mut out = String::new();
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str("<!-- Written by ltsym: a parallel LTS system as a one-safe NUPN net -->\n");
    out.push_str("<pnml xmlns=\"http://www.pnml.org/version-2009/grammar/pnml\">\n");
    let _ = writeln!(
        out,
        "  <net id=\"net\" type=\"http://www.pnml.org/version-2009/grammar/ptnet\">\n    <name><text>{}</text></name>\n    <page id=\"page\">",
        xml_escape(name)
    );
    out.push_str(&places);
    out.push_str(&transitions);
    out.push_str(&arcs);
    out.push_str("    </page>\n");
    let _ = writeln!(
        out,
        "    <toolspecific tool=\"nupn\" version=\"1.1\">\n      <size places=\"{np}\" transitions=\"{nt}\" arcs=\"{na}\"/>\n      <structure units=\"{}\" root=\"root\" safe=\"true\">",
        sys.components().len() + 1
    );
    let subunits: Vec<String> = (0..sys.components().len()).map(unit).collect();
    let _ = writeln!(
        out,
        "        <unit id=\"root\"><places/><subunits>{}</subunits></unit>",
        subunits.join(" ")
    );
    for (c, comp) in sys.components().iter().enumerate() {
        let ps: Vec<String> = (0..comp.num_states())
            .map(|s| place(c, s as StateId))
            .collect();
        let _ = writeln!(
            out,
            "        <unit id=\"{}\"><places>{}</places><subunits/></unit>",
            unit(c),
            ps.join(" ")
        );
    }
    out.push_str("      </structure>\n    </toolspecific>\n  </net>\n</pnml>\n");
    Ok(out)
}
