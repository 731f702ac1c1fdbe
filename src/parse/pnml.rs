//! Reader for PNML one-safe NUPN nets, the Model Checking Contest's format (its encoding of
//! the RERS parallel problems among them).
//!
//! This file reads the XML into places, transitions, arcs and the NUPN units, checking the
//! element structure and the arc weights; `parse::nupn` rebuilds the LTS network from the
//! units and maps the net's places and transitions onto it ([`PetriNet`]).
//!
//! Parsing streams the text with quick-xml (the MCC files are 15–18 MB); `grammar/pnml.ebnf`
//! gives the element structure accepted. Errors name `file:line:column`.

use std::borrow::Cow;
use std::path::Path;

use quick_xml::events::attributes::AttrError;
use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

use super::nupn;
pub use super::pnml_net::PnmlLabels;
use super::pnml_net::{Arc, Net, Nupn, Place, Transition, Unit};
use crate::error::{Error, Location, ParseError, Result};
use crate::model::{PetriNet, System};

/// Parses a PNML file's text; `file` names it in errors.
pub fn parse(text: &str, file: &Path, labels: PnmlLabels) -> Result<System> {
    parse_net(text, file, labels).map(|(sys, _)| sys)
}

/// Parses a PNML file's text into the system and the net's places and transitions as states
/// and moves of that system (what the MCC examinations need).
pub fn parse_net(text: &str, file: &Path, labels: PnmlLabels) -> Result<(System, PetriNet)> {
    let net = read_net(text, file)?;
    nupn::build(&net, text, file, labels)
}

// ---------------------------------------------------------------------------------------------
// Reading the XML

/// What the reader is inside of. The stack of these mirrors the open elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum El {
    Doc,
    Pnml,
    Net,
    Page,
    Place(usize),
    Transition(usize),
    Arc(usize),
    /// A `<name>`, `<initialMarking>` or `<inscription>` label; its `<text>` goes to the target.
    Label(Target),
    /// A `<text>` element whose content goes to the target.
    Text(Target),
    Nupn,
    Structure,
    Unit(usize),
    UnitPlaces(usize),
    Subunits(usize),
    /// An element with neither children nor text (`<size/>`).
    Leaf,
}

/// Where the content of a `<text>` element goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    Ignore,
    TransitionName(usize),
    Marking(usize),
    Inscription(usize),
}

fn describe(el: El) -> &'static str {
    match el {
        El::Doc => "the document",
        El::Pnml => "<pnml>",
        El::Net => "<net>",
        El::Page => "<page>",
        El::Place(_) => "<place>",
        El::Transition(_) => "<transition>",
        El::Arc(_) => "<arc>",
        El::Label(_) => "a label (<name>, <initialMarking>, <inscription>)",
        El::Text(_) => "<text>",
        El::Nupn => "<toolspecific tool=\"nupn\">",
        El::Structure => "<structure>",
        El::Unit(_) => "<unit>",
        El::UnitPlaces(_) => "<places>",
        El::Subunits(_) => "<subunits>",
        El::Leaf => "<size>",
    }
}

struct XmlReader<'t> {
    text: &'t str,
    file: &'t Path,
    net: Net<'t>,
    nets: usize,
    /// Content of the current text-bearing element, and where it started.
    buf: String,
    buf_pos: usize,
}

/// An attribute of the element being opened. Its name and value borrow from the file's
/// text; a value with a character or entity reference is resolved into a string of its own.
struct Attr<'t> {
    /// The whole name, with its namespace prefix if any.
    key: &'t [u8],
    value: Cow<'t, str>,
    /// Where the name starts in the text.
    pos: usize,
}

impl Attr<'_> {
    /// The name without its namespace prefix (as quick-xml's `local_name`).
    fn local(&self) -> &[u8] {
        match self.key.iter().position(|&b| b == b':') {
            Some(i) => &self.key[i + 1..],
            None => self.key,
        }
    }
}

/// Where `part`, a slice that quick-xml cut from the text, lies in `text`.
fn offset_in(text: &str, part: &[u8]) -> Option<usize> {
    let start = (part.as_ptr() as usize).checked_sub(text.as_ptr() as usize)?;
    (start + part.len() <= text.len()).then_some(start)
}

impl<'t> XmlReader<'t> {
    fn err(&self, pos: usize, msg: impl Into<String>) -> Error {
        Error::Parse(ParseError::at(self.file, self.text, pos, msg))
    }

