//! The generator checks its claims before it writes them: on the unextended system (the
//! decomposed, refined components before alphabet extension: small), both engines answer
//! every property (`ltsym check --engine both`: a disagreement between them is an error),
//! and each answer must be the verdict the construction gives. A mismatch is a bug in the
//! generator (exit 4), never a problem written with a wrong verdict.
//!
//! The same call computes the CTL verdicts where the construction gives none (§4.2: CTL
//! with `<a>`/`[a]` is not interruptible in general; see [`super::ctl`]).

use crate::check::{check, CheckOptions, Engine};
use crate::error::{Error, Result};
use crate::logic::{Ctl, Ltl, Properties, Property};
use crate::model::System;
use crate::report::Outcome;
use crate::symbolic::ManagerOptions;

/// At most this many states for the explicit engine here (the unextended systems are small).
pub const MAX_STATES: u64 = 2_000_000;

fn options(sys: &System) -> CheckOptions {
    CheckOptions {
        engine: Engine::Both,
        manager: ManagerOptions::for_system(sys),
        max_states: Some(MAX_STATES),
        ..CheckOptions::default()
    }
}

fn numbered<F>(fs: Vec<F>) -> Vec<Property<F>> {
    fs.into_iter()
        .enumerate()
        .map(|(i, formula)| Property {
            number: i as u32 + 1,
            formula,
            expected: None,
            line: 0,
        })
        .collect()
}

fn answers(sys: &System, props: Properties) -> Result<Vec<bool>> {
    let report = check(sys, "synth", None, &props, &options(sys))?;
    report
        .results
        .iter()
        .map(|r| match &r.outcome {
            Outcome::Holds => Ok(true),
            Outcome::Violated => Ok(false),
            Outcome::Unknown(l) => Err(Error::Limit(l.clone())),
        })
        .collect()
}

/// The verdicts of `formulas` on `sys`, by both engines.
pub fn ltl_verdicts(sys: &System, formulas: &[Ltl]) -> Result<Vec<bool>> {
    answers(sys, Properties::Ltl(numbered(formulas.to_vec())))
}

/// The verdicts of `formulas` on `sys`, by both engines.
pub fn ctl_verdicts(sys: &System, formulas: &[Ctl]) -> Result<Vec<bool>> {
    answers(sys, Properties::Ctl(numbered(formulas.to_vec())))
}

/// Checks the claimed LTL verdicts on `sys`: a mismatch is an internal error naming the
/// property.
pub fn confirm_ltl(sys: &System, claims: &[(Ltl, bool)]) -> Result<()> {
    let fs: Vec<Ltl> = claims.iter().map(|(f, _)| f.clone()).collect();
    let got = ltl_verdicts(sys, &fs)?;
    for ((f, want), got) in claims.iter().zip(got) {
        if *want != got {
            return Err(Error::Internal(format!(
                "synth: the construction claims `{f}` is {want}, but both engines say {got} \
                 on the unextended system"
            )));
        }
    }
    Ok(())
}
