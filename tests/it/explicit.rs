//! The explicit engine on generated families with known answers, and the CTL and LTL checkers
//! on small hand-made systems.

use ltsym::explicit::{reach, StateGraph};
use ltsym::gen::{family, philosophers, random, token_ring, RandomSpec};

#[test]
fn philosophers_have_3_to_the_n_minus_1_states() {
    for n in 2..=7u32 {
        let sys = philosophers(n as usize).unwrap();
        assert_eq!(sys.labels().len(), 4 * n as usize);
        let st = reach(&sys, None).unwrap();
        assert_eq!(st.states, 3u64.pow(n) - 1, "n = {n}");
        // the only deadlock: every philosopher holds its left fork
        assert_eq!(st.deadlocks, 1, "n = {n}");
        let dl = st.example_deadlock.unwrap();
        for i in 0..n as usize {
            assert_eq!(sys.component(2 * i).states[dl[2 * i] as usize], "left");
            assert_eq!(
                sys.component(2 * i + 1).states[dl[2 * i + 1] as usize],
                "taken"
            );
        }
    }
}

#[test]
fn token_ring_has_n_times_2_to_the_n_states() {
    for n in 2..=8u32 {
        let st = reach(&token_ring(n as usize).unwrap(), None).unwrap();
        assert_eq!(st.states, n as u64 * 2u64.pow(n), "n = {n}");
        assert_eq!(st.deadlocks, 0);
        assert!(st.example_deadlock.is_none());
    }
}

#[test]
fn graph_and_reach_agree() {
    let sys = philosophers(5).unwrap();
    let g = StateGraph::build(&sys, None).unwrap();
    let st = reach(&sys, None).unwrap();
    assert_eq!(g.num_states() as u64, st.states);
    assert_eq!(g.num_edges() as u64, st.transitions);
    let deadlocks = (0..g.num_states() as u32)
        .filter(|&s| g.is_deadlock(s))
        .count();
    assert_eq!(deadlocks as u64, st.deadlocks);
    assert_eq!(g.state(g.initial()), sys.initial_state());
}

fn spec(seed: u64, deadlocks: bool) -> RandomSpec {
    RandomSpec {
        components: 5,
        states_per_component: 6,
        transitions_per_component: 10,
        share_rate: 0.4,
        deadlocks,
        seed,
    }
}

/// A fingerprint of everything a system consists of.
fn dump(sys: &ltsym::System) -> String {
    format!("{:?}|{:?}", sys.components(), sys.labels())
}

#[test]
fn random_systems_are_deterministic_per_seed() {
    for seed in 0..10 {
        let a = random(&spec(seed, true)).unwrap();
        let b = random(&spec(seed, true)).unwrap();
        assert_eq!(dump(&a), dump(&b));
        assert_eq!(reach(&a, None).unwrap(), reach(&b, None).unwrap());
    }
    let a = random(&spec(1, true)).unwrap();
    let b = random(&spec(2, true)).unwrap();
    assert_ne!(dump(&a), dump(&b));
    let c = family("random:components=5,states=6,transitions=10,share=0.4,seed=1").unwrap();
    assert_eq!(dump(&a), dump(&c));
}

#[test]
fn random_without_deadlocks_has_none_and_with_deadlocks_often_has_some() {
    let mut with = 0;
    for seed in 0..20 {
        let st = reach(&random(&spec(seed, false)).unwrap(), None).unwrap();
        assert_eq!(st.deadlocks, 0, "seed {seed}");
        assert!(st.states > 1);
        if reach(&random(&spec(seed, true)).unwrap(), None)
            .unwrap()
            .deadlocks
            > 0
        {
            with += 1;
        }
    }
    assert!(
        with >= 10,
        "only {with} of 20 deadlock-prone systems deadlock"
    );
}

// ---------------------------------------------------------------------------------------------
// CTL