    /// The value of the attribute named `name` (without namespace prefix).
    fn attr(attrs: &[Attr<'t>], name: &str) -> Option<Cow<'t, str>> {
        attrs
            .iter()
            .find(|a| a.local() == name.as_bytes())
            .map(|a| a.value.clone())
    }

    fn required(
        &self,
        e: &BytesStart,
        attrs: &[Attr<'t>],
        name: &str,
        pos: usize,
    ) -> Result<Cow<'t, str>> {
        Self::attr(attrs, name).ok_or_else(|| {
            let tag = String::from_utf8_lossy(e.local_name().into_inner()).into_owned();
            self.err(pos, format!("<{tag}> needs a `{name}` attribute"))
        })
    }

    /// The element opened at `pos` inside `parent`, or `None` for a subtree to skip.
    fn open(
        &mut self,
        parent: El,
        e: &BytesStart,
        attrs: &[Attr<'t>],
        pos: usize,
    ) -> Result<Option<El>> {
        let local = e.local_name();
        let name = local.as_ref();
        let unexpected = |this: &Self| {
            this.err(
                pos,
                format!(
                    "unexpected element <{}> in {}",
                    String::from_utf8_lossy(name),
                    describe(parent)
                ),
            )
        };
        // Graphics and other tools' data never matter; they may appear almost anywhere.
        if name == b"graphics" && !matches!(parent, El::Doc | El::Pnml | El::Text(_)) {
            return Ok(None);
        }
        if name == b"toolspecific" && !matches!(parent, El::Doc | El::Pnml | El::Text(_) | El::Nupn)
        {
            let tool = Self::attr(attrs, "tool").unwrap_or_default();
            if tool == "nupn" && matches!(parent, El::Net | El::Page) {
                if self.net.nupn.is_some() {
                    return Err(self.err(pos, "a second NUPN block (<toolspecific tool=\"nupn\">)"));
                }
                self.net.nupn = Some(Nupn {
                    pos,
                    root: None,
                    units: Vec::new(),
                });
                return Ok(Some(El::Nupn));
            }
            return Ok(None);
        }
        let el =
            match (parent, name) {
                (El::Doc, b"pnml") => El::Pnml,
                (El::Pnml, b"net") => {
                    self.nets += 1;
                    if self.nets > 1 {
                        return Err(self.err(pos, "a second <net>: ltsym reads one net per file"));
                    }
                    let ty = Self::attr(attrs, "type").unwrap_or_default();
                    if !ty.ends_with("ptnet") {
                        return Err(self.err(
                            pos,
                            format!(
                                "net type `{ty}`: ltsym reads place/transition nets \
                             (type http://www.pnml.org/version-2009/grammar/ptnet) only"
                            ),
                        ));
                    }
                    self.net.pos = pos;
                    El::Net
                }
                (El::Net | El::Page, b"page") => El::Page,
                (El::Net | El::Page, b"name") => El::Label(Target::Ignore),
                (El::Page, b"place") => {
                    let id = self.required(e, attrs, "id", pos)?;
                    self.net.places.push(Place {
                        id,
                        pos,
                        marking: 0,
                        marking_pos: pos,
                    });
                    El::Place(self.net.places.len() - 1)
                }
                (El::Page, b"transition") => {
                    let id = self.required(e, attrs, "id", pos)?;
                    self.net.transitions.push(Transition {
                        id,
                        name: None,
                        pos,
                    });
                    El::Transition(self.net.transitions.len() - 1)
                }
                (El::Page, b"arc") => {
                    let id = Self::attr(attrs, "id").unwrap_or_default();
                    let source = self.required(e, attrs, "source", pos)?;
                    let target = self.required(e, attrs, "target", pos)?;
                    self.net.arcs.push(Arc {
                        id,
                        source,
                        target,
                        pos,
                    });
                    El::Arc(self.net.arcs.len() - 1)
                }
                (El::Page, b"referencePlace" | b"referenceTransition") => return Err(self.err(
                    pos,
                    "reference nodes (<referencePlace>, <referenceTransition>) are not supported",
                )),
                (El::Place(_), b"name") => El::Label(Target::Ignore),
                (El::Place(p), b"initialMarking") => El::Label(Target::Marking(p)),
                (El::Transition(t), b"name") => El::Label(Target::TransitionName(t)),
                (El::Arc(_), b"name") => El::Label(Target::Ignore),
                (El::Arc(a), b"inscription") => El::Label(Target::Inscription(a)),
                (El::Label(target), b"text") => {
                    self.buf.clear();
                    self.buf_pos = pos;
                    El::Text(target)
                }
                (El::Nupn, b"size") => El::Leaf,
                (El::Nupn, b"structure") => {
                    let safe = Self::attr(attrs, "safe");
                    if safe.as_deref() == Some("false") {
                        return Err(self.err(
                            pos,
                            "the NUPN says the net is not one-safe (safe=\"false\"): \
                         ltsym reads one-safe nets only",
                        ));
                    }
                    let root = self.required(e, attrs, "root", pos)?;
                    if let Some(n) = self.net.nupn.as_mut() {
                        n.root = Some(root.into_owned());
                    }
                    El::Structure
                }
                (El::Structure, b"unit") => {
                    let id = self.required(e, attrs, "id", pos)?;
                    let Some(n) = self.net.nupn.as_mut() else {
                        return Err(unexpected(self));
                    };
                    n.units.push(Unit {
                        id: id.into_owned(),
                        pos,
                        places: Vec::new(),
                        subunits: Vec::new(),
                    });
                    El::Unit(n.units.len() - 1)
                }
                (El::Unit(u), b"places") => {
                    self.buf.clear();
                    self.buf_pos = pos;
                    El::UnitPlaces(u)
                }
                (El::Unit(u), b"subunits") => {
                    self.buf.clear();
                    self.buf_pos = pos;
                    El::Subunits(u)
                }
                _ => return Err(unexpected(self)),
            };
        Ok(Some(el))
    }

    /// The element `el` is closed: store what it collected.
    fn close(&mut self, el: El) -> Result<()> {
        match el {
            El::Text(Target::TransitionName(t)) => {
                self.net.transitions[t].name = Some(std::mem::take(&mut self.buf));
            }
            El::Text(Target::Marking(p)) => {
                let v = self.buf.trim();
                let m: u64 = v.parse().map_err(|_| {
                    self.err(
                        self.buf_pos,
                        format!("initial marking `{v}` is not a natural number"),
                    )
                })?;
                self.net.places[p].marking = m;
                self.net.places[p].marking_pos = self.buf_pos;
            }
            El::Text(Target::Inscription(a)) => {
                let v = self.buf.trim();
                if v != "1" {
                    let arc = &self.net.arcs[a];
                    return Err(self.err(
                        self.buf_pos,
                        format!(
                            "arc `{}` from `{}` to `{}` has weight `{v}`: ltsym reads nets \
                             whose arcs all have weight 1",
                            arc.id, arc.source, arc.target
                        ),
                    ));
                }
            }
            El::UnitPlaces(u) | El::Subunits(u) => {
                let list: Vec<String> = self.buf.split_whitespace().map(str::to_string).collect();
                if let Some(n) = self.net.nupn.as_mut() {
                    if matches!(el, El::UnitPlaces(_)) {
                        n.units[u].places = list;
                    } else {
                        n.units[u].subunits = list;
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }
}

/// Reads the XML into a [`Net`], checking the element structure and the arc weights.
fn read_net<'t>(text: &'t str, file: &'t Path) -> Result<Net<'t>> {
    forbidden_chars(text, file)?;
    let mut reader = Reader::from_str(text);
    reader.config_mut().check_end_names = true;
    let mut x = XmlReader {
        text,
        file,
        net: Net::default(),
        nets: 0,
        buf: String::new(),
        buf_pos: 0,
    };
    // The open elements (`None`: inside a subtree that is skipped), where each opened, and
    // the children seen that may appear only once.
    let mut stack: Vec<Open> = vec![Open::new(Some(El::Doc), 0)];
    let mut attrs: Vec<Attr<'t>> = Vec::new();
    loop {
        let pos = reader.buffer_position() as usize;
        let event = reader.read_event().map_err(|e| {
            x.err(
                reader.error_position() as usize,
                format!("malformed XML: {e}"),
            )
        })?;
        let top = stack.last().and_then(|s| s.el);
        match event {
            Event::Start(ref e) | Event::Empty(ref e) => {
                x.attributes(e, pos, &mut attrs)?;
                let el = match top {
                    Some(parent) => {
                        if let Some(open) = stack.last_mut() {
                            x.once(parent, open, e, pos)?;
                        }
                        x.open(parent, e, &attrs, pos)?
                    }
                    None => None,
                };
                if matches!(event, Event::Start(_)) {
                    stack.push(Open::new(el, pos));
                } else if let Some(el) = el {
                    x.close(el)?;
                }
            }
            Event::End(_) => {
                stack.pop();
                if let Some(el) = top {
                    x.close(el)?;
                }
            }
            Event::Text(t) => {
                let s = t
                    .unescape()
                    .map_err(|err| x.err(pos, format!("bad text: {err}")))?;
                // the raw text was checked by `forbidden_chars`; a reference may add more
                if t.contains(&b'&') {
                    x.allowed_chars(&s, pos)?;
                }
                if let Some(el) = top {
                    collect(&mut x, el, &s, pos)?;
                }
            }
            Event::CData(t) => {
                let s = std::str::from_utf8(&t)
                    .map_err(|err| x.err(pos, format!("bad text: {err}")))?;
                if let Some(el) = top {
                    collect(&mut x, el, s, pos)?;
                }
            }
            Event::Eof => break,
            Event::Decl(_) | Event::PI(_) | Event::Comment(_) | Event::DocType(_) => {}
        }
    }
    if stack.len() > 1 {
        let open = &stack[stack.len() - 1];
        let what = open.el.map_or("an element", describe);
        return Err(x.err(
            text.len(),
            format!(
                "unexpected end of file: {what} opened at {} is not closed",
                Location::of_offset(file, text, open.pos)
            ),
        ));
    }
    if x.nets == 0 {
        return Err(x.err(0, "no <pnml><net> element: this is not a PNML file"));
    }
    Ok(x.net)
}

/// An open element of [`read_net`].
struct Open {
    /// `None` inside a subtree that is skipped (graphics, other tools' data).
    el: Option<El>,
    pos: usize,
    /// Where each child that may appear only once (see [`unique_children`]) was seen.
    seen: [Option<usize>; 2],
}

impl Open {
    fn new(el: Option<El>, pos: usize) -> Open {
        Open {
            el,
            pos,
            seen: [None; 2],
        }
    }
}

/// The children of `el` that PNML (or the NUPN block) allows once (at most two per element, see
/// [`Open::seen`]): a second `<initialMarking>` or `<name>` would otherwise silently replace
/// the first.
fn unique_children(el: El) -> &'static [&'static [u8]] {
    match el {
        El::Doc => &[b"pnml"],
        El::Net | El::Page | El::Transition(_) => &[b"name"],
        El::Place(_) => &[b"name", b"initialMarking"],
        El::Arc(_) => &[b"name", b"inscription"],
        El::Label(_) => &[b"text"],
        El::Nupn => &[b"size", b"structure"],
        El::Unit(_) => &[b"places", b"subunits"],
        _ => &[],
    }
}

/// Rejects the characters XML 1.0 forbids anywhere in a document (its `Char` production): the
/// control characters other than tab, line feed and carriage return, U+FFFE and U+FFFF.
fn forbidden_chars(text: &str, file: &Path) -> Result<()> {
    // A byte scan in blocks the compiler vectorises (the MCC files are 15-18 MB): in UTF-8, a
    // byte below 0x20 is that control character, and U+FFFE and U+FFFF start with 0xEF.
    let suspect = |b: u8| ((b < 0x20) & (b != b'\t') & (b != b'\n') & (b != b'\r')) | (b == 0xef);
    const BLOCK: usize = 64;
    let bytes = text.as_bytes();
    let mut bad = None;
    'blocks: for (k, block) in bytes.chunks(BLOCK).enumerate() {
        if !block.iter().fold(false, |hit, &b| hit | suspect(b)) {
            continue;
        }
        for (j, &b) in block.iter().enumerate() {
            let i = k * BLOCK + j;
            // a suspect byte is never inside a multi-byte character
            if suspect(b) {
                if let Some(c) = text[i..].chars().next().filter(|&c| !xml_char(c)) {
                    bad = Some((i, c));
                    break 'blocks;
                }
            }
        }
    }
    match bad {
        Some((i, c)) => Err(Error::Parse(ParseError::at(
            file,
            text,
            i,
            format!("character U+{:04X} is not allowed in XML", c as u32),
        ))),
        None => Ok(()),
    }
}

fn xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
}

impl<'t> XmlReader<'t> {
    /// The attributes of an element into `out`, checking that every one (also of an element
    /// that is skipped) is well formed and given once, and that its value, with references
    /// resolved, holds only characters XML allows.
    fn attributes(&self, e: &BytesStart, pos: usize, out: &mut Vec<Attr<'t>>) -> Result<()> {
        // Offsets from quick-xml count from the byte after `<`. Duplicates are found here
        // rather than by quick-xml's check, which allocates for every element (a sixth of the
        // reading time of an MCC file); an element has a few attributes.
        out.clear();
        for a in e.attributes().with_checks(false) {
            let a = a.map_err(|err| {
                let (at, msg) = match err {
                    AttrError::ExpectedEq(at) => {
                        (at, "expected `=` after the attribute name".into())
                    }
                    AttrError::ExpectedValue(at) => (at, "expected the attribute's value".into()),
                    AttrError::UnquotedValue(at) => {
                        (at, "an attribute value must be quoted".into())
                    }
                    AttrError::ExpectedQuote(at, q) => (
                        at,
                        format!("the attribute value is not closed by `{}`", q as char),
                    ),
                    AttrError::Duplicated(at, _) => (at, "an attribute is given twice".into()),
                };
                self.err(pos + 1 + at, msg)
            })?;
            let raw = a.key.into_inner();
            // The reader borrows every event from the text, so the name lies in it.
            let Some(at) = offset_in(self.text, raw) else {
                return Err(Error::Internal(
                    "PNML reader: an attribute name outside the text".into(),
                ));
            };
            let key = &self.text.as_bytes()[at..at + raw.len()];
            if let Some(k) = out.iter().find(|k| k.key == key) {
                return Err(self.err(
                    at,
                    format!(
                        "attribute `{}` is given twice (first at {})",
                        String::from_utf8_lossy(key),
                        self.line_col(k.pos)
                    ),
                ));
            }
            // the raw text was checked by `forbidden_chars`; a reference may add more
            let value = if a.value.contains(&b'&') {
                let v = a
                    .unescape_value()
                    .map_err(|err| self.err(at, format!("bad attribute value: {err}")))?;
                self.allowed_chars(&v, at)?;
                Cow::Owned(v.into_owned())
            } else {
                let v = offset_in(self.text, &a.value)
                    .and_then(|s| self.text.get(s..s + a.value.len()));
                match v {
                    Some(v) => Cow::Borrowed(v),
                    None => Cow::Owned(String::from_utf8_lossy(&a.value).into_owned()),
                }
            };
            out.push(Attr {
                key,
                value,
                pos: at,
            });
        }
        Ok(())
    }

    /// `line L:C` of a byte offset, for messages that point at a second place.
    fn line_col(&self, offset: usize) -> String {
        let l = Location::of_offset(self.file, self.text, offset);
        format!("line {}:{}", l.line, l.column)
    }

    /// Text after resolving references (`&#1;`) holds only characters XML allows.
    fn allowed_chars(&self, s: &str, pos: usize) -> Result<()> {
        match s.chars().find(|&c| !xml_char(c)) {
            Some(c) => Err(self.err(
                pos,
                format!(
                    "a character reference to U+{:04X}, which XML does not allow",
                    c as u32
                ),
            )),
            None => Ok(()),
        }
    }

    /// A child `e` of `parent` that may appear only once appears for the first time.
    fn once(&self, parent: El, open: &mut Open, e: &BytesStart, pos: usize) -> Result<()> {
        let local = e.local_name();
        let name = local.as_ref();
        let Some(k) = unique_children(parent).iter().position(|u| *u == name) else {
            return Ok(());
        };
        if let Some(first) = open.seen[k] {
            return Err(self.err(
                pos,
                format!(
                    "a second <{}> in {} (the first is at {}): it may appear only once",
                    String::from_utf8_lossy(name),
                    describe(parent),
                    self.line_col(first)
                ),
            ));
        }
        open.seen[k] = Some(pos);
        Ok(())
    }
}

/// Text inside the element `el`: kept where it means something, else it must be blank.
fn collect(x: &mut XmlReader, el: El, s: &str, pos: usize) -> Result<()> {
    match el {
        El::Text(_) | El::UnitPlaces(_) | El::Subunits(_) => {
            if x.buf.is_empty() {
                x.buf_pos = pos;
            }
            x.buf.push_str(s);
            Ok(())
        }
        _ if s.trim().is_empty() => Ok(()),
        _ => {
            let skipped = s.len() - s.trim_start().len();
            Err(x.err(
                pos + skipped,
                format!("unexpected text in {}", describe(el)),
            ))
        }
    }
}
