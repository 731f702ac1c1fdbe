//! Whether an LTL property is *interruptible*: blind to how many steps of labels it does not
//! name come between the labels it names.
//!
//! Words are read over the atoms and one more letter, `o` ([`Tgba::other`]): any label that is
//! no atom. Call two infinite words *o-equivalent* when they are equal once every `o` is erased
//! (the erased word may be finite: a word that ends in `o^ω`). A property is interruptible iff
//! it holds on both or on neither of any two o-equivalent words. This is the language-level
//! interruptibility of the synthesis thesis (Def. 31 and Theorem 2, after Steffen and
//! Jasper), extended to the words whose visible part is finite: our LTL reading counts an
//! infinite run whose last visible label is followed by internal steps forever, and an
//! interruptible property must not care how many `o` come before that tail either.
//!
//! Why it matters: hiding the labels a property does not name (making them `τ`) and minimising
//! modulo divergence-preserving branching bisimulation keeps, for every infinite run, exactly
//! the erased word (see `crate::compose`); an interruptible property cannot tell two runs with
//! the same erased word apart, so its verdict survives.
//!
//! **The decision** (after the closure construction of Michaud and Duret-Lutz, "Practical
//! stutter-invariance checks for ω-regular languages", SPIN 2015, with `o`-letters in place of
//! stuttering): from the automaton `N` of the negated property, build `C` accepting the
//! o-closure of its language (every word o-equivalent to a word of `N`):
//! * `N`'s edges;
//! * an `o` self-loop on every state, in no acceptance set (inserting `o`s);
//! * for every path `q -o-> … -o-> p -x-> r` with `x` no `o`, an edge `q -x-> r` in the union of
//!   the path's acceptance sets (erasing `o`s).
//!
//! An accepting run of `C` reads a word whose erasure is that of a word `N` accepts, and every
//! such word has one. The property is interruptible iff no word of `C` satisfies it: iff the
//! product of `C` with the automaton `P` of the property itself has no accepting cycle. (With
//! no acceptance set in `N`, every infinite run is accepting; `C` then gets one set holding all
//! of `N`'s edges, so that a run spinning on inserted `o`s alone is not accepting.)

use std::collections::{HashMap, HashSet, VecDeque};

use super::lasso::in_accepting_scc;
use super::{AccSet, LetterSet, Tgba};

/// Whether the property whose negation `neg` recognises, and which `pos` recognises, is
/// interruptible (see the module documentation). Both automata must be over the same atoms.
/// `false` when the check would need more than 64 acceptance sets.
pub fn interruptible(neg: &Tgba, pos: &Tgba) -> bool {
    assert_eq!(neg.atoms, pos.atoms, "both automata read the same letters");
    let closure = match closure(neg) {
        Some(c) => c,
        None => return false,
    };
    if closure.num_acc + pos.num_acc > 64 {
        return false;
    }
    !nonempty_product(&closure, pos)
}

