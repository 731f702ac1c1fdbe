//! An LTL property file under the RERS reading, by the compositional engine
//! (`--engine compositional`): per property, the system reduced for its labels
//! ([`crate::compose::ltl`]), the small result checked explicitly, a counterexample realised on
//! the original system and replayed there. Where the composition would pass the state limit,
//! the reduced network that is left (every component minimised, some composed) goes to the
//! symbolic engine, and its counterexample is realised on the original system the same way.

use std::rc::Rc;
use std::time::{Duration, Instant};

use super::ltl::{check_ltl_file, lasso_evidence, shortened_evidence, validate_lasso};
use super::options::{CheckOptions, Engine, AUTO_GIVE_UP_FACTOR};
use super::shared::{
    fair_share, fair_shares, or_unknown, result, symbolic_ctx, symbolic_system, Automata, Round,
};
use crate::automata::translate::translate_within;
use crate::automata::Tgba;
use crate::compose::ltl::{check as check_compositional, LtlAnswer, Reduction};
use crate::compose::network::{as_system, joint_lasso};
use crate::compose::realise::realise_network_lasso;
use crate::compose::smart::{Bounds, Cache, Stop};
use crate::compose::tree::Node;
use crate::error::{Error, Result};
use crate::explicit::hunt::{hunt, Hunt};
use crate::limits::Budget;
use crate::logic::{Ltl, Property};
use crate::model::{LabelId, System};
use crate::report::{CheckReport, Event, Outcome, PropertyResult, ReductionInfo};
use crate::structural;
use crate::symbolic::ltl::{LtlOptions, LtlRun};

fn info(r: &Reduction) -> ReductionInfo {
    ReductionInfo {
        equivalence: r.equivalence.name().into(),
        kept_labels: r.kept.len(),
        largest_states: r.largest.0,
        largest_transitions: r.largest.1,
        last_states: r.last.0,
        last_transitions: r.last.1,
    }
}

/// A counterexample of the system, `(prefix, cycle)`, or none when the property holds.
type Verdict = Option<(Vec<LabelId>, Vec<LabelId>)>;

