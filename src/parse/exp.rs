//! Reader for CADP EXP networks of Aldebaran `.aut` components (grammar: `grammar/exp.ebnf`):
//! the subset of EXP 2.0 that expresses systems like the RERS ones.
//!
//! ```text
//! label par using
//!   "a" * _   -> "a",
//!   "s" * "s" -> "s"
//! in
//!   "c0.aut" || "c1.aut"
//! end par
//! ```
//!
//! Read are: one parallel composition of `.aut` files, either with synchronisation vectors
//! (`label par using V1, ..., Vm in B1 || ... || Bn end par`, also `total par using`), or
//! LNT-style on label names (`par G1, ..., Gk in [I1 ->] B1 || ... || [In ->] Bn end par`,
//! where every `Gi` synchronises all behaviours and a branch interface `Ii` synchronises the
//! branches that list the label); and around the composition or around a file, hiding
//! (`hide L1, ..., Lk in B end hide`) and renaming (`rename "a" -> "b", ... in B end rename`),
//! with or without `total`. Labels are matched as whole strings (EXP's `total` matching); a
//! name may be written as a string or as a plain identifier. Comments are `(* ... *)`. Anything
//! else (LOTOS operators `|[...]|`, `|||`, nested compositions, gate or regular-expression
//! matching, priorities, cuts) is an error at its position, as is a file name that does not end
//! in `.aut`. File names are relative to the `.exp` file's directory.
//!
//! Meaning, in terms of ltsym's systems (one component per behaviour of the composition, its
//! states `0 .. n-1` of its `.aut` file):
//! * A vector `e1 * ... * en -> r` is a step of the components whose entry is not `_`, each on
//!   a transition labelled by its entry, together; the step's label is `r`. A component's
//!   transitions whose label is in none of its vector entries never fire (a warning says so).
//!   `i`, the internal action, is never synchronised: a component's `i` transitions are its
//!   silent steps. A vector whose result is `i` is a silent joint step.
//! * Vectors with the same result label must involve the same components (ltsym's labels have
//!   one set of components); the label's steps are all those of its vectors (a product label
//!   when they form one, else an exact tuple label).
//! * In `par`, a label of a synchronisation set fires when every behaviour the set names can
//!   move on it; a label in no set must be a label of one behaviour only: ltsym's systems
//!   cannot interleave two components' steps that carry the same label name, so that is an
//!   error, not a silent renaming.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};

use super::aut::{self, AutLts};
use crate::error::{Error, ParseError, Result};
use crate::model::{product_tuples, CompId, MoveTuple, StateId, System, SystemBuilder};

/// The internal action, as `.aut` files and vectors write it.
const INTERNAL: &str = "i";

/// Tuples a label given by several vectors may expand to before ltsym gives up.
const MAX_TUPLES: usize = 10_000_000;

/// Parses an EXP file's text; `file` names it in errors and locates the `.aut` files.
pub fn parse(text: &str, file: &Path) -> Result<System> {
    let tokens = lex(text).map_err(|(offset, msg)| ParseError::at(file, text, offset, msg))?;
    let mut p = ExpParser {
        text,
        file,
        tokens,
        pos: 0,
    };
    let beh = p.behaviour()?;
    if p.peek().tok != Tok::Eof {
        return Err(p.expected("the end of the file"));
    }
    Network { p: &p }.build(beh)
}

// ---------------------------------------------------------------------------------------------
// Lexer
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    /// A double-quoted string, escapes resolved.
    Str(String),
    /// A name: letters, digits, `_` (`_` alone is the vector's "no step").
    Ident(String),
    Punct(&'static str),
    Eof,
}

#[derive(Clone, Debug)]
struct Token {
    tok: Tok,
    start: usize,
}

const PUNCTS: [&str; 6] = ["->", "||", "(", ")", ",", "*"];

/// Words with a meaning in this subset; they are not label names.
const KEYWORDS: [&str; 9] = [
    "par", "using", "in", "end", "hide", "rename", "label", "total", "gate",
];

