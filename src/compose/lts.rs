//! One explicit LTS, the data every algorithm of the compositional engine works on.
//!
//! States are `0..num_states()`, the initial one given; the outgoing transitions of each state
//! are stored together (compressed rows), sorted by `(action, target)`, without duplicates.
//! An action is an index into the alphabet of whoever built the LTS (for a system, its
//! [`crate::model::LabelId`]), or [`TAU`], the internal action.
//!
//! The LTS also carries its **interface**: the visible actions it synchronises on. A label in the
//! interface that the LTS cannot take (no transition, or none reachable after a reduction) still
//! blocks its partners in a composition, so the interface cannot be read off the transitions.

/// An action: an index into the builder's alphabet, or [`TAU`].
pub type Act = u32;

/// The internal action: it never synchronises, and bisimulations other than strong abstract
/// from it.
pub const TAU: Act = u32::MAX;

/// An explicit LTS (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lts {
    initial: u32,
    /// Transitions of state `s`: `out[offsets[s]..offsets[s + 1]]`.
    offsets: Vec<usize>,
    out: Vec<(Act, u32)>,
    /// The visible actions it synchronises on, ascending (never [`TAU`]).
    interface: Vec<Act>,
}

impl Lts {
    /// The LTS with `num_states` states and these `(from, action, to)` transitions (any order,
    /// duplicates allowed), synchronising on `interface` (which must contain every visible
    /// action of a transition; sorted here).
    pub fn new(
        num_states: u32,
        initial: u32,
        mut transitions: Vec<(u32, Act, u32)>,
        mut interface: Vec<Act>,
    ) -> Lts {
        assert!(initial < num_states.max(1), "initial state out of range");
        if transitions.windows(2).all(|w| w[0].0 <= w[1].0) {
            // grouped by source already (a breadth-first product): sort each row alone, which
            // is far cheaper than sorting the whole list
            let mut lo = 0;
            while lo < transitions.len() {
                let from = transitions[lo].0;
                let hi = lo + transitions[lo..].partition_point(|t| t.0 == from);
                transitions[lo..hi].sort_unstable();
                lo = hi;
            }
        } else {
            transitions.sort_unstable();
        }
        transitions.dedup();
        interface.sort_unstable();
        interface.dedup();
        let n = num_states.max(1) as usize;
        let mut offsets = vec![0usize; n + 1];
        for &(from, a, to) in &transitions {
            assert!(
                (from as usize) < n && (to as usize) < n,
                "state out of range"
            );
            debug_assert!(a == TAU || interface.binary_search(&a).is_ok());
            offsets[from as usize + 1] += 1;
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let out = transitions.into_iter().map(|(_, a, to)| (a, to)).collect();
        Lts {
            initial,
            offsets,
            out,
            interface,
        }
    }

    pub fn initial(&self) -> u32 {
        self.initial
    }

    pub fn num_states(&self) -> usize {
        self.offsets.len() - 1
    }

    pub fn num_transitions(&self) -> usize {
        self.out.len()
    }

    /// The visible actions it synchronises on, ascending.
    pub fn interface(&self) -> &[Act] {
        &self.interface
    }

    /// The `(action, target)` transitions out of `s`, sorted.
    pub fn out(&self, s: u32) -> &[(Act, u32)] {
        &self.out[self.offsets[s as usize]..self.offsets[s as usize + 1]]
    }

    /// Every transition as `(from, action, to)`, sorted.
    pub fn transitions(&self) -> impl Iterator<Item = (u32, Act, u32)> + '_ {
        (0..self.num_states() as u32)
            .flat_map(move |s| self.out(s).iter().map(move |&(a, t)| (s, a, t)))
    }

    /// The same LTS with the actions `hide` picks made internal (and taken off the interface).
    pub fn hide(&self, hide: impl Fn(Act) -> bool) -> Lts {
        let relabel = |a: Act| if a != TAU && hide(a) { TAU } else { a };
        let transitions = self
            .transitions()
            .map(|(s, a, t)| (s, relabel(a), t))
            .collect();
        let interface = self
            .interface
            .iter()
            .copied()
            .filter(|&a| !hide(a))
            .collect();
        Lts::new(
            self.num_states() as u32,
            self.initial,
            transitions,
            interface,
        )
    }

