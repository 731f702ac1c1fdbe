//! Restriction of a group of components to the behaviour its environment allows (CADP's
//! *projection* or *semi-composition*: Krimm and Mounier, "Compositional state space generation
//! from Lotos programs", TACAS 1997; Lang's smart reduction uses it, "EXP.OPEN 2.0", 2005).
//!
//! Halfway through a composition most labels of a group `G` are still on its interface `I`
//! (the labels it shares with the rest `E` of the network), and `G` alone takes them in any
//! order `E` may never allow: its reachable part is far larger than the part of it the whole
//! system reaches. Restriction builds an automaton `Env` whose traces over `I` include every
//! trace over `I` that `E` can make, composes `G` with it, and keeps only the states and
//! transitions of `G` that the reachable part of `G || Env` uses. Here:
//!
//! * `Env` is the product of one deterministic automaton per neighbour `M` (an LTS of the
//!   network that shares labels with `G`): `M` with every label it does not share with `G`
//!   hidden, minimised modulo branching bisimulation (which keeps its traces), then made
//!   deterministic by the subset construction over its internal closure ([`environment`]).
//!   Labels two neighbours hide become independent internal steps of each, so the product
//!   over-approximates `E` on `I` (dropping a neighbour, as done when its automaton grows past
//!   a bound or accepts every word, only over-approximates more).
//! * A composition `L || R` is restricted while it is built ([`restricted_product`]): the
//!   reachable triples `(l, r, e)` are explored, and the result has the pairs `(l, r)` and the
//!   pair transitions they use, so the unrestricted product is never built.
//!
//! **Why every verdict is kept.** Let `G'` be the restriction of `G` by `Env`, and let `J` be
//! the set of traces over `I` of the reachable runs of `G || E`. A reachable run of `G || E`
//! is a run of `G` and a run of `E` that agree on `I`; its trace `w` over `I` is a trace of
//! `E`, hence of `Env`, so `G || Env` has the run of `G` with `Env` following `w`: every
//! transition of `G` that a reachable run of `G || E` uses is kept in `G'`. `G'` has a subset of
//! `G`'s transitions, the same initial state and the same interface (a label `G'` can no longer
//! take still blocks its partners). So `G' || E` and `G || E` have the same reachable part,
//! state for state: the same infinite runs, the same deadlocks and the same divergences, which
//! is all any of our semantics reads; restriction is exact, not an approximation.
//!
//! Over a reduction (minimisation, more compositions, the cache shared by the properties of a
//! file) the argument holds for the system itself: let `R_C` be the projections onto a group
//! `C` of the reachable runs of the whole system. Every LTS the engine makes for `C` is
//! equivalent (modulo the bisimulation in use) to a sub-LTS of `C`'s composition that contains
//! `R_C`: a leaf is its component; a product of two such is such; a quotient is equivalent to
//! what it divides; and a restriction by an `Env` built from LTSs of that kind keeps `R_C`,
//! since the traces over `I` of the reachable runs of the system are traces of each neighbour,
//! each being equivalent to a sub-LTS containing the projections of those runs. An LTS of the
//! whole system of that kind has the reachable part of the system. So a restricted LTS may be
//! cached and reused for another property, whose neighbours differ.

use std::collections::HashMap;

use super::fx::FxMap;
use super::lts::{Act, Lts, TAU};
use super::minimise::minimise;
use super::product::{interface, moves};
use super::Equivalence;

/// No transition.
const NONE: u32 = u32::MAX;

/// What [`restricted_product`] makes: the LTS, the pair of operand states of each of its
/// states, and the number of triples of states explored.
pub type Restricted = (Lts, Vec<(u32, u32)>, usize);

/// A deterministic automaton over a few visible actions: the traces of an environment on them
/// (every other action erased). Every state is accepting; a missing transition forbids the
/// action there.
#[derive(Debug)]
pub struct Env {
    /// The actions it reads, ascending.
    labels: Vec<Act>,
    /// `delta[s * labels.len() + k]`: the state after `labels[k]` from `s`, or [`NONE`].
    delta: Vec<u32>,
}

impl Env {
    /// The actions it reads, ascending.
    pub fn labels(&self) -> &[Act] {
        &self.labels
    }

    /// Its number of states.
    pub fn num_states(&self) -> usize {
        self.delta.len() / self.labels.len().max(1)
    }

    fn step(&self, s: u32, k: usize) -> u32 {
        self.delta[s as usize * self.labels.len() + k]
    }
}

