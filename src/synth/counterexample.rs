//! Counterexamples with a handle (thesis §5.2, Def. 33).
//!
//! The base MTS satisfies every property of the problem, the false ones included. For each
//! property `ψ` that is to be false, a counterexample lasso `h` with `w(h) ⊨ ¬ψ` is merged
//! into it: "3. Merge h into B while heuristically aiming for a long shared prefix between h
//! and B. 4. The first transition after this shared prefix is then a CE-handle for ψ."
//!
//! The lasso is found in one search over a graph of two phases, each node paired with a state
//! of the automaton of `¬ψ`:
//! * *shared*: a state of the base MTS, moving along its transitions;
//! * *new*: a state of the automaton of the properties that must stay true (the true ones and
//!   the structural ones, without the false ones), moving along its edges.
//!
//! A shared node may step into the new phase from its own automaton state (each base state
//! keeps the product state it stands for, [`super::base`]). The lasso must be accepting for
//! `¬ψ` *and* for the properties that stay true, with its cycle in the new phase. New steps
//! cost 1 and shared steps 0, so the search finds the longest shared prefix the automata
//! allow. The new part becomes fresh states (a prefix and a cycle); every transition of the
//! counterexample becomes a must transition, so that every refinement keeps it (Def. 14, 18).
//!
//! Why the true properties stay true: every word through the fresh states is `x·v` with `x`
//! a word of the base from its initial state to the branching state `q`, and `v` the word of
//! an accepting run of the automaton of the true properties from `q`'s automaton state. The
//! base's transitions are the automaton's edges, so `x` has a run to that state, and `x·v` is
//! accepted. Inserting the lasso for `ψ` makes `ψ` false: the must path is a violating word.
//! Its first new transition is a handle: without it, only the base's words and the other
//! lassos remain.

use std::collections::BTreeMap;

use crate::automata::{AccSet, Tgba};
use crate::error::Result;

use super::base::Base;
use super::buchi::{AccGraph, Conjunction};
use super::deep::Tracker;
use super::labels::core_atom;
use super::mts::{Lb, Mts, St};

/// Give up a search after this many nodes (the automata are small; this is a guard).
const MAX_NODES: usize = 400_000;

/// The counterexample inserted for one property: the word and where it branches off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inserted {
    /// The labels before the cycle.
    pub prefix: Vec<Lb>,
    /// The labels of the cycle, repeated forever.
    pub cycle: Vec<Lb>,
    /// How many labels of `prefix` run along the base before the handle.
    pub shared: usize,
    /// The handle: the position in `prefix` of the first new transition.
    pub handle: usize,
    /// With a depth guard: the length of the shortest violating prefix (Def. 34).
    pub violation_depth: Option<usize>,
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Phase {
    Shared(St, u32),
    New(usize, u32),
}

/// A search node: the phase, the prefix trackers of the deep properties and the depth
/// (both constant without a [`Depth`] guard).
type Node = (Phase, Vec<u64>, usize);

/// Deep errors (§5.3): the counterexample keeps every tracker non-empty for `m` steps, and
/// empties tracker `own` (its own property's, if it has a safety part) by step `n`.
pub struct Depth<'a> {
    pub trackers: &'a [Tracker],
    pub own: Option<usize>,
    pub m: usize,
    pub n: usize,
}

impl Depth<'_> {
    /// The trackers and depth after `label`, or `None` if the step is not allowed.
    fn step(&self, sets: &[u64], depth: usize, label: Lb) -> Option<(Vec<u64>, usize)> {
        let cap = self.m.max(self.n) + 1;
        let d = (depth + 1).min(cap);
        let mut out = Vec::with_capacity(sets.len());
        for (i, (t, &x)) in self.trackers.iter().zip(sets).enumerate() {
            let own = self.own == Some(i);
            if depth >= self.m && !own {
                // past depth m the others no longer matter
                out.push(x);
                continue;
            }
            let y = t.step(x, label);
            if y == 0 && d <= self.m {
                return None;
            }
            // its own property must be violated within n steps: alive after step n is too late
            if own && y != 0 && d >= self.n {
                return None;
            }
            out.push(y);
        }
        Some((out, d))
    }
}

