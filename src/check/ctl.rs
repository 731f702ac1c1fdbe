//! A CTL property file: backward fixpoints, evidence paths replayed on the system.

use super::options::{order_candidates, CheckOptions, Engine};
use super::shared::{
    combine, explicit_graph, fair_shares, or_unknown, result, symbolic_system, Round,
};
use crate::error::{Error, Result};
use crate::evidence::{replay, End, Evidence, Kind, Shortest};
use crate::limits::Budget;
use crate::logic::{Ctl, Property};
use crate::model::System;
use crate::report::{CheckReport, Event, Outcome, PropertyResult};
use crate::symbolic::ctl::witness::Bound;
use crate::symbolic::ctl::{CtlChecker, CtlEvidence, EvidenceKind};
use crate::symbolic::reach::race_reach;
use std::time::Instant;

/// A CTL evidence path replayed on the system (executable, its cycle closing, its deadlock a
/// deadlock), as a person reads it; `None` when there is no path to show (a claim about all
/// paths that holds, an existential one that fails, a verdict the initial state shows alone).
pub(super) fn ctl_evidence(sys: &System, f: &Ctl, ev: &CtlEvidence) -> Result<Option<Evidence>> {
    let mut labels = ev.path.clone();
    let end = match &ev.cycle {
        Some(c) => {
            labels.extend(c);
            End::Cycle(ev.path.len())
        }
        None if ev.ends_in_deadlock => End::Deadlock,
        None => End::Open,
    };
    let run = replay(sys, &labels, end).map_err(|e| {
        Error::Internal(format!("the evidence path for `{f}` does not replay: {e}"))
    })?;
    if run.labels.is_empty() && !run.ends_in_deadlock {
        return Ok(None);
    }
    let kind = match ev.kind {
        EvidenceKind::Witness => Kind::Witness,
        EvidenceKind::Counterexample => Kind::Counterexample,
    };
    let b = |b: Bound| crate::evidence::Bound {
        steps: b.steps,
        at_least: b.at_least,
    };
    let shortest = ev.shortest.map(|s| Shortest {
        from_step: s.from_step,
        violation: None,
        prefix: b(s.prefix),
        cycle: s.cycle.map(b),
        cycle_among: s.cycle.map(|_| s.cycle_among).map(super::ltl::cycle_among),
    });
    Ok(Some(
        Evidence::new(
            sys,
            &run,
            kind,
            format!("{}\n{}", ctl_shows(f, ev.kind), ev.explanation),
            None,
        )
        .with_shortest(shortest),
    ))
}

/// What a CTL path shows, in words: a witness of a formula that claims a path exists (`E`,
/// `<a>`), a counterexample of one that claims every path (`A`, `[a]`); for a formula of
/// neither shape at its top (a negation, a Boolean combination), that the property holds or
/// fails, which the notes then explain step by step.
fn ctl_shows(f: &Ctl, kind: EvidenceKind) -> &'static str {
    use Ctl::*;
    let existential = matches!(f, EF(_) | EG(_) | EU(..) | EW(..) | Diamond(..));
    let universal = matches!(f, AF(_) | AG(_) | AU(..) | AW(..) | Box(..));
    match kind {
        EvidenceKind::Witness if existential => {
            "the E-formula holds: this path is one it claims exists"
        }
        EvidenceKind::Counterexample if universal => {
            "the A-formula fails: it claims every path, and fails on this one"
        }
        EvidenceKind::Witness => "the property holds, as this path shows",
        EvidenceKind::Counterexample => "the property fails, as this path shows",
    }
}

pub(super) fn check_ctl_file(
    sys: &System,
    ps: &[Property<Ctl>],
    opts: &CheckOptions,
    budget: &Budget,
    report: &mut CheckReport,
    on: &mut dyn FnMut(Event<'_>),
) -> Result<()> {
    let t0 = Instant::now();
    let fsys = symbolic_system(sys, opts);
    let symbolic = if opts.engine != Engine::Explicit {
        let reached = order_candidates(&opts.order, opts.manager.reorder, &fsys, budget)
            .and_then(|orders| race_reach(&fsys, opts.strategy, &orders, opts.manager, budget));
        match reached {
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
        // a checker that could not be made within the limits leaves the properties unknown
        Some(Ok((enc, reach))) => Some(
            match CtlChecker::new_within(enc, reach, &fsys.system, budget) {
                Ok(c) => Ok(c),
                Err(Error::Limit(l)) => Err(l),
                Err(e) => return Err(e),
            },
        ),
        _ => None,
    };

    let check_one = |i: usize, budget: &Budget, _: Round| -> Result<PropertyResult> {
        let p = &ps[i];
        let t = Instant::now();
        let mut evidence = None;
        let sym = match (&symbolic, checker.as_mut()) {
            (None, _) => None,
            (Some(Err(l)), _) => Some(Outcome::Unknown(l.clone())),
            (Some(Ok(_)), None) => None,
            (Some(Ok(_)), Some(Err(l))) => Some(Outcome::Unknown(l.clone())),
            (Some(Ok(_)), Some(Ok(ch))) => {
                Some(or_unknown(ch.holds(&p.formula, budget), |holds| {
                    if opts.witness {
                        let ev = ch.evidence(&p.formula, budget)?;
                        evidence = ctl_evidence(sys, &p.formula, &ev)?;
                    }
                    Ok(if holds {
                        Outcome::Holds
                    } else {
                        Outcome::Violated
                    })
                })?)
            }
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
        log::info!("CTL #{}: {} in {:.2} s", p.number, r.outcome, r.time_s);
        Ok(r)
    };
    on(Event::Begin(report));
    report.results = fair_shares(ps.len(), budget, check_one, on)?;
    Ok(())
}
