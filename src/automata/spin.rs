//! The automaton of SPIN's reading of the RERS Promela files, for the symbolic engine
//! (`--ltl-semantics spin`).
//!
//! SPIN checks the word `⊥ l1 l2 ...` of every infinite run and `⊥ l1 ... lk lk lk ...` of every
//! run that ends in a deadlock after `k` labels (`⊥`: the position before any label, where no
//! atom holds; see `crate::explicit::spin`). Given the automaton `A` of a formula, this builds
//! `A'` such that a system run is a counterexample iff
//! * it is infinite, with labels `l1 l2 ...`, and `A'` accepts `l1 l2 ...` (as usual), or
//! * it ends in a deadlock, and the run of `A'` over its labels can end in a state marked
//!   [`SpinAutomaton::dead_accepting`].
//!
//! `A'` reads `⊥` itself before the first label, and remembers the last letter it read, which
//! is the letter a deadlock repeats: its states are a fresh initial state `ι` and pairs
//! `(q, x)`, `A`'s state `q` after reading letter `x`. `ι` has the edges of the states `A`
//! reaches from its initial state on `⊥` (the "other" letter); `(q, x)` has `A`'s edges of `q`,
//! each letter `y` leading to `(q', y)`. `(q, x)` is dead-accepting iff `A` accepts `x^ω` from
//! `q`, and `ι` iff `A` accepts `⊥^ω` from its initial state (a deadlock at the start). Only
//! the states reachable from `ι` are kept.

use std::collections::HashMap;

use super::lasso::sccs;
use super::{LetterSet, Tgba, TgbaEdge};

/// `A'` and which of its states accept when the system deadlocks there.
#[derive(Clone, Debug)]
pub struct SpinAutomaton {
    pub tgba: Tgba,
    pub dead_accepting: Vec<bool>,
}

/// For each state `q`, whether `a` accepts `x^ω` from `q`: following only edges that read `x`,
/// `q` reaches a strongly connected part whose internal edges meet every acceptance set. One
/// pass per letter (SCCs, then a backward search from the accepting ones), not one per state:
/// per state it cost the automaton's size again for each of its (state, letter) pairs, which
/// kept a 1,000-state automaton busy past any time limit.
fn accepts_repeated(a: &Tgba, x: usize) -> Vec<bool> {
    let n = a.num_states;
    let mut succ: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut pred: Vec<Vec<usize>> = vec![Vec::new(); n];
    for e in a.edges.iter().filter(|e| e.letters.contains(x)) {
        succ[e.from].push(e.to);
        pred[e.to].push(e.from);
    }
    let comp = sccs(n, &succ);
    let mut met: HashMap<usize, u64> = HashMap::new();
    for e in a.edges.iter().filter(|e| e.letters.contains(x)) {
        if comp[e.from] == comp[e.to] {
            *met.entry(comp[e.from]).or_default() |= e.acc;
        }
    }
    let all = a.all_acc();
    let mut accepts: Vec<bool> = (0..n)
        .map(|q| met.get(&comp[q]).is_some_and(|&m| m & all == all))
        .collect();
    let mut stack: Vec<usize> = (0..n).filter(|&q| accepts[q]).collect();
    while let Some(v) = stack.pop() {
        for &w in &pred[v] {
            if !accepts[w] {
                accepts[w] = true;
                stack.push(w);
            }
        }
    }
    accepts
}

/// Builds `A'` from `a`, the automaton of the negated property.
pub fn spin_automaton(a: &Tgba) -> SpinAutomaton {
    let letters = a.num_letters();
    let other = a.other();
    // state ids: 0 is ι, then (q, x) in order of discovery
    let mut ids: HashMap<(usize, usize), usize> = HashMap::new();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut edges: Vec<TgbaEdge> = Vec::new();
    let mut queue: Vec<usize> = vec![0];
    let mut id_of =
        |key: (usize, usize), pairs: &mut Vec<(usize, usize)>, queue: &mut Vec<usize>| {
            *ids.entry(key).or_insert_with(|| {
                pairs.push(key);
                queue.push(pairs.len());
                pairs.len()
            })
        };
    // the edges of each state, by index
    let out = a.edges_by_source();
    while let Some(s) = queue.pop() {
        // the automaton states whose edges `s` has
        let sources: Vec<usize> = if s == 0 {
            let mut v: Vec<usize> = a
                .edges
                .iter()
                .filter(|e| e.from == a.initial && e.letters.contains(other))
                .map(|e| e.to)
                .collect();
            v.sort_unstable();
            v.dedup();
            v
        } else {
            vec![pairs[s - 1].0]
        };
        for &q in &sources {
            for e in out[q].iter().map(|&i| &a.edges[i]) {
                for y in e.letters.iter() {
                    let t = id_of((e.to, y), &mut pairs, &mut queue);
                    let mut l = LetterSet::empty(letters);
                    l.insert(y);
                    edges.push(TgbaEdge {
                        from: s,
                        to: t,
                        letters: l,
                        acc: e.acc,
                    });
                }
            }
        }
    }
    // merge the edges that differ only in their letter
    let mut merged: HashMap<(usize, usize, u64), LetterSet> = HashMap::new();
    for e in edges {
        merged
            .entry((e.from, e.to, e.acc))
            .and_modify(|l| *l = l.union(&e.letters))
            .or_insert(e.letters);
    }
    let mut edges: Vec<TgbaEdge> = merged
        .into_iter()
        .map(|((from, to, acc), letters)| TgbaEdge {
            from,
            to,
            letters,
            acc,
        })
        .collect();
    edges.sort_by(|x, y| (x.from, x.to, x.acc, &x.letters).cmp(&(y.from, y.to, y.acc, &y.letters)));
    let num_states = pairs.len() + 1;
    let repeated: Vec<Vec<bool>> = (0..letters).map(|x| accepts_repeated(a, x)).collect();
    let mut dead_accepting = vec![repeated[other][a.initial]];
    let mut state_names = vec!["ι (before the first label)".to_string()];
    for &(q, x) in &pairs {
        dead_accepting.push(repeated[x][q]);
        let letter = if x == other {
            "other".to_string()
        } else {
            a.atoms[x].clone()
        };
        let name = a.state_names.get(q).map(String::as_str).unwrap_or("");
        state_names.push(format!("{name} after {letter}"));
    }
    SpinAutomaton {
        tgba: Tgba {
            atoms: a.atoms.clone(),
            num_states,
            initial: 0,
            num_acc: a.num_acc,
            edges,
            state_names,
        },
        dead_accepting,
    }
}
