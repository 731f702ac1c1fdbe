//! Reader for the Model Checking Contest's examination files (`<Examination>.xml`): a
//! `<property-set>` of `<property>` elements, each an `<id>`, a `<description>` and a
//! `<formula>`. `grammar/mcc-formula.ebnf` gives the elements accepted.
//!
//! The text is read into a small element tree (quick-xml; the files are at most a few hundred
//! kilobytes), then each formula is built from it, with place and transition ids resolved
//! against the net: an id the net lacks, an element out of place or a malformed number is an
//! error naming `file:line:column`.

use std::path::Path;

use quick_xml::events::Event;
use quick_xml::Reader;

use super::formula::{Formula, IntExpr, Property, Query};
use crate::error::{Error, ParseError, Result};
use crate::model::PetriNet;

/// An XML element: its local name, where it starts, its children and its text.
struct Element {
    name: String,
    pos: usize,
    children: Vec<Element>,
    text: String,
}

struct Ctx<'a> {
    text: &'a str,
    file: &'a Path,
    net: &'a PetriNet,
}

impl Ctx<'_> {
    fn err(&self, pos: usize, msg: impl Into<String>) -> Error {
        Error::Parse(ParseError::at(self.file, self.text, pos, msg))
    }
}

/// Reads the properties of an examination file.
pub fn parse_properties(text: &str, file: &Path, net: &PetriNet) -> Result<Vec<Property>> {
    let ctx = Ctx { text, file, net };
    let root = read_tree(&ctx)?;
    if root.name != "property-set" {
        return Err(ctx.err(
            root.pos,
            format!(
                "<{}>: an examination file is a <property-set> of <property> elements",
                root.name
            ),
        ));
    }
    let mut out: Vec<Property> = Vec::new();
    for p in &root.children {
        if p.name != "property" {
            return Err(unexpected(&ctx, p, "<property-set>"));
        }
        let mut id: Option<String> = None;
        let mut query: Option<Query> = None;
        for c in &p.children {
            match c.name.as_str() {
                "id" => {
                    if id.is_some() {
                        return Err(ctx.err(c.pos, "a second <id> in one <property>"));
                    }
                    let v = c.text.trim();
                    if v.is_empty() {
                        return Err(ctx.err(c.pos, "an empty <id>"));
                    }
                    id = Some(v.to_string());
                }
                "description" => {}
                "formula" => {
                    if query.is_some() {
                        return Err(ctx.err(c.pos, "a second <formula> in one <property>"));
                    }
                    let [f] = &c.children[..] else {
                        return Err(ctx.err(c.pos, "a <formula> holds exactly one formula"));
                    };
                    query = Some(if f.name == "place-bound" {
                        Query::Bound(places(&ctx, f, true)?)
                    } else {
                        Query::Holds(formula(&ctx, f)?)
                    });
                }
                _ => return Err(unexpected(&ctx, c, "<property>")),
            }
        }
        let Some(id) = id else {
            return Err(ctx.err(p.pos, "a <property> without <id>"));
        };
        let Some(query) = query else {
            return Err(ctx.err(p.pos, format!("property `{id}` has no <formula>")));
        };
        if out.iter().any(|q| q.id == id) {
            return Err(ctx.err(p.pos, format!("property `{id}` is given twice")));
        }
        out.push(Property { id, query });
    }
    Ok(out)
}

fn unexpected(ctx: &Ctx, e: &Element, parent: &str) -> Error {
    ctx.err(
        e.pos,
        format!("unexpected element <{}> in {parent}", e.name),
    )
}

fn only_child<'e>(ctx: &Ctx, e: &'e Element) -> Result<&'e Element> {
    match &e.children[..] {
        [c] => Ok(c),
        cs => Err(ctx.err(
            e.pos,
            format!("<{}> takes one formula, not {}", e.name, cs.len()),
        )),
    }
}

fn no_text(ctx: &Ctx, e: &Element) -> Result<()> {
    if e.text.trim().is_empty() {
        Ok(())
    } else {
        Err(ctx.err(e.pos, format!("unexpected text in <{}>", e.name)))
    }
}

