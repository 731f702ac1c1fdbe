//! An LTL property file under the RERS reading: only infinite runs count.

use super::options::{CheckOptions, EXPLICIT_SHORTEN_STATES};
use super::shared::{
    combine, context, explicit_graph, fair_shares, names, or_unknown, result, symbolic_ctx,
    symbolic_system, word_fault, Automata, Round,
};
use crate::automata::Tgba;
use crate::error::{Error, Result};
use crate::evidence::violation::first_bad_step;
use crate::evidence::{replay, Bound, CycleAmong, End, Evidence, Kind, Shortest};
use crate::explicit::ltl::{find_accepting_lasso, replay_lasso, Lasso};
use crate::explicit::shorten::shorten_lasso;
use crate::limits::Budget;
use crate::logic::{Ltl, Property};
use crate::model::{LabelId, System};
use crate::report::{CheckReport, Event, LtlProfile, Outcome, PropertyResult};
use crate::symbolic::context::SystemCtx;
use crate::symbolic::ltl::{
    BadPrefixes, Bound as SymBound, CycleAmong as SymAmong, LtlOptions, LtlResult, LtlRun,
    LtlStats, Shortness,
};
use std::time::Instant;

/// Replays an LTL counterexample on the system, the automaton of the negated formula and the
/// formula itself. Any failure is a bug.
pub(super) fn validate_lasso(
    sys: &System,
    f: &Ltl,
    neg: &Tgba,
    prefix: &[LabelId],
    cycle: &[LabelId],
) -> Result<()> {
    let lasso = Lasso {
        prefix: prefix.to_vec(),
        cycle: cycle.to_vec(),
        path: Vec::new(),
    };
    // silent labels have no name: the automaton reads them as "some other label"
    let word =
        |ls: &[LabelId]| -> Vec<String> { ls.iter().map(|&l| sys.label(l).name.clone()).collect() };
    let (p, c) = (word(prefix), word(cycle));
    let fail = |what: &str| {
        Err(Error::Internal(format!(
            "counterexample for `{f}` {what}: prefix [{}] cycle [{}]",
            names(sys, prefix).join(" "),
            names(sys, cycle).join(" ")
        )))
    };
    if !replay_lasso(sys, &lasso) {
        return fail("is not a trace of the system");
    }
    match word_fault(f, neg, &p, &c) {
        Some(what) => fail(what),
        None => Ok(()),
    }
}

/// The counterexample `prefix · cycle^ω` of `f`, replayed on the system as a person reads it,
/// with the step that visibly violates `f` marked where there is one.
pub(super) fn lasso_evidence(
    sys: &System,
    f: &Ltl,
    prefix: &[LabelId],
    cycle: &[LabelId],
    shortness: Option<&Shortness>,
) -> Result<Evidence> {
    let labels: Vec<LabelId> = prefix.iter().chain(cycle).copied().collect();
    let run = replay(sys, &labels, End::Cycle(prefix.len())).map_err(|e| {
        Error::Internal(format!("the counterexample for `{f}` does not replay: {e}"))
    })?;
    let mark = first_bad_step(f, sys, &labels, prefix.len())?;
    if let Some(sh) = shortness.and_then(|s| s.violation) {
        // one definition of the violation for the search and the mark (automata/monitor.rs)
        let marked = mark.as_ref().map_or(0, |m| m.step);
        // a bad prefix that ends in a later pass of the cycle is marked on the path's step
        let later = sh.steps > labels.len() && marked > prefix.len();
        if sh.steps != marked && !later {
            return Err(Error::Internal(format!(
                "the counterexample for `{f}` is marked violated at step {marked}, the \
                 shortening says {}",
                sh.steps
            )));
        }
    }
    Ok(Evidence::new(
        sys,
        &run,
        Kind::Counterexample,
        "an infinite trace that violates the property",
        mark,
    )
    .with_shortest(shortness.map(shortest)))
}

