//! Pieces shared by the LTL and CTL readers: the lexer ([`FormulaLexer`]: whitespace,
//! identifiers, double-quoted atoms, each logic's words and symbols through [`FormulaToken`]),
//! the nesting limits, error positions, and the property-file layout
//! (`grammar/properties.ebnf`), which is the same for both logics.
//!
//! Why a shared splitter: the RERS LTL and CTL property files differ only in their formulas,
//! so the file layout (headers, verdicts, annotations, comments) is read once, here, and each
//! logic parses the byte ranges it is handed. Offsets are always into the whole file text, so
//! an error deep inside a formula still reports the file's line and column.

use std::marker::PhantomData;
use std::path::Path;

use nom::bytes::complete::{take_while, take_while1};
use nom::character::complete::satisfy;
use nom::combinator::recognize;
use nom::sequence::pair;
use nom::{IResult, Parser};

use super::lexer::Token;
use crate::error::{Error, Location, ParseError};

/// Deepest nesting of parentheses and prefix operators the readers accept. Parsing recurses
/// once per level; the limit keeps hostile input (`((((...`) from exhausting the stack.
pub(crate) const MAX_NESTING: usize = 256;

/// Tallest formula tree the readers build. Long left-associative chains (`a & b & c ...`) do
/// not nest while parsing but still give tall trees, which every later pass walks recursively.
pub(crate) const MAX_HEIGHT: usize = 2000;

/// A syntax error at a byte offset of the whole input text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SyntaxError {
    pub offset: usize,
    pub message: String,
}

impl SyntaxError {
    pub fn new(offset: usize, message: impl Into<String>) -> SyntaxError {
        SyntaxError {
            offset,
            message: message.into(),
        }
    }

    /// The crate error, with `file:line:column` computed from the whole text.
    pub fn into_error(self, file: &Path, text: &str) -> Error {
        Error::Parse(ParseError::at(file, text, self.offset, self.message))
    }
}

pub(crate) type SResult<T> = std::result::Result<T, SyntaxError>;

/// `line:column` (1-based, columns in characters) of a byte offset, for messages that point
/// back at an earlier place (the `(` a missing `)` should close).
pub(crate) fn line_col(text: &str, offset: usize) -> String {
    let l = Location::of_offset("", text, offset);
    format!("{}:{}", l.line, l.column)
}

/// The tokens of a formula language, as [`FormulaLexer`] makes them.
pub(super) trait FormulaToken: Sized {
    /// The end of the formula.
    const END: Self;
    /// A quoted name without its closing quote.
    const UNCLOSED: Self;
    /// `""`: the empty name is the silent label, which no formula can name.
    const EMPTY: Self;
    /// A character that starts no token.
    const UNKNOWN: Self;
    /// A quoted name, escapes resolved (not empty).
    fn quoted(name: String) -> Self;
    /// The token a word of letters, digits and `_` starts with, and its length in bytes;
    /// `after_operand` when the token before it ended an operand.
    fn word(w: &str, after_operand: bool) -> (Self, usize);
    /// The symbol `rest` starts with, and its length in bytes.
    fn symbol(rest: &str) -> Option<(Self, usize)>;
    /// Whether the token ends an operand (which may change what the next word means).
    fn ends_operand(&self) -> bool;
}

/// The lexer of the formula languages: the tokens of `text[start..end]` one at a time, each
/// asked for when the parser needs it. Offsets are into the whole text. Unlike the
/// file-at-once readers (`lexer.rs`) it makes no list first: in LTL what a word means depends
/// on the token before it (Spot's `GFa` is `G F a`, [`FormulaToken::word`]).
pub(super) struct FormulaLexer<'a, T> {
    text: &'a str,
    pos: usize,
    end: usize,
    /// Whether the last token ended an operand (Spot's `not_prop` start condition).
    after_operand: bool,
    tokens: PhantomData<T>,
}

