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

use std::sync::Arc;
use std::time::Instant;

use crate::automata::lasso::accepts_lasso;
use crate::automata::translate::translate;
use crate::automata::Tgba;
use crate::error::{Error, Limit, Result};
use crate::evidence::violation::first_bad_step;
use crate::evidence::{replay, End, Evidence, Kind};
use crate::explicit::graph::StateGraph;
use crate::explicit::ltl::{find_accepting_lasso, replay_lasso, Lasso};
use crate::limits::Budget;
use crate::logic::eval::holds_on_lasso;
use crate::logic::{Ctl, Ltl, Properties, Property};
use crate::model::factor::{factor, Factored};
use crate::model::{LabelId, System};
use crate::progress::Progress;
use crate::report::{CheckReport, Outcome, PropertyResult};
use crate::symbolic::context::{AutPosition, Space, SystemCtx};
use crate::symbolic::ctl::{CtlChecker, CtlEvidence, EvidenceKind};
use crate::symbolic::ltl::{LtlOptions, LtlResult, LtlRun};
use crate::symbolic::order::OrderSpec;
use crate::symbolic::reach::{race_reach, Strategy};
use crate::symbolic::ManagerOptions;

/// Which engine answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Engine {
    /// BDDs: large systems.
    #[default]
    Symbolic,
    /// Explicit states: small systems; the test oracle.
    Explicit,
    /// Both, and an internal error when they disagree.
    Both,
}

/// Whether each component's start marker is a step of the trace (LTL only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum StartSteps {
    /// Traces start in the start states (RERS 2017 and later; also right for 2016, see
    /// README.md).
    #[default]
    Skip,
    /// Each component first takes a silent local step into its start state.
    ///
    /// As the RERS 2016 text reads: "automaton-internal transitions with an empty label are
    /// included".
    Trace,
}

#[derive(Clone, Debug)]
pub struct CheckOptions {
    pub engine: Engine,
    pub strategy: Strategy,
    pub order: OrderSpec,
    /// Print counterexamples and witnesses.
    pub witness: bool,
    /// Wall-clock limit for the whole file, in seconds.
    pub timeout: Option<f64>,
    pub max_nodes: Option<u64>,
    /// Explicit engine: state limit.
    pub max_states: Option<u64>,
    pub start_steps: StartSteps,
    pub manager: ManagerOptions,
    pub aut_position: AutPosition,
    /// LTL: the system states the fixpoints range over.
    pub space: Space,
    /// Split components that are products of bits before the symbolic engine runs
    /// ([`crate::model::factor`]).
    pub factor: bool,
    /// Where the long loops report their progress (`None`: a line every few seconds through
    /// `log`; a test passes a [`Progress::recording`] to read the lines).
    pub progress: Option<Arc<Progress>>,
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            engine: Engine::default(),
            strategy: Strategy::default(),
            order: OrderSpec::Auto,
            witness: false,
            timeout: None,
            max_nodes: None,
            max_states: None,
            start_steps: StartSteps::default(),
            manager: ManagerOptions::default(),
            aut_position: AutPosition::default(),
            space: Space::default(),
            factor: true,
            progress: None,
        }
    }
}

