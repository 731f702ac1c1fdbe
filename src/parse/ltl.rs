//! Reader for LTL formulas and property files, in Spot's syntax (`grammar/ltl.ebnf`).
//!
//! RERS states its LTL properties "in the syntax of the SPOT library", so this reader follows
//! Spot's parser (`spot/parsetl/parsetl.yy`, `scantl.ll`) for everything the RERS files and
//! Spot's plain LTL fragment use: the same operator spellings, precedences and
//! associativities, and Spot's lexical rule for words such as `GFa` (read as `G F a`).
//! Departures (documented in the grammar): no PSL/SERE operators, no `.` in bare atoms, and
//! errors instead of Spot's error recovery.

use std::path::Path;

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::combinator::value;
use nom::{IResult, Parser as _};

use super::formula_common::{
    line_col, parse_property_file, quote_source, FormulaLexer, FormulaToken, SResult, SyntaxError,
    MAX_HEIGHT, MAX_NESTING,
};
use super::lexer;
use crate::error::Result;
use crate::logic::{Ltl, Property};

/// Parses one formula (the whole text; it may span lines).
pub fn parse_formula(text: &str, file: &Path) -> Result<Ltl> {
    parse_range(text, 0, text.len()).map_err(|e| e.into_error(file, text))
}

/// Parses a property file: formulas, each optionally after a `#N:` header with an optional
/// `true`/`false` verdict (`grammar/properties.ebnf`).
pub fn parse_properties(text: &str, file: &Path) -> Result<Vec<Property<Ltl>>> {
    parse_property_file(text, file, parse_range)
}

/// Parses the formula in `text[start..end]`; error offsets are into the whole `text`.
pub(crate) fn parse_range(text: &str, start: usize, end: usize) -> SResult<Ltl> {
    let mut p = Parser::new(text, start, end);
    let node = p.binary(0, 0)?;
    match &p.cur.tok {
        T::End => Ok(node.f),
        T::RParen => Err(p.error_here(
            "expected a binary operator or end of formula",
            " (this `)` has no matching `(`)",
        )),
        _ => Err(p.error_here("expected a binary operator or end of formula", "")),
    }
}

/// LTL tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
enum T {
    True,
    False,
    Atom(String),
    Not,
    And,
    Or,
    Xor,
    Implies,
    Equiv,
    Next,
    Finally,
    Globally,
    Until,
    WeakUntil,
    Release,
    StrongRelease,
    LParen,
    RParen,
    End,
    /// A quoted atom without its closing quote.
    Unclosed,
    /// `""`: the empty name is the silent label, which no atom can name.
    EmptyAtom,
    /// A character that starts no token.
    Unknown,
}

type Token = lexer::Token<T>;

/// Symbols, longest spelling first.
fn symbol(input: &str) -> IResult<&str, T> {
    alt((
        value(T::Equiv, alt((tag("<->"), tag("<=>")))),
        value(T::Implies, alt((tag("->"), tag("=>")))),
        value(T::Finally, tag("<>")),
        value(T::Globally, tag("[]")),
        value(T::Or, alt((tag("||"), tag("|")))),
        value(T::And, alt((tag("&&"), tag("&")))),
        value(T::Xor, tag("^")),
        value(T::Not, tag("!")),
        value(T::LParen, tag("(")),
        value(T::RParen, tag(")")),
        value(T::True, tag("1")),
        value(T::False, tag("0")),
    ))
    .parse(input)
}

