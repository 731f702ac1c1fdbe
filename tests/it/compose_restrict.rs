//! Restriction of an LTS to what its environment allows (`ltsym::compose::restrict`, CADP's
//! projection): on random networks it keeps the reachable composition exactly (the same
//! states and transitions), and the same check tells an environment that under-approximates
//! (a neighbour with a transition dropped); the compositional reduction with restriction on
//! gives the explicit engine's verdicts on random systems and formulas (interruptible and
//! not), with counterexamples that replay on the system and violate the formula.

use std::cell::Cell;

use proptest::prelude::*;

use crate::support::arb::{self, AnySys, Shape};
use crate::support::prop;
use ltsym::automata::translate::translate;
use ltsym::check::{check, CheckOptions, Engine};
use ltsym::compose::ltl::{check as check_compositional, LtlAnswer};
use ltsym::compose::product::product;
use ltsym::compose::restrict::{environment, restrict, Env};
use ltsym::compose::smart::{Bounds, Cache};
use ltsym::compose::tree::leaf;
use ltsym::compose::Lts;
use ltsym::explicit::ltl::{holds_on_lasso, replay_lasso, Lasso};
use ltsym::limits::Budget;
use ltsym::logic::Ltl;
use ltsym::System;

/// Up to 4 components of up to 4 states, labels `a`–`d` shared by name (some by three or four
/// components), some silent moves, no tuple labels.
const NO_TUPLES: Shape = Shape {
    components: 2..=4,
    ..crate::compositional::NO_TUPLES
};

fn systems() -> impl Strategy<Value = AnySys> {
    prop_oneof![
        1 => arb::systems(NO_TUPLES).prop_map(AnySys::Small),
        2 => arb::random_specs(2..=4, 3..=5, 4..=7, &[0.4, 0.7], 0.5).prop_map(AnySys::Generated),
    ]
}

/// The reachable composition of `ltss` (no hiding): (states, transitions).
fn composed(ltss: &[Lts]) -> (usize, usize) {
    let mut acc = ltss[0].clone();
    for l in &ltss[1..] {
        acc = product(&acc, l, &|_| false, 1_000_000).expect("small").0;
    }
    (acc.num_states(), acc.num_transitions())
}

/// Each LTS restricted by the environment automata of the others (`neighbour(j)` is what
/// LTS `j` looks like to its neighbours), in the order given, each later one seeing the
/// earlier ones restricted.
fn restricted_all(ltss: &[Lts], neighbour: &dyn Fn(&[Lts], usize) -> Lts) -> (Vec<Lts>, usize) {
    let mut out = ltss.to_vec();
    let mut removed = 0;
    for i in 0..out.len() {
        let envs: Vec<Env> = (0..out.len())
            .filter(|&j| j != i)
            .filter_map(|j| {
                let shared: Vec<u32> = out[j]
                    .interface()
                    .iter()
                    .copied()
                    .filter(|a| out[i].interface().contains(a))
                    .collect();
                environment(&neighbour(&out, j), &shared, 1000)
            })
            .collect();
        let refs: Vec<&Env> = envs.iter().collect();
        let r = restrict(&out[i], &refs);
        removed += out[i].num_transitions() - r.num_transitions();
        out[i] = r;
    }
    (out, removed)
}

/// Restricting every component of a random network by the others keeps the reachable
/// composition exactly; with a neighbour that lost a transition (an environment that
/// under-approximates) the same comparison fails on some networks, so it can fail.
#[test]
fn restriction_keeps_the_reachable_composition() {
    let (pruned, caught) = (Cell::new(0), Cell::new(0));
    prop::check(
        "compose_restrict::restriction_keeps_the_reachable_composition",
        120,
        systems(),
        |sys| {
            let sys = sys.build();
            let ltss: Vec<Lts> = (0..sys.components().len())
                .map(|c| leaf(&sys, c, &|_| false).expect("no tuple labels").lts)
                .collect();
            let whole = composed(&ltss);
            let (restricted, removed) = restricted_all(&ltss, &|out, j| out[j].clone());
            assert_eq!(
                composed(&restricted),
                whole,
                "restriction changed the composition"
            );
            if removed > 0 {
                pruned.set(pruned.get() + 1);
            }
            // the neighbour without its last transition: fewer traces than it has
            let dropped = |out: &[Lts], j: usize| {
                let mut ts: Vec<(u32, u32, u32)> = out[j].transitions().collect();
                ts.pop();
                Lts::new(
                    out[j].num_states() as u32,
                    out[j].initial(),
                    ts,
                    out[j].interface().to_vec(),
                )
            };
            let (under, _) = restricted_all(&ltss, &dropped);
            if composed(&under) != whole {
                caught.set(caught.get() + 1);
            }
        },
    );
    let (pruned, caught) = (pruned.get(), caught.get());
    assert!(
        pruned > 15 && caught > 15,
        "pruned {pruned}, caught {caught}"
    );
}

/// The compositional reduction with restriction on (each component by its neighbours, each
/// composition as it is built) gives the explicit engine's verdict for every random formula;
/// each counterexample is a run of the system that violates the formula.
#[test]
fn restricted_reduction_agrees_with_the_explicit_engine() {
    let (checked, violated, strong) = (Cell::new(0), Cell::new(0), Cell::new(0));
    let cases = systems().prop_flat_map(|sys| {
        let formulas = arb::formulas_over(&sys.build(), 3, 3, 6);
        (Just(sys), formulas)
    });
    prop::check(
        "compose_restrict::restricted_reduction_agrees_with_the_explicit_engine",
        40,
        cases,
        |(sys, formulas)| {
            let sys: System = sys.build();
            let props = crate::compositional::props(&formulas);
            let opts = CheckOptions {
                engine: Engine::Explicit,
                ..CheckOptions::default()
            };
            let report = check(&sys, "random", None, &props, &opts).expect("the check runs");
            let bounds = Bounds {
                restrict: true,
                ..Bounds::states(1_000_000)
            };
            let mut cache = Cache::new();
            for (f, r) in formulas.iter().zip(&report.results) {
                let neg = translate(&Ltl::not(f.clone())).unwrap();
                let pos = translate(f).unwrap();
                let answer =
                    check_compositional(&sys, &neg, &pos, bounds, &mut cache, &Budget::unlimited())
                        .expect("the reduction runs");
                let LtlAnswer::Decided {
                    counterexample,
                    reduction,
                } = answer
                else {
                    panic!("a small system left a network")
                };
                assert_eq!(
                    Some(counterexample.is_none()),
                    r.outcome.as_bool(),
                    "{f}: verdict"
                );
                if let Some((prefix, cycle)) = counterexample {
                    let lasso = Lasso {
                        prefix,
                        cycle,
                        path: Vec::new(),
                    };
                    assert!(replay_lasso(&sys, &lasso), "{f}: not a run");
                    assert!(!holds_on_lasso(f, &sys, &lasso), "{f}: not a violation");
                    violated.set(violated.get() + 1);
                }
                if reduction.equivalence.name() == "strong" {
                    strong.set(strong.get() + 1);
                }
                checked.set(checked.get() + 1);
            }
        },
    );
    let (checked, violated, strong) = (checked.get(), violated.get(), strong.get());
    assert!(
        violated > 40 && strong > 40 && checked - strong > 40,
        "checked {checked}, violated {violated}, strong {strong}"
    );
}
