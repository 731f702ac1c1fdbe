//! The step at which an LTL counterexample visibly violates its property.
//!
//! A finite prefix of a trace is *bad* for `f` when no infinite continuation satisfies `f`
//! (O. Kupferman and M. Y. Vardi, "Model checking of safety properties", Formal Methods in
//! System Design 19, 2001). The first step whose prefix is bad is where a reader sees the
//! violation: for `G !a` the step that fires `a`, for `!a W b` the first `a` before any `b`,
//! for `G(a -> X b)` the step after an `a` that is not `b`. The mark is sound by construction:
//! after that step, whatever the system did, the property could not hold. A property that is
//! only violated in the limit (`F a`, `G(a -> F b)`, the cycle repeated forever) has no bad
//! prefix, and nothing is marked.
//!
//! Computed with the bad-prefix monitor of [`crate::automata::monitor`] (the automaton of the
//! formula itself, its live states over the letters the system's labels can be read as), the
//! same monitor the search for the shortest counterexample runs against the system: the step
//! marked here is the step that search minimises. Letters that no label of the system is read
//! as are left out, so a continuation means one the system's alphabet can spell, which marks
//! no later than the plain definition.

use std::collections::HashSet;

use super::record::Mark;
use crate::automata::monitor::Monitor;
use crate::automata::Tgba;
use crate::error::Result;
use crate::logic::Ltl;
use crate::model::{LabelId, System};

/// The letter `tgba` reads label `l` as (a silent label is an "other" letter).
fn letter(tgba: &Tgba, sys: &System, l: LabelId) -> usize {
    let label = sys.label(l);
    if label.is_silent() {
        tgba.other()
    } else {
        tgba.letter_of(&label.name)
    }
}

/// The bad-prefix monitor of `f` over the letters the labels of `sys` that can fire are read
/// as.
pub fn monitor(f: &Ltl, sys: &System) -> Result<Monitor> {
    let firing = sys.labels().iter().filter(|l| !l.components.is_empty());
    Monitor::for_labels(f, firing.map(|l| l.name.as_str()))
}

/// The first step of the lasso `labels` (cycle from index `cycle_start`) after which no
/// continuation satisfies `f`, as a [`Mark`] on the step of the path that fires it (a bad
/// prefix may end in a later pass of the cycle; the reason then says which). `None` when the
/// lasso violates `f` only in the limit.
pub fn first_bad_step(
    f: &Ltl,
    sys: &System,
    labels: &[LabelId],
    cycle_start: usize,
) -> Result<Option<Mark>> {
    let n = labels.len();
    if n == 0 || cycle_start >= n {
        return Ok(None);
    }
    let m = monitor(f, sys)?;
    let tgba = m.tgba();
    let Some(mut cur) = m.initial() else {
        // no trace of these labels satisfies f at all: no step to blame
        return Ok(None);
    };
    let mut seen: HashSet<(usize, Vec<usize>)> = HashSet::new();
    let cycle_len = n - cycle_start;
    for k in 0.. {
        let i = if k < n {
            k
        } else {
            cycle_start + (k - cycle_start) % cycle_len
        };
        if k >= cycle_start && !seen.insert((i, cur.clone())) {
            // the positions and automaton states repeat from here: no bad prefix
            return Ok(None);
        }
        let next = m.step(&cur, letter(tgba, sys, labels[i]));
        if next.is_empty() {
            let name = sys.label(labels[i]).display_name();
            let pass = if k < n {
                String::new()
            } else {
                format!(
                    " (in pass {} of the cycle)",
                    (k - cycle_start) / cycle_len + 1
                )
            };
            return Ok(Some(Mark {
                step: i + 1,
                reason: format!(
                    "`{name}`{pass}: after this step no continuation can satisfy the property"
                ),
            }));
        }
        cur = next;
    }
    unreachable!("the loop returns once positions and states repeat")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::tests::two;
    use crate::parse::ltl::parse_formula;

    fn mark(f: &str, word: &[&str], cycle_start: usize) -> Option<usize> {
        let sys = two();
        let f = parse_formula(f, std::path::Path::new("-")).unwrap();
        let labels: Vec<LabelId> = word.iter().map(|w| sys.label_id(w).unwrap()).collect();
        first_bad_step(&f, &sys, &labels, cycle_start)
            .unwrap()
            .map(|m| m.step)
    }

    #[test]
    fn safety_violations_are_marked_where_they_become_certain() {
        // G !a: the step that fires a
        assert_eq!(mark("G !a", &["s", "s", "a", "s"], 2), Some(3));
        // a W s... here: !a W s fails at the first a before any s
        assert_eq!(mark("!a W s", &["a", "s"], 0), Some(1));
        // G(a -> X a): the step after an a that is not a
        assert_eq!(mark("G(a -> X a)", &["s", "a", "s"], 1), Some(3));
        // the bad prefix ends in the second pass of the cycle: the second a
        assert_eq!(mark("G(a -> X G !a)", &["s", "a", "s"], 0), Some(2));
    }

    #[test]
    fn violations_in_the_limit_are_not_marked() {
        assert_eq!(mark("F a", &["s"], 0), None);
        assert_eq!(mark("G(a -> F s)", &["s", "a"], 1), None);
        assert_eq!(mark("G F s", &["a", "s", "a"], 2), None);
    }
}
