//! Strongly connected components by Tarjan's algorithm (Tarjan, "Depth-first search and linear
//! graph algorithms", SIAM J. Comput. 1(2), 1972), with an explicit call stack so that the
//! long paths of large state graphs cannot overflow the thread's stack. Used for `EG` in CTL
//! and for the Büchi emptiness check in LTL.

use std::ops::Range;

/// The strongly connected components of the subgraph induced by the states `v` with
/// `mask[v]`, over states `0..n`. The edges of `v` are the positions `edges(v)`, and
/// `target(e)` is the target of edge position `e`; edges to states outside `mask` are ignored.
/// Every state of `mask` is in exactly one component; components come out in reverse
/// topological order (a component before any component that can reach it).
pub fn sccs(
    n: usize,
    mask: &[bool],
    edges: impl Fn(u32) -> Range<usize>,
    target: impl Fn(usize) -> u32,
) -> Vec<Vec<u32>> {
    const UNSEEN: u32 = u32::MAX;
    let mut index = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<u32> = Vec::new();
    let mut next = 0u32;
    let mut out = Vec::new();
    // The depth-first call stack: (state, next edge position to look at).
    let mut call: Vec<(u32, usize)> = Vec::new();
    for root in 0..n as u32 {
        if !mask[root as usize] || index[root as usize] != UNSEEN {
            continue;
        }
        index[root as usize] = next;
        low[root as usize] = next;
        next += 1;
        stack.push(root);
        on_stack[root as usize] = true;
        call.push((root, edges(root).start));
        while let Some(&(v, pos)) = call.last() {
            let vi = v as usize;
            if pos < edges(v).end {
                let top = call.len() - 1;
                call[top].1 += 1;
                let w = target(pos);
                let wi = w as usize;
                if !mask[wi] {
                    continue;
                }
                if index[wi] == UNSEEN {
                    index[wi] = next;
                    low[wi] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[wi] = true;
                    call.push((w, edges(w).start));
                } else if on_stack[wi] {
                    low[vi] = low[vi].min(index[wi]);
                }
            } else {
                call.pop();
                if let Some(&(parent, _)) = call.last() {
                    low[parent as usize] = low[parent as usize].min(low[vi]);
                }
                if low[vi] == index[vi] {
                    let mut comp = Vec::new();
                    while let Some(w) = stack.pop() {
                        on_stack[w as usize] = false;
                        comp.push(w);
                        if w == v {
                            break;
                        }
                    }
                    out.push(comp);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(n: usize, adj: &[(u32, u32)]) -> Vec<Vec<u32>> {
        let mut start = vec![0usize; n + 1];
        let mut sorted = adj.to_vec();
        sorted.sort();
        for &(a, _) in &sorted {
            start[a as usize + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let targets: Vec<u32> = sorted.iter().map(|&(_, b)| b).collect();
        let mut out = sccs(
            n,
            &vec![true; n],
            |v| start[v as usize]..start[v as usize + 1],
            |e| targets[e],
        );
        for c in &mut out {
            c.sort();
        }
        out.sort();
        out
    }

    #[test]
    fn finds_components() {
        // 0 -> 1 -> 2 -> 0, 2 -> 3, 3 -> 4 -> 3, 5 alone
        let c = run(6, &[(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 3)]);
        assert_eq!(c, vec![vec![0, 1, 2], vec![3, 4], vec![5]]);
    }

    #[test]
    fn deep_chain_does_not_overflow() {
        let n = 1_000_000u32;
        let adj: Vec<_> = (0..n - 1).map(|i| (i, i + 1)).chain([(n - 1, 0)]).collect();
        let c = run(n as usize, &adj);
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].len(), n as usize);
    }
}
