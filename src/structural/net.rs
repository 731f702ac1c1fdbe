//! The data of the relaxation: a list of nets (LTSs whose edges carry a weight slot and an
//! acceptance mask), with the label each slot stands for.
//!
//! Net 0 is the product `P` of the automaton with the merged components; the others are the
//! remaining components as they are. A slot of a net is one weight `w` of the certificate: the
//! components' slots are their labels one by one, `P`'s slots are its labels one by one except
//! the labels neither in the merged components' alphabets nor atoms of the formula, which share
//! one slot (the automaton reads them as one letter and `P` moves alike on each of them).

use crate::automata::lasso::sccs;
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
    // the successors of the states reached only: the others are dropped below (`seen`)
    let succ: Vec<Vec<usize>> = (0..n)
        .map(|v| match seen[v] {
            true => out[v].iter().map(|&i| net.edges[i].to as usize).collect(),
            false => Vec::new(),
        })
        .collect();
    let comp = sccs(n, &succ);
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