/// What [`check_with`] reports while it runs.
pub enum Event<'a> {
    /// The reachable states are known (or their limit was hit): the report's header fields are
    /// set, its results still empty.
    Begin(&'a CheckReport),
    /// One property's final result, the moment it is decided (in the order they are decided;
    /// one that ran out of its share of the time comes when its retry ends).
    Decided(&'a PropertyResult),
}

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
    let start = Instant::now();
    let mut budget = Budget::new(opts.timeout, opts.max_nodes);
    if let Some(p) = &opts.progress {
        budget = budget.with_progress(p.clone());
    }
    let mut report = CheckReport {
        system: system_name.to_string(),
        problem,
        logic: String::new(),
        engine: match opts.engine {
            Engine::Symbolic => "symbolic",
            Engine::Explicit => "explicit",
            Engine::Both => "symbolic+explicit",
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
            let sys = match opts.start_steps {
                StartSteps::Skip => sys.clone(),
                StartSteps::Trace => sys.with_start_steps(),
            };
            check_ltl_file(&sys, ps, opts, &budget, &mut report, on)?;
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
    report.total_time_s = start.elapsed().as_secs_f64();
    Ok(report)
}

/// The system the symbolic engine works on: `sys` with the components that are products of
/// bits split (unless `opts.factor` is off). Labels keep their ids, so every label path the
/// symbolic engine finds is a path of `sys`, and it is replayed there.
fn symbolic_system(sys: &System, opts: &CheckOptions) -> Factored {
    if !opts.factor {
        return Factored::none(sys);
    }
    let f = factor(sys);
    let split: Vec<String> = f
        .split()
        .map(|(c, bits)| format!("{} ({bits} bits)", f.parts[c].name))
        .collect();
    if !split.is_empty() {
        log::info!(
            "factored {} of {} components into bits: {}",
            split.len(),
            f.parts.len(),
            split.join(", ")
        );
    }
    f
}

fn result(p: &Property<impl ToString>, outcome: Outcome, time_s: f64) -> PropertyResult {
    PropertyResult {
        number: p.number,
        formula: p.formula.to_string(),
        outcome,
        expected: p.expected,
        evidence: None,
        time_s,
        automaton: None,
    }
}

/// Runs `f`; a hit resource limit becomes an unknown outcome, other errors propagate.
fn or_unknown<T>(r: Result<T>, ok: impl FnOnce(T) -> Result<Outcome>) -> Result<Outcome> {
    match r {
        Ok(v) => ok(v),
        Err(Error::Limit(l)) => Ok(Outcome::Unknown(l)),
        Err(e) => Err(e),
    }
}

fn names(sys: &System, labels: &[LabelId]) -> Vec<String> {
    labels
        .iter()
        .map(|&l| sys.label(l).display_name().to_string())
        .collect()
}

/// Replays an LTL counterexample on the system, the automaton of the negated formula and the
/// formula itself. Any failure is a bug.
fn validate_lasso(
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
    if !accepts_lasso(neg, &p, &c) {
        return fail("is not accepted by the automaton of the negation");
    }
    if holds_on_lasso(f, &p, &c) {
        return fail("satisfies the formula");
    }
    Ok(())
}

/// The counterexample `prefix · cycle^ω` of `f`, replayed on the system as a person reads it,
/// with the step that visibly violates `f` marked where there is one.
fn lasso_evidence(
    sys: &System,
    f: &Ltl,
    prefix: &[LabelId],
    cycle: &[LabelId],
) -> Result<Evidence> {
    let labels: Vec<LabelId> = prefix.iter().chain(cycle).copied().collect();
    let run = replay(sys, &labels, End::Cycle(prefix.len())).map_err(|e| {
        Error::Internal(format!("the counterexample for `{f}` does not replay: {e}"))
    })?;
    let mark = first_bad_step(f, sys, &labels, prefix.len())?;
    Ok(Evidence::new(
        sys,
        &run,
        Kind::Counterexample,
        "an infinite trace that violates the property",
        mark,
    ))
}

fn check_ltl_file(
    sys: &System,
    ps: &[Property<Ltl>],
    opts: &CheckOptions,
    budget: &Budget,
    report: &mut CheckReport,
    on: &mut dyn FnMut(Event<'_>),
) -> Result<()> {
    let autos: Vec<Tgba> = ps
        .iter()
        .map(|p| translate(&Ltl::not(p.formula.clone())))
        .collect::<Result<_>>()?;
    let t0 = Instant::now();
    let fsys = symbolic_system(sys, opts);
    let symbolic = if opts.engine != Engine::Explicit {
        let aut_size = autos.iter().map(|a| a.num_states).max().unwrap_or(1).max(1);
        let orders = opts.order.candidates_for(&fsys)?;
        match SystemCtx::race(
            &fsys.system,
            &orders,
            opts.strategy,
            opts.aut_position,
            aut_size,
            opts.manager,
            opts.space,
            budget,
        ) {
            Ok(ctx) => {
                let n = Some(ctx.space_states()?);
                if ctx.exact {
                    report.states = n;
                } else {
                    report.space_states = n;
                }
                Some(Ok(ctx))
            }
            Err(Error::Limit(l)) => Some(Err(l)),
            Err(e) => return Err(e),
        }
    } else {
        None
    };
    let graph = explicit_graph(sys, opts, budget, report)?;
    report.reach_time_s = t0.elapsed().as_secs_f64();

    // A property that runs out of its share of the time keeps its run, and a retry resumes it.
    let mut runs: Vec<Option<LtlRun>> = ps.iter().map(|_| None).collect();
    // Every violation is backed by a replayed counterexample; it is shortened only when shown.
    let ltl_opts = LtlOptions {
        shorten: opts.witness,
        ..LtlOptions::default()
    };
    let check_one = |i: usize, budget: &Budget| -> Result<PropertyResult> {
        let (p, neg) = (&ps[i], &autos[i]);
        let t = Instant::now();
        let mut evidence = None;
        let sym = match &symbolic {
            None => None,
            Some(Err(l)) => Some(Outcome::Unknown(l.clone())),
            Some(Ok(ctx)) => Some(or_unknown(
                resume_ltl(&mut runs[i], ctx, &fsys.system, neg, budget, &ltl_opts),
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
                    if r.holds {
                        return Ok(Outcome::Holds);
                    }
                    let cex = r.counterexample.ok_or_else(|| {
                        Error::Internal("violated property without counterexample".into())
                    })?;
                    validate_lasso(sys, &p.formula, neg, &cex.prefix, &cex.cycle)?;
                    if opts.witness {
                        evidence = Some(lasso_evidence(sys, &p.formula, &cex.prefix, &cex.cycle)?);
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
                        evidence = Some(lasso_evidence(sys, &p.formula, &l.prefix, &l.cycle)?);
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
        log::info!("LTL #{}: {} in {:.2} s", p.number, r.outcome, r.time_s);
        Ok(r)
    };
    on(Event::Begin(report));
    report.results = fair_shares(ps.len(), budget, check_one, on)?;
    Ok(())
}

/// Runs the check of the property whose negation `neg` recognises, or resumes it from `slot`;
/// a run cut short by a limit is left in `slot` for a retry.
fn resume_ltl<'c>(
    slot: &mut Option<LtlRun<'c>>,
    ctx: &'c SystemCtx,
    sys: &System,
    neg: &Tgba,
    budget: &Budget,
    opts: &LtlOptions,
) -> Result<LtlResult> {
    let mut run = match slot.take() {
        Some(run) => run,
        None => LtlRun::new(ctx, sys, neg, budget, opts)?,
    };
    let r = run.run(budget);
    if r.is_err() {
        *slot = Some(run);
    }
    r
}

/// Checks `n` properties with `check(i, budget)` so that one hard property cannot starve the
/// others of time. Under a time limit, each property first gets an equal share of the time
/// left (the time an easy one leaves over goes to the ones after it); those that ran out of
/// their share are then taken up again one after another, each with all the time left. An LTL
/// retry resumes its run where the share stopped it ([`LtlRun`]); a CTL retry starts again but
/// finds the subformulas it finished cached. Why one after another and not shares again: when
/// many properties each need more than a share (RERS 2017 problem 113: 9–34 s each, 6 s
/// shares), equal shares of the rest leave them all half done at the limit (8 of 20 answered
/// in 120 s, against 10 run in order). Without a time limit, each property runs once, to the
/// end.
fn fair_shares(
    n: usize,
    budget: &Budget,
    mut check: impl FnMut(usize, &Budget) -> Result<PropertyResult>,
    on: &mut dyn FnMut(Event<'_>),
) -> Result<Vec<PropertyResult>> {
    let share = |left: usize| match budget.remaining() {
        Some(r) => budget.share(r / left.max(1) as f64),
        None => budget.clone(),
    };
    let out_of_share = |r: &PropertyResult| {
        matches!(
            r.outcome,
            Outcome::Unknown(Limit::Share { .. } | Limit::Time { .. })
        )
    };
    let mut results = Vec::with_capacity(n);
    let mut retry = Vec::new();
    for i in 0..n {
        let r = check(i, &share(n - i))?;
        if out_of_share(&r) && !budget.expired() {
            retry.push(i);
        } else {
            on(Event::Decided(&r));
        }
        results.push(r);
    }
    if !retry.is_empty() {
        log::info!(
            "{} properties ran out of their share of the time; trying them again with the {:.1} s left",
            retry.len(),
            budget.remaining().unwrap_or(0.0)
        );
    }
    for &i in &retry {
        if !budget.expired() {
            let mut r = check(i, budget)?;
            r.time_s += results[i].time_s;
            results[i] = r;
        }
        on(Event::Decided(&results[i]));
    }
    Ok(results)
}

/// The explicit state graph when the explicit engine takes part: `Some(Err(limit))` when its
/// state or time limit was hit, which leaves the properties unknown rather than failing the
/// run.
fn explicit_graph(
    sys: &System,
    opts: &CheckOptions,
    budget: &Budget,
    report: &mut CheckReport,
) -> Result<Option<std::result::Result<StateGraph, Limit>>> {
    if opts.engine == Engine::Symbolic {
        return Ok(None);
    }
    match StateGraph::build_within(sys, opts.max_states, budget) {
        Ok(g) => {
            report.states = Some((g.num_states() as u64).into());
            Ok(Some(Ok(g)))
        }
        Err(Error::Limit(l)) => Ok(Some(Err(l))),
        Err(e) => Err(e),
    }
}

/// The outcome of one or both engines; a disagreement between answered verdicts is a bug.
fn combine(formula: &str, sym: Option<Outcome>, exp: Option<Outcome>) -> Result<Outcome> {
    match (sym, exp) {
        (Some(s), None) => Ok(s),
        (None, Some(e)) => Ok(e),
        (Some(s), Some(e)) => match (s.as_bool(), e.as_bool()) {
            (Some(a), Some(b)) if a != b => Err(Error::Internal(format!(
                "the symbolic ({a}) and explicit ({b}) engines disagree on `{formula}`"
            ))),
            (Some(_), _) => Ok(s),
            (None, _) => Ok(e),
        },
        (None, None) => Err(Error::Internal("no engine ran".into())),
    }
}

/// A CTL evidence path replayed on the system (executable, its cycle closing, its deadlock a
/// deadlock), as a person reads it; `None` when there is no path to show (a claim about all
/// paths that holds, an existential one that fails, a verdict the initial state shows alone).
fn ctl_evidence(sys: &System, f: &Ctl, ev: &CtlEvidence) -> Result<Option<Evidence>> {
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
    Ok(Some(Evidence::new(
        sys,
        &run,
        kind,
        format!("{}\n{}", ctl_shows(f, ev.kind), ev.explanation),
        None,
    )))
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

fn check_ctl_file(
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
                    evidence = ctl_evidence(sys, &p.formula, &ev)?;
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
        log::info!("CTL #{}: {} in {:.2} s", p.number, r.outcome, r.time_s);
        Ok(r)
    };
    on(Event::Begin(report));
    report.results = fair_shares(ps.len(), budget, check_one, on)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(i: usize, outcome: Outcome) -> PropertyResult {
        PropertyResult {
            number: i as u32 + 1,
            formula: String::new(),
            outcome,
            expected: None,
            evidence: None,
            time_s: 0.0,
            automaton: None,
        }
    }

    /// `fair_shares` over 4 properties under a 0.6 s limit, where the first `hard` never
    /// finish (they run until their budget expires) and the others answer at once: how often
    /// each was tried, and the results. Checks that each result is reported decided once.
    fn four_with_hard(hard: usize, budget: &Budget) -> (Vec<usize>, Vec<PropertyResult>) {
        let mut calls = vec![0; 4];
        let mut decided = Vec::new();
        let results = fair_shares(
            4,
            budget,
            |i, b| {
                calls[i] += 1;
                if i < hard {
                    while !b.expired() {
                        std::thread::sleep(std::time::Duration::from_millis(5));
                    }
                    return Ok(answer(i, Outcome::Unknown(Limit::Time { seconds: 0.6 })));
                }
                Ok(answer(i, Outcome::Holds))
            },
            &mut |e| {
                if let Event::Decided(r) = e {
                    decided.push(r.number);
                }
            },
        )
        .unwrap();
        // each once: the easy ones as they are answered, the retried hard ones after them
        let mut expect: Vec<u32> = (hard as u32 + 1..=4).collect();
        expect.extend(1..=hard as u32);
        assert_eq!(decided, expect);
        (calls, results)
    }

    /// A property that never finishes must not starve the ones after it: they are all
    /// answered, and the hard one is tried again with the time they left over.
    #[test]
    fn a_hard_property_leaves_time_for_the_others() {
        let budget = Budget::new(Some(0.6), None);
        let (calls, results) = four_with_hard(1, &budget);
        assert_eq!(calls, [2, 1, 1, 1]);
        assert!(results[1..].iter().all(|r| r.outcome == Outcome::Holds));
        assert_eq!(
            results[0].outcome,
            Outcome::Unknown(Limit::Time { seconds: 0.6 })
        );
        assert!(budget.expired());
    }

    /// The retries run one after another with all the time left: the first takes it all
    /// rather than everyone getting a sliver.
    #[test]
    fn retries_run_one_after_another() {
        let budget = Budget::new(Some(0.6), None);
        let (calls, results) = four_with_hard(3, &budget);
        assert_eq!(calls, [2, 1, 1, 1]);
        assert_eq!(results[3].outcome, Outcome::Holds);
    }

    /// Without a time limit every property runs once, to the end.
    #[test]
    fn without_a_time_limit_each_property_runs_once() {
        let budget = Budget::unlimited();
        let mut calls = 0;
        let mut decided = 0;
        let results = fair_shares(
            3,
            &budget,
            |i, b| {
                calls += 1;
                assert!(!b.expired());
                Ok(answer(i, Outcome::Violated))
            },
            &mut |_| decided += 1,
        )
        .unwrap();
        assert_eq!(decided, 3);
        assert_eq!((calls, results.len()), (3, 3));
    }
}
