//! Reader for Aldebaran `.aut` files (CADP's textual LTS format; grammar: `grammar/aut.ebnf`).
//!
//! ```text
//! des (0, 3, 2)
//! (0, "a", 1)
//! (1, i, 0)
//! (1, "b !1", 1)
//! ```
//!
//! The header gives the initial state, the number of transitions and the number of states;
//! states are `0 .. n-1`. Each further line is one transition `(from, label, to)`. A label is a
//! string in double quotes, or the text up to the comma when unquoted. Since a quoted label may
//! itself contain `"` and `,` (CADP allows it), a line is read from both ends: the source state
//! up to the first comma, the target state after the last comma, and the label between them.
//! `i` (quoted or not) is CADP's internal action: a silent transition. Anything else, `tau`
//! included, is a visible label of that name.
//!
//! The header is checked against the body: a transition count that differs from the lines
//! found, or a state number outside `0 .. n-1`, is an error at its line.

use std::collections::HashMap;
use std::path::Path;
use std::rc::Rc;

use crate::error::{Error, Location, ParseError, Result};
use crate::model::{System, SystemBuilder};

/// The internal action.
const INTERNAL: &str = "i";

/// An LTS as an `.aut` file gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AutLts {
    pub initial: u32,
    pub num_states: u32,
    /// `(from, label, to)`; `None` is the internal action `i`. Each label's name is stored
    /// once, shared by its transitions (a large LTS has millions of transitions over a few
    /// hundred labels).
    pub transitions: Vec<(u32, Option<Rc<str>>, u32)>,
}

fn err(file: &Path, line: usize, column: usize, msg: impl Into<String>) -> Error {
    Error::Parse(ParseError::new(
        Location {
            file: file.to_path_buf(),
            line,
            column,
        },
        msg,
    ))
}

/// The column (1-based, in characters) of byte offset `i` of `line`.
fn column(line: &str, i: usize) -> usize {
    line[..i.min(line.len())].chars().count() + 1
}

/// A natural number filling `s` (after trimming); `at` is the byte offset of `s` in its line.
fn number(s: &str, at: usize, what: &str) -> std::result::Result<u32, (usize, String)> {
    let lead = s.len() - s.trim_start().len();
    let t = s.trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err((
            at + lead,
            format!(
                "expected {what} (a natural number), found `{}`",
                if t.is_empty() { "nothing" } else { t }
            ),
        ));
    }
    t.parse::<u32>().map_err(|_| {
        (
            at + lead,
            format!("{what} `{t}` is too large (at most {})", u32::MAX),
        )
    })
}

/// Reads and parses an `.aut` file (a component of an EXP network).
pub fn read_lts(path: &Path) -> Result<AutLts> {
    let text = std::fs::read_to_string(path).map_err(|source| Error::Io {
        file: path.to_path_buf(),
        source,
    })?;
    parse_lts(&text, path)
}