impl<'a, T: FormulaToken> FormulaLexer<'a, T> {
    pub(super) fn new(text: &'a str, start: usize, end: usize) -> FormulaLexer<'a, T> {
        FormulaLexer {
            text,
            pos: start,
            end,
            after_operand: false,
            tokens: PhantomData,
        }
    }

    /// The next token; at the end, [`FormulaToken::END`] again and again.
    pub(super) fn next(&mut self) -> Token<T> {
        let start = skip_ws(self.text, self.pos, self.end);
        let rest = &self.text[start..self.end];
        let (tok, end) = if rest.is_empty() {
            (T::END, start)
        } else if rest.starts_with('"') {
            match quoted(self.text, start, self.end) {
                Quoted::Name(name, end) if name.is_empty() => (T::EMPTY, end),
                Quoted::Name(name, end) => (T::quoted(name), end),
                Quoted::Unclosed => (T::UNCLOSED, self.end),
            }
        } else if let Some(w) = identifier(rest) {
            let (t, len) = T::word(w, self.after_operand);
            (t, start + len)
        } else if let Some((t, len)) = T::symbol(rest) {
            (t, start + len)
        } else {
            let n = rest.chars().next().map_or(1, char::len_utf8);
            (T::UNKNOWN, start + n)
        };
        self.after_operand = tok.ends_operand();
        self.pos = end;
        Token { tok, start, end }
    }
}

/// The offset of the first non-whitespace character at or after `pos` (at most `end`).
fn skip_ws(text: &str, pos: usize, end: usize) -> usize {
    let rest = &text[pos..end];
    let r: IResult<&str, &str> = take_while(char::is_whitespace).parse(rest);
    match r {
        Ok((_, ws)) => pos + ws.len(),
        Err(_) => pos,
    }
}

/// An identifier `[A-Za-z_][A-Za-z0-9_]*` at the start of `s`, if there is one.
pub(crate) fn identifier(s: &str) -> Option<&str> {
    let r: IResult<&str, &str> = recognize(pair(
        satisfy(|c| c.is_ascii_alphabetic() || c == '_'),
        take_while(|c: char| c.is_ascii_alphanumeric() || c == '_'),
    ))
    .parse(s);
    r.ok().map(|(_, w)| w)
}

/// A run of ASCII digits at the start of `s`, if there is one.
fn digits(s: &str) -> Option<&str> {
    let r: IResult<&str, &str> = take_while1(|c: char| c.is_ascii_digit()).parse(s);
    r.ok().map(|(_, d)| d)
}

/// The outcome of reading a double-quoted atom.
enum Quoted {
    /// The name (escapes resolved) and the offset just past the closing quote.
    Name(String, usize),
    /// No closing quote before `end`.
    Unclosed,
}

/// Reads a double-quoted atom whose opening `"` is at `pos`. Inside, `\x` stands for `x` (so
/// `\"` and `\\` give a quote and a backslash), as in Spot.
fn quoted(text: &str, pos: usize, end: usize) -> Quoted {
    let mut name = String::new();
    let mut chars = text[pos + 1..end].char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Quoted::Name(name, pos + 1 + i + 1),
            '\\' => match chars.next() {
                Some((_, e)) => name.push(e),
                None => return Quoted::Unclosed,
            },
            c => name.push(c),
        }
    }
    Quoted::Unclosed
}

/// How a token is named in "found ..." messages: its source text, shortened when long.
pub(crate) fn quote_source(src: &str) -> String {
    let short: String = src.chars().take(40).collect();
    if short.len() < src.len() {
        format!("`{short}...`")
    } else {
        format!("`{short}`")
    }
}

/// One property's place in a property file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Block {
    pub number: u32,
    pub expected: Option<bool>,
    /// Byte range of the formula text in the whole file.
    pub start: usize,
    pub end: usize,
    /// 1-based line of the formula's first character.
    pub line: usize,
}

/// A line of a property file, classified.
enum LineKind {
    Blank,
    Comment,
    Header { number: u32, expected: Option<bool> },
    Formula,
}

