//! Distances that guide the best-first hunt of [`super::hunt`] towards an accepting lasso, as
//! directed model checking does (S. Edelkamp, A. Lluch Lafuente, S. Leue, "Directed explicit
//! model checking with HSF-SPIN", SPIN 2001): a product state `(s, q)` is ranked first by the
//! automaton edges from `q` to an accepting SCC of the automaton, then by how far the system
//! state `s` is from firing a label that takes one of those edges, each participating
//! component's local distance to a state with a move on the label (the most of them).
//!
//! The ranks only order the search; nothing is concluded from them, except that a product
//! state whose automaton state reaches no accepting SCC is on no accepting lasso, which is
//! what the hunt skips.

use std::collections::VecDeque;

use crate::automata::lasso::in_accepting_scc;
use crate::automata::{AccSet, Tgba};
use crate::model::{CompId, LabelId, StateId, System};

/// A rank no automaton state that reaches an accepting SCC has.
pub(super) const HOPELESS: u64 = u64::MAX;

pub(super) struct Guide {
    /// `dist[q]`: the automaton edges from `q` to a state of an accepting SCC (an SCC whose
    /// inner edges have every acceptance set), `u32::MAX` for none.
    dist: Vec<u32>,
    /// `free[q]`: an edge one nearer to an accepting SCC reads a letter no atom is, which most
    /// labels are (no system distance then).
    free: Vec<bool>,
    /// `targets[q]`: the labels that take an edge one nearer, each with its participating
    /// components' distances from each local state to one with a move on it.
    targets: Vec<Vec<Target>>,
}

struct Target {
    local: Vec<(CompId, Vec<u32>)>,
}

impl Guide {
    /// The guide of the product of `sys` and `tgba`; `letter[l]`: the letter label `l` reads.
    pub(super) fn new(sys: &System, tgba: &Tgba, letter: &[usize]) -> Guide {
        let n = tgba.num_states;
        let edges: Vec<(usize, usize, AccSet)> =
            tgba.edges.iter().map(|e| (e.from, e.to, e.acc)).collect();
        let accepting = in_accepting_scc(n, &edges, tgba.all_acc());
        let mut dist = vec![u32::MAX; n];
        let mut queue = VecDeque::new();
        for q in (0..n).filter(|&q| accepting[q]) {
            dist[q] = 0;
            queue.push_back(q);
        }
        let mut pred = vec![Vec::new(); n];
        for e in &tgba.edges {
            pred[e.to].push(e.from);
        }
        while let Some(q) = queue.pop_front() {
            for &r in &pred[q] {
                if dist[r] == u32::MAX {
                    dist[r] = dist[q] + 1;
                    queue.push_back(r);
                }
            }
        }
        let mut free = vec![false; n];
        let mut wanted: Vec<Vec<LabelId>> = vec![Vec::new(); n];
        for e in &tgba.edges {
            if dist[e.from] == u32::MAX || dist[e.from] == 0 || dist[e.to] + 1 != dist[e.from] {
                continue;
            }
            if e.letters.contains(tgba.other()) {
                free[e.from] = true;
            }
            for (l, &x) in letter.iter().enumerate() {
                if x != tgba.other() && e.letters.contains(x) {
                    wanted[e.from].push(l);
                }
            }
        }
        let targets = wanted
            .into_iter()
            .map(|mut ls| {
                ls.sort_unstable();
                ls.dedup();
                ls.into_iter().map(|l| target(sys, l)).collect()
            })
            .collect();
        Guide {
            dist,
            free,
            targets,
        }
    }

    /// The rank of product state `(s, q)`, smaller first; [`HOPELESS`] when `q` reaches no
    /// accepting SCC.
    pub(super) fn rank(&self, s: &[StateId], q: usize) -> u64 {
        let d = self.dist[q];
        if d == u32::MAX {
            return HOPELESS;
        }
        let h = if d == 0 || self.free[q] {
            0
        } else {
            self.targets[q]
                .iter()
                .map(|t| {
                    t.local
                        .iter()
                        .map(|(c, ds)| ds[s[*c] as usize])
                        .max()
                        .unwrap_or(0)
                })
                .min()
                .unwrap_or(u32::MAX)
        };
        (u64::from(d) << 32) | u64::from(h)
    }
}

/// Label `l`'s participating components, each with the distance (in its own moves, whatever
/// their labels) from each local state to one with a move on `l`.
fn target(sys: &System, l: LabelId) -> Target {
    let label = &sys.labels()[l];
    let local = label
        .components
        .iter()
        .zip(&label.local)
        .map(|(&c, moves)| {
            let lts = sys.component(c);
            let mut pred = vec![Vec::new(); lts.num_states()];
            for t in &lts.transitions {
                pred[t.to as usize].push(t.from as usize);
            }
            let mut d = vec![u32::MAX; lts.num_states()];
            let mut queue = VecDeque::new();
            for &(from, _) in moves {
                if d[from as usize] == u32::MAX {
                    d[from as usize] = 0;
                    queue.push_back(from as usize);
                }
            }
            while let Some(s) = queue.pop_front() {
                for &r in &pred[s] {
                    if d[r] == u32::MAX {
                        d[r] = d[s] + 1;
                        queue.push_back(r);
                    }
                }
            }
            (c, d)
        })
        .collect();
    Target { local }
}