fn lex(text: &str) -> std::result::Result<Vec<Token>, (usize, String)> {
    let mut tokens = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let rest = &text[i..];
        let c = rest.chars().next().unwrap_or(' ');
        if c.is_whitespace() || c == '\u{feff}' {
            i += c.len_utf8();
            continue;
        }
        if let Some(body) = rest.strip_prefix("(*") {
            match body.find("*)") {
                Some(end) => {
                    i += 2 + end + 2;
                    continue;
                }
                None => return Err((i, "comment `(*` is not closed by `*)`".into())),
            }
        }
        let start = i;
        if c == '"' {
            let mut value = String::new();
            let mut chars = rest.char_indices().skip(1);
            let mut closed = None;
            while let Some((j, d)) = chars.next() {
                match d {
                    '"' => {
                        closed = Some(j + 1);
                        break;
                    }
                    '\\' => match chars.next() {
                        Some((_, e)) => value.push(e),
                        None => break,
                    },
                    '\n' => break,
                    _ => value.push(d),
                }
            }
            let Some(len) = closed else {
                return Err((start, "string is not closed by `\"` on its line".into()));
            };
            tokens.push(Token {
                tok: Tok::Str(value),
                start,
            });
            i += len;
            continue;
        }
        if c.is_ascii_alphanumeric() || c == '_' {
            let len = rest
                .find(|d: char| !(d.is_ascii_alphanumeric() || d == '_'))
                .unwrap_or(rest.len());
            tokens.push(Token {
                tok: Tok::Ident(rest[..len].to_string()),
                start,
            });
            i += len;
            continue;
        }
        if rest.starts_with("|||") || rest.starts_with("|[") || rest.starts_with("]|") {
            return Err((
                start,
                "LOTOS parallel operators (`|||`, `|[...]|`) are outside the EXP subset ltsym \
                 reads: use `par ... end par` or `label par using ... end par`"
                    .into(),
            ));
        }
        match PUNCTS.iter().find(|p| rest.starts_with(**p)) {
            Some(p) => {
                tokens.push(Token {
                    tok: Tok::Punct(p),
                    start,
                });
                i += p.len();
            }
            None => {
                return Err((
                    start,
                    format!("unexpected character `{c}` (outside the EXP subset ltsym reads)"),
                ))
            }
        }
    }
    tokens.push(Token {
        tok: Tok::Eof,
        start: text.len(),
    });
    Ok(tokens)
}

// ---------------------------------------------------------------------------------------------
// Parser
// ---------------------------------------------------------------------------------------------

/// A name with the offset it was written at.
type Name = (String, usize);

#[derive(Debug)]
enum Beh {
    File(Name),
    Hide(Vec<Name>, Box<Beh>),
    Rename(Vec<(Name, Name)>, Box<Beh>),
    /// `label par using vectors in branches end par`; each entry `None` is `_`.
    VectorPar {
        vectors: Vec<Vector>,
        branches: Vec<Beh>,
    },
    /// `par sync in [interface ->] branch || ... end par`.
    LntPar {
        sync: Vec<Name>,
        branches: Vec<(Vec<Name>, Beh)>,
    },
}

#[derive(Debug)]
struct Vector {
    entries: Vec<Option<Name>>,
    result: Name,
    offset: usize,
}

struct ExpParser<'a> {
    text: &'a str,
    file: &'a Path,
    tokens: Vec<Token>,
    pos: usize,
}

