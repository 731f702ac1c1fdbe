//! Factoring components into bits: a component that is a product of two-state machines in
//! disguise is replaced by those machines.
//!
//! The large RERS 2017 problems are decomposed one-safe Petri nets: a component with 2^k
//! states is k places whose markings were numbered arbitrarily. Under the right numbering
//! every label of such a component is a *guarded assignment*: it is enabled where some bits
//! have given values (its guard) and sets some bits to constants, leaving the others as they
//! are. By the RERS synchronisation rule that component is exactly the product of k two-state
//! components over the same labels: bit `j` takes part in label `l` when `l` reads or writes
//! it, moving from its guard value (or from either value) to the written value (or staying).
//! The global transition system is unchanged up to the numbering of states, so every count,
//! deadlock and verdict is the same, and a label path of one system is a label path of the
//! other. The symbolic engines work on the factored system; the explicit engine and every
//! replay of a counterexample work on the system as given, so each comparison of the two
//! engines also checks the factoring.
//!
//! Why it pays: the BDD order is a permutation of components, and a component's bits used to
//! be tied to one block. As separate components, the bits of different components that
//! synchronise can sit next to each other, and the arbitrary numbering no longer scrambles
//! them. RERS 2017 problem 113 took 9.8 s and 8.2 M peak nodes with its best component order;
//! factored it takes 0.1 s and 28 k nodes, and problems 114 and 115, which no tool had
//! counted, count in a fraction of a second (docs/benchmarks.md, "Factoring").
//!
//! Finding the numbering (`bitcode.rs`): the subcubes every label's domain and image
//! span, then a bounded search for the bits no label tests or writes alone. Then:
//!
//! *Verification.* Under the numbering found, every label's moves must be exactly the product
//! of its per-bit moves, or the component stays whole. Factoring is an optimisation that is
//! checked, never a guess.

use std::collections::HashSet;

use super::bitcode::{find_code, MAX_BITS};
use super::{CompId, Label, Lts, StateId, Sync, System, Transition};

/// How a system's components are held by a factored system.
#[derive(Clone, Debug)]
pub struct Factored {
    /// The system the engines work on: the same labels (same [`LabelId`](super::LabelId)s and
    /// names), with some components replaced by their bits.
    pub system: System,
    /// For each component of the original system, in its order.
    pub parts: Vec<Part>,
}

/// One component of the original system inside a factored system.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// The component's name in the system as given.
    pub name: String,
    /// Its local state names in the system as given.
    pub state_names: Vec<String>,
    /// The components of the factored system that hold it: one if it is kept whole, else one
    /// per bit, bit 0 first.
    pub comps: Vec<CompId>,
    /// For a component split into bits, the code of each of its states (bit `j` is the local
    /// state of `comps[j]`); `None` for a component kept whole.
    pub codes: Option<Vec<u32>>,
}

impl Factored {
    /// `sys` as it is: every component kept whole.
    pub fn none(sys: &System) -> Factored {
        Factored {
            system: sys.clone(),
            parts: sys
                .components()
                .iter()
                .enumerate()
                .map(|(c, comp)| Part {
                    name: comp.name.clone(),
                    state_names: comp.states.clone(),
                    comps: vec![c],
                    codes: None,
                })
                .collect(),
        }
    }

    /// The components that were split, with their number of bits.
    pub fn split(&self) -> impl Iterator<Item = (CompId, usize)> + '_ {
        self.parts
            .iter()
            .enumerate()
            .filter(|(_, p)| p.codes.is_some())
            .map(|(c, p)| (c, p.comps.len()))
    }

    /// A state of the factored system as a state of the original one.
    pub fn original_state(&self, state: &[StateId]) -> Vec<StateId> {
        self.parts
            .iter()
            .map(|p| match &p.codes {
                None => state[p.comps[0]],
                Some(codes) => {
                    let code = p
                        .comps
                        .iter()
                        .enumerate()
                        .fold(0u32, |acc, (j, &fc)| acc | (state[fc] << j));
                    codes.iter().position(|&c| c == code).unwrap_or(0) as StateId
                }
            })
            .collect()
    }

    /// An order of the original components as an order of the factored ones: each component's
    /// bits take its place, bit 0 first.
    pub fn expand_order(&self, order: &[CompId]) -> Vec<CompId> {
        order
            .iter()
            .flat_map(|&c| self.parts[c].comps.iter().copied())
            .collect()
    }
}

