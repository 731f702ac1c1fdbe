//! What a run on a mutant must do: finish, not panic, and either accept the input or reject it
//! with a position inside the file (the input-side promises of issue 21); a hit limit is fine.
//! In process here, for the quick test; [`super::campaign`] runs the binary instead.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

use ltsym::check::{CheckOptions, Engine};
use ltsym::error::Error;
use ltsym::logic::Properties;
use ltsym::parse::{self, Logic, PnmlLabels};
use ltsym::symbolic::ManagerOptions;
use ltsym::System;

use super::seeds::{Kind, Seed};

/// How a run ended.
#[derive(Debug)]
pub enum Outcome {
    Accepted,
    /// Rejected with a position.
    Rejected,
    /// A limit was hit.
    Limit,
    /// A broken promise: a panic, a rejection without a (valid) position, an internal error.
    Failure(String),
}

/// The number of lines of `bytes` as a position can name them: a file without a line break
/// has one line; a position may point just past the last line break.
fn lines(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b == b'\n').count() + 1
}

/// `e` must be a located error inside one of `files` (path, bytes).
pub fn located(e: &Error, files: &[(&Path, &[u8])]) -> Result<(), String> {
    let Error::Parse(pe) = e else {
        return Err(format!("rejection without a position: {e}"));
    };
    let loc = &pe.location;
    let Some((_, bytes)) = files.iter().find(|(p, _)| *p == loc.file.as_path()) else {
        return Err(format!("position in a file that was not read: {e}"));
    };
    if loc.line == 0 || loc.column == 0 || loc.line > lines(bytes) {
        return Err(format!(
            "position outside the file ({} lines): {e}",
            lines(bytes)
        ));
    }
    Ok(())
}

/// Runs `f`, a panic becoming a failure.
fn guarded(f: impl FnOnce() -> Outcome) -> Outcome {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(o) => o,
        Err(p) => {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            Outcome::Failure(format!("panic: {msg}"))
        }
    }
}

fn load_system(kind: Kind, text: &str, path: &Path) -> ltsym::Result<System> {
    match kind {
        Kind::Dot => parse::dot::parse(text, path),
        Kind::Pml => parse::promela::parse(text, path),
        _ => parse::pnml::parse(text, path, PnmlLabels::Auto),
    }
}

fn load_properties(text: &str, path: &Path) -> ltsym::Result<Properties> {
    Ok(match parse::detect_logic(text) {
        Logic::Ltl => Properties::Ltl(parse::ltl::parse_properties(text, path)?),
        Logic::Ctl => Properties::Ctl(parse::ctl::parse_properties(text, path)?),
    })
}

/// Reads a mutant (`bytes`, named `path`) of `seed` with its reader, and prints what the CLI
/// prints of it (`info`, `props`).
pub fn read(seed: &Seed, path: &Path, bytes: &[u8]) -> Outcome {
    guarded(|| {
        let run = || -> ltsym::Result<()> {
            let text = parse::decode(path, bytes.to_vec())?;
            match seed.kind {
                Kind::Dot | Kind::Pml | Kind::Pnml => {
                    let sys = load_system(seed.kind, &text, path)?;
                    let info = ltsym::report::SystemInfo::of(&sys);
                    let _ = (info.to_text(), info.to_json());
                }
                Kind::Ltl | Kind::Ctl => match load_properties(&text, path)? {
                    Properties::Ltl(ps) => {
                        for p in ps {
                            let _ = (
                                p.formula.to_string(),
                                ltsym::logic::ltl::to_spin(&p.formula),
                            );
                        }
                    }
                    Properties::Ctl(ps) => {
                        for p in ps {
                            let _ = p.formula.to_string();
                        }
                    }
                },
                Kind::Order => {
                    let sys = parse::load_system(&seed.system, &Default::default())?;
                    let f = ltsym::model::factor::factor(&sys);
                    parse::order::parse_order(&f.system, &f.parts, &text, path)?;
                }
            }
            Ok(())
        };
        match run() {
            Ok(()) => Outcome::Accepted,
            Err(e) => match located(&e, &[(path, bytes)]) {
                Ok(()) => Outcome::Rejected,
                Err(m) => Outcome::Failure(m),
            },
        }
    })
}

/// Tight limits for [`check`].
pub struct Tight {
    pub timeout: f64,
    pub max_nodes: u64,
    pub max_states: u64,
    pub engine: Engine,
    pub witness: bool,
}

/// Checks a mutant of a system or property seed against the seed's other file, under `tight`
/// limits, and renders the report as the CLI would.
pub fn check(seed: &Seed, path: &Path, bytes: &[u8], tight: &Tight) -> Outcome {
    guarded(|| {
        let run = || -> ltsym::Result<()> {
            let text = parse::decode(path, bytes.to_vec())?;
            let (sys, props) = if seed.kind.is_system() {
                let props = parse::load_properties(&seed.properties, None)?;
                (load_system(seed.kind, &text, path)?, props)
            } else {
                let sys = parse::load_system(&seed.system, &Default::default())?;
                (sys, load_properties(&text, path)?)
            };
            let opts = CheckOptions {
                engine: tight.engine,
                witness: tight.witness,
                timeout: Some(tight.timeout),
                max_nodes: Some(tight.max_nodes),
                max_states: Some(tight.max_states),
                manager: ManagerOptions::small(),
                ..CheckOptions::default()
            };
            let report = ltsym::check::check(&sys, "mutant", None, &props, &opts)?;
            let _ = (report.to_text(), report.to_json(), report.to_csv());
            Ok(())
        };
        match run() {
            Ok(()) => Outcome::Accepted,
            Err(Error::Limit(_)) => Outcome::Limit,
            Err(e) => {
                let original = if seed.kind.is_system() {
                    &seed.properties
                } else {
                    &seed.system
                };
                let other = std::fs::read(original).unwrap_or_default();
                match located(&e, &[(path, bytes), (original.as_path(), &other)]) {
                    Ok(()) => Outcome::Rejected,
                    Err(m) => Outcome::Failure(m),
                }
            }
        }
    })
}
