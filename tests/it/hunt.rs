//! The bounded explicit hunt for violations (`ltsym::explicit::hunt`, tried first by `check
//! --engine auto` under the RERS reading) against the explicit engine (the oracle: the whole
//! product, then its SCCs): on random systems (deadlocks included) and random formulas, a
//! lasso the hunt reports must be a trace of the system (replayed) that violates the formula
//! and that the automaton of the negation accepts; a hunt that explores the whole product
//! must answer as the explicit engine does (a lasso iff the explicit engine has one); and a
//! hunt cut short by its bound may report only a real lasso. The guided hunt likewise: a lasso
//! it reports is real, it never reports one where there is none, and with a bound beyond the
//! product it finds one wherever there is one; and on a system of independent noise it finds,
//! within a few states, the lasso the plain depth-first order misses. The walks: a lasso they
//! report is real, they never report emptiness, and on a system whose only cycles are long
//! they find the lasso both other hunts miss.

use std::cell::Cell;

use proptest::prelude::{Just, Strategy};

use ltsym::automata::{accepts_lasso, translate, Tgba};
use ltsym::explicit::hunt::{hunt, hunt_lasso, hunt_lasso_guided, hunt_lasso_walks, Hunt};
use ltsym::explicit::*;
use ltsym::gen::{random, RandomSpec};
use ltsym::limits::Budget;
use ltsym::logic::Ltl;
use ltsym::model::{StateId, SystemBuilder};
use ltsym::parse::ltl::parse_formula;
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

/// The cases of both random tests: 3-4 components of 3-4 states, 30 formulas over 4 of the
/// labels and one no system has.
fn systems_and_formulas() -> impl Strategy<Value = (RandomSpec, Vec<Ltl>)> {
    arb::random_specs(3..=4, 3..=4, 4..=6, &[0.3, 0.6], 0.5).prop_flat_map(|spec| {
        let formulas = arb::formulas_over(&random(&spec).unwrap(), 4, 4, 30);
        (Just(spec), formulas)
    })
}

/// Runs `body` on each formula of a case: the system, the formula, the automaton of its
/// negation and whether the explicit engine finds a violation (the oracle of every random test
/// here).
fn each_formula(
    spec: &RandomSpec,
    formulas: &[Ltl],
    mut body: impl FnMut(&System, &Ltl, &Tgba, bool),
) {
    let sys: System = random(spec).unwrap();
    let g = StateGraph::build(&sys, None).unwrap();
    for f in formulas {
        let neg = translate(&Ltl::not(f.clone())).unwrap();
        let oracle = find_accepting_lasso(&g, &sys, &neg).is_some();
        body(&sys, f, &neg, oracle);
    }
}

