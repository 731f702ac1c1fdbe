//! SPIN's reading of the RERS Promela files (`--ltl-semantics spin`): the words are `⊥ l1 l2 ...`
//! for infinite runs and `⊥ l1 ... lk lk ...` for runs ending in a deadlock.
//!
//! Checked here: the automaton the symbolic engine uses for it against the formula evaluated
//! on words directly; the explicit engine's verdicts and counterexamples on hand-made systems,
//! each counterexample against the formula and the system.

use crate::support;

use std::path::Path;

use ltsym::automata::lasso::accepts_lasso;
use ltsym::automata::spin::{spin_automaton, SpinAutomaton};
use ltsym::automata::translate;
use ltsym::explicit::graph::replay_trace;
use ltsym::explicit::{find_spin_violation, successors, SpinViolation, StateGraph};
use ltsym::gen::formulas::random_ltl;
use ltsym::gen::rng::Rng;
use ltsym::logic::eval::holds_on_lasso;
use ltsym::logic::Ltl;
use ltsym::model::{System, SystemBuilder};

fn ltl(text: &str) -> Ltl {
    ltsym::parse::ltl::parse_formula(text, Path::new("f")).expect("formula")
}

/// Whether some run of `a.tgba` over `word` ends in a dead-accepting state.
fn dead_accepts(a: &SpinAutomaton, word: &[String]) -> bool {
    let t = &a.tgba;
    let mut cur = vec![t.initial];
    for w in word {
        let l = t.letter_of(w);
        let mut next: Vec<usize> = t
            .edges
            .iter()
            .filter(|e| cur.contains(&e.from) && e.letters.contains(l))
            .map(|e| e.to)
            .collect();
        next.sort_unstable();
        next.dedup();
        cur = next;
    }
    cur.iter().any(|&q| a.dead_accepting[q])
}

/// `⊥` as a letter: a name that is no atom (atoms are never empty).
fn bottom() -> String {
    String::new()
}

#[test]
fn spin_automaton_reads_spin_words() {
    let labels: Vec<String> = ["a", "b", "c"].iter().map(|s| s.to_string()).collect();
    let mut letters = labels.clone();
    letters.push("z".into());
    let mut rng = Rng::new(2018);
    let mut checked = 0;
    while checked < 200 {
        let f = random_ltl(&mut rng, &labels, 4);
        if f.uses_next() {
            continue;
        }
        checked += 1;
        let a = spin_automaton(&translate(&f).expect("automaton"));
        for _ in 0..60 {
            let word = |rng: &mut Rng, min: usize| -> Vec<String> {
                (0..min + rng.below(4))
                    .map(|_| letters[rng.below(letters.len())].clone())
                    .collect()
            };
            // an infinite run u v^ω: SPIN's word is ⊥ u v^ω
            let (u, v) = (word(&mut rng, 0), word(&mut rng, 1));
            let mut bu = vec![bottom()];
            bu.extend(u.iter().cloned());
            assert_eq!(
                accepts_lasso(&a.tgba, &u, &v),
                holds_on_lasso(&f, &bu, &v),
                "{f}: {u:?} ({v:?})^w"
            );
            // a run ending in a deadlock after w: ⊥ w last^ω
            let w = word(&mut rng, 0);
            let mut bw = vec![bottom()];
            bw.extend(w.iter().cloned());
            let last = vec![bw.last().cloned().expect("nonempty")];
            bw.pop();
            assert_eq!(
                dead_accepts(&a, &w),
                holds_on_lasso(&f, &bw, &last),
                "{f}: deadlock after {w:?}"
            );
        }
    }
}

/// One component: name, start state, transitions `(from, label, to)`.
type Comp<'a> = (&'a str, u32, &'a [(u32, &'a str, u32)]);

/// A system of these components, states named by number.
fn system(comps: &[Comp]) -> System {
    let mut b = SystemBuilder::new();
    for (name, start, trans) in comps {
        let c = b.add_component(name);
        let n = trans
            .iter()
            .map(|t| t.0.max(t.2) + 1)
            .max()
            .unwrap_or(1)
            .max(start + 1);
        for s in 0..n {
            b.add_state(c, &s.to_string()).expect("state");
        }
        b.set_start(c, *start);
        for &(f, l, t) in trans.iter() {
            b.add_transition(c, f, l, t);
        }
    }
    b.build().expect("system")
}