/// `sys` with every component that is a product of bits replaced by its bits (see the module
/// documentation). Components in a label given as explicit move tuples stay whole.
pub fn factor(sys: &System) -> Factored {
    let in_tuples: HashSet<CompId> = sys
        .labels()
        .iter()
        .filter(|l| matches!(l.sync, Sync::Tuples(_)))
        .flat_map(|l| l.components.iter().copied())
        .collect();
    let splits: Vec<Option<Split>> = (0..sys.components().len())
        .map(|c| {
            if in_tuples.contains(&c) {
                None
            } else {
                split_component(sys, c)
            }
        })
        .collect();
    if splits.iter().all(Option::is_none) {
        return Factored::none(sys);
    }
    build(sys, &splits)
}

/// What one bit does on one label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct BitMove {
    /// The value the label requires, if any.
    guard: Option<bool>,
    /// The value the label writes, if any (else the bit keeps its value).
    write: Option<bool>,
}

impl BitMove {
    fn involved(&self) -> bool {
        self.guard.is_some() || self.write.is_some()
    }

    /// The bit's local moves: `(from, to)` as 0/1.
    fn moves(&self) -> Vec<(StateId, StateId)> {
        let froms: &[bool] = match self.guard {
            Some(true) => &[true],
            Some(false) => &[false],
            None => &[false, true],
        };
        froms
            .iter()
            .map(|&f| (f as StateId, self.write.unwrap_or(f) as StateId))
            .collect()
    }
}

/// A component split into bits: the code of each state, and per label of its alphabet (in
/// alphabet order) what each bit does.
struct Split {
    codes: Vec<u32>,
    bits: usize,
    per_label: Vec<Vec<BitMove>>,
}

/// The local moves of component `c` on each label of its alphabet.
fn local_moves(sys: &System, c: CompId) -> Vec<&[(StateId, StateId)]> {
    sys.component(c)
        .alphabet
        .iter()
        .map(|&l| {
            let label = sys.label(l);
            let i = label
                .components
                .iter()
                .position(|&x| x == c)
                .expect("a label knows the components whose alphabet has it");
            label.local[i].as_slice()
        })
        .collect()
}

fn split_component(sys: &System, c: CompId) -> Option<Split> {
    let n = sys.component(c).num_states();
    if n > 1 && (n - 1).is_power_of_two() && (4..=1 << (MAX_BITS - 1)).contains(&(n - 1)) {
        return split_with_start(sys, c);
    }
    if !n.is_power_of_two() || !(4..=1 << MAX_BITS).contains(&n) {
        return None;
    }
    let moves = local_moves(sys, c);
    let codes = find_code(n, &moves)?;
    split_by_codes(codes, n.trailing_zeros() as usize, &moves)
}

