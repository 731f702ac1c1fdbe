//! The crate's error type.
//!
//! Every error a user can cause carries enough context to be fixed without reading our source:
//! parse errors name `file:line:column` and what was expected; model errors name the component
//! and the state. The CLI maps each kind to an exit code (see [`Error::exit_code`]).

use std::borrow::Cow;
use std::fmt;
use std::path::PathBuf;

use crate::memory::{format_size, MemoryLimit};

/// `s` with control characters shown as escapes (`\n`, `\u{1b}`), so that a message quoting an
/// input (a name, a character, a file name) cannot move the cursor, ring the bell, rewrite the
/// terminal's title or hide text. Bidirectional overrides count as control characters here: they
/// reorder what a terminal shows.
pub fn escape_controls(s: &str) -> Cow<'_, str> {
    let hidden = |c: char| {
        c.is_control()
            || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    };
    if !s.chars().any(hidden) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '\0' => out.push_str("\\0"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c if hidden(c) => out.extend(c.escape_unicode()),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// A position in an input file, 1-based line and column (columns count characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    pub file: PathBuf,
    pub line: usize,
    pub column: usize,
}

impl Location {
    /// The location of byte offset `offset` in `text`.
    pub fn of_offset(file: impl Into<PathBuf>, text: &str, offset: usize) -> Location {
        let offset = offset.min(text.len());
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before[line_start..].chars().count() + 1;
        Location {
            file: file.into(),
            line,
            column,
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = self.file.display().to_string();
        write!(
            f,
            "{}:{}:{}",
            escape_controls(&file),
            self.line,
            self.column
        )
    }
}

/// A syntax or validation error at a place in an input file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{location}: {}", escape_controls(.message))]
pub struct ParseError {
    pub location: Location,
    pub message: String,
}

impl ParseError {
    pub fn new(location: Location, message: impl Into<String>) -> ParseError {
        ParseError {
            location,
            message: message.into(),
        }
    }

    /// An error at byte offset `offset` of `text`, read from `file`.
    pub fn at(
        file: impl Into<PathBuf>,
        text: &str,
        offset: usize,
        message: impl Into<String>,
    ) -> ParseError {
        ParseError::new(Location::of_offset(file, text, offset), message)
    }
}

/// Which resource limit stopped a computation.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Limit {
    /// Wall-clock time limit, in seconds, as the user gave it: the whole run's.
    #[error("time limit of {seconds} s reached")]
    Time { seconds: f64 },
    /// A property's share of the time limit (`seconds`, the whole limit) ran out, and the
    /// limit was reached before its turn came again.
    #[error(
        "its share of the {seconds} s time limit ran out, and the limit was reached before it \
         could resume"
    )]
    Share { seconds: f64 },
    /// Maximum number of BDD nodes in the manager.
    #[error("node limit of {max} BDD nodes reached")]
    Nodes { max: u64 },
    /// The memory limit (`--max-memory`, or what the machine allows; see [`crate::memory`]).
    /// `None` until the budget that knows the limit names it ([`Error::with_memory_limit`]):
    /// a full BDD node store, which is sized from the limit, does not know it.
    #[error("{}", memory_reached(.limit))]
    Memory { limit: Option<MemoryLimit> },
    /// An encoding needs more stack for the recursion of BDD operations (one frame per variable
    /// level) than the thread that runs them has.
    #[error(
        "stack limit reached: {variables} BDD variables need about {} of stack, the thread has {}",
        format_size((.variables * crate::memory::STACK_PER_LEVEL) as u64),
        format_size(*.stack as u64)
    )]
    Stack { variables: usize, stack: usize },
    /// The explicit engine's state limit.
    #[error("state limit of {max} explicit states reached")]
    States { max: u64 },
    /// The run was stopped by a signal (SIGINT, SIGTERM) before the property was decided.
    #[error("interrupted by {signal}")]
    Interrupted { signal: String },
}

fn memory_reached(limit: &Option<MemoryLimit>) -> String {
    match limit {
        Some(l) => format!("memory limit of {l} reached"),
        None => "memory limit reached: the BDD node store is full".to_string(),
    }
}

/// Every message is one line with control characters escaped (see [`escape_controls`]):
/// messages quote file names and input.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Syntax error in an input file.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// The input parsed but does not describe a valid system or property (with the file it came from).
    #[error("{}: {}", shown(.file.display()), escape_controls(.message))]
    Invalid { file: PathBuf, message: String },
    /// Reading a file failed.
    #[error("{}: {}", shown(.file.display()), shown(.source))]
    Io {
        file: PathBuf,
        source: std::io::Error,
    },
    /// The command line asked for something impossible.
    #[error("{}", escape_controls(.0))]
    Usage(String),
    /// A resource limit was hit (its messages quote no input).
    #[error(transparent)]
    Limit(#[from] Limit),
    /// A bug in ltsym: an internal consistency check failed (e.g. a counterexample did not replay).
    #[error("internal error (please report): {}", escape_controls(.0))]
    Internal(String),
    /// A request to reorder the BDD variables ([`crate::symbolic::reorder`]): raised by a
    /// budget check inside a computation that can resume, and handled by the loop around it,
    /// which reorders and resumes. It never reaches the user; if it does, that is a bug.
    #[error(
        "internal error (please report): a request to reorder the BDD variables was not handled"
    )]
    Reorder,
}

