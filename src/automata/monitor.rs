//! The bad-prefix monitor of an LTL formula: after which prefixes no continuation can satisfy it.
//!
//! A finite prefix of a trace is *bad* for `f` when no infinite continuation satisfies `f`
//! (O. Kupferman and M. Y. Vardi, "Model checking of safety properties", Formal Methods in
//! System Design 19, 2001). With the automaton of `f` itself (not of its negation): a state is
//! *live* when some infinite word over the allowed letters has an accepting run from it (it
//! reaches an SCC whose internal edges meet every acceptance set), and a prefix is bad iff none
//! of the states it leads to is live. Only live states matter (a successor of a dead state over
//! an allowed letter is dead), so the monitor follows sets of live states, and the empty set is
//! the verdict "bad".
//!
//! Two users, one definition: the evidence marks the first bad step of a counterexample
//! ([`Monitor::step`] along the lasso), and the search for the shortest counterexample
//! looks for the fewest steps to a bad prefix ([`Monitor::deterministic`]: the subset
//! automaton, run against the system symbolically).

use std::collections::HashMap;

use super::lasso::in_accepting_scc;
use super::{translate, Tgba};
use crate::error::Result;
use crate::logic::Ltl;

/// The live states of the automaton of a formula, over the letters a system can spell.
#[derive(Clone, Debug)]
pub struct Monitor {
    tgba: Tgba,
    allowed: Vec<bool>,
    live: Vec<bool>,
}

/// The subset automaton of a [`Monitor`]: deterministic, state 0 initial.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrefixDfa {
    /// `next[μ][σ]`: the state after letter `σ` from state `μ` (letters not allowed stay
    /// where they are: the system never reads them).
    pub next: Vec<Vec<usize>>,
    /// The state of the bad prefixes (the empty set of live states), absorbing.
    pub bad: usize,
    /// Per state: whether the bad state can be reached from it.
    pub can_fail: Vec<bool>,
}

impl Monitor {
    /// The monitor of `f` for a system whose labels that can fire are named `labels` (a silent
    /// label by the empty name, read as the "other" letter like every name that is no atom).
    pub fn for_labels<'a>(f: &Ltl, labels: impl IntoIterator<Item = &'a str>) -> Result<Monitor> {
        let tgba = translate(f)?;
        let mut allowed = vec![false; tgba.num_letters()];
        for name in labels {
            allowed[tgba.letter_of(name)] = true;
        }
        Ok(Monitor::new(tgba, allowed))
    }

    /// The monitor of the formula whose automaton is `tgba`, for words over the letters with
    /// `allowed[σ]` (those some label of the system is read as; a word the system cannot spell
    /// is no continuation).
    pub fn new(tgba: Tgba, allowed: Vec<bool>) -> Monitor {
        let usable = |e: &super::TgbaEdge| {
            e.letters
                .iter()
                .any(|x| allowed.get(x).copied().unwrap_or(false))
        };
        let edges: Vec<(usize, usize, u64)> = tgba
            .edges
            .iter()
            .filter(|e| usable(e))
            .map(|e| (e.from, e.to, e.acc))
            .collect();
        let mut live = in_accepting_scc(tgba.num_states, &edges, tgba.all_acc());
        // and every state that reaches one of those
        loop {
            let mut changed = false;
            for &(f, t, _) in &edges {
                if live[t] && !live[f] {
                    live[f] = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        Monitor {
            tgba,
            allowed,
            live,
        }
    }

    /// The automaton whose live states this monitor follows (its letters are the monitor's).
    pub fn tgba(&self) -> &Tgba {
        &self.tgba
    }

    /// The set before any letter: `None` when no word over the allowed letters satisfies the
    /// formula at all (then no prefix is to blame, and none is called bad).
    pub fn initial(&self) -> Option<Vec<usize>> {
        let q = self.tgba.initial;
        (q < self.live.len() && self.live[q]).then(|| vec![q])
    }

    /// The live states after letter `x` from the set `cur`, sorted; empty: the prefix read so
    /// far is bad.
    pub fn step(&self, cur: &[usize], x: usize) -> Vec<usize> {
        let mut next: Vec<usize> = self
            .tgba
            .edges
            .iter()
            .filter(|e| cur.binary_search(&e.from).is_ok() && e.letters.contains(x))
            .map(|e| e.to)
            .filter(|&q| self.live[q])
            .collect();
        next.sort_unstable();
        next.dedup();
        next
    }

    /// The subset automaton over the allowed letters, when it has at most `max_states` states
    /// and its bad state is reachable (`None` otherwise: no prefix is ever bad, or the
    /// automaton is too large to be worth a search).
    pub fn deterministic(&self, max_states: usize) -> Option<PrefixDfa> {
        let init = self.initial()?;
        let n = self.tgba.num_letters();
        let mut index: HashMap<Vec<usize>, usize> = HashMap::from([(init.clone(), 0)]);
        let mut sets = vec![init];
        let mut next: Vec<Vec<usize>> = Vec::new();
        let mut k = 0;
        while k < sets.len() {
            let mut row = vec![k; n];
            for (x, slot) in row.iter_mut().enumerate().filter(|&(x, _)| self.allowed[x]) {
                let s = self.step(&sets[k], x);
                *slot = match index.get(&s) {
                    Some(&j) => j,
                    None => {
                        if sets.len() == max_states {
                            return None;
                        }
                        index.insert(s.clone(), sets.len());
                        sets.push(s);
                        sets.len() - 1
                    }
                };
            }
            next.push(row);
            k += 1;
        }
        let bad = *index.get(&Vec::new())?;
        // backward reachability of the bad state
        let mut can_fail = vec![false; sets.len()];
        can_fail[bad] = true;
        let mut changed = true;
        while changed {
            changed = false;
            for m in 0..sets.len() {
                if !can_fail[m] && next[m].iter().any(|&t| can_fail[t]) {
                    can_fail[m] = true;
                    changed = true;
                }
            }
        }
        Some(PrefixDfa {
            next,
            bad,
            can_fail,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::automata::translate;
    use crate::parse::ltl::parse_formula;

    fn monitor(f: &str) -> Monitor {
        let f = parse_formula(f, std::path::Path::new("-")).unwrap();
        let t = translate(&f).unwrap();
        let allowed = vec![true; t.num_letters()];
        Monitor::new(t, allowed)
    }

    #[test]
    fn safety_formulas_have_a_bad_state_liveness_formulas_none() {
        let m = monitor("G !a");
        let d = m.deterministic(64).unwrap();
        let a = m.tgba().letter_of("a");
        assert_eq!(d.next[0][a], d.bad);
        assert_eq!(d.next[0][m.tgba().other()], 0);
        assert!(d.can_fail.iter().all(|&c| c));
        assert_eq!(monitor("G F a").deterministic(64), None);
        assert_eq!(monitor("F a").deterministic(64), None);
        // `a` false forever: no word satisfies it, nothing is to blame
        assert_eq!(monitor("a & !a").initial(), None);
    }

    #[test]
    fn the_subset_automaton_respects_its_size_limit() {
        let m = monitor("G(a -> X X !b)");
        let d = m.deterministic(64).unwrap();
        assert!(d.next.len() > 2);
        assert_eq!(m.deterministic(2), None);
    }
}
