//! ω-automata for LTL: transition-based generalised Büchi automata (TGBA) over action letters.
//!
//! At each step of a trace exactly one label fires. An automaton for a formula therefore reads
//! *letters*, not valuations: letter `i < atoms.len()` means "the label named `atoms[i]` fires",
//! and the last letter, [`Tgba::other`], means "some label that is no atom of the formula fires".
//! An edge carries the set of letters it accepts.

pub mod hoa;
pub mod interrupt;
pub mod lasso;
pub mod monitor;
pub mod reduce;
pub mod spin;
pub mod translate;
pub mod valuations;

pub use lasso::accepts_lasso;
pub use translate::{translate, TgbaStats};

/// A set of letters, as a bitset over letter indices.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct LetterSet {
    bits: Vec<u64>,
}

impl LetterSet {
    /// The empty set over `n` letters.
    pub fn empty(n: usize) -> LetterSet {
        LetterSet {
            bits: vec![0; n.div_ceil(64)],
        }
    }

    /// All `n` letters.
    pub fn full(n: usize) -> LetterSet {
        let mut s = LetterSet::empty(n);
        for i in 0..n {
            s.insert(i);
        }
        s
    }

    pub fn contains(&self, i: usize) -> bool {
        self.bits
            .get(i / 64)
            .is_some_and(|w| w >> (i % 64) & 1 == 1)
    }

    pub fn insert(&mut self, i: usize) {
        self.bits[i / 64] |= 1 << (i % 64);
    }

    pub fn is_empty(&self) -> bool {
        self.bits.iter().all(|&w| w == 0)
    }

    pub fn intersect(&self, other: &LetterSet) -> LetterSet {
        LetterSet {
            bits: self
                .bits
                .iter()
                .zip(&other.bits)
                .map(|(a, b)| a & b)
                .collect(),
        }
    }

    pub fn union(&self, other: &LetterSet) -> LetterSet {
        LetterSet {
            bits: self
                .bits
                .iter()
                .zip(&other.bits)
                .map(|(a, b)| a | b)
                .collect(),
        }
    }

    /// Whether the two sets have a letter in common.
    pub fn intersects(&self, other: &LetterSet) -> bool {
        self.bits.iter().zip(&other.bits).any(|(a, b)| a & b != 0)
    }

    /// The letters of `self` that are not in `other`.
    pub fn minus(&self, other: &LetterSet) -> LetterSet {
        LetterSet {
            bits: self
                .bits
                .iter()
                .zip(other.bits.iter().chain(std::iter::repeat(&0)))
                .map(|(a, b)| a & !b)
                .collect(),
        }
    }

    /// The letters in the set, ascending.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.bits.len() * 64).filter(move |&i| self.contains(i))
    }
}

/// Membership of an edge in acceptance sets: bit `i` set means the edge is in set `i`.
pub type AccSet = u64;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TgbaEdge {
    pub from: usize,
    pub to: usize,
    pub letters: LetterSet,
    pub acc: AccSet,
}

/// A transition-based generalised Büchi automaton with one initial state.
///
/// A run reads one letter per edge. It is accepting iff it is infinite and, for each of the
/// `num_acc` acceptance sets, visits edges of that set infinitely often (with `num_acc == 0`,
/// every infinite run is accepting).
#[derive(Clone, Debug)]
pub struct Tgba {
    /// The formula's atoms, sorted.
    pub atoms: Vec<String>,
    pub num_states: usize,
    pub initial: usize,
    /// At most 64 (an [`AccSet`] is a bitmask).
    pub num_acc: usize,
    pub edges: Vec<TgbaEdge>,
    /// A readable description of each state (e.g. its formula set), for debugging and output.
    pub state_names: Vec<String>,
}

impl Tgba {
    pub fn num_letters(&self) -> usize {
        self.atoms.len() + 1
    }

    /// The "any label that is not an atom" letter.
    pub fn other(&self) -> usize {
        self.atoms.len()
    }

    /// The letter a label of this name is read as.
    pub fn letter_of(&self, label: &str) -> usize {
        self.atoms
            .binary_search_by(|a| a.as_str().cmp(label))
            .unwrap_or(self.other())
    }

    /// The accepting sinks: states with a self-loop on every letter in every acceptance set.
    /// A run that reaches one is accepted whatever infinite word follows.
    pub fn accepting_sinks(&self) -> Vec<usize> {
        let n = self.num_letters();
        let all = self.all_acc();
        (0..self.num_states)
            .filter(|&q| {
                let mut covered = LetterSet::empty(n);
                for e in &self.edges {
                    if e.from == q && e.to == q && e.acc & all == all {
                        covered = covered.union(&e.letters);
                    }
                }
                (0..n).all(|l| covered.contains(l))
            })
            .collect()
    }

    /// `out[q]`: the indices of the edges out of state `q`, in the order of `edges`.
    pub fn edges_by_source(&self) -> Vec<Vec<usize>> {
        let mut out = vec![Vec::new(); self.num_states];
        for (i, e) in self.edges.iter().enumerate() {
            out[e.from].push(i);
        }
        out
    }

    /// The mask with every acceptance set.
    pub fn all_acc(&self) -> AccSet {
        if self.num_acc == 64 {
            u64::MAX
        } else {
            (1u64 << self.num_acc) - 1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letter_sets() {
        let mut s = LetterSet::empty(70);
        s.insert(3);
        s.insert(69);
        assert!(s.contains(69) && s.contains(3) && !s.contains(4));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![3, 69]);
        let f = LetterSet::full(70);
        assert_eq!(f.intersect(&s), s);
        assert!(LetterSet::empty(5).is_empty());
    }
}