/// Finds a counterexample for the property whose negation's automaton is `neg`, staying in
/// the language of `keep` (the automaton of the properties that remain true), and merges it
/// into `mts` (which is `base.mts` with the lassos inserted so far). `None` if there is
/// none within the automata.
pub fn insert(
    mts: &mut Mts,
    base: &Base,
    keep: &Conjunction,
    keep_width: usize,
    neg: &Tgba,
    depth: Option<&Depth>,
) -> Result<Option<Inserted>> {
    if neg.num_states == 0 {
        return Ok(None);
    }
    let labels = keep.labels.clone();
    let pos_of: BTreeMap<Lb, usize> = labels.iter().enumerate().map(|(i, &l)| (l, i)).collect();
    let neg_letter: Vec<usize> = labels
        .iter()
        .map(|&l| neg.letter_of(&core_atom(l)))
        .collect();
    let neg_out = |q: u32, k: usize| -> Vec<(u32, AccSet)> {
        neg.edges
            .iter()
            .filter(|e| e.from == q as usize && e.letters.contains(neg_letter[k]))
            .map(|e| (e.to as u32, e.acc))
            .collect()
    };
    let kacc = keep.num_acc();
    let extra: AccSet = 1 << (kacc + neg.num_acc);
    let all: AccSet = (extra << 1) - 1;
    let base_idx = base.mts.index();
    let mut tuples: Vec<Vec<u32>> = Vec::new();
    let mut tuple_ids: BTreeMap<Vec<u32>, usize> = BTreeMap::new();
    let mut ids: BTreeMap<Node, usize> = BTreeMap::new();
    let start_sets: Vec<u64> = depth.map_or(Vec::new(), |d| {
        d.trackers.iter().map(|t| t.initial).collect()
    });
    let mut nodes: Vec<Node> = vec![(
        Phase::Shared(base.mts.initial, neg.initial as u32),
        start_sets,
        0,
    )];
    ids.insert(nodes[0].clone(), 0);
    let mut g = AccGraph::default();
    // per graph edge: its label
    let mut edge_label: Vec<Lb> = Vec::new();
    let mut i = 0;
    while i < nodes.len() && nodes.len() < MAX_NODES {
        let mut steps: Vec<(Phase, Lb, AccSet, u8)> = Vec::new();
        let (phase, sets, d) = nodes[i].clone();
        let (tuple, q) = match phase {
            Phase::Shared(s, q) => {
                for e in &base.mts.edges[base_idx[s as usize].clone()] {
                    let k = pos_of[&e.label];
                    for (q2, _) in neg_out(q, k) {
                        steps.push((Phase::Shared(e.to, q2), e.label, 0, 0));
                    }
                }
                (base.automaton_state[s as usize][..keep_width].to_vec(), q)
            }
            Phase::New(ti, q) => (tuples[ti].clone(), q),
        };
        // the steps into (or along) the new phase
        for (k, &l) in labels.iter().enumerate() {
            let nq = neg_out(q, k);
            if nq.is_empty() {
                continue;
            }
            for (t, acc) in keep.successors(&tuple, k) {
                let n = tuple_ids.len();
                let ti = *tuple_ids.entry(t.clone()).or_insert(n);
                if ti == n {
                    tuples.push(t);
                }
                for &(q2, a2) in &nq {
                    steps.push((Phase::New(ti, q2), l, acc | a2 << kacc | extra, 1));
                }
            }
        }
        for (phase, l, acc, cost) in steps {
            let node: Node = match depth {
                None => (phase, Vec::new(), 0),
                Some(g) => match g.step(&sets, d, l) {
                    Some((sets2, d2)) => (phase, sets2, d2),
                    None => continue,
                },
            };
            let n = nodes.len();
            let j = *ids.entry(node.clone()).or_insert(n);
            if j == n {
                nodes.push(node);
            }
            g.edges.push((i, j, acc, cost));
            edge_label.push(l);
        }
        i += 1;
    }
    g.nodes = nodes.len();
    let Some(lasso) = g.lasso(0, all) else {
        return Ok(None);
    };
    // merge: shared edges become must transitions, new nodes fresh states. The cycle is in
    // the new phase and the initial node is shared, so the prefix holds the handle.
    let mut at: St = base.mts.initial;
    let mut shared = 0;
    let mut handle = None;
    for (pos, &k) in lasso.prefix.iter().enumerate() {
        let (_, to, _, cost) = g.edges[k];
        let l = edge_label[k];
        if cost == 0 {
            let Phase::Shared(t, _) = nodes[to].0 else {
                unreachable!("a shared step ends in a shared node")
            };
            mark_must(mts, at, l, t);
            at = t;
            shared += 1;
        } else {
            handle.get_or_insert(pos);
            let s = fresh(mts);
            mts.add(at, l, s, true);
            at = s;
        }
    }
    let cycle_start = at;
    for (pos, &k) in lasso.cycle.iter().enumerate() {
        let l = edge_label[k];
        let s = if pos + 1 == lasso.cycle.len() {
            cycle_start
        } else {
            fresh(mts)
        };
        mts.add(at, l, s, true);
        at = s;
    }
    mts.normalize();
    let prefix: Vec<Lb> = lasso.prefix.iter().map(|&k| edge_label[k]).collect();
    let cycle: Vec<Lb> = lasso.cycle.iter().map(|&k| edge_label[k]).collect();
    let violation_depth = depth.and_then(|g| {
        g.own
            .and_then(|o| g.trackers[o].violation_depth(&prefix, &cycle))
    });
    Ok(Some(Inserted {
        prefix,
        cycle,
        shared,
        handle: handle.unwrap_or(shared),
        violation_depth,
    }))
}

fn fresh(mts: &mut Mts) -> St {
    mts.states += 1;
    mts.states as St - 1
}

fn mark_must(mts: &mut Mts, from: St, label: Lb, to: St) {
    for e in &mut mts.edges {
        if e.from == from && e.label == label && e.to == to {
            e.must = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::automata::translate::translate;
    use crate::parse::ltl::parse_formula;
    use crate::synth::deep::Tracker;
    use std::path::Path;

    /// `(m, n]`-deep (Def. 35): the own property is violated within `n` steps, never later.
    #[test]
    fn depth_guard_wants_the_violation_by_step_n() {
        // G !a0 over {a0, a1}: a1 keeps it alive, a0 violates it
        let a = translate(&parse_formula("G !a0", Path::new("t")).unwrap()).unwrap();
        let t = Tracker::new(&a, &[0, 1]).unwrap();
        let trackers = [t.clone()];
        let g = Depth {
            trackers: &trackers,
            own: Some(0),
            m: 1,
            n: 2,
        };
        let start = vec![t.initial];
        // a violation at step 1 is within m: not allowed
        assert!(g.step(&start, 0, 0).is_none());
        let (after_a1, d) = g.step(&start, 0, 1).unwrap();
        assert_eq!(d, 1);
        // at step 2 = n: a0 violates it (allowed), a1 would leave it alive past n
        assert!(g.step(&after_a1, 1, 0).is_some());
        assert!(g.step(&after_a1, 1, 1).is_none());
    }
}
