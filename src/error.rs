//! The crate's error type.
//!
//! Every error a user can cause carries enough context to be fixed without reading our source:
//! parse errors name `file:line:column` and what was expected; model errors name the component
//! and the state. The CLI maps each kind to an exit code (see [`Error::exit_code`]).

use std::fmt;
use std::path::PathBuf;

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
        write!(f, "{}:{}:{}", self.file.display(), self.line, self.column)
    }
}

/// A syntax or validation error at a place in an input file.
#[derive(Clone, Debug, PartialEq, Eq)]
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

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.location, self.message)
    }
}

/// Which resource limit stopped a computation.
#[derive(Clone, Debug, PartialEq)]
pub enum Limit {
    /// Wall-clock time limit, in seconds, as the user gave it: the whole run's.
    Time { seconds: f64 },
    /// A property's share of the time limit (`seconds`, the whole limit) ran out, and the
    /// limit was reached before its turn came again.
    Share { seconds: f64 },
    /// Maximum number of BDD nodes in the manager.
    Nodes { max: u64 },
    /// The BDD manager's node store is full (or the OS refused memory).
    Memory,
    /// The explicit engine's state limit.
    States { max: u64 },
    /// The run was stopped by a signal (SIGINT, SIGTERM) before the property was decided.
    Interrupted { signal: String },
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::Time { seconds } => write!(f, "time limit of {seconds} s reached"),
            Limit::Share { seconds } => write!(
                f,
                "its share of the {seconds} s time limit ran out, and the limit was reached \
                 before it could resume"
            ),
            Limit::Nodes { max } => write!(f, "node limit of {max} BDD nodes reached"),
            Limit::Memory => write!(f, "out of memory: the BDD node store is full"),
            Limit::States { max } => write!(f, "state limit of {max} explicit states reached"),
            Limit::Interrupted { signal } => write!(f, "interrupted by {signal}"),
        }
    }
}

#[derive(Debug)]
pub enum Error {
    /// Syntax error in an input file.
    Parse(ParseError),
    /// The input parsed but does not describe a valid system or property (with the file it came from).
    Invalid { file: PathBuf, message: String },
    /// Reading a file failed.
    Io {
        file: PathBuf,
        source: std::io::Error,
    },
    /// The command line asked for something impossible.
    Usage(String),
    /// A resource limit was hit.
    Limit(Limit),
    /// A bug in ltsym: an internal consistency check failed (e.g. a counterexample did not replay).
    Internal(String),
    /// A request to reorder the BDD variables ([`crate::symbolic::reorder`]): raised by a
    /// budget check inside a computation that can resume, and handled by the loop around it,
    /// which reorders and resumes. It never reaches the user; if it does, that is a bug.
    Reorder,
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

    pub fn invalid(file: impl Into<PathBuf>, message: impl Into<String>) -> Error {
        Error::Invalid {
            file: file.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Parse(e) => write!(f, "{e}"),
            Error::Invalid { file, message } => write!(f, "{}: {message}", file.display()),
            Error::Io { file, source } => write!(f, "{}: {source}", file.display()),
            Error::Usage(m) => write!(f, "{m}"),
            Error::Limit(l) => write!(f, "{l}"),
            Error::Internal(m) => write!(f, "internal error (please report): {m}"),
            Error::Reorder => write!(
                f,
                "internal error (please report): a request to reorder the BDD variables was not handled"
            ),
        }
    }
}

impl std::error::Error for Error {}

impl From<ParseError> for Error {
    fn from(e: ParseError) -> Error {
        Error::Parse(e)
    }
}

impl From<Limit> for Error {
    fn from(l: Limit) -> Error {
        Error::Limit(l)
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
}