/// Whether a line (without leading whitespace) is meant as a `#N:` header: `#`, optional
/// whitespace, a digit. Other lines starting with `#` are comments.
fn looks_like_header(trimmed: &str) -> bool {
    trimmed
        .strip_prefix('#')
        .map(|r| r.trim_start())
        .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
}

/// Classifies one line; `start` is the offset of its first character in the whole text,
/// `line` its content without the line break.
fn classify(line: &str, start: usize) -> SResult<LineKind> {
    let trimmed = line.trim_start();
    if trimmed.is_empty() {
        return Ok(LineKind::Blank);
    }
    if trimmed.starts_with("//") || (trimmed.starts_with('#') && !looks_like_header(trimmed)) {
        return Ok(LineKind::Comment);
    }
    if !trimmed.starts_with('#') {
        return Ok(LineKind::Formula);
    }
    // A header: '#' ws* digits ws* ':' ws* [verdict ws* [annotation]] ws*
    let at = |rest: &str| start + (line.len() - rest.len());
    let rest = trimmed[1..].trim_start();
    let num_text = digits(rest).unwrap_or("");
    let number: u32 = num_text.parse().map_err(|_| {
        SyntaxError::new(
            at(rest),
            format!(
                "property number `{num_text}` is too large (at most {})",
                u32::MAX
            ),
        )
    })?;
    let rest = rest[num_text.len()..].trim_start();
    let Some(rest) = rest.strip_prefix(':') else {
        return Err(SyntaxError::new(
            at(rest),
            format!(
                "expected `:` after `#{number}`, found {}",
                describe_rest(rest)
            ),
        ));
    };
    let rest = rest.trim_start();
    let word = identifier(rest).unwrap_or("");
    let expected = match word {
        "" => None,
        w if w.eq_ignore_ascii_case("true") => Some(true),
        w if w.eq_ignore_ascii_case("false") => Some(false),
        _ => {
            return Err(SyntaxError::new(
                at(rest),
                format!(
                    "expected `true`, `false` or end of line after `#{number}:`, found {} \
                     (the formula goes on the next line)",
                    describe_rest(rest)
                ),
            ))
        }
    };
    if expected.is_none() && !rest.is_empty() {
        return Err(SyntaxError::new(
            at(rest),
            format!(
                "expected `true`, `false` or end of line after `#{number}:`, found {} \
                 (the formula goes on the next line)",
                describe_rest(rest)
            ),
        ));
    }
    let rest = rest[word.len()..].trim_start();
    // An annotation in parentheses after the verdict, e.g. `(not blank invariant)`, is ignored.
    let annotation = rest.starts_with('(') && rest.trim_end().ends_with(')');
    if !rest.trim_end().is_empty() && !annotation {
        return Err(SyntaxError::new(
            at(rest),
            format!(
                "expected end of line or a parenthesised note after the verdict, found {}",
                describe_rest(rest)
            ),
        ));
    }
    Ok(LineKind::Header { number, expected })
}

/// Names what starts `rest` in an error message.
fn describe_rest(rest: &str) -> String {
    let rest = rest.trim_end();
    if rest.is_empty() {
        return "end of line".to_string();
    }
    let token = identifier(rest)
        .or_else(|| digits(rest))
        .unwrap_or_else(|| {
            let n = rest.chars().next().map_or(0, char::len_utf8);
            &rest[..n]
        });
    quote_source(token)
}

/// A header waiting for its formula.
struct Pending {
    number: u32,
    expected: Option<bool>,
    offset: usize,
}

/// Parses a property file with `parse_range`, the formula reader of one logic: the headers are
/// the same for LTL and CTL.
pub(crate) fn parse_property_file<F>(
    text: &str,
    file: &Path,
    parse_range: fn(&str, usize, usize) -> SResult<F>,
) -> crate::error::Result<Vec<crate::logic::Property<F>>> {
    let blocks = split_properties(text).map_err(|e| e.into_error(file, text))?;
    blocks
        .into_iter()
        .map(|b| {
            let formula =
                parse_range(text, b.start, b.end).map_err(|e| e.into_error(file, text))?;
            Ok(crate::logic::Property {
                number: b.number,
                formula,
                expected: b.expected,
                line: b.line,
            })
        })
        .collect()
}

