//! The semantics of a system read literally, as the tests' own oracle (independent of
//! `ltsym::explicit`, which it also judges): a label fires iff every component in its alphabet
//! has a move on it from its current state; those components move, all others stay. Under
//! `Sync::Product` every combination of the participants' local moves is a global move, under
//! `Sync::Tuples` exactly the tuples whose from-states match.

use std::collections::{HashSet, VecDeque};

use ltsym::model::{LabelId, StateId, Sync, System};

/// The global moves of label `l` from `s`, in the order the local moves are listed (possibly
/// with repetitions).
pub fn moves_on(sys: &System, s: &[StateId], l: LabelId) -> Vec<Vec<StateId>> {
    let label = sys.label(l);
    match &label.sync {
        Sync::Product => {
            let mut partial = vec![s.to_vec()];
            for (i, &c) in label.components.iter().enumerate() {
                let mut next = Vec::new();
                for p in &partial {
                    for &(from, to) in &label.local[i] {
                        if from == s[c] {
                            let mut q = p.clone();
                            q[c] = to;
                            next.push(q);
                        }
                    }
                }
                partial = next;
            }
            partial
        }
        Sync::Tuples(tuples) => tuples
            .iter()
            .filter(|t| {
                t.iter()
                    .enumerate()
                    .all(|(i, &(from, _))| s[label.components[i]] == from)
            })
            .map(|t| {
                let mut q = s.to_vec();
                for (i, &(_, to)) in t.iter().enumerate() {
                    q[label.components[i]] = to;
                }
                q
            })
            .collect(),
    }
}

/// The successors of `s` on label `l`, sorted, without repetitions.
pub fn successors_on(sys: &System, s: &[StateId], l: LabelId) -> Vec<Vec<StateId>> {
    let mut out = moves_on(sys, s, l);
    out.sort();
    out.dedup();
    out
}

/// Every global move from `s` with its label, labels ascending.
pub fn moves(sys: &System, s: &[StateId]) -> Vec<(LabelId, Vec<StateId>)> {
    (0..sys.labels().len())
        .flat_map(|l| moves_on(sys, s, l).into_iter().map(move |q| (l, q)))
        .collect()
}

/// Every successor of `s` (one per move).
pub fn successors(sys: &System, s: &[StateId]) -> Vec<Vec<StateId>> {
    moves(sys, s).into_iter().map(|(_, q)| q).collect()
}

/// (reachable states, deadlock states) by breadth-first search.
pub fn reachable_counts(sys: &System) -> (u64, u64) {
    let init = sys.initial_state();
    let mut seen: HashSet<Vec<StateId>> = HashSet::from([init.clone()]);
    let mut queue = VecDeque::from([init]);
    let mut dead = 0;
    while let Some(s) = queue.pop_front() {
        let succ = successors(sys, &s);
        if succ.is_empty() {
            dead += 1;
        }
        for q in succ {
            if seen.insert(q.clone()) {
                queue.push_back(q);
            }
        }
    }
    (seen.len() as u64, dead)
}