/// A BDD operation's failure: oxidd's node store is full. `?` turns it into
/// [`Limit::Memory`], whose limit the budget that knows it names later
/// ([`Error::with_memory_limit`]).
impl From<oxidd::util::OutOfMemory> for Error {
    fn from(_: oxidd::util::OutOfMemory) -> Error {
        Error::Limit(Limit::Memory { limit: None })
    }
}

/// `x` as text, control characters escaped.
fn shown(x: impl fmt::Display) -> String {
    escape_controls(&x.to_string()).into_owned()
}

impl Error {
    /// The process exit code the CLI uses: 2 for usage and input errors, 3 for resource limits,
    /// 4 for internal errors.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Parse(_) | Error::Invalid { .. } | Error::Io { .. } | Error::Usage(_) => 2,
            Error::Limit(_) => 3,
            Error::Internal(_) | Error::Reorder => 4,
        }
    }

    /// A memory limit error that does not say which limit (a full node store) names `limit`.
    pub fn with_memory_limit(self, limit: Option<MemoryLimit>) -> Error {
        match self {
            Error::Limit(Limit::Memory { limit: None }) => Error::Limit(Limit::Memory { limit }),
            e => e,
        }
    }

    pub fn invalid(file: impl Into<PathBuf>, message: impl Into<String>) -> Error {
        Error::Invalid {
            file: file.into(),
            message: message.into(),
        }
    }
}

pub type Result<T> = std::result::Result<T, Error>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn location_counts_lines_and_columns() {
        let text = "ab\ncdé\nf";
        assert_eq!(Location::of_offset("x", text, 0).to_string(), "x:1:1");
        assert_eq!(Location::of_offset("x", text, 4).to_string(), "x:2:2");
        // 'é' is two bytes but one column
        assert_eq!(Location::of_offset("x", text, 7).to_string(), "x:2:4");
        assert_eq!(Location::of_offset("x", text, 8).to_string(), "x:3:1");
        assert_eq!(Location::of_offset("x", text, 9).to_string(), "x:3:2");
    }

    /// The messages, as users and scripts see them (one line, input escaped).
    #[test]
    fn messages() {
        use crate::memory::Source;
        let limit = |l: Limit| Error::from(l).to_string();
        assert_eq!(
            limit(Limit::Time { seconds: 2.5 }),
            "time limit of 2.5 s reached"
        );
        assert_eq!(
            limit(Limit::Share { seconds: 10.0 }),
            "its share of the 10 s time limit ran out, and the limit was reached before it could \
             resume"
        );
        assert_eq!(
            limit(Limit::Nodes { max: 100000 }),
            "node limit of 100000 BDD nodes reached"
        );
        let mem = MemoryLimit {
            bytes: 300 << 20,
            source: Source::Cgroup,
        };
        assert_eq!(
            limit(Limit::Memory { limit: Some(mem) }),
            "memory limit of 300 MiB (the control group's memory limit) reached"
        );
        assert_eq!(
            limit(Limit::Memory { limit: None }),
            "memory limit reached: the BDD node store is full"
        );
        assert_eq!(
            limit(Limit::Stack {
                variables: 40001,
                stack: 8 << 20
            }),
            "stack limit reached: 40001 BDD variables need about 39.1 MiB of stack, the thread has \
             8 MiB"
        );
        assert_eq!(
            limit(Limit::States { max: 7 }),
            "state limit of 7 explicit states reached"
        );
        assert_eq!(
            limit(Limit::Interrupted {
                signal: "SIGINT".into()
            }),
            "interrupted by SIGINT"
        );
        let at = Location {
            file: "a\nb.dot".into(),
            line: 3,
            column: 4,
        };
        let parse = Error::from(ParseError::new(at, "unexpected `\u{1b}[2J`"));
        assert_eq!(parse.to_string(), "a\\nb.dot:3:4: unexpected `\\u{1b}[2J`");
        assert_eq!(parse.exit_code(), 2);
        assert_eq!(
            Error::invalid("x\ty.pml", "no `init`\n").to_string(),
            "x\\ty.pml: no `init`\\n"
        );
        let io = std::io::Error::new(std::io::ErrorKind::NotFound, "gone");
        assert_eq!(
            Error::Io {
                file: "f\r".into(),
                source: io
            }
            .to_string(),
            "f\\r: gone"
        );
        assert_eq!(
            Error::Usage("bad\u{202e}".into()).to_string(),
            "bad\\u{202e}"
        );
        assert_eq!(
            Error::Internal("x".into()).to_string(),
            "internal error (please report): x"
        );
        assert_eq!(
            Error::from(oxidd::util::OutOfMemory).to_string(),
            "memory limit reached: the BDD node store is full"
        );
        assert_eq!(
            Error::Reorder.to_string(),
            "internal error (please report): a request to reorder the BDD variables was not \
             handled"
        );
    }
}
