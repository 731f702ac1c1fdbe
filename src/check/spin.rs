//! An LTL property file under SPIN's reading of the RERS Promela files
//! (`--ltl-semantics spin`; see [`LtlSemantics::Spin`](super::LtlSemantics::Spin)).

use super::options::{CheckOptions, StartSteps};
use super::shared::{
    combine, context, explicit_graph, fair_shares, or_unknown, result, symbolic_ctx,
    symbolic_system, word_fault, Automata, Round,
};
use crate::automata::spin::{spin_automaton, SpinAutomaton};
use crate::automata::Tgba;
use crate::error::{Error, Result};
use crate::evidence::{replay, End, Evidence, Kind, Run};
use crate::explicit::spin::{find_spin_violation, SpinViolation};
use crate::limits::Budget;
use crate::logic::{Ltl, Property};
use crate::model::{LabelId, System};
use crate::report::{CheckReport, Event, Outcome, PropertyResult};
use crate::symbolic::ltl::spin::{SpinOutcome, SpinRun};
use crate::symbolic::ltl::LtlOptions;
use std::time::Instant;

/// `--ltl-semantics spin`: every property of the file read as SPIN reads the RERS Promela files
/// (see [`LtlSemantics::Spin`]). The symbolic engine checks the product with the automaton of
/// [`crate::automata::spin`] ([`SpinRun`]), the explicit engine the words of SPIN's runs
/// directly ([`find_spin_violation`]); each counterexample is replayed on the system and
/// checked against the automaton of the negation and the formula, both reading the word with
/// its first position `⊥` (and, for a run into a deadlock, its last label repeated).
pub(super) fn check_spin_file(
    sys: &System,
    ps: &[Property<Ltl>],
    opts: &CheckOptions,
    budget: &Budget,
    report: &mut CheckReport,
    on: &mut dyn FnMut(Event<'_>),
) -> Result<()> {
    let with_x: Vec<String> = ps
        .iter()
        .filter(|p| p.formula.uses_next())
        .map(|p| format!("#{}", p.number))
        .collect();
    if !with_x.is_empty() {
        return Err(Error::Usage(format!(
            "--ltl-semantics spin: {} use X, which SPIN reads on the Promela encoding's \
             intermediate steps (a varying number between two labels), not on the next label; \
             ltsym refuses X under this reading (check them with --ltl-semantics rers)",
            with_x.join(", ")
        )));
    }
    if let Some(l) = sys.labels().iter().find(|l| l.is_silent()) {
        return Err(Error::Usage(format!(
            "--ltl-semantics spin reads the RERS Promela encoding, which has no silent steps; \
             component `{}` has one{}",
            sys.component(l.components[0]).name,
            if opts.start_steps == StartSteps::Trace {
                " (from --start-steps trace)"
            } else {
                ""
            }
        )));
    }
    // A formula whose translation hits a limit is that property's unknown, as under the RERS
    // reading; the others go on, and each automaton is made under its share of the time (see
    // [`Automata`]).
    let mut automata = Automata::translate(ps, budget)?;
    let mut spin_autos: Vec<Option<SpinAutomaton>> = (0..ps.len())
        .map(|i| {
            automata
                .get(i, Round::First, budget)
                .map(|a| a.ok().map(spin_automaton))
        })
        .collect::<Result<_>>()?;
    let t0 = Instant::now();
    let fsys = symbolic_system(sys, opts);
    let aut_size = spin_autos
        .iter()
        .flatten()
        .map(|a| a.tgba.num_states)
        .max()
        .unwrap_or(1)
        .max(1);
    let symbolic = symbolic_ctx(&fsys, aut_size, opts, budget, report)?;
    let graph = explicit_graph(sys, opts, budget, report)?;
    report.reach_time_s = t0.elapsed().as_secs_f64();

    let mut runs: Vec<Option<SpinRun>> = ps.iter().map(|_| None).collect();
    // as for the RERS reading: a lasso is shortened only when it is shown
    let ltl_opts = LtlOptions {
        shorten: opts.witness,
        ..LtlOptions::default()
    };
    let check_one = |i: usize, budget: &Budget, round: Round| -> Result<PropertyResult> {
        let p = &ps[i];
        let t = Instant::now();
        let neg = match automata.get(i, round, budget)? {
            Ok(neg) => neg,
            Err(l) => return Ok(result(p, Outcome::Unknown(l), t.elapsed().as_secs_f64())),
        };
        // made here for an automaton translated in the retry round
        let spin_aut: &SpinAutomaton = spin_autos[i].get_or_insert_with(|| spin_automaton(neg));
        let mut evidence = None;
        let judge = |v: Option<SpinViolation>, evidence: &mut Option<Evidence>| {
            let Some(v) = v else {
                return Ok(Outcome::Holds);
            };
            let run = validate_spin(sys, &p.formula, neg, &v)?;
            if opts.witness && evidence.is_none() {
                *evidence = Some(spin_evidence(sys, &run));
            }
            Ok(Outcome::Violated)
        };
        let sym = match &symbolic {
            None => None,
            Some(Err(l)) => Some(Outcome::Unknown(l.clone())),
            Some(Ok(ctx)) if spin_aut.tgba.num_states > ctx.aut_capacity() => {
                // translated in the retry round, larger than the file's automaton block
                let r = match context(&fsys, spin_aut.tgba.num_states, opts, budget)? {
                    Ok(own) => SpinRun::new(&own, &fsys.system, spin_aut, budget, &ltl_opts)
                        .and_then(|mut run| run.run(budget)),
                    Err(l) => Err(Error::Limit(l)),
                };
                Some(or_unknown(r, |o| judge(spin_violation(o), &mut evidence))?)
            }
            Some(Ok(ctx)) => {
                // a run cut short by its share of the time stays in its slot for the retry
                let r = (|| {
                    let run = match &mut runs[i] {
                        Some(run) => run,
                        slot => slot.insert(SpinRun::new(
                            ctx,
                            &fsys.system,
                            spin_aut,
                            budget,
                            &ltl_opts,
                        )?),
                    };
                    let r = run.run(budget);
                    if r.is_ok() {
                        runs[i] = None;
                    }
                    r
                })();
                Some(or_unknown(r, |o| judge(spin_violation(o), &mut evidence))?)
            }
        };
        let exp = match &graph {
            None => None,
            Some(Err(l)) => Some(Outcome::Unknown(l.clone())),
            Some(Ok(g)) => Some(judge(find_spin_violation(g, sys, neg), &mut evidence)?),
        };
        let outcome = combine(&p.formula.to_string(), sym, exp)?;
        let mut r = result(p, outcome, t.elapsed().as_secs_f64());
        let st = neg.stats();
        r.automaton = Some((st.states, st.edges, st.acc_sets));
        r.evidence = evidence;
        log::info!(
            "LTL (SPIN) #{}: {} in {:.2} s",
            p.number,
            r.outcome,
            r.time_s
        );
        Ok(r)
    };
    on(Event::Begin(report));
    report.results = fair_shares(ps.len(), budget, check_one, on)?;
    Ok(())
}

/// The violation a symbolic run found, if any.
fn spin_violation(o: SpinOutcome) -> Option<SpinViolation> {
    match o {
        SpinOutcome::Holds => None,
        SpinOutcome::Lasso(l) => Some(SpinViolation::Lasso {
            prefix: l.prefix,
            cycle: l.cycle,
        }),
        SpinOutcome::Deadlock(path) => Some(SpinViolation::Deadlock { path }),
    }
}

/// The word SPIN reads on a violating run, as a lasso of label names: `⊥` (the empty name,
/// which no atom names) first; a run into a deadlock repeats its last position.
pub(super) fn spin_word(sys: &System, v: &SpinViolation) -> (Vec<String>, Vec<String>) {
    let word =
        |ls: &[LabelId]| -> Vec<String> { ls.iter().map(|&l| sys.label(l).name.clone()).collect() };
    let mut prefix = vec![String::new()];
    match v {
        SpinViolation::Lasso { prefix: p, cycle } => {
            prefix.extend(word(p));
            (prefix, word(cycle))
        }
        SpinViolation::Deadlock { path } => {
            prefix.extend(word(path));
            let last = prefix.pop().unwrap_or_default();
            (prefix, vec![last])
        }
    }
}

/// Replays a counterexample under SPIN's reading on the system (a lasso must close, a run into
/// a deadlock must end in one) and checks its word against the automaton of the negated
/// formula and the formula itself. Any failure is a bug; the replayed run is the evidence.
pub(super) fn validate_spin(sys: &System, f: &Ltl, neg: &Tgba, v: &SpinViolation) -> Result<Run> {
    let (prefix, cycle) = spin_word(sys, v);
    let fail = |what: &str| {
        Error::Internal(format!(
            "counterexample for `{f}` under SPIN's reading {what}: word [{}] cycle [{}]",
            prefix.join(" "),
            cycle.join(" ")
        ))
    };
    let run = match v {
        SpinViolation::Lasso { prefix, cycle } => {
            let labels: Vec<LabelId> = prefix.iter().chain(cycle).copied().collect();
            replay(sys, &labels, End::Cycle(prefix.len()))
        }
        SpinViolation::Deadlock { path } => replay(sys, path, End::Deadlock),
    }
    .map_err(|e| fail(&format!("does not replay: {e}")))?;
    match word_fault(f, neg, &prefix, &cycle) {
        Some(what) => Err(fail(what)),
        None => Ok(run),
    }
}

pub(super) fn spin_evidence(sys: &System, run: &Run) -> Evidence {
    let explanation = if run.ends_in_deadlock {
        "a run that ends in a deadlock; SPIN repeats its last position forever (after a first \
         position before any label), and that word violates the property"
    } else {
        "an infinite run that violates the property as SPIN reads it (a first position before \
         any label)"
    };
    // no violation mark: the marks are computed on the RERS reading's word
    Evidence::new(sys, run, Kind::Counterexample, explanation, None)
}