/// The explicit engine's answer, with its counterexample checked against the definition.
fn spin_holds(sys: &System, f: &Ltl) -> bool {
    let graph = StateGraph::build(sys, None).expect("graph");
    let neg = translate(&Ltl::not(f.clone())).expect("automaton");
    let name = |l: &usize| sys.label(*l).name.clone();
    match find_spin_violation(&graph, sys, &neg) {
        None => true,
        Some(SpinViolation::Lasso { prefix, cycle }) => {
            let mut word = vec![bottom()];
            word.extend(prefix.iter().map(name));
            let cyc: Vec<String> = cycle.iter().map(name).collect();
            assert!(!holds_on_lasso(f, &word, &cyc), "{f}: lasso satisfies it");
            let ex = ltsym::explicit::Lasso {
                prefix,
                cycle,
                path: Vec::new(),
            };
            assert!(ltsym::explicit::replay_lasso(sys, &ex), "{f}: not a run");
            false
        }
        Some(SpinViolation::Deadlock { path }) => {
            let mut word = vec![bottom()];
            word.extend(path.iter().map(name));
            let last = vec![word.pop().expect("nonempty")];
            assert!(
                !holds_on_lasso(f, &word, &last),
                "{f}: deadlock run satisfies it"
            );
            // the path is a run that can end in a deadlock
            let ends = replay_trace(sys, &path);
            let mut succ = Vec::new();
            assert!(
                ends.iter().any(|s| {
                    successors(sys, s, &mut succ);
                    succ.is_empty()
                }),
                "{f}: path does not reach a deadlock"
            );
            false
        }
    }
}

#[test]
fn deadlocks_count_and_repeat_their_last_label() {
    // a then b, then a deadlock
    let sys = system(&[("c", 0, &[(0, "a", 1), (1, "b", 2)])]);
    // RERS ignores the finite run; SPIN sees ⊥ a b b b ...
    assert!(!spin_holds(&sys, &ltl("G !b")));
    assert!(spin_holds(&sys, &ltl("F G b")));
    assert!(spin_holds(&sys, &ltl("F a")));
    assert!(!spin_holds(&sys, &ltl("G F a")));
    // the first position is ⊥: no atom holds there
    assert!(!spin_holds(&sys, &ltl("a")));
    assert!(spin_holds(&sys, &ltl("!a & !b")));
    assert!(spin_holds(&sys, &ltl("!a U a")));
    // a deadlock at the start: ⊥ forever
    let stuck = system(&[("c", 0, &[(1, "a", 1)])]);
    assert!(spin_holds(&stuck, &ltl("G !a")));
    assert!(!spin_holds(&stuck, &ltl("F a")));
}

#[test]
fn infinite_runs_read_after_the_first_position() {
    // a (b a)^ω, or a c into a deadlock
    let sys = system(&[("c", 0, &[(0, "a", 1), (1, "b", 0), (1, "c", 2)])]);
    assert!(!spin_holds(&sys, &ltl("G F b")));
    assert!(spin_holds(&sys, &ltl("G (b -> F a)")));
    assert!(!spin_holds(&sys, &ltl("G (a -> F b)")));
    assert!(spin_holds(&sys, &ltl("G (c -> G c)")));
    // synchronisation: s needs both components
    let two = system(&[
        ("p", 0, &[(0, "s", 1), (1, "x", 0)]),
        ("q", 0, &[(0, "s", 1)]),
    ]);
    assert!(spin_holds(&two, &ltl("F G x")));
    assert!(!spin_holds(&two, &ltl("G !x")));
    assert!(spin_holds(&two, &ltl("!x W s")));
}