use ltsym::explicit::{check_ctl, eval_ctl};
use ltsym::logic::Ctl;
use ltsym::model::{System, SystemBuilder};

fn bx(f: Ctl) -> Box<Ctl> {
    Box::new(f)
}
fn dia(a: &str, f: Ctl) -> Ctl {
    Ctl::Diamond(Some(a.into()), bx(f))
}
fn boxa(a: &str, f: Ctl) -> Ctl {
    Ctl::Box(Some(a.into()), bx(f))
}
fn en(a: &str) -> Ctl {
    dia(a, Ctl::True)
}
fn dead() -> Ctl {
    Ctl::Box(None, bx(Ctl::False))
}
fn not(f: Ctl) -> Ctl {
    Ctl::Not(bx(f))
}
fn or(f: Ctl, g: Ctl) -> Ctl {
    Ctl::Or(bx(f), bx(g))
}
fn af(f: Ctl) -> Ctl {
    Ctl::AF(bx(f))
}
fn ag(f: Ctl) -> Ctl {
    Ctl::AG(bx(f))
}
fn ef(f: Ctl) -> Ctl {
    Ctl::EF(bx(f))
}
fn eg(f: Ctl) -> Ctl {
    Ctl::EG(bx(f))
}
fn au(f: Ctl, g: Ctl) -> Ctl {
    Ctl::AU(bx(f), bx(g))
}
fn eu(f: Ctl, g: Ctl) -> Ctl {
    Ctl::EU(bx(f), bx(g))
}
fn aw(f: Ctl, g: Ctl) -> Ctl {
    Ctl::AW(bx(f), bx(g))
}
fn ew(f: Ctl, g: Ctl) -> Ctl {
    Ctl::EW(bx(f), bx(g))
}

/// The truth of `f` per local state of a one-component system (all states reachable).
fn per_state(sys: &System, f: &Ctl) -> Vec<bool> {
    let g = StateGraph::build(sys, None).unwrap();
    let v = eval_ctl(&g, sys, f);
    let mut out = vec![false; sys.component(0).num_states()];
    assert_eq!(
        g.num_states(),
        out.len(),
        "test systems have every state reachable"
    );
    for s in 0..g.num_states() as u32 {
        out[g.state(s)[0] as usize] = v[s as usize];
    }
    out
}

/// 0 -a-> 1 -c-> 1 (forever), 0 -b-> 2 -c-> 3 (deadlock), 0 -d-> 4 (deadlock); label `x`
/// exists but is never enabled (a second component has it but never moves).
fn s1() -> System {
    let mut b = SystemBuilder::new();
    let c = b.add_component("c");
    for s in 0..5 {
        b.add_state(c, &s.to_string()).unwrap();
    }
    b.set_start(c, 0);
    b.add_transition(c, 0, "a", 1);
    b.add_transition(c, 1, "c", 1);
    b.add_transition(c, 0, "b", 2);
    b.add_transition(c, 2, "c", 3);
    b.add_transition(c, 0, "d", 4);
    // a second component that has `x` but can never take it: `x` is a label, never enabled
    let k = b.add_component("k");
    b.add_state(k, "k0").unwrap();
    b.add_state(k, "k1").unwrap();
    b.set_start(k, 0);
    b.add_transition(k, 1, "x", 0);
    b.build().unwrap()
}

