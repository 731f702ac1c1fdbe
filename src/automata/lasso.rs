//! Acceptance of an ultimately periodic word (a lasso `prefix·cycle^ω`) by a [`Tgba`], and the
//! strongly connected components both it and the automaton reductions need.
//!
//! The word has finitely many positions (`prefix.len() + cycle.len()`, the last one followed by
//! the cycle's first), so "the automaton accepts the word" is a finite question: in the product
//! of positions and automaton states, is there an SCC reachable from `(0, initial)` whose
//! internal edges meet every acceptance set? This is the generalised Büchi emptiness check by
//! SCCs (Couvreur, FM'99; Tarjan's algorithm), on a product small enough to build outright.
//! Used as the test harness of the LTL translation and for replaying counterexamples.

use super::{AccSet, Tgba};

/// The strongly connected components of a graph with nodes `0..n` and the given successor
/// lists, by Tarjan's algorithm (iterative, so deep graphs cannot overflow the stack).
/// Returns `comp[v]`, the component index of each node; components are numbered in reverse
/// topological order (a component's successors have smaller or equal numbers).
pub fn sccs(n: usize, succ: &[Vec<usize>]) -> Vec<usize> {
    const NONE: usize = usize::MAX;
    let mut index = vec![NONE; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut comp = vec![NONE; n];
    let mut stack = Vec::new();
    let mut next_index = 0;
    let mut next_comp = 0;
    // (node, position in its successor list)
    let mut call: Vec<(usize, usize)> = Vec::new();
    for root in 0..n {
        if index[root] != NONE {
            continue;
        }
        call.push((root, 0));
        index[root] = next_index;
        low[root] = next_index;
        next_index += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut pos)) = call.last_mut() {
            if let Some(&w) = succ[v].get(*pos) {
                *pos += 1;
                if index[w] == NONE {
                    index[w] = next_index;
                    low[w] = next_index;
                    next_index += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    call.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
            } else {
                call.pop();
                if let Some(&(u, _)) = call.last() {
                    low[u] = low[u].min(low[v]);
                }
                if low[v] == index[v] {
                    while let Some(w) = stack.pop() {
                        on_stack[w] = false;
                        comp[w] = next_comp;
                        if w == v {
                            break;
                        }
                    }
                    next_comp += 1;
                }
            }
        }
    }
    comp
}

/// For a graph with acceptance-labelled edges `(from, to, acc)`: which nodes lie in an
/// *accepting* SCC, one with at least one internal edge whose internal edges together meet
/// every set of `all` (with `all == 0`, any SCC with an internal edge, i.e. a cycle).
pub fn in_accepting_scc(n: usize, edges: &[(usize, usize, AccSet)], all: AccSet) -> Vec<bool> {
    let mut succ = vec![Vec::new(); n];
    for &(f, t, _) in edges {
        succ[f].push(t);
    }
    let comp = sccs(n, &succ);
    let ncomp = comp.iter().map(|&c| c + 1).max().unwrap_or(0);
    let mut has_edge = vec![false; ncomp];
    let mut acc = vec![0 as AccSet; ncomp];
    for &(f, t, a) in edges {
        if comp[f] == comp[t] {
            has_edge[comp[f]] = true;
            acc[comp[f]] |= a;
        }
    }
    (0..n)
        .map(|v| has_edge[comp[v]] && acc[comp[v]] & all == all)
        .collect()
}

/// Whether the automaton accepts the word `prefix·cycle^ω`, letters given as label names (a
/// label that is no atom of the automaton reads as [`Tgba::other`]). An empty `cycle` is no
/// infinite word: `false`.
pub fn accepts_lasso(a: &Tgba, prefix: &[String], cycle: &[String]) -> bool {
    if cycle.is_empty() || a.num_states == 0 {
        return false;
    }
    let letters: Vec<usize> = prefix.iter().chain(cycle).map(|l| a.letter_of(l)).collect();
    let len = letters.len();
    let succ_pos = |i: usize| if i + 1 < len { i + 1 } else { prefix.len() };
    let out = a.edges_by_source();
    // Explore the product from (0, initial); node id = pos * num_states + state.
    let id = |pos: usize, q: usize| pos * a.num_states + q;
    let mut seen = vec![false; len * a.num_states];
    let mut queue = vec![(0, a.initial)];
    seen[id(0, a.initial)] = true;
    let mut edges = Vec::new();
    while let Some((pos, q)) = queue.pop() {
        let np = succ_pos(pos);
        for &k in &out[q] {
            let e = &a.edges[k];
            if e.letters.contains(letters[pos]) {
                edges.push((id(pos, q), id(np, e.to), e.acc));
                if !seen[id(np, e.to)] {
                    seen[id(np, e.to)] = true;
                    queue.push((np, e.to));
                }
            }
        }
    }
    in_accepting_scc(len * a.num_states, &edges, a.all_acc())
        .iter()
        .zip(&seen)
        .any(|(&acc, &reached)| acc && reached)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::automata::{LetterSet, TgbaEdge};

    fn w(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn scc_numbering() {
        // 0 -> 1 -> 2 -> 1, 2 -> 3
        let succ = vec![vec![1], vec![2], vec![1, 3], vec![]];
        let c = sccs(4, &succ);
        assert_eq!(c[1], c[2]);
        assert_ne!(c[0], c[1]);
        assert_ne!(c[3], c[1]);
        assert!(c[3] < c[1] && c[1] < c[0]);
    }

    /// Hand-made automaton for `G F a` over atoms [a]: one state, a-edge accepting.
    #[test]
    fn gfa_by_hand() {
        let mut la = LetterSet::empty(2);
        la.insert(0);
        let mut lo = LetterSet::empty(2);
        lo.insert(1);
        let a = Tgba {
            atoms: vec!["a".into()],
            num_states: 1,
            initial: 0,
            num_acc: 1,
            edges: vec![
                TgbaEdge {
                    from: 0,
                    to: 0,
                    letters: la,
                    acc: 1,
                },
                TgbaEdge {
                    from: 0,
                    to: 0,
                    letters: lo,
                    acc: 0,
                },
            ],
            state_names: vec!["G F a".into()],
        };
        assert!(accepts_lasso(&a, &w("b b"), &w("b a")));
        assert!(!accepts_lasso(&a, &w("a a"), &w("b")));
        assert!(!accepts_lasso(&a, &w("a a"), &w("c b")));
        assert!(accepts_lasso(&a, &w(""), &w("a")));
        assert!(!accepts_lasso(&a, &w("a"), &[]));
    }
}
