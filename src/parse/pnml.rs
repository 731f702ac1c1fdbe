//! Reader for PNML one-safe NUPN nets: the Model Checking Contest's encoding of the RERS
//! parallel problems, rebuilt as the LTS network they came from.
//!
//! Why rebuild: a RERS problem is n LTSs; the MCC encodes each as a *unit* of a nested-unit
//! Petri net (NUPN, Garavel, "Nested-unit Petri nets", J. Log. Algebr. Methods Program. 2019),
//! one place per local state, and each synchronised label as one Petri transition per
//! combination of local moves (31,658 transitions for RERS 2020 pb103, against 42 labels). The
//! symbolic engines work on the LTS network, so the reader turns the net back into it:
//!
//! * component = leaf unit holding places, local state = place (named by its id), start state =
//!   the unit's initially marked place (exactly one);
//! * each Petri transition takes exactly one token from, and puts exactly one token into, every
//!   unit it touches: that pair is its local move in the unit. Anything else is rejected: the
//!   net would not be a network of sequential processes;
//! * the transitions of one label must touch the same units. When their (deduplicated) move
//!   tuples are exactly the product of the per-unit local moves, the label is an ordinary
//!   [`Sync::Product`](crate::model::Sync) label (the RERS rule); otherwise it keeps the exact
//!   tuples ([`SystemBuilder::add_tuple_label`]). The semantics is never changed.
//!
//! Labels come from transition names ([`PnmlLabels`]): the MCC names transitions
//! `t_<n>_<label>`; the empty label of `t_0_` (the step from the `p__start` places to the real
//! start states) is silent. Several silent transitions are grouped by the set of units they
//! touch (a silent label is never named, so grouping is unobservable).
//!
//! Parsing streams the text with quick-xml (the MCC files are 15–18 MB); `grammar/pnml.ebnf`
//! gives the element structure accepted. Errors name `file:line:column`.

use std::collections::HashMap;
use std::path::Path;

use quick_xml::events::attributes::AttrError;
use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

use crate::error::{Error, Location, ParseError, Result};
use crate::model::{CompId, StateId, System, SystemBuilder};

/// How PNML transition names become labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum PnmlLabels {
    /// `mcc` when every transition name has the MCC form `t_<n>_<label>`, else `name`.
    #[default]
    Auto,
    /// The transition's name text is its label (the id where there is no name).
    Name,
    /// The label is what follows `t_<n>_` in the name.
    Mcc,
}

/// Parses a PNML file's text; `file` names it in errors.
pub fn parse(text: &str, file: &Path, labels: PnmlLabels) -> Result<System> {
    let net = read_net(text, file)?;
    build(&net, text, file, labels)
}

// ---------------------------------------------------------------------------------------------
// Reading the XML

struct Place {
    id: String,
    pos: usize,
    /// Initial marking and the position of its text.
    marking: u64,
    marking_pos: usize,
}

struct Transition {
    id: String,
    name: Option<String>,
    pos: usize,
}

struct Arc {
    id: String,
    source: String,
    target: String,
    pos: usize,
}

struct Unit {
    id: String,
    pos: usize,
    places: Vec<String>,
    subunits: Vec<String>,
}

struct Nupn {
    pos: usize,
    root: Option<String>,
    units: Vec<Unit>,
}

/// The net as read, before any check that needs the whole file.
#[derive(Default)]
struct Net {
    pos: usize,
    places: Vec<Place>,
    transitions: Vec<Transition>,
    arcs: Vec<Arc>,
    nupn: Option<Nupn>,
}

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
    net: Net,
    nets: usize,
    /// Content of the current text-bearing element, and where it started.
    buf: String,
    buf_pos: usize,
}

impl<'t> XmlReader<'t> {
    fn err(&self, pos: usize, msg: impl Into<String>) -> Error {
        Error::Parse(ParseError::at(self.file, self.text, pos, msg))
    }

    fn attr(&self, e: &BytesStart, name: &str, pos: usize) -> Result<Option<String>> {
        for a in e.attributes() {
            let a = a.map_err(|err| self.err(pos, format!("bad attribute: {err}")))?;
            if a.key.local_name().as_ref() == name.as_bytes() {
                let v = a
                    .unescape_value()
                    .map_err(|err| self.err(pos, format!("bad attribute value: {err}")))?;
                return Ok(Some(v.into_owned()));
            }
        }
        Ok(None)
    }

