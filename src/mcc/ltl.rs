//! LTLCardinality and LTLFireability on the symbolic engine.
//!
//! Each formula `A φ` is checked as the RERS LTL is ([`crate::symbolic::ltl`]): the automaton
//! of `¬φ` ([`translate_valuations_within`]) reads the valuation of `φ`'s maximal state
//! subformulas in each marking, its product with the net's LTS network (an encoding with a
//! block for the automaton state, [`SystemCtx`]) guards every automaton edge with the
//! markings whose valuation it reads ([`LtlRun::on_states`]), and the Emerson-Lei fixpoint
//! decides whether an accepting run exists. The propositions are sets of markings on that
//! encoding ([`NetSets`]).
//!
//! Deadlocks ([`Deadlocks`]): `Stutter` (the contest's reading, docs/mcc.md) gives the product
//! a step from each deadlock to itself; `Infinite` drops paths into deadlocks (no such step);
//! `Finite` is left to the explicit engine (`mod.rs` dispatches).
//!
//! Every violation comes with a lasso of the product, replayed here on the net as read before
//! it is believed ([`replay`]): its markings follow the net's moves from the initial marking
//! (a stutter step only at a deadlock), and the formula, evaluated on the lasso's word of
//! valuations apart from any automaton ([`crate::logic::eval`]), is false there.
//!
//! The formulas of an examination share its time limit as `ltsym check` shares it among the
//! properties of a file: each first gets an equal share of what is left, and one that ran out
//! of its share resumes, with all the time left, once the others are done.

use oxidd::bdd::BDDFunction;
use oxidd::BooleanFunction;

use super::explicit::eval_state;
use super::formula::{atom_name, Deadlocks, Formula, Property, Query};
use super::sets::{check_one_safe, NetSets};
use super::shares::{in_two_passes, share_of};
use crate::automata::valuations::{
    over_valuations, translate_valuations_within, valuation_letter, ValuationTgba,
};
use crate::error::{Error, Result};
use crate::explicit::graph::successors;
use crate::limits::Budget;
use crate::logic::eval::holds_on_lasso;
use crate::logic::Ltl;
use crate::model::factor::{factor, Factored};
use crate::model::{PetriNet, StateId, System};
use crate::symbolic::ltl::{ExactFixpoint, Lasso, LtlOptions, LtlResult, LtlRun, STUTTER};
use crate::symbolic::reach::Strategy;
use crate::symbolic::{AutPosition, OrderSpec, Space, SystemCtx};

/// One LTL formula `A φ`, ready to check: its propositions (the maximal state subformulas of
/// `φ`), `φ` over them, and the automaton of `¬φ`.
struct Prepared {
    atoms: Vec<Formula>,
    body: Ltl,
    names: Vec<String>,
    neg: ValuationTgba,
}

/// The LTL path formula of `A φ` over its state atoms.
fn prepare(f: &Formula, budget: &Budget) -> Result<Prepared> {
    let Formula::AllPaths(p) = f else {
        return Err(Error::Usage(
            "an LTL formula of the contest is `A` of a path formula".into(),
        ));
    };
    let atoms = p.state_atoms();
    let names: Vec<String> = (0..atoms.len()).map(atom_name).collect();
    let body = p.to_ltl(&atoms);
    let neg = translate_valuations_within(&Ltl::not(body.clone()), &names, budget)?;
    Ok(Prepared {
        atoms,
        body,
        names,
        neg,
    })
}

