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

use std::io;

use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};
use quick_xml::Writer;

use crate::model::{product_tuples, StateId, Sync, System};

/// The XML being written; quick-xml writes the markup and escapes text and attribute values,
/// the layout (one element per line, two spaces per level) is written here.
type Xml = Writer<Vec<u8>>;

/// Writes one line at `depth`: the indentation, what `f` writes, the line break.
fn line(w: &mut Xml, depth: usize, f: impl FnOnce(&mut Xml) -> io::Result<()>) -> io::Result<()> {
    w.get_mut().extend(std::iter::repeat_n(b' ', 2 * depth));
    f(w)?;
    w.get_mut().push(b'\n');
    Ok(())
}

/// `<name><text>…</text></name>` (PNML's form of a name; also that of the initial marking).
fn text_in(w: &mut Xml, outer: &str, text: &str) -> io::Result<()> {
    w.create_element(outer).write_inner_content(|w| {
        w.create_element("text")
            .write_text_content(BytesText::new(text))
            .map(|_| ())
    })?;
    Ok(())
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
    let bytes = net(sys, name).map_err(|e| format!("writing PNML: {e}"))?;
    String::from_utf8(bytes).map_err(|e| format!("writing PNML: {e}"))
}

/// The document: the places, transitions and arcs of the net's one page, then the NUPN units.
fn net(sys: &System, name: &str) -> io::Result<Vec<u8>> {
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

    let mut w = Writer::new(Vec::new());
    w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
    w.get_mut().push(b'\n');
    w.write_event(Event::Comment(BytesText::from_escaped(
        " Written by ltsym: a parallel LTS system as a one-safe NUPN net ",
    )))?;
    w.get_mut().push(b'\n');
    let pnml = BytesStart::new("pnml")
        .with_attributes([("xmlns", "http://www.pnml.org/version-2009/grammar/pnml")]);
    line(&mut w, 0, |w| w.write_event(Event::Start(pnml)))?;
    let net = BytesStart::new("net").with_attributes([
        ("id", "net"),
        ("type", "http://www.pnml.org/version-2009/grammar/ptnet"),
    ]);
    line(&mut w, 1, |w| w.write_event(Event::Start(net)))?;
    line(&mut w, 2, |w| text_in(w, "name", name))?;
    let page = BytesStart::new("page").with_attributes([("id", "page")]);
    line(&mut w, 2, |w| w.write_event(Event::Start(page)))?;

    for (c, comp) in sys.components().iter().enumerate() {
        for (s, state) in comp.states.iter().enumerate() {
            let id = place(c, s as StateId);
            line(&mut w, 3, |w| {
                w.create_element("place")
                    .with_attribute(("id", id.as_str()))
                    .write_inner_content(|w| {
                        text_in(w, "name", state)?;
                        if s as StateId == comp.start {
                            text_in(w, "initialMarking", "1")?;
                        }
                        Ok(())
                    })
                    .map(|_| ())
            })?;
        }
    }
    // the arcs follow the transitions; they are written beside them into a second document
    let mut arcs = Writer::new(Vec::new());
    let (mut nt, mut na) = (0usize, 0usize);
    for label in sys.labels() {
        let tuples: Vec<Vec<(StateId, StateId)>> = match &label.sync {
            Sync::Tuples(t) => t.clone(),
            Sync::Product => product_tuples(&label.local),
        };
        for tuple in tuples {
            let t = format!("t{nt}");
            nt += 1;
            line(&mut w, 3, |w| {
                w.create_element("transition")
                    .with_attribute(("id", t.as_str()))
                    .write_inner_content(|w| text_in(w, "name", &label.name))
                    .map(|_| ())
            })?;
            for (&c, &(from, to)) in label.components.iter().zip(&tuple) {
                for (source, target) in [(place(c, from), t.clone()), (t.clone(), place(c, to))] {
                    let id = format!("a{na}");
                    na += 1;
                    line(&mut arcs, 3, |w| {
                        w.create_element("arc")
                            .with_attributes([
                                ("id", id.as_str()),
                                ("source", source.as_str()),
                                ("target", target.as_str()),
                            ])
                            .write_empty()
                            .map(|_| ())
                    })?;
                }
            }
        }
    }
    w.get_mut().extend(arcs.into_inner());
    line(&mut w, 2, |w| {
        w.write_event(Event::End(BytesEnd::new("page")))
    })?;

    let np: usize = sys.components().iter().map(|c| c.num_states()).sum();
    let nupn =
        BytesStart::new("toolspecific").with_attributes([("tool", "nupn"), ("version", "1.1")]);
    line(&mut w, 2, |w| w.write_event(Event::Start(nupn)))?;
    line(&mut w, 3, |w| {
        let (np, nt, na) = (np.to_string(), nt.to_string(), na.to_string());
        w.create_element("size")
            .with_attributes([
                ("places", np.as_str()),
                ("transitions", nt.as_str()),
                ("arcs", na.as_str()),
            ])
            .write_empty()
            .map(|_| ())
    })?;
    let units = (sys.components().len() + 1).to_string();
    let structure = BytesStart::new("structure").with_attributes([
        ("units", units.as_str()),
        ("root", "root"),
        ("safe", "true"),
    ]);
    line(&mut w, 3, |w| w.write_event(Event::Start(structure)))?;
    let subunits: Vec<String> = (0..sys.components().len()).map(unit).collect();
    line(&mut w, 4, |w| unit_element(w, "root", &[], &subunits))?;
    for (c, comp) in sys.components().iter().enumerate() {
        let ps: Vec<String> = (0..comp.num_states())
            .map(|s| place(c, s as StateId))
            .collect();
        line(&mut w, 4, |w| unit_element(w, &unit(c), &ps, &[]))?;
    }
    line(&mut w, 3, |w| {
        w.write_event(Event::End(BytesEnd::new("structure")))
    })?;
    line(&mut w, 2, |w| {
        w.write_event(Event::End(BytesEnd::new("toolspecific")))
    })?;
    line(&mut w, 1, |w| {
        w.write_event(Event::End(BytesEnd::new("net")))
    })?;
    line(&mut w, 0, |w| {
        w.write_event(Event::End(BytesEnd::new("pnml")))
    })?;
    Ok(w.into_inner())
}

/// `<unit id="…"><places>…</places><subunits>…</subunits></unit>`, an empty list as `<places/>`.
fn unit_element(w: &mut Xml, id: &str, places: &[String], subunits: &[String]) -> io::Result<()> {
    w.create_element("unit")
        .with_attribute(("id", id))
        .write_inner_content(|w| {
            for (tag, ids) in [("places", places), ("subunits", subunits)] {
                let e = w.create_element(tag);
                if ids.is_empty() {
                    e.write_empty()?;
                } else {
                    e.write_text_content(BytesText::new(&ids.join(" ")))?;
                }
            }
            Ok(())
        })?;
    Ok(())
}