    fn required(&self, e: &BytesStart, name: &str, pos: usize) -> Result<String> {
        let tag = String::from_utf8_lossy(e.local_name().as_ref()).into_owned();
        self.attr(e, name, pos)?
            .ok_or_else(|| self.err(pos, format!("<{tag}> needs a `{name}` attribute")))
    }

    /// The element opened at `pos` inside `parent`, or `None` for a subtree to skip.
    fn open(&mut self, parent: El, e: &BytesStart, pos: usize) -> Result<Option<El>> {
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
            let tool = self.attr(e, "tool", pos)?.unwrap_or_default();
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
                    let ty = self.attr(e, "type", pos)?.unwrap_or_default();
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
                    let id = self.required(e, "id", pos)?;
                    self.net.places.push(Place {
                        id,
                        pos,
                        marking: 0,
                        marking_pos: pos,
                    });
                    El::Place(self.net.places.len() - 1)
                }
                (El::Page, b"transition") => {
                    let id = self.required(e, "id", pos)?;
                    self.net.transitions.push(Transition {
                        id,
                        name: None,
                        pos,
                    });
                    El::Transition(self.net.transitions.len() - 1)
                }
                (El::Page, b"arc") => {
                    let id = self.attr(e, "id", pos)?.unwrap_or_default();
                    let source = self.required(e, "source", pos)?;
                    let target = self.required(e, "target", pos)?;
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
                    let safe = self.attr(e, "safe", pos)?;
                    if safe.as_deref() == Some("false") {
                        return Err(self.err(
                            pos,
                            "the NUPN says the net is not one-safe (safe=\"false\"): \
                         ltsym reads one-safe nets only",
                        ));
                    }
                    let root = self.required(e, "root", pos)?;
                    if let Some(n) = self.net.nupn.as_mut() {
                        n.root = Some(root);
                    }
                    El::Structure
                }
                (El::Structure, b"unit") => {
                    let id = self.required(e, "id", pos)?;
                    let Some(n) = self.net.nupn.as_mut() else {
                        return Err(unexpected(self));
                    };
                    n.units.push(Unit {
                        id,
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
fn read_net(text: &str, file: &Path) -> Result<Net> {
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
                x.well_formed_attributes(e, pos)?;
                let el = match top {
                    Some(parent) => {
                        if let Some(open) = stack.last_mut() {
                            x.once(parent, open, e, pos)?;
                        }
                        x.open(parent, e, pos)?
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

impl XmlReader<'_> {
    /// Every attribute of an element (also of one that is skipped) is well formed and given
    /// once, and its value, with references resolved, holds only characters XML allows.
    fn well_formed_attributes(&self, e: &BytesStart, pos: usize) -> Result<()> {
        // Offsets in `e` count from the byte after `<`. Duplicates are found here rather than
        // by quick-xml's check, which allocates for every element (a sixth of the reading
        // time of an MCC file); an element has a few attributes.
        let offset = |key: &[u8]| key.as_ptr() as usize - e.as_ptr() as usize;
        let mut keys: Vec<&[u8]> = Vec::new();
        let mut first: [&[u8]; 4] = [&[]; 4];
        for (n, a) in e.attributes().with_checks(false).enumerate() {
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
            let key = a.key.into_inner();
            let earlier = first[..n.min(first.len())].iter().chain(&keys);
            if let Some(k) = earlier.into_iter().find(|k| **k == key) {
                let at = self.line_col(pos + 1 + offset(k));
                return Err(self.err(
                    pos + 1 + offset(key),
                    format!(
                        "attribute `{}` is given twice (first at {at})",
                        String::from_utf8_lossy(key)
                    ),
                ));
            }
            match first.get_mut(n) {
                Some(slot) => *slot = key,
                None => keys.push(key),
            }
            // the raw text was checked by `forbidden_chars`; a reference may add more
            if a.value.contains(&b'&') {
                let at = pos + 1 + offset(key);
                let v = a
                    .unescape_value()
                    .map_err(|err| self.err(at, format!("bad attribute value: {err}")))?;
                self.allowed_chars(&v, at)?;
            }
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

// ---------------------------------------------------------------------------------------------
// Rebuilding the LTS network

#[derive(Clone, Copy)]
enum Node {
    Place(usize),
    Transition(usize),
}

/// The MCC label of a transition name `t_<n>_<label>`, if it has that form.
fn mcc_label(name: &str) -> Option<&str> {
    let rest = name.strip_prefix("t_")?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    rest[digits..].strip_prefix('_')
}

/// A transition's name text, or its id when it has no (or an empty) name.
fn transition_name(t: &Transition) -> &str {
    match t.name.as_deref().map(str::trim) {
        Some(n) if !n.is_empty() => n,
        _ => &t.id,
    }
}

/// The transitions of one label (or, for silent labels, of one set of units).
struct Group {
    name: String,
    comps: Vec<CompId>,
    /// The first transition of the group, for error messages.
    first: usize,
    tuples: Vec<Vec<(StateId, StateId)>>,
}

fn build(net: &Net, text: &str, file: &Path, labels: PnmlLabels) -> Result<System> {
    let err = |pos: usize, msg: String| Error::Parse(ParseError::at(file, text, pos, msg));
    let Some(nupn) = &net.nupn else {
        return Err(err(
            net.pos,
            "not a NUPN net: ltsym needs the units to rebuild the LTSs \
             (no <toolspecific tool=\"nupn\"> block)"
                .to_string(),
        ));
    };

    // Node ids.
    let mut nodes: HashMap<&str, Node> =
        HashMap::with_capacity(net.places.len() + net.transitions.len());
    for (i, p) in net.places.iter().enumerate() {
        if nodes.insert(&p.id, Node::Place(i)).is_some() {
            return Err(err(p.pos, format!("id `{}` is used twice", p.id)));
        }
    }
    for (i, t) in net.transitions.iter().enumerate() {
        if nodes.insert(&t.id, Node::Transition(i)).is_some() {
            return Err(err(t.pos, format!("id `{}` is used twice", t.id)));
        }
    }

    // The unit tree: components are the leaf units holding places.
    let mut unit_ids: HashMap<&str, usize> = HashMap::new();
    for (i, u) in nupn.units.iter().enumerate() {
        if unit_ids.insert(&u.id, i).is_some() {
            return Err(err(u.pos, format!("unit `{}` is declared twice", u.id)));
        }
    }
    let root_id = nupn.root.as_deref().unwrap_or_default();
    let Some(&root) = unit_ids.get(root_id) else {
        return Err(err(
            nupn.pos,
            format!("the NUPN root unit `{root_id}` is not declared"),
        ));
    };
    let mut parent: Vec<Option<usize>> = vec![None; nupn.units.len()];
    for (i, u) in nupn.units.iter().enumerate() {
        for s in &u.subunits {
            let Some(&j) = unit_ids.get(s.as_str()) else {
                return Err(err(
                    u.pos,
                    format!("unit `{}` names an undeclared subunit `{s}`", u.id),
                ));
            };
            if j == root || parent[j].is_some() {
                return Err(err(
                    u.pos,
                    format!("unit `{s}` is a subunit twice (the units must form a tree)"),
                ));
            }
            parent[j] = Some(i);
        }
    }
    for (i, u) in nupn.units.iter().enumerate() {
        // Every unit must lead up to the root (a cycle never does).
        let mut v = i;
        let mut steps = 0;
        while v != root {
            match parent[v] {
                Some(p) if steps <= nupn.units.len() => v = p,
                _ => {
                    return Err(err(
                        u.pos,
                        format!("unit `{}` is not below the root unit `{root_id}`", u.id),
                    ))
                }
            }
            steps += 1;
        }
        if !u.places.is_empty() && !u.subunits.is_empty() {
            return Err(err(
                u.pos,
                format!(
                    "unit `{}` has both places and subunits: ltsym rebuilds one LTS per leaf \
                     unit and needs the places in the leaves",
                    u.id
                ),
            ));
        }
    }

    let mut b = SystemBuilder::new();
    // place -> (component, state)
    let mut place_of: Vec<Option<(CompId, StateId)>> = vec![None; net.places.len()];
    let mut comp_unit: Vec<usize> = Vec::new();
    for (ui, u) in nupn.units.iter().enumerate() {
        if u.places.is_empty() {
            continue;
        }
        let c = b.add_component(&u.id);
        comp_unit.push(ui);
        let mut start: Option<usize> = None;
        for pid in &u.places {
            let p = match nodes.get(pid.as_str()) {
                Some(&Node::Place(p)) => p,
                _ => {
                    return Err(err(
                        u.pos,
                        format!("unit `{}` lists `{pid}`, which is not a place", u.id),
                    ))
                }
            };
            if let Some((c0, _)) = place_of[p] {
                return Err(err(
                    u.pos,
                    format!(
                        "place `{pid}` is in unit `{}` and again in unit `{}`",
                        nupn.units[comp_unit[c0]].id, u.id
                    ),
                ));
            }
            let place = &net.places[p];
            let s = b.add_state(c, &place.id).map_err(|m| err(u.pos, m))?;
            place_of[p] = Some((c, s));
            match place.marking {
                0 => {}
                1 => {
                    if let Some(other) = start {
                        return Err(err(
                            place.marking_pos,
                            format!(
                                "unit `{}` has two initially marked places, `{}` and `{}`: \
                                 a sequential unit holds exactly one token",
                                u.id, net.places[other].id, place.id
                            ),
                        ));
                    }
                    start = Some(p);
                    b.set_start(c, s);
                }
                m => {
                    return Err(err(
                        place.marking_pos,
                        format!(
                            "place `{}` has initial marking {m}: ltsym reads one-safe nets only",
                            place.id
                        ),
                    ))
                }
            }
        }
        if start.is_none() {
            return Err(err(
                u.pos,
                format!(
                    "unit `{}` has no initially marked place: a sequential unit holds exactly \
                     one token",
                    u.id
                ),
            ));
        }
    }
    for (p, place) in net.places.iter().enumerate() {
        if place_of[p].is_none() {
            return Err(err(
                place.pos,
                format!("place `{}` is in no NUPN unit", place.id),
            ));
        }
    }

    // Arcs, grouped by transition: (component, is_output, state, place).
    let mut touches: Vec<Vec<(CompId, bool, StateId, usize)>> =
        vec![Vec::new(); net.transitions.len()];
    for a in &net.arcs {
        let node = |id: &str, what: &str| match nodes.get(id) {
            Some(&n) => Ok(n),
            None => Err(err(
                a.pos,
                format!(
                    "arc `{}`: its {what} `{id}` is not a place or transition of the net",
                    a.id
                ),
            )),
        };
        let (p, t, out) = match (node(&a.source, "source")?, node(&a.target, "target")?) {
            (Node::Place(p), Node::Transition(t)) => (p, t, false),
            (Node::Transition(t), Node::Place(p)) => (p, t, true),
            _ => {
                return Err(err(
                    a.pos,
                    format!(
                        "arc `{}` joins `{}` to `{}`: an arc joins a place and a transition",
                        a.id, a.source, a.target
                    ),
                ))
            }
        };
        let (c, s) = place_of[p].unwrap_or_default();
        touches[t].push((c, out, s, p));
    }

    // Each transition's move tuple, then the groups of one label.
    let mode = match labels {
        PnmlLabels::Auto => {
            let all_mcc = net
                .transitions
                .iter()
                .all(|t| mcc_label(transition_name(t)).is_some());
            if all_mcc && !net.transitions.is_empty() {
                PnmlLabels::Mcc
            } else {
                PnmlLabels::Name
            }
        }
        m => m,
    };
    let mut groups: Vec<Group> = Vec::new();
    let mut named: HashMap<String, usize> = HashMap::new();
    let mut silent: HashMap<Vec<CompId>, usize> = HashMap::new();
    for (ti, t) in net.transitions.iter().enumerate() {
        let name = transition_name(t);
        let label = match mode {
            PnmlLabels::Mcc => mcc_label(name).ok_or_else(|| {
                err(
                    t.pos,
                    format!(
                        "transition `{}` is named `{name}`, not `t_<number>_<label>` as \
                         `--pnml-labels mcc` needs",
                        t.id
                    ),
                )
            })?,
            _ => name,
        };
        let arcs = &mut touches[ti];
        if arcs.is_empty() {
            return Err(err(
                t.pos,
                format!("transition `{}` has no arcs: it moves no unit", t.id),
            ));
        }
        arcs.sort_unstable();
        let mut comps = Vec::new();
        let mut tuple = Vec::new();
        for run in arcs.chunk_by(|x, y| x.0 == y.0) {
            let ins: Vec<_> = run.iter().filter(|x| !x.1).collect();
            let outs: Vec<_> = run.iter().filter(|x| x.1).collect();
            if ins.len() != 1 || outs.len() != 1 {
                let names = |v: &[&(CompId, bool, StateId, usize)]| {
                    let v: Vec<&str> = v.iter().map(|x| net.places[x.3].id.as_str()).collect();
                    if v.is_empty() {
                        "none".to_string()
                    } else {
                        v.join(", ")
                    }
                };
                return Err(err(
                    t.pos,
                    format!(
                        "transition `{}` is not sequential in unit `{}`: it takes tokens from \
                         {} and puts tokens into {}; ltsym needs exactly one input and one \
                         output place in every unit a transition touches",
                        t.id,
                        nupn.units[comp_unit[run[0].0]].id,
                        names(&ins),
                        names(&outs)
                    ),
                ));
            }
            comps.push(run[0].0);
            tuple.push((ins[0].2, outs[0].2));
        }
        let g = if label.is_empty() {
            *silent.entry(comps.clone()).or_insert_with(|| {
                groups.push(Group {
                    name: String::new(),
                    comps: comps.clone(),
                    first: ti,
                    tuples: Vec::new(),
                });
                groups.len() - 1
            })
        } else {
            match named.get(label) {
                Some(&g) => g,
                None => {
                    named.insert(label.to_string(), groups.len());
                    groups.push(Group {
                        name: label.to_string(),
                        comps: comps.clone(),
                        first: ti,
                        tuples: Vec::new(),
                    });
                    groups.len() - 1
                }
            }
        };
        let group = &mut groups[g];
        if group.comps != comps {
            let units = |cs: &[CompId]| {
                let v: Vec<&str> = cs
                    .iter()
                    .map(|&c| nupn.units[comp_unit[c]].id.as_str())
                    .collect();
                v.join(", ")
            };
            return Err(err(
                t.pos,
                format!(
                    "label `{label}`: transition `{}` touches units {{{}}} but transition `{}` \
                     touches {{{}}}; ltsym needs all transitions of a label to touch the same \
                     units",
                    t.id,
                    units(&comps),
                    net.transitions[group.first].id,
                    units(&group.comps)
                ),
            ));
        }
        group.tuples.push(tuple);
    }

    // Each group becomes a product label when it is one, else an exact tuple label.
    for mut g in groups {
        g.tuples.sort_unstable();
        g.tuples.dedup();
        let mut product: u128 = 1;
        let mut local: Vec<Vec<(StateId, StateId)>> = Vec::with_capacity(g.comps.len());
        for i in 0..g.comps.len() {
            let mut moves: Vec<(StateId, StateId)> = g.tuples.iter().map(|t| t[i]).collect();
            moves.sort_unstable();
            moves.dedup();
            product = product.saturating_mul(moves.len() as u128);
            local.push(moves);
        }
        // The distinct tuples are a subset of the product of their projections: equal counts
        // mean equal sets.
        if product == g.tuples.len() as u128 {
            if g.name.is_empty() && g.comps.len() > 1 {
                let moves: Vec<(CompId, StateId, StateId)> = g
                    .comps
                    .iter()
                    .zip(&local)
                    .flat_map(|(&c, m)| m.iter().map(move |&(f, t)| (c, f, t)))
                    .collect();
                b.add_silent_product_label(&moves);
            } else {
                for (&c, moves) in g.comps.iter().zip(&local) {
                    for &(from, to) in moves {
                        b.add_transition(c, from, &g.name, to);
                    }
                }
            }
        } else {
            b.add_tuple_label(&g.name, g.comps, g.tuples)
                .map_err(|m| err(net.transitions[g.first].pos, m))?;
        }
    }
    // checks of the whole system (the ones above are more precise): at the <net>
    b.build().map_err(|m| err(net.pos, m))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mcc_labels() {
        assert_eq!(mcc_label("t_23708_l20"), Some("l20"));
        assert_eq!(mcc_label("t_14231_a9_SIGCONT"), Some("a9_SIGCONT"));
        assert_eq!(mcc_label("t_0_"), Some(""));
        assert_eq!(mcc_label("t_0"), None);
        assert_eq!(mcc_label("t__x"), None);
        assert_eq!(mcc_label("s_1_x"), None);
    }
}