/// `C` of the module documentation; `None` when `neg` has 64 acceptance sets already (no room
/// for the extra one) — then `neg` has some, and none is added, so this cannot happen unless
/// `neg.num_acc == 0`, which needs one; kept for safety.
fn closure(neg: &Tgba) -> Option<Tgba> {
    let o = neg.other();
    let n = neg.num_letters();
    let (num_acc, mark): (usize, Box<dyn Fn(AccSet) -> AccSet>) = if neg.num_acc == 0 {
        (1, Box::new(|_| 1))
    } else {
        (neg.num_acc, Box::new(|a| a))
    };
    if num_acc > 64 {
        return None;
    }
    let mut edges: Vec<super::TgbaEdge> = neg
        .edges
        .iter()
        .map(|e| super::TgbaEdge {
            from: e.from,
            to: e.to,
            letters: e.letters.clone(),
            acc: mark(e.acc),
        })
        .collect();
    let mut only_o = LetterSet::empty(n);
    only_o.insert(o);
    let by_state = neg.edges_by_source();
    let mut added: HashSet<(usize, usize, Vec<u64>, AccSet)> = HashSet::new();
    for q in 0..neg.num_states {
        edges.push(super::TgbaEdge {
            from: q,
            to: q,
            letters: only_o.clone(),
            acc: 0,
        });
        // (state, marks so far) reachable from q by one or more o-edges
        let mut seen: HashSet<(usize, AccSet)> = HashSet::new();
        let mut queue: VecDeque<(usize, AccSet)> = VecDeque::new();
        for &i in &by_state[q] {
            let e = &neg.edges[i];
            if e.letters.contains(o) && seen.insert((e.to, mark(e.acc))) {
                queue.push_back((e.to, mark(e.acc)));
            }
        }
        while let Some((p, acc)) = queue.pop_front() {
            for &i in &by_state[p] {
                let e = &neg.edges[i];
                if e.letters.contains(o) {
                    let next = (e.to, acc | mark(e.acc));
                    if seen.insert(next) {
                        queue.push_back(next);
                    }
                }
                let visible = e.letters.minus(&only_o);
                if !visible.is_empty() {
                    let a = acc | mark(e.acc);
                    let key = (q, e.to, visible_key(&visible), a);
                    if added.insert(key) {
                        edges.push(super::TgbaEdge {
                            from: q,
                            to: e.to,
                            letters: visible,
                            acc: a,
                        });
                    }
                }
            }
        }
    }
    Some(Tgba {
        atoms: neg.atoms.clone(),
        num_states: neg.num_states,
        initial: neg.initial,
        num_acc,
        edges,
        state_names: neg.state_names.clone(),
    })
}

fn visible_key(s: &LetterSet) -> Vec<u64> {
    s.iter().map(|l| l as u64).collect()
}

/// Whether the product of `a` and `b` (same letters) accepts some word: an accepting cycle
/// reachable from the initial pair, the acceptance sets of `b` after those of `a`.
fn nonempty_product(a: &Tgba, b: &Tgba) -> bool {
    if a.num_states == 0 || b.num_states == 0 {
        return false;
    }
    let out_a = a.edges_by_source();
    let out_b = b.edges_by_source();
    let mut index: HashMap<(usize, usize), usize> = HashMap::new();
    let mut states = vec![(a.initial, b.initial)];
    index.insert(states[0], 0);
    let mut edges: Vec<(usize, usize, AccSet)> = Vec::new();
    let mut i = 0;
    while i < states.len() {
        let (qa, qb) = states[i];
        for &ea in &out_a[qa] {
            for &eb in &out_b[qb] {
                let (x, y) = (&a.edges[ea], &b.edges[eb]);
                if !x.letters.intersects(&y.letters) {
                    continue;
                }
                let key = (x.to, y.to);
                let next = states.len();
                let t = *index.entry(key).or_insert(next);
                if t == next {
                    states.push(key);
                }
                edges.push((i, t, x.acc | (y.acc << a.num_acc)));
            }
        }
        i += 1;
    }
    let total = a.num_acc + b.num_acc;
    let all = if total == 64 {
        u64::MAX
    } else {
        (1u64 << total) - 1
    };
    in_accepting_scc(states.len(), &edges, all)
        .iter()
        .any(|&x| x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::automata::translate;
    use crate::parse::ltl::parse_formula;

    fn check(f: &str) -> bool {
        let f = parse_formula(f, std::path::Path::new("test")).unwrap();
        let neg = translate(&crate::logic::Ltl::not(f.clone())).unwrap();
        let pos = translate(&f).unwrap();
        interruptible(&neg, &pos)
    }

    #[test]
    fn interruptible_properties() {
        for f in [
            "G !a",
            "F a",
            "G (a -> F b)",
            "!a W b",
            "(a -> G !b) W (c | d)",
            "G F a",
            "F G !a",
            "true",
            "false",
        ] {
            assert!(check(f), "{f} is interruptible");
        }
    }

    #[test]
    fn properties_that_count_steps_are_not() {
        // a U b: a foreign step before b falsifies it; X counts steps; G a forbids any other
        for f in ["a U b", "X a", "G a", "a", "G (a -> X b)", "F G a", "a W b"] {
            assert!(!check(f), "{f} is not interruptible");
        }
    }
}