/// The counterexample `prefix · cycle^ω` of `f` (negation `neg`) found by the explicit hunt or
/// the compositional engine, as `--witness` shows it under `--engine auto` without
/// `--shortest`: made shorter on the explicit product within [`EXPLICIT_SHORTEN_STATES`] nodes
/// per search ([`shorten_lasso`]), replayed like any other, with what that proved: the cycle
/// among those through its first state, nothing about the prefix (`at_least` 0) or the
/// violation. The lasso as given (replayed by the caller) when its own run is not found
/// within the bound.
pub(super) fn shortened_evidence(
    sys: &System,
    f: &Ltl,
    neg: &Tgba,
    prefix: &[LabelId],
    cycle: &[LabelId],
) -> Result<Evidence> {
    let Some(s) = shorten_lasso(sys, neg, prefix, cycle, EXPLICIT_SHORTEN_STATES) else {
        return lasso_evidence(sys, f, prefix, cycle, None);
    };
    validate_lasso(sys, f, neg, &s.prefix, &s.cycle)?;
    let shortness = Shortness {
        violation: None,
        prefix: SymBound {
            steps: s.prefix.len(),
            at_least: 0,
        },
        cycle: SymBound {
            steps: s.cycle.len(),
            at_least: s.cycle_at_least,
        },
        cycle_among: SymAmong::ThroughFirstState,
    };
    lasso_evidence(sys, f, &s.prefix, &s.cycle, Some(&shortness))
}

/// What the shortening proved, as the evidence says it.
fn shortest(s: &Shortness) -> Shortest {
    let b = |b: SymBound| Bound {
        steps: b.steps,
        at_least: b.at_least,
    };
    Shortest {
        from_step: 0,
        violation: s.violation.map(b),
        prefix: b(s.prefix),
        cycle: Some(b(s.cycle)),
        cycle_among: Some(cycle_among(s.cycle_among)),
    }
}

/// Which cycles the cycle shown is the shortest among, as the evidence says it.
pub(super) fn cycle_among(a: SymAmong) -> CycleAmong {
    match a {
        SymAmong::ThroughFirstState => CycleAmong::ThroughFirstState,
        SymAmong::WithinSteps(d) => CycleAmong::WithinSteps(d),
        SymAmong::Reachable => CycleAmong::Reachable,
    }
}

