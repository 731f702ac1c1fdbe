//! Whether two LTSs are equivalent modulo a bisimulation, and a trace that tells them apart.
//!
//! **Equivalence**: minimise the disjoint union of the two LTSs ([`super::partition`]); they are
//! equivalent iff their initial states fall in one class (the coarsest bisimulation on the
//! union relates exactly the bisimilar pairs of states, of one side or across).
//!
//! **A distinguishing trace**, when they are not: the shortest sequence of visible actions
//! (for strong bisimulation, internal steps count as the action `τ`) that one LTS can perform
//! and the other cannot, found breadth-first over pairs of state sets (the subset construction
//! on both sides at once, internal steps closed over for the weak relations). Bisimilarity is
//! finer than trace equivalence, so two LTSs can differ with the same traces (`a.(b+c)` against
//! `a.b + a.c`); then there is no such trace and [`Difference::SameTraces`] says so.

use std::collections::{HashMap, VecDeque};

use super::equivalence::Equivalence;
use super::lts::{Act, Lts, TAU};

/// How two LTSs that are not equivalent differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Difference {
    /// `trace` (actions; [`TAU`] only under strong bisimulation) can be performed by the first
    /// LTS iff `first_can`, and not by the other.
    Trace { trace: Vec<Act>, first_can: bool },
    /// Both have the same traces (within `searched` subset pairs): they differ in branching,
    /// in divergence, or past the search.
    SameTraces { searched: usize },
}

/// Subset pairs the trace search visits at most.
const MAX_PAIRS: usize = 200_000;

/// `None` when `a` and `b` are equivalent modulo `eq`, else how they differ. Both must use
/// one numbering of the actions.
pub fn compare(a: &Lts, b: &Lts, eq: &Equivalence) -> Option<Difference> {
    let n = a.num_states() as u32;
    let mut transitions: Vec<(u32, Act, u32)> = a.transitions().collect();
    transitions.extend(b.transitions().map(|(s, x, t)| (s + n, x, t + n)));
    let mut interface = a.interface().to_vec();
    interface.extend_from_slice(b.interface());
    let union = Lts::new(
        n + b.num_states() as u32,
        a.initial(),
        transitions,
        interface,
    );
    let class = super::partition(&union, eq);
    if class[a.initial() as usize] == class[(b.initial() + n) as usize] {
        return None;
    }
    Some(trace_difference(a, b, *eq == Equivalence::Strong))
}

/// The states reachable from `set` by internal steps (unless `strong`), sorted.
fn closure(l: &Lts, set: Vec<u32>, strong: bool) -> Vec<u32> {
    if strong {
        return set;
    }
    let mut seen: Vec<u32> = set.clone();
    let mut stack = set;
    while let Some(s) = stack.pop() {
        for &(x, t) in l.out(s) {
            if x == TAU && !seen.contains(&t) {
                seen.push(t);
                stack.push(t);
            }
        }
    }
    seen.sort_unstable();
    seen
}

/// The actions some state of `set` can take (internal ones only when `strong`).
fn actions(l: &Lts, set: &[u32], strong: bool) -> Vec<Act> {
    let mut out: Vec<Act> = set
        .iter()
        .flat_map(|&s| l.out(s).iter().map(|&(x, _)| x))
        .filter(|&x| strong || x != TAU)
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The states `set` reaches on `x`, closed over internal steps (unless `strong`).
fn after(l: &Lts, set: &[u32], x: Act, strong: bool) -> Vec<u32> {
    let mut out: Vec<u32> = set
        .iter()
        .flat_map(|&s| l.out(s).iter().filter(|&&(y, _)| y == x).map(|&(_, t)| t))
        .collect();
    out.sort_unstable();
    out.dedup();
    closure(l, out, strong)
}

/// The shortest trace one of `a`, `b` has and the other has not (see the module
/// documentation).
fn trace_difference(a: &Lts, b: &Lts, strong: bool) -> Difference {
    type Pair = (Vec<u32>, Vec<u32>);
    let start: Pair = (
        closure(a, vec![a.initial()], strong),
        closure(b, vec![b.initial()], strong),
    );
    let mut parent: HashMap<Pair, Option<(Pair, Act)>> = HashMap::new();
    parent.insert(start.clone(), None);
    let mut queue = VecDeque::from([start]);
    while let Some(pair) = queue.pop_front() {
        if parent.len() > MAX_PAIRS {
            break;
        }
        let (sa, sb) = &pair;
        let mut acts = actions(a, sa, strong);
        acts.extend(actions(b, sb, strong));
        acts.sort_unstable();
        acts.dedup();
        for x in acts {
            let next = (after(a, sa, x, strong), after(b, sb, x, strong));
            if next.0.is_empty() != next.1.is_empty() {
                let first_can = !next.0.is_empty();
                let mut trace = vec![x];
                let mut at = &pair;
                while let Some(Some((p, y))) = parent.get(at) {
                    trace.push(*y);
                    at = p;
                }
                trace.reverse();
                return Difference::Trace { trace, first_can };
            }
            if !parent.contains_key(&next) {
                parent.insert(next.clone(), Some((pair.clone(), x)));
                queue.push_back(next);
            }
        }
    }
    Difference::SameTraces {
        searched: parent.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: Act = 0;
    const B: Act = 1;
    const C: Act = 2;

    #[test]
    fn equal_up_to_internal_steps() {
        // a.b against a.τ.b: branching bisimilar, not strongly (under strong bisimulation `τ`
        // is a letter: after `a`, only the first can take `b`)
        let x = Lts::new(3, 0, vec![(0, A, 1), (1, B, 2)], vec![A, B]);
        let y = Lts::new(4, 0, vec![(0, A, 1), (1, TAU, 2), (2, B, 3)], vec![A, B]);
        assert_eq!(compare(&x, &y, &Equivalence::Branching), None);
        assert_eq!(compare(&x, &y, &Equivalence::DivBranching), None);
        assert_eq!(
            compare(&x, &y, &Equivalence::Strong),
            Some(Difference::Trace {
                trace: vec![A, B],
                first_can: true
            })
        );
    }

    #[test]
    fn a_missing_action_is_the_trace() {
        let x = Lts::new(3, 0, vec![(0, A, 1), (1, B, 2)], vec![A, B, C]);
        let y = Lts::new(3, 0, vec![(0, A, 1), (1, C, 2)], vec![A, B, C]);
        assert_eq!(
            compare(&x, &y, &Equivalence::Weak),
            Some(Difference::Trace {
                trace: vec![A, B],
                first_can: true
            })
        );
    }

    #[test]
    fn same_traces_different_branching() {
        // a.(b + c) against a.b + a.c
        let x = Lts::new(4, 0, vec![(0, A, 1), (1, B, 2), (1, C, 3)], vec![A, B, C]);
        let y = Lts::new(
            5,
            0,
            vec![(0, A, 1), (0, A, 2), (1, B, 3), (2, C, 4)],
            vec![A, B, C],
        );
        assert!(matches!(
            compare(&x, &y, &Equivalence::Strong),
            Some(Difference::SameTraces { .. })
        ));
    }

    #[test]
    fn divergence_tells_apart_only_where_preserved() {
        // a against a.τ^ω
        let x = Lts::new(2, 0, vec![(0, A, 1)], vec![A]);
        let y = Lts::new(2, 0, vec![(0, A, 1), (1, TAU, 1)], vec![A]);
        assert_eq!(compare(&x, &y, &Equivalence::Branching), None);
        assert!(compare(&x, &y, &Equivalence::DivBranching).is_some());
    }
}
