//! The Model Checking Contest's examinations on a model folder: the pipeline behind
//! `ltsym mcc`.
//!
//! A model folder holds `model.pnml` (a one-safe NUPN net) and, for the examinations with
//! formulas, `<Examination>.xml`. The net is read once ([`load_model`]), the formulas against it
//! ([`load_properties`]), and an engine answers every result of the examination with one
//! [`Answer`] each, `None` where a limit stopped it. Each answer is also handed to a sink the
//! moment it is decided ([`examine_with`]), so that a run stopped from outside keeps what it
//! decided (the contest's harness kills a tool at its time limit).
//!
//! Semantics of deadlocks and finite runs: [`MccOptions::ctl_deadlocks`] and
//! [`MccOptions::ltl_deadlocks`] (defaults: the reading the contest's agreed answers need, see
//! docs/mcc.md, "Deadlocks and finite runs").
//!
//! One file per part, as in `check/`: the examinations and their formulas ([`formula`]), the
//! reader of the formula files ([`xml`]), the examinations on the explicit reachability graph
//! ([`explicit`]: the oracle, which reaches nothing symbolic) and on BDDs ([`symbolic`]), the
//! contest's answer lines and oracle files ([`answer`]); this file loads a model folder and
//! dispatches to the engines. The net itself is read by `parse/pnml.rs` (PNML is an input
//! format of every subcommand) into a [`System`] and the [`PetriNet`] that maps its places and
//! transitions onto it (`model/net.rs`).

pub mod answer;
pub mod explicit;
pub mod formula;
pub mod ltl;
pub mod sets;
mod shares;
pub mod start;
pub mod symbolic;
pub mod xml;

pub use answer::{compare, parse_oracle, Answer, Comparison, Expected, LineStream, Value};
pub use explicit::NetSpace;
pub use formula::{Deadlocks, Examination, Formula, FormulaLogic, IntExpr, Property, Query};
pub use symbolic::NetChecker;

use std::path::{Path, PathBuf};

use num_bigint::BigUint;

use crate::check::Engine;
use crate::error::{Error, Result};
use crate::limits::Budget;
use crate::model::{PetriNet, System};
use crate::parse::{pnml, read_file, PnmlLabels};
use answer::STATE_SPACE_KEYS;

/// A model folder, read.
pub struct Model {
    pub dir: PathBuf,
    /// The folder's name: the contest's model name.
    pub name: String,
    pub sys: System,
    pub net: PetriNet,
}

/// Reads `dir/model.pnml`.
pub fn load_model(dir: &Path) -> Result<Model> {
    let path = dir.join("model.pnml");
    let text = read_file(&path)?;
    let (sys, net) = pnml::parse_net(&text, &path, PnmlLabels::Auto)?;
    let name = dir
        .canonicalize()
        .ok()
        .as_deref()
        .unwrap_or(dir)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    Ok(Model {
        dir: dir.to_path_buf(),
        name,
        sys,
        net,
    })
}

/// The properties of `ex` from `dir/<ex>.xml`, checked for the shape the examination asks;
/// none for an examination without formulas.
pub fn load_properties(model: &Model, ex: Examination) -> Result<Vec<Property>> {
    if !ex.has_formulas() {
        return Ok(Vec::new());
    }
    let path = model.dir.join(format!("{}.xml", ex.name()));
    let text = read_file(&path)?;
    let props = xml::parse_properties(&text, &path, &model.net)?;
    for p in &props {
        let ok = match (&p.query, ex.logic()) {
            (Query::Bound(_), None) => ex == Examination::UpperBounds,
            (Query::Holds(f), Some(logic)) => f.fits(logic),
            _ => false,
        };
        if !ok {
            return Err(Error::invalid(
                &path,
                format!(
                    "property `{}` does not have the shape of a {} formula",
                    p.id,
                    ex.name()
                ),
            ));
        }
    }
    Ok(props)
}

/// Options of an examination run.
#[derive(Clone, Debug)]
pub struct MccOptions {
    pub engine: Engine,
    pub ctl_deadlocks: Deadlocks,
    pub ltl_deadlocks: Deadlocks,
    /// Explicit engine: state limit.
    pub max_states: Option<u64>,
}

