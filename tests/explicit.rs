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
        components: 6,
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
    let c = family("random:components=6,states=6,transitions=10,share=0.4,seed=1").unwrap();
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
                    label.is_none_or(|l| sys.label_id(l) == Some(e.label)) && z[e.target as usize]
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

fn random_ctl(rng: &mut ltsym::gen::rng::Rng, labels: &[String], depth: u32) -> Ctl {
    let leaf = depth == 0 || rng.below(4) == 0;
    let sub = |rng: &mut ltsym::gen::rng::Rng| random_ctl(rng, labels, depth.saturating_sub(1));
    if leaf {
        return match rng.below(4) {
            0 => Ctl::True,
            1 => dead(),
            // a label of the system, or one it lacks
            _ => en(labels
                .get(rng.below(labels.len() + 1))
                .map_or("nolabel", |l| l)),
        };
    }
    let label = labels.get(rng.below(labels.len() + 1)).cloned();
    match rng.below(14) {
        0 => not(sub(rng)),
        1 => Ctl::And(bx(sub(rng)), bx(sub(rng))),
        2 => or(sub(rng), sub(rng)),
        3 => Ctl::Diamond(label, bx(sub(rng))),
        4 => Ctl::Box(label, bx(sub(rng))),
        5 => af(sub(rng)),
        6 => ag(sub(rng)),
        7 => ef(sub(rng)),
        8 => eg(sub(rng)),
        9 => au(sub(rng), sub(rng)),
        10 => eu(sub(rng), sub(rng)),
        11 => aw(sub(rng), sub(rng)),
        12 => ew(sub(rng), sub(rng)),
        _ => Ctl::Implies(bx(sub(rng)), bx(sub(rng))),
    }
}

#[test]
fn ctl_agrees_with_naive_fixpoints_on_random_systems() {
    let mut rng = ltsym::gen::rng::Rng::new(2024);
    let mut checked = 0;
    let mut mixed = 0;
    for seed in 0..12 {
        let sys = random(&RandomSpec {
            components: 3,
            states_per_component: 4,
            transitions_per_component: 6,
            share_rate: 0.4,
            deadlocks: seed % 3 != 0,
            seed,
        })
        .unwrap();
        let g = StateGraph::build(&sys, None).unwrap();
        let labels: Vec<String> = sys.labels().iter().map(|l| l.name.clone()).collect();
        for _ in 0..40 {
            let f = random_ctl(&mut rng, &labels, 4);
            assert_eq!(
                eval_ctl(&g, &sys, &f),
                fixpoint_eval(&g, &sys, &f),
                "seed {seed}, formula {f}"
            );
            checked += 1;
            let v = eval_ctl(&g, &sys, &f);
            if v.contains(&true) && v.contains(&false) {
                mixed += 1;
            }
        }
    }
    assert_eq!(checked, 480);
    // the comparison means something only if formulas separate states
    assert!(
        mixed > 100,
        "only {mixed} formulas were true at some states and false at others"
    );
}
