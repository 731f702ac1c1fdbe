//! Büchi automata of conjunctions of properties over the core alphabet (thesis §5.1: "LTL
//! synthesis is employed to generate a corresponding Büchi automaton", Def. 17), and accepting
//! lassos of explicit generalised Büchi graphs.
//!
//! Each property is translated by our own LTL translation ([`crate::automata::translate`]);
//! the automaton of a conjunction is the synchronous product of the automata of its conjuncts,
//! read over the concrete core labels (every automaton reads a label as its letter: an atom or
//! "other"). A product state is the tuple of the conjuncts' states, and an edge is in the
//! acceptance sets of all its parts (the sets of conjunct `i` are shifted past those of the
//! conjuncts before it): a run is accepting iff every part is, so the product accepts exactly
//! the words of the conjunction. It is explored on demand: the base automaton of a problem
//! is never built whole.

use std::collections::{BTreeMap, VecDeque};

use crate::automata::lasso::in_accepting_scc;
use crate::automata::translate::translate;
use crate::automata::{AccSet, Tgba};
use crate::error::{Error, Result};
use crate::logic::Ltl;

use super::labels::core_atom;
use super::mts::Lb;

/// At most this many successor combinations per state and label are kept (the product of
/// nondeterministic automata branches multiplicatively); fewer only loses runs, never adds any.
const MAX_COMBINATIONS: usize = 64;

/// The product automaton of several LTL formulas, read over a list of labels.
pub struct Conjunction {
    autos: Vec<Tgba>,
    /// `letter[i][k]`: the letter automaton `i` reads label `labels[k]` as.
    letter: Vec<Vec<usize>>,
    /// `out[i][q]`: the edge indices of automaton `i` leaving state `q`.
    out: Vec<Vec<Vec<usize>>>,
    /// The first acceptance set of each automaton in the product's numbering.
    offset: Vec<usize>,
    num_acc: usize,
    /// The labels read, in the order the letters are indexed.
    pub labels: Vec<Lb>,
}

impl Conjunction {
    /// The product of the automata of `formulas` (atoms are core placeholders, see
    /// [`core_atom`]) read over `labels`. Fails if the product needs more than 64 acceptance
    /// sets.
    pub fn new(formulas: &[Ltl], labels: &[Lb]) -> Result<Conjunction> {
        let autos: Vec<Tgba> = formulas.iter().map(translate).collect::<Result<_>>()?;
        Conjunction::of(autos, labels)
    }

    /// The product of given automata.
    pub fn of(autos: Vec<Tgba>, labels: &[Lb]) -> Result<Conjunction> {
        let mut offset = Vec::new();
        let mut num_acc = 0;
        for a in &autos {
            offset.push(num_acc);
            num_acc += a.num_acc;
        }
        if num_acc > 64 {
            return Err(Error::Internal(format!(
                "the conjunction needs {num_acc} acceptance sets (at most 64)"
            )));
        }
        let letter = autos
            .iter()
            .map(|a| labels.iter().map(|&l| a.letter_of(&core_atom(l))).collect())
            .collect();
        let out = autos
            .iter()
            .map(|a| {
                let mut o = vec![Vec::new(); a.num_states];
                for (k, e) in a.edges.iter().enumerate() {
                    o[e.from].push(k);
                }
                o
            })
            .collect();
        Ok(Conjunction {
            autos,
            letter,
            out,
            offset,
            num_acc,
            labels: labels.to_vec(),
        })
    }

    /// Whether some automaton has no state at all (its formula is unsatisfiable).
    pub fn is_empty(&self) -> bool {
        self.autos.iter().any(|a| a.num_states == 0)
    }

    pub fn initial(&self) -> Vec<u32> {
        self.autos.iter().map(|a| a.initial as u32).collect()
    }

    pub fn num_acc(&self) -> usize {
        self.num_acc
    }

    pub fn all_acc(&self) -> AccSet {
        if self.num_acc == 64 {
            u64::MAX
        } else {
            (1u64 << self.num_acc) - 1
        }
    }