#[test]
fn the_hunt_agrees_with_the_explicit_engine() {
    let (found, empty, bounded_found, bounded_out) =
        (Cell::new(0), Cell::new(0), Cell::new(0), Cell::new(0));
    let cases = systems_and_formulas();
    prop::check(
        "hunt::the_hunt_agrees_with_the_explicit_engine",
        40,
        cases,
        |(spec, formulas)| {
            let budget = Budget::unlimited();
            each_formula(&spec, &formulas, |sys, f, neg, oracle| {
                match hunt_lasso(sys, neg, 1_000_000, &budget).unwrap() {
                    Hunt::Lasso { prefix, cycle, .. } => {
                        found.set(found.get() + 1);
                        assert!(
                            oracle,
                            "{f}: the hunt found a lasso, the explicit engine none"
                        );
                        assert_violation(sys, f, neg, &prefix, &cycle);
                    }
                    Hunt::Empty { .. } => {
                        empty.set(empty.get() + 1);
                        assert!(!oracle, "{f}: the hunt found no lasso in the whole product");
                    }
                    Hunt::Bound => panic!("{f}: a bound of 10^6 states reached on a small system"),
                }
                // a bound of a few states: a lasso reported is still a real one
                match hunt_lasso(sys, neg, 4, &budget).unwrap() {
                    Hunt::Lasso { prefix, cycle, .. } => {
                        bounded_found.set(bounded_found.get() + 1);
                        assert!(oracle, "{f}: (bound 4) a lasso, the explicit engine none");
                        assert_violation(sys, f, neg, &prefix, &cycle);
                    }
                    Hunt::Empty { .. } => assert!(!oracle, "{f}: (bound 4) no lasso"),
                    Hunt::Bound => bounded_out.set(bounded_out.get() + 1),
                }
            });
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

#[test]
fn the_guided_hunt_agrees_with_the_explicit_engine() {
    let (found, none, bounded_found, bounded_out) =
        (Cell::new(0), Cell::new(0), Cell::new(0), Cell::new(0));
    let cases = systems_and_formulas();
    prop::check(
        "hunt::the_guided_hunt_agrees_with_the_explicit_engine",
        40,
        cases,
        |(spec, formulas)| {
            let budget = Budget::unlimited();
            each_formula(&spec, &formulas, |sys, f, neg, oracle| {
                // beyond the product (at most 4^4 * automaton states): complete
                match hunt_lasso_guided(sys, neg, 1_000_000, &budget).unwrap() {
                    Hunt::Lasso { prefix, cycle, .. } => {
                        found.set(found.get() + 1);
                        assert!(oracle, "{f}: a guided lasso, the explicit engine none");
                        assert_violation(sys, f, neg, &prefix, &cycle);
                    }
                    Hunt::Empty { .. } => panic!("{f}: the guided hunt concluded emptiness"),
                    Hunt::Bound => {
                        none.set(none.get() + 1);
                        assert!(!oracle, "{f}: the guided hunt missed a lasso");
                    }
                }
                // a bound of a few states, and the two hunts one after the other
                for h in [
                    hunt_lasso_guided(sys, neg, 6, &budget).unwrap(),
                    hunt(sys, neg, 6, 6, 6, &budget).unwrap(),
                ] {
                    match h {
                        Hunt::Lasso { prefix, cycle, .. } => {
                            bounded_found.set(bounded_found.get() + 1);
                            assert!(oracle, "{f}: (bound 6) a lasso, the explicit engine none");
                            assert_violation(sys, f, neg, &prefix, &cycle);
                        }
                        Hunt::Empty { .. } => assert!(!oracle, "{f}: (bound 6) no lasso"),
                        Hunt::Bound => bounded_out.set(bounded_out.get() + 1),
                    }
                }
            });
        },
    );
    let (found, none, bounded_found, bounded_out) = (
        found.get(),
        none.get(),
        bounded_found.get(),
        bounded_out.get(),
    );
    assert!(
        found > 200 && none > 100 && bounded_found > 20 && bounded_out > 20,
        "{found} guided lassos, {none} none; bound 6: {bounded_found} lassos, {bounded_out} cut \
         short"
    );
}

/// Three counters of 12 states each (labels `n0_0` ... `n2_11`, which sort before the others),
/// and a component `w` that can go `x` then `b` into a state with a self-loop `idle`: the
/// plain depth-first search counts first, through 12^3 interleavings.
fn noise_then_b() -> System {
    let mut b = SystemBuilder::new();
    for c in 0..3 {
        let id = b.add_component(&format!("c{c}"));
        for s in 0..12 {
            b.add_state(id, &format!("s{s}")).unwrap();
        }
        b.set_start(id, 0);
        for s in 0..12 {
            let to = ((s + 1) % 12) as StateId;
            b.add_transition(id, s as StateId, &format!("n{c}_{s}"), to);
        }
    }
    let w = b.add_component("w");
    for s in 0..3 {
        b.add_state(w, &format!("s{s}")).unwrap();
    }
    b.set_start(w, 0);
    b.add_transition(w, 0, "x", 1);
    b.add_transition(w, 1, "zb", 2);
    b.add_transition(w, 2, "zidle", 2);
    b.build().unwrap()
}

#[test]
fn the_guided_hunt_finds_at_once_what_the_plain_order_misses() {
    let sys = noise_then_b();
    let budget = Budget::unlimited();
    let f = parse_formula("G !zb", std::path::Path::new("t")).unwrap();
    let neg = translate(&Ltl::not(f.clone())).unwrap();
    assert_eq!(
        hunt_lasso(&sys, &neg, 1_000, &budget).unwrap(),
        Hunt::Bound,
        "the plain order finds the lasso within 1,000 states: the case shows nothing"
    );
    match hunt_lasso_guided(&sys, &neg, 50, &budget).unwrap() {
        Hunt::Lasso { prefix, cycle, .. } => {
            assert_violation(&sys, &f, &neg, &prefix, &cycle);
            assert_eq!(prefix.len(), 2, "{prefix:?}: not straight to `zb`");
        }
        h => panic!("the guided hunt found no lasso within 50 states: {h:?}"),
    }
    // a property that holds: no lasso however far the hunt goes
    let g = StateGraph::build(&sys, None).unwrap();
    for text in ["G !zz", "G (x -> X G !x)", "F zb -> F x", "G (zb -> G !x)"] {
        let f = parse_formula(text, std::path::Path::new("t")).unwrap();
        let neg = translate(&Ltl::not(f.clone())).unwrap();
        assert!(find_accepting_lasso(&g, &sys, &neg).is_none(), "{f} fails");
        assert_eq!(
            hunt_lasso_guided(&sys, &neg, 1_000_000, &budget).unwrap(),
            Hunt::Bound,
            "{f}"
        );
    }
}

#[test]
fn the_walks_find_only_real_lassos() {
    let (found, none) = (Cell::new(0), Cell::new(0));
    let cases = systems_and_formulas();
    prop::check(
        "hunt::the_walks_find_only_real_lassos",
        40,
        cases,
        |(spec, formulas)| {
            let budget = Budget::unlimited();
            each_formula(&spec, &formulas, |sys, f, neg, oracle| {
                for steps in [3, 2_000] {
                    match hunt_lasso_walks(sys, neg, steps, &budget).unwrap() {
                        Hunt::Lasso { prefix, cycle, .. } => {
                            found.set(found.get() + 1);
                            assert!(oracle, "{f}: a walk's lasso, the explicit engine none");
                            assert_violation(sys, f, neg, &prefix, &cycle);
                        }
                        Hunt::Empty { .. } => panic!("{f}: the walks concluded emptiness"),
                        Hunt::Bound => none.set(none.get() + 1),
                    }
                }
            });
        },
    );
    let (found, none) = (found.get(), none.get());
    assert!(
        found > 200 && none > 100,
        "{found} lassos of walks, {none} none"
    );
}

/// A ring of `rounds` rounds, each `a` then `b` (at round `k` of the ring `a` then `a`), then
/// `t`, which synchronises the ring with `m` components that each go `x_i` once a round: the
/// only cycles go round the whole ring, each round with the `x_i` in any order.
fn ring_with_noise(rounds: usize, k: usize, m: usize) -> System {
    let mut b = SystemBuilder::new();
    let r = b.add_component("ring");
    for s in 0..3 * rounds {
        b.add_state(r, &format!("s{s}")).unwrap();
    }
    b.set_start(r, 0);
    for i in 0..rounds {
        let s = (3 * i) as StateId;
        b.add_transition(r, s, "a", s + 1);
        b.add_transition(r, s + 1, if i == k { "a" } else { "b" }, s + 2);
        b.add_transition(r, s + 2, "t", ((3 * i + 3) % (3 * rounds)) as StateId);
    }
    for i in 0..m {
        let c = b.add_component(&format!("c{i}"));
        b.add_state(c, "s0").unwrap();
        b.add_state(c, "s1").unwrap();
        b.set_start(c, 0);
        b.add_transition(c, 0, &format!("x{i}"), 1);
        b.add_transition(c, 1, "t", 0);
    }
    b.build().unwrap()
}

#[test]
fn the_walks_close_a_long_cycle_the_other_hunts_miss() {
    // at each `a` the automaton of the negation may guess that `a` comes again before `b`;
    // a wrong guess is found out only after the `x_i` between `a` and `b`
    let sys = ring_with_noise(25, 20, 10);
    let budget = Budget::unlimited();
    let f = parse_formula("G (a -> X (!a U b))", std::path::Path::new("t")).unwrap();
    let neg = translate(&Ltl::not(f.clone())).unwrap();
    assert_eq!(
        hunt_lasso(&sys, &neg, 10_000, &budget).unwrap(),
        Hunt::Bound,
        "the plain hunt finds the lasso within 10,000 states: the case shows nothing"
    );
    assert_eq!(
        hunt_lasso_guided(&sys, &neg, 10_000, &budget).unwrap(),
        Hunt::Bound,
        "the guided hunt finds the lasso within 10,000 states: the case shows nothing"
    );
    match hunt_lasso_walks(&sys, &neg, 2_000, &budget).unwrap() {
        Hunt::Lasso { prefix, cycle, .. } => {
            assert_violation(&sys, &f, &neg, &prefix, &cycle);
            assert_eq!(cycle.len(), 25 * 13, "{cycle:?}: not once round the ring");
        }
        h => panic!("the walks found no lasso within 2,000 steps: {h:?}"),
    }
    // a property that holds: no walk finds a lasso
    let f = parse_formula("G (b -> X (!b U t))", std::path::Path::new("t")).unwrap();
    let neg = translate(&Ltl::not(f.clone())).unwrap();
    assert_eq!(
        hunt_lasso_walks(&sys, &neg, 20_000, &budget).unwrap(),
        Hunt::Bound,
        "{f}"
    );
}
