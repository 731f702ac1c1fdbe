//! What the checks of every logic share: the system the symbolic engine works on and its
//! context, fair shares of the time limit, the combination of two engines' verdicts.

use super::options::{order_candidates, CheckOptions, Engine};
use crate::automata::lasso::accepts_lasso;
use crate::automata::translate::{translate_each, translate_within};
use crate::automata::Tgba;
use crate::error::{Error, Limit, Result};
use crate::explicit::graph::StateGraph;
use crate::limits::Budget;
use crate::logic::eval::holds_on_lasso;
use crate::logic::{Ltl, Property};
use crate::model::factor::{factor, Factored};
use crate::model::{LabelId, System};
use crate::report::{CheckReport, Event, Outcome, PropertyResult};
use crate::symbolic::context::SystemCtx;
use crate::symbolic::order::OrderSpec;
use crate::symbolic::order_ltl::ltl_candidates;

/// The system the symbolic engine works on: `sys` with the components that are products of
/// bits split (unless `opts.factor` is off). Labels keep their ids, so every label path the
/// symbolic engine finds is a path of `sys`, and it is replayed there.
pub(super) fn symbolic_system(sys: &System, opts: &CheckOptions) -> Factored {
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

pub(super) fn result(p: &Property<impl ToString>, outcome: Outcome, time_s: f64) -> PropertyResult {
    PropertyResult {
        number: p.number,
        formula: p.formula.to_string(),
        outcome,
        expected: p.expected,
        evidence: None,
        time_s,
        automaton: None,
        engine: None,
        reduction: None,
        profile: None,
    }
}

/// Runs `f`; a hit resource limit becomes an unknown outcome, other errors propagate.
pub(super) fn or_unknown<T>(
    r: Result<T>,
    ok: impl FnOnce(T) -> Result<Outcome>,
) -> Result<Outcome> {
    match r {
        Ok(v) => ok(v),
        Err(Error::Limit(l)) => Ok(Outcome::Unknown(l)),
        Err(e) => Err(e),
    }
}

pub(super) fn names(sys: &System, labels: &[LabelId]) -> Vec<String> {
    labels
        .iter()
        .map(|&l| sys.label(l).display_name().to_string())
        .collect()
}

/// What is wrong with the word `prefix · cycle^ω` as a counterexample of `f`: not accepted by
/// the automaton of the negation, or satisfying `f`; `None` when it is one.
pub(super) fn word_fault(
    f: &Ltl,
    neg: &Tgba,
    prefix: &[String],
    cycle: &[String],
) -> Option<&'static str> {
    if !accepts_lasso(neg, prefix, cycle) {
        return Some("is not accepted by the automaton of the negation");
    }
    if holds_on_lasso(f, prefix, cycle) {
        return Some("satisfies the formula");
    }
    None
}

/// The encoding and reachable states of the symbolic engine when it takes part, with an
/// automaton block of `aut_size` states: `Some(Err(limit))` when a limit cut the reachability,
/// which leaves the properties unknown rather than failing the run.
pub(super) fn symbolic_ctx(
    fsys: &Factored,
    aut_size: usize,
    opts: &CheckOptions,
    budget: &Budget,
    report: &mut CheckReport,
) -> Result<Option<std::result::Result<SystemCtx, Limit>>> {
    if opts.engine == Engine::Explicit {
        return Ok(None);
    }
    let ctx = context(fsys, aut_size, opts, budget)?;
    if let Ok(ctx) = &ctx {
        let n = Some(ctx.space_states()?);
        if ctx.exact {
            report.states = n;
        } else {
            report.space_states = n;
        }
    }
    Ok(Some(ctx))
}

/// The system encoded with an automaton block of `aut_size` states, its states computed (see
/// [`symbolic_ctx`]); `Err(limit)` when a limit cut it short. Also for an automaton
/// translated in the retry round that is larger than the block of the file's context.
pub(super) fn context(
    fsys: &Factored,
    aut_size: usize,
    opts: &CheckOptions,
    budget: &Budget,
) -> Result<std::result::Result<SystemCtx, Limit>> {
    // the default order: Sloan's in FORCE's place where it spans less (`symbolic::order_ltl`)
    let orders = if opts.order == OrderSpec::Auto {
        ltl_candidates(fsys, budget)
    } else {
        order_candidates(&opts.order, opts.manager.reorder, fsys, budget)
    };
    let ctx = orders.and_then(|orders| {
        SystemCtx::race(
            &fsys.system,
            &orders,
            opts.strategy,
            opts.aut_position,
            aut_size,
            opts.manager,
            opts.space,
            budget,
        )
    });
    match ctx {
        Ok(ctx) => Ok(Ok(ctx)),
        Err(Error::Limit(l)) => Ok(Err(l)),
        Err(e) => Err(e),
    }
}