impl Default for MccOptions {
    fn default() -> Self {
        MccOptions {
            engine: Engine::Symbolic,
            ctl_deadlocks: Deadlocks::Finite,
            ltl_deadlocks: Deadlocks::Stutter,
            max_states: None,
        }
    }
}

/// The ids of the results `ex` asks for, in output order (StateSpace: its figures).
pub fn asked(ex: Examination, props: &[Property]) -> Vec<String> {
    match ex {
        Examination::StateSpace => STATE_SPACE_KEYS.iter().map(|k| k.to_string()).collect(),
        _ if ex.has_formulas() => props.iter().map(|p| p.id.clone()).collect(),
        _ => vec![ex.name().to_string()],
    }
}

const EXPLICIT: [&str; 2] = ["EXPLICIT", "USE_NUPN"];

/// Answers `ex` with the explicit engine, each answer handed to `sink` as it is decided. A
/// limit hit while exploring leaves every answer `None`; any other error is returned.
pub fn examine_explicit(
    model: &Model,
    ex: Examination,
    props: &[Property],
    opts: &MccOptions,
    budget: &Budget,
    sink: &mut dyn FnMut(&Answer),
) -> Result<Vec<Answer>> {
    let ids = asked(ex, props);
    let space = match NetSpace::build(&model.sys, &model.net, opts.max_states, budget) {
        Ok(s) => s,
        Err(Error::Limit(l)) => {
            log::warn!("explicit engine: {l}");
            return Ok(unanswered(ex, &ids));
        }
        Err(e) => return Err(e),
    };
    let num = |n: u64| Some(Value::Number(BigUint::from(n)));
    let bool_ = |b: bool| Some(Value::Bool(b));
    let values: Vec<Option<Value>> = match ex {
        Examination::StateSpace => {
            let f = space.state_space();
            vec![
                num(f.states),
                num(f.transitions),
                num(f.max_token_in_place),
                num(f.max_token_per_marking),
            ]
        }
        Examination::ReachabilityDeadlock => vec![bool_(space.deadlock())],
        // the exploration has checked one-safety (NetSpace::build)
        Examination::OneSafe => vec![bool_(true)],
        Examination::QuasiLiveness => vec![bool_(space.quasi_live())],
        Examination::StableMarking => vec![bool_(space.stable_marking())],
        Examination::Liveness => vec![bool_(space.live())],
        _ => {
            let mut out = Vec::with_capacity(props.len());
            for (i, p) in props.iter().enumerate() {
                // every formula watches its limits (the LTL search, the passes of CTL and of
                // the bounds every 4,096 states): one gets an equal share of the time left,
                // and a limit it hits leaves the next ones to run
                let share = shares::share_of(budget, props.len() - i);
                let within = |r: Result<Value>| match r {
                    Ok(v) => Ok(Some(v)),
                    Err(Error::Limit(l)) => {
                        log::warn!("explicit engine: {}: {l}", p.id);
                        Ok(None)
                    }
                    Err(e) => Err(e),
                };
                let value = match &p.query {
                    Query::Bound(ps) => within(
                        space
                            .bound(ps, &share)
                            .map(|b| Value::Number(BigUint::from(b))),
                    )?,
                    Query::Holds(f) => {
                        let logic = ex.logic().expect("formula examinations have a logic");
                        let ltl = matches!(
                            ex,
                            Examination::LtlCardinality | Examination::LtlFireability
                        );
                        let deadlocks = if ltl {
                            opts.ltl_deadlocks
                        } else {
                            opts.ctl_deadlocks
                        };
                        within(
                            space
                                .holds(f, logic, deadlocks, opts.max_states, &share)
                                .map(Value::Bool),
                        )?
                    }
                };
                out.push(decided(ex, &p.id, value, &EXPLICIT, sink));
            }
            return Ok(out);
        }
    };
    Ok(all_decided(ex, ids, values, &EXPLICIT, sink))
}

/// Answers `ex` with the engine of `opts`. With [`Engine::Both`], the explicit engine's
/// answers are compared with the symbolic ones wherever both have one (an internal error when
/// they differ), and the symbolic ones stand where the explicit engine hit its limit.
pub fn examine(
    model: &Model,
    ex: Examination,
    props: &[Property],
    opts: &MccOptions,
    budget: &Budget,
) -> Result<Vec<Answer>> {
    examine_with(model, ex, props, opts, budget, &mut None, &mut |_| {})
}

