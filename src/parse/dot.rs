//! Reader for RERS `.dot` system files (grammar: `grammar/dot.ebnf`); the writer is
//! [`crate::write::dot`].
//!
//! The RERS parallel benchmarks (2016, 2017) give a system as one Graphviz `digraph` with one
//! `subgraph` per component LTS: the subgraph's nodes are the local states (a state's name is
//! its node ID), its edges the local transitions (the edge's `label` attribute is the
//! transition label). An edge with an empty label out of a node with no incoming and no other
//! outgoing edges is the component's *start marker*: that dummy node is not a state, and the
//! edge's target is the start state. Any other empty-labelled edge is a silent local transition
//! (RERS 2016 "automaton-internal" step).
//!
//! We read a strict subset of the DOT language: what the RERS generator writes plus the common
//! things a person adds by hand (comments, attribute statements, quoted IDs, optional
//! semicolons). Everything else is a located error rather than a guess: ports, HTML labels,
//! nested subgraphs, edge chains, node or edge statements outside a subgraph.
//!
//! Declaration before use: every RERS file declares all nodes of a subgraph before its edges,
//! so an edge endpoint that is not declared (earlier, in the same subgraph) is an error. This
//! catches typos in hand-written files that DOT itself would silently turn into new nodes.
//! Node IDs are global in DOT, so an ID may be declared only once per file.
//!
//! Lexing uses the lexer the file-at-once parsers share (`lexer.rs`: whitespace, comments, byte
//! offsets) with nom 8 combinators for the tokens; [`ParseError::at`] turns a token's byte
//! offset into `file:line:column`.

use std::collections::HashMap;
use std::path::Path;

use nom::branch::alt;
use nom::bytes::complete::take_while;
use nom::character::complete::{char, digit0, digit1, satisfy};
use nom::combinator::{opt, recognize};
use nom::{IResult, Parser as _};

use super::lexer::{self, Comment, Cursor};
use crate::error::{Error, ParseError, Result};
use crate::model::{System, SystemBuilder};

/// Parses a dot file's text; `file` names it in errors.
pub fn parse(text: &str, file: &Path) -> Result<System> {
    let tokens = lex(text).map_err(|(offset, msg)| ParseError::at(file, text, offset, msg))?;
    let mut p = DotParser {
        cur: Cursor::new(text, file, tokens),
        directed: true,
        comps: Vec::new(),
        nodes: HashMap::new(),
        close: 0,
    };
    p.graph()?;
    p.build()
}

// ---------------------------------------------------------------------------------------------
// Lexer
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    /// An unquoted name or numeral (`quoted == false`, keywords possible) or a quoted string
    /// with its escapes resolved.
    Id {
        value: String,
        quoted: bool,
    },
    Punct(&'static str),
    Eof,
}

type Token = lexer::Token<Tok>;

type LexResult<'a, T> = IResult<&'a str, T>;

fn is_id_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_' || !c.is_ascii()
}

fn is_id_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || !c.is_ascii()
}

fn name(input: &str) -> LexResult<'_, &str> {
    recognize((satisfy(is_id_start), take_while(is_id_char))).parse(input)
}

/// A DOT numeral: `-?(.[0-9]+ | [0-9]+(.[0-9]*)?)`.
fn numeral(input: &str) -> LexResult<'_, &str> {
    recognize((
        opt(char('-')),
        alt((
            recognize((char('.'), digit1)),
            recognize((digit1, opt((char('.'), digit0)))),
        )),
    ))
    .parse(input)
}

/// Punctuation tokens, longest first.
const PUNCTS: [&str; 9] = ["->", "--", "{", "}", "[", "]", "=", ";", ","];

