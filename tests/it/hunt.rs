//! The bounded explicit hunt for violations (`ltsym::explicit::hunt`, tried first by `check
//! --engine auto` under the RERS reading) against the explicit engine (the oracle: the whole
//! product, then its SCCs): on random systems (deadlocks included) and random formulas, a
//! lasso the hunt reports must be a trace of the system (replayed) that violates the formula
//! and that the automaton of the negation accepts; a hunt that explores the whole product
//! must answer as the explicit engine does (a lasso iff the explicit engine has one); and a
//! hunt cut short by its bound may report only a real lasso.

use std::cell::Cell;

use proptest::prelude::{Just, Strategy};

use ltsym::automata::{accepts_lasso, translate};
use ltsym::explicit::hunt::{hunt_lasso, Hunt};
use ltsym::explicit::*;
use ltsym::gen::random;
use ltsym::limits::Budget;
use ltsym::logic::Ltl;
use ltsym::System;

use crate::support::arb;
use crate::support::prop;

/// Asserts that `prefix·cycle^ω` is a trace of `sys` that violates `f` and that `neg`
/// accepts.
fn assert_violation(
    sys: &System,
    f: &Ltl,
    neg: &ltsym::automata::Tgba,
    prefix: &[usize],
    cycle: &[usize],
) {
    let lasso = Lasso {
        prefix: prefix.to_vec(),
        cycle: cycle.to_vec(),
        path: vec![],
    };
    assert!(replay_lasso(sys, &lasso), "{f}: {lasso:?} is no trace");
    assert!(
        !holds_on_lasso(f, sys, &lasso),
        "{f}: {lasso:?} satisfies f"
    );
    let names =
        |ls: &[usize]| -> Vec<String> { ls.iter().map(|&l| sys.label(l).name.clone()).collect() };
    assert!(
        accepts_lasso(neg, &names(prefix), &names(cycle)),
        "{f}: {lasso:?} not accepted by the negation's automaton"
    );
}

#[test]
fn the_hunt_agrees_with_the_explicit_engine() {
    let (found, empty, bounded_found, bounded_out) =
        (Cell::new(0), Cell::new(0), Cell::new(0), Cell::new(0));
    // 3-4 components of 3-4 states, 30 formulas over 4 of the labels and one no system has
    let cases = arb::random_specs(3..=4, 3..=4, 4..=6, &[0.3, 0.6], 0.5).prop_flat_map(|spec| {
        let formulas = arb::formulas_over(&random(&spec).unwrap(), 4, 4, 30);
        (Just(spec), formulas)
    });
    prop::check(
        "hunt::the_hunt_agrees_with_the_explicit_engine",
        40,
        cases,
        |(spec, formulas)| {
            let sys: System = random(&spec).unwrap();
            let g = StateGraph::build(&sys, None).unwrap();
            let budget = Budget::unlimited();
            for f in &formulas {
                let neg = translate(&Ltl::not(f.clone())).unwrap();
                let oracle = find_accepting_lasso(&g, &sys, &neg).is_some();
                match hunt_lasso(&sys, &neg, 1_000_000, &budget).unwrap() {
                    Hunt::Lasso { prefix, cycle, .. } => {
                        found.set(found.get() + 1);
                        assert!(
                            oracle,
                            "{f}: the hunt found a lasso, the explicit engine none"
                        );
                        assert_violation(&sys, f, &neg, &prefix, &cycle);
                    }
                    Hunt::Empty { .. } => {
                        empty.set(empty.get() + 1);
                        assert!(!oracle, "{f}: the hunt found no lasso in the whole product");
                    }
                    Hunt::Bound => panic!("{f}: a bound of 10^6 states reached on a small system"),
                }
                // a bound of a few states: a lasso reported is still a real one
                match hunt_lasso(&sys, &neg, 4, &budget).unwrap() {
                    Hunt::Lasso { prefix, cycle, .. } => {
                        bounded_found.set(bounded_found.get() + 1);
                        assert!(oracle, "{f}: (bound 4) a lasso, the explicit engine none");
                        assert_violation(&sys, f, &neg, &prefix, &cycle);
                    }
                    Hunt::Empty { .. } => assert!(!oracle, "{f}: (bound 4) no lasso"),
                    Hunt::Bound => bounded_out.set(bounded_out.get() + 1),
                }
            }
        },
    );
    let (found, empty, bounded_found, bounded_out) = (
        found.get(),
        empty.get(),
        bounded_found.get(),
        bounded_out.get(),
    );
    assert!(
        found > 200 && empty > 100 && bounded_found > 20 && bounded_out > 20,
        "{found} lassos, {empty} empty products; bound 4: {bounded_found} lassos, {bounded_out} \
         cut short"
    );
}
