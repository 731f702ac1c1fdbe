//! Readers for every input language: RERS `.dot`, RERS Promela, PNML, Aldebaran `.aut` and
//! CADP EXP networks of them, LTL and CTL property files, BDD variable order files
//! (`--order file:PATH`). The EBNF of each is in `grammar/`, kept in step with the code here.
//!
//! Every reader reports errors as `file:line:column: message` (see [`crate::error::ParseError`]).

pub mod aut;
pub mod ctl;
pub mod dot;
pub mod exp;
mod formula_common;
pub mod ltl;
mod nupn;
pub mod order;
pub mod pairing;
pub mod pnml;
mod pnml_net;
pub mod promela;

pub use pnml::PnmlLabels;

use std::path::Path;

use crate::error::{Error, ParseError, Result};
use crate::logic::Properties;
use crate::model::System;

/// The format of a system file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// RERS process graphs.
    Dot,
    /// The RERS Promela dialect.
    #[value(name = "pml", alias = "promela")]
    Promela,
    /// One-safe PNML with NUPN units.
    Pnml,
    /// A CADP EXP network of `.aut` files.
    Exp,
    /// One Aldebaran `.aut` file: a system of one component.
    Aut,
}

impl Format {
    /// The format a file name's extension names.
    pub fn from_path(path: &Path) -> Option<Format> {
        match path.extension()?.to_str()? {
            "dot" | "gv" => Some(Format::Dot),
            "pml" | "prom" | "promela" => Some(Format::Promela),
            "pnml" | "xml" => Some(Format::Pnml),
            "exp" => Some(Format::Exp),
            "aut" => Some(Format::Aut),
            _ => None,
        }
    }
}

/// Options for [`load_system`].
#[derive(Clone, Copy, Debug, Default)]
pub struct LoadOptions {
    /// Overrides the format the extension names.
    pub format: Option<Format>,
    pub pnml_labels: PnmlLabels,
}

/// The logic of a property file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Logic {
    Ltl,
    Ctl,
}

/// Reads an input file as UTF-8 text (every reader's entry point, so that every reader reports
/// a bad byte the same way: see [`decode`]).
pub fn read_file(path: &Path) -> Result<String> {
    let bytes = std::fs::read(path).map_err(|source| Error::Io {
        file: path.to_path_buf(),
        source,
    })?;
    decode(path, bytes)
}

/// The bytes of `file` as UTF-8 text; invalid UTF-8 is an error at the line and column of the
/// first bad byte (columns count the characters before it).
pub fn decode(file: &Path, bytes: Vec<u8>) -> Result<String> {
    String::from_utf8(bytes).map_err(|e| {
        let bad = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let before = std::str::from_utf8(&bytes[..bad]).unwrap_or_default();
        let message =
            if bad == 0 && (bytes.starts_with(&[0xff, 0xfe]) || bytes.starts_with(&[0xfe, 0xff])) {
                "the file is UTF-16 (it starts with a UTF-16 byte-order mark): convert it to UTF-8"
                    .to_string()
            } else if e.utf8_error().error_len().is_none() {
                "invalid UTF-8: the file ends inside a multi-byte character".to_string()
            } else {
                format!(
                    "invalid UTF-8 (byte 0x{:02x}): input files must be UTF-8 text",
                    bytes[bad]
                )
            };
        Error::Parse(ParseError::at(file, before, bad, message))
    })
}

/// Reads a system file in the format its extension names (or `options.format`).
pub fn load_system(path: &Path, options: &LoadOptions) -> Result<System> {
    let format = match options.format.or_else(|| Format::from_path(path)) {
        Some(f) => f,
        None => {
            return Err(Error::Usage(format!(
                "{}: cannot tell the format from the file name; use --input-format dot|pml|pnml|exp|aut",
                path.display()
            )))
        }
    };
    let text = read_file(path)?;
    match format {
        Format::Dot => dot::parse(&text, path),
        Format::Promela => promela::parse(&text, path),
        Format::Pnml => pnml::parse(&text, path, options.pnml_labels),
        Format::Exp => exp::parse(&text, path),
        Format::Aut => aut::parse(&text, path),
    }
}

/// Reads a property file, LTL or CTL. Without `logic`, the syntax decides: a file whose
/// formulas use CTL-only constructs (path quantifiers `A`/`E`, modalities `[a]`, `<a>`, `[]`,
/// `<>`) is CTL.
pub fn load_properties(path: &Path, logic: Option<Logic>) -> Result<Properties> {
    let text = if path == Path::new("-") {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut text).map_err(|source| {
            Error::Io {
                file: path.to_path_buf(),
                source,
            }
        })?;
        text
    } else {
        read_file(path)?
    };
    let logic = logic.unwrap_or_else(|| detect_logic(&text));
    match logic {
        Logic::Ltl => Ok(Properties::Ltl(ltl::parse_properties(&text, path)?)),
        Logic::Ctl => Ok(Properties::Ctl(ctl::parse_properties(&text, path)?)),
    }
}

