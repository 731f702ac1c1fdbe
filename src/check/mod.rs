//! Checking a property file on a system: the pipeline behind `ltsym check`.
//!
//! The system is encoded and its reachable states computed **once** for all properties of the
//! file; each property then costs one automaton product (LTL) or one set of fixpoints (CTL).
//!
//! Every violated LTL verdict is backed by a counterexample lasso, which is replayed before the
//! verdict is reported: on the system by the explicit successor relation, on the automaton of
//! the negated formula, and on the formula itself evaluated directly on the lasso. A failed
//! replay is an internal error, never a verdict. CTL evidence paths are replayed on the system.
//!
//! LTL semantics (RERS): only infinite traces count, so a deadlock never violates a property.
//! The start marker of each component is not a step by default ([`StartSteps::Skip`]); the
//! RERS 2016 text counts empty labels as trace letters, which [`StartSteps::Trace`] models by
//! [`System::with_start_steps`].
//!
//! One file per stage: the options (`options.rs`; the events it reports are
//! [`crate::report::Event`]), what every logic shares (`shared.rs`: the symbolic system and
//! context, fair shares of the time limit, combining two engines), the LTL file under the RERS
//! reading (`ltl.rs`) and under SPIN's (`spin.rs`), the CTL file (`ctl.rs`).

use crate::error::{Error, Limit, Result};
use crate::limits::Budget;
use crate::logic::Properties;
use crate::model::System;
use crate::report::{CheckReport, Outcome};
use crate::symbolic::context::Space;
use std::time::Instant;

mod compose;
mod ctl;
mod ltl;
mod options;
mod shared;
mod spin;

pub use crate::report::Event;
pub use options::{
    order_candidates, CheckOptions, Engine, LtlSemantics, StartSteps, AUTO_COMPOSE_WORK,
    AUTO_GIVE_UP_FACTOR, HUNT_GUIDED_STATES, HUNT_MAX_STATES, HUNT_WALK_STEPS, MAX_COMPOSED_STATES,
};

use compose::{check_ltl_auto, check_ltl_compositional};
use ctl::check_ctl_file;
use ltl::check_ltl_file;
use spin::check_spin_file;

/// Checks every property of `props` on `sys`. `system_name` and `problem` label the report.
pub fn check(
    sys: &System,
    system_name: &str,
    problem: Option<String>,
    props: &Properties,
    opts: &CheckOptions,
) -> Result<CheckReport> {
    check_with(sys, system_name, problem, props, opts, &mut |_| {})
}

/// [`check`], telling `on` about each result as soon as it is decided: what lets the CLI print
/// results as they come and keep them when interrupted.
pub fn check_with(
    sys: &System,
    system_name: &str,
    problem: Option<String>,
    props: &Properties,
    opts: &CheckOptions,
    on: &mut dyn FnMut(Event<'_>),
) -> Result<CheckReport> {
    let start = opts.started.unwrap_or_else(Instant::now);
    let mut budget = Budget::new(opts.timeout, opts.max_nodes)
        .started_at(start)
        .with_memory(opts.memory);
    if let Some(p) = &opts.progress {
        budget = budget.with_progress(p.clone());
    }
    if opts.cpu_time {
        budget = budget.cpu_time_from_start().ok_or_else(no_cpu_clock)?;
    }
    // `auto` chooses per property for LTL under the RERS reading; elsewhere it is the symbolic
    // engine, and the report says so
    let auto_rers = matches!(props, Properties::Ltl(_)) && opts.ltl_semantics == LtlSemantics::Rers;
    let sym_opts;
    let opts = if opts.engine == Engine::Auto && !auto_rers {
        sym_opts = CheckOptions {
            engine: Engine::Symbolic,
            ..opts.clone()
        };
        &sym_opts
    } else {
        opts
    };
    let mut report = CheckReport {
        system: system_name.to_string(),
        problem,
        logic: String::new(),
        ltl_semantics: None,
        engine: match opts.engine {
            Engine::Symbolic => "symbolic",
            Engine::Explicit => "explicit",
            Engine::Both => "symbolic+explicit",
            Engine::Compositional => "compositional",
            Engine::Auto => "auto",
        }
        .to_string(),
        states: None,
        space_states: None,
        reach_time_s: 0.0,
        total_time_s: 0.0,
        results: Vec::new(),
        warnings: Vec::new(),
    };
    match props {
        Properties::Ltl(ps) => {
            report.logic = "LTL".into();
            report.ltl_semantics = Some(opts.ltl_semantics.name().into());
            let sys = match opts.start_steps {
                StartSteps::Skip => sys.clone(),
                StartSteps::Trace => sys.with_start_steps(),
            };
            match opts.ltl_semantics {
                LtlSemantics::Rers if opts.engine == Engine::Compositional => {
                    check_ltl_compositional(&sys, ps, opts, &budget, &mut report, on)?
                }
                LtlSemantics::Rers if opts.engine == Engine::Auto => {
                    check_ltl_auto(&sys, ps, opts, &budget, &mut report, on)?
                }
                LtlSemantics::Rers => check_ltl_file(&sys, ps, opts, &budget, &mut report, on)?,
                LtlSemantics::Spin if opts.engine == Engine::Compositional => {
                    return Err(Error::Usage(
                        "the compositional engine checks LTL under the RERS reading only \
                         (--ltl-semantics rers)"
                            .into(),
                    ))
                }
                LtlSemantics::Spin => check_spin_file(&sys, ps, opts, &budget, &mut report, on)?,
            }
        }
        Properties::Ctl(_) if opts.engine == Engine::Compositional => {
            return Err(Error::Usage(
                "the compositional engine checks LTL properties only; CTL needs \
                 --engine symbolic, explicit or both"
                    .into(),
            ))
        }
        Properties::Ctl(ps) => {
            report.logic = "CTL".into();
            if opts.space != Space::default() {
                // the CTL checker always computes the reachable states
                log::warn!("--space applies to LTL properties only; ignored for CTL");
            }
            check_ctl_file(sys, ps, opts, &budget, &mut report, on)?;
        }
    }
    // a full node store does not know the limit it was sized from
    for r in &mut report.results {
        if let Outcome::Unknown(l @ Limit::Memory { limit: None }) = &mut r.outcome {
            *l = Limit::Memory { limit: opts.memory };
        }
    }
    report.total_time_s = start.elapsed().as_secs_f64();
    Ok(report)
}

/// The error of a CPU-time limit on a system that does not measure a process's CPU time.
pub fn no_cpu_clock() -> Error {
    Error::Usage("no CPU clock on this system: --cpu-time cannot count the time limit".into())
}
