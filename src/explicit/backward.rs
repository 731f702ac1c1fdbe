//! Backward search on an explicit state graph: the predecessor index and `E(through U target)`,
//! shared by the CTL checker ([`super::ctl`]) and the MCC examinations ([`crate::mcc::explicit`]).

use super::graph::{Edge, StateGraph};

/// For each state, its incoming edges as `(label, source)` (in [`Edge`] form, `target`
/// holding the source), built on demand for backward searches.
pub struct Predecessors {
    start: Vec<usize>,
    pred: Vec<Edge>,
}

impl Predecessors {
    /// The index of `graph`.
    pub fn of(graph: &StateGraph) -> Predecessors {
        let n = graph.num_states();
        let mut start = vec![0usize; n + 1];
        for e in (0..n as u32).flat_map(|s| graph.edges(s)) {
            start[e.target as usize + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut pred = vec![
            Edge {
                label: 0,
                target: 0
            };
            start[n]
        ];
        for s in 0..n {
            for e in graph.edges(s as u32) {
                let t = e.target as usize;
                pred[fill[t]] = Edge {
                    label: e.label,
                    target: s as u32,
                };
                fill[t] += 1;
            }
        }
        Predecessors { start, pred }
    }

    /// The states `s` with a finite path `s = s0 ... sk` (k ≥ 0) such that `target(sk)` and
    /// `through(si)` for all `i < k`: a search backward from the target states, stepping only
    /// into `through` states. This is `E(through U target)`: a maximal path witnessing it has
    /// such a prefix, and every such prefix is the start of a maximal path.
    pub fn exists_path_to(&self, target: &[bool], through: &[bool]) -> Vec<bool> {
        let mut result = target.to_vec();
        let mut stack: Vec<u32> = (0..target.len() as u32)
            .filter(|&s| target[s as usize])
            .collect();
        while let Some(t) = stack.pop() {
            let t = t as usize;
            for e in &self.pred[self.start[t]..self.start[t + 1]] {
                let s = e.target as usize;
                if !result[s] && through[s] {
                    result[s] = true;
                    stack.push(s as u32);
                }
            }
        }
        result
    }
}
