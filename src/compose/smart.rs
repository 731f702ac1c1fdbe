//! Smart reduction (Crouzen and Lang, "Smart reduction", FASE 2011): which components to
//! compose next.
//!
//! Every component is first minimised on its own, its local labels hidden. Then, round after
//! round, two of the current LTSs are composed, the labels only they shared (and no property
//! needs) hidden, and the result minimised. Crouzen and Lang pick the group whose composition
//! is estimated to stay smallest once its now-internal labels are hidden. Our groups are pairs
//! that share a label (every RERS label synchronises at most two components), and the
//! estimate is exact: each candidate pair is composed and minimised, and the smallest result
//! wins. That costs less than it sounds: a candidate's result is kept (by the set of components
//! it covers, the kept labels among theirs, and the equivalence), so a pair is composed once
//! however many rounds, and properties, it stays a candidate in; and candidates are tried
//! smallest bound first, each cut off once its product grows well past the smallest product
//! found in the round.
//!
//! When every candidate is past the state limit, or the compositions made so far used up the
//! work allowed ([`Bounds::max_work`]: an early way out for a property whose compositions
//! stay large), what is left is a network of reduced LTSs ([`Reduced::Network`]) for another
//! engine to finish.

use std::collections::HashMap;
use std::rc::Rc;

use super::lts::Act;
use super::restrict::{environment, Env};
use super::tree::{compose, leaf, quotient, restricted, Node, Origin};
use super::Equivalence;
use crate::error::Result;
use crate::limits::Budget;
use crate::model::{CompId, LabelId, System};

/// What a reduction ends with, and the work it took ([`Bounds::max_work`]).
pub enum Reduced {
    /// One LTS: the whole system, reduced.
    Final(Rc<Node>, usize),
    /// Several reduced LTSs whose composition passes the state limit, or (`Stop::Work`)
    /// that were left when the work ran out.
    Network(Vec<Rc<Node>>, Stop, usize),
}

/// Why a reduction stopped short of one LTS.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Every composition left passes [`Bounds::max_states`].
    States,
    /// The compositions made used up [`Bounds::max_work`].
    Work,
}

/// How far a reduction may go, and whether it restricts.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// No composition of more states is built.
    pub max_states: usize,
    /// No composition is begun once the compositions made so far (those the cache did not
    /// hold) have this many states and transitions in all (a composition cut off at its
    /// state limit counts that many states), and none is built of more states than the work
    /// left: so the work passes this by the transitions of the last composition at most.
    /// Work, not time, so that the same input always gives the same answer.
    pub max_work: usize,
    /// Restrict every LTS to the behaviour its environment allows (`super::restrict`): each
    /// component before the first composition, each composition as it is built. Off by
    /// default: on the largest RERS problems every composition the engine makes is already
    /// exactly the part of it the whole system reaches (docs/compositional.md), so it costs
    /// and removes nothing there.
    pub restrict: bool,
}

impl Bounds {
    /// At most `max_states` states per composition, no limit on the work, no restriction.
    pub fn states(max_states: usize) -> Bounds {
        Bounds {
            max_states,
            max_work: usize::MAX,
            restrict: false,
        }
    }
}

/// What identifies a reduced group: its components, the kept labels among theirs, the
/// equivalence.
type Key = (Vec<CompId>, Vec<LabelId>, Equivalence);

/// Reduced groups, shared by every property of a system (see the module documentation).
#[derive(Default)]
pub struct Cache {
    done: HashMap<Key, Rc<Node>>,
    /// Groups whose product passed this many states (tried again only under a larger
    /// cutoff).
    too_big: HashMap<Key, usize>,
    /// The environment automaton of a node (by address, the node kept alive here) on a set of
    /// labels; `None` where it forbids nothing or is too large.
    envs: HashMap<(usize, Vec<Act>), EnvOf>,
}

/// A node and its environment automaton on some labels (see [`Cache`]).
type EnvOf = (Rc<Node>, Option<Rc<Env>>);