/// A component of `2^k + 1` states whose start state is left once and never entered again:
/// the MCC nets of the RERS problems, where every unit has a place `p__start` beside the
/// 2^k places of its LTS, and one silent transition moves every unit from it to its real start.
///
/// Such a component is `2^k` states coded in `k` bits (found as for any component) plus a bit
/// *started*: the start state is `started = 0` with the other bits already at the code of the
/// state it moves to, every other state is `started = 1` with its own code. The labels that
/// leave the start state move only `started` (0 to 1) and test the rest; every other label tests
/// `started = 1`. The codes with `started = 0` and other bits are never reached. The same
/// verification as for any split (every label exactly its per-bit product over the codes)
/// applies. On RERS17pb113-PT-1 (13 units of 65 places) this is what lets the net count as fast
/// as its `.dot` twin.
fn split_with_start(sys: &System, c: CompId) -> Option<Split> {
    let comp = sys.component(c);
    let (n, start) = (comp.num_states(), comp.start);
    let moves = local_moves(sys, c);
    // the start state is never entered, and every label leaving it has one move, to one state
    let mut next = None;
    let mut rest: Vec<Vec<(StateId, StateId)>> = Vec::new();
    for m in &moves {
        if m.iter().any(|&(_, t)| t == start) {
            return None;
        }
        if m.iter().any(|&(f, _)| f == start) {
            match m {
                [(_, t)] if next.is_none() || next == Some(*t) => next = Some(*t),
                _ => return None,
            }
        } else {
            let skip = |s: StateId| if s > start { s - 1 } else { s };
            rest.push(m.iter().map(|&(f, t)| (skip(f), skip(t))).collect());
        }
    }
    let next = next?;
    let k = (n - 1).trailing_zeros() as usize;
    let rest_refs: Vec<&[(StateId, StateId)]> = rest.iter().map(Vec::as_slice).collect();
    let inner = find_code(n - 1, &rest_refs)?;
    let inner_of = |s: StateId| inner[if s > start { s - 1 } else { s } as usize];
    let codes: Vec<u32> = (0..n as StateId)
        .map(|s| {
            if s == start {
                inner_of(next)
            } else {
                inner_of(s) | 1 << k
            }
        })
        .collect();
    split_by_codes(codes, k + 1, &moves)
}