/// A quoted string from its opening `"`: `\"` is a quote, `\\` a backslash, a backslash before
/// a line break joins the lines; any other backslash stays as it is (Graphviz escapes such as
/// `\n` are kept literally). Returns the value and the byte length consumed, or `None` when the
/// string is not closed.
fn quoted(input: &str) -> Option<(String, usize)> {
    let mut value = String::new();
    let mut chars = input.char_indices().skip(1).peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Some((value, i + 1)),
            '\\' => match chars.peek().map(|&(_, n)| n) {
                Some('"') | Some('\\') => {
                    value.push(chars.next().map_or('\\', |(_, n)| n));
                }
                Some('\n') => {
                    chars.next();
                }
                Some('\r') => {
                    chars.next();
                    if chars.peek().map(|&(_, n)| n) == Some('\n') {
                        chars.next();
                    }
                }
                _ => value.push('\\'),
            },
            _ => value.push(c),
        }
    }
    None
}

/// Splits the text into tokens around whitespace and comments (`// ...` and `# ...` to the end
/// of the line, `/* ... */`); the error is `(byte offset, message)`.
fn lex(text: &str) -> std::result::Result<Vec<Token>, (usize, String)> {
    let comments = [
        Comment::Line("//"),
        Comment::Line("#"),
        Comment::Block("/*", "*/"),
    ];
    lexer::lex(text, &comments, Tok::Eof, |rest| {
        let id = |value: &str, r: &str| {
            let tok = Tok::Id {
                value: value.to_string(),
                quoted: false,
            };
            (tok, rest.len() - r.len())
        };
        if rest.starts_with('"') {
            return match quoted(rest) {
                Some((value, len)) => Ok((
                    Tok::Id {
                        value,
                        quoted: true,
                    },
                    len,
                )),
                None => Err("string is not closed by `\"`".to_string()),
            };
        }
        if let Some(p) = PUNCTS.iter().find(|p| rest.starts_with(**p)) {
            return Ok((Tok::Punct(p), p.len()));
        }
        if let Ok((r, n)) = numeral(rest) {
            if r.starts_with(is_id_char) {
                return Err(format!(
                    "numeral `{n}` is followed directly by a letter: quote the ID or put a space \
                     between"
                ));
            }
            return Ok(id(n, r));
        }
        if let Ok((r, n)) = name(rest) {
            return Ok(id(n, r));
        }
        let c = rest.chars().next().unwrap_or(' ');
        Err(match c {
            '<' => "HTML-like strings `<...>` are not supported: use a quoted string".to_string(),
            ':' => "ports (`node:port`) are not supported".to_string(),
            '+' => "string concatenation with `+` is not supported".to_string(),
            _ => format!("unexpected character `{c}`"),
        })
    })
}

// ---------------------------------------------------------------------------------------------
// Parser
// ---------------------------------------------------------------------------------------------

struct Node {
    comp: usize,
    /// Index within its component's `nodes`.
    index: usize,
    /// Byte offset of the declaration.
    offset: usize,
}

struct Edge {
    from: usize,
    to: usize,
    label: String,
    offset: usize,
}

struct Comp {
    name: String,
    offset: usize,
    /// Node IDs in declaration order.
    nodes: Vec<String>,
    edges: Vec<Edge>,
}

struct DotParser<'a> {
    cur: Cursor<'a, Tok>,
    /// `digraph` (edges `->`) or `graph` (edges `--`).
    directed: bool,
    comps: Vec<Comp>,
    nodes: HashMap<String, Node>,
    /// Byte offset of the graph's closing `}`.
    close: usize,
}

/// Keywords are case-insensitive in DOT.
fn keyword(tok: &Tok, kw: &str) -> bool {
    matches!(tok, Tok::Id { value, quoted: false } if value.eq_ignore_ascii_case(kw))
}

fn is_keyword(tok: &Tok) -> bool {
    ["graph", "digraph", "subgraph", "node", "edge", "strict"]
        .iter()
        .any(|k| keyword(tok, k))
}

impl<'a> DotParser<'a> {
    fn peek(&self) -> &Token {
        self.cur.peek()
    }

    fn next(&mut self) -> Token {
        self.cur.next()
    }

    fn err_at(&self, offset: usize, msg: impl Into<String>) -> Error {
        self.cur.err_at(offset, msg)
    }