impl Cache {
    pub fn new() -> Cache {
        Cache::default()
    }
}

/// The smallest product a candidate may grow to before it is cut off: this many times the
/// smallest product of the round so far (and never less than [`MIN_CUTOFF`]).
const CUTOFF_FACTOR: usize = 16;
const MIN_CUTOFF: usize = 20_000;

/// No environment automaton is made of a node with more states (its minimisation costs more
/// than the restriction is likely to save), nor one of more states itself.
const ENV_MAX_NODE_STATES: usize = 200_000;
const ENV_MAX_STATES: usize = 256;

/// Rounds of restricting the components by each other before the first composition, at most.
const LEAF_ROUNDS: usize = 4;

impl Cache {
    /// The environment automaton of `node` on `labels` (ascending), made once.
    fn env(&mut self, node: &Rc<Node>, labels: Vec<Act>) -> Option<Rc<Env>> {
        let key = (Rc::as_ptr(node) as usize, labels);
        if let Some((_, e)) = self.envs.get(&key) {
            return e.clone();
        }
        let e = (node.lts.num_states() <= ENV_MAX_NODE_STATES)
            .then(|| environment(&node.lts, &key.1, ENV_MAX_STATES))
            .flatten()
            .map(Rc::new);
        self.envs.insert(key, (Rc::clone(node), e.clone()));
        e
    }

    /// The environment automata of the nodes of `active` but `skip` on the labels each shares
    /// with `interface` (ascending).
    fn envs_of(&mut self, active: &[Rc<Node>], skip: &[usize], interface: &[Act]) -> Vec<Rc<Env>> {
        let mut out = Vec::new();
        for (k, node) in active.iter().enumerate() {
            if skip.contains(&k) {
                continue;
            }
            let shared: Vec<Act> = node
                .lts
                .interface()
                .iter()
                .copied()
                .filter(|a| interface.binary_search(a).is_ok())
                .collect();
            if shared.is_empty() {
                continue;
            }
            if let Some(e) = self.env(node, shared) {
                out.push(e);
            }
        }
        out
    }
}

/// Restricts the nodes of `active` by each other (`super::restrict`) until none loses a
/// transition (or [`LEAF_ROUNDS`] rounds), minimising each again that did; the cache holds
/// the restricted nodes in place of the others.
fn restrict_all(
    active: &mut [Rc<Node>],
    eq: &Equivalence,
    key_of: &dyn Fn(&[CompId]) -> Key,
    cache: &mut Cache,
    budget: &Budget,
) -> Result<()> {
    for _ in 0..LEAF_ROUNDS {
        let mut changed = false;
        for i in 0..active.len() {
            budget.check_time()?;
            let envs = cache.envs_of(active, &[i], active[i].lts.interface());
            if envs.is_empty() {
                continue;
            }
            let refs: Vec<&Env> = envs.iter().map(|e| e.as_ref()).collect();
            let r = restricted(&active[i], &refs);
            if r.lts.num_transitions() == active[i].lts.num_transitions() {
                continue;
            }
            let n = Rc::new(quotient(Rc::new(r), eq));
            log::debug!(
                "restricted {:?}: {} states, {} transitions -> {} states, {} transitions",
                active[i].comps,
                active[i].lts.num_states(),
                active[i].lts.num_transitions(),
                n.lts.num_states(),
                n.lts.num_transitions()
            );
            cache.done.insert(key_of(&active[i].comps), Rc::clone(&n));
            active[i] = n;
            changed = true;
        }
        if !changed {
            break;
        }
    }
    Ok(())
}