/// The split under `codes`, if every label's moves are a guarded assignment under them.
fn split_by_codes(codes: Vec<u32>, bits: usize, moves: &[&[(StateId, StateId)]]) -> Option<Split> {
    let per_label = moves
        .iter()
        .map(|m| {
            let coded: Vec<(u32, u32)> = m
                .iter()
                .map(|&(f, t)| (codes[f as usize], codes[t as usize]))
                .collect();
            guarded_assignment(&coded, bits)
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Split {
        codes,
        bits,
        per_label,
    })
}

/// The per-bit moves of a label whose coded moves are exactly a guarded assignment over `bits`
/// bits, or `None`.
///
/// The guard is what all sources agree on; each bit must either keep its value in every move
/// or take one value in every move. Then every move is `s -> s[writes]`, so the sources are
/// distinct, and the moves are exactly the product iff the sources fill the guard's subcube.
fn guarded_assignment(moves: &[(u32, u32)], bits: usize) -> Option<Vec<BitMove>> {
    let &(s0, _) = moves.first()?;
    let mut agree = (1u32 << bits) - 1;
    for &(s, _) in moves {
        agree &= !(s ^ s0);
    }
    let mut out = Vec::with_capacity(bits);
    for j in 0..bits {
        let bit = |x: u32| (x >> j) & 1 == 1;
        let guard = (agree >> j & 1 == 1).then(|| bit(s0));
        let write = if moves.iter().all(|&(s, t)| bit(s) == bit(t)) {
            None
        } else {
            let v = bit(moves[0].1);
            if !moves.iter().all(|&(_, t)| bit(t) == v) {
                return None;
            }
            Some(v)
        };
        out.push(BitMove { guard, write });
    }
    let free = bits - agree.count_ones() as usize;
    let mut sources: Vec<u32> = moves.iter().map(|&(s, _)| s).collect();
    sources.sort_unstable();
    sources.dedup();
    (sources.len() == moves.len() && moves.len() == 1 << free).then_some(out)
}

type Moves = Vec<(StateId, StateId)>;

/// The factored system: split components become their bits, in place; labels keep their ids.
fn build(sys: &System, splits: &[Option<Split>]) -> Factored {
    let mut components: Vec<Lts> = Vec::new();
    let mut parts: Vec<Part> = Vec::with_capacity(splits.len());
    let nlabels = sys.labels().len();
    // per label: (new component, local moves), in ascending component order
    let mut label_moves: Vec<Vec<(CompId, Moves)>> = vec![Vec::new(); nlabels];
    let mut renumber = vec![0; splits.len()];
    for (c, split) in splits.iter().enumerate() {
        let comp = sys.component(c);
        match split {
            None => {
                let id = components.len();
                renumber[c] = id;
                components.push(comp.clone());
                for (&l, m) in comp.alphabet.iter().zip(local_moves(sys, c)) {
                    label_moves[l].push((id, m.to_vec()));
                }
                parts.push(Part {
                    name: comp.name.clone(),
                    state_names: comp.states.clone(),
                    comps: vec![id],
                    codes: None,
                });
            }
            Some(split) => {
                let first = components.len();
                let start = split.codes[comp.start as usize];
                let mut per_bit: Vec<Vec<Transition>> = vec![Vec::new(); split.bits];
                for (a, &l) in comp.alphabet.iter().enumerate() {
                    let bm = &split.per_label[a];
                    // a label that reads and writes no bit (a self-loop everywhere) still needs
                    // a component to carry it: bit 0, which it keeps
                    let none = !bm.iter().any(BitMove::involved);
                    for (j, b) in bm.iter().enumerate() {
                        if b.involved() || (none && j == 0) {
                            let moves = b.moves();
                            for &(from, to) in &moves {
                                per_bit[j].push(Transition { from, label: l, to });
                            }
                            label_moves[l].push((first + j, moves));
                        }
                    }
                }
                for (j, mut transitions) in per_bit.into_iter().enumerate() {
                    transitions.sort();
                    let mut alphabet: Vec<_> = transitions.iter().map(|t| t.label).collect();
                    alphabet.sort_unstable();
                    alphabet.dedup();
                    components.push(Lts {
                        name: format!("{}.b{j}", comp.name),
                        states: vec!["0".into(), "1".into()],
                        start: (start >> j) & 1,
                        transitions,
                        alphabet,
                    });
                }
                parts.push(Part {
                    name: comp.name.clone(),
                    state_names: comp.states.clone(),
                    comps: (first..first + split.bits).collect(),
                    codes: Some(split.codes.clone()),
                });
            }
        }
    }
    let labels = sys
        .labels()
        .iter()
        .zip(label_moves)
        .map(|(label, mut moves)| {
            moves.sort_by_key(|(c, _)| *c);
            let sync = match &label.sync {
                Sync::Product => Sync::Product,
                // only whole components take part in tuple labels; renumbering keeps their order
                Sync::Tuples(t) => Sync::Tuples(t.clone()),
            };
            debug_assert!(
                !matches!(sync, Sync::Tuples(_))
                    || label
                        .components
                        .iter()
                        .map(|&c| renumber[c])
                        .eq(moves.iter().map(|(c, _)| *c))
            );
            Label {
                name: label.name.clone(),
                components: moves.iter().map(|(c, _)| *c).collect(),
                sync,
                local: moves.into_iter().map(|(_, m)| m).collect(),
            }
        })
        .collect();
    Factored {
        system: System {
            components,
            labels,
            by_name: sys.by_name.clone(),
        },
        parts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::SystemBuilder;

    /// `(bit, value)` literals of a guard or an assignment.
    type Lits<'a> = &'a [(usize, bool)];

    /// A component whose 2^k states carry the given codes (state i has code codes[i]) and whose
    /// labels are the given guarded assignments `(name, guard, write)` over the codes, each a
    /// list of `(bit, value)`.
    fn coded(
        b: &mut SystemBuilder,
        name: &str,
        codes: &[u32],
        start_code: u32,
        labels: &[(&str, Lits, Lits)],
    ) -> CompId {
        let c = b.add_component(name);
        let n = codes.len();
        let k = n.trailing_zeros() as usize;
        for i in 0..n {
            b.add_state(c, &format!("s{i}")).unwrap();
        }
        let state_of = |code: u32| codes.iter().position(|&x| x == code).unwrap() as StateId;
        b.set_start(c, state_of(start_code));
        for &(l, guard, write) in labels {
            for code in 0..(1u32 << k) {
                if guard.iter().all(|&(j, v)| (code >> j & 1 == 1) == v) {
                    let mut to = code;
                    for &(j, v) in write {
                        to = (to & !(1 << j)) | (u32::from(v) << j);
                    }
                    b.add_transition(c, state_of(code), l, state_of(to));
                }
            }
        }
        c
    }

    /// Every label of the original system and of the factored one has the same global moves,
    /// mapped through the codes (checked by brute force over all state vectors).
    fn same_global_moves(sys: &System, f: &Factored) {
        use crate::explicit::graph::successors;
        let sizes: Vec<usize> = sys.components().iter().map(Lts::num_states).collect();
        let total: usize = sizes.iter().product();
        let encode = |st: &[StateId]| -> Vec<StateId> {
            let mut out = vec![0; f.system.components().len()];
            for (c, p) in f.parts.iter().enumerate() {
                match &p.codes {
                    None => out[p.comps[0]] = st[c],
                    Some(codes) => {
                        for (j, &fc) in p.comps.iter().enumerate() {
                            out[fc] = (codes[st[c] as usize] >> j) & 1;
                        }
                    }
                }
            }
            out
        };
        let mut a = Vec::new();
        let mut b = Vec::new();
        for idx in 0..total {
            let mut st = Vec::with_capacity(sizes.len());
            let mut r = idx;
            for &n in &sizes {
                st.push((r % n) as StateId);
                r /= n;
            }
            successors(sys, &st, &mut a);
            let fs = encode(&st);
            assert_eq!(f.original_state(&fs), st);
            successors(&f.system, &fs, &mut b);
            let mut want: Vec<_> = a.iter().map(|(l, t)| (*l, encode(t))).collect();
            let mut got: Vec<_> = b.clone();
            want.sort();
            got.sort();
            assert_eq!(want, got, "successors of {st:?}");
        }
    }

    #[test]
    fn a_scrambled_product_of_bits_is_split_and_keeps_its_moves() {
        let mut b = SystemBuilder::new();
        // 3 bits, states numbered by a scrambled code
        let codes = [5, 2, 7, 0, 3, 6, 1, 4];
        coded(
            &mut b,
            "p",
            &codes,
            0,
            &[
                ("set0", &[], &[(0, true)]),
                ("mv", &[(0, true), (1, false)], &[(0, false), (1, true)]),
                ("rd", &[(2, false)], &[]),
                ("go", &[(1, true)], &[(2, true), (1, false)]),
                ("sync", &[(2, true)], &[(2, false)]),
            ],
        );
        let q = b.add_component("q");
        for s in ["a", "b"] {
            b.add_state(q, s).unwrap();
        }
        b.set_start(q, 0);
        b.add_transition(q, 0, "sync", 1);
        b.add_transition(q, 1, "rd", 0);
        let sys = b.build().unwrap();
        let f = factor(&sys);
        assert_eq!(f.split().collect::<Vec<_>>(), vec![(0, 3)]);
        assert_eq!(f.system.components().len(), 4);
        assert_eq!(f.system.labels().len(), sys.labels().len());
        for (l, label) in sys.labels().iter().enumerate() {
            assert_eq!(f.system.label(l).name, label.name);
        }
        assert_eq!(f.expand_order(&[1, 0]), vec![3, 0, 1, 2]);
        same_global_moves(&sys, &f);
    }

    #[test]
    fn a_four_cycle_is_two_bits_in_gray_code() {
        // 0 -a-> 1 -b-> 2 -c-> 3 -d-> 0: only one of its bits is ever a domain or an image
        let mut b = SystemBuilder::new();
        let c = b.add_component("cyc");
        for s in 0..4 {
            b.add_state(c, &s.to_string()).unwrap();
        }
        b.set_start(c, 0);
        for (i, l) in ["a", "b", "c", "d"].iter().enumerate() {
            b.add_transition(c, i as StateId, l, ((i + 1) % 4) as StateId);
        }
        let sys = b.build().unwrap();
        let f = factor(&sys);
        assert_eq!(f.split().collect::<Vec<_>>(), vec![(0, 2)]);
        same_global_moves(&sys, &f);
    }

    #[test]
    fn components_that_are_no_product_of_bits_stay_whole() {
        let mut b = SystemBuilder::new();
        // a counter: `inc` is not idempotent
        let c = b.add_component("count");
        for s in 0..4 {
            b.add_state(c, &s.to_string()).unwrap();
        }
        b.set_start(c, 0);
        for s in 0..3 {
            b.add_transition(c, s, "inc", s + 1);
        }
        // nondeterministic
        let d = b.add_component("nd");
        for s in 0..4 {
            b.add_state(d, &s.to_string()).unwrap();
        }
        b.set_start(d, 0);
        b.add_transition(d, 0, "x", 1);
        b.add_transition(d, 0, "x", 2);
        // three states
        let e = b.add_component("three");
        for s in 0..3 {
            b.add_state(e, &s.to_string()).unwrap();
        }
        b.set_start(e, 0);
        b.add_transition(e, 0, "y", 1);
        // a guard that is not a subcube: `z` fires in 3 of 4 states
        let g = b.add_component("notcube");
        for s in 0..4 {
            b.add_state(g, &s.to_string()).unwrap();
        }
        b.set_start(g, 0);
        for s in 0..3 {
            b.add_transition(g, s, "z", 3);
        }
        let sys = b.build().unwrap();
        let f = factor(&sys);
        assert_eq!(f.split().count(), 0);
        assert_eq!(f.system.components().len(), 4);
        same_global_moves(&sys, &f);
    }

    #[test]
    fn tuple_labels_keep_their_components_whole() {
        let mut b = SystemBuilder::new();
        let codes = [0, 1, 2, 3];
        coded(&mut b, "p", &codes, 0, &[("a", &[], &[(0, true)])]);
        let q = b.add_component("q");
        b.add_state(q, "x").unwrap();
        b.add_state(q, "y").unwrap();
        b.set_start(q, 0);
        let r = b.add_component("r");
        for i in 0..4 {
            b.add_state(r, &i.to_string()).unwrap();
        }
        b.set_start(r, 0);
        b.add_transition(r, 0, "loc", 1);
        b.add_tuple_label("t", vec![q, r], vec![vec![(0, 1), (1, 2)]])
            .unwrap();
        let sys = b.build().unwrap();
        let f = factor(&sys);
        // p splits, r (in the tuple label) does not although it could
        assert_eq!(f.split().collect::<Vec<_>>(), vec![(0, 2)]);
        let t = sys.label_id("t").unwrap();
        assert_eq!(f.system.label(t).components, vec![2, 3]);
        same_global_moves(&sys, &f);
    }

    #[test]
    fn guarded_assignments_are_recognised_exactly() {
        // set bit 0, no guard, 2 bits
        let m = [(0, 1), (1, 1), (2, 3), (3, 3)];
        let g = guarded_assignment(&m, 2).unwrap();
        assert_eq!(
            g[0],
            BitMove {
                guard: None,
                write: Some(true)
            }
        );
        assert!(!g[1].involved());
        // a missing source: not a product
        assert!(guarded_assignment(&[(0, 1), (1, 1), (2, 3)], 2).is_none());
        // a toggle: neither keeps nor writes a constant
        assert!(guarded_assignment(&[(0, 1), (1, 0)], 1).is_none());
    }
}