    /// The successors of product state `s` on the label at position `k` of
    /// [`Conjunction::labels`], with the acceptance sets of each edge, in a fixed order.
    pub fn successors(&self, s: &[u32], k: usize) -> Vec<(Vec<u32>, AccSet)> {
        let mut acc: Vec<(Vec<u32>, AccSet)> = vec![(Vec::with_capacity(s.len()), 0)];
        for (i, a) in self.autos.iter().enumerate() {
            let l = self.letter[i][k];
            let opts: Vec<(u32, AccSet)> = self.out[i][s[i] as usize]
                .iter()
                .map(|&e| &a.edges[e])
                .filter(|e| e.letters.contains(l))
                .map(|e| (e.to as u32, e.acc << self.offset[i]))
                .collect();
            if opts.is_empty() {
                return Vec::new();
            }
            let mut next = Vec::new();
            'outer: for (t, m) in &acc {
                for &(q, am) in &opts {
                    let mut t2 = t.clone();
                    t2.push(q);
                    next.push((t2, m | am));
                    if next.len() >= MAX_COMBINATIONS {
                        break 'outer;
                    }
                }
            }
            acc = next;
        }
        acc
    }
}

/// An explicit graph with acceptance-labelled edges, for accepting lassos.
#[derive(Default)]
pub struct AccGraph {
    pub nodes: usize,
    /// `(from, to, acc, cost)`; `cost` is 0 or 1 (see [`AccGraph::lasso`]).
    pub edges: Vec<(usize, usize, AccSet, u8)>,
}

/// An accepting lasso: edge indices of the way in, and of the cycle.
#[derive(Clone, Debug)]
pub struct EdgeLasso {
    pub prefix: Vec<usize>,
    pub cycle: Vec<usize>,
}

impl AccGraph {
    /// An accepting lasso from `init`: a path to an SCC whose internal edges meet every set
    /// of `all`, and a cycle in it through an edge of each set. The way in costs the least
    /// sum of edge costs (a 0-1 breadth-first search), ties broken by edge order; the cycle is
    /// a shortest tour. `None` if no accepting SCC is reachable.
    pub fn lasso(&self, init: usize, all: AccSet) -> Option<EdgeLasso> {
        let triples: Vec<(usize, usize, AccSet)> =
            self.edges.iter().map(|&(f, t, a, _)| (f, t, a)).collect();
        let good = in_accepting_scc(self.nodes, &triples, all);
        let mut out = vec![Vec::new(); self.nodes];
        for (k, e) in self.edges.iter().enumerate() {
            out[e.0].push(k);
        }
        // 0-1 BFS for the way in
        let mut dist = vec![usize::MAX; self.nodes];
        let mut via = vec![usize::MAX; self.nodes];
        let mut dq = VecDeque::new();
        dist[init] = 0;
        dq.push_back(init);
        let mut done = vec![false; self.nodes];
        while let Some(v) = dq.pop_front() {
            if done[v] {
                continue;
            }
            done[v] = true;
            for &k in &out[v] {
                let (_, t, _, c) = self.edges[k];
                let d = dist[v] + c as usize;
                if d < dist[t] {
                    dist[t] = d;
                    via[t] = k;
                    if c == 0 {
                        dq.push_front(t);
                    } else {
                        dq.push_back(t);
                    }
                }
            }
        }
        let target = (0..self.nodes)
            .filter(|&v| good[v] && dist[v] != usize::MAX)
            .min_by_key(|&v| (dist[v], v))?;
        let mut prefix = Vec::new();
        let mut v = target;
        while v != init {
            prefix.push(via[v]);
            v = self.edges[via[v]].0;
        }
        prefix.reverse();
        // the SCC of the target: the good nodes that reach it and that it reaches
        let scc = self.scc_of(target, &good, &out);
        let inside = |k: usize| scc[self.edges[k].0] && scc[self.edges[k].1];
        let mut cycle = Vec::new();
        let mut at = target;
        let mut need = all;
        // first take one edge (a cycle must be non-empty), then an edge of each missing set
        loop {
            let want = |k: usize| {
                inside(k) && (need == 0 && cycle.is_empty() || self.edges[k].2 & need != 0)
            };
            if need == 0 && !cycle.is_empty() {
                break;
            }
            let path = self.path_to_edge(at, &out, &inside, &want)?;
            for &k in &path {
                need &= !self.edges[k].2;
            }
            at = self.edges[*path.last()?].1;
            cycle.extend(path);
        }
        if at != target {
            cycle.extend(self.path_to_node(at, target, &out, &inside)?);
        }
        Some(EdgeLasso { prefix, cycle })
    }