/// Splits a property file into numbered formula ranges (`grammar/properties.ebnf`).
///
/// With `#N:` headers anywhere in the file, every formula must follow a header; it runs from
/// its first non-blank line to the next blank line, comment, header or the end (so a long
/// formula may be wrapped). Without headers, each non-blank, non-comment line is one formula,
/// numbered from 1. A file without any formula is an error: it is surely not the file meant.
pub(crate) fn split_properties(text: &str) -> SResult<Vec<Block>> {
    // (offset of the line's first byte, line content without the line break)
    let mut lines = Vec::new();
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let content = raw.strip_suffix('\n').unwrap_or(raw);
        let content = content.strip_suffix('\r').unwrap_or(content);
        let mut start = offset;
        let mut content = content;
        if offset == 0 {
            if let Some(c) = content.strip_prefix('\u{feff}') {
                content = c;
                start += '\u{feff}'.len_utf8();
            }
        }
        lines.push((start, content));
        offset += raw.len();
    }
    let headed = lines.iter().any(|(_, l)| looks_like_header(l.trim_start()));

    let mut blocks: Vec<Block> = Vec::new();
    let mut header_offsets: Vec<usize> = Vec::new();
    let mut pending: Option<Pending> = None;
    // The open formula block: (start, end) offsets.
    let mut open: Option<(usize, usize)> = None;
    let mut line_no = 0usize;
    let mut block_line = 0usize;

    let close = |open: &mut Option<(usize, usize)>,
                 pending: &mut Option<Pending>,
                 blocks: &mut Vec<Block>,
                 header_offsets: &mut Vec<usize>,
                 block_line: usize|
     -> SResult<()> {
        let Some((start, end)) = open.take() else {
            return Ok(());
        };
        if let Some(p) = pending.take() {
            if let Some(first) = blocks.iter().position(|b| b.number == p.number) {
                return Err(SyntaxError::new(
                    p.offset,
                    format!(
                        "duplicate property number {} (first at {})",
                        p.number,
                        line_col(text, header_offsets[first])
                    ),
                ));
            }
            blocks.push(Block {
                number: p.number,
                expected: p.expected,
                start,
                end,
                line: block_line,
            });
            header_offsets.push(p.offset);
        }
        Ok(())
    };

    for &(start, content) in &lines {
        line_no += 1;
        let kind = classify(content, start)?;
        let first = start + (content.len() - content.trim_start().len());
        let last = start + content.trim_end().len();
        if !headed {
            if let LineKind::Formula = kind {
                let number = u32::try_from(blocks.len() + 1)
                    .map_err(|_| SyntaxError::new(first, "too many properties in one file"))?;
                blocks.push(Block {
                    number,
                    expected: None,
                    start: first,
                    end: last,
                    line: line_no,
                });
            }
            continue;
        }
        match kind {
            LineKind::Blank => {
                if open.is_some() {
                    close(
                        &mut open,
                        &mut pending,
                        &mut blocks,
                        &mut header_offsets,
                        block_line,
                    )?;
                }
            }
            LineKind::Comment => {
                if open.is_some() {
                    close(
                        &mut open,
                        &mut pending,
                        &mut blocks,
                        &mut header_offsets,
                        block_line,
                    )?;
                }
            }
            LineKind::Header { number, expected } => {
                if open.is_some() {
                    close(
                        &mut open,
                        &mut pending,
                        &mut blocks,
                        &mut header_offsets,
                        block_line,
                    )?;
                }
                if let Some(p) = pending.take() {
                    return Err(no_formula(&p));
                }
                pending = Some(Pending {
                    number,
                    expected,
                    offset: first,
                });
            }
            LineKind::Formula => match (&mut open, &pending) {
                (Some((_, end)), _) => *end = last,
                (None, Some(_)) => {
                    open = Some((first, last));
                    block_line = line_no;
                }
                (None, None) => {
                    return Err(SyntaxError::new(
                        first,
                        "expected a `#N:` header before this formula (the file numbers its \
                         properties with headers, so every formula needs one)",
                    ))
                }
            },
        }
    }
    close(
        &mut open,
        &mut pending,
        &mut blocks,
        &mut header_offsets,
        block_line,
    )?;
    if let Some(p) = pending {
        return Err(no_formula(&p));
    }
    if blocks.is_empty() {
        return Err(SyntaxError::new(
            skip_ws(text, 0, text.len()),
            "expected a property (a formula, or a `#N:` header and a formula), found none",
        ));
    }
    Ok(blocks)
}

