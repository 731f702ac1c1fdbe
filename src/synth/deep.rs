//! Deeply hidden errors (thesis §5.3, after [HJM+21]: Def. 34 violating prefix, Def. 35
//! counterexample depth, Def. 41 violating prefixes, Thm. 3–5).
//!
//! A finite word *violates* `φ` if no continuation satisfies `φ`; a language is
//! `(m, n]`-deep for `φ` if none of its words has a violating prefix of length `m` (it does not
//! `m`-violate `φ`) and one has a violating prefix of length `n`. Thm. 5:
//! `L^m_φ = L ∩ (⟦φ⟧_{≤m} Σ^ω)` is the largest sublanguage of `L` that does not `m`-violate
//! `φ`; it is built without complementing Büchi automata by intersecting `L` with the prefix
//! tree of depth `m` of `⟦φ⟧`, and the result is checked to `n`-violate `φ`.
//!
//! Here the prefix tree is a [`Tracker`]: the set of states of `φ`'s automaton that a prefix
//! can reach. Our translation removes every state from which no accepting run starts
//! ([`crate::automata::reduce`]), so a prefix violates `φ` exactly when that set is empty.
//! [`unfold`] intersects an MTS with the trackers of the deep properties up to depth `m`
//! (the product with a depth counter *is* the prefix tree, shared where it can be): a
//! transition that would empty a tracker within the first `m` steps is removed, and beyond
//! depth `m` the trackers are dropped, so that the unrolled copies merge again when the
//! result is minimised (the thesis minimises "to obfuscate the tree expansion"). The
//! counterexample search ([`super::counterexample`]) takes the same trackers, so that each
//! inserted counterexample keeps every tracker alive for `m` steps and empties its own
//! property's tracker by step `n`: the check that `L^m_φ` still `n`-violates `φ` holds by
//! construction. A property without a safety part (Def. 13: no finite word violates it, such
//! as `G(a => F b)`) has no depth: no tracker ever empties.

use std::collections::{BTreeMap, VecDeque};

use crate::automata::Tgba;

use super::labels::core_atom;
use super::mts::{Lb, Mts, St};

/// The set of automaton states a prefix reaches, as a bit set: automata of at most 64 states.
#[derive(Clone, Debug)]
pub struct Tracker {
    /// `next[q][k]`: the states reachable from state `q` on label `labels[k]`.
    next: Vec<Vec<u64>>,
    pos: BTreeMap<Lb, usize>,
    pub initial: u64,
}

impl Tracker {
    /// The tracker of the automaton of `φ` (not its negation) over `labels`; `None` if it has
    /// more than 64 states or no state at all.
    pub fn new(a: &Tgba, labels: &[Lb]) -> Option<Tracker> {
        if a.num_states == 0 || a.num_states > 64 {
            return None;
        }
        let letters: Vec<usize> = labels.iter().map(|&l| a.letter_of(&core_atom(l))).collect();
        let mut next = vec![vec![0u64; labels.len()]; a.num_states];
        for e in &a.edges {
            for (k, &letter) in letters.iter().enumerate() {
                if e.letters.contains(letter) {
                    next[e.from][k] |= 1 << e.to;
                }
            }
        }
        Some(Tracker {
            next,
            pos: labels.iter().enumerate().map(|(k, &l)| (l, k)).collect(),
            initial: 1 << a.initial,
        })
    }

    /// The set after one more label (empty: the prefix violates the property).
    pub fn step(&self, set: u64, label: Lb) -> u64 {
        let Some(&k) = self.pos.get(&label) else {
            return 0;
        };
        let mut out = 0;
        let mut rest = set;
        while rest != 0 {
            let q = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            out |= self.next[q][k];
        }
        out
    }

    /// Whether some finite word empties the set (the property has a safety part, Def. 13).
    pub fn has_safety_part(&self) -> bool {
        let mut seen = std::collections::BTreeSet::from([self.initial]);
        let mut queue = VecDeque::from([self.initial]);
        while let Some(s) = queue.pop_front() {
            for &l in self.pos.keys() {
                let t = self.step(s, l);
                if t == 0 {
                    return true;
                }
                if seen.insert(t) {
                    queue.push_back(t);
                }
            }
        }
        false
    }