/// The token a word of letters, digits and `_` starts with, and its length, following Spot's
/// scanner (longest match, earlier rule on ties: constants, then operators, then atoms).
///
/// - `true`/`false` in any case are constants; `1` and `0` too (see [`symbol`]).
/// - `xor`, and the single letters `X F G U R V W M`, are operators.
/// - Where an operand is expected, an atom is any word not starting with `F`, `G` or `X`, or
///   one of those followed by a digit (`F1`). So `GFa` is `G F a`, `Fb_x` is `F b_x` and
///   `Gx1` is `G x1`, while `X1` and `aUb` are atoms.
/// - After an operand (an atom, `)` or quoted atom), an atom cannot start with
///   `F G M R U V W X` nor have `F G X` second: `(a)Ub` is `a U b`. (Such an atom would be a
///   syntax error there anyway; the rule only lets operators stick to what follows them.)
fn word_token(w: &str, after_operand: bool) -> (T, usize) {
    let b = w.as_bytes();
    let n = b.len();
    let ci_prefix = |p: &str| n >= p.len() && w[..p.len()].eq_ignore_ascii_case(p);
    let constant = if ci_prefix("false") {
        Some((T::False, 5))
    } else if ci_prefix("true") {
        Some((T::True, 4))
    } else {
        None
    };
    let operator = if w.starts_with("xor") {
        Some((T::Xor, 3))
    } else {
        match b[0] {
            b'X' => Some((T::Next, 1)),
            b'F' => Some((T::Finally, 1)),
            b'G' => Some((T::Globally, 1)),
            b'U' => Some((T::Until, 1)),
            b'W' => Some((T::WeakUntil, 1)),
            b'R' | b'V' => Some((T::Release, 1)),
            b'M' => Some((T::StrongRelease, 1)),
            _ => None,
        }
    };
    let atom_len = if !after_operand {
        match b[0] {
            b'F' | b'G' | b'X' if !(n >= 2 && b[1].is_ascii_digit()) => 0,
            _ => n,
        }
    } else {
        match b[0] {
            b'F' | b'G' | b'M' | b'R' | b'U' | b'V' | b'W' | b'X' => 0,
            _ if n >= 2 && !matches!(b[1], b'F' | b'G' | b'X') => n,
            _ => 1,
        }
    };
    let mut best = (T::Atom(w[..atom_len].to_string()), atom_len);
    for cand in [operator, constant].into_iter().flatten() {
        if cand.1 >= best.1 {
            best = cand;
        }
    }
    best
}

/// Whether `name` reads back as exactly that atom when written bare where an operand is
/// expected: checks the printer's rule ([`crate::logic::ltl::is_plain_atom`]) against the lexer.
#[cfg(test)]
fn lexes_as_plain_atom(name: &str) -> bool {
    super::formula_common::identifier(name) == Some(name)
        && word_token(name, false) == (T::Atom(name.into()), name.len())
}

impl FormulaToken for T {
    const END: T = T::End;
    const UNCLOSED: T = T::Unclosed;
    const EMPTY: T = T::EmptyAtom;
    const UNKNOWN: T = T::Unknown;

    fn quoted(name: String) -> T {
        T::Atom(name)
    }

    fn word(w: &str, after_operand: bool) -> (T, usize) {
        word_token(w, after_operand)
    }

    fn symbol(rest: &str) -> Option<(T, usize)> {
        let (after, t) = symbol(rest).ok()?;
        Some((t, rest.len() - after.len()))
    }

    fn ends_operand(&self) -> bool {
        matches!(self, T::Atom(_) | T::RParen)
    }
}

/// A formula with its tree height.
struct Node {
    f: Ltl,
    height: usize,
}

struct Parser<'a> {
    text: &'a str,
    lexer: FormulaLexer<'a, T>,
    cur: Token,
}

/// The binary operators of each precedence level, loosest first (Spot's `parsetl.yy`):
/// `-> <->` (right), `|` (left), `xor` (left), `&` (left), `U W R M` (right).
const LEVELS: usize = 5;

fn level_of(t: &T) -> Option<usize> {
    match t {
        T::Implies | T::Equiv => Some(0),
        T::Or => Some(1),
        T::Xor => Some(2),
        T::And => Some(3),
        T::Until | T::WeakUntil | T::Release | T::StrongRelease => Some(4),
        _ => None,
    }
}

fn right_assoc(level: usize) -> bool {
    level == 0 || level == 4
}