#[test]
fn ctl_modalities() {
    let sys = s1();
    const T: bool = true;
    const F: bool = false;
    assert_eq!(per_state(&sys, &en("a")), [T, F, F, F, F]);
    assert_eq!(per_state(&sys, &en("c")), [F, T, T, F, F]);
    // [a] false: a disabled
    assert_eq!(per_state(&sys, &boxa("a", Ctl::False)), [F, T, T, T, T]);
    // x is a label but never enabled; y is no label at all
    assert_eq!(per_state(&sys, &boxa("x", Ctl::False)), [T; 5]);
    assert_eq!(per_state(&sys, &en("x")), [F; 5]);
    assert_eq!(per_state(&sys, &en("y")), [F; 5]);
    assert_eq!(per_state(&sys, &boxa("y", Ctl::False)), [T; 5]);
    // deadlocks: [] false, and <> true is its negation
    assert_eq!(per_state(&sys, &dead()), [F, F, F, T, T]);
    assert_eq!(
        per_state(&sys, &Ctl::Diamond(None, bx(Ctl::True))),
        [T, T, T, F, F]
    );
    // <b><c> true, [a]<c> true
    assert_eq!(per_state(&sys, &dia("b", en("c"))), [T, F, F, F, F]);
    assert_eq!(per_state(&sys, &boxa("b", en("c"))), [T, T, T, T, T]);
    assert_eq!(
        per_state(&sys, &Ctl::Box(None, bx(en("c")))),
        [F, T, F, T, T]
    );
}

#[test]
fn ctl_path_operators_count_finite_maximal_paths() {
    let sys = s1();
    const T: bool = true;
    const F: bool = false;
    // AF f fails on a deadlock without f; EG f holds on a deadlock with f
    assert_eq!(per_state(&sys, &af(en("c"))), [F, T, T, F, F]);
    assert_eq!(per_state(&sys, &af(dead())), [F, F, T, T, T]);
    assert_eq!(per_state(&sys, &eg(Ctl::True)), [T; 5]);
    assert_eq!(per_state(&sys, &eg(Ctl::False)), [F; 5]);
    assert_eq!(per_state(&sys, &eg(en("c"))), [F, T, F, F, F]);
    // 2 (c enabled) then 3 (deadlock): a finite maximal path with f everywhere
    assert_eq!(per_state(&sys, &eg(or(en("c"), dead()))), [F, T, T, T, T]);
    assert_eq!(per_state(&sys, &eg(not(dead()))), [T, T, F, F, F]);
    assert_eq!(per_state(&sys, &ef(dead())), [T, F, T, T, T]);
    assert_eq!(per_state(&sys, &ag(not(dead()))), [F, T, F, F, F]);
    assert_eq!(per_state(&sys, &ag(ef(en("c")))), [F, T, F, F, F]);
    // until
    assert_eq!(per_state(&sys, &au(Ctl::True, dead())), [F, F, T, T, T]);
    assert_eq!(per_state(&sys, &eu(Ctl::True, dead())), [T, F, T, T, T]);
    assert_eq!(per_state(&sys, &eu(en("a"), en("c"))), [T, T, T, F, F]);
    // A(f U g) needs g on every path: from 0 the d-path goes straight to a deadlock without c
    assert_eq!(per_state(&sys, &au(en("a"), en("c"))), [F, T, T, F, F]);
    // weak until: G f on a finite maximal path counts, up to and including the deadlock
    let f = boxa("a", Ctl::False);
    assert_eq!(per_state(&sys, &aw(f.clone(), Ctl::False)), [F, T, T, T, T]);
    assert_eq!(per_state(&sys, &au(f.clone(), Ctl::False)), [F; 5]);
    assert_eq!(per_state(&sys, &aw(en("c"), dead())), [F, T, T, T, T]);
    assert_eq!(
        per_state(&sys, &aw(not(dead()), Ctl::False)),
        [F, T, F, F, F]
    );
    assert_eq!(
        per_state(&sys, &ew(not(dead()), Ctl::False)),
        [T, T, F, F, F]
    );
    assert_eq!(per_state(&sys, &ew(en("a"), en("b"))), [T, F, F, F, F]);
    // at the initial state
    let g = StateGraph::build(&sys, None).unwrap();
    assert!(check_ctl(&g, &sys, &ef(dead())));
    assert!(!check_ctl(&g, &sys, &af(dead())));
}