    /// How a token is named in "found ..." messages.
    fn describe(&self, t: &Token) -> String {
        match &t.tok {
            Tok::Eof => "end of file".to_string(),
            _ => {
                let src = self.cur.source(t);
                if src.chars().count() > 40 {
                    let short: String = src.chars().take(40).collect();
                    format!("`{short}...`")
                } else {
                    format!("`{src}`")
                }
            }
        }
    }

    fn expected(&self, what: &str) -> Error {
        self.cur.expected(what, |t| self.describe(t))
    }

    fn punct(&mut self, p: &str, what: &str) -> Result<Token> {
        if self.is_punct(p) {
            Ok(self.next())
        } else {
            Err(self.expected(what))
        }
    }

    fn is_punct(&self, p: &str) -> bool {
        matches!(self.peek().tok, Tok::Punct(q) if q == p)
    }

    /// An ID (any quoted string; an unquoted one that is not a keyword).
    fn id(&mut self, what: &str) -> Result<(String, Token)> {
        let t = self.peek().clone();
        match &t.tok {
            Tok::Id { value, .. } if !is_keyword(&t.tok) => {
                self.next();
                Ok((value.clone(), t))
            }
            Tok::Id { .. } => Err(self.err_at(
                t.start,
                format!(
                    "expected {what}, found the keyword {} (quote it to use it as an ID)",
                    self.describe(&t)
                ),
            )),
            _ => Err(self.expected(what)),
        }
    }

    fn location(&self, offset: usize) -> String {
        let l = crate::error::Location::of_offset(self.cur.file, self.cur.text, offset);
        format!("line {}:{}", l.line, l.column)
    }

    /// `graph := ["strict"] ("digraph" | "graph") [ID] "{" stmt_list "}" EOF`
    fn graph(&mut self) -> Result<()> {
        if keyword(&self.peek().tok, "strict") {
            self.next();
        }
        let t = self.peek().clone();
        if keyword(&t.tok, "digraph") {
            self.directed = true;
        } else if keyword(&t.tok, "graph") {
            self.directed = false;
        } else {
            return Err(self.expected("`digraph` or `graph`"));
        }
        self.next();
        if matches!(self.peek().tok, Tok::Id { .. }) && !is_keyword(&self.peek().tok) {
            self.next();
        }
        let open = self.punct("{", "`{` to open the graph")?;
        self.stmt_list(None, open.start)?;
        self.close = self.next().start; // the closing `}`
        if self.peek().tok != Tok::Eof {
            return Err(self.expected("end of file after the graph's closing `}`"));
        }
        Ok(())
    }

    /// Statements up to (not including) the closing `}`; `comp` is the enclosing subgraph.
    fn stmt_list(&mut self, comp: Option<usize>, open: usize) -> Result<()> {
        loop {
            let t = self.peek().clone();
            match &t.tok {
                Tok::Punct("}") => return Ok(()),
                Tok::Punct(";") => {
                    self.next();
                }
                Tok::Eof => {
                    let what = if comp.is_some() { "subgraph" } else { "graph" };
                    return Err(self.err_at(
                        t.start,
                        format!(
                            "expected `}}` to close the {what} opened at {}, found end of file",
                            self.location(open)
                        ),
                    ));
                }
                tok if keyword(tok, "subgraph") => {
                    if let Some(c) = comp {
                        return Err(self.err_at(
                            t.start,
                            format!(
                                "nested subgraph inside `{}`: each component is one top-level subgraph",
                                self.comps[c].name
                            ),
                        ));
                    }
                    self.subgraph()?;
                }
                tok if keyword(tok, "graph") || keyword(tok, "node") || keyword(tok, "edge") => {
                    self.next();
                    if !self.is_punct("[") {
                        return Err(self.expected(&format!("`[` after {}", self.describe(&t))));
                    }
                    self.attr_lists()?;
                }
                Tok::Id { .. } if is_keyword(&t.tok) => {
                    return Err(self.err_at(
                        t.start,
                        format!(
                            "unexpected keyword {} here: expected a node, edge, `subgraph` or attribute statement",
                            self.describe(&t)
                        ),
                    ));
                }
                Tok::Id { .. } => self.id_stmt(comp)?,
                _ => {
                    return Err(
                        self.expected("a statement (node, edge, `subgraph`, attribute) or `}`")
                    )
                }
            }
        }
    }