    /// The length of the shortest violating prefix of `prefix · cycle^ω`, if it has one
    /// (within the prefix and a few rounds of the cycle: the set sequence repeats by then).
    pub fn violation_depth(&self, prefix: &[Lb], cycle: &[Lb]) -> Option<usize> {
        let mut set = self.initial;
        let mut seen = std::collections::BTreeSet::new();
        for (i, &l) in prefix.iter().enumerate() {
            set = self.step(set, l);
            if set == 0 {
                return Some(i + 1);
            }
        }
        let mut at = prefix.len();
        // the sets at the cycle's start repeat after at most 2^64 rounds in theory, a few in
        // practice: stop when one comes back
        while seen.insert(set) {
            for &l in cycle {
                set = self.step(set, l);
                at += 1;
                if set == 0 {
                    return Some(at);
                }
            }
        }
        None
    }
}

/// `L(mts) ∩ ⟦φ_i⟧_{≤m} Σ^ω` for every tracker (Thm. 5), as an MTS: the product of `mts`
/// with the trackers and a depth counter up to `m`, without the transitions that empty a
/// tracker within `m` steps; minimised.
pub fn unfold(mts: &Mts, trackers: &[Tracker], m: usize) -> Mts {
    if trackers.is_empty() || m == 0 {
        return mts.clone();
    }
    let idx = mts.index();
    // (state, tracker sets, depth); beyond depth m the sets are dropped (empty vector)
    type Node = (St, Vec<u64>, usize);
    let start: Node = (mts.initial, trackers.iter().map(|t| t.initial).collect(), 0);
    let mut ids: BTreeMap<Node, St> = BTreeMap::new();
    let mut nodes = vec![start.clone()];
    ids.insert(start, 0);
    let mut out = Mts::new(0, 0, mts.alphabet.clone());
    let mut i = 0;
    while i < nodes.len() {
        let (s, sets, d) = nodes[i].clone();
        for e in &mts.edges[idx[s as usize].clone()] {
            let next: Node = if d >= m {
                (e.to, Vec::new(), m)
            } else {
                let sets2: Vec<u64> = trackers
                    .iter()
                    .zip(&sets)
                    .map(|(t, &x)| t.step(x, e.label))
                    .collect();
                if sets2.contains(&0) {
                    continue;
                }
                if d + 1 >= m {
                    (e.to, Vec::new(), m)
                } else {
                    (e.to, sets2, d + 1)
                }
            };
            let n = nodes.len() as St;
            let j = *ids.entry(next.clone()).or_insert(n);
            if j == n {
                nodes.push(next);
            }
            out.add(i as St, e.label, j, e.must);
        }
        i += 1;
    }
    out.states = nodes.len();
    out.normalize();
    out.minimize()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::automata::translate::translate;
    use crate::parse::ltl::parse_formula;
    use std::path::Path;

    #[test]
    fn tracker_sees_violating_prefixes() {
        // G !a0: the prefix `a1 a0` violates it, at depth 2
        let a = translate(&parse_formula("G !a0", Path::new("t")).unwrap()).unwrap();
        let t = Tracker::new(&a, &[0, 1]).unwrap();
        assert!(t.has_safety_part());
        assert_eq!(t.violation_depth(&[1, 0], &[1]), Some(2));
        assert_eq!(t.violation_depth(&[1], &[1]), None);
        let live = translate(&parse_formula("G(a0 -> F a1)", Path::new("t")).unwrap()).unwrap();
        assert!(!Tracker::new(&live, &[0, 1]).unwrap().has_safety_part());
    }

    #[test]
    fn unfolding_removes_short_violations_only() {
        // 0 -a1-> 1 -a0-> 0 and 0 -a0-> 0: `a0` at once violates G(!a0) at depth 1; the
        // a1 a0 path violates at depth 2
        let a = translate(&parse_formula("G !a0", Path::new("t")).unwrap()).unwrap();
        let t = Tracker::new(&a, &[0, 1]).unwrap();
        let mut m = Mts::new(2, 0, vec![0, 1]);
        m.add(0, 1, 1, true);
        m.add(1, 0, 0, false);
        m.add(0, 0, 0, false);
        m.normalize();
        let u = unfold(&m, std::slice::from_ref(&t), 1);
        // the a0 loop at the start is gone, a1 then a0 stays
        assert!(!u.edges.iter().any(|e| e.from == u.initial && e.label == 0));
        assert!(u.edges.iter().any(|e| e.label == 0));
        // with m = 2 the a1 a0 prefix goes too: no a0 is left
        let u2 = unfold(&m, &[t], 2);
        assert!(!u2.edges.iter().any(|e| e.label == 0));
    }
}