/// The traces of `lts` over `labels` as a deterministic automaton, or `None` when it would
/// have more than `max_states` states or accepts every word over `labels` (it forbids nothing).
pub fn environment(lts: &Lts, labels: &[Act], max_states: usize) -> Option<Env> {
    let mut labels = labels.to_vec();
    labels.sort_unstable();
    labels.dedup();
    if labels.is_empty() {
        return None;
    }
    let hidden = lts.hide(|a| labels.binary_search(&a).is_err());
    let (q, _) = minimise(&hidden, &Equivalence::Branching);
    let closure = |set: &mut Vec<u32>| {
        let mut stack = set.clone();
        let mut seen: FxMap<u32, ()> = set.iter().map(|&s| (s, ())).collect();
        while let Some(s) = stack.pop() {
            for &(a, t) in q.out(s) {
                if a == TAU && seen.insert(t, ()).is_none() {
                    set.push(t);
                    stack.push(t);
                }
            }
        }
        set.sort_unstable();
    };
    let mut first = vec![q.initial()];
    closure(&mut first);
    let mut index: HashMap<Vec<u32>, u32> = HashMap::new();
    index.insert(first.clone(), 0);
    let mut sets = vec![first];
    let mut delta: Vec<u32> = Vec::new();
    let mut i = 0;
    while i < sets.len() {
        for &a in &labels {
            let mut next: Vec<u32> = sets[i]
                .iter()
                .flat_map(|&s| q.out(s).iter().filter(|&&(b, _)| b == a).map(|&(_, t)| t))
                .collect();
            if next.is_empty() {
                delta.push(NONE);
                continue;
            }
            next.sort_unstable();
            next.dedup();
            closure(&mut next);
            let id = match index.get(&next) {
                Some(&id) => id,
                None => {
                    if sets.len() >= max_states {
                        return None;
                    }
                    let id = sets.len() as u32;
                    index.insert(next.clone(), id);
                    sets.push(next);
                    id
                }
            };
            delta.push(id);
        }
        i += 1;
    }
    if delta.iter().all(|&t| t != NONE) {
        return None;
    }
    Some(Env { labels, delta })
}

/// The product of several [`Env`]s, built as it is explored: a state is the tuple of their
/// states, interned.
struct Envs<'a> {
    envs: &'a [&'a Env],
    /// For each action read by some environment: `(environment, index of the action in it)`.
    readers: FxMap<Act, Vec<(usize, usize)>>,
    tuples: Vec<Vec<u32>>,
    index: HashMap<Vec<u32>, u32>,
    steps: FxMap<(u32, Act), u32>,
}

impl<'a> Envs<'a> {
    fn new(envs: &'a [&'a Env]) -> Envs<'a> {
        let mut readers: FxMap<Act, Vec<(usize, usize)>> = FxMap::default();
        for (e, env) in envs.iter().enumerate() {
            for (k, &a) in env.labels.iter().enumerate() {
                readers.entry(a).or_default().push((e, k));
            }
        }
        let start = vec![0u32; envs.len()];
        let mut index = HashMap::new();
        index.insert(start.clone(), 0);
        Envs {
            envs,
            readers,
            tuples: vec![start],
            index,
            steps: FxMap::default(),
        }
    }

    /// The tuple after action `a` from tuple `t`, or [`NONE`] when some environment forbids it.
    fn step(&mut self, t: u32, a: Act) -> u32 {
        if a == TAU {
            return t;
        }
        let Some(readers) = self.readers.get(&a) else {
            return t;
        };
        if let Some(&n) = self.steps.get(&(t, a)) {
            return n;
        }
        let mut next = self.tuples[t as usize].clone();
        let mut blocked = false;
        for &(e, k) in readers {
            let s = self.envs[e].step(next[e], k);
            if s == NONE {
                blocked = true;
                break;
            }
            next[e] = s;
        }
        let n = if blocked {
            NONE
        } else {
            match self.index.get(&next) {
                Some(&n) => n,
                None => {
                    let n = self.tuples.len() as u32;
                    self.index.insert(next.clone(), n);
                    self.tuples.push(next);
                    n
                }
            }
        };
        self.steps.insert((t, a), n);
        n
    }
}