/// Formulas given one by one (`ltsym check -f FORMULA ...`), numbered from 1 in the order
/// given; the logic is detected from all of them together unless `logic` says it. An error
/// names the formula as `-f N`.
pub fn inline_properties(formulas: &[String], logic: Option<Logic>) -> Result<Properties> {
    /// Each formula parsed by `parse`, as property `k + 1`.
    fn numbered<F>(
        formulas: &[String],
        parse: impl Fn(&str, &Path) -> Result<F>,
    ) -> Result<Vec<crate::logic::Property<F>>> {
        formulas
            .iter()
            .enumerate()
            .map(|(k, f)| {
                Ok(crate::logic::Property {
                    number: k as u32 + 1,
                    formula: parse(f, &std::path::PathBuf::from(format!("-f {}", k + 1)))?,
                    expected: None,
                    line: 1,
                })
            })
            .collect()
    }
    match logic.unwrap_or_else(|| detect_logic(&formulas.join("\n"))) {
        Logic::Ltl => Ok(Properties::Ltl(numbered(formulas, ltl::parse_formula)?)),
        Logic::Ctl => Ok(Properties::Ctl(numbered(formulas, ctl::parse_formula)?)),
    }
}

/// The properties numbered `numbers` (in file order), or all when `numbers` is empty; a number
/// the file does not have is a usage error that lists the ones it has.
pub fn select_properties(props: Properties, numbers: &[u32], file: &Path) -> Result<Properties> {
    if numbers.is_empty() {
        return Ok(props);
    }
    let have: Vec<u32> = match &props {
        Properties::Ltl(ps) => ps.iter().map(|p| p.number).collect(),
        Properties::Ctl(ps) => ps.iter().map(|p| p.number).collect(),
    };
    if let Some(n) = numbers.iter().find(|n| !have.contains(n)) {
        let list: Vec<String> = have.iter().map(u32::to_string).collect();
        return Err(Error::Usage(format!(
            "{} has no property #{n} (it has {})",
            file.display(),
            list.join(", ")
        )));
    }
    Ok(match props {
        Properties::Ltl(ps) => Properties::Ltl(
            ps.into_iter()
                .filter(|p| numbers.contains(&p.number))
                .collect(),
        ),
        Properties::Ctl(ps) => Properties::Ctl(
            ps.into_iter()
                .filter(|p| numbers.contains(&p.number))
                .collect(),
        ),
    })
}

/// Guesses the logic of a property file from its text: CTL files use the path quantifiers
/// `A(`, `E(`, `AG`, `EG`, `AF`, `EF` or the modalities `[a]`, `<a>`, `[]`, `<>`, none of which
/// the RERS LTL files use (`<->` and `<=>` are LTL equivalences and do not count). An atom
/// named like a quantifier misleads the guess: `--logic` overrides it.
pub fn detect_logic(text: &str) -> Logic {
    let body: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .collect::<Vec<_>>()
        .join("\n")
        .replace("<->", " ")
        .replace("<=>", " ");
    if body.contains('[') || body.contains('<') {
        return Logic::Ctl;
    }
    let chars: Vec<char> = body.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_alphanumeric() || chars[i] == '_' || chars[i] == '"' {
            let quoted = chars[i] == '"';
            let start = i;
            i += 1;
            while i < chars.len()
                && (if quoted {
                    chars[i - 1] == '\\' || chars[i] != '"'
                } else {
                    chars[i].is_ascii_alphanumeric() || chars[i] == '_'
                })
            {
                i += 1;
            }
            if quoted {
                i += 1;
                continue;
            }
            let word: String = chars[start..i].iter().collect();
            let next = chars[i..].iter().find(|c| !c.is_whitespace());
            match word.as_str() {
                "AG" | "EG" | "AF" | "EF" => return Logic::Ctl,
                "A" | "E" if next == Some(&'(') => return Logic::Ctl,
                _ => {}
            }
        } else {
            i += 1;
        }
    }
    Logic::Ltl
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_the_logic_of_rers_files() {
        assert_eq!(
            detect_logic("#1:\n(A(([a20] false) W ((<a25> true) | (<a21> true))))\n"),
            Logic::Ctl
        );
        assert_eq!(
            detect_logic("#2:\n(AG((<a1> true) => (<> true)))\n"),
            Logic::Ctl
        );
        assert_eq!(
            detect_logic(
                "#1: \t true\n( ((c1_t3__c0_t0 => (!c1_t7 U c2_t8)) W (c2_t4 | c2_t14)) )\n"
            ),
            Logic::Ltl
        );
        assert_eq!(
            detect_logic("#2: false\n( G(!c0_t2) )\n(a <-> b)\n"),
            Logic::Ltl
        );
        assert_eq!(detect_logic("(Abc U EF_x)\n"), Logic::Ltl);
    }
}