    /// The same LTS with every visible action `a` renamed `rename(a)` (on the interface too):
    /// to compare LTSs built over different alphabets in one numbering.
    pub fn rename(&self, rename: impl Fn(Act) -> Act) -> Lts {
        let transitions = self
            .transitions()
            .map(|(s, a, t)| (s, if a == TAU { TAU } else { rename(a) }, t))
            .collect();
        let interface = self.interface.iter().map(|&a| rename(a)).collect();
        Lts::new(
            self.num_states() as u32,
            self.initial,
            transitions,
            interface,
        )
    }

    /// The part reachable from the initial state, and for each old state its new number
    /// (`u32::MAX` when unreachable). States keep their relative order.
    pub fn reachable(&self) -> (Lts, Vec<u32>) {
        let n = self.num_states();
        let mut seen = vec![false; n];
        let mut stack = vec![self.initial];
        seen[self.initial as usize] = true;
        while let Some(s) = stack.pop() {
            for &(_, t) in self.out(s) {
                if !seen[t as usize] {
                    seen[t as usize] = true;
                    stack.push(t);
                }
            }
        }
        let mut map = vec![u32::MAX; n];
        let mut next = 0u32;
        for s in 0..n {
            if seen[s] {
                map[s] = next;
                next += 1;
            }
        }
        let transitions = self
            .transitions()
            .filter(|&(s, _, _)| seen[s as usize])
            .map(|(s, a, t)| (map[s as usize], a, map[t as usize]))
            .collect();
        let lts = Lts::new(
            next,
            map[self.initial as usize],
            transitions,
            self.interface.clone(),
        );
        (lts, map)
    }

    /// The transitions into each state, as `(action, source)`: what the refinement follows to
    /// find the states whose signature a split may change.
    pub fn incoming(&self) -> (Vec<usize>, Vec<(Act, u32)>) {
        let n = self.num_states();
        let mut offsets = vec![0usize; n + 1];
        for &(_, t) in &self.out {
            offsets[t as usize + 1] += 1;
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut fill = offsets.clone();
        let mut inc = vec![(0, 0); self.out.len()];
        for (s, a, t) in self.transitions() {
            inc[fill[t as usize]] = (a, s);
            fill[t as usize] += 1;
        }
        (offsets, inc)
    }

    /// Whether some transition is internal.
    pub fn has_tau(&self) -> bool {
        self.out.iter().any(|&(a, _)| a == TAU)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_sorted_and_deduplicated() {
        let l = Lts::new(
            3,
            0,
            vec![(0, 2, 1), (0, 1, 2), (0, 2, 1), (2, TAU, 0)],
            vec![2, 1],
        );
        assert_eq!(l.out(0), &[(1, 2), (2, 1)]);
        assert_eq!(l.out(1), &[]);
        assert_eq!(l.out(2), &[(TAU, 0)]);
        assert_eq!(l.num_transitions(), 3);
        assert_eq!(l.interface(), &[1, 2]);
    }

    #[test]
    fn hiding_takes_actions_off_the_interface() {
        let l = Lts::new(2, 0, vec![(0, 1, 1), (1, 2, 0)], vec![1, 2, 3]);
        let h = l.hide(|a| a == 2 || a == 3);
        assert_eq!(h.out(1), &[(TAU, 0)]);
        assert_eq!(h.interface(), &[1]);
    }

    #[test]
    fn reachable_part_renumbers_in_order() {
        let l = Lts::new(4, 1, vec![(1, 0, 3), (0, 0, 1), (3, TAU, 1)], vec![0]);
        let (r, map) = l.reachable();
        assert_eq!(map, vec![u32::MAX, 0, u32::MAX, 1]);
        assert_eq!(r.num_states(), 2);
        assert_eq!(r.initial(), 0);
        assert_eq!(r.out(1), &[(TAU, 0)]);
    }
}