#[test]
fn rers_2016_105_property_10() {
    // `c4_t16 => G !c2_t5`: the atom is read at the first position, ⊥, so SPIN holds it
    // trivially; the RERS answer (infinite traces from the first label) is false.
    let sys = ltsym::parse::load_system(
        &support::rers("2016/problem105.pml"),
        &ltsym::parse::LoadOptions::default(),
    )
    .expect("system");
    assert!(spin_holds(&sys, &ltl("c4_t16 -> G !c2_t5")));
}

/// The symbolic engine (the product with the automaton of `automata::spin`, a backward closure
/// to the dead-accepting deadlocks) against the explicit one (the words of SPIN's runs) on
/// random systems with and without deadlocks, random X-free formulas, both spaces and all
/// automaton positions; every counterexample of either engine is validated by `check`.
#[test]
fn symbolic_and_explicit_engines_agree() {
    use ltsym::check::{check, CheckOptions, Engine, LtlSemantics};
    use ltsym::gen::{random, RandomSpec};
    use ltsym::logic::{Properties, Property};
    use ltsym::report::Outcome;
    use ltsym::symbolic::context::{AutPosition, Space};

    let mut rng = Rng::new(2018);
    let (mut held, mut lassos, mut deadlocks) = (0, 0, 0);
    for round in 0..36u64 {
        let sys = random(&RandomSpec {
            components: 2 + (round % 3) as usize,
            states_per_component: 3 + (round % 2) as usize,
            transitions_per_component: 4,
            share_rate: 0.4,
            deadlocks: round % 4 != 3,
            seed: round,
        })
        .expect("random system");
        let mut atoms: Vec<String> = sys.labels().iter().map(|l| l.name.clone()).collect();
        atoms.truncate(4);
        atoms.push("zz".into());
        let mut props = Vec::new();
        while props.len() < 10 {
            let f = random_ltl(&mut rng, &atoms, 4);
            if !f.uses_next() {
                props.push(Property {
                    number: props.len() as u32 + 1,
                    formula: f,
                    expected: None,
                    line: 1,
                });
            }
        }
        let opts = CheckOptions {
            engine: Engine::Both,
            ltl_semantics: LtlSemantics::Spin,
            witness: true,
            aut_position: [AutPosition::Top, AutPosition::Middle, AutPosition::Bottom]
                [round as usize % 3],
            space: [Space::Reach, Space::Over][(round as usize / 3) % 2],
            factor: round % 5 != 0,
            ..CheckOptions::default()
        };
        let report = check(&sys, "random", None, &Properties::Ltl(props), &opts)
            .unwrap_or_else(|e| panic!("round {round}: {e}"));
        for r in &report.results {
            match r.outcome {
                Outcome::Holds => held += 1,
                Outcome::Violated => {
                    let ev = r.evidence.as_ref().expect("evidence");
                    if ev.ends_in_deadlock {
                        deadlocks += 1;
                    } else {
                        lassos += 1;
                    }
                }
                _ => panic!("round {round}: {:?}", r.outcome),
            }
        }
    }
    // every kind of verdict is exercised
    assert!(
        held > 30 && lassos > 30 && deadlocks > 30,
        "{held} {lassos} {deadlocks}"
    );
}

#[test]
fn x_is_refused_under_the_spin_reading() {
    use ltsym::check::{check, CheckOptions, LtlSemantics};
    use ltsym::logic::{Properties, Property};
    let sys = system(&[("c", 0, &[(0, "a", 1), (1, "b", 0)])]);
    let props = vec![
        Property {
            number: 3,
            formula: ltl("G (a -> X b)"),
            expected: None,
            line: 1,
        },
        Property {
            number: 4,
            formula: ltl("G F a"),
            expected: None,
            line: 2,
        },
    ];
    let opts = CheckOptions {
        ltl_semantics: LtlSemantics::Spin,
        ..CheckOptions::default()
    };
    let e = check(&sys, "s", None, &Properties::Ltl(props.clone()), &opts).unwrap_err();
    assert_eq!(e.exit_code(), 2);
    assert!(e.to_string().contains("#3 use X"), "{e}");
    // the RERS reading takes it
    assert!(check(
        &sys,
        "s",
        None,
        &Properties::Ltl(props),
        &CheckOptions::default()
    )
    .is_ok());
}
