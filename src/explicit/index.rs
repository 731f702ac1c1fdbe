//! The successor relation of [`super::graph::successors`], indexed for the breadth-first
//! search of [`super::graph`]: the same moves in the same order, found with less work.
//!
//! [`super::graph::successors`] stays the literal reading of the semantics (every label, every
//! tuple); the search calls it millions of times, and `ltsym mcc --engine auto` explores up to
//! 262,144 markings of every net before it picks an engine (a second of CPU on RERS17pb113,
//! docs/mcc.md). Three things make the difference, none of them a change of the relation:
//!
//! * a label can fire only if its first participating component has a move on it, so only the
//!   labels listed under the first components' current states are tried (RERS systems have
//!   thousands of labels, of which a handful are enabled in any state);
//! * the tuples of a [`Sync::Tuples`] label are sorted, so those whose first move starts in the
//!   first component's current state are one contiguous run, whose bounds are looked up in a
//!   table per label (a RERS label of the MCC holds hundreds of tuples, over units of up to 64
//!   states);
//! * the successors go into flat buffers owned by the index, reused from state to state,
//!   instead of one fresh vector each.
//!
//! The output equals [`super::graph::successors`]'s, labels ascending and each label's moves in
//! the same order (a test compares them on random systems of both kinds of labels).

use crate::model::{LabelId, StateId, Sync, System};

pub(super) struct SuccessorIndex<'a> {
    sys: &'a System,
    /// `first[c][s]`: the labels whose first participating component is `c` and which `c` has
    /// a move on from its local state `s`, ascending (each label under one component only).
    first: Vec<Vec<Vec<LabelId>>>,
    candidates: Vec<LabelId>,
    /// `runs[l][i]`: where the moves of label `l`'s `i`th component from each of its local
    /// states lie in `local[i]` (a [`Sync::Product`] label), or the tuples whose first move
    /// starts there (`i` = 0 of a [`Sync::Tuples`] label); see [`Runs`].
    runs: Vec<Vec<Runs>>,
    /// Per participating component of a product label: its run of local moves.
    moves: Vec<(usize, usize)>,
    pick: Vec<usize>,
    /// The successors of the last [`SuccessorIndex::successors`] call: the `i`th has label
    /// `labels[i]` and state vector `states[i * n..(i + 1) * n]`, `n` the number of components.
    labels: Vec<LabelId>,
    states: Vec<StateId>,
}