    fn scc_of(&self, v: usize, good: &[bool], out: &[Vec<usize>]) -> Vec<bool> {
        let mut fwd = vec![false; self.nodes];
        let mut stack = vec![v];
        fwd[v] = true;
        while let Some(x) = stack.pop() {
            for &k in &out[x] {
                let t = self.edges[k].1;
                if good[t] && !fwd[t] {
                    fwd[t] = true;
                    stack.push(t);
                }
            }
        }
        let mut inn = vec![Vec::new(); self.nodes];
        for (k, e) in self.edges.iter().enumerate() {
            inn[e.1].push(k);
        }
        let mut bwd = vec![false; self.nodes];
        stack.push(v);
        bwd[v] = true;
        while let Some(x) = stack.pop() {
            for &k in &inn[x] {
                let f = self.edges[k].0;
                if good[f] && !bwd[f] {
                    bwd[f] = true;
                    stack.push(f);
                }
            }
        }
        (0..self.nodes).map(|x| fwd[x] && bwd[x]).collect()
    }

    /// A shortest path from `from` ending with an edge that `want` accepts, over edges that
    /// `inside` accepts.
    fn path_to_edge(
        &self,
        from: usize,
        out: &[Vec<usize>],
        inside: &dyn Fn(usize) -> bool,
        want: &dyn Fn(usize) -> bool,
    ) -> Option<Vec<usize>> {
        let mut via: BTreeMap<usize, usize> = BTreeMap::new();
        let mut queue = VecDeque::from([from]);
        let mut seen = vec![false; self.nodes];
        seen[from] = true;
        while let Some(v) = queue.pop_front() {
            for &k in &out[v] {
                if !inside(k) {
                    continue;
                }
                if want(k) {
                    let mut path = vec![k];
                    let mut x = v;
                    while x != from {
                        let e = via[&x];
                        path.push(e);
                        x = self.edges[e].0;
                    }
                    path.reverse();
                    return Some(path);
                }
                let t = self.edges[k].1;
                if !seen[t] {
                    seen[t] = true;
                    via.insert(t, k);
                    queue.push_back(t);
                }
            }
        }
        None
    }

    fn path_to_node(
        &self,
        from: usize,
        to: usize,
        out: &[Vec<usize>],
        inside: &dyn Fn(usize) -> bool,
    ) -> Option<Vec<usize>> {
        self.path_to_edge(from, out, inside, &|k| self.edges[k].1 == to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::ltl::parse_formula;
    use std::path::Path;

    fn f(s: &str) -> Ltl {
        parse_formula(s, Path::new("t")).unwrap()
    }

    #[test]
    fn product_reads_labels_as_letters() {
        // G(a0 -> F a1) & G !a2 over labels 0, 1, 2
        let c = Conjunction::new(&[f("G(a0 -> F a1)"), f("G !a2")], &[0, 1, 2]).unwrap();
        let s = c.initial();
        assert!(c.successors(&s, 2).is_empty(), "a2 is forbidden");
        assert!(!c.successors(&s, 0).is_empty());
    }

    #[test]
    fn lasso_meets_every_set() {
        // 0 -> 1 (set 1), 1 -> 0 (set 2), 1 -> 1 (none)
        let g = AccGraph {
            nodes: 2,
            edges: vec![(0, 1, 1, 0), (1, 0, 2, 0), (1, 1, 0, 0)],
        };
        let l = g.lasso(0, 3).unwrap();
        let acc = l.cycle.iter().fold(0, |m, &k| m | g.edges[k].2);
        assert_eq!(acc, 3);
        assert_eq!(g.edges[l.cycle[0]].0, g.edges[*l.cycle.last().unwrap()].1);
        assert!(g.lasso(0, 4).is_none());
    }
}
