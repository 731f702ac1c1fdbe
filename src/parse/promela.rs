//! Reader for promela system files (stub: being written).

use std::path::Path;

use crate::error::{Error, Result};
use crate::model::System;

/// Parses a promela file's text; `file` names it in errors.
pub fn parse(_text: &str, file: &Path) -> Result<System> {
    Err(Error::invalid(
        file,
        "the promela reader is not written yet",
    ))
}
