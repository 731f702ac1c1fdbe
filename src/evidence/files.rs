//! Evidence as files: the format an extension names, and the writing of one file per property.

use std::path::Path;

use super::record::Evidence;
use super::{aut, dot, text};
use crate::error::{Error, Result};

/// Writes the evidence to `path` in the format its extension names: `.dot` (Graphviz),
/// `.aut` (Aldebaran), `.json`; `.txt` the text rendering.
pub fn write_file(ev: &Evidence, path: &Path) -> Result<()> {
    let text = match file_format(path)? {
        FileFormat::Dot => dot::render(ev),
        FileFormat::Aut => aut::render(ev),
        FileFormat::Json => ev.to_json() + "\n",
        FileFormat::Text => text::render(ev, ""),
    };
    std::fs::write(path, text).map_err(|source| Error::Io {
        file: path.to_path_buf(),
        source,
    })
}

/// The formats of evidence files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileFormat {
    Dot,
    Aut,
    Json,
    Text,
}

/// The format the extension of `path` names: `.dot`/`.gv`, `.aut`, `.json`, `.txt`; anything
/// else is a usage error (checked before a run, so that no run's evidence is lost to a typo).
pub fn file_format(path: &Path) -> Result<FileFormat> {
    match path.extension().and_then(|e| e.to_str()) {
        Some("dot") | Some("gv") => Ok(FileFormat::Dot),
        Some("aut") => Ok(FileFormat::Aut),
        Some("json") => Ok(FileFormat::Json),
        Some("txt") => Ok(FileFormat::Text),
        _ => Err(Error::Usage(format!(
            "{}: the evidence file's extension names its format: .dot (Graphviz), .aut \
             (Aldebaran), .json or .txt",
            path.display()
        ))),
    }
}

/// Writes the evidence of several properties (`(property number, evidence)`) to files named
/// after `path`: `path` itself when `one_property` (the check had one property), else `path`
/// with `-N` before the extension for property `N` (`x.dot` → `x-3.dot`). Returns the files
/// written.
pub fn write_files(
    evidence: &[(u32, &Evidence)],
    path: &Path,
    one_property: bool,
) -> Result<Vec<std::path::PathBuf>> {
    let mut written = Vec::new();
    for &(number, ev) in evidence {
        let file = if one_property {
            path.to_path_buf()
        } else {
            let stem = path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or("evidence");
            let name = match path.extension().and_then(|e| e.to_str()) {
                Some(ext) => format!("{stem}-{number}.{ext}"),
                None => format!("{stem}-{number}"),
            };
            path.with_file_name(name)
        };
        write_file(ev, &file)?;
        written.push(file);
    }
    Ok(written)
}
