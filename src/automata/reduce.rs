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
use crate::error::Result;
use crate::limits::Budget;

/// The reductions after construction (all language-preserving): useless states, bisimilar
/// states, edges dominated by a parallel edge, acceptance sets containing every edge.
/// `budget` is looked at once per round of refinement and per edge of the quotient.
pub fn reduce(a: Tgba, budget: &Budget) -> Result<Tgba> {
    let a = prune_useless(a, budget)?;
    let a = merge_bisimilar(a, budget)?;
    Ok(drop_full_acc_sets(a))
}

/// Keeps the states that are reachable and from which an accepting cycle is reachable; an
/// automaton with an empty language becomes one state without edges.
fn prune_useless(a: Tgba, budget: &Budget) -> Result<Tgba> {
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
        return Ok(Tgba {
            num_states: 1,
            initial: 0,
            num_acc: 0,
            edges: Vec::new(),
            state_names: vec!["false".into()],
            atoms: a.atoms,
        });
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
    quotient(&a, &classes, budget)
}

/// The automaton with states renamed by `class` (states mapped to `None` dropped), edges
/// between the same classes with the same acceptance merged, and edges dominated by a parallel
/// edge with more acceptance sets reduced. Class 0.. are named after their first member.
fn quotient(a: &Tgba, class: &[Option<usize>], budget: &Budget) -> Result<Tgba> {
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
    // Parallel edges are adjacent in `list` (sorted by source, target, acceptance): each edge
    // is compared with its run of parallel edges only, not with all edges (quadratic in the
    // edges: most of the time the xor of ten `F` took to translate; docs/benchmarks.md,
    // "LTL translation").
    let mut run_start = 0;
    for (i, ((f, t, acc), letters)) in list.iter().enumerate() {
        if i.is_multiple_of(256) {
            budget.check_time()?;
        }
        if list[run_start].0 .0 != *f || list[run_start].0 .1 != *t {
            run_start = i;
        }
        let run_end = list[i..]
            .iter()
            .position(|((f2, t2, _), _)| f2 != f || t2 != t)
            .map_or(list.len(), |k| i + k);
        let mut letters = letters.clone();
        for (j, ((_, _, acc2), l2)) in list.iter().enumerate().take(run_end).skip(run_start) {
            if i != j && acc & !acc2 == 0 {
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
    Ok(Tgba {
        atoms: a.atoms.clone(),
        num_states: n,
        initial: class[a.initial].unwrap_or(0),
        num_acc: a.num_acc,
        edges,
        state_names: names.into_iter().map(Option::unwrap_or_default).collect(),
    })
}

/// The outgoing edges of a state up to its targets' classes: (class, acceptance) -> letters.
type Signature = Vec<((usize, AccSet), LetterSet)>;

/// Merges states that are bisimilar with respect to letters and acceptance marks, by
/// signature refinement (coarsest stable partition).
fn merge_bisimilar(a: Tgba, budget: &Budget) -> Result<Tgba> {
    let mut class = vec![0usize; a.num_states];
    let mut count = 1;
    loop {
        budget.check_time()?;
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
    quotient(&a, &class, budget)
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