    /// `subgraph := "subgraph" ID "{" stmt_list "}"`
    fn subgraph(&mut self) -> Result<()> {
        self.next();
        let (name, t) = self.id("a subgraph name (each subgraph is a component and needs one)")?;
        if let Some(other) = self.comps.iter().find(|c| c.name == name) {
            return Err(self.err_at(
                t.start,
                format!(
                    "subgraph `{name}` declared twice (first at {})",
                    self.location(other.offset)
                ),
            ));
        }
        let open = self.punct("{", &format!("`{{` after `subgraph {name}`"))?;
        self.comps.push(Comp {
            name,
            offset: t.start,
            nodes: Vec::new(),
            edges: Vec::new(),
        });
        let c = self.comps.len() - 1;
        self.stmt_list(Some(c), open.start)?;
        self.next(); // `}`
        Ok(())
    }

    /// A statement starting with an ID: `ID = ID`, an edge or a node statement.
    fn id_stmt(&mut self, comp: Option<usize>) -> Result<()> {
        let (first, first_tok) = self.id("a node ID")?;
        let edge_op = if self.directed { "->" } else { "--" };
        let wrong_op = if self.directed { "--" } else { "->" };
        if self.is_punct("=") {
            self.next();
            self.id("an attribute value")?;
            return Ok(());
        }
        if self.is_punct(wrong_op) {
            return Err(self.err_at(
                self.peek().start,
                if self.directed {
                    "`--` is the undirected edge operator: a `digraph` uses `->`"
                } else {
                    "`->` is the directed edge operator: a `graph` uses `--`"
                },
            ));
        }
        let Some(c) = comp else {
            return Err(self.err_at(
                first_tok.start,
                format!(
                    "{} statement outside a subgraph: every node and edge belongs to a `subgraph` (one per component)",
                    if self.is_punct(edge_op) { "edge" } else { "node" }
                ),
            ));
        };
        if self.is_punct(edge_op) {
            self.next();
            let (second, second_tok) = self.id(&format!("a node ID after `{edge_op}`"))?;
            if self.is_punct("->") || self.is_punct("--") {
                return Err(self.err_at(
                    self.peek().start,
                    "edge chains `a -> b -> c` are not supported: write one edge per statement",
                ));
            }
            let attrs = if self.is_punct("[") {
                self.attr_lists()?
            } else {
                Vec::new()
            };
            let label = attrs
                .into_iter()
                .rev()
                .find(|(k, _)| k == "label")
                .map_or(String::new(), |(_, v)| v);
            let from = self.endpoint(c, &first, &first_tok)?;
            let to = self.endpoint(c, &second, &second_tok)?;
            self.comps[c].edges.push(Edge {
                from,
                to,
                label,
                offset: first_tok.start,
            });
            return Ok(());
        }
        // A node statement.
        match &self.peek().tok {
            Tok::Punct("[") => {
                self.attr_lists()?;
            }
            Tok::Punct(";") | Tok::Punct("}") | Tok::Id { .. } => {}
            _ => return Err(self.expected(&format!("`{edge_op}`, `[` or `;` after `{first}`"))),
        }
        if let Some(n) = self.nodes.get(&first) {
            return Err(self.err_at(
                first_tok.start,
                format!(
                    "node `{first}` declared twice (first at {}, in subgraph `{}`)",
                    self.location(n.offset),
                    self.comps[n.comp].name
                ),
            ));
        }
        let index = self.comps[c].nodes.len();
        self.comps[c].nodes.push(first.clone());
        self.nodes.insert(
            first,
            Node {
                comp: c,
                index,
                offset: first_tok.start,
            },
        );
        Ok(())
    }