#[test]
fn ctl_on_generated_families() {
    let phil = philosophers(3).unwrap();
    let g = StateGraph::build(&phil, None).unwrap();
    assert!(check_ctl(&g, &phil, &ef(dead())));
    assert!(!check_ctl(&g, &phil, &ag(not(dead()))));
    assert!(!check_ctl(&g, &phil, &af(dead())));
    // philosopher 0 can always eventually eat unless the system deadlocks
    assert!(check_ctl(
        &g,
        &phil,
        &ag(or(ef(en("take_right_0")), ef(dead())))
    ));
    let ring = token_ring(4).unwrap();
    let g = StateGraph::build(&ring, None).unwrap();
    assert!(check_ctl(&g, &ring, &ag(not(dead()))));
    assert!(check_ctl(&g, &ring, &ag(ef(en("enter_2")))));
    assert!(!check_ctl(&g, &ring, &af(en("enter_2"))));
    // entering the critical section is only possible with the token, right after receiving it
    // or leaving: never two processes critical at once
    assert!(check_ctl(
        &g,
        &ring,
        &ag(not(Ctl::And(bx(en("leave_0")), bx(en("leave_1")))))
    ));
}

/// The fixpoint characterisations (over maximal paths, deadlocks included) evaluated by naive
/// iteration: an independent second opinion on the definition-based checker.
fn fixpoint_eval(g: &StateGraph, sys: &System, f: &Ctl) -> Vec<bool> {
    let n = g.num_states();
    let ex = |z: &[bool], label: Option<&str>| -> Vec<bool> {
        (0..n as u32)
            .map(|s| {
                g.edges(s).iter().any(|e| {
                    label.is_none_or(|l| sys.label_id(l) == Some(e.label())) && z[e.target as usize]
                })
            })
            .collect()
    };
    let ax = |z: &[bool], label: Option<&str>| -> Vec<bool> {
        let nz: Vec<bool> = z.iter().map(|b| !b).collect();
        ex(&nz, label).iter().map(|b| !b).collect()
    };
    let dl: Vec<bool> = (0..n as u32).map(|s| g.is_deadlock(s)).collect();
    let fix = |init: bool, step: &dyn Fn(&[bool]) -> Vec<bool>| {
        let mut z = vec![init; n];
        loop {
            let next = step(&z);
            if next == z {
                return z;
            }
            z = next;
        }
    };
    let ev = |h: &Ctl| fixpoint_eval(g, sys, h);
    match f {
        Ctl::True => vec![true; n],
        Ctl::False => vec![false; n],
        Ctl::Not(a) => ev(a).iter().map(|b| !b).collect(),
        Ctl::And(a, b) => ev(a).iter().zip(ev(b)).map(|(x, y)| *x && y).collect(),
        Ctl::Or(a, b) => ev(a).iter().zip(ev(b)).map(|(x, y)| *x || y).collect(),
        Ctl::Implies(a, b) => ev(a).iter().zip(ev(b)).map(|(x, y)| !*x || y).collect(),
        Ctl::Equiv(a, b) => ev(a).iter().zip(ev(b)).map(|(x, y)| *x == y).collect(),
        Ctl::Diamond(l, a) => ex(&ev(a), l.as_deref()),
        Ctl::Box(l, a) => ax(&ev(a), l.as_deref()),
        Ctl::EF(a) => fixpoint_eval(g, sys, &eu(Ctl::True, (**a).clone())),
        Ctl::AG(a) => fixpoint_eval(g, sys, &not(ef(not((**a).clone())))),
        Ctl::AF(a) => fixpoint_eval(g, sys, &au(Ctl::True, (**a).clone())),
        Ctl::EG(a) => fixpoint_eval(g, sys, &ew((**a).clone(), Ctl::False)),
        Ctl::EU(a, b) => {
            let (fa, fb) = (ev(a), ev(b));
            fix(false, &|z| {
                let e = ex(z, None);
                (0..n).map(|s| fb[s] || (fa[s] && e[s])).collect()
            })
        }
        Ctl::AU(a, b) => {
            let (fa, fb) = (ev(a), ev(b));
            fix(false, &|z| {
                let x = ax(z, None);
                (0..n).map(|s| fb[s] || (fa[s] && !dl[s] && x[s])).collect()
            })
        }
        Ctl::EW(a, b) => {
            let (fa, fb) = (ev(a), ev(b));
            fix(true, &|z| {
                let e = ex(z, None);
                (0..n)
                    .map(|s| fb[s] || (fa[s] && (e[s] || dl[s])))
                    .collect()
            })
        }
        Ctl::AW(a, b) => {
            let (fa, fb) = (ev(a), ev(b));
            fix(true, &|z| {
                let x = ax(z, None);
                (0..n).map(|s| fb[s] || (fa[s] && x[s])).collect()
            })
        }
    }
}