/// Whether each LTL property of `props` holds in the net `net` (rebuilt as `sys`), deadlocks
/// read as `deadlocks` (`Stutter` or `Infinite`); `None` where a limit stopped it. A limit
/// while computing the reachable markings leaves all `None`. `decided(i, holds)` is called
/// once for each property `i` the moment it is decided.
pub fn check_ltl(
    sys: &System,
    net: &PetriNet,
    props: &[Property],
    deadlocks: Deadlocks,
    budget: &Budget,
    decided: &mut dyn FnMut(usize, bool),
) -> Result<Vec<Option<bool>>> {
    if deadlocks == Deadlocks::Finite {
        return Err(Error::Internal(
            "the symbolic LTL of ltsym mcc reads deadlocks as stuttering or as no path".into(),
        ));
    }
    let n = props.len();
    // the automata first: the encoding reserves a block for the largest
    let mut prepared: Vec<Option<Prepared>> = Vec::with_capacity(n);
    for (i, p) in props.iter().enumerate() {
        let Query::Holds(f) = &p.query else {
            return Err(Error::Internal(format!("{} is no LTL formula", p.id)));
        };
        let share = share_of(budget, n - i);
        prepared.push(within_limits(&p.id, prepare(f, &share))?);
    }
    let aut_size = prepared
        .iter()
        .flatten()
        .map(|p| p.neg.num_states)
        .max()
        .unwrap_or(1);
    let fsys = factor(sys);
    let places = super::symbolic::two_state_units(sys);
    let encoded = encode(&fsys, places, aut_size, budget);
    let Some(ctx) = within_limits("the reachable markings", encoded)? else {
        return Ok(vec![None; n]);
    };
    let sets = NetSets::new(&ctx.enc, &fsys, net)?;
    check_one_safe(&ctx.enc, &fsys, &sets, &ctx.reach)?;
    let dead = match deadlocks {
        Deadlocks::Stutter => Some(ctx.enc.enabled_any()?.not()?),
        _ => None,
    };
    let opts = LtlOptions {
        // a counterexample backs every violation; nobody reads it
        shorten: false,
        // the race with the forward fixpoint was measured on the RERS files only; on the RERS
        // net it lost more than it won (docs/benchmarks.md, "Probe and fixpoint race")
        exact_fixpoint: ExactFixpoint::Backward,
        ..LtlOptions::default()
    };
    let mut runs: Vec<Option<LtlRun>> = (0..n).map(|_| None).collect();
    let mut check = |i: usize, budget: &Budget| -> Result<Option<bool>> {
        let Some(p) = &prepared[i] else {
            return Ok(None);
        };
        let r = match runs[i].take() {
            Some(run) => Ok(run),
            None => p
                .atoms
                .iter()
                .map(|a| sets.state_set(&ctx.enc, a, budget))
                .collect::<Result<Vec<BDDFunction>>>()
                .and_then(|atoms| {
                    LtlRun::on_states(&ctx, &p.neg, &atoms, dead.as_ref(), budget, &opts)
                }),
        };
        let mut run = match r {
            Ok(run) => run,
            Err(Error::Limit(l)) => {
                log::warn!("{}: {l}", props[i].id);
                return Ok(None);
            }
            Err(e) => return Err(e),
        };
        match run.run(budget) {
            Ok(r) => {
                log_result(&props[i].id, &r);
                if !r.holds {
                    let lasso = r.counterexample.ok_or_else(|| {
                        Error::Internal("a violated formula without a counterexample".into())
                    })?;
                    replay(sys, net, &fsys, p, &lasso, deadlocks)
                        .map_err(|e| Error::Internal(format!("{}: {e}", props[i].id)))?;
                }
                Ok(Some(r.holds))
            }
            Err(Error::Limit(l)) => {
                log::warn!("{}: {l}", props[i].id);
                runs[i] = Some(run);
                Ok(None)
            }
            Err(e) => Err(e),
        }
    };
    let out = in_two_passes(n, budget, |i, share, again| {
        if again && prepared[i].is_some() {
            log::info!("{}: again, with the {:.1} s left", props[i].id, {
                budget.remaining().unwrap_or(0.0)
            });
        }
        let holds = check(i, share)?;
        if let Some(holds) = holds {
            decided(i, holds);
        }
        Ok(holds)
    })?;
    Ok(out)
}

