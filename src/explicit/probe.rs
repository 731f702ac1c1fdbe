//! Whether a system's reachable states number at most a bound, and how many: the probe by
//! which `ltsym mcc --engine auto` picks its engine, and by which the symbolic engine sizes its
//! apply cache for a small net (`src/mcc/`).
//!
//! The answer does not depend on the order in which the states are explored: all of them are
//! found within the bound, or more than the bound are found. So where
//! [`super::graph::reach_within`] explores breadth-first (its states are numbered in that
//! order, and its example deadlock is a nearest one), the probe expands the state found last
//! first (depth-first order, a stack of states found and not yet expanded). On a net far
//! beyond the bound that finds new states with fewer successors computed: breadth-first, the
//! interleavings of the concurrent units meet again and again within the few layers the bound
//! reaches, while a depth-first path keeps moving into markings not seen yet
//! (RERS17pb113-PT-1, 2.9·10^14 markings: docs/mcc.md). On a net within the bound both
//! orders expand every state once.

use super::graph::{Packer, StateStore, TIME_CHECK_STATES};
use super::index::SuccessorIndex;
use crate::error::Result;
use crate::limits::Budget;
use crate::model::System;

/// The number of reachable states of `sys` if it is at most `bound`, else `None` (as soon as
/// `bound + 1` states are found). Fails with the time or memory limit of `budget`, looked at
/// as [`super::graph::reach_within`] does.
pub fn count_within(sys: &System, bound: u64, budget: &Budget) -> Result<Option<u64>> {
    let (count, expanded) = probe(sys, bound, budget)?;
    log::debug!(
        "explicit probe within {bound} states: {}, {expanded} states expanded",
        count.map_or("more".to_string(), |n| format!("{n} states")),
    );
    Ok(count)
}

/// [`count_within`], and the number of states it expanded (computed the successors of): the
/// probe's work, which tests compare with the bound.
pub fn probe(sys: &System, bound: u64, budget: &Budget) -> Result<(Option<u64>, usize)> {
    // state numbers are u32 and u32::MAX is no state (`graph::FREE`)
    let bound = bound.min(u32::MAX as u64 - 1);
    if bound == 0 {
        return Ok((None, 0));
    }
    let packer = Packer::new(sys);
    let mut store = StateStore::new(packer.words);
    let mut key = vec![0u64; packer.words];
    packer.pack(&sys.initial_state(), &mut key);
    store.insert(&key, budget)?;
    let mut index = SuccessorIndex::new(sys);
    let mut state = Vec::with_capacity(sys.components().len());
    let mut stack = vec![0u32];
    let mut expanded = 0usize;
    while let Some(i) = stack.pop() {
        if expanded.is_multiple_of(TIME_CHECK_STATES) {
            budget.phase("explicit probe (states expanded)", expanded);
            budget.check_states(store.len)?;
        }
        expanded += 1;
        packer.unpack_into(store.get(i), &mut state);
        index.successors(&state);
        for k in 0..index.len() {
            packer.pack(index.get(k).1, &mut key);
            let (t, new) = store.insert(&key, budget)?;
            if new {
                if store.len as u64 > bound {
                    return Ok((None, expanded));
                }
                stack.push(t);
            }
        }
    }
    Ok((Some(store.len as u64), expanded))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explicit::graph::reach;
    use crate::gen::{random, RandomSpec};

    /// On random systems: the count of [`reach`] within a bound of exactly that many states
    /// (and more), `None` within one state fewer, whatever the order of exploration.
    #[test]
    fn the_probe_counts_exactly_the_reachable_states() {
        let budget = Budget::unlimited();
        let mut sizes = Vec::new();
        for seed in 0..20 {
            let sys = crate::explicit::small_random(seed);
            let n = reach(&sys, None).unwrap().states;
            assert_eq!(count_within(&sys, n, &budget).unwrap(), Some(n), "{seed}");
            assert_eq!(count_within(&sys, n + 7, &budget).unwrap(), Some(n));
            assert_eq!(count_within(&sys, n - 1, &budget).unwrap(), None, "{seed}");
            assert_eq!(
                count_within(&sys, 1, &budget).unwrap(),
                (n == 1).then_some(1)
            );
            sizes.push(n);
        }
        assert_eq!(
            count_within(&random(&RandomSpec::default()).unwrap(), 0, &budget).unwrap(),
            None
        );
        // the systems are not all trivial
        assert!(sizes.iter().filter(|&&n| n > 50).count() > 5, "{sizes:?}");
    }

    /// On a system far beyond the bound (12 independent cycles of 4 states: 4^12 states), the
    /// probe finds the bound's states after expanding a small share of them: depth-first, most
    /// successors are new: 2,060 states expanded (breadth-first, a queue instead of the stack:
    /// 6,757).
    #[test]
    fn the_probe_goes_deep_on_a_net_beyond_its_bound() {
        use crate::model::SystemBuilder;
        let mut b = SystemBuilder::new();
        for c in 0..12 {
            let id = b.add_component(&format!("c{c}"));
            for s in 0..4 {
                b.add_state(id, &s.to_string()).unwrap();
            }
            b.set_start(id, 0);
            for s in 0..4 {
                b.add_transition(id, s, &format!("a{c}"), (s + 1) % 4);
            }
        }
        let sys = b.build().unwrap();
        let (count, expanded) = probe(&sys, 20_000, &Budget::unlimited()).unwrap();
        assert_eq!(count, None);
        assert!(expanded < 20_000 / 8, "{expanded} states expanded");
    }
}