/// Parses an `.aut` file's text; `file` names it in errors.
pub fn parse_lts(text: &str, file: &Path) -> Result<AutLts> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.strip_suffix('\r').unwrap_or(l)))
        .filter(|(_, l)| !l.trim().is_empty());
    let Some((hline, header)) = lines.next() else {
        return Err(err(
            file,
            1,
            1,
            "empty file: expected `des (initial, transitions, states)`",
        ));
    };
    let at = |i: usize| column(header, i);
    let h = header.trim_start();
    let h_off = header.len() - h.len();
    let Some(rest) = h.strip_prefix("des") else {
        return Err(err(
            file,
            hline,
            at(h_off),
            "expected the header `des (initial, transitions, states)`",
        ));
    };
    let open = header.len() - rest.len() + (rest.len() - rest.trim_start().len());
    if !header[open..].starts_with('(') {
        return Err(err(file, hline, at(open), "expected `(` after `des`"));
    }
    let Some(close) = header.rfind(')') else {
        return Err(err(
            file,
            hline,
            at(header.len()),
            "expected `)` to close the header",
        ));
    };
    if !header[close + 1..].trim().is_empty() {
        return Err(err(
            file,
            hline,
            at(close + 1),
            "unexpected text after the header",
        ));
    }
    let inner = &header[open + 1..close];
    let parts: Vec<&str> = inner.split(',').collect();
    if parts.len() != 3 {
        return Err(err(
            file,
            hline,
            at(open),
            format!(
                "the header has {} fields; expected three: initial state, number of transitions, number of states",
                parts.len()
            ),
        ));
    }
    let mut off = open + 1;
    let mut fields = [0u32; 3];
    for (k, (part, what)) in parts
        .iter()
        .zip([
            "the initial state",
            "the number of transitions",
            "the number of states",
        ])
        .enumerate()
    {
        fields[k] = number(part, off, what).map_err(|(i, m)| err(file, hline, at(i), m))?;
        off += part.len() + 1;
    }
    let [initial, declared, num_states] = fields;
    if initial >= num_states {
        return Err(err(
            file,
            hline,
            at(open + 1),
            format!("the initial state {initial} is not below the number of states {num_states}"),
        ));
    }

    let mut transitions = Vec::with_capacity(declared as usize);
    let mut names: HashMap<&str, Rc<str>> = HashMap::new();
    let mut last_line = hline;
    for (ln, line) in lines {
        last_line = ln;
        let c = |i: usize| column(line, i);
        if transitions.len() == declared as usize {
            return Err(err(
                file,
                ln,
                1,
                format!("more transitions than the {declared} the header (line {hline}) announces"),
            ));
        }
        let t = line.trim_end();
        let start = line.len() - line.trim_start().len();
        if !t[start..].starts_with('(') {
            return Err(err(
                file,
                ln,
                c(start),
                "expected a transition `(from, label, to)`",
            ));
        }
        if !t.ends_with(')') {
            return Err(err(
                file,
                ln,
                c(t.len()),
                "expected `)` at the end of the transition",
            ));
        }
        let body = &t[start + 1..t.len() - 1];
        let body_off = start + 1;
        let (Some(first), Some(last)) = (body.find(','), body.rfind(',')) else {
            return Err(err(
                file,
                ln,
                c(body_off),
                "expected `(from, label, to)`: no comma",
            ));
        };
        if first == last {
            return Err(err(
                file,
                ln,
                c(body_off + first),
                "expected `(from, label, to)`: only one comma",
            ));
        }
        let state = |s: &str, o: usize, what: &str| -> Result<u32> {
            let n = number(s, o, what).map_err(|(i, m)| err(file, ln, c(i), m))?;
            if n >= num_states {
                let lead = s.len() - s.trim_start().len();
                return Err(err(
                    file,
                    ln,
                    c(o + lead),
                    format!(
                        "state {n} is not below the number of states {num_states} the header \
                         (line {hline}) gives"
                    ),
                ));
            }
            Ok(n)
        };
        let from = state(&body[..first], body_off, "the source state")?;
        let to = state(&body[last + 1..], body_off + last + 1, "the target state")?;
        let raw = body[first + 1..last].trim();
        let label = if raw.len() >= 2 && raw.starts_with('"') && raw.ends_with('"') {
            &raw[1..raw.len() - 1]
        } else if raw.starts_with('"') {
            let lead = body[first + 1..last].len() - body[first + 1..last].trim_start().len();
            return Err(err(
                file,
                ln,
                c(body_off + first + 1 + lead),
                "the label's string is not closed by `\"`",
            ));
        } else {
            raw
        };
        let label = (label != INTERNAL)
            .then(|| Rc::clone(names.entry(label).or_insert_with(|| Rc::from(label))));
        transitions.push((from, label, to));
    }
    if transitions.len() != declared as usize {
        return Err(err(
            file,
            hline,
            at(h_off),
            format!(
                "the header announces {declared} transitions but the file has {} (up to line {last_line})",
                transitions.len()
            ),
        ));
    }
    Ok(AutLts {
        initial,
        num_states,
        transitions,
    })
}