pub(super) fn check_ltl_compositional(
    sys: &System,
    ps: &[Property<Ltl>],
    opts: &CheckOptions,
    budget: &Budget,
    report: &mut CheckReport,
    on: &mut dyn FnMut(Event<'_>),
) -> Result<()> {
    // each automaton under its share of the time, as each check; see [`Automata`]
    let mut automata = Automata::translate(ps, budget)?;
    let mut cache = Cache::new();
    on(Event::Begin(report));
    let check_one = |i: usize, budget: &Budget, round: Round| -> Result<PropertyResult> {
        let p = &ps[i];
        let t = Instant::now();
        let neg = match automata.get(i, round, budget)? {
            Ok(neg) => neg,
            Err(l) => return Ok(result(p, Outcome::Unknown(l), t.elapsed().as_secs_f64())),
        };
        let mut reduction = None;
        let verdict = (|| -> Result<Verdict> {
            let pos = translate_within(&p.formula, budget)?;
            let bounds = Bounds::states(opts.compose_max_states);
            let answer = check_compositional(sys, neg, &pos, bounds, &mut cache, budget)?;
            match answer {
                LtlAnswer::Decided {
                    counterexample,
                    reduction: r,
                } => {
                    log::info!(
                        "LTL #{}: reduced modulo {} keeping {} labels: largest LTS {} states, {} \
                         transitions; checked {} states",
                        p.number,
                        r.equivalence.name(),
                        r.kept.len(),
                        r.largest.0,
                        r.largest.1,
                        r.last.0
                    );
                    reduction = Some(info(&r));
                    Ok(counterexample)
                }
                LtlAnswer::Network {
                    nodes,
                    reduction: r,
                    ..
                } => {
                    log::info!(
                        "LTL #{}: {} reduced LTSs left (largest {} states), composing more passes \
                         {} states: the symbolic engine checks their network",
                        p.number,
                        nodes.len(),
                        r.largest.0,
                        opts.compose_max_states
                    );
                    reduction = Some(info(&r));
                    symbolic_on_network(sys, &nodes, neg, opts, budget)
                }
            }
        })();
        let mut r = finish(sys, p, neg, verdict, opts, t.elapsed().as_secs_f64())?;
        r.reduction = reduction;
        log::info!("LTL #{}: {} in {:.2} s", p.number, r.outcome, r.time_s);
        Ok(r)
    };
    report.results = fair_shares(ps.len(), budget, check_one, on)?;
    Ok(())
}

/// The result of property `p` (negation `neg`) from its verdict: a counterexample replayed on
/// `sys` (and shown with `--witness`), a limit as unknown.
fn finish(
    sys: &System,
    p: &Property<Ltl>,
    neg: &Tgba,
    verdict: Result<Verdict>,
    opts: &CheckOptions,
    time_s: f64,
) -> Result<PropertyResult> {
    let mut evidence = None;
    let outcome = or_unknown(verdict, |v| match v {
        None => Ok(Outcome::Holds),
        Some((prefix, cycle)) => {
            validate_lasso(sys, &p.formula, neg, &prefix, &cycle)?;
            if opts.witness {
                // a run of the reduced LTS realised on the system: no shortness was proved for it
                evidence = Some(lasso_evidence(sys, &p.formula, &prefix, &cycle, None)?);
            }
            Ok(Outcome::Violated)
        }
    })?;
    let mut r = result(p, outcome, time_s);
    let st = neg.stats();
    r.automaton = Some((st.states, st.edges, st.acc_sets));
    r.evidence = evidence;
    Ok(r)
}

/// The time the structural proofs that failed may take together in one file; past it, no
/// more is tried (a file of violated properties pays at most this).
const STRUCTURAL_GIVE_UP: Duration = Duration::from_secs(10);

/// The structural proof of `p` (negation `neg`), within [`structural::Limits`] and a quarter of
/// what `share` has left: holds with engine `structural`, or `None` (no claim: on to the other
/// engines). `spent` adds up the time of the failed tries ([`STRUCTURAL_GIVE_UP`]).
fn structural(
    sys: &System,
    p: &Property<Ltl>,
    neg: &Tgba,
    opts: &CheckOptions,
    share: &Budget,
    t: Instant,
    spent: &mut Duration,
) -> Result<Option<PropertyResult>> {
    if *spent >= STRUCTURAL_GIVE_UP {
        return Ok(None);
    }
    let mut limits = structural::Limits::default();
    if let Some(left) = share.remaining() {
        limits.time = limits
            .time
            .min(Duration::from_secs_f64(left.max(0.0) / 4.0));
    }
    let start = Instant::now();
    let Some(proof) = structural::prove(sys, neg, &limits) else {
        *spent += start.elapsed();
        log::debug!(
            "LTL #{}: no structural proof ({:.3} s, {:.3} s of failed tries in the file)",
            p.number,
            start.elapsed().as_secs_f64(),
            spent.as_secs_f64()
        );
        return Ok(None);
    };
    log::info!(
        "LTL #{}: engine structural: holds, the state equation of the automaton merged with {} \
         has no fair solution ({} states and {} edges in the program, {} {} tried, a checked \
         Farkas certificate)",
        p.number,
        proof.merged.join(", "),
        proof.states,
        proof.edges,
        proof.tries,
        if proof.tries == 1 { "merge" } else { "merges" },
    );
    let mut res = finish(sys, p, neg, Ok(None), opts, t.elapsed().as_secs_f64())?;
    res.engine = Some("structural".into());
    Ok(Some(res))
}

/// `--engine auto`: each property first by the compositional engine, composing no LTS over
/// `opts.compose_max_states` states, spending no more than `opts.auto_compose_work` on
/// compositions ([`Bounds::max_work`]) and within an equal share of the time left; the
/// properties it leaves (the composition stays too large, the work or the share ran out)
/// then go to the symbolic engine together, on the whole system (one reachability for all of
/// them), not on the reduced network: a reduced network that stays large is no easier for
/// BDDs than the system, and each network needed a context of its own. Once the properties
/// given up have cost [`AUTO_GIVE_UP_FACTOR`] times the work of one in all (by default one
/// allowance: as a rule the first property given up spends it), the rest go to the symbolic
/// engine without a try: a system whose compositions stay large for those is likely to for
/// the others, and the symbolic engine's reachability, its largest cost on most RERS
/// problems, is then paid anyway. Each result names its engine.
pub(super) fn check_ltl_auto(
    sys: &System,
    ps: &[Property<Ltl>],
    opts: &CheckOptions,
    budget: &Budget,
    report: &mut CheckReport,
    on: &mut dyn FnMut(Event<'_>),
) -> Result<()> {
    let mut automata = Automata::translate(ps, budget)?;
    let mut cache = Cache::new();
    on(Event::Begin(report));
    let mut results: Vec<Option<PropertyResult>> = vec![None; ps.len()];
    let mut left: Vec<usize> = Vec::new();
    // the compositional results of violated properties left to the symbolic engine for their
    // counterexample (with `witness`)
    let mut violated: Vec<Option<PropertyResult>> = vec![None; ps.len()];
    let bounds = Bounds {
        max_states: opts.compose_max_states,
        max_work: opts.auto_compose_work,
        restrict: false,
    };
    let give_up_at = opts.auto_compose_work.saturating_mul(AUTO_GIVE_UP_FACTOR);
    let mut wasted = 0usize;
    for (i, p) in ps.iter().enumerate() {
        let t = Instant::now();
        let share = fair_share(budget, ps.len() - i);
        let neg = match automata.get(i, Round::First, &share)? {
            Ok(neg) => neg,
            Err(_) => {
                left.push(i);
                continue;
            }
        };
        if wasted >= give_up_at {
            log::info!(
                "LTL #{}: engine symbolic (the compositional engine gave up on {} {} after \
                 {wasted} states and transitions of compositions)",
                p.number,
                left.len(),
                if left.len() == 1 {
                    "property"
                } else {
                    "properties"
                }
            );
            left.push(i);
            continue;
        }
        let attempt = translate_within(&p.formula, &share)
            .and_then(|pos| check_compositional(sys, neg, &pos, bounds, &mut cache, &share));
        let (verdict, r) = match attempt {
            Ok(LtlAnswer::Decided {
                counterexample,
                reduction,
            }) => (Ok(counterexample), reduction),
            Ok(LtlAnswer::Network {
                reduction, stop, ..
            }) => {
                let why = match stop {
                    Stop::States => format!("passes {} states", opts.compose_max_states),
                    Stop::Work => format!(
                        "made {} states and transitions of compositions",
                        reduction.work
                    ),
                };
                log::info!(
                    "LTL #{}: engine symbolic (the composition for {} kept labels {why})",
                    p.number,
                    reduction.kept.len(),
                );
                wasted = wasted.saturating_add(reduction.work);
                left.push(i);
                continue;
            }
            Err(Error::Limit(l)) => {
                log::info!("LTL #{}: engine symbolic (compositional: {l})", p.number);
                // the work is not known here: a share that ran out counts as all of it
                wasted = wasted.saturating_add(opts.auto_compose_work);
                left.push(i);
                continue;
            }
            Err(e) => return Err(e),
        };
        log::info!(
            "LTL #{}: engine compositional, modulo {} keeping {} labels, largest LTS {} states, \
             {} states and transitions of compositions",
            p.number,
            r.equivalence.name(),
            r.kept.len(),
            r.largest.0,
            r.work
        );
        let lasso = verdict.as_ref().ok().cloned().flatten();
        let mut res = finish(sys, p, neg, verdict, opts, t.elapsed().as_secs_f64())?;
        res.reduction = Some(info(&r));
        res.engine = Some("compositional".into());
        if let (true, false, Some((prefix, cycle))) = (opts.witness, opts.shortest, &lasso) {
            // made shorter on the explicit product, not decided again (docs/evidence.md)
            res.evidence = Some(shortened_evidence(sys, &p.formula, neg, prefix, cycle)?);
        } else if opts.witness && res.outcome == Outcome::Violated {
            // the counterexample realised from the reduced system is no shortest one: the
            // symbolic engine's is (docs/evidence.md), and the verdict must agree
            log::info!(
                "LTL #{}: violated by the compositional engine; engine symbolic for the shortest \
                 counterexample",
                p.number
            );
            violated[i] = Some(res);
            left.push(i);
            continue;
        }
        on(Event::Decided(&res));
        results[i] = Some(res);
    }
    // the reduced LTSs of the properties given up are of no use to the symbolic engine
    drop(cache);
    // the properties left to the symbolic engine: a bounded explicit hunt for a violation, which
    // finds many of those of the large RERS files within a few thousand product states (and
    // proves a property whose product it explores whole), then a structural proof of truth.
    // Not before the compositional engine: on the files it answers, the failed tries would
    // cost what it saves (2016/105 0.33 -> 1.86 s CPU with the proofs first)
    let mut structural_spent = Duration::ZERO;
    let mut k = 0;
    while k < left.len() {
        let i = left[k];
        if budget.expired() {
            // a limit reached names itself (the symbolic engine reports it): no more tries
            break;
        }
        let t = Instant::now();
        let share = fair_share(budget, left.len() - k);
        let neg = match (&violated[i], automata.get(i, Round::First, &share)?) {
            (None, Ok(neg)) => neg,
            _ => {
                k += 1;
                continue;
            }
        };
        // the hunt first: it finds most violations within microseconds, and each failed
        // structural try costs a product of a few thousand states (2017/110: 0.57 -> 10.2 s
        // CPU with the proofs tried first); a product it explores whole without an accepting
        // lasso is the explicit engine's proof of truth
        let (guided, plain) = (opts.hunt_guided_states, opts.hunt_max_states);
        let cex = match hunt_violation(sys, &ps[i], neg, opts, guided, plain, &share)? {
            HuntVerdict::Violated(cex) => cex,
            HuntVerdict::Holds => {
                let mut res = finish(sys, &ps[i], neg, Ok(None), opts, t.elapsed().as_secs_f64())?;
                res.engine = Some("explicit hunt".into());
                on(Event::Decided(&res));
                results[i] = Some(res);
                left.remove(k);
                continue;
            }
            HuntVerdict::Unknown => {
                match structural(sys, &ps[i], neg, opts, &share, t, &mut structural_spent)? {
                    Some(res) => {
                        on(Event::Decided(&res));
                        results[i] = Some(res);
                        left.remove(k);
                        continue;
                    }
                    // the walks only after the structural proof failed: a holding property it
                    // proves would pay them for nothing
                    None => match hunt_violation(sys, &ps[i], neg, opts, 0, 0, &share)? {
                        HuntVerdict::Violated(cex) => cex,
                        _ => {
                            k += 1;
                            continue;
                        }
                    },
                }
            }
        };
        let (prefix, cycle) = cex.clone();
        let mut res = finish(
            sys,
            &ps[i],
            neg,
            Ok(Some(cex)),
            opts,
            t.elapsed().as_secs_f64(),
        )?;
        res.engine = Some("explicit hunt".into());
        if opts.witness && opts.shortest {
            // not the shortest counterexample either: the symbolic engine's is
            violated[i] = Some(res);
            k += 1;
            continue;
        }
        if opts.witness {
            // made shorter on the explicit product, not decided again (docs/evidence.md)
            let f = &ps[i].formula;
            res.evidence = Some(shortened_evidence(sys, f, neg, &prefix, &cycle)?);
        }
        on(Event::Decided(&res));
        results[i] = Some(res);
        left.remove(k);
    }
    if !left.is_empty() {
        let sub: Vec<Property<Ltl>> = left.iter().map(|&i| ps[i].clone()).collect();
        let sym_opts = CheckOptions {
            engine: Engine::Symbolic,
            // without `shortest`, its counterexamples as without `witness`, made shorter on
            // the explicit product like the others (docs/evidence.md)
            symbolic_shortening: opts.shortest,
            ..opts.clone()
        };
        let mut sub_report = report.clone();
        let mut disagreement = None;
        // the symbolic result of property `ps[i]`, or the compositional one where the symbolic
        // engine ran out of a limit on a property the compositional engine found violated
        let mut merge = |i: usize, r: &PropertyResult| -> PropertyResult {
            let mut r = r.clone();
            r.engine = Some("symbolic".into());
            if let Some(c) = &violated[i] {
                match r.outcome {
                    Outcome::Violated => r.reduction = c.reduction.clone(),
                    Outcome::Holds => {
                        disagreement.get_or_insert(ps[i].formula.to_string());
                    }
                    Outcome::Unknown(_) => return c.clone(),
                }
            }
            r
        };
        let mut forward = |e: Event<'_>| {
            if let Event::Decided(r) = e {
                // `sub` holds the properties of `left` in order, numbered as in `ps`
                if let Some(&i) = left.iter().find(|&&i| ps[i].number == r.number) {
                    let r = merge(i, r);
                    on(Event::Decided(&r));
                }
            }
        };
        check_ltl_file(sys, &sub, &sym_opts, budget, &mut sub_report, &mut forward)?;
        report.states = sub_report.states;
        report.space_states = sub_report.space_states;
        report.reach_time_s = sub_report.reach_time_s;
        report.warnings = sub_report.warnings;
        for (&i, r) in left.iter().zip(sub_report.results) {
            if let (Some(_), Outcome::Unknown(l)) = (&violated[i], &r.outcome) {
                log::info!(
                    "LTL #{}: the symbolic engine: {l}; the compositional engine's \
                     counterexample instead, not proved shortest",
                    ps[i].number
                );
            }
            results[i] = Some(merge(i, &r));
        }
        if let Some(formula) = disagreement {
            return Err(Error::Internal(format!(
                "the compositional (false) and symbolic (true) engines disagree on `{formula}`"
            )));
        }
    }
    report.results = results
        .into_iter()
        .map(|r| r.ok_or_else(|| Error::Internal("a property without a result".into())))
        .collect::<Result<_>>()?;
    Ok(())
}

/// The property whose negation `neg` recognises, checked by the symbolic engine on the network
/// of `nodes`; a counterexample realised on `sys`.
fn symbolic_on_network(
    sys: &System,
    nodes: &[Rc<Node>],
    neg: &Tgba,
    opts: &CheckOptions,
    budget: &Budget,
) -> Result<Verdict> {
    let names: Vec<String> = nodes
        .iter()
        .map(|n| {
            let comps: Vec<&str> = n
                .comps
                .iter()
                .map(|&c| sys.component(c).name.as_str())
                .collect();
            comps.join("+")
        })
        .collect();
    let (net, acts) = as_system(sys, nodes, &names, &|_| false)?;
    let sym_opts = CheckOptions {
        engine: Engine::Symbolic,
        ..opts.clone()
    };
    let fnet = symbolic_system(&net, &sym_opts);
    let mut scratch = CheckReport::default();
    let ctx = match symbolic_ctx(
        &fnet,
        neg.num_states.max(1),
        &sym_opts,
        budget,
        &mut scratch,
    )? {
        Some(Ok(ctx)) => ctx,
        Some(Err(l)) => return Err(Error::Limit(l)),
        None => return Err(Error::Internal("no symbolic context".into())),
    };
    let ltl_opts = LtlOptions {
        shorten: opts.witness,
        ..LtlOptions::default()
    };
    let r = LtlRun::new(&ctx, &fnet.system, neg, budget, &ltl_opts)?.run(budget)?;
    if r.holds {
        return Ok(None);
    }
    let cex = r
        .counterexample
        .ok_or_else(|| Error::Internal("violated property without counterexample".into()))?;
    let (prefix, cycle) = joint_lasso(&net, &acts, &cex.prefix, &cex.cycle)?;
    realise_network_lasso(sys, nodes, &prefix, &cycle).map(Some)
}

/// What the bounded hunt of [`crate::explicit::hunt`] says of a property.
enum HuntVerdict {
    /// A lasso of the product (replayed by the caller before it is a verdict).
    Violated((Vec<LabelId>, Vec<LabelId>)),
    /// The plain hunt explored the whole reachable product without an accepting cycle: the
    /// emptiness check of the explicit engine (`explicit::ltl`: the same product of the same
    /// system and automaton, the same acceptance, only infinite runs), done on the fly.
    Holds,
    /// A bound or a limit was reached first, or no hunt was asked for: nothing is known.
    Unknown,
}

/// The bounded hunt of [`crate::explicit::hunt`] for `p` (negation `neg`), within
/// `guided` and `max` states of its two searches, or, with both 0, its walks of
/// `opts.hunt_walk_steps` steps (called so after the structural proof failed); none at all
/// when `opts.hunt_guided_states` and `opts.hunt_max_states` are both 0.
fn hunt_violation(
    sys: &System,
    p: &Property<Ltl>,
    neg: &Tgba,
    opts: &CheckOptions,
    guided: usize,
    max: usize,
    budget: &Budget,
) -> Result<HuntVerdict> {
    if opts.hunt_guided_states == 0 && opts.hunt_max_states == 0 {
        return Ok(HuntVerdict::Unknown);
    }
    let t = Instant::now();
    // the walks in the call without searches (after the structural proof failed)
    let walks = if guided == 0 && max == 0 {
        opts.hunt_walk_steps
    } else {
        0
    };
    let found = match hunt(sys, neg, guided, walks, max, budget) {
        Ok(h) => h,
        Err(Error::Limit(_)) => return Ok(HuntVerdict::Unknown),
        Err(e) => return Err(e),
    };
    let secs = t.elapsed().as_secs_f64();
    match found {
        Hunt::Lasso {
            prefix,
            cycle,
            states,
        } => {
            log::info!(
                "LTL #{}: engine explicit hunt: a lasso of {} + {} steps after {states} product \
                 states, {secs:.3} s",
                p.number,
                prefix.len(),
                cycle.len()
            );
            Ok(HuntVerdict::Violated((prefix, cycle)))
        }
        Hunt::Empty { states } => {
            log::info!(
                "LTL #{}: engine explicit hunt: holds, no accepting lasso in the whole product \
                 ({states} states, {secs:.3} s)",
                p.number
            );
            Ok(HuntVerdict::Holds)
        }
        Hunt::Bound => {
            log::info!(
                "LTL #{}: the explicit hunt passed {guided} + {max} states and {walks} steps \
                 of walks without a lasso \
                 ({secs:.3} s)",
                p.number
            );
            Ok(HuntVerdict::Unknown)
        }
    }
}