#[test]
fn ctl_agrees_with_naive_fixpoints_on_random_systems() {
    use crate::support::{arb, prop};
    use proptest::prelude::{Just, Strategy};
    use std::cell::Cell;

    let (checked, mixed) = (Cell::new(0), Cell::new(0));
    // 3 components of 4 states, deadlocks likely in two of three; 40 formulas over the labels
    let cases = arb::random_specs(3..=3, 4..=4, 6..=6, &[0.4], 0.67).prop_flat_map(|spec| {
        let labels = arb::label_names(&random(&spec).unwrap());
        (
            Just(spec),
            proptest::collection::vec(arb::ctl(labels, 4), 40),
        )
    });
    prop::check(
        "explicit::ctl_agrees_with_naive_fixpoints_on_random_systems",
        12,
        cases,
        |(spec, formulas)| {
            let sys = random(&spec).unwrap();
            let g = StateGraph::build(&sys, None).unwrap();
            for f in &formulas {
                assert_eq!(
                    eval_ctl(&g, &sys, f),
                    fixpoint_eval(&g, &sys, f),
                    "formula {f}"
                );
                checked.set(checked.get() + 1);
                let v = eval_ctl(&g, &sys, f);
                if v.contains(&true) && v.contains(&false) {
                    mixed.set(mixed.get() + 1);
                }
            }
        },
    );
    assert_eq!(checked.get(), 480);
    // the comparison means something only if formulas separate states
    let mixed = mixed.get();
    assert!(
        mixed > 100,
        "only {mixed} formulas were true at some states and false at others"
    );
}

/// One component with states `0..n`, start 0, and these edges.
fn lts(n: usize, edges: &[(u32, &str, u32)]) -> System {
    let mut b = SystemBuilder::new();
    let c = b.add_component("c");
    for s in 0..n {
        b.add_state(c, &s.to_string()).unwrap();
    }
    b.set_start(c, 0);
    for &(from, l, to) in edges {
        b.add_transition(c, from, l, to);
    }
    b.build().unwrap()
}

// ---------------------------------------------------------------------------------------------
// LTL

use ltsym::automata::{LetterSet, Tgba, TgbaEdge};
use ltsym::explicit::{find_accepting_lasso, holds_on_lasso, replay_lasso, Lasso};
use ltsym::logic::Ltl;

/// A hand-built automaton over `atoms` (sorted); edges `(from, to, letters, acc)` where letters
/// are atom names, `"*"` is every letter and a leading `!` complements the list.
fn tgba(
    atoms: &[&str],
    states: usize,
    num_acc: usize,
    edges: &[(usize, usize, &str, u64)],
) -> Tgba {
    let atoms: Vec<String> = atoms.iter().map(|s| s.to_string()).collect();
    let n = atoms.len() + 1;
    let edges = edges
        .iter()
        .map(|&(from, to, spec, acc)| {
            let (neg, list) = match spec.strip_prefix('!') {
                Some(rest) => (true, rest),
                None => (false, spec),
            };
            let mut letters = LetterSet::empty(n);
            for i in 0..n {
                let named = list == "*"
                    || list
                        .split(',')
                        .any(|a| atoms.get(i).is_some_and(|x| x == a));
                if named != neg {
                    letters.insert(i);
                }
            }
            TgbaEdge {
                from,
                to,
                letters,
                acc,
            }
        })
        .collect();
    Tgba {
        atoms,
        num_states: states,
        initial: 0,
        num_acc,
        edges,
        state_names: (0..states).map(|i| i.to_string()).collect(),
    }
}

