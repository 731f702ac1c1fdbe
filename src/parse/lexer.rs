//! What the parsers that read a whole file into tokens first share (`.dot`, Promela, EXP): the
//! token with its byte offsets, the splitting of a text into tokens around whitespace and
//! comments, and the cursor the parser reads the tokens with. Each language brings its own
//! tokens and comment forms; positions stay byte offsets until an error turns one into
//! `file:line:column` ([`ParseError::at`]).
//!
//! The formula parsers (`ltl.rs`, `ctl.rs`) lex on demand instead: what a word means there
//! depends on the token before it (Spot's `GFa` is `G F a`).

use std::path::Path;

use crate::error::{Error, ParseError};

/// A token and where it stands in the text (byte offsets, `end` exclusive).
#[derive(Clone, Debug)]
pub(super) struct Token<K> {
    pub(super) tok: K,
    pub(super) start: usize,
    pub(super) end: usize,
}

/// A comment form of a language.
pub(super) enum Comment {
    /// From the marker to the end of the line.
    Line(&'static str),
    /// From the opening to the closing marker; not closed, an error at its start.
    Block(&'static str, &'static str),
}

/// Splits `text` into tokens. Whitespace (and a byte-order mark some editors put at the
/// start) and `comments` separate tokens; at any other place `token` is given the rest of the
/// text and returns the token that starts it with its length in bytes, or the message of an
/// error there. The last token is `eof`, at the end of the text. The error is
/// `(byte offset, message)`.
pub(super) fn lex<K>(
    text: &str,
    comments: &[Comment],
    eof: K,
    mut token: impl FnMut(&str) -> Result<(K, usize), String>,
) -> Result<Vec<Token<K>>, (usize, String)> {
    let mut tokens = Vec::new();
    let mut at = 0;
    'text: while at < text.len() {
        let rest = &text[at..];
        let blank = rest
            .find(|c: char| !(c.is_whitespace() || c == '\u{feff}'))
            .unwrap_or(rest.len());
        if blank > 0 {
            at += blank;
            continue;
        }
        for comment in comments {
            match *comment {
                Comment::Line(open) if rest.starts_with(open) => {
                    at += rest.find('\n').unwrap_or(rest.len());
                    continue 'text;
                }
                Comment::Block(open, close) if rest.starts_with(open) => {
                    match rest[open.len()..].find(close) {
                        Some(end) => at += open.len() + end + close.len(),
                        None => {
                            return Err((
                                at,
                                format!("comment `{open}` is not closed by `{close}`"),
                            ))
                        }
                    }
                    continue 'text;
                }
                _ => {}
            }
        }
        let (tok, len) = token(rest).map_err(|m| (at, m))?;
        tokens.push(Token {
            tok,
            start: at,
            end: at + len,
        });
        at += len;
    }
    tokens.push(Token {
        tok: eof,
        start: text.len(),
        end: text.len(),
    });
    Ok(tokens)
}

/// A parser's place in its tokens, the text and the file they come from (for errors).
pub(super) struct Cursor<'a, K> {
    pub(super) text: &'a str,
    pub(super) file: &'a Path,
    tokens: Vec<Token<K>>,
    pos: usize,
}

impl<'a, K: Clone> Cursor<'a, K> {
    /// Over `tokens` as [`lex`] made them (the last one the end of the file).
    pub(super) fn new(text: &'a str, file: &'a Path, tokens: Vec<Token<K>>) -> Cursor<'a, K> {
        assert!(
            !tokens.is_empty(),
            "the tokens end with the end of the file"
        );
        Cursor {
            text,
            file,
            tokens,
            pos: 0,
        }
    }

    /// The current token.
    pub(super) fn peek(&self) -> &Token<K> {
        &self.tokens[self.pos]
    }

    /// The token `k` places ahead (the end of the file past it).
    pub(super) fn peek_at(&self, k: usize) -> &K {
        &self.tokens[(self.pos + k).min(self.tokens.len() - 1)].tok
    }

    /// The current token; moves past it unless it is the end of the file.
    pub(super) fn next(&mut self) -> Token<K> {
        let t = self.tokens[self.pos].clone();
        if self.pos + 1 < self.tokens.len() {
            self.pos += 1;
        }
        t
    }

    /// The text of token `t` as written.
    pub(super) fn source(&self, t: &Token<K>) -> &'a str {
        &self.text[t.start..t.end]
    }

    /// A syntax error at byte `offset` of the text.
    pub(super) fn err_at(&self, offset: usize, msg: impl Into<String>) -> Error {
        Error::Parse(ParseError::at(self.file, self.text, offset, msg))
    }

    /// `expected <what>, found <the current token>`, the token as `describe` names it.
    pub(super) fn expected(&self, what: &str, describe: impl Fn(&Token<K>) -> String) -> Error {
        let t = self.peek();
        self.err_at(t.start, format!("expected {what}, found {}", describe(t)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq)]
    enum T {
        Word(String),
        Eof,
    }

    /// The tokens with their offsets, or the error.
    type Lexed = Result<Vec<(T, usize, usize)>, (usize, String)>;

    fn words(text: &str) -> Lexed {
        let comments = [Comment::Line("//"), Comment::Block("(*", "*)")];
        let tokens = lex(text, &comments, T::Eof, |rest| {
            let n = rest
                .find(|c: char| !c.is_ascii_alphanumeric())
                .unwrap_or(rest.len());
            if n == 0 {
                Err(format!(
                    "unexpected `{}`",
                    rest.chars().next().unwrap_or(' ')
                ))
            } else {
                Ok((T::Word(rest[..n].to_string()), n))
            }
        })?;
        Ok(tokens
            .into_iter()
            .map(|t| (t.tok, t.start, t.end))
            .collect())
    }

    #[test]
    fn tokens_comments_and_errors() {
        let w = |s: &str| T::Word(s.to_string());
        assert_eq!(
            words("\u{feff}ab // x\n (* y\n *) c").unwrap(),
            [(w("ab"), 3, 5), (w("c"), 21, 22), (T::Eof, 22, 22)]
        );
        assert_eq!(words("").unwrap(), [(T::Eof, 0, 0)]);
        assert_eq!(words("a // end").unwrap(), [(w("a"), 0, 1), (T::Eof, 8, 8)]);
        assert_eq!(
            words("a (* open").unwrap_err(),
            (2, "comment `(*` is not closed by `*)`".to_string())
        );
        assert_eq!(words("a ?").unwrap_err(), (2, "unexpected `?`".to_string()));
    }

    #[test]
    fn the_cursor_stays_at_the_end() {
        let text = "a b";
        let tokens = lex(text, &[], None, |rest| Ok((rest.chars().next(), 1))).unwrap();
        let mut c = Cursor::new(text, Path::new("f"), tokens);
        assert_eq!(c.peek_at(1), &Some('b'));
        assert_eq!(c.peek_at(5), &None);
        assert_eq!(c.next().tok, Some('a'));
        assert_eq!(c.next().tok, Some('b'));
        assert_eq!(c.next().tok, None);
        assert_eq!(c.next().tok, None);
        assert_eq!(c.source(c.peek()), "");
        let e = c.expected("`x`", |_| "end of file".into());
        assert_eq!(e.to_string(), "f:1:4: expected `x`, found end of file");
    }
}
