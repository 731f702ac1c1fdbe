//! LTL over state propositions (the MCC's LTL) as a TGBA whose letters are valuations.
//!
//! The translation ([`super::translate()`]) reads action letters: one letter per step, an atom
//! being the set of steps whose letter it names. A state formula over `k` propositions reads
//! a valuation per step instead, one of `2^k`. Both meet once every valuation is a letter
//! `v<m>` (bit `i` of `m` is proposition `i`): proposition `i` is then the set of letters with
//! bit `i` set, the disjunction `v<m> | ...` over those `m`, which the translation folds into
//! one letter set. No part of the tableau changes, so what its tests establish carries over.
//! The letters of the result are renumbered to the valuations: letter `m` is valuation `m`.
//! `2^k` letters per edge cap `k` at [`MAX_ATOMS`]; the MCC's LTL formulas have at most 6
//! maximal state subformulas (7 with the `alive` proposition of finite runs).

use super::{AccSet, LetterSet};
use crate::error::{Error, Result};
use crate::limits::Budget;
use crate::logic::Ltl;

/// The most propositions a formula may have.
pub const MAX_ATOMS: usize = 12;

/// An edge reading any valuation of `vals`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValuationEdge {
    pub from: usize,
    pub to: usize,
    /// Bit `m`: the edge reads valuation `m`.
    pub vals: LetterSet,
    pub acc: AccSet,
}

/// A transition-based generalised Büchi automaton over the valuations of `atoms`
/// propositions (acceptance as in [`super::Tgba`]).
#[derive(Clone, Debug)]
pub struct ValuationTgba {
    pub atoms: usize,
    pub num_states: usize,
    pub initial: usize,
    pub num_acc: usize,
    pub edges: Vec<ValuationEdge>,
}

impl ValuationTgba {
    pub fn all_acc(&self) -> AccSet {
        if self.num_acc == 64 {
            u64::MAX
        } else {
            (1u64 << self.num_acc) - 1
        }
    }

    /// The valuations there are: `2^atoms`.
    pub fn num_valuations(&self) -> usize {
        1 << self.atoms
    }

    /// The states that loop on every valuation in every acceptance set: a run that reaches
    /// one is accepted whatever comes after (as [`super::Tgba::accepting_sinks`]).
    pub fn accepting_sinks(&self) -> Vec<usize> {
        let n = self.num_valuations();
        let all = self.all_acc();
        (0..self.num_states)
            .filter(|&q| {
                let mut covered = LetterSet::empty(n);
                for e in &self.edges {
                    if e.from == q && e.to == q && e.acc & all == all {
                        covered = covered.union(&e.vals);
                    }
                }
                (0..n).all(|m| covered.contains(m))
            })
            .collect()
    }
}

/// `f` over the letters of [`translate_valuations`]: proposition `i` (`names[i]`) becomes the
/// disjunction of the letters `v<m>` with bit `i` of `m` set. A word of valuations, written
/// as those letters, satisfies the result under the action reading of
/// [`crate::logic::eval::holds_on_lasso`] iff it satisfies `f`: the replay of a
/// counterexample evaluates the formula so, apart from the automaton.
pub fn over_valuations(f: &Ltl, names: &[String]) -> Result<Ltl> {
    let k = names.len();
    if k > MAX_ATOMS {
        return Err(Error::Usage(format!(
            "an LTL formula over {k} state propositions: ltsym translates at most {MAX_ATOMS}"
        )));
    }
    let atom = |name: &str| -> Result<Ltl> {
        let i = names
            .iter()
            .position(|n| n == name)
            .ok_or_else(|| Error::Internal(format!("LTL atom `{name}` is not a proposition")))?;
        Ok((0..1usize << k)
            .filter(|m| m >> i & 1 == 1)
            .map(|m| Ltl::atom(&valuation_letter(m)))
            .reduce(Ltl::or)
            .expect("bit i is set in some valuation"))
    };
    substitute(f, &atom)
}

/// The letter that stands for valuation `m` (bit `i`: proposition `i`).
pub fn valuation_letter(m: usize) -> String {
    format!("v{m}")
}

/// The automaton of `f`, whose atoms must be among `names`; proposition `i` is `names[i]`.
pub fn translate_valuations(f: &Ltl, names: &[String]) -> Result<ValuationTgba> {
    translate_valuations_within(f, names, &Budget::unlimited())
}

/// [`translate_valuations`] within the time and memory limits of `budget`.
pub fn translate_valuations_within(
    f: &Ltl,
    names: &[String],
    budget: &Budget,
) -> Result<ValuationTgba> {
    let k = names.len();
    let g = over_valuations(f, names)?;
    let tgba = super::translate::translate_within(&g, budget)?;
    // translated letter -> valuations it stands for
    let n = 1usize << k;
    let mut named = LetterSet::empty(n);
    let mut of_letter: Vec<Vec<usize>> = Vec::with_capacity(tgba.num_letters());
    for a in &tgba.atoms {
        let m: usize = a[1..]
            .parse()
            .map_err(|_| Error::Internal(format!("unexpected letter `{a}`")))?;
        named.insert(m);
        of_letter.push(vec![m]);
    }
    of_letter.push((0..n).filter(|&m| !named.contains(m)).collect());
    let edges = tgba
        .edges
        .iter()
        .map(|e| {
            let mut vals = LetterSet::empty(n);
            for l in e.letters.iter() {
                for &m in &of_letter[l] {
                    vals.insert(m);
                }
            }
            ValuationEdge {
                from: e.from,
                to: e.to,
                vals,
                acc: e.acc,
            }
        })
        .collect();
    Ok(ValuationTgba {
        atoms: k,
        num_states: tgba.num_states,
        initial: tgba.initial,
        num_acc: tgba.num_acc,
        edges,
    })
}

