//! Writers for every format ltsym converts a system into, one file each: RERS `.dot`
//! ([`dot`]), the RERS Promela dialect ([`promela`]) and a flat Promela for SPIN
//! ([`promela_flat`]), one-safe NUPN PNML ([`pnml`]), an mCRL2
//! specification ([`mcrl2`]), and a CADP EXP network of Aldebaran `.aut` files ([`exp`],
//! [`aut`]); and the property translations for the peers ([`props`]).
//!
//! Every writer is exact: what it writes describes the same system (the readers of
//! [`crate::parse`] read `.dot`, `.pml`, `.pnml` and `.exp` back to it, up to state names), and
//! what a format cannot express is an error naming it, never a silent approximation. The flat
//! Promela is the one ltsym does not read back: it is written for SPIN.

pub mod aut;
pub mod dot;
pub mod exp;
pub mod mcrl2;
pub mod pnml;
pub mod promela;
pub mod promela_flat;
pub mod props;

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::model::System;

/// A format ltsym writes systems in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// RERS process graphs.
    Dot,
    /// The RERS Promela dialect (SPIN, LTSmin's SpinS).
    #[value(name = "pml", alias = "promela")]
    Promela,
    /// A flat Promela encoding for SPIN: one process, one atomic step per label (the same
    /// `lastAction` atoms; SPIN's state space is the system's; ltsym does not read it back).
    #[value(name = "pml-flat")]
    PromelaFlat,
    /// One-safe PNML with NUPN units.
    Pnml,
    /// An mCRL2 process specification.
    Mcrl2,
    /// A CADP EXP network and one Aldebaran `.aut` file per component.
    #[value(alias = "aut")]
    Exp,
}

impl OutputFormat {
    /// The format a file name's extension names.
    pub fn from_path(path: &Path) -> Option<OutputFormat> {
        let ext = path.extension()?.to_str()?;
        <OutputFormat as clap::ValueEnum>::from_str(ext, false).ok()
    }

    /// The usual extension.
    pub fn extension(self) -> &'static str {
        match self {
            OutputFormat::Dot => "dot",
            OutputFormat::Promela | OutputFormat::PromelaFlat => "pml",
            OutputFormat::Pnml => "pnml",
            OutputFormat::Mcrl2 => "mcrl2",
            OutputFormat::Exp => "exp",
        }
    }
}

/// The files that write `sys` to `out` in `format`: `(path, text)` pairs, `out` first. Only
/// `.exp` has more than one: its `.aut` files go beside it, named after `out`'s stem.
pub fn render(sys: &System, format: OutputFormat, out: &Path) -> Result<Vec<(PathBuf, String)>> {
    let stem = out
        .file_stem()
        .and_then(|s| s.to_str())
        .filter(|s| !s.is_empty())
        .unwrap_or("system")
        .to_string();
    let usage = |e: String| Error::Usage(format!("cannot write {}: {e}", out.display()));
    let one = |text: std::result::Result<String, String>| -> Result<Vec<(PathBuf, String)>> {
        Ok(vec![(out.to_path_buf(), text.map_err(usage)?)])
    };
    match format {
        OutputFormat::Dot => one(dot::write(sys)),
        OutputFormat::Promela => one(promela::write(sys)),
        OutputFormat::PromelaFlat => one(promela_flat::write(sys)),
        OutputFormat::Pnml => one(pnml::write(sys, &stem)),
        OutputFormat::Mcrl2 => one(Ok(mcrl2::write(sys))),
        OutputFormat::Exp => {
            let dir = out.parent().unwrap_or(Path::new(""));
            let files = exp::write(sys, &stem).map_err(usage)?;
            Ok(files
                .into_iter()
                .enumerate()
                .map(|(i, (name, text))| {
                    // the .exp file is `out` itself, whatever its extension
                    let path = if i == 0 {
                        out.to_path_buf()
                    } else {
                        dir.join(name)
                    };
                    (path, text)
                })
                .collect())
        }
    }
}

/// Writes `sys` to `out` in `format` (see [`render`]); returns the paths written.
pub fn write_system(sys: &System, format: OutputFormat, out: &Path) -> Result<Vec<PathBuf>> {
    let files = render(sys, format, out)?;
    let mut written = Vec::with_capacity(files.len());
    for (path, text) in files {
        std::fs::write(&path, text).map_err(|source| Error::Io {
            file: path.clone(),
            source,
        })?;
        written.push(path);
    }
    Ok(written)
}
