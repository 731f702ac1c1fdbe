//! Factoring components into bits (src/model/factor.rs) changes nothing but speed: on
//! generated products of bits in disguise, the factored symbolic engine agrees with the explicit
//! engine on the system as given, in state counts and in LTL and CTL verdicts, and every
//! counterexample it finds replays on the system as given. On the RERS 2017 problems it gives
//! the counts known from the unfactored encoding, and counts 114 and 115, which nothing else
//! here (nor, as far as we know, any published tool) has counted.

use crate::support;

use ltsym::check::{check, CheckOptions, Engine};
use ltsym::gen::formulas::{random_ctl, random_ltl};
use ltsym::gen::rng::Rng;
use ltsym::gen::{bits, BitsSpec};
use ltsym::limits::Budget;
use ltsym::logic::{Properties, Property};
use ltsym::model::factor::{factor, Factored};
use ltsym::report::Outcome;
use ltsym::symbolic::order_ltl::ltl_candidates;
use ltsym::symbolic::{run_reach, ManagerOptions, OrderSpec, Strategy};
use ltsym::System;

fn spec(i: u64) -> BitsSpec {
    BitsSpec {
        components: 2 + (i % 3) as usize,
        bits: 2 + (i % 2) as usize,
        labels: 3 + (i % 4) as usize,
        share_rate: 0.6,
        seed: 0xB175 + i,
    }
}

fn labels(sys: &System) -> Vec<String> {
    sys.labels()
        .iter()
        .filter(|l| !l.is_silent())
        .map(|l| l.name.clone())
        .collect()
}

#[test]
fn generated_bit_products_are_split_and_counted_exactly() {
    let (mut comps, mut split) = (0, 0);
    for i in 0..60 {
        let sys = bits(&spec(i)).unwrap();
        let f = factor(&sys);
        comps += sys.components().len();
        split += f.split().count();
        let ex = ltsym::explicit::graph::reach(&sys, None).unwrap();
        for fs in [&f, &Factored::none(&sys)] {
            for order in [OrderSpec::Force, OrderSpec::Given, OrderSpec::Random(i)] {
                for strategy in [Strategy::Sat, Strategy::Chain] {
                    let o = order.compute_for(fs).unwrap();
                    let (_, _, st) = run_reach(
                        fs,
                        strategy,
                        &o,
                        &order.to_string(),
                        ManagerOptions::small(),
                        &Budget::unlimited(),
                    )
                    .unwrap();
                    let ctx = format!("system {i}, {strategy}, {order}");
                    assert_eq!(st.states.to_string(), ex.states.to_string(), "{ctx}");
                    assert_eq!(st.deadlocks.to_string(), ex.deadlocks.to_string(), "{ctx}");
                }
            }
        }
    }
    // the recovery of the hidden codes is a search: it must find nearly all of them
    assert!(
        split * 10 >= comps * 9,
        "only {split} of {comps} components split"
    );
}

/// `sys` with a fresh start state in front of every component, left by one silent step of all
/// components together into the old start states (the shape of the RERS nets of the MCC, whose
/// units have a place `p__start` beside the 2^k places of their LTS).
fn with_start_states(sys: &System) -> System {
    let mut b = ltsym::model::SystemBuilder::new();
    let mut init = Vec::new();
    for (c, comp) in sys.components().iter().enumerate() {
        let nc = b.add_component(&comp.name);
        assert_eq!(nc, c);
        let start = b.add_state(c, "p__start").unwrap();
        for name in &comp.states {
            b.add_state(c, name).unwrap();
        }
        b.set_start(c, start);
        init.push((c, start, comp.start + 1));
        for t in &comp.transitions {
            let label = &sys.label(t.label).name;
            b.add_transition(c, t.from + 1, label, t.to + 1);
        }
    }
    b.add_silent_product_label(&init);
    b.build().unwrap()
}

/// Components of 2^k + 1 states whose extra state is a start state left once (the RERS nets
/// of the MCC) are split into k bits and a bit `started`; counts stay exact.
#[test]
fn components_with_a_start_state_in_front_are_split_and_counted_exactly() {
    let (mut comps, mut split) = (0, 0);
    for i in 0..30 {
        let sys = with_start_states(&bits(&spec(i)).unwrap());
        let f = factor(&sys);
        comps += sys.components().len();
        split += f.split().count();
        let ex = ltsym::explicit::graph::reach(&sys, None).unwrap();
        for strategy in [Strategy::Sat, Strategy::Chain] {
            let o = OrderSpec::Force.compute_for(&f).unwrap();
            let (_, _, st) = run_reach(
                &f,
                strategy,
                &o,
                "force",
                ManagerOptions::small(),
                &Budget::unlimited(),
            )
            .unwrap();
            assert_eq!(st.states.to_string(), ex.states.to_string(), "system {i}");
            assert_eq!(
                st.deadlocks.to_string(),
                ex.deadlocks.to_string(),
                "system {i}"
            );
        }
    }
    assert!(
        split * 10 >= comps * 9,
        "only {split} of {comps} components split"
    );
}