fn substitute(f: &Ltl, atom: &dyn Fn(&str) -> Result<Ltl>) -> Result<Ltl> {
    let b = |g: &Ltl| -> Result<Box<Ltl>> { Ok(Box::new(substitute(g, atom)?)) };
    Ok(match f {
        Ltl::True => Ltl::True,
        Ltl::False => Ltl::False,
        Ltl::Atom(a) => atom(a)?,
        Ltl::Not(g) => Ltl::Not(b(g)?),
        Ltl::Next(g) => Ltl::Next(b(g)?),
        Ltl::Finally(g) => Ltl::Finally(b(g)?),
        Ltl::Globally(g) => Ltl::Globally(b(g)?),
        Ltl::And(x, y) => Ltl::And(b(x)?, b(y)?),
        Ltl::Or(x, y) => Ltl::Or(b(x)?, b(y)?),
        Ltl::Implies(x, y) => Ltl::Implies(b(x)?, b(y)?),
        Ltl::Equiv(x, y) => Ltl::Equiv(b(x)?, b(y)?),
        Ltl::Xor(x, y) => Ltl::Xor(b(x)?, b(y)?),
        Ltl::Until(x, y) => Ltl::Until(b(x)?, b(y)?),
        Ltl::WeakUntil(x, y) => Ltl::WeakUntil(b(x)?, b(y)?),
        Ltl::Release(x, y) => Ltl::Release(b(x)?, b(y)?),
        Ltl::StrongRelease(x, y) => Ltl::StrongRelease(b(x)?, b(y)?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the automaton accepts the lasso `prefix · cycle^ω` of valuations: a plain
    /// search over (position, automaton state) pairs for an accepting cycle.
    fn accepts(a: &ValuationTgba, prefix: &[usize], cycle: &[usize]) -> bool {
        let word: Vec<usize> = prefix.iter().chain(cycle).copied().collect();
        let n = word.len();
        let next_pos = |i: usize| if i + 1 < n { i + 1 } else { prefix.len() };
        // product graph over (pos, q); edges carry acceptance marks
        let id = |i: usize, q: usize| i * a.num_states + q;
        let total = n * a.num_states;
        let mut succ: Vec<Vec<(usize, AccSet)>> = vec![Vec::new(); total];
        for i in 0..n {
            for e in &a.edges {
                if e.vals.contains(word[i]) {
                    succ[id(i, e.from)].push((id(next_pos(i), e.to), e.acc));
                }
            }
        }
        // reachable from (0, initial)
        let reach = |from: usize| {
            let mut seen = vec![false; total];
            let mut stack = vec![from];
            while let Some(v) = stack.pop() {
                for &(w, _) in &succ[v] {
                    if !seen[w] {
                        seen[w] = true;
                        stack.push(w);
                    }
                }
            }
            seen
        };
        let from0 = reach(id(0, a.initial));
        // an SCC (v, w mutually reachable) whose internal edges meet every set
        (0..total).filter(|&v| from0[v]).any(|v| {
            let rv = reach(v);
            if !rv[v] {
                return false;
            }
            let mut acc = 0;
            for u in (0..total).filter(|&u| rv[u] && reach(u)[v]) {
                for &(w, m) in &succ[u] {
                    if rv[w] && reach(w)[v] {
                        acc |= m;
                    }
                }
            }
            acc & a.all_acc() == a.all_acc()
        })
    }

    #[test]
    fn propositions_read_valuations() {
        let names = vec!["p0".to_string(), "p1".to_string()];
        // G (p0 -> X p1)
        let f = Ltl::Globally(Box::new(Ltl::Implies(
            Box::new(Ltl::atom("p0")),
            Box::new(Ltl::Next(Box::new(Ltl::atom("p1")))),
        )));
        let a = translate_valuations(&f, &names).unwrap();
        // valuations: 0 = {}, 1 = {p0}, 2 = {p1}, 3 = {p0, p1}
        assert!(accepts(&a, &[1], &[2]));
        assert!(accepts(&a, &[], &[3]));
        assert!(!accepts(&a, &[1], &[0]));
        assert!(!accepts(&a, &[3, 1], &[0]));
        // p0 & p1 holds only on valuation 3; !p0 on 0 and 2
        let g = Ltl::And(Box::new(Ltl::atom("p0")), Box::new(Ltl::atom("p1")));
        let b = translate_valuations(&g, &names).unwrap();
        assert!(accepts(&b, &[3], &[0]));
        assert!(!accepts(&b, &[1], &[3]));
        let h = Ltl::not(Ltl::atom("p0"));
        let c = translate_valuations(&h, &names).unwrap();
        assert!(accepts(&c, &[0], &[1]) && accepts(&c, &[2], &[1]));
        assert!(!accepts(&c, &[3], &[0]));
        assert!(translate_valuations(&Ltl::atom("q"), &names).is_err());
    }
}
