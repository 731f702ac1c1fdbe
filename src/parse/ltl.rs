//! Reader for LTL formulas and property files (stub: being written).

use std::path::Path;

use crate::error::{Error, Result};
use crate::logic::{Ltl, Property};

/// Parses one formula.
pub fn parse_formula(_text: &str, file: &Path) -> Result<Ltl> {
    Err(Error::invalid(file, "the LTL reader is not written yet"))
}

/// Parses a property file: formulas, each optionally after a `#N:` header with an optional
/// `true`/`false` verdict.
pub fn parse_properties(_text: &str, file: &Path) -> Result<Vec<Property<Ltl>>> {
    Err(Error::invalid(file, "the LTL reader is not written yet"))
}