/// The part of the composition of `left` and `right` (the actions `hide` picks made internal)
/// that the environments `envs` allow (see the module documentation), the pair of operand
/// states of each of its states, and the number of triples explored; `None` when more than
/// `max_visited` triples are reached. The actions the environments read must be on the
/// interface of the composition (not hidden).
pub fn restricted_product(
    left: &Lts,
    right: &Lts,
    hide: &dyn Fn(Act) -> bool,
    envs: &[&Env],
    max_visited: usize,
) -> Option<Restricted> {
    let visible = |a: Act| if a != TAU && hide(a) { TAU } else { a };
    let mut env = Envs::new(envs);
    let mut pair_index: FxMap<(u32, u32), u32> = FxMap::default();
    let mut pairs: Vec<(u32, u32)> = vec![(left.initial(), right.initial())];
    pair_index.insert(pairs[0], 0);
    let mut seen: FxMap<(u32, u32), ()> = FxMap::default();
    seen.insert((0, 0), ());
    let mut queue: Vec<(u32, u32)> = vec![(0, 0)];
    let mut transitions: Vec<(u32, Act, u32)> = Vec::new();
    let mut targets: Vec<(Act, (u32, u32))> = Vec::new();
    let mut head = 0;
    while head < queue.len() {
        let (p, t) = queue[head];
        head += 1;
        let (s1, s2) = pairs[p as usize];
        targets.clear();
        moves(left, right, s1, s2, &mut targets);
        for &(a, pair) in &targets {
            let t2 = env.step(t, a);
            if t2 == NONE {
                continue;
            }
            let next = pairs.len() as u32;
            let q = *pair_index.entry(pair).or_insert(next);
            if q == next {
                pairs.push(pair);
            }
            transitions.push((p, visible(a), q));
            if seen.insert((q, t2), ()).is_none() {
                if queue.len() >= max_visited {
                    return None;
                }
                queue.push((q, t2));
            }
        }
    }
    let lts = Lts::new(
        pairs.len() as u32,
        0,
        transitions,
        interface(left, right, hide),
    );
    Some((lts, pairs, queue.len()))
}

/// `lts` with only the transitions that its composition with the environments `envs` uses:
/// the same states (numbered as they are), initial state and interface.
pub fn restrict(lts: &Lts, envs: &[&Env]) -> Lts {
    let unit = Lts::new(1, 0, Vec::new(), Vec::new());
    let (sub, pairs, _) = restricted_product(lts, &unit, &|_| false, envs, usize::MAX)
        .expect("no bound on the triples");
    let transitions = sub
        .transitions()
        .map(|(s, a, t)| (pairs[s as usize].0, a, pairs[t as usize].0))
        .collect();
    Lts::new(
        lts.num_states() as u32,
        lts.initial(),
        transitions,
        lts.interface().to_vec(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compose::product::product;

    #[test]
    fn environment_is_the_trace_automaton_on_its_labels() {
        // 0 -a-> 1 -x-> 2 -b-> 0, x hidden: over {a, b} the traces are (ab)*
        let (a, b, x) = (0, 1, 2);
        let m = Lts::new(3, 0, vec![(0, a, 1), (1, x, 2), (2, b, 0)], vec![a, b, x]);
        let env = environment(&m, &[a, b], 100).expect("it forbids something");
        assert_eq!(env.labels(), &[a, b]);
        assert_eq!(env.num_states(), 2);
        assert_eq!(env.step(0, 0), 1);
        assert_eq!(env.step(0, 1), NONE);
        assert_eq!(env.step(1, 1), 0);
        // over {x} alone it allows every word: no environment
        assert!(environment(&m, &[x], 100).is_none());
        assert!(environment(&m, &[a, b], 1).is_none());
    }

    #[test]
    fn restriction_keeps_what_the_environment_allows() {
        // g takes a and b in any order, forever; the environment alternates them, a first
        let (a, b) = (0, 1);
        let g = Lts::new(
            4,
            0,
            vec![(0, a, 1), (0, b, 2), (1, b, 3), (2, a, 3), (3, TAU, 0)],
            vec![a, b],
        );
        let e = Lts::new(2, 0, vec![(0, a, 1), (1, b, 0)], vec![a, b]);
        let env = environment(&e, &[a, b], 100).unwrap();
        let r = restrict(&g, &[&env]);
        assert_eq!(r.interface(), g.interface());
        assert_eq!(r.out(0), &[(a, 1)]);
        assert_eq!(r.out(1), &[(b, 3)]);
        assert_eq!(r.out(2), &[]);
        assert_eq!(r.out(3), &[(TAU, 0)]);
        // the restricted product has the pairs and transitions of the product the
        // environment uses
        let unit = Lts::new(1, 0, vec![], vec![]);
        let (p, _) = product(&g, &unit, &|_| false, 100).unwrap();
        let (rp, pairs, visited) = restricted_product(&g, &unit, &|_| false, &[&env], 100).unwrap();
        assert_eq!(p.num_states(), 4);
        assert_eq!(rp.num_states(), 3);
        assert_eq!(pairs, vec![(0, 0), (1, 0), (3, 0)]);
        assert_eq!(visited, 3);
        assert!(restricted_product(&g, &unit, &|_| false, &[&env], 2).is_none());
    }
}