/// `Ok(None)` for a hit limit or a formula ltsym cannot translate (logged), the value
/// otherwise.
fn within_limits<T>(what: &str, r: Result<T>) -> Result<Option<T>> {
    match r {
        Ok(v) => Ok(Some(v)),
        Err(Error::Limit(l)) => {
            log::warn!("{what}: {l}");
            Ok(None)
        }
        Err(Error::Usage(m)) => {
            log::warn!("{what}: {m}");
            Ok(None)
        }
        Err(e) => Err(e),
    }
}

/// The encoding with an automaton block of `aut_size` states on top, and the reachable
/// markings as the other examinations compute them: by saturation over the raced orders, or
/// on a net of two-state units (`places`) by chaining in the given order
/// ([`super::symbolic::places_strategy`]).
fn encode(fsys: &Factored, places: bool, aut_size: usize, budget: &Budget) -> Result<SystemCtx> {
    let (strategy, orders) = if places {
        super::symbolic::places_strategy(fsys.system.components().len())
    } else {
        (
            Strategy::Sat,
            OrderSpec::Auto.candidates_within(fsys, budget)?,
        )
    };
    SystemCtx::race(
        &fsys.system,
        &orders,
        strategy,
        AutPosition::Top,
        aut_size,
        super::symbolic::manager_options(&fsys.system, aut_size, budget),
        Space::Reach,
        budget,
    )
}

fn log_result(id: &str, r: &LtlResult) {
    let st = &r.stats;
    log::info!(
        "{id}: {} (product relations {} nodes, build {:.2} s, Emerson-Lei {:.2} s in {} \
         iterations, of it the probe {:.2} s, counterexample {:.2} s)",
        if r.holds { "holds" } else { "violated" },
        st.relation_nodes,
        st.build_seconds,
        st.el_seconds,
        st.el_iterations,
        st.probe_seconds,
        st.witness_seconds
    );
}

/// Replays a counterexample of `A φ` (a lasso of the product) on the net: its markings are a
/// run of the net from the initial marking (a [`STUTTER`] step repeats a deadlock, and only
/// under `Stutter`), and `φ` is false on the word of their valuations. A failure is a bug,
/// said in the error.
fn replay(
    sys: &System,
    net: &PetriNet,
    fsys: &Factored,
    p: &Prepared,
    lasso: &Lasso,
    deadlocks: Deadlocks,
) -> std::result::Result<(), String> {
    let labels: Vec<usize> = lasso.prefix.iter().chain(&lasso.cycle).copied().collect();
    let states: Vec<Vec<StateId>> = lasso
        .states
        .iter()
        .map(|s| fsys.original_state(&s.system))
        .collect();
    if states.len() != labels.len() + 1 || lasso.cycle.is_empty() {
        return Err("a malformed counterexample".into());
    }
    if states[0] != sys.initial_state() {
        return Err("the counterexample does not start in the initial marking".into());
    }
    if states[labels.len()] != states[lasso.prefix.len()] {
        return Err("the counterexample's cycle does not close".into());
    }
    let mut next = Vec::new();
    for (k, &l) in labels.iter().enumerate() {
        successors(sys, &states[k], &mut next);
        let ok = if l == STUTTER {
            deadlocks == Deadlocks::Stutter && next.is_empty() && states[k + 1] == states[k]
        } else {
            next.iter().any(|(m, s)| *m == l && *s == states[k + 1])
        };
        if !ok {
            return Err(format!(
                "step {k} of the counterexample is no step of the net"
            ));
        }
    }
    let word: Vec<String> = states[..labels.len()]
        .iter()
        .map(|state| {
            let m = p
                .atoms
                .iter()
                .enumerate()
                .filter(|(_, a)| eval_state(net, state, a))
                .fold(0usize, |m, (i, _)| m | 1 << i);
            valuation_letter(m)
        })
        .collect();
    let (prefix, cycle) = word.split_at(lasso.prefix.len());
    let f = over_valuations(&p.body, &p.names).map_err(|e| e.to_string())?;
    if holds_on_lasso(&f, prefix, cycle) {
        return Err(format!(
            "the formula holds on its counterexample ({} steps to a cycle of {})",
            prefix.len(),
            cycle.len()
        ));
    }
    Ok(())
}