/// Reads one `.aut` file as a system of one component, named `name`, with states `0 .. n-1`.
pub fn parse(text: &str, file: &Path) -> Result<System> {
    let lts = parse_lts(text, file)?;
    let name = file
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("aut")
        .to_string();
    let mut b = SystemBuilder::new();
    let c = b.add_component(&name);
    add_states(&mut b, c, &lts);
    for (from, label, to) in &lts.transitions {
        b.add_transition(c, *from, label.as_deref().unwrap_or(""), *to);
    }
    b.build().map_err(|m| Error::invalid(file, m))
}

/// Adds the states `0 .. n-1` of `lts` to component `c` and sets its start state.
pub(crate) fn add_states(b: &mut SystemBuilder, c: usize, lts: &AutLts) {
    for s in 0..lts.num_states {
        b.add_state(c, &s.to_string())
            .expect("numbers are distinct state names");
    }
    b.set_start(c, lts.initial);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lts(text: &str) -> Result<AutLts> {
        parse_lts(text, Path::new("t.aut"))
    }

    fn error(text: &str) -> String {
        lts(text).unwrap_err().to_string()
    }

    #[test]
    fn reads_labels_quoted_unquoted_and_internal() {
        let a =
            lts("des (0, 4, 3)\n(0, \"a\", 1)\n(1, i, 2)\n(2,\"x, \"y\"\", 0)\n  (2, b c , 2)\n")
                .unwrap();
        assert_eq!(a.initial, 0);
        assert_eq!(a.num_states, 3);
        assert_eq!(
            a.transitions,
            vec![
                (0, Some(Rc::from("a")), 1),
                (1, None, 2),
                (2, Some(Rc::from("x, \"y\"")), 0),
                (2, Some(Rc::from("b c")), 2),
            ]
        );
    }

    #[test]
    fn header_mismatches_name_their_lines() {
        assert_eq!(
            error("des (0, 2, 2)\n(0, \"a\", 1)\n"),
            "t.aut:1:1: the header announces 2 transitions but the file has 1 (up to line 2)"
        );
        assert_eq!(
            error("des (0, 1, 2)\n(0, \"a\", 1)\n\n(1, \"b\", 0)\n"),
            "t.aut:4:1: more transitions than the 1 the header (line 1) announces"
        );
        assert_eq!(
            error("des (0, 1, 2)\n(0, \"a\", 2)\n"),
            "t.aut:2:10: state 2 is not below the number of states 2 the header (line 1) gives"
        );
        assert!(error("des (3, 0, 2)\n").contains("initial state 3 is not below"));
        assert!(
            error("des (0, x, 2)\n").starts_with("t.aut:1:9: expected the number of transitions")
        );
        assert!(error("(0, \"a\", 1)\n").starts_with("t.aut:1:1: expected the header"));
        assert!(error("des (0, 1, 2)\n(0 \"a\" 1)\n").contains("no comma"));
        assert!(error("des (0, 1, 2)\n(0 \"a\", 1)\n").contains("only one comma"));
        assert!(error("des (0, 1, 2)\n(0, \"a, 1, 1)\n").contains("not closed"));
        assert!(error("").contains("empty file"));
    }

    #[test]
    fn one_file_is_a_one_component_system() {
        let sys = parse(
            "des (1, 2, 2)\n(1, \"a\", 0)\n(0, i, 1)\n",
            Path::new("d/x.aut"),
        )
        .unwrap();
        assert_eq!(sys.components().len(), 1);
        assert_eq!(sys.component(0).name, "x");
        assert_eq!(sys.component(0).start, 1);
        assert_eq!(sys.labels().iter().filter(|l| l.is_silent()).count(), 1);
    }
}
