//! Reader for PNML one-safe NUPN nets (stub: being written).

use std::path::Path;

use super::PnmlLabels;
use crate::error::{Error, Result};
use crate::model::System;

/// Parses a PNML file's text; `file` names it in errors.
pub fn parse(_text: &str, file: &Path, _labels: PnmlLabels) -> Result<System> {
    Err(Error::invalid(file, "the PNML reader is not written yet"))
}
