//! Weak bisimilarity and weak traces by brute force, for the weak-bisimulation tasks of
//! `ltsym synth` (thesis Def. 21, 27, 30). Written from the definitions over the global state
//! graph that [`super::oracle`] builds from the synchronisation rule, sharing no code with
//! the generator (which never computes an equivalence: its answers rest on the construction).
//! Small systems only: the graph is explicit and the refinement naive.

use std::collections::{BTreeMap, BTreeSet};

use ltsym::model::{StateId, System};

use super::oracle;

/// The reachable global state graph of `sys`: per state, its moves as (label name, target);
/// state 0 is the initial state. Panics beyond `max` states.
pub fn state_graph(sys: &System, max: usize) -> Vec<Vec<(String, usize)>> {
    let start = sys.initial_state();
    let mut ids: BTreeMap<Vec<StateId>, usize> = BTreeMap::from([(start.clone(), 0)]);
    let mut states = vec![start];
    let mut out = Vec::new();
    let mut i = 0;
    while i < states.len() {
        assert!(
            states.len() <= max,
            "more than {max} states: too large for the brute-force check"
        );
        let mut edges = Vec::new();
        for (l, q) in oracle::moves(sys, &states[i]) {
            let n = states.len();
            let j = *ids.entry(q.clone()).or_insert(n);
            if j == n {
                states.push(q);
            }
            edges.push((sys.label(l).name.clone(), j));
        }
        out.push(edges);
        i += 1;
    }
    out
}

/// A state graph with every label outside `visible` hidden (`None` is τ).
type Hidden = Vec<Vec<(Option<String>, usize)>>;

fn hide(g: &[Vec<(String, usize)>], offset: usize, visible: &BTreeSet<String>) -> Hidden {
    g.iter()
        .map(|es| {
            es.iter()
                .map(|(l, t)| (visible.contains(l).then(|| l.clone()), t + offset))
                .collect()
        })
        .collect()
}

/// The τ-closure of every state.
fn tau_closure(g: &Hidden) -> Vec<BTreeSet<usize>> {
    (0..g.len())
        .map(|s| {
            let mut seen = BTreeSet::from([s]);
            let mut stack = vec![s];
            while let Some(x) = stack.pop() {
                for (l, t) in &g[x] {
                    if l.is_none() && seen.insert(*t) {
                        stack.push(*t);
                    }
                }
            }
            seen
        })
        .collect()
}

/// Whether the initial states of `a` and `b` are weakly bisimilar when only `visible` labels
/// are seen: the saturated transitions `=a=>` (τ* a τ*) and `=ε=>` (τ*), then naive partition
/// refinement of the disjoint union until the number of blocks is stable; weak bisimilarity is
/// strong bisimilarity of the saturated graph.
pub fn weakly_bisimilar(a: &System, b: &System, visible: &BTreeSet<String>, max: usize) -> bool {
    let (ga, gb) = (state_graph(a, max), state_graph(b, max));
    let off = ga.len();
    let mut g = hide(&ga, 0, visible);
    g.extend(hide(&gb, off, visible));
    let closure = tau_closure(&g);
    let n = g.len();
    let sat: Vec<BTreeSet<(Option<String>, usize)>> = (0..n)
        .map(|s| {
            let mut out: BTreeSet<(Option<String>, usize)> =
                closure[s].iter().map(|&t| (None, t)).collect();
            for &u in &closure[s] {
                for (l, v) in &g[u] {
                    if l.is_some() {
                        for &w in &closure[*v] {
                            out.insert((l.clone(), w));
                        }
                    }
                }
            }
            out
        })
        .collect();
    let mut block = vec![0usize; n];
    let mut count = 1;
    loop {
        type Signature = (usize, BTreeSet<(Option<String>, usize)>);
        let mut ids: BTreeMap<Signature, usize> = BTreeMap::new();
        let next: Vec<usize> = (0..n)
            .map(|s| {
                let sig = sat[s].iter().map(|(l, t)| (l.clone(), block[*t])).collect();
                let k = ids.len();
                *ids.entry((block[s], sig)).or_insert(k)
            })
            .collect();
        block = next;
        if ids.len() == count {
            break;
        }
        count = ids.len();
    }
    block[0] == block[off]
}

/// Whether `sys` has the weak trace `word`: labels outside `visible` may come before, between
/// and after its letters.
pub fn has_weak_trace(
    sys: &System,
    word: &[String],
    visible: &BTreeSet<String>,
    max: usize,
) -> bool {
    let g = hide(&state_graph(sys, max), 0, visible);
    let closure = tau_closure(&g);
    let close = |set: &BTreeSet<usize>| -> BTreeSet<usize> {
        set.iter()
            .flat_map(|&s| closure[s].iter().copied())
            .collect()
    };
    let mut at = close(&BTreeSet::from([0]));
    for a in word {
        let step: BTreeSet<usize> = at
            .iter()
            .flat_map(|&s| {
                g[s].iter()
                    .filter(|(l, _)| l.as_ref() == Some(a))
                    .map(|(_, t)| *t)
            })
            .collect();
        at = close(&step);
    }
    !at.is_empty()
}