impl ExpParser<'_> {
    fn peek(&self) -> &Token {
        &self.tokens[self.pos]
    }

    fn peek_at(&self, k: usize) -> &Tok {
        &self.tokens[(self.pos + k).min(self.tokens.len() - 1)].tok
    }

    fn next(&mut self) -> Token {
        let t = self.tokens[self.pos].clone();
        if self.pos + 1 < self.tokens.len() {
            self.pos += 1;
        }
        t
    }

    fn err_at(&self, offset: usize, msg: impl Into<String>) -> Error {
        Error::Parse(ParseError::at(self.file, self.text, offset, msg))
    }

    fn describe(t: &Tok) -> String {
        match t {
            Tok::Str(s) => format!("\"{s}\""),
            Tok::Ident(s) => format!("`{s}`"),
            Tok::Punct(p) => format!("`{p}`"),
            Tok::Eof => "the end of the file".into(),
        }
    }

    fn expected(&self, what: &str) -> Error {
        let t = self.peek();
        self.err_at(
            t.start,
            format!("expected {what}, found {}", Self::describe(&t.tok)),
        )
    }

    fn is_word(&self, w: &str) -> bool {
        matches!(&self.peek().tok, Tok::Ident(i) if i == w)
    }

    fn is_punct(&self, p: &str) -> bool {
        matches!(self.peek().tok, Tok::Punct(q) if q == p)
    }

    fn word(&mut self, w: &str) -> Result<usize> {
        if self.is_word(w) {
            Ok(self.next().start)
        } else {
            Err(self.expected(&format!("`{w}`")))
        }
    }

    fn punct(&mut self, p: &str) -> Result<usize> {
        if self.is_punct(p) {
            Ok(self.next().start)
        } else {
            Err(self.expected(&format!("`{p}`")))
        }
    }

    /// A label name: a string, or an identifier that is not a keyword.
    fn name(&mut self, what: &str) -> Result<Name> {
        match &self.peek().tok {
            Tok::Str(s) => {
                let s = s.clone();
                Ok((s, self.next().start))
            }
            Tok::Ident(s) if s != "_" && !KEYWORDS.contains(&s.as_str()) => {
                let s = s.clone();
                Ok((s, self.next().start))
            }
            _ => Err(self.expected(what)),
        }
    }

    /// `name {"," name}`
    fn names(&mut self, what: &str) -> Result<Vec<Name>> {
        let mut v = vec![self.name(what)?];
        while self.is_punct(",") {
            self.next();
            v.push(self.name(what)?);
        }
        Ok(v)
    }

    /// Whether the tokens from here are `name {"," name}` followed by a token `after`
    /// accepts: a synchronisation set before `in`, a branch interface before `->`.
    fn names_ahead(&self, after: impl Fn(&Tok) -> bool) -> bool {
        let mut k = 0;
        loop {
            match self.peek_at(k) {
                Tok::Str(_) => {}
                Tok::Ident(s) if s != "_" && !KEYWORDS.contains(&s.as_str()) => {}
                _ => return false,
            }
            match self.peek_at(k + 1) {
                Tok::Punct(",") => k += 2,
                t => return after(t),
            }
        }
    }

    fn end(&mut self, what: &str) -> Result<()> {
        self.word("end")
            .map_err(|_| self.expected(&format!("`end {what}`")))?;
        self.word(what)
            .map_err(|_| self.expected(&format!("`{what}` after `end`")))?;
        Ok(())
    }

    fn behaviour(&mut self) -> Result<Beh> {
        let t = self.peek().clone();
        match &t.tok {
            Tok::Str(s) => {
                self.next();
                if !s.ends_with(".aut") {
                    return Err(self.err_at(
                        t.start,
                        format!("`{s}`: ltsym reads `.aut` components only"),
                    ));
                }
                Ok(Beh::File((s.clone(), t.start)))
            }
            Tok::Punct("(") => {
                self.next();
                let b = self.behaviour()?;
                self.punct(")")?;
                Ok(b)
            }
            Tok::Ident(w) => match w.as_str() {
                "total" | "label" | "gate" => {
                    let mode = w.clone();
                    self.next();
                    if self.is_word("par") {
                        if mode == "gate" {
                            return Err(self.err_at(
                                t.start,
                                "`gate par` (synchronisation on gates and offers) is outside \
                                 the EXP subset ltsym reads: use `label par` or `total par`",
                            ));
                        }
                        self.next();
                        return self.vector_par();
                    }
                    if mode != "total" && (self.is_word("hide") || self.is_word("rename")) {
                        return Err(self.err_at(
                            t.start,
                            format!(
                                "`{mode}` matching (gates or regular expressions) is outside \
                                 the EXP subset ltsym reads: labels are matched whole, as with \
                                 `total`"
                            ),
                        ));
                    }
                    if self.is_word("hide") || self.is_word("rename") {
                        return self.behaviour();
                    }
                    Err(self.expected(&format!("`par`, `hide` or `rename` after `{mode}`")))
                }
                "hide" => {
                    self.next();
                    let labels = self.names("a label to hide")?;
                    self.word("in")?;
                    let b = self.behaviour()?;
                    self.end("hide")?;
                    Ok(Beh::Hide(labels, Box::new(b)))
                }
                "rename" => {
                    self.next();
                    let mut pairs = Vec::new();
                    loop {
                        let from = self.name("a label to rename")?;
                        self.punct("->")?;
                        let to = self.name("the new label")?;
                        pairs.push((from, to));
                        if !self.is_punct(",") {
                            break;
                        }
                        self.next();
                    }
                    self.word("in")?;
                    let b = self.behaviour()?;
                    self.end("rename")?;
                    Ok(Beh::Rename(pairs, Box::new(b)))
                }
                "par" => {
                    self.next();
                    if self.is_word("using") {
                        return Err(self.expected(
                            "a synchronisation set or a behaviour (vectors need `label par using`)",
                        ));
                    }
                    let sync = if self.names_ahead(|t| matches!(t, Tok::Ident(w) if w == "in")) {
                        let s = self.names("a label")?;
                        self.word("in")?;
                        s
                    } else {
                        Vec::new()
                    };
                    let mut branches = Vec::new();
                    loop {
                        let interface = if self.names_ahead(|t| *t == Tok::Punct("->")) {
                            let i = self.names("a label")?;
                            self.punct("->")?;
                            i
                        } else {
                            Vec::new()
                        };
                        branches.push((interface, self.behaviour()?));
                        if !self.is_punct("||") {
                            break;
                        }
                        self.next();
                    }
                    self.end("par")?;
                    Ok(Beh::LntPar { sync, branches })
                }
                _ => Err(self.expected(
                    "a behaviour: a quoted `.aut` file name, `par`, `label par using`, `hide`, \
                     `rename` or `(`",
                )),
            },
            _ => Err(self.expected(
                "a behaviour: a quoted `.aut` file name, `par`, `label par using`, `hide`, \
                 `rename` or `(`",
            )),
        }
    }

    /// After `label par`: `using vector {"," vector} in branch {"||" branch} end par`.
    fn vector_par(&mut self) -> Result<Beh> {
        self.word("using")?;
        let mut vectors = Vec::new();
        loop {
            let offset = self.peek().start;
            let mut entries = Vec::new();
            loop {
                if self.is_word("_") {
                    self.next();
                    entries.push(None);
                } else {
                    entries.push(Some(self.name("a label or `_`")?));
                }
                if !self.is_punct("*") {
                    break;
                }
                self.next();
            }
            self.punct("->")
                .map_err(|_| self.expected("`*` or `->` in the synchronisation vector"))?;
            let result = self.name("the vector's result label")?;
            vectors.push(Vector {
                entries,
                result,
                offset,
            });
            if !self.is_punct(",") {
                break;
            }
            self.next();
        }
        self.word("in")?;
        let mut branches = vec![self.behaviour()?];
        while self.is_punct("||") {
            self.next();
            branches.push(self.behaviour()?);
        }
        self.end("par")?;
        Ok(Beh::VectorPar { vectors, branches })
    }
}