/// [`examine`] as `ltsym mcc` runs it: each answer with a value is handed to `sink` the moment
/// it is decided (once; those that come out together, as the global properties, together at
/// the end), and the answers are returned in the order of [`asked`] as well. With
/// [`Engine::Both`] the sink gets them once both engines have answered and agree. For several
/// examinations of one model in a row, `space` keeps the symbolic engine's reachable markings
/// from the first examination that computed them (within its budget) for the next ones.
pub fn examine_with<'a>(
    model: &'a Model,
    ex: Examination,
    props: &[Property],
    opts: &MccOptions,
    budget: &Budget,
    space: &mut Option<NetChecker<'a>>,
    sink: &mut dyn FnMut(&Answer),
) -> Result<Vec<Answer>> {
    match opts.engine {
        Engine::Compositional => Err(Error::Usage(
            "ltsym mcc answers with the symbolic or the explicit engine (or both); the \
             compositional engine is for `ltsym check`"
                .into(),
        )),
        Engine::Explicit => examine_explicit(model, ex, props, opts, budget, sink),
        Engine::Auto if explicit_fits(model, opts, budget)? => {
            log::info!(
                "{}: engine explicit (every reachable marking within a probe of {})",
                model.name,
                AUTO_EXPLICIT_MARKINGS
            );
            examine_explicit(model, ex, props, opts, budget, sink)
        }
        Engine::Symbolic | Engine::Auto => {
            examine_symbolic(model, ex, props, opts, budget, space, sink)
        }
        Engine::Both if !symbolic_answers(ex, opts) => {
            examine_explicit(model, ex, props, opts, budget, sink)
        }
        Engine::Both => {
            let sym = examine_symbolic(model, ex, props, opts, budget, space, &mut |_| {})?;
            let exp = examine_explicit(model, ex, props, opts, budget, &mut |_| {})?;
            for (s, e) in sym.iter().zip(&exp) {
                if let (Some(a), Some(b)) = (&s.value, &e.value) {
                    if a != b {
                        return Err(Error::Internal(format!(
                            "{} {}: the symbolic engine answers {a}, the explicit one {b}",
                            model.name, s.id
                        )));
                    }
                }
            }
            let both: Vec<Answer> = sym
                .into_iter()
                .zip(exp)
                .map(|(s, e)| if s.value.is_some() { s } else { e })
                .collect();
            for a in both.iter().filter(|a| a.value.is_some()) {
                sink(a);
            }
            Ok(both)
        }
    }
}

/// `--engine auto`: the explicit engine answers where an explicit search of at most this many
/// markings (or of `--max-states`, if fewer) finds them all. Below this size it answers every
/// examination faster than the BDDs, whose variable order can make a net of a hundred
/// thousand markings cost seconds per formula (NQueens-PT-08: docs/mcc.md).
pub const AUTO_EXPLICIT_MARKINGS: u64 = 1 << 18;

/// Whether the reachable markings of `model` fit the explicit engine under `--engine auto`
/// ([`AUTO_EXPLICIT_MARKINGS`]). A limit hit while looking (the state bound, time, memory)
/// says no: the symbolic engine then runs, and meets the same time or memory limit itself.
fn explicit_fits(model: &Model, opts: &MccOptions, budget: &Budget) -> Result<bool> {
    let bound = opts
        .max_states
        .map_or(AUTO_EXPLICIT_MARKINGS, |m| m.min(AUTO_EXPLICIT_MARKINGS));
    match crate::explicit::probe::count_within(&model.sys, bound, budget) {
        Ok(n) => Ok(n.is_some()),
        Err(Error::Limit(_)) => Ok(false),
        Err(e) => Err(e),
    }
}

/// Whether the symbolic engine answers `ex` itself: everything but CTL in a reading other
/// than finite maximal paths (the fixpoints of [`crate::symbolic::CtlChecker`]) and LTL with
/// finite paths. The rest goes to the explicit engine.
pub fn symbolic_answers(ex: Examination, opts: &MccOptions) -> bool {
    match ex.logic() {
        Some(FormulaLogic::Ltl) => opts.ltl_deadlocks != Deadlocks::Finite,
        Some(_) => opts.ctl_deadlocks == Deadlocks::Finite,
        None => true,
    }
}