impl<'a> SuccessorIndex<'a> {
    pub(super) fn new(sys: &'a System) -> SuccessorIndex<'a> {
        let mut first: Vec<Vec<Vec<LabelId>>> = sys
            .components()
            .iter()
            .map(|c| vec![Vec::new(); c.num_states()])
            .collect();
        for (l, label) in sys.labels().iter().enumerate() {
            if let Some(&c) = label.components.first() {
                for &(from, _) in &label.local[0] {
                    first[c][from as usize].push(l);
                }
            }
        }
        for per_state in &mut first {
            for ls in per_state {
                ls.sort_unstable();
                ls.dedup();
            }
        }
        let states = |c: usize| sys.components()[c].num_states();
        let runs = sys
            .labels()
            .iter()
            .map(|label| match &label.sync {
                Sync::Product => label
                    .components
                    .iter()
                    .zip(&label.local)
                    .map(|(&c, local)| Runs::new(states(c), local.len(), |k| local[k].0))
                    .collect(),
                Sync::Tuples(tuples) => label
                    .components
                    .first()
                    .map(|&c| Runs::new(states(c), tuples.len(), |k| tuples[k][0].0))
                    .into_iter()
                    .collect(),
            })
            .collect();
        SuccessorIndex {
            sys,
            first,
            candidates: Vec::new(),
            runs,
            moves: Vec::new(),
            pick: Vec::new(),
            labels: Vec::new(),
            states: Vec::new(),
        }
    }

    /// Computes the successors of `state`; read them with [`SuccessorIndex::len`] and
    /// [`SuccessorIndex::get`].
    pub(super) fn successors(&mut self, state: &[StateId]) {
        self.labels.clear();
        self.states.clear();
        self.candidates.clear();
        for (c, &s) in state.iter().enumerate() {
            self.candidates.extend(&self.first[c][s as usize]);
        }
        self.candidates.sort_unstable();
        for k in 0..self.candidates.len() {
            let l = self.candidates[k];
            self.fire(l, state);
        }
    }

    /// The number of successors of the last [`SuccessorIndex::successors`] call.
    pub(super) fn len(&self) -> usize {
        self.labels.len()
    }

    /// The `i`th successor of the last call: its label and state vector.
    pub(super) fn get(&self, i: usize) -> (LabelId, &[StateId]) {
        let n = self.sys.components().len();
        (self.labels[i], &self.states[i * n..(i + 1) * n])
    }

    /// Appends the moves of label `l` from `state`, as `graph::fire` does.
    fn fire(&mut self, l: LabelId, state: &[StateId]) {
        let label = self.sys.label(l);
        match &label.sync {
            Sync::Product => {
                self.moves.clear();
                for (i, &c) in label.components.iter().enumerate() {
                    let local = &label.local[i];
                    let (lo, hi) = self.runs[l][i].find(state[c], local.len(), |k| local[k].0);
                    if lo == hi {
                        return;
                    }
                    self.moves.push((lo, hi));
                }
                // Odometer over all combinations, the first component fastest.
                self.pick.clear();
                self.pick.extend(self.moves.iter().map(|&(lo, _)| lo));
                loop {
                    self.labels.push(l);
                    let at = self.states.len();
                    self.states.extend_from_slice(state);
                    for (i, &c) in label.components.iter().enumerate() {
                        self.states[at + c] = label.local[i][self.pick[i]].1;
                    }
                    let mut i = 0;
                    while i < self.pick.len() {
                        self.pick[i] += 1;
                        if self.pick[i] < self.moves[i].1 {
                            break;
                        }
                        self.pick[i] = self.moves[i].0;
                        i += 1;
                    }
                    if i == self.pick.len() {
                        break;
                    }
                }
            }
            Sync::Tuples(tuples) => {
                let Some(&c0) = label.components.first() else {
                    return;
                };
                let (lo, hi) = self.runs[l][0].find(state[c0], tuples.len(), |k| tuples[k][0].0);
                for t in &tuples[lo..hi] {
                    if t.iter()
                        .zip(&label.components)
                        .all(|(&(from, _), &c)| state[c] == from)
                    {
                        self.labels.push(l);
                        let at = self.states.len();
                        self.states.extend_from_slice(state);
                        for (&(_, to), &c) in t.iter().zip(&label.components) {
                            self.states[at + c] = to;
                        }
                    }
                }
            }
        }
    }
}

/// Where the entries of a list sorted by a local state (a label's moves of one component, by
/// their from-state; a tuple label's tuples, by their first move's) that start in state `s`
/// lie. A binary search had a cache miss at every step (35 % of the search in the probe of
/// `ltsym mcc --engine auto` on RERS17pb113, whose labels have hundreds of moves over units of
/// up to 64 states), so a list gets a table of offsets, one per local state, when the table is
/// at most [`TABLE_PER_ENTRY`] times the list's length: the tables then take at most a few
/// times the memory of the lists, also on a net of one label per transition and large units.
enum Runs {
    /// `table[s]..table[s + 1]`.
    Table(Vec<u32>),
    Search,
}

/// Offsets of a [`Runs::Table`] per entry of its list, at most.
const TABLE_PER_ENTRY: usize = 4;

impl Runs {
    /// The runs of a list of `len` entries, entry `k` keyed by `key(k)`, over `states` local
    /// states.
    fn new(states: usize, len: usize, key: impl Fn(usize) -> StateId) -> Runs {
        if states + 1 > TABLE_PER_ENTRY * len || len >= u32::MAX as usize {
            return Runs::Search;
        }
        let mut table = Vec::with_capacity(states + 1);
        let mut k = 0;
        for s in 0..=states {
            while k < len && (key(k) as usize) < s {
                k += 1;
            }
            table.push(k as u32);
        }
        Runs::Table(table)
    }

