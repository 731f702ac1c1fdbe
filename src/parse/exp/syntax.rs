//! The syntax of the EXP subset (grammar: `grammar/exp.ebnf`): a lexer and a recursive-descent
//! parser to a behaviour tree, every name with the offset it was written at for errors.

use std::path::Path;

use super::super::lexer::{self, Comment, Cursor};
use crate::error::{Error, ParseError, Result};

/// The internal action, as `.aut` files and vectors write it.
pub(super) const INTERNAL: &str = "i";

/// Parses the behaviour of an EXP file; the parser is returned for its error positions.
pub(super) fn parse_behaviour<'a>(text: &'a str, file: &'a Path) -> Result<(ExpParser<'a>, Beh)> {
    let tokens = lex(text).map_err(|(offset, msg)| ParseError::at(file, text, offset, msg))?;
    let mut p = ExpParser {
        file,
        cur: Cursor::new(text, file, tokens),
    };
    let beh = p.behaviour()?;
    if p.peek().tok != Tok::Eof {
        return Err(p.expected("the end of the file"));
    }
    Ok((p, beh))
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

type Token = lexer::Token<Tok>;

const PUNCTS: [&str; 6] = ["->", "||", "(", ")", ",", "*"];

/// Words with a meaning in this subset; they are not label names.
const KEYWORDS: [&str; 9] = [
    "par", "using", "in", "end", "hide", "rename", "label", "total", "gate",
];

/// Splits the text into tokens around whitespace and `(* *)` comments; the error is
/// `(byte offset, message)`.
fn lex(text: &str) -> std::result::Result<Vec<Token>, (usize, String)> {
    lexer::lex(text, &[Comment::Block("(*", "*)")], Tok::Eof, |rest| {
        let c = rest.chars().next().unwrap_or(' ');
        if c == '"' {
            return string(rest);
        }
        if c.is_ascii_alphanumeric() || c == '_' {
            let len = rest
                .find(|d: char| !(d.is_ascii_alphanumeric() || d == '_'))
                .unwrap_or(rest.len());
            return Ok((Tok::Ident(rest[..len].to_string()), len));
        }
        if rest.starts_with("|||") || rest.starts_with("|[") || rest.starts_with("]|") {
            return Err(
                "LOTOS parallel operators (`|||`, `|[...]|`) are outside the EXP subset ltsym \
                 reads: use `par ... end par` or `label par using ... end par`"
                    .into(),
            );
        }
        match PUNCTS.iter().find(|p| rest.starts_with(**p)) {
            Some(p) => Ok((Tok::Punct(p), p.len())),
            None => Err(format!(
                "unexpected character `{c}` (outside the EXP subset ltsym reads)"
            )),
        }
    })
}

/// A double-quoted string at the start of `rest`, on one line; `\` takes the next character
/// as it is.
fn string(rest: &str) -> std::result::Result<(Tok, usize), String> {
    let mut value = String::new();
    let mut chars = rest.char_indices().skip(1);
    while let Some((j, d)) = chars.next() {
        match d {
            '"' => return Ok((Tok::Str(value), j + 1)),
            '\\' => match chars.next() {
                Some((_, e)) => value.push(e),
                None => break,
            },
            '\n' => break,
            _ => value.push(d),
        }
    }
    Err("string is not closed by `\"` on its line".into())
}

// ---------------------------------------------------------------------------------------------
// Parser
// ---------------------------------------------------------------------------------------------

/// A name with the offset it was written at.
pub(super) type Name = (String, usize);

#[derive(Debug)]
pub(super) enum Beh {
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
pub(super) struct Vector {
    pub(super) entries: Vec<Option<Name>>,
    pub(super) result: Name,
    pub(super) offset: usize,
}

pub(super) struct ExpParser<'a> {
    pub(super) file: &'a Path,
    cur: Cursor<'a, Tok>,
}

impl ExpParser<'_> {
    fn peek(&self) -> &Token {
        self.cur.peek()
    }

    fn peek_at(&self, k: usize) -> &Tok {
        self.cur.peek_at(k)
    }

    fn next(&mut self) -> Token {
        self.cur.next()
    }

    pub(super) fn err_at(&self, offset: usize, msg: impl Into<String>) -> Error {
        self.cur.err_at(offset, msg)
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
        self.cur.expected(what, |t| Self::describe(&t.tok))
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

/// The offset of a behaviour's first file name, for errors about it.
pub(super) fn first_offset(beh: &Beh) -> usize {
    match beh {
        Beh::File((_, off)) => *off,
        Beh::Hide(_, b) | Beh::Rename(_, b) => first_offset(b),
        Beh::VectorPar { branches, .. } => branches.first().map_or(0, first_offset),
        Beh::LntPar { branches, .. } => branches.first().map_or(0, |b| first_offset(&b.1)),
    }
}
