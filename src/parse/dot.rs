//! Reader for dot system files (stub: being written).

use std::path::Path;

use crate::error::{Error, Result};
use crate::model::System;

/// Parses a dot file's text; `file` names it in errors.
pub fn parse(_text: &str, file: &Path) -> Result<System> {
    Err(Error::invalid(file, "the dot reader is not written yet"))
}