const SYMBOLIC: [&str; 2] = ["DECISION_DIAGRAMS", "USE_NUPN"];

/// `Ok(None)` for a hit limit (logged), the value otherwise.
fn within_limits<T>(r: Result<T>) -> Result<Option<T>> {
    match r {
        Ok(v) => Ok(Some(v)),
        Err(Error::Limit(l)) => {
            log::warn!("symbolic engine: {l}");
            Ok(None)
        }
        Err(e) => Err(e),
    }
}

/// Answers `ex` with the symbolic engine ([`NetChecker`], LTL on an encoding of its own:
/// [`ltl::check_ltl`]); what it does not answer ([`symbolic_answers`]) with the explicit one. A limit hit while
/// computing the reachable markings leaves every answer `None`, one hit on a formula that
/// formula's (and, the time being spent, usually the rest).
pub fn examine_symbolic<'a>(
    model: &'a Model,
    ex: Examination,
    props: &[Property],
    opts: &MccOptions,
    budget: &Budget,
    cache: &mut Option<NetChecker<'a>>,
    sink: &mut dyn FnMut(&Answer),
) -> Result<Vec<Answer>> {
    if !symbolic_answers(ex, opts) {
        return examine_explicit(model, ex, props, opts, budget, sink);
    }
    let ids = asked(ex, props);
    if ex.logic() == Some(FormulaLogic::Ltl) {
        let mut on_decided = |i: usize, holds: bool| {
            decided(ex, &ids[i], Some(Value::Bool(holds)), &SYMBOLIC, sink);
        };
        let values = ltl::check_ltl(
            &model.sys,
            &model.net,
            props,
            opts.ltl_deadlocks,
            budget,
            &mut on_decided,
        )?;
        let values = values.into_iter().map(|v| v.map(Value::Bool)).collect();
        return Ok(answers(ex, ids, values, &SYMBOLIC));
    }
    if ex == Examination::StateSpace && cache.is_none() {
        if let Some(after) = start::after_start(&model.sys, &model.net) {
            log::info!(
                "{}: StateSpace from the marking after the start step",
                model.name
            );
            return state_space_after_start(&after, ids, budget, sink);
        }
    }
    if cache.is_none() {
        let built = if ex.logic() == Some(FormulaLogic::Ctl) {
            NetChecker::build_for_fixpoints(&model.sys, &model.net, budget)
        } else {
            NetChecker::build(&model.sys, &model.net, budget)
        };
        *cache = within_limits(built)?;
    }
    let Some(space) = cache.as_ref() else {
        return Ok(unanswered(ex, &ids));
    };
    log::info!(
        "{}: {} reachable markings in {:.3} s",
        model.name,
        space.stats.states,
        space.stats.time_s()
    );
    let num = |n: u64| Value::Number(BigUint::from(n));
    let values: Vec<Option<Value>> = match ex {
        Examination::StateSpace => {
            // the states are known once the reachable set is, before the edges are counted
            let states = Value::Number(space.stats.states.clone());
            let first = decided(ex, &ids[0], Some(states), &SYMBOLIC, sink);
            let rest = match within_limits(space.state_space(budget))? {
                Some(f) => vec![
                    Some(Value::Number(f.transitions)),
                    Some(num(f.max_token_in_place)),
                    Some(num(f.max_token_per_marking)),
                ],
                None => vec![None, None, None],
            };
            return Ok(then_decided(first, ex, &ids[1..], rest, sink));
        }
        Examination::ReachabilityDeadlock => vec![Some(Value::Bool(space.deadlock()))],
        // the build has checked one-safety on the reachable markings
        Examination::OneSafe => vec![Some(Value::Bool(true))],
        Examination::QuasiLiveness => {
            vec![within_limits(space.quasi_live(budget))?.map(Value::Bool)]
        }
        Examination::StableMarking => {
            vec![within_limits(space.stable_marking(budget))?.map(Value::Bool)]
        }
        Examination::Liveness => vec![within_limits(space.live(budget))?.map(Value::Bool)],
        _ => {
            // Each formula first gets an equal share of the time left, and those that ran out
            // of it are tried again with all the time the others left ([`shares`]); a
            // formula tried again starts from the start, but the CTL subformulas' sets the
            // checker has kept are not computed again.
            let mut ctl = None;
            let values = shares::in_two_passes(props.len(), budget, |i, share, _| {
                let p = &props[i];
                let value = match &p.query {
                    Query::Bound(ps) => within_limits(space.bound(ps, share))?.map(num),
                    Query::Holds(f) => {
                        if ctl.is_none() {
                            ctl = within_limits(space.ctl_checker(budget))?;
                        }
                        match &ctl {
                            Some(ck) => {
                                within_limits(space.holds_ctl(ck, f, share))?.map(Value::Bool)
                            }
                            None => None,
                        }
                    }
                };
                Ok(match value {
                    Some(v) => decided(ex, &p.id, Some(v), &SYMBOLIC, sink).value,
                    None => None,
                })
            })?;
            return Ok(answers(ex, ids, values, &SYMBOLIC));
        }
    };
    Ok(all_decided(ex, ids, values, &SYMBOLIC, sink))
}

