//! An LTL property file under the RERS reading, by the compositional engine
//! (`--engine compositional`): per property, the system reduced for its labels
//! ([`crate::compose::ltl`]), the small result checked explicitly, a counterexample realised on
//! the original system and replayed there. Where the composition would pass the state limit,
//! the reduced network that is left (every component minimised, some composed) goes to the
//! symbolic engine, and its counterexample is realised on the original system the same way.

use std::rc::Rc;
use std::time::Instant;

use super::ltl::{lasso_evidence, validate_lasso};
use super::options::{CheckOptions, Engine};
use super::shared::{
    fair_shares, or_unknown, result, symbolic_ctx, symbolic_system, Automata, Round,
};
use crate::automata::translate::translate_within;
use crate::automata::Tgba;
use crate::compose::ltl::{check as check_compositional, LtlAnswer, Reduction};
use crate::compose::network::{as_system, joint_lasso};
use crate::compose::realise::realise_network_lasso;
use crate::compose::smart::Cache;
use crate::compose::tree::Node;
use crate::error::{Error, Result};
use crate::limits::Budget;
use crate::logic::{Ltl, Property};
use crate::model::{LabelId, System};
use crate::report::{CheckReport, Event, Outcome, PropertyResult, ReductionInfo};
use crate::symbolic::ltl::{LtlOptions, LtlRun};

/// The largest composition the compositional engine builds before it hands the reduced
/// network to the symbolic engine.
pub const MAX_COMPOSED_STATES: usize = 200_000;

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
            let answer =
                check_compositional(sys, neg, &pos, MAX_COMPOSED_STATES, &mut cache, budget)?;
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
                } => {
                    log::info!(
                        "LTL #{}: {} reduced LTSs left (largest {} states), composing more passes \
                         {MAX_COMPOSED_STATES} states: the symbolic engine checks their network",
                        p.number,
                        nodes.len(),
                        r.largest.0
                    );
                    reduction = Some(info(&r));
                    symbolic_on_network(sys, &nodes, neg, opts, budget)
                }
            }
        })();
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
        let mut r = result(p, outcome, t.elapsed().as_secs_f64());
        let st = neg.stats();
        r.automaton = Some((st.states, st.edges, st.acc_sets));
        r.evidence = evidence;
        r.reduction = reduction;
        log::info!("LTL #{}: {} in {:.2} s", p.number, r.outcome, r.time_s);
        Ok(r)
    };
    report.results = fair_shares(ps.len(), budget, check_one, on)?;
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
