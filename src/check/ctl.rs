//! A CTL property file: backward fixpoints, evidence paths replayed on the system.

use super::options::{CheckOptions, Engine};
use super::shared::{
    combine, explicit_graph, fair_shares, names, or_unknown, result, symbolic_system,
};

use std::time::Instant;

use crate::error::{Error, Result};
use crate::explicit::graph::replay_trace;
use crate::explicit::ltl::{replay_lasso, Lasso};
use crate::limits::Budget;
use crate::logic::{Ctl, Property};
use crate::model::{LabelId, System};
use crate::report::{CheckReport, Evidence, Outcome, PropertyResult};
use crate::symbolic::ctl::{CtlChecker, EvidenceKind};
use crate::symbolic::reach::race_reach;

/// Replays a CTL evidence path on the system: it must be executable, a cycle must return to
/// where it starts, and a path said to end in a deadlock must be able to end in one.
pub(super) fn validate_ctl_path(
    sys: &System,
    f: &Ctl,
    path: &[LabelId],
    cycle: Option<&[LabelId]>,
    deadlock: bool,
) -> Result<()> {
    let ends = replay_trace(sys, path);
    let fail = |what: &str| {
        Err(Error::Internal(format!(
            "evidence path for `{f}` {what}: [{}]",
            names(sys, path).join(" ")
        )))
    };
    if ends.is_empty() {
        return fail("is not executable");
    }
    if let Some(c) = cycle {
        let lasso = Lasso {
            prefix: path.to_vec(),
            cycle: c.to_vec(),
            path: Vec::new(),
        };
        if !replay_lasso(sys, &lasso) {
            return fail("has a cycle that does not close");
        }
    }
    if deadlock {
        let mut succ = Vec::new();
        let some_dead = ends.iter().any(|s| {
            crate::explicit::graph::successors(sys, s, &mut succ);
            succ.is_empty()
        });
        if !some_dead {
            return fail("does not end in a deadlock");
        }
    }
    Ok(())
}

pub(super) fn check_ctl_file(
    sys: &System,
    ps: &[Property<Ctl>],
    opts: &CheckOptions,
    budget: &Budget,
    report: &mut CheckReport,
) -> Result<()> {
    let t0 = Instant::now();
    let fsys = symbolic_system(sys, opts);
    let symbolic = if opts.engine != Engine::Explicit {
        let orders = opts.order.candidates_for(&fsys)?;
        match race_reach(&fsys, opts.strategy, &orders, opts.manager, budget) {
            Ok((enc, reach, stats)) => {
                report.states = Some(stats.states.clone());
                Some(Ok((enc, reach)))
            }
            Err(Error::Limit(l)) => Some(Err(l)),
            Err(e) => return Err(e),
        }
    } else {
        None
    };
    let graph = explicit_graph(sys, opts, budget, report)?;
    report.reach_time_s = t0.elapsed().as_secs_f64();
    let mut checker = match &symbolic {
        Some(Ok((enc, reach))) => Some(CtlChecker::new(enc, reach, &fsys.system)?),
        _ => None,
    };

    let check_one = |i: usize, budget: &Budget| -> Result<PropertyResult> {
        let p = &ps[i];
        let t = Instant::now();
        let mut evidence = None;
        let sym = match (&symbolic, checker.as_mut()) {
            (None, _) => None,
            (Some(Err(l)), _) => Some(Outcome::Unknown(l.clone())),
            (Some(Ok(_)), None) => None,
            (Some(Ok(_)), Some(ch)) => Some(or_unknown(ch.holds(&p.formula, budget), |holds| {
                if opts.witness {
                    let ev = ch.evidence(&p.formula, budget)?;
                    validate_ctl_path(
                        sys,
                        &p.formula,
                        &ev.path,
                        ev.cycle.as_deref(),
                        ev.ends_in_deadlock,
                    )?;
                    evidence = Some(Evidence {
                        kind: match ev.kind {
                            EvidenceKind::Witness => "witness",
                            EvidenceKind::Counterexample => "counterexample",
                        }
                        .into(),
                        path: names(sys, &ev.path),
                        cycle: ev.cycle.as_deref().map(|c| names(sys, c)),
                        ends_in_deadlock: ev.ends_in_deadlock,
                        explanation: ev.explanation,
                    });
                }
                Ok(if holds {
                    Outcome::Holds
                } else {
                    Outcome::Violated
                })
            })?),
        };
        let exp = match &graph {
            None => None,
            Some(Err(l)) => Some(Outcome::Unknown(l.clone())),
            Some(Ok(g)) => Some(if crate::explicit::ctl::check_ctl(g, sys, &p.formula) {
                Outcome::Holds
            } else {
                Outcome::Violated
            }),
        };
        let outcome = combine(&p.formula.to_string(), sym, exp)?;
        let mut r = result(p, outcome, t.elapsed().as_secs_f64());
        r.evidence = evidence;
        log::info!("CTL #{}: {:?} in {:.2} s", p.number, r.outcome, r.time_s);
        Ok(r)
    };
    report.results = fair_shares(ps.len(), budget, check_one)?;
    Ok(())
}