fn no_formula(p: &Pending) -> SyntaxError {
    SyntaxError::new(
        p.offset,
        format!(
            "expected a formula after `#{}:`, found none (the next line is a header or the \
             file ends)",
            p.number
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_quoted_atoms() {
        let t = r#""a\"b\\c" rest"#;
        match quoted(t, 0, t.len()) {
            Quoted::Name(n, end) => {
                assert_eq!(n, "a\"b\\c");
                assert_eq!(&t[end..], " rest");
            }
            Quoted::Unclosed => panic!("closed"),
        }
        assert!(matches!(quoted("\"ab", 0, 3), Quoted::Unclosed));
        assert!(matches!(quoted("\"ab\\", 0, 4), Quoted::Unclosed));
    }

    #[test]
    fn splits_headed_files() {
        let t = "#1: \t true\n( a )\n\n#2:\n// note\n(b\n & c)\n\n#7: false (not blank)\nd\n";
        let b = split_properties(t).unwrap();
        assert_eq!(b.len(), 3);
        assert_eq!((b[0].number, b[0].expected, b[0].line), (1, Some(true), 2));
        assert_eq!(&t[b[0].start..b[0].end], "( a )");
        assert_eq!((b[1].number, b[1].expected, b[1].line), (2, None, 6));
        assert_eq!(&t[b[1].start..b[1].end], "(b\n & c)");
        assert_eq!(
            (b[2].number, b[2].expected, b[2].line),
            (7, Some(false), 10)
        );
    }

    #[test]
    fn splits_bare_files() {
        let t = "// c\na\n\n  b & c  \r\n# comment\nd";
        let b = split_properties(t).unwrap();
        let got: Vec<_> = b
            .iter()
            .map(|b| (b.number, &t[b.start..b.end], b.line))
            .collect();
        assert_eq!(got, vec![(1, "a", 2), (2, "b & c", 4), (3, "d", 6)]);
    }

    #[test]
    fn rejects_bad_layouts() {
        let err = |t: &str| {
            let e = split_properties(t).unwrap_err();
            format!("{}: {}", line_col(t, e.offset), e.message)
        };
        assert!(err("#1:\n#2:\na\n").starts_with("1:1: expected a formula after `#1:`"));
        assert!(err("#1:\na\n\n#1:\nb\n").starts_with("4:1: duplicate property number 1"));
        assert!(err("#1:\na\n\nb\n").starts_with("4:1: expected a `#N:` header"));
        assert!(err("#1 true\na\n").starts_with("1:4: expected `:` after `#1`"));
        assert!(err("#1: maybe\na\n").starts_with("1:5: expected `true`, `false`"));
        assert!(err("#1: (a U b)\n").starts_with("1:5: expected `true`, `false`"));
        assert!(err("#1: true junk\na\n").starts_with("1:10: expected end of line"));
        assert!(err("#99999999999:\na\n").starts_with("1:2: property number"));
        assert!(err("#3:\n").starts_with("1:1: expected a formula after `#3:`"));
    }
}