/// Infinitely often `a` (the negation of `F G !a`).
fn inf_often(a: &str) -> Tgba {
    tgba(&[a], 1, 1, &[(0, 0, a, 1), (0, 0, &format!("!{a}"), 0)])
}

/// Eventually always not `a` (the negation of `G F a`).
fn eventually_never(a: &str) -> Tgba {
    tgba(
        &[a],
        2,
        1,
        &[
            (0, 0, "*", 0),
            (0, 1, &format!("!{a}"), 1),
            (1, 1, &format!("!{a}"), 1),
        ],
    )
}

/// Every infinite trace (the negation of `false`), with no acceptance set.
fn any_infinite() -> Tgba {
    tgba(&[], 1, 0, &[(0, 0, "*", 0)])
}

fn names(sys: &System, labels: &[usize]) -> Vec<String> {
    labels.iter().map(|&l| sys.label(l).name.clone()).collect()
}

fn lasso_of(sys: &System, a: &Tgba) -> Option<Lasso> {
    let g = StateGraph::build(sys, None).unwrap();
    let l = find_accepting_lasso(&g, sys, a);
    if let Some(l) = &l {
        assert!(!l.cycle.is_empty());
        assert!(replay_lasso(sys, l), "lasso {l:?} does not replay");
        assert_eq!(l.path.len(), l.prefix.len() + l.cycle.len() + 1);
        assert_eq!(l.path[l.prefix.len()], *l.path.last().unwrap());
    }
    l
}

#[test]
fn ltl_infinitely_often() {
    // 0 -a-> 1 -b-> 0, and 1 -c-> 2, a deadlock
    let sys = lts(3, &[(0, "a", 1), (1, "b", 0), (1, "c", 2)]);
    let l = lasso_of(&sys, &inf_often("a")).expect("(ab)^w has infinitely many a");
    assert!(names(&sys, &l.cycle).contains(&"a".to_string()));
    assert!(holds_on_lasso(
        &Ltl::Globally(Box::new(Ltl::Finally(Box::new(Ltl::atom("a"))))),
        &sys,
        &l
    ));
    // every infinite trace has infinitely many a: F G !a fails nowhere... i.e. no lasso
    assert!(lasso_of(&sys, &eventually_never("a")).is_none());
    // the deadlock after c never counts
    assert!(lasso_of(&sys, &inf_often("c")).is_none());
    // an atom the system lacks never fires
    assert!(lasso_of(&sys, &inf_often("zzz")).is_none());
    assert!(lasso_of(&sys, &eventually_never("zzz")).is_some());
}

#[test]
fn ltl_deadlocks_never_violate() {
    let sys = lts(2, &[(0, "a", 1)]);
    assert!(lasso_of(&sys, &any_infinite()).is_none());
    assert!(lasso_of(&sys, &eventually_never("a")).is_none());
    let sys = lts(2, &[(0, "a", 1), (1, "b", 1)]);
    let l = lasso_of(&sys, &any_infinite()).unwrap();
    assert_eq!(names(&sys, &l.prefix), ["a"]);
    assert_eq!(names(&sys, &l.cycle), ["b"]);
}