/// Which round of [`fair_shares`] a check belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Round {
    /// Every property in turn, each with its equal share of the time left.
    First,
    /// A property that ran out of its share, again, with all the time left.
    Retry,
}

/// The automata of the negated LTL properties of a file, translated as the properties are
/// checked: in the first round each under its share of the time ([`translate_each`], before
/// the system is encoded, which needs their sizes); one that ran out of its share is
/// translated again only when its turn comes in the retry round of [`fair_shares`], with the
/// time the other properties left. Translated again at once, with all the time left, a
/// formula whose automaton is out of reach (the xor of ten `F`) took the time of every
/// property after it, which were all left unknown.
pub(super) struct Automata {
    negs: Vec<Ltl>,
    autos: Vec<std::result::Result<Tgba, Limit>>,
}

impl Automata {
    /// The first round: the negation of each property translated under its share of `budget`.
    pub(super) fn translate(ps: &[Property<Ltl>], budget: &Budget) -> Result<Automata> {
        let negs: Vec<Ltl> = ps.iter().map(|p| Ltl::not(p.formula.clone())).collect();
        let autos = translate_each(&negs, budget)?;
        Ok(Automata { negs, autos })
    }

    /// The automata the first round made.
    pub(super) fn translated(&self) -> impl Iterator<Item = &Tgba> {
        self.autos.iter().flatten()
    }

    /// The automaton of the negation of property `i` for its check in `round` under `budget`,
    /// or the limit that leaves the property unknown. A translation that ran out of its
    /// share is translated again in the retry round; in the first round it stays out of its
    /// share, so that the property goes to the retry round at once.
    pub(super) fn get(
        &mut self,
        i: usize,
        round: Round,
        budget: &Budget,
    ) -> Result<std::result::Result<&Tgba, Limit>> {
        let out_of_share = matches!(self.autos[i], Err(Limit::Share { .. } | Limit::Time { .. }));
        if out_of_share && round == Round::Retry && !budget.expired() {
            self.autos[i] = match translate_within(&self.negs[i], budget) {
                Ok(a) => Ok(a),
                Err(Error::Limit(l)) => Err(l),
                Err(e) => return Err(e),
            };
        }
        Ok(self.autos[i].as_ref().map_err(Limit::clone))
    }
}

/// An equal share of the time left among `left` checks still to run (the whole budget when it
/// has no time limit).
pub(super) fn fair_share(budget: &Budget, left: usize) -> Budget {
    match budget.remaining() {
        Some(r) => budget.share(r / left.max(1) as f64),
        None => budget.clone(),
    }
}

/// Checks `n` properties with `check(i, budget)` so that one hard property cannot starve the
/// others of time. Under a time limit, each property first gets an equal share of the time
/// left (the time an easy one leaves over goes to the ones after it); those that ran out of
/// their share are then taken up again one after another, each with all the time left. An LTL
/// retry resumes its run where the share stopped it ([`LtlRun`]); a CTL retry starts again but
/// finds the subformulas it finished cached. Why one after another and not shares again: when
/// many properties each need more than a share, equal shares of the rest leave them all half
/// done at the limit, while in order each retry can finish (RERS 2017 problem 113 under a time
/// limit answers more properties so: docs/benchmarks.md, "Fair shares"). Without a time limit,
/// each property runs once, to the
/// end. `check` is told the round: an LTL property whose automaton ran out of its share of
/// the translation waits for the retry round ([`Automata`]).
pub(super) fn fair_shares(
    n: usize,
    budget: &Budget,
    mut check: impl FnMut(usize, &Budget, Round) -> Result<PropertyResult>,
    on: &mut dyn FnMut(Event<'_>),
) -> Result<Vec<PropertyResult>> {
    let share = |left: usize| fair_share(budget, left);
    let out_of_share = |r: &PropertyResult| {
        matches!(
            r.outcome,
            Outcome::Unknown(Limit::Share { .. } | Limit::Time { .. })
        )
    };
    let mut results = Vec::with_capacity(n);
    let mut retry = Vec::new();
    for i in 0..n {
        let r = check(i, &share(n - i), Round::First)?;
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
            let mut r = check(i, budget, Round::Retry)?;
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
pub(super) fn explicit_graph(
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
pub(super) fn combine(
    formula: &str,
    sym: Option<Outcome>,
    exp: Option<Outcome>,
) -> Result<Outcome> {
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
            engine: None,
            reduction: None,
            profile: None,
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
            |i, b, _| {
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
            |i, b, _| {
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