pub(super) fn check_ltl_file(
    sys: &System,
    ps: &[Property<Ltl>],
    opts: &CheckOptions,
    budget: &Budget,
    report: &mut CheckReport,
    on: &mut dyn FnMut(Event<'_>),
) -> Result<()> {
    // each automaton under its share of the time, as each check; see [`Automata`]
    let mut automata = Automata::translate(ps, budget)?;
    let t0 = Instant::now();
    let fsys = symbolic_system(sys, opts);
    let aut_size = automata
        .translated()
        .map(|a| a.num_states)
        .max()
        .unwrap_or(1)
        .max(1);
    let symbolic = symbolic_ctx(&fsys, aut_size, opts, budget, report)?;
    let graph = explicit_graph(sys, opts, budget, report)?;
    report.reach_time_s = t0.elapsed().as_secs_f64();

    // A property that runs out of its share of the time keeps its run, and a retry resumes it.
    let mut runs: Vec<Option<LtlRun>> = ps.iter().map(|_| None).collect();
    // Every violation is backed by a replayed counterexample; it is shortened only when shown.
    let ltl_opts = LtlOptions {
        shorten: opts.witness && opts.symbolic_shortening,
        ..LtlOptions::default()
    };
    let check_one = |i: usize, budget: &Budget, round: Round| -> Result<PropertyResult> {
        let p = &ps[i];
        let t = Instant::now();
        let neg = match automata.get(i, round, budget)? {
            Ok(neg) => neg,
            Err(l) => return Ok(result(p, Outcome::Unknown(l), t.elapsed().as_secs_f64())),
        };
        let mut evidence = None;
        let mut profile = None;
        let sym = match &symbolic {
            None => None,
            Some(Err(l)) => Some(Outcome::Unknown(l.clone())),
            Some(Ok(ctx)) => Some(or_unknown(
                {
                    let bad = || {
                        if opts.witness && opts.symbolic_shortening {
                            BadPrefixes::of(&p.formula, sys)
                        } else {
                            Ok(None)
                        }
                    };
                    if neg.num_states <= ctx.aut_capacity() {
                        resume_ltl(&mut runs[i], ctx, &fsys.system, neg, budget, &ltl_opts, bad)
                    } else {
                        // translated in the retry round, larger than the file's automaton block
                        match context(&fsys, neg.num_states, opts, budget)? {
                            Ok(own) => resume_ltl(
                                &mut None,
                                &own,
                                &fsys.system,
                                neg,
                                budget,
                                &ltl_opts,
                                bad,
                            ),
                            Err(l) => Err(Error::Limit(l)),
                        }
                    }
                },
                |r| {
                    let st = &r.stats;
                    log::info!(
                    "LTL #{}: product {} states ({} nodes, relations {} nodes), build {:.2} s, \
                     product reach {:.2} s, Emerson-Lei {:.2} s ({} iterations), \
                     counterexample {:.2} s",
                    p.number,
                    st.product_states
                        .as_ref()
                        .map_or("-".to_string(), |n| n.to_string()),
                    st.product_nodes,
                    st.relation_nodes,
                    st.build_seconds,
                    st.reach_seconds,
                    st.el_seconds,
                    st.el_iterations,
                    st.witness_seconds
                );
                    log::info!(
                        "LTL #{}: profile: probe {:.2} s, {} trim rounds, {} garbage collections \
                         ({:.2} s), {} reorderings ({:.2} s), peak {} manager nodes",
                        p.number,
                        st.probe_seconds,
                        st.trim_rounds,
                        st.gcs,
                        st.gc_seconds,
                        st.search_reorderings + st.witness_reorderings,
                        st.reorder_seconds,
                        st.peak_nodes
                    );
                    profile = Some(ltl_profile(st));
                    if r.holds {
                        return Ok(Outcome::Holds);
                    }
                    let cex = r.counterexample.ok_or_else(|| {
                        Error::Internal("violated property without counterexample".into())
                    })?;
                    validate_lasso(sys, &p.formula, neg, &cex.prefix, &cex.cycle)?;
                    if opts.witness && !opts.symbolic_shortening {
                        // `--engine auto` without `--shortest`: see `shortened_evidence`
                        evidence = Some(shortened_evidence(
                            sys,
                            &p.formula,
                            neg,
                            &cex.prefix,
                            &cex.cycle,
                        )?);
                    } else if opts.witness {
                        evidence = Some(lasso_evidence(
                            sys,
                            &p.formula,
                            &cex.prefix,
                            &cex.cycle,
                            cex.shortness.as_ref(),
                        )?);
                    }
                    Ok(Outcome::Violated)
                },
            )?),
        };
        let exp = match &graph {
            None => None,
            Some(Err(l)) => Some(Outcome::Unknown(l.clone())),
            Some(Ok(g)) => Some(match find_accepting_lasso(g, sys, neg) {
                None => Outcome::Holds,
                Some(l) => {
                    validate_lasso(sys, &p.formula, neg, &l.prefix, &l.cycle)?;
                    if opts.witness && evidence.is_none() {
                        evidence =
                            Some(lasso_evidence(sys, &p.formula, &l.prefix, &l.cycle, None)?);
                    }
                    Outcome::Violated
                }
            }),
        };
        let outcome = combine(&p.formula.to_string(), sym, exp)?;
        let mut r = result(p, outcome, t.elapsed().as_secs_f64());
        let st = neg.stats();
        r.automaton = Some((st.states, st.edges, st.acc_sets));
        r.evidence = evidence;
        r.profile = profile;
        log::info!("LTL #{}: {} in {:.2} s", p.number, r.outcome, r.time_s);
        Ok(r)
    };
    on(Event::Begin(report));
    report.results = fair_shares(ps.len(), budget, check_one, on)?;
    Ok(())
}

/// The report's profile of a symbolic LTL check.
fn ltl_profile(st: &LtlStats) -> LtlProfile {
    LtlProfile {
        build_s: st.build_seconds,
        probe_s: st.probe_seconds,
        search_s: st.el_seconds,
        counterexample_s: st.witness_seconds,
        el_iterations: st.el_iterations,
        trim_rounds: st.trim_rounds,
        forward_iterations: st.forward_iterations,
        gcs: st.gcs,
        gc_s: st.gc_seconds,
        reorderings: st.search_reorderings + st.witness_reorderings,
        reorder_s: st.reorder_seconds,
        peak_nodes: st.peak_nodes,
        space_nodes: st.product_nodes,
        relation_nodes: st.relation_nodes,
    }
}

/// Runs the check of the property whose negation `neg` recognises, or resumes it from `slot`;
/// a run cut short by a limit is left in `slot` for a retry. `bad`: the property's bad-prefix
/// monitor for the shortest counterexample, asked for when the run is made.
pub(super) fn resume_ltl<'c>(
    slot: &mut Option<LtlRun<'c>>,
    ctx: &'c SystemCtx,
    sys: &System,
    neg: &Tgba,
    budget: &Budget,
    opts: &LtlOptions,
    bad: impl FnOnce() -> Result<Option<BadPrefixes>>,
) -> Result<LtlResult> {
    let mut run = match slot.take() {
        Some(run) => run,
        None => LtlRun::new(ctx, sys, neg, budget, opts)?.with_bad_prefixes(bad()?),
    };
    let r = run.run(budget);
    if r.is_err() {
        *slot = Some(run);
    }
    r
}