impl<'a> Parser<'a> {
    fn new(text: &'a str, start: usize, end: usize) -> Parser<'a> {
        let mut lexer = FormulaLexer::new(text, start, end);
        let cur = lexer.next();
        Parser { text, lexer, cur }
    }

    fn advance(&mut self) -> Token {
        let next = self.lexer.next();
        std::mem::replace(&mut self.cur, next)
    }

    fn found(&self) -> String {
        let src = &self.text[self.cur.start..self.cur.end];
        match &self.cur.tok {
            T::End => "end of formula".to_string(),
            T::Atom(_) => format!("atom {}", quote_source(src)),
            T::Unknown => format!("unknown character {}", quote_source(src)),
            _ => quote_source(src),
        }
    }

    /// An error at the current token: `expected ..., found <token><note>`. Lexical errors in
    /// the current token take precedence.
    fn error_here(&self, expected: &str, note: &str) -> SyntaxError {
        let message = match self.cur.tok {
            T::Unclosed => "unclosed quoted atom: expected a closing `\"`".to_string(),
            T::EmptyAtom => {
                "empty atom `\"\"`: the empty label is silent and cannot be named".to_string()
            }
            _ => format!("{expected}, found {}{note}", self.found()),
        };
        SyntaxError::new(self.cur.start, message)
    }

    fn binary(&mut self, level: usize, nesting: usize) -> SResult<Node> {
        if level == LEVELS {
            return self.unary(nesting);
        }
        let mut lhs = self.binary(level + 1, nesting)?;
        while level_of(&self.cur.tok) == Some(level) {
            let op = self.advance();
            let rhs = if right_assoc(level) {
                if nesting + 1 > MAX_NESTING {
                    return Err(too_deep(op.start));
                }
                self.binary(level, nesting + 1)?
            } else {
                self.binary(level + 1, nesting)?
            };
            let height = 1 + lhs.height.max(rhs.height);
            if height > MAX_HEIGHT {
                return Err(too_tall(op.start));
            }
            let (a, b) = (Box::new(lhs.f), Box::new(rhs.f));
            let f = match op.tok {
                T::Implies => Ltl::Implies(a, b),
                T::Equiv => Ltl::Equiv(a, b),
                T::Or => Ltl::Or(a, b),
                T::Xor => Ltl::Xor(a, b),
                T::And => Ltl::And(a, b),
                T::Until => Ltl::Until(a, b),
                T::WeakUntil => Ltl::WeakUntil(a, b),
                T::Release => Ltl::Release(a, b),
                _ => Ltl::StrongRelease(a, b),
            };
            lhs = Node { f, height };
            if right_assoc(level) {
                break;
            }
        }
        Ok(lhs)
    }

    fn unary(&mut self, nesting: usize) -> SResult<Node> {
        let make: fn(Box<Ltl>) -> Ltl = match self.cur.tok {
            T::Not => Ltl::Not,
            T::Next => Ltl::Next,
            T::Finally => Ltl::Finally,
            T::Globally => Ltl::Globally,
            _ => return self.primary(nesting),
        };
        let op = self.advance();
        if nesting + 1 > MAX_NESTING {
            return Err(too_deep(op.start));
        }
        let operand = self.unary(nesting + 1)?;
        Ok(Node {
            f: make(Box::new(operand.f)),
            height: operand.height + 1,
        })
    }

    fn primary(&mut self, nesting: usize) -> SResult<Node> {
        let leaf = |f| Ok(Node { f, height: 1 });
        match &self.cur.tok {
            T::True => {
                self.advance();
                leaf(Ltl::True)
            }
            T::False => {
                self.advance();
                leaf(Ltl::False)
            }
            T::Atom(_) => match self.advance().tok {
                T::Atom(a) => leaf(Ltl::Atom(a)),
                _ => Err(SyntaxError::new(self.cur.start, "internal: atom expected")),
            },
            T::LParen => {
                let open = self.advance();
                if nesting + 1 > MAX_NESTING {
                    return Err(too_deep(open.start));
                }
                let inner = self.binary(0, nesting + 1)?;
                if self.cur.tok != T::RParen {
                    return Err(self.error_here(
                        &format!(
                            "expected a binary operator or `)` closing the `(` at {}",
                            line_col(self.text, open.start)
                        ),
                        "",
                    ));
                }
                self.advance();
                Ok(inner)
            }
            _ => Err(self.error_here("expected a formula", "")),
        }
    }
}

fn too_deep(offset: usize) -> SyntaxError {
    SyntaxError::new(
        offset,
        format!("formula nested too deeply (more than {MAX_NESTING} levels)"),
    )
}

fn too_tall(offset: usize) -> SyntaxError {
    SyntaxError::new(
        offset,
        format!("formula too large (its tree would be more than {MAX_HEIGHT} levels tall)"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> String {
        match parse_range(s, 0, s.len()) {
            Ok(f) => f.to_string(),
            Err(e) => format!("{}: {}", line_col(s, e.offset), e.message),
        }
    }

    #[test]
    fn follows_spot_precedence() {
        assert_eq!(p("a U b U c"), "(a U (b U c))");
        assert_eq!(p("a -> b -> c"), "(a -> (b -> c))");
        assert_eq!(p("a <-> b -> c"), "(a <-> (b -> c))");
        assert_eq!(p("a & b | c"), "((a & b) | c)");
        assert_eq!(p("a | b xor c & d"), "(a | (b xor (c & d)))");
        assert_eq!(p("a & b U c"), "(a & (b U c))");
        assert_eq!(p("!a U b"), "(!a U b)");
        assert_eq!(p("F a U b"), "(F a U b)");
        assert_eq!(p("a U b R c W d M e"), "(a U (b R (c W (d M e))))");
        assert_eq!(p("a & b & c"), "((a & b) & c)");
    }

    #[test]
    fn splits_words_like_spot() {
        assert_eq!(p("GFa"), "G F a");
        assert_eq!(p("Xfoo"), "X foo");
        assert_eq!(p("F1 | G0"), "(F1 | G0)");
        assert_eq!(p("aUb"), "aUb");
        assert_eq!(p("(a)Ub"), "(a U b)");
        assert_eq!(p("a Ub"), "(a U b)");
        assert_eq!(p("TRUE | False"), "(true | false)");
        assert_eq!(p("trueish"), "trueish");
        assert_eq!(p("a xor xorb"), "(a xor xorb)");
        assert_eq!(p("[]<>a"), "G F a");
        assert_eq!(p("1 V 0"), "(true R false)");
    }

    #[test]
    fn plain_atoms_match_the_lexer() {
        for w in ["a", "Ua", "F1", "trueish", "xorb", "c0_t1", "_", "f", "x"] {
            assert!(lexes_as_plain_atom(w), "{w}");
        }
        for w in [
            "U", "F", "Fa", "GFa", "true", "True", "FALSE", "xor", "V", "1", "", "a b",
        ] {
            assert!(!lexes_as_plain_atom(w), "{w}");
        }
        // Every short word over a few letters: the printer quotes exactly what needs quoting.
        let letters = [
            "", "a", "F", "G", "X", "U", "V", "x", "o", "r", "t", "e", "1", "_",
        ];
        let mut words = vec![
            "true".to_string(),
            "FaLsE".into(),
            "xor".into(),
            "trUe".into(),
        ];
        for a in letters {
            for b in letters {
                for c in letters {
                    words.push(format!("{a}{b}{c}"));
                }
            }
        }
        for w in words {
            assert_eq!(
                crate::logic::ltl::is_plain_atom(&w),
                lexes_as_plain_atom(&w),
                "{w:?}"
            );
        }
    }

    #[test]
    fn reports_errors() {
        assert_eq!(p(""), "1:1: expected a formula, found end of formula");
        assert_eq!(p("a &"), "1:4: expected a formula, found end of formula");
        assert!(
            p("(a").starts_with("1:3: expected a binary operator or `)` closing the `(` at 1:1")
        );
        assert!(p("a)").starts_with("1:2: expected a binary operator or end of formula, found `)`"));
        assert!(p("a b")
            .starts_with("1:3: expected a binary operator or end of formula, found atom `b`"));
        assert!(p("a % b").starts_with(
            "1:3: expected a binary operator or end of formula, found unknown character `%`"
        ));
        assert!(p("a & \"b").starts_with("1:5: unclosed quoted atom"));
        assert!(p("a & \"\"").starts_with("1:5: empty atom"));
        assert!(p(&"(".repeat(300)).contains("nested too deeply"));
        assert!(p(&"!".repeat(300)).contains("nested too deeply"));
        assert!(p(&vec!["a"; 3000].join(" & ")).contains("too large"));
    }
}