#[test]
fn ltl_silent_labels_read_the_other_letter() {
    // 0 -a-> 1, 1 -""-> 1: after a, only silent steps
    let sys = lts(2, &[(0, "a", 1), (1, "", 1)]);
    let l = lasso_of(&sys, &eventually_never("a")).unwrap();
    assert_eq!(names(&sys, &l.cycle), [""]);
    assert!(lasso_of(&sys, &inf_often("a")).is_none());
    // a silent step is no atom, not even an (unparsable) empty one
    assert!(!holds_on_lasso(
        &Ltl::Finally(Box::new(Ltl::atom(""))),
        &sys,
        &l
    ));
}

#[test]
fn ltl_generalised_acceptance_needs_every_set() {
    let both = tgba(
        &["a", "b"],
        1,
        2,
        &[(0, 0, "a", 1), (0, 0, "b", 2), (0, 0, "!a,b", 0)],
    );
    // a forever, or b forever, but never both infinitely often
    let sys = lts(2, &[(0, "a", 0), (0, "b", 1), (1, "b", 1)]);
    assert!(lasso_of(&sys, &both).is_none());
    assert!(lasso_of(&sys, &inf_often("a")).is_some());
    assert!(lasso_of(&sys, &inf_often("b")).is_some());
    // both in one cycle: the lasso must take each
    let sys = lts(3, &[(0, "c", 1), (1, "a", 2), (2, "c", 2), (2, "b", 1)]);
    let l = lasso_of(&sys, &both).unwrap();
    let cyc = names(&sys, &l.cycle);
    assert!(
        cyc.contains(&"a".into()) && cyc.contains(&"b".into()),
        "{cyc:?}"
    );
    let gf = |a: &str| Ltl::Globally(Box::new(Ltl::Finally(Box::new(Ltl::atom(a)))));
    assert!(holds_on_lasso(&Ltl::and(gf("a"), gf("b")), &sys, &l));
}

#[test]
fn ltl_on_synchronised_systems() {
    let phil = philosophers(3).unwrap();
    let l = lasso_of(&phil, &inf_often("take_left_0")).unwrap();
    assert!(names(&phil, &l.cycle).contains(&"take_left_0".to_string()));
    assert!(lasso_of(&phil, &eventually_never("take_left_0")).is_some());
    let ring = token_ring(3).unwrap();
    // the token keeps moving or someone stays critical/working: pass_0 can be avoided forever
    assert!(lasso_of(&ring, &eventually_never("pass_0")).is_some());
    assert!(lasso_of(&ring, &inf_often("pass_1")).is_some());
}

#[test]
fn replay_rejects_bogus_lassos() {
    let sys = lts(3, &[(0, "a", 1), (1, "b", 0), (1, "c", 2)]);
    let id = |n: &str| sys.label_id(n).unwrap();
    let ok = Lasso {
        prefix: vec![],
        cycle: vec![id("a"), id("b")],
        path: vec![],
    };
    assert!(replay_lasso(&sys, &ok));
    let shifted = Lasso {
        prefix: vec![id("a")],
        cycle: vec![id("b"), id("a")],
        path: vec![],
    };
    assert!(replay_lasso(&sys, &shifted));
    // not enabled
    let bad = Lasso {
        prefix: vec![id("b")],
        cycle: vec![id("a"), id("b")],
        path: vec![],
    };
    assert!(!replay_lasso(&sys, &bad));
    // executable once but does not return to its start
    let open = Lasso {
        prefix: vec![],
        cycle: vec![id("a")],
        path: vec![],
    };
    assert!(!replay_lasso(&sys, &open));
    let empty = Lasso {
        prefix: vec![id("a")],
        cycle: vec![],
        path: vec![],
    };
    assert!(!replay_lasso(&sys, &empty));
}

