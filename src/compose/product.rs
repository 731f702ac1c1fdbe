//! The parallel composition of two LTSs, with hiding (the RERS rule, on two operands).
//!
//! An action in both interfaces synchronises: both operands move together. Any other action,
//! [`TAU`] included, interleaves: one operand moves, the other stays. Only the reachable pairs
//! are built, breadth-first from the pair of initial states; the actions `hide` picks become
//! internal in the result, which is how a label shared by the two operands and needed by no
//! one else disappears as soon as both are composed.

use std::collections::HashMap;

use super::lts::{Act, Lts, TAU};

/// The reachable composition of `left` and `right` with the actions `hide` picks made internal,
/// and the pair of operand states of each of its states; `None` when it has more than
/// `max_states` states.
pub fn product(
    left: &Lts,
    right: &Lts,
    hide: &dyn Fn(Act) -> bool,
    max_states: usize,
) -> Option<(Lts, Vec<(u32, u32)>)> {
    let visible = |a: Act| if a != TAU && hide(a) { TAU } else { a };
    let mut index: HashMap<(u32, u32), u32> = HashMap::new();
    let mut pairs: Vec<(u32, u32)> = vec![(left.initial(), right.initial())];
    index.insert(pairs[0], 0);
    let mut transitions: Vec<(u32, Act, u32)> = Vec::new();
    let mut targets: Vec<(Act, (u32, u32))> = Vec::new();
    let mut i = 0usize;
    while i < pairs.len() {
        let (s1, s2) = pairs[i];
        targets.clear();
        moves(left, right, s1, s2, &mut targets);
        for &(a, pair) in &targets {
            let next = pairs.len() as u32;
            let t = *index.entry(pair).or_insert(next);
            if t == next {
                if pairs.len() >= max_states {
                    return None;
                }
                pairs.push(pair);
            }
            transitions.push((i as u32, visible(a), t));
        }
        i += 1;
    }
    let lts = Lts::new(
        pairs.len() as u32,
        0,
        transitions,
        interface(left, right, hide),
    );
    Some((lts, pairs))
}

/// The moves of the composition of `left` and `right` from the pair `(s1, s2)`, appended to
/// `out` as `(action, target pair)` (the action before hiding).
pub fn moves(left: &Lts, right: &Lts, s1: u32, s2: u32, out: &mut Vec<(Act, (u32, u32))>) {
    let in_left = |a: Act| left.interface().binary_search(&a).is_ok();
    let in_right = |a: Act| right.interface().binary_search(&a).is_ok();
    for &(a, t1) in left.out(s1) {
        if a != TAU && in_right(a) {
            let row = right.out(s2);
            let lo = row.partition_point(|&(b, _)| b < a);
            for &(b, t2) in &row[lo..] {
                if b != a {
                    break;
                }
                out.push((a, (t1, t2)));
            }
        } else {
            out.push((a, (t1, s2)));
        }
    }
    for &(b, t2) in right.out(s2) {
        if b == TAU || !in_left(b) {
            out.push((b, (s1, t2)));
        }
    }
}

/// The interface of the composition of `left` and `right` with the actions `hide` picks made
/// internal.
pub fn interface(left: &Lts, right: &Lts, hide: &dyn Fn(Act) -> bool) -> Vec<Act> {
    let mut interface: Vec<Act> = left
        .interface()
        .iter()
        .chain(right.interface())
        .copied()
        .filter(|&a| !hide(a))
        .collect();
    interface.sort_unstable();
    interface.dedup();
    interface
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_actions_synchronise_others_interleave() {
        // left: 0 -a-> 1 -s-> 0 ; right: 0 -s-> 1 -τ-> 0 ; s shared
        let (a, s) = (0, 1);
        let left = Lts::new(2, 0, vec![(0, a, 1), (1, s, 0)], vec![a, s]);
        let right = Lts::new(2, 0, vec![(0, s, 1), (1, TAU, 0)], vec![s]);
        let (p, pairs) = product(&left, &right, &|x| x == s, 100).unwrap();
        assert_eq!(pairs, vec![(0, 0), (1, 0), (0, 1), (1, 1)]);
        assert_eq!(p.interface(), &[a]);
        // (1,0) -s-> (0,1), hidden
        assert_eq!(p.out(1), &[(TAU, 2)]);
        assert_eq!(p.out(2), &[(a, 3), (TAU, 0)]);
        assert!(product(&left, &right, &|_| false, 3).is_none());
    }

    #[test]
    fn an_interface_action_without_transitions_blocks_the_partner() {
        let left = Lts::new(1, 0, vec![], vec![7]);
        let right = Lts::new(2, 0, vec![(0, 7, 1)], vec![7]);
        let (p, _) = product(&left, &right, &|_| false, 100).unwrap();
        assert_eq!(p.num_states(), 1);
        assert_eq!(p.num_transitions(), 0);
    }
}