    /// The entries `lo..hi` of the list (`len` entries keyed by `key`) keyed `s`.
    fn find(&self, s: StateId, len: usize, key: impl Fn(usize) -> StateId) -> (usize, usize) {
        match self {
            Runs::Table(table) => (table[s as usize] as usize, table[s as usize + 1] as usize),
            Runs::Search => {
                let (mut lo, mut hi) = (0, len);
                // the first entry keyed `s` or more, then the first keyed more than `s`
                while lo < hi {
                    let mid = (lo + hi) / 2;
                    if key(mid) < s {
                        lo = mid + 1;
                    } else {
                        hi = mid;
                    }
                }
                let start = lo;
                hi = len;
                while lo < hi {
                    let mid = (lo + hi) / 2;
                    if key(mid) <= s {
                        lo = mid + 1;
                    } else {
                        hi = mid;
                    }
                }
                (start, lo)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explicit::graph::{successors, StateGraph};
    use crate::model::SystemBuilder;

    /// The successors of every reachable state of `sys`, by the index and literally.
    fn compare(sys: &System) -> usize {
        let g = StateGraph::build(sys, None).unwrap();
        let mut index = SuccessorIndex::new(sys);
        let mut literal = Vec::new();
        let mut compared = 0;
        for s in 0..g.num_states() as u32 {
            let st = g.state(s);
            successors(sys, &st, &mut literal);
            index.successors(&st);
            let indexed: Vec<(LabelId, Vec<StateId>)> = (0..index.len())
                .map(|i| {
                    let (l, next) = index.get(i);
                    (l, next.to_vec())
                })
                .collect();
            assert_eq!(literal, indexed, "state {st:?}");
            compared += literal.len();
        }
        compared
    }

    /// Both kinds of [`Runs`] against a scan, on sorted lists with gaps, repeated keys, keys
    /// at both ends and empty runs.
    #[test]
    fn runs_are_the_entries_of_each_key() {
        let mut rng = crate::gen::rng::Rng::new(7);
        let (mut tables, mut searches) = (0, 0);
        for _ in 0..300 {
            let states = 1 + rng.below(9);
            let mut keys: Vec<StateId> = (0..rng.below(12))
                .map(|_| rng.below(states) as StateId)
                .collect();
            keys.sort_unstable();
            let runs = Runs::new(states, keys.len(), |k| keys[k]);
            match runs {
                Runs::Table(_) => tables += 1,
                Runs::Search => searches += 1,
            }
            for s in 0..states as StateId {
                let lo = keys.iter().filter(|&&k| k < s).count();
                let hi = keys.iter().filter(|&&k| k <= s).count();
                let got = runs.find(s, keys.len(), |k| keys[k]);
                assert_eq!(got, (lo, hi), "{keys:?} {s}");
                // the search alone, on every list
                let search = Runs::Search.find(s, keys.len(), |k| keys[k]);
                assert_eq!(search, (lo, hi), "{keys:?} {s}");
            }
        }
        assert!(tables > 100 && searches > 20, "{tables} {searches}");
    }

    #[test]
    fn indexed_successors_equal_the_literal_ones() {
        let mut compared = 0;
        for seed in 0..10 {
            let sys = crate::explicit::small_random(seed);
            compared += compare(&sys);
        }
        assert!(compared > 100);
    }

    /// The same on systems of tuple labels (as the MCC nets are rebuilt), with several tuples
    /// per first move, tuples that share a first move but not the others, and labels whose
    /// first component is not component 0 (the runs must hold exactly the tuples the literal
    /// scan finds), beside nondeterministic product labels.
    #[test]
    fn indexed_tuple_and_product_successors_equal_the_literal_ones() {
        let mut compared = 0;
        for seed in 0..20u64 {
            let mut rng = crate::gen::rng::Rng::new(seed);
            let mut b = SystemBuilder::new();
            let n = 4;
            let states = 4;
            for c in 0..n {
                let id = b.add_component(&format!("u{c}"));
                for s in 0..states {
                    b.add_state(id, &format!("s{s}")).unwrap();
                }
                b.set_start(id, 0);
            }
            for l in 0..6 {
                // one to three ascending components
                let mut comps: Vec<usize> = (0..n).filter(|_| rng.below(2) == 0).collect();
                if comps.is_empty() {
                    comps.push(rng.below(n));
                }
                comps.truncate(3);
                let tuples: Vec<Vec<(StateId, StateId)>> = (0..1 + rng.below(12))
                    .map(|_| {
                        comps
                            .iter()
                            .map(|_| (rng.below(states) as StateId, rng.below(states) as StateId))
                            .collect()
                    })
                    .collect();
                b.add_tuple_label(&format!("t{l}"), comps, tuples).unwrap();
            }
            // product labels with several moves of a component from one state, from states
            // other than the first: the odometer must restart each component at its own run
            for l in 0..3 {
                let comps: Vec<usize> = (0..n).filter(|_| rng.below(2) == 0).collect();
                for c in comps {
                    for _ in 0..1 + rng.below(6) {
                        let (from, to) = (rng.below(states), rng.below(states));
                        b.add_transition(c, from as StateId, &format!("p{l}"), to as StateId);
                    }
                }
            }
            let sys = b.build().unwrap();
            compared += compare(&sys);
        }
        assert!(compared > 100, "{compared}");
    }
}