/// Reduces `sys` modulo `eq`, keeping the labels `kept` (ascending) visible, within `bounds`.
pub fn reduce(
    sys: &System,
    kept: &[LabelId],
    eq: &Equivalence,
    bounds: Bounds,
    cache: &mut Cache,
    budget: &Budget,
) -> Result<Reduced> {
    let is_kept = |l: LabelId| kept.binary_search(&l).is_ok();
    let key_of = |comps: &[CompId]| -> Key {
        let mut k: Vec<LabelId> = comps
            .iter()
            .flat_map(|&c| sys.component(c).alphabet.iter().copied())
            .filter(|&l| is_kept(l))
            .collect();
        k.sort_unstable();
        k.dedup();
        (comps.to_vec(), k, eq.clone())
    };
    // a label is hidden in a group once every component that takes part in it is inside
    let hidden_in = |comps: &[CompId], l: LabelId| {
        !is_kept(l)
            && sys
                .label(l)
                .components
                .iter()
                .all(|c| comps.binary_search(c).is_ok())
    };
    let mut active: Vec<Rc<Node>> = Vec::new();
    for c in 0..sys.components().len() {
        budget.check_time()?;
        let key = key_of(&[c]);
        let node = match cache.done.get(&key) {
            Some(n) => Rc::clone(n),
            None => {
                let l = leaf(sys, c, &|l| hidden_in(&[c], l))?;
                let n = Rc::new(quotient(Rc::new(l), eq));
                cache.done.insert(key, Rc::clone(&n));
                n
            }
        };
        active.push(node);
    }
    if bounds.restrict {
        restrict_all(&mut active, eq, &key_of, cache, budget)?;
    }
    let mut work = 0;
    while active.len() > 1 {
        let round = Round {
            key_of: &key_of,
            hidden_in: &hidden_in,
            eq,
            bounds,
        };
        match best_pair(&active, &round, &mut work, cache, budget)? {
            Some((i, j, node)) => {
                log::debug!(
                    "composed {:?} and {:?}: {} states, {} transitions",
                    active[i].comps,
                    active[j].comps,
                    node.lts.num_states(),
                    node.lts.num_transitions()
                );
                let (hi, lo) = (i.max(j), i.min(j));
                active.remove(hi);
                active.remove(lo);
                active.push(node);
            }
            None => {
                let stop = if work >= bounds.max_work {
                    Stop::Work
                } else {
                    Stop::States
                };
                return Ok(Reduced::Network(active, stop, work));
            }
        }
    }
    let last = active.pop().expect("a system has a component");
    Ok(Reduced::Final(last, work))
}

/// What a round of [`best_pair`] needs of the reduction.
struct Round<'a> {
    key_of: &'a dyn Fn(&[CompId]) -> Key,
    hidden_in: &'a dyn Fn(&[CompId], LabelId) -> bool,
    eq: &'a Equivalence,
    bounds: Bounds,
}