/// `ltsym check --engine both` in the library: the symbolic engine works on the factored
/// system, the explicit one on the system as given, a disagreement is an internal error, and
/// every evidence path is replayed on the system as given.
fn check_both(sys: &System, props: &Properties) -> Vec<Outcome> {
    let opts = CheckOptions {
        engine: Engine::Both,
        witness: true,
        manager: ManagerOptions::small(),
        ..CheckOptions::default()
    };
    assert!(opts.factor);
    let report = check(sys, "generated", None, props, &opts).unwrap();
    report.results.into_iter().map(|r| r.outcome).collect()
}

#[test]
fn factored_ltl_verdicts_agree_with_the_explicit_engine() {
    let mut rng = Rng::new(0xFAC7_0001);
    let (mut held, mut violated, mut sloan) = (0, 0, 0);
    for i in 0..40 {
        let sys = bits(&spec(100 + i)).unwrap();
        assert!(factor(&sys).split().count() > 0, "system {i} not split");
        // the LTL engine's order (`symbolic::order_ltl`): some systems start from Sloan's
        let first = ltl_candidates(&factor(&sys), &Budget::unlimited()).unwrap();
        sloan += usize::from(first[0].0 == "sloan");
        let names = labels(&sys);
        let props = Properties::Ltl(
            (0..8)
                .map(|k| Property {
                    number: k,
                    formula: random_ltl(&mut rng, &names, 4),
                    expected: None,
                    line: 1,
                })
                .collect(),
        );
        for o in check_both(&sys, &props) {
            match o {
                Outcome::Holds => held += 1,
                Outcome::Violated => violated += 1,
                other => panic!("system {i}: {other:?}"),
            }
        }
    }
    assert!(
        held > 60 && violated > 60 && sloan >= 1,
        "held {held}, violated {violated}, {sloan} systems in Sloan's order"
    );
}

#[test]
fn factored_ctl_verdicts_agree_with_the_explicit_engine() {
    let mut rng = Rng::new(0xFAC7_0002);
    let (mut held, mut violated) = (0, 0);
    for i in 0..40 {
        let sys = bits(&spec(200 + i)).unwrap();
        assert!(factor(&sys).split().count() > 0, "system {i} not split");
        let names = labels(&sys);
        let props = Properties::Ctl(
            (0..8)
                .map(|k| Property {
                    number: k,
                    formula: random_ctl(&mut rng, &names, 3),
                    expected: None,
                    line: 1,
                })
                .collect(),
        );
        for o in check_both(&sys, &props) {
            match o {
                Outcome::Holds => held += 1,
                Outcome::Violated => violated += 1,
                other => panic!("system {i}: {other:?}"),
            }
        }
    }
    assert!(
        held > 60 && violated > 60,
        "held {held}, violated {violated}"
    );
}

/// The large RERS 2017 problems, factored, by two strategies. 110-113 were counted before
/// without factoring (bench-data/results/reach.csv: 113 by two saturation strategies and two
/// orders); 114 and 115 had no count.
#[test]
fn rers_2017_large_problems_are_counted_factored() {
    let known = [
        ("2017/problem110.dot", "16777216", "0"),
        ("2017/problem111.dot", "16777216", "0"),
        ("2017/problem112.dot", "281474976710656", "0"),
        ("2017/problem113.dot", "288805054229163", "1"),
        ("2017/problem114.dot", "4722366482869645213696", "0"),
        ("2017/problem115.dot", "4722366482869645213696", "0"),
    ];
    for (p, states, dead) in known {
        let sys = ltsym::parse::load_system(&support::rers(p), &Default::default()).unwrap();
        let f = factor(&sys);
        assert!(f.split().count() >= sys.components().len() - 2, "{p}");
        for (strategy, order) in [
            (Strategy::Sat, OrderSpec::Force),
            (Strategy::Chain, OrderSpec::Sloan),
        ] {
            let o = order.compute_for(&f).unwrap();
            let (_, _, st) = run_reach(
                &f,
                strategy,
                &o,
                &order.to_string(),
                ManagerOptions::default(),
                &Budget::new(Some(120.0), None),
            )
            .unwrap();
            assert_eq!(st.states.to_string(), states, "{p} {strategy}");
            assert_eq!(st.deadlocks.to_string(), dead, "{p} {strategy}");
        }
    }
}

/// RERS17pb113-PT-1, the MCC net of 2017 problem 113 (13 units of 2^k + 1 places): factored
/// with its start places, it counts as its `.dot` twin does, plus the initial marking before
/// the silent start step. No contest tool counted it (2018-2025); unfactored, `reach` hit 60 s.
#[test]
fn rers17_pb113_net_is_counted_factored() {
    let Some(path) = support::mcc("RERS17pb113-PT-1/model.pnml") else {
        return;
    };
    let sys = ltsym::parse::load_system(&path, &Default::default()).unwrap();
    let f = factor(&sys);
    assert!(f.split().count() >= sys.components().len() - 2);
    let o = OrderSpec::Force.compute_for(&f).unwrap();
    let (_, _, st) = run_reach(
        &f,
        Strategy::Sat,
        &o,
        "force",
        ManagerOptions::default(),
        &Budget::new(Some(120.0), None),
    )
    .unwrap();
    // problem113.dot: 288805054229163 states, 1 deadlock
    assert_eq!(st.states.to_string(), "288805054229164");
    assert_eq!(st.deadlocks.to_string(), "1");
}
