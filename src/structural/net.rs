//! The data of the relaxation: a list of nets (LTSs whose edges carry a weight slot and an
//! acceptance mask), with the label each slot stands for.
//!
//! Net 0 is the product `P` of the automaton with the merged components; the others are the
//! remaining components as they are. A slot of a net is one weight `w` of the certificate: the
//! components' slots are their labels one by one, `P`'s slots are its labels one by one except
//! the labels neither in the merged components' alphabets nor atoms of the formula, which share
//! one slot (the automaton reads them as one letter and `P` moves alike on each of them).

use crate::automata::AccSet;
use crate::model::LabelId;

/// One edge: `from --slot--> to`, in the acceptance sets of `acc` (only `P`'s edges have any).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge {
    pub from: u32,
    pub slot: u32,
    pub to: u32,
    pub acc: AccSet,
}

/// One LTS of the relaxation.
#[derive(Clone, Debug)]
pub struct Net {
    pub name: String,
    pub states: usize,
    pub edges: Vec<Edge>,
    /// `slots[s]`: the labels slot `s` stands for. Every label of the net's alphabet is in
    /// exactly one slot (a label missing here would drop the net's weight from that label's
    /// balance, which the argument needs).
    pub slots: Vec<Vec<LabelId>>,
}

/// The nets of one relaxation over `num_labels` labels and `num_acc` acceptance sets.
#[derive(Clone, Debug)]
pub struct Relaxation {
    pub nets: Vec<Net>,
    pub num_labels: usize,
    /// At least 1: a formula whose automaton has no acceptance set gets one holding every edge
    /// of `P` (every infinite run is accepting).
    pub num_acc: usize,
}

impl Relaxation {
    /// `(states, edges)` summed over the nets: the size of the linear program.
    pub fn size(&self) -> (usize, usize) {
        self.nets
            .iter()
            .fold((0, 0), |(s, e), n| (s + n.states, e + n.edges.len()))
    }

    /// For each label, the `(net, slot)`s that stand for it.
    pub fn label_slots(&self) -> Vec<Vec<(usize, usize)>> {
        let mut by = vec![Vec::new(); self.num_labels];
        for (c, n) in self.nets.iter().enumerate() {
            for (s, ls) in n.slots.iter().enumerate() {
                for &l in ls {
                    by[l].push((c, s));
                }
            }
        }
        by
    }
}

/// The edges of `net` that lie inside one strongly connected component and are reachable from
/// `start`, on states renumbered densely; `keep` may drop whole components (by their edges'
/// union of acceptance masks). Any cycle of the net survives, which is all the argument uses.
pub fn restrict(net: &mut Net, start: u32, keep: impl Fn(AccSet) -> bool) {
    let n = net.states;
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, e) in net.edges.iter().enumerate() {
        out[e.from as usize].push(i);
    }
    // reachable from the start
    let mut seen = vec![false; n];
    let mut stack = vec![start as usize];
    seen[start as usize] = true;
    while let Some(v) = stack.pop() {
        for &i in &out[v] {
            let d = net.edges[i].to as usize;
            if !seen[d] {
                seen[d] = true;
                stack.push(d);
            }
        }
    }
    let comp = tarjan(n, &out, &net.edges, &seen);
    let mut masks: Vec<AccSet> = vec![0; n];
    for e in &net.edges {
        let (f, t) = (e.from as usize, e.to as usize);
        if seen[f] && comp[f] == comp[t] {
            masks[comp[f]] |= e.acc;
        }
    }
    let mut id = vec![u32::MAX; n];
    let mut next = 0u32;
    let mut edges = Vec::new();
    for e in &net.edges {
        let (f, t) = (e.from as usize, e.to as usize);
        if !seen[f] || comp[f] != comp[t] || !keep(masks[comp[f]]) {
            continue;
        }
        for v in [f, t] {
            if id[v] == u32::MAX {
                id[v] = next;
                next += 1;
            }
        }
        edges.push(Edge {
            from: id[f],
            to: id[t],
            ..*e
        });
    }
    net.states = next as usize;
    net.edges = edges;
}

/// The strongly connected component of each state reached (`seen`), by Tarjan's algorithm
/// without recursion; unreached states get `usize::MAX`.
fn tarjan(n: usize, out: &[Vec<usize>], edges: &[Edge], seen: &[bool]) -> Vec<usize> {
    const NONE: usize = usize::MAX;
    let mut index = vec![NONE; n];
    let mut low = vec![0usize; n];
    let mut comp = vec![NONE; n];
    let mut on = vec![false; n];
    let mut stack = Vec::new();
    let mut next = 0;
    let mut ncomp = 0;
    for root in 0..n {
        if !seen[root] || index[root] != NONE {
            continue;
        }
        // (state, position in its out list)
        let mut call = vec![(root, 0usize)];
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on[root] = true;
        while let Some(&mut (v, ref mut pos)) = call.last_mut() {
            if *pos < out[v].len() {
                let w = edges[out[v][*pos]].to as usize;
                *pos += 1;
                if index[w] == NONE {
                    index[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on[w] = true;
                    call.push((w, 0));
                } else if on[w] {
                    low[v] = low[v].min(index[w]);
                }
            } else {
                call.pop();
                if let Some(&(u, _)) = call.last() {
                    low[u] = low[u].min(low[v]);
                }
                if low[v] == index[v] {
                    while let Some(w) = stack.pop() {
                        on[w] = false;
                        comp[w] = ncomp;
                        if w == v {
                            break;
                        }
                    }
                    ncomp += 1;
                }
            }
        }
    }
    comp
}