fn formula(ctx: &Ctx, e: &Element) -> Result<Formula> {
    no_text(ctx, e)?;
    let one =
        |e: &Element| -> Result<Box<Formula>> { Ok(Box::new(formula(ctx, only_child(ctx, e)?)?)) };
    let leaf = |e: &Element| -> Result<()> {
        if e.children.is_empty() {
            Ok(())
        } else {
            Err(ctx.err(e.pos, format!("<{}> has no children", e.name)))
        }
    };
    Ok(match e.name.as_str() {
        "true" => {
            leaf(e)?;
            Formula::True
        }
        "false" => {
            leaf(e)?;
            Formula::False
        }
        "negation" => Formula::Not(one(e)?),
        "conjunction" | "disjunction" => {
            if e.children.is_empty() {
                return Err(ctx.err(e.pos, format!("an empty <{}>", e.name)));
            }
            let fs = e
                .children
                .iter()
                .map(|c| formula(ctx, c))
                .collect::<Result<Vec<_>>>()?;
            if e.name == "conjunction" {
                Formula::And(fs)
            } else {
                Formula::Or(fs)
            }
        }
        "integer-le" => {
            let [a, b] = &e.children[..] else {
                return Err(ctx.err(e.pos, "<integer-le> compares exactly two integers"));
            };
            Formula::Le(integer(ctx, a)?, integer(ctx, b)?)
        }
        "is-fireable" => {
            let mut ts = Vec::with_capacity(e.children.len());
            for c in &e.children {
                if c.name != "transition" {
                    return Err(unexpected(ctx, c, "<is-fireable>"));
                }
                let id = c.text.trim();
                let t = ctx.net.transition(id).ok_or_else(|| {
                    ctx.err(c.pos, format!("`{id}` is not a transition of the net"))
                })?;
                ts.push(t);
            }
            Formula::Fireable(ts)
        }
        "all-paths" => Formula::AllPaths(one(e)?),
        "exists-path" => Formula::ExistsPath(one(e)?),
        "next" => Formula::Next(one(e)?),
        "globally" => Formula::Globally(one(e)?),
        "finally" => Formula::Finally(one(e)?),
        "until" => {
            let [before, reach] = &e.children[..] else {
                return Err(ctx.err(e.pos, "<until> holds a <before> and a <reach>"));
            };
            if before.name != "before" {
                return Err(unexpected(ctx, before, "<until> (expected <before>)"));
            }
            if reach.name != "reach" {
                return Err(unexpected(ctx, reach, "<until> (expected <reach>)"));
            }
            Formula::Until(
                Box::new(formula(ctx, only_child(ctx, before)?)?),
                Box::new(formula(ctx, only_child(ctx, reach)?)?),
            )
        }
        _ => {
            return Err(ctx.err(
                e.pos,
                format!("<{}> is not a formula element ltsym reads", e.name),
            ))
        }
    })
}

fn integer(ctx: &Ctx, e: &Element) -> Result<IntExpr> {
    match e.name.as_str() {
        "integer-constant" => {
            if !e.children.is_empty() {
                return Err(ctx.err(e.pos, "<integer-constant> holds a number only"));
            }
            let v = e.text.trim();
            v.parse::<u64>().map(IntExpr::Const).map_err(|_| {
                ctx.err(
                    e.pos,
                    format!("integer constant `{v}` is not a natural number"),
                )
            })
        }
        "tokens-count" => Ok(IntExpr::Tokens(places(ctx, e, false)?)),
        _ => Err(ctx.err(
            e.pos,
            format!(
                "<{}> where an integer is expected (<integer-constant>, <tokens-count>)",
                e.name
            ),
        )),
    }
}

/// The `<place>` children of `e`, resolved; at least one when `nonempty`.
fn places(ctx: &Ctx, e: &Element, nonempty: bool) -> Result<Vec<usize>> {
    no_text(ctx, e)?;
    let mut ps = Vec::with_capacity(e.children.len());
    for c in &e.children {
        if c.name != "place" {
            return Err(unexpected(ctx, c, &format!("<{}>", e.name)));
        }
        let id = c.text.trim();
        let p = ctx
            .net
            .place(id)
            .ok_or_else(|| ctx.err(c.pos, format!("`{id}` is not a place of the net")))?;
        ps.push(p);
    }
    if nonempty && ps.is_empty() {
        return Err(ctx.err(e.pos, format!("an empty <{}>", e.name)));
    }
    Ok(ps)
}

/// The document's root element, with everything below it.
fn read_tree(ctx: &Ctx) -> Result<Element> {
    let mut reader = Reader::from_str(ctx.text);
    reader.config_mut().check_end_names = true;
    let mut stack: Vec<Element> = Vec::new();
    let mut root: Option<Element> = None;
    loop {
        let pos = reader.buffer_position() as usize;
        let event = reader.read_event().map_err(|e| {
            ctx.err(
                reader.error_position() as usize,
                format!("malformed XML: {e}"),
            )
        })?;
        let element = |name: &[u8]| Element {
            name: String::from_utf8_lossy(name).into_owned(),
            pos,
            children: Vec::new(),
            text: String::new(),
        };
        let mut close = |el: Element, stack: &mut Vec<Element>| -> Result<()> {
            match stack.last_mut() {
                Some(parent) => parent.children.push(el),
                None if root.is_none() => root = Some(el),
                None => return Err(ctx.err(el.pos, "a second root element")),
            }
            Ok(())
        };
        match event {
            Event::Start(e) => stack.push(element(e.local_name().as_ref())),
            Event::Empty(e) => close(element(e.local_name().as_ref()), &mut stack)?,
            Event::End(_) => {
                let el = stack.pop().expect("quick-xml checks end names");
                close(el, &mut stack)?;
            }
            Event::Text(t) => {
                let s = t
                    .unescape()
                    .map_err(|err| ctx.err(pos, format!("bad text: {err}")))?;
                match stack.last_mut() {
                    Some(el) => el.text.push_str(&s),
                    None if s.trim().is_empty() => {}
                    None => return Err(ctx.err(pos, "text outside the root element")),
                }
            }
            Event::CData(t) => {
                let s = std::str::from_utf8(&t)
                    .map_err(|err| ctx.err(pos, format!("bad text: {err}")))?;
                if let Some(el) = stack.last_mut() {
                    el.text.push_str(s);
                }
            }
            Event::Eof => break,
            Event::Decl(_) | Event::PI(_) | Event::Comment(_) | Event::DocType(_) => {}
        }
    }
    if let Some(open) = stack.last() {
        return Err(ctx.err(
            ctx.text.len(),
            format!(
                "unexpected end of file: <{}> opened at {} is not closed",
                open.name,
                crate::error::Location::of_offset(ctx.file, ctx.text, open.pos)
            ),
        ));
    }
    root.ok_or_else(|| ctx.err(0, "no XML element: this is not an examination file"))
}