    /// The node an edge endpoint names: declared before, in the same subgraph.
    fn endpoint(&self, c: usize, id: &str, t: &Token) -> Result<usize> {
        match self.nodes.get(id) {
            None => Err(self.err_at(
                t.start,
                format!(
                    "edge endpoint `{id}` is not a declared node (declare `{id} [...]` in subgraph `{}` before its edges)",
                    self.comps[c].name
                ),
            )),
            Some(n) if n.comp != c => Err(self.err_at(
                t.start,
                format!(
                    "edge in subgraph `{}` joins node `{id}` of subgraph `{}`: components do not share edges",
                    self.comps[c].name, self.comps[n.comp].name
                ),
            )),
            Some(n) => Ok(n.index),
        }
    }

    /// `attr_lists := ("[" {ID ["=" ID] [";" | ","]} "]")+`; returns the `key = value` pairs.
    fn attr_lists(&mut self) -> Result<Vec<(String, String)>> {
        let mut attrs = Vec::new();
        while self.is_punct("[") {
            let open = self.next();
            loop {
                match &self.peek().tok {
                    Tok::Punct("]") => {
                        self.next();
                        break;
                    }
                    Tok::Eof => {
                        let t = self.peek().clone();
                        return Err(self.err_at(
                            t.start,
                            format!(
                                "expected `]` to close the attribute list opened at {}, found end of file",
                                self.location(open.start)
                            ),
                        ));
                    }
                    _ => {}
                }
                let key = match &self.peek().tok {
                    Tok::Id { value, .. } => value.clone(),
                    _ => return Err(self.expected("an attribute name or `]`")),
                };
                self.next();
                let value = if self.is_punct("=") {
                    self.next();
                    match &self.peek().tok {
                        Tok::Id { value, .. } => {
                            let v = value.clone();
                            self.next();
                            v
                        }
                        _ => return Err(self.expected(&format!("a value for attribute `{key}`"))),
                    }
                } else {
                    "true".to_string()
                };
                attrs.push((key, value));
                if self.is_punct(",") || self.is_punct(";") {
                    self.next();
                }
            }
        }
        Ok(attrs)
    }

    /// Finds each component's start marker and builds the system.
    fn build(self) -> Result<System> {
        let mut b = SystemBuilder::new();
        for comp in &self.comps {
            let n = comp.nodes.len();
            let mut incoming = vec![0usize; n];
            let mut outgoing = vec![0usize; n];
            for e in &comp.edges {
                outgoing[e.from] += 1;
                incoming[e.to] += 1;
            }
            let is_marker =
                |e: &Edge| e.label.is_empty() && incoming[e.from] == 0 && outgoing[e.from] == 1;
            let mut markers = comp.edges.iter().filter(|e| is_marker(e));
            let marker = match (markers.next(), markers.next()) {
                (Some(m), None) => m,
                (None, _) => {
                    return Err(self.err_at(
                        comp.offset,
                        format!(
                            "subgraph `{}` has no start marker: an edge with label \"\" out of a node with no other edges, pointing at the start state",
                            comp.name
                        ),
                    ))
                }
                (Some(m), Some(second)) => {
                    return Err(self.err_at(
                        second.offset,
                        format!(
                            "subgraph `{}` has a second start marker (the first is at {}): only one state can be the start",
                            comp.name,
                            self.location(m.offset)
                        ),
                    ))
                }
            };
            let c = b.add_component(&comp.name);
            let mut state = vec![0u32; n];
            for (i, id) in comp.nodes.iter().enumerate() {
                if i != marker.from {
                    state[i] = b
                        .add_state(c, id)
                        .map_err(|m| self.err_at(comp.offset, m))?;
                }
            }
            b.set_start(c, state[marker.to]);
            for e in &comp.edges {
                if !std::ptr::eq(e, marker) {
                    b.add_transition(c, state[e.from], &e.label, state[e.to]);
                }
            }
        }
        if self.comps.is_empty() {
            return Err(self.err_at(
                self.close,
                "the graph has no subgraphs: each component is a `subgraph NAME { ... }`",
            ));
        }
        // checks of the whole system (the ones above are more precise): at the graph's end
        b.build().map_err(|m| self.err_at(self.close, m))
    }
}