// ---------------------------------------------------------------------------------------------
// Meaning
// ---------------------------------------------------------------------------------------------

/// One component: its `.aut` file's LTS after the hiding and renaming around it.
struct Branch {
    name: String,
    lts: AutLts,
}

/// A kind of step of the network: `label` (`None`: silent) by the components of `parts`
/// together, each on one of its listed local moves.
struct Event {
    label: Option<String>,
    parts: Vec<(CompId, Vec<(StateId, StateId)>)>,
    /// Where it was written, for errors.
    offset: usize,
}

/// A hiding (the labels hidden) or a renaming (old label to new), applied to step labels.
enum Relabel<'a> {
    Hide(HashSet<&'a str>),
    Rename(HashMap<&'a str, &'a str>),
}

struct Network<'p, 'a> {
    p: &'p ExpParser<'a>,
}

impl Network<'_, '_> {
    fn err(&self, offset: usize, msg: impl Into<String>) -> Error {
        self.p.err_at(offset, msg)
    }

    fn hiding<'n>(&self, names: &'n [Name]) -> Result<Relabel<'n>> {
        if let Some((_, off)) = names.iter().find(|(n, _)| n == INTERNAL) {
            return Err(self.err(*off, "the internal action `i` is hidden already"));
        }
        Ok(Relabel::Hide(
            names.iter().map(|(n, _)| n.as_str()).collect(),
        ))
    }

    fn renaming<'n>(&self, pairs: &'n [(Name, Name)]) -> Result<Relabel<'n>> {
        let mut map = HashMap::new();
        for ((from, off), (to, _)) in pairs {
            if from == INTERNAL {
                return Err(self.err(*off, "the internal action `i` cannot be renamed"));
            }
            if map.insert(from.as_str(), to.as_str()).is_some() {
                return Err(self.err(*off, format!("`{from}` is renamed twice")));
            }
        }
        Ok(Relabel::Rename(map))
    }

    /// A step label after `op`; `None` is silent.
    fn relabel(label: Option<String>, op: &Relabel) -> Option<String> {
        let l = label?;
        match op {
            Relabel::Hide(names) => (!names.contains(l.as_str())).then_some(l),
            Relabel::Rename(map) => match map.get(l.as_str()) {
                Some(&INTERNAL) => None,
                Some(to) => Some(to.to_string()),
                None => Some(l),
            },
        }
    }

    /// Reads a branch: an `.aut` file, with the hiding and renaming around it.
    fn branch(&self, beh: &Beh) -> Result<Branch> {
        match beh {
            Beh::File((name, _)) => {
                let dir = self.p.file.parent().unwrap_or(Path::new(""));
                let path: PathBuf = dir.join(name);
                let text = super::read_file(&path)?;
                let lts = aut::parse_lts(&text, &path)?;
                let stem = Path::new(name)
                    .file_stem()
                    .and_then(|s| s.to_str())
                    .unwrap_or(name)
                    .to_string();
                Ok(Branch { name: stem, lts })
            }
            Beh::Hide(names, body) => {
                let op = self.hiding(names)?;
                let mut b = self.branch(body)?;
                for t in &mut b.lts.transitions {
                    t.1 = Self::relabel(t.1.take(), &op);
                }
                Ok(b)
            }
            Beh::Rename(pairs, body) => {
                let op = self.renaming(pairs)?;
                let mut b = self.branch(body)?;
                for t in &mut b.lts.transitions {
                    t.1 = Self::relabel(t.1.take(), &op);
                }
                Ok(b)
            }
            Beh::VectorPar { vectors, .. } => Err(self.err(
                vectors.first().map_or(0, |v| v.offset),
                "a composition inside a composition is outside the EXP subset ltsym reads",
            )),
            Beh::LntPar { branches, .. } => Err(self.err(
                branches.first().map_or(0, |b| first_offset(&b.1)),
                "a composition inside a composition is outside the EXP subset ltsym reads",
            )),
        }
    }

    /// The local moves of `b` on `label`.
    fn moves(b: &Branch, label: &str) -> Vec<(StateId, StateId)> {
        let mut m: Vec<(StateId, StateId)> = b
            .lts
            .transitions
            .iter()
            .filter(|t| t.1.as_deref() == Some(label))
            .map(|t| (t.0, t.2))
            .collect();
        m.sort_unstable();
        m.dedup();
        m
    }

    /// Each branch's silent transitions, one local silent event per branch.
    fn silent_events(branches: &[Branch]) -> Vec<Event> {
        branches
            .iter()
            .enumerate()
            .filter_map(|(c, b)| {
                let moves: Vec<(StateId, StateId)> = b
                    .lts
                    .transitions
                    .iter()
                    .filter(|t| t.1.is_none())
                    .map(|t| (t.0, t.2))
                    .collect();
                (!moves.is_empty()).then(|| Event {
                    label: None,
                    parts: vec![(c, moves)],
                    offset: 0,
                })
            })
            .collect()
    }

    fn vector_events(&self, vectors: &[Vector], branches: &[Branch]) -> Result<Vec<Event>> {
        let mut used: Vec<HashSet<&str>> = vec![HashSet::new(); branches.len()];
        let mut events = Self::silent_events(branches);
        for v in vectors {
            if v.entries.len() != branches.len() {
                return Err(self.err(
                    v.offset,
                    format!(
                        "this vector has {} entries but the composition has {} behaviours",
                        v.entries.len(),
                        branches.len()
                    ),
                ));
            }
            let mut parts = Vec::new();
            for (c, e) in v.entries.iter().enumerate() {
                if let Some((l, off)) = e {
                    if l == INTERNAL {
                        return Err(self.err(
                            *off,
                            "the internal action `i` is never synchronised: it cannot be a \
                             vector entry",
                        ));
                    }
                    used[c].insert(l.as_str());
                    parts.push((c, Self::moves(&branches[c], l)));
                }
            }
            if parts.is_empty() {
                return Err(self.err(v.offset, "a vector of `_` only takes no step"));
            }
            let (r, _) = &v.result;
            events.push(Event {
                label: (r != INTERNAL).then(|| r.clone()),
                parts,
                offset: v.offset,
            });
        }
        for (c, b) in branches.iter().enumerate() {
            let labels: BTreeSet<&str> = b
                .lts
                .transitions
                .iter()
                .filter_map(|t| t.1.as_deref())
                .collect();
            for l in labels {
                if !used[c].contains(l) {
                    log::warn!(
                        "{}: label `{l}` of `{}` is in no synchronisation vector: its \
                         transitions never fire",
                        self.p.file.display(),
                        b.name
                    );
                }
            }
        }
        Ok(events)
    }

    fn lnt_events(
        &self,
        sync: &[Name],
        interfaces: &[&[Name]],
        branches: &[Branch],
        offset: usize,
    ) -> Result<Vec<Event>> {
        let mut events = Self::silent_events(branches);
        let has: Vec<BTreeSet<&str>> = branches
            .iter()
            .map(|b| {
                b.lts
                    .transitions
                    .iter()
                    .filter_map(|t| t.1.as_deref())
                    .collect()
            })
            .collect();
        let global: HashSet<&str> = sync.iter().map(|(n, _)| n.as_str()).collect();
        let all: BTreeSet<&str> = has.iter().flatten().copied().collect();
        for (n, off) in sync.iter().chain(interfaces.iter().flat_map(|i| i.iter())) {
            if n == INTERNAL {
                return Err(self.err(*off, "the internal action `i` is never synchronised"));
            }
        }
        for l in all {
            let holders: Vec<CompId> = (0..branches.len())
                .filter(|&c| has[c].contains(l))
                .collect();
            let listing: Vec<CompId> = (0..branches.len())
                .filter(|&c| interfaces[c].iter().any(|(n, _)| n == l))
                .collect();
            let parts: Vec<CompId> = if global.contains(l) {
                (0..branches.len()).collect()
            } else if !listing.is_empty() {
                if let Some(&free) = holders.iter().find(|c| !listing.contains(c)) {
                    return Err(self.err(
                        offset,
                        format!(
                            "label `{l}` synchronises the behaviours that list it but also \
                             runs alone in `{}`: ltsym's systems give a label one set of \
                             components",
                            branches[free].name
                        ),
                    ));
                }
                listing
            } else if holders.len() == 1 {
                holders.clone()
            } else {
                return Err(self.err(
                    offset,
                    format!(
                        "label `{l}` is in no synchronisation set but `{}` and `{}` both have \
                         it: ltsym's systems cannot interleave two components' steps of one \
                         label name",
                        branches[holders[0]].name, branches[holders[1]].name
                    ),
                ));
            };
            events.push(Event {
                label: Some(l.to_string()),
                parts: parts
                    .iter()
                    .map(|&c| (c, Self::moves(&branches[c], l)))
                    .collect(),
                offset,
            });
        }
        Ok(events)
    }

    fn build(&self, beh: Beh) -> Result<System> {
        // The hiding and renaming around the composition, outermost first.
        let mut around: Vec<Relabel> = Vec::new();
        let mut inner = &beh;
        loop {
            match inner {
                Beh::Hide(n, b) => {
                    around.push(self.hiding(n)?);
                    inner = b;
                }
                Beh::Rename(p, b) => {
                    around.push(self.renaming(p)?);
                    inner = b;
                }
                _ => break,
            }
        }
        let (branches, mut events) = match inner {
            Beh::VectorPar { vectors, branches } => {
                let bs = branches
                    .iter()
                    .map(|b| self.branch(b))
                    .collect::<Result<Vec<_>>>()?;
                let ev = self.vector_events(vectors, &bs)?;
                (bs, ev)
            }
            Beh::LntPar { sync, branches } => {
                let bs = branches
                    .iter()
                    .map(|(_, b)| self.branch(b))
                    .collect::<Result<Vec<_>>>()?;
                let interfaces: Vec<&[Name]> = branches.iter().map(|(i, _)| i.as_slice()).collect();
                let offset = branches.first().map_or(0, |b| first_offset(&b.1));
                let ev = self.lnt_events(sync, &interfaces, &bs, offset)?;
                (bs, ev)
            }
            // a single file: a system of one component
            _ => {
                let b = self.branch(&beh)?;
                around.clear();
                let bs = vec![b];
                let none: &[Name] = &[];
                let ev = self.lnt_events(&[], &[none], &bs, first_offset(&beh))?;
                (bs, ev)
            }
        };
        for op in around.iter().rev() {
            for e in &mut events {
                e.label = Self::relabel(e.label.take(), op);
            }
        }
        // An event with a component that has no move on it never fires.
        events.retain(|e| {
            let stuck = e.parts.iter().find(|(_, m)| m.is_empty());
            if let (Some((c, _)), Some(l)) = (stuck, &e.label) {
                log::warn!(
                    "{}: label `{l}` never fires: `{}` has no transition on its part of it",
                    self.p.file.display(),
                    branches[*c].name
                );
            }
            stuck.is_none()
        });

        let mut b = SystemBuilder::new();
        for br in &branches {
            let c = b.add_component(&br.name);
            aut::add_states(&mut b, c, &br.lts);
        }
        let mut by_label: BTreeMap<&str, Vec<&Event>> = BTreeMap::new();
        for e in &events {
            match &e.label {
                Some(l) => by_label.entry(l).or_default().push(e),
                None if e.parts.len() == 1 => {
                    let (c, moves) = &e.parts[0];
                    for &(from, to) in moves {
                        b.add_transition(*c, from, "", to);
                    }
                }
                None => {
                    let moves: Vec<(CompId, StateId, StateId)> = e
                        .parts
                        .iter()
                        .flat_map(|(c, m)| m.iter().map(move |&(f, t)| (*c, f, t)))
                        .collect();
                    b.add_silent_product_label(&moves);
                }
            }
        }
        for (label, evs) in by_label {
            let comps: Vec<CompId> = evs[0].parts.iter().map(|p| p.0).collect();
            if let Some(other) = evs
                .iter()
                .find(|e| e.parts.iter().map(|p| p.0).ne(comps.iter().copied()))
            {
                let names = |cs: &mut dyn Iterator<Item = CompId>| {
                    cs.map(|c| branches[c].name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                return Err(self.err(
                    other.offset,
                    format!(
                        "label `{label}` is the result of steps of {{{}}} and of {{{}}}: ltsym's \
                         systems give a label one set of components",
                        names(&mut comps.iter().copied()),
                        names(&mut other.parts.iter().map(|p| p.0))
                    ),
                ));
            }
            let same = evs
                .iter()
                .all(|e| e.parts.iter().zip(&evs[0].parts).all(|(x, y)| x.1 == y.1));
            if same {
                for (c, moves) in &evs[0].parts {
                    for &(from, to) in moves {
                        b.add_transition(*c, from, label, to);
                    }
                }
                continue;
            }
            // Several vectors: the union of their products.
            let mut total = 0usize;
            for e in &evs {
                let n = e
                    .parts
                    .iter()
                    .fold(1usize, |n, p| n.saturating_mul(p.1.len()));
                total = total.saturating_add(n);
            }
            if total > MAX_TUPLES {
                return Err(self.err(
                    evs[1].offset,
                    format!(
                        "label `{label}`: its vectors give {total} combinations of local moves, \
                         more than ltsym expands ({MAX_TUPLES})"
                    ),
                ));
            }
            let mut tuples: BTreeSet<MoveTuple> = BTreeSet::new();
            for e in &evs {
                let local: Vec<Vec<(StateId, StateId)>> =
                    e.parts.iter().map(|(_, m)| m.clone()).collect();
                tuples.extend(product_tuples(&local));
            }
            let projections: Vec<BTreeSet<(StateId, StateId)>> = (0..comps.len())
                .map(|i| tuples.iter().map(|t| t[i]).collect())
                .collect();
            let product = projections
                .iter()
                .fold(1usize, |n, p| n.saturating_mul(p.len()));
            if product == tuples.len() {
                for (i, &c) in comps.iter().enumerate() {
                    for &(from, to) in &projections[i] {
                        b.add_transition(c, from, label, to);
                    }
                }
            } else {
                b.add_tuple_label(label, comps.clone(), tuples.into_iter().collect())
                    .map_err(|m| Error::invalid(self.p.file, m))?;
            }
        }
        b.build().map_err(|m| Error::invalid(self.p.file, m))
    }
}

/// The offset of a behaviour's first file name, for errors about it.
fn first_offset(beh: &Beh) -> usize {
    match beh {
        Beh::File((_, off)) => *off,
        Beh::Hide(_, b) | Beh::Rename(_, b) => first_offset(b),
        Beh::VectorPar { branches, .. } => branches.first().map_or(0, first_offset),
        Beh::LntPar { branches, .. } => branches.first().map_or(0, |b| first_offset(&b.1)),
    }
}
