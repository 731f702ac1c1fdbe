//! Reader for CTL formulas and property files, in the syntax of the RERS Parallel CTL track
//! (`grammar/ctl.ebnf`).
//!
//! The RERS BNF (RERS 2020 problem description) gives no precedences; every RERS formula is
//! fully parenthesised, so any choice reads them the same. We use the usual one: prefix
//! operators bind tightest, then `&`, `|`, `=>` (right-associative), `<=>` (right-associative,
//! like Spot's `<->`). CTL has no atomic propositions: labels appear only in modalities.

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
use crate::logic::{Ctl, Property};

/// Parses one formula (the whole text; it may span lines).
pub fn parse_formula(text: &str, file: &Path) -> Result<Ctl> {
    parse_range(text, 0, text.len()).map_err(|e| e.into_error(file, text))
}

/// Parses a property file: formulas, each optionally after a `#N:` header with an optional
/// `true`/`false` verdict (`grammar/properties.ebnf`).
pub fn parse_properties(text: &str, file: &Path) -> Result<Vec<Property<Ctl>>> {
    parse_property_file(text, file, parse_range)
}

/// Parses the formula in `text[start..end]`; error offsets are into the whole `text`.
pub(crate) fn parse_range(text: &str, start: usize, end: usize) -> SResult<Ctl> {
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

/// CTL tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
enum T {
    True,
    False,
    Not,
    And,
    Or,
    Implies,
    Equiv,
    LBracket,
    RBracket,
    Lt,
    Gt,
    LParen,
    RParen,
    /// `A`, `E`: path quantifiers of `A(f U g)` and friends.
    All,
    Exists,
    AG,
    EG,
    AF,
    EF,
    Until,
    WeakUntil,
    /// Any other identifier: a label (only allowed inside `[..]` and `<..>`).
    Word(String),
    /// A double-quoted label.
    Quoted(String),
    End,
    /// A quoted label without its closing quote.
    Unclosed,
    /// `""`: the empty name is the silent label, which no modality can name.
    EmptyLabel,
    Unknown,
}

type Token = lexer::Token<T>;

/// Symbols, longest spelling first. `[]` and `<>` are two tokens each (`[ ]` is AX too).
fn symbol(input: &str) -> IResult<&str, T> {
    alt((
        value(T::Equiv, alt((tag("<=>"), tag("<->")))),
        value(T::Implies, alt((tag("=>"), tag("->")))),
        value(T::Or, alt((tag("||"), tag("|")))),
        value(T::And, alt((tag("&&"), tag("&")))),
        value(T::Not, tag("!")),
        value(T::LParen, tag("(")),
        value(T::RParen, tag(")")),
        value(T::LBracket, tag("[")),
        value(T::RBracket, tag("]")),
        value(T::Lt, tag("<")),
        value(T::Gt, tag(">")),
    ))
    .parse(input)
}

fn word(w: &str) -> T {
    match w {
        "true" => T::True,
        "false" => T::False,
        "A" => T::All,
        "E" => T::Exists,
        "AG" => T::AG,
        "EG" => T::EG,
        "AF" => T::AF,
        "EF" => T::EF,
        "U" => T::Until,
        "W" => T::WeakUntil,
        _ => T::Word(w.to_string()),
    }
}

impl FormulaToken for T {
    const END: T = T::End;
    const UNCLOSED: T = T::Unclosed;
    const EMPTY: T = T::EmptyLabel;
    const UNKNOWN: T = T::Unknown;

    fn quoted(name: String) -> T {
        T::Quoted(name)
    }

    /// A CTL word is what it spells, whatever comes before it.
    fn word(w: &str, _after_operand: bool) -> (T, usize) {
        (word(w), w.len())
    }

    fn symbol(rest: &str) -> Option<(T, usize)> {
        let (after, t) = symbol(rest).ok()?;
        Some((t, rest.len() - after.len()))
    }

    fn ends_operand(&self) -> bool {
        false
    }
}

/// A formula with its tree height.
struct Node {
    f: Ctl,
    height: usize,
}

struct Parser<'a> {
    text: &'a str,
    lexer: FormulaLexer<'a, T>,
    cur: Token,
}

/// Binary operator levels, loosest first: `<=>` (right), `=>` (right), `|` (left), `&` (left).
const LEVELS: usize = 4;