#[test]
fn holds_on_lasso_operators() {
    // a (b c)^w
    let sys = lts(3, &[(0, "a", 1), (1, "b", 2), (2, "c", 1)]);
    let id = |n: &str| sys.label_id(n).unwrap();
    let l = Lasso {
        prefix: vec![id("a")],
        cycle: vec![id("b"), id("c")],
        path: vec![],
    };
    let at = Ltl::atom;
    let b = Box::new;
    assert!(holds_on_lasso(&at("a"), &sys, &l));
    assert!(!holds_on_lasso(&at("b"), &sys, &l));
    assert!(holds_on_lasso(&Ltl::Next(b(at("b"))), &sys, &l));
    assert!(holds_on_lasso(
        &Ltl::Globally(b(Ltl::Finally(b(at("c"))))),
        &sys,
        &l
    ));
    assert!(holds_on_lasso(
        &Ltl::Finally(b(Ltl::Globally(b(Ltl::not(at("a")))))),
        &sys,
        &l
    ));
    assert!(!holds_on_lasso(
        &Ltl::Globally(b(Ltl::not(at("c")))),
        &sys,
        &l
    ));
    assert!(holds_on_lasso(
        &Ltl::Until(b(Ltl::not(at("c"))), b(at("c"))),
        &sys,
        &l
    ));
    assert!(!holds_on_lasso(
        &Ltl::Until(b(at("a")), b(at("c"))),
        &sys,
        &l
    ));
    assert!(!holds_on_lasso(
        &Ltl::Until(b(Ltl::not(at("d"))), b(at("d"))),
        &sys,
        &l
    ));
    assert!(holds_on_lasso(
        &Ltl::WeakUntil(b(Ltl::not(at("d"))), b(at("d"))),
        &sys,
        &l
    ));
    // b R !a: !a must hold until and including a b position... a holds at 0, so false
    assert!(!holds_on_lasso(
        &Ltl::Release(b(at("b")), b(Ltl::not(at("a")))),
        &sys,
        &l
    ));
    assert!(holds_on_lasso(
        &Ltl::Release(b(at("a")), b(Ltl::True)),
        &sys,
        &l
    ));
    assert!(!holds_on_lasso(
        &Ltl::StrongRelease(b(at("d")), b(Ltl::True)),
        &sys,
        &l
    ));
    assert!(holds_on_lasso(
        &Ltl::StrongRelease(b(at("c")), b(Ltl::not(at("d")))),
        &sys,
        &l
    ));
}

#[test]
fn ltl_lassos_on_random_systems_witness_their_automaton() {
    let gf = |a: &str| Ltl::Globally(Box::new(Ltl::Finally(Box::new(Ltl::atom(a)))));
    let fg_not = |a: &str| Ltl::Finally(Box::new(Ltl::Globally(Box::new(Ltl::not(Ltl::atom(a))))));
    let (mut found, mut none) = (0, 0);
    for seed in 0..12 {
        let sys = random(&RandomSpec {
            components: 4,
            states_per_component: 5,
            transitions_per_component: 7,
            share_rate: 0.4,
            deadlocks: seed % 2 == 0,
            seed,
        })
        .unwrap();
        let g = StateGraph::build(&sys, None).unwrap();
        // an infinite trace exists iff some maximal path never deadlocks: EG <> true
        let infinite = check_ctl(&g, &sys, &eg(Ctl::Diamond(None, bx(Ctl::True))));
        assert_eq!(
            lasso_of(&sys, &any_infinite()).is_some(),
            infinite,
            "seed {seed}"
        );
        for label in sys.labels().iter().take(6) {
            let a = label.name.as_str();
            match lasso_of(&sys, &inf_often(a)) {
                Some(l) => {
                    found += 1;
                    assert!(holds_on_lasso(&gf(a), &sys, &l), "seed {seed}, GF {a}");
                }
                None => none += 1,
            }
            if let Some(l) = lasso_of(&sys, &eventually_never(a)) {
                assert!(holds_on_lasso(&fg_not(a), &sys, &l), "seed {seed}, FG !{a}");
            }
        }
    }
    assert!(found > 5 && none > 5, "found {found}, none {none}");
}