/// StateSpace on the net after its start step ([`start::after_start`]), the initial marking
/// added: one more marking, its out-edges, its tokens.
fn state_space_after_start(
    after: &start::AfterStart,
    ids: Vec<String>,
    budget: &Budget,
    sink: &mut dyn FnMut(&Answer),
) -> Result<Vec<Answer>> {
    let ex = Examination::StateSpace;
    let Some(space) = within_limits(NetChecker::build(&after.sys, &after.net, budget))? else {
        return Ok(unanswered(ex, &ids));
    };
    let states = Value::Number(&space.stats.states + 1u32);
    let first = decided(ex, &ids[0], Some(states), &SYMBOLIC, sink);
    let rest = match within_limits(space.state_space(budget))? {
        Some(f) => {
            let per_marking = f.max_token_per_marking.max(after.initial_tokens);
            vec![
                Some(Value::Number(f.transitions + after.initial_edges)),
                Some(Value::Number(BigUint::from(u64::from(per_marking > 0)))),
                Some(Value::Number(BigUint::from(per_marking))),
            ]
        }
        None => vec![None, None, None],
    };
    Ok(then_decided(first, ex, &ids[1..], rest, sink))
}

/// StateSpace's figures after the number of states (`first`, handed to the sink already):
/// `ids` with their `values`, each with a value handed to `sink`.
fn then_decided(
    first: Answer,
    ex: Examination,
    ids: &[String],
    values: Vec<Option<Value>>,
    sink: &mut dyn FnMut(&Answer),
) -> Vec<Answer> {
    let rest = ids
        .iter()
        .zip(values)
        .map(|(id, v)| decided(ex, id, v, &SYMBOLIC, sink));
    std::iter::once(first).chain(rest).collect()
}

/// The answer to the result `id` of `ex`, found by `techniques`, handed to `sink` if it has a
/// value.
fn decided(
    ex: Examination,
    id: &str,
    value: Option<Value>,
    techniques: &[&'static str],
    sink: &mut dyn FnMut(&Answer),
) -> Answer {
    let a = Answer {
        id: id.to_string(),
        state_space: ex == Examination::StateSpace,
        value,
        techniques: techniques.to_vec(),
    };
    if a.value.is_some() {
        sink(&a);
    }
    a
}

/// [`answers`], each with a value handed to `sink`.
fn all_decided(
    ex: Examination,
    ids: Vec<String>,
    values: Vec<Option<Value>>,
    techniques: &[&'static str],
    sink: &mut dyn FnMut(&Answer),
) -> Vec<Answer> {
    let out = answers(ex, ids, values, techniques);
    for a in out.iter().filter(|a| a.value.is_some()) {
        sink(a);
    }
    out
}

/// The answers to the results `ids` of `ex`, found by `techniques`.
fn answers(
    ex: Examination,
    ids: Vec<String>,
    values: Vec<Option<Value>>,
    techniques: &[&'static str],
) -> Vec<Answer> {
    ids.into_iter()
        .zip(values)
        .map(|(id, value)| Answer {
            id,
            state_space: ex == Examination::StateSpace,
            value,
            techniques: techniques.to_vec(),
        })
        .collect()
}

/// Every asked result without a value.
pub fn unanswered(ex: Examination, ids: &[String]) -> Vec<Answer> {
    ids.iter()
        .map(|id| Answer {
            id: id.clone(),
            state_space: ex == Examination::StateSpace,
            value: None,
            techniques: Vec::new(),
        })
        .collect()
}
