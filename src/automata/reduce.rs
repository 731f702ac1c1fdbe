//! The reductions of a TGBA after its construction, all language-preserving: states that
//! are unreachable or reach no accepting cycle go, bisimilar states merge, an edge dominated by
//! a parallel edge with more acceptance marks loses the letters it shares with it, and
//! acceptance sets that contain every edge are dropped.
//!
//! Bisimilar states are merged by signature refinement, the coarsest stable partition in
//! plain rounds (Paige and Tarjan, "Three partition refinement algorithms", SIAM J. Comput.
//! 16(6), 1987, give the fast algorithm; these automata have a few dozen states at most): two
//! states stay together while they have the same letters, with the same acceptance marks,
//! into the same classes. Why after the tableau ([`translate`](mod@super::translate)) and
//! not inside it: the tableau's states are obligation sets, and different sets can accept the
//! same words; merging them afterwards keeps the construction simple and every state the
//! product pays for counts (the product's size is the automaton's times the system's).

use std::collections::{BTreeMap, HashMap};

use super::lasso::in_accepting_scc;
use super::{AccSet, LetterSet, Tgba, TgbaEdge};

/// The reductions after construction (all language-preserving): useless states, bisimilar
/// states, edges dominated by a parallel edge, acceptance sets containing every edge.
pub fn reduce(a: Tgba) -> Tgba {
    let a = prune_useless(a);
    let a = merge_bisimilar(a);
    drop_full_acc_sets(a)
}

/// Keeps the states that are reachable and from which an accepting cycle is reachable; an
/// automaton with an empty language becomes one state without edges.
fn prune_useless(a: Tgba) -> Tgba {
    let simple: Vec<(usize, usize, AccSet)> =
        a.edges.iter().map(|e| (e.from, e.to, e.acc)).collect();
    let mut useful = in_accepting_scc(a.num_states, &simple, a.all_acc());
    // backward closure
    let mut pred = vec![Vec::new(); a.num_states];
    for e in &a.edges {
        pred[e.to].push(e.from);
    }
    let mut stack: Vec<usize> = (0..a.num_states).filter(|&s| useful[s]).collect();
    while let Some(s) = stack.pop() {
        for &p in &pred[s] {
            if !useful[p] {
                useful[p] = true;
                stack.push(p);
            }
        }
    }
    if !useful[a.initial] {
        return Tgba {
            num_states: 1,
            initial: 0,
            num_acc: 0,
            edges: Vec::new(),
            state_names: vec!["false".into()],
            atoms: a.atoms,
        };
    }
    // forward reachability through useful states
    let mut succ = vec![Vec::new(); a.num_states];
    for e in &a.edges {
        if useful[e.to] {
            succ[e.from].push(e.to);
        }
    }
    let mut keep = vec![false; a.num_states];
    keep[a.initial] = true;
    let mut stack = vec![a.initial];
    while let Some(s) = stack.pop() {
        for &t in &succ[s] {
            if !keep[t] {
                keep[t] = true;
                stack.push(t);
            }
        }
    }
    let classes: Vec<Option<usize>> = {
        let mut n = 0;
        keep.iter()
            .map(|&k| {
                k.then(|| {
                    n += 1;
                    n - 1
                })
            })
            .collect()
    };
    quotient(&a, &classes)
}

/// The automaton with states renamed by `class` (states mapped to `None` dropped), edges
/// between the same classes with the same acceptance merged, and edges dominated by a parallel
/// edge with more acceptance sets reduced. Class 0.. are named after their first member.
fn quotient(a: &Tgba, class: &[Option<usize>]) -> Tgba {
    let n = class.iter().flatten().map(|&c| c + 1).max().unwrap_or(0);
    let mut names = vec![None; n];
    for (s, c) in class.iter().enumerate() {
        if let Some(c) = c {
            if names[*c].is_none() {
                names[*c] = Some(a.state_names[s].clone());
            }
        }
    }
    let mut grouped: BTreeMap<(usize, usize, AccSet), LetterSet> = BTreeMap::new();
    for e in &a.edges {
        if let (Some(f), Some(t)) = (class[e.from], class[e.to]) {
            grouped
                .entry((f, t, e.acc))
                .and_modify(|l| *l = l.union(&e.letters))
                .or_insert(e.letters.clone());
        }
    }
    let list: Vec<((usize, usize, AccSet), LetterSet)> = grouped.into_iter().collect();
    let mut edges = Vec::new();
    for (i, ((f, t, acc), letters)) in list.iter().enumerate() {
        let mut letters = letters.clone();
        for (j, ((f2, t2, acc2), l2)) in list.iter().enumerate() {
            if i != j && f == f2 && t == t2 && acc & !acc2 == 0 {
                letters = letters.minus(l2);
            }
        }
        if !letters.is_empty() {
            edges.push(TgbaEdge {
                from: *f,
                to: *t,
                letters,
                acc: *acc,
            });
        }
    }
    Tgba {
        atoms: a.atoms.clone(),
        num_states: n,
        initial: class[a.initial].unwrap_or(0),
        num_acc: a.num_acc,
        edges,
        state_names: names.into_iter().map(Option::unwrap_or_default).collect(),
    }
}

/// The outgoing edges of a state up to its targets' classes: (class, acceptance) -> letters.
type Signature = Vec<((usize, AccSet), LetterSet)>;

/// Merges states that are bisimilar with respect to letters and acceptance marks, by
/// signature refinement (coarsest stable partition).
fn merge_bisimilar(a: Tgba) -> Tgba {
    let mut class = vec![0usize; a.num_states];
    let mut count = 1;
    loop {
        // signature: sorted (class of target, acc, letters) after uniting letters
        let mut sig: Vec<BTreeMap<(usize, AccSet), LetterSet>> =
            vec![BTreeMap::new(); a.num_states];
        for e in &a.edges {
            sig[e.from]
                .entry((class[e.to], e.acc))
                .and_modify(|l| *l = l.union(&e.letters))
                .or_insert(e.letters.clone());
        }
        let mut ids: HashMap<(usize, Signature), usize> = HashMap::new();
        let mut new_class = vec![0; a.num_states];
        for s in 0..a.num_states {
            let key = (class[s], sig[s].clone().into_iter().collect::<Vec<_>>());
            let next = ids.len();
            new_class[s] = *ids.entry(key).or_insert(next);
        }
        let new_count = ids.len();
        class = new_class;
        if new_count == count {
            break;
        }
        count = new_count;
    }
    let class: Vec<Option<usize>> = class.into_iter().map(Some).collect();
    quotient(&a, &class)
}

/// Removes acceptance sets that contain every edge (they constrain nothing) and renumbers the
/// rest.
fn drop_full_acc_sets(mut a: Tgba) -> Tgba {
    let mut keep = Vec::new();
    for i in 0..a.num_acc {
        if a.edges.iter().any(|e| e.acc >> i & 1 == 0) {
            keep.push(i);
        }
    }
    for e in &mut a.edges {
        let mut acc = 0;
        for (new, &old) in keep.iter().enumerate() {
            acc |= (e.acc >> old & 1) << new;
        }
        e.acc = acc;
    }
    a.num_acc = keep.len();
    a
}