// ---------------------------------------------------------------------------------------------
// What reads back unquoted (for the writer, `crate::write::dot`)
// ---------------------------------------------------------------------------------------------

/// Whether `s` can be written as an unquoted DOT ID that this reader reads back as `s`: a name
/// or a numeral, not a keyword.
pub(crate) fn is_plain_id(s: &str) -> bool {
    let name_ok = s.chars().next().is_some_and(is_id_start) && s.chars().all(is_id_char);
    let num_ok = matches!(numeral(s), Ok(("", _)));
    let tok = Tok::Id {
        value: s.to_string(),
        quoted: false,
    };
    (name_ok || num_ok) && !is_keyword(&tok)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(text: &str) -> Result<System> {
        parse(text, Path::new("t.dot"))
    }

    fn err(text: &str) -> String {
        match parse_str(text) {
            Ok(_) => panic!("expected an error for {text:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn reads_a_small_system() {
        let sys = parse_str(
            "digraph G {\n subgraph c0 {\n s [shape=point];\n 0; 1 [label=\"1\"];\n s -> 0 [label=\"\"];\n 0 -> 1 [label=\"a\"]; 1->0 [label=\"\", color=black]\n }\n subgraph c1 { 2 3 i 2->3 [label=a] i->3 [label=\"\"] }\n}\n",
        )
        .unwrap();
        assert_eq!(sys.components().len(), 2);
        let c0 = sys.component(0);
        assert_eq!(c0.states, vec!["0", "1"]);
        assert_eq!(c0.start, 0);
        assert_eq!(c0.transitions.len(), 2);
        let c1 = sys.component(1);
        assert_eq!(c1.states, vec!["2", "3"]);
        assert_eq!(c1.start, 1);
        let a = sys.label_id("a").unwrap();
        assert_eq!(sys.label(a).components, vec![0, 1]);
        // the silent edge 1->0 is a transition, with an empty label
        assert_eq!(sys.labels().iter().filter(|l| l.is_silent()).count(), 1);
    }

    #[test]
    fn comments_attributes_and_quoted_ids() {
        let sys = parse_str(
            "/* head */ strict digraph \"my graph\" {\n rankdir=LR; node [shape=circle, color=red];\n# line\n subgraph cluster_x { // c\n \"a b\" [label=\"x\\\"y\"] ; \"i\"; \"i\" -> \"a b\" [label = \"\" ; color=black ]; \"a b\" -> \"a b\" [label=\"q\\\"r\"] } }",
        )
        .unwrap();
        let c = sys.component(0);
        assert_eq!(c.name, "cluster_x");
        assert_eq!(c.states, vec!["a b"]);
        assert!(sys.label_id("q\"r").is_some());
    }

    #[test]
    fn bom_and_unlabelled_marker() {
        // an edge without a label attribute has the empty label: here, the start marker
        let sys = parse_str("\u{feff}graph { subgraph c { i; 0; 1; i -- 1; 0 -- 1 [label=x] } }")
            .unwrap();
        let c = sys.component(0);
        assert_eq!(c.states, vec!["0", "1"]);
        assert_eq!(c.start, 1);
        assert_eq!(c.transitions.len(), 1);
    }

    #[test]
    fn located_errors() {
        assert_eq!(
            err("digraph G {\n subgraph c { 0; 0 -> ; }\n}"),
            "t.dot:2:23: expected a node ID after `->`, found `;`"
        );
        assert_eq!(
            err("digraph G {\n subgraph c { 0 ] }\n}"),
            "t.dot:2:17: expected `->`, `[` or `;` after `0`, found `]`"
        );
        assert!(err("digraph G { subgraph c { 0 -> 1 [label=\"\"] } }")
            .starts_with("t.dot:1:26: edge endpoint `0` is not a declared node"));
        assert!(err("digraph { subgraph c { 0 [label=\"x]; } }").contains("string is not closed"));
        assert!(err("digraph { subgraph c { 0:p; } }").contains("ports"));
    }
}