/// The pair of `active` whose reduced composition is smallest, and that composition; `work`
/// counts the compositions made (see [`Bounds::max_work`]).
fn best_pair(
    active: &[Rc<Node>],
    round: &Round<'_>,
    work: &mut usize,
    cache: &mut Cache,
    budget: &Budget,
) -> Result<Option<(usize, usize, Rc<Node>)>> {
    let Round {
        key_of,
        hidden_in,
        eq,
        bounds,
    } = round;
    let max_states = bounds.max_states;
    let shares = |a: &Node, b: &Node| {
        let (x, y) = (a.lts.interface(), b.lts.interface());
        x.iter().any(|l| y.binary_search(l).is_ok())
    };
    let mut candidates: Vec<(usize, usize)> = Vec::new();
    for i in 0..active.len() {
        for j in i + 1..active.len() {
            if shares(&active[i], &active[j]) {
                candidates.push((i, j));
            }
        }
    }
    // when no pair that shares a label fits (or none shares one), the two smallest, which
    // may only interleave (an LTS that shares nothing any more, e.g. one whose labels are all
    // hidden, is composed so rather than left over)
    let mut order: Vec<usize> = (0..active.len()).collect();
    order.sort_by_key(|&i| active[i].lts.num_states());
    let two_smallest = (order[0].min(order[1]), order[0].max(order[1]));
    let fallback = (!candidates.contains(&two_smallest)).then_some(two_smallest);
    let bound = |&(i, j): &(usize, usize)| {
        active[i]
            .lts
            .num_states()
            .saturating_mul(active[j].lts.num_states())
    };
    candidates.sort_by_key(bound);
    let mut best: Option<(usize, usize, Rc<Node>)> = None;
    let mut smallest_product = usize::MAX;
    let sharing = candidates.len();
    for (k, (i, j)) in candidates.into_iter().chain(fallback).enumerate() {
        if k >= sharing && best.is_some() {
            break;
        }
        budget.check_time()?;
        let mut comps: Vec<CompId> = active[i]
            .comps
            .iter()
            .chain(&active[j].comps)
            .copied()
            .collect();
        comps.sort_unstable();
        let key = key_of(&comps);
        let node = match cache.done.get(&key) {
            Some(n) => {
                if let Origin::Quotient { child, .. } = &n.origin {
                    smallest_product = smallest_product.min(child.lts.num_states());
                }
                Rc::clone(n)
            }
            None => {
                // no composition of more states than the work left: a composition cut off
                // counts its cutoff as work, so the work allowed is never passed by more
                // than the transitions of the last composition
                let cutoff = max_states
                    .min(
                        smallest_product
                            .saturating_mul(CUTOFF_FACTOR)
                            .max(MIN_CUTOFF),
                    )
                    .min(bounds.max_work.saturating_sub(*work));
                // a product that passed `at` states passes every cutoff up to `at`; with a
                // larger cutoff it may fit
                if cache.too_big.get(&key).is_some_and(|&at| at >= cutoff) {
                    continue;
                }
                if *work >= bounds.max_work {
                    break;
                }
                let hide = |a: Act| hidden_in(&comps, a as LabelId);
                let envs = if bounds.restrict {
                    let mut iface: Vec<Act> = active[i]
                        .lts
                        .interface()
                        .iter()
                        .chain(active[j].lts.interface())
                        .copied()
                        .filter(|&a| !hide(a))
                        .collect();
                    iface.sort_unstable();
                    iface.dedup();
                    cache.envs_of(active, &[i, j], &iface)
                } else {
                    Vec::new()
                };
                let refs: Vec<&Env> = envs.iter().map(|e| e.as_ref()).collect();
                match compose(
                    Rc::clone(&active[i]),
                    Rc::clone(&active[j]),
                    &hide,
                    &refs,
                    cutoff,
                ) {
                    None => {
                        log::debug!("candidate {comps:?}: product past {cutoff} states");
                        *work = work.saturating_add(cutoff);
                        cache.too_big.insert(key, cutoff);
                        continue;
                    }
                    Some((p, explored)) => {
                        *work = work
                            .saturating_add(explored.max(p.lts.num_states()))
                            .saturating_add(p.lts.num_transitions());
                        smallest_product = smallest_product.min(p.lts.num_states());
                        let (ps, pt) = (p.lts.num_states(), p.lts.num_transitions());
                        let n = Rc::new(quotient(Rc::new(p), eq));
                        log::debug!(
                            "candidate {comps:?}: product {ps} states, {pt} transitions \
                             ({explored} explored, {} environments), minimised {} states, {} \
                             transitions",
                            refs.len(),
                            n.lts.num_states(),
                            n.lts.num_transitions()
                        );
                        cache.done.insert(key, Rc::clone(&n));
                        n
                    }
                }
            }
        };
        let size = (node.lts.num_states(), node.lts.num_transitions());
        if best
            .as_ref()
            .is_none_or(|(_, _, b)| size < (b.lts.num_states(), b.lts.num_transitions()))
        {
            best = Some((i, j, node));
        }
    }
    Ok(best)
}

/// The label ids of `names` that `sys` has, ascending (a formula's atoms that are labels).
pub fn labels_named(sys: &System, names: &[String]) -> Vec<LabelId> {
    let mut out: Vec<LabelId> = names.iter().filter_map(|n| sys.label_id(n)).collect();
    out.sort_unstable();
    out.dedup();
    out
}