fn level_of(t: &T) -> Option<usize> {
    match t {
        T::Equiv => Some(0),
        T::Implies => Some(1),
        T::Or => Some(2),
        T::And => Some(3),
        _ => None,
    }
}

fn right_assoc(level: usize) -> bool {
    level <= 1
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
            T::Word(w) if w == "AX" || w == "EX" => format!(
                "{} (write `{}` for {w})",
                quote_source(src),
                if w == "AX" { "[] f" } else { "<> f" }
            ),
            T::Word(w) if ["X", "F", "G", "R", "M"].contains(&w.as_str()) => format!(
                "{} (an LTL operator; CTL has AG, EG, AF, EF, [] and <>)",
                quote_source(src)
            ),
            T::Word(_) => format!(
                "{} (CTL here has no atomic propositions: labels go in `[a]` or `<a>`)",
                quote_source(src)
            ),
            T::Quoted(_) => format!("label {}", quote_source(src)),
            T::Unknown => format!("unknown character {}", quote_source(src)),
            _ => quote_source(src),
        }
    }

    /// An error at the current token: `expected ..., found <token><note>`. Lexical errors in
    /// the current token take precedence.
    fn error_here(&self, expected: &str, note: &str) -> SyntaxError {
        let message = match self.cur.tok {
            T::Unclosed => "unclosed quoted label: expected a closing `\"`".to_string(),
            T::EmptyLabel => {
                "empty label `\"\"`: the empty label is silent and cannot be named".to_string()
            }
            _ => format!("{expected}, found {}{note}", self.found()),
        };
        SyntaxError::new(self.cur.start, message)
    }

    fn expect(&mut self, tok: T, expected: &str) -> SResult<Token> {
        if self.cur.tok == tok {
            Ok(self.advance())
        } else {
            Err(self.error_here(expected, ""))
        }
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
                T::Equiv => Ctl::Equiv(a, b),
                T::Implies => Ctl::Implies(a, b),
                T::Or => Ctl::Or(a, b),
                _ => Ctl::And(a, b),
            };
            lhs = Node { f, height };
            if right_assoc(level) {
                break;
            }
        }
        Ok(lhs)
    }

    fn unary(&mut self, nesting: usize) -> SResult<Node> {
        let make: Box<dyn FnOnce(Box<Ctl>) -> Ctl> = match self.cur.tok {
            T::Not => {
                self.advance();
                Box::new(Ctl::Not)
            }
            T::AG => {
                self.advance();
                Box::new(Ctl::AG)
            }
            T::EG => {
                self.advance();
                Box::new(Ctl::EG)
            }
            T::AF => {
                self.advance();
                Box::new(Ctl::AF)
            }
            T::EF => {
                self.advance();
                Box::new(Ctl::EF)
            }
            T::LBracket => {
                let open = self.advance();
                let label = self.label(&open, T::RBracket, "]")?;
                Box::new(move |f| Ctl::Box(label, f))
            }
            T::Lt => {
                let open = self.advance();
                let label = self.label(&open, T::Gt, ">")?;
                Box::new(move |f| Ctl::Diamond(label, f))
            }
            _ => return self.primary(nesting),
        };
        if nesting + 1 > MAX_NESTING {
            return Err(too_deep(self.cur.start));
        }
        let operand = self.unary(nesting + 1)?;
        Ok(Node {
            f: make(Box::new(operand.f)),
            height: operand.height + 1,
        })
    }

    /// The optional label of a modality whose opening bracket `open` was just read, and the
    /// closing bracket. Any word is a label here, keywords included (`[true]` names `true`).
    fn label(&mut self, open: &Token, close: T, close_text: &str) -> SResult<Option<String>> {
        let label = match &self.cur.tok {
            T::Quoted(_)
            | T::Word(_)
            | T::True
            | T::False
            | T::All
            | T::Exists
            | T::AG
            | T::EG
            | T::AF
            | T::EF
            | T::Until
            | T::WeakUntil => {
                let t = self.advance();
                Some(match t.tok {
                    T::Quoted(q) => q,
                    _ => self.text[t.start..t.end].to_string(),
                })
            }
            _ => None,
        };
        let opened = &self.text[open.start..open.end];
        let expected = if label.is_some() {
            format!(
                "expected `{close_text}` closing the `{opened}` at {}",
                line_col(self.text, open.start)
            )
        } else {
            format!(
                "expected a label or `{close_text}` after the `{opened}` at {}",
                line_col(self.text, open.start)
            )
        };
        self.expect(close, &expected)?;
        Ok(label)
    }

    fn primary(&mut self, nesting: usize) -> SResult<Node> {
        let leaf = |f| Ok(Node { f, height: 1 });
        match &self.cur.tok {
            T::True => {
                self.advance();
                leaf(Ctl::True)
            }
            T::False => {
                self.advance();
                leaf(Ctl::False)
            }
            T::LParen => {
                let open = self.advance();
                if nesting + 1 > MAX_NESTING {
                    return Err(too_deep(open.start));
                }
                let inner = self.binary(0, nesting + 1)?;
                self.expect(
                    T::RParen,
                    &format!(
                        "expected a binary operator or `)` closing the `(` at {}",
                        line_col(self.text, open.start)
                    ),
                )?;
                Ok(inner)
            }
            T::All | T::Exists => {
                let quant = self.advance();
                let q = &self.text[quant.start..quant.end];
                let open = self.expect(
                    T::LParen,
                    &format!("expected `(` after the path quantifier `{q}`"),
                )?;
                if nesting + 1 > MAX_NESTING {
                    return Err(too_deep(open.start));
                }
                let lhs = self.binary(0, nesting + 1)?;
                let until = match self.cur.tok {
                    T::Until | T::WeakUntil => self.advance(),
                    _ => {
                        return Err(self.error_here(
                            &format!("expected a binary operator, `U` or `W` in `{q}(...)`"),
                            "",
                        ))
                    }
                };
                let rhs = self.binary(0, nesting + 1)?;
                self.expect(
                    T::RParen,
                    &format!(
                        "expected a binary operator or `)` closing the `{q}(` at {}",
                        line_col(self.text, quant.start)
                    ),
                )?;
                let height = 1 + lhs.height.max(rhs.height);
                if height > MAX_HEIGHT {
                    return Err(too_tall(quant.start));
                }
                let (a, b) = (Box::new(lhs.f), Box::new(rhs.f));
                let f = match (quant.tok, until.tok) {
                    (T::All, T::Until) => Ctl::AU(a, b),
                    (T::All, _) => Ctl::AW(a, b),
                    (_, T::Until) => Ctl::EU(a, b),
                    _ => Ctl::EW(a, b),
                };
                Ok(Node { f, height })
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
    fn parses_rers_syntax() {
        assert_eq!(
            p("(A(([a20] false) W ((<a25> true) | (<a21> true))))"),
            "A([a20] false W (<a25> true | <a21> true))"
        );
        assert_eq!(
            p("(AG((<a1> true) => ((A(([a6] false) W (<a3> true))))))"),
            "AG (<a1> true => A([a6] false W <a3> true))"
        );
        assert_eq!(p("[] <> true"), "[] <> true");
        assert_eq!(p("[ ] < > true"), "[] <> true");
        assert_eq!(p("E(true U [\"x y\"] false)"), "E(true U [\"x y\"] false)");
        assert_eq!(p("[true] false"), "[\"true\"] false");
    }

    #[test]
    fn precedence() {
        assert_eq!(p("a"), "1:1: expected a formula, found `a` (CTL here has no atomic propositions: labels go in `[a]` or `<a>`)");
        assert_eq!(p("true & false | true"), "((true & false) | true)");
        assert_eq!(p("true => false => true"), "(true => (false => true))");
        assert_eq!(p("true <=> false => true"), "(true <=> (false => true))");
        assert_eq!(p("true => false <=> true"), "((true => false) <=> true)");
        assert_eq!(p("[a] true & false"), "([a] true & false)");
        assert_eq!(p("AG true | false"), "(AG true | false)");
        assert_eq!(p("!<a> true & false"), "(!<a> true & false)");
    }

    #[test]
    fn reports_errors() {
        assert!(p("A(true)")
            .starts_with("1:7: expected a binary operator, `U` or `W` in `A(...)`, found `)`"));
        assert!(p("A(true U false U true)")
            .starts_with("1:16: expected a binary operator or `)` closing the `A(` at 1:1"));
        assert!(p("[a b] true").starts_with("1:4: expected `]` closing the `[` at 1:1"));
        assert!(p("AX true").contains("write `[] f` for AX"));
        assert!(p("A true").starts_with("1:3: expected `(` after the path quantifier `A`"));
        assert!(p("<\"\"> true").starts_with("1:2: empty label"));
        assert!(p(&"[]".repeat(300)).contains("nested too deeply"));
    }
}
