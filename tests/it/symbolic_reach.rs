//! Symbolic reachability against explicit search: every strategy, several orders, the same
//! state and deadlock counts.

use crate::support;

use ltsym::limits::Budget;
use ltsym::model::factor::{factor, Factored};
use ltsym::model::{StateId, Sync, System, SystemBuilder};
use ltsym::symbolic::{run_reach, ManagerOptions, OrderSpec, Strategy};
use oxidd::BooleanFunction;

const STRATEGIES: [Strategy; 6] = [
    Strategy::Bfs,
    Strategy::Chain,
    Strategy::ChainFull,
    Strategy::Sat,
    Strategy::SatLike,
    Strategy::SatMask,
];

fn orders() -> Vec<OrderSpec> {
    vec![
        OrderSpec::Given,
        OrderSpec::Force,
        OrderSpec::ForceSpan,
        OrderSpec::Sloan,
        OrderSpec::Random(1),
        OrderSpec::Random(2),
    ]
}

use crate::support::oracle::{reachable_counts as explicit_counts, successors};

/// The system as given and factored into bits (the two differ only where a component is a
/// product of bits).
fn both(sys: &System) -> [(&'static str, Factored); 2] {
    [("whole", Factored::none(sys)), ("bits", factor(sys))]
}

/// Checks every strategy under every order, on the system whole and factored, against the
/// explicit counts.
fn check_all(sys: &System, what: &str) {
    let (states, dead) = explicit_counts(sys);
    for (how, f) in both(sys) {
        for spec in orders() {
            let order = spec.compute_for(&f).unwrap();
            for strat in STRATEGIES {
                let (enc, reach, stats) = run_reach(
                    &f,
                    strat,
                    &order,
                    &spec.to_string(),
                    ManagerOptions::small(),
                    &Budget::unlimited(),
                )
                .unwrap();
                let ctx = format!("{what} ({how}), strategy {strat}, order {spec}");
                assert_eq!(
                    stats.states.to_string(),
                    states.to_string(),
                    "{ctx}: states"
                );
                assert_eq!(
                    stats.deadlocks.to_string(),
                    dead.to_string(),
                    "{ctx}: deadlocks"
                );
                // every reachable state is a valid code and the example deadlock is a real one
                assert!(
                    reach.imp(&enc.valid).unwrap().valid(),
                    "{ctx}: invalid codes"
                );
                match &stats.deadlock_example {
                    None => assert_eq!(dead, 0, "{ctx}"),
                    Some(ex) => {
                        let st: Vec<StateId> = ex
                            .iter()
                            .enumerate()
                            .map(|(c, (name, s))| {
                                assert_eq!(name, &sys.component(c).name);
                                sys.component(c).states.iter().position(|x| x == s).unwrap()
                                    as StateId
                            })
                            .collect();
                        assert!(successors(sys, &st).is_empty(), "{ctx}: {ex:?} not dead");
                    }
                }
                assert_eq!(stats.order.len(), f.system.components().len());
            }
        }
    }
}

/// Dining philosophers with separate fork components; `rel` frees both forks at once.
fn philosophers(n: usize) -> System {
    let mut b = SystemBuilder::new();
    let phil: Vec<_> = (0..n)
        .map(|i| b.add_component(&format!("phil{i}")))
        .collect();
    let fork: Vec<_> = (0..n)
        .map(|i| b.add_component(&format!("fork{i}")))
        .collect();
    for i in 0..n {
        for s in ["think", "left", "eat"] {
            b.add_state(phil[i], s).unwrap();
        }
        b.set_start(phil[i], 0);
        for s in ["free", "taken"] {
            b.add_state(fork[i], s).unwrap();
        }
        b.set_start(fork[i], 0);
        let (l, r) = (fork[i], fork[(i + 1) % n]);
        let (gl, gr, rl) = (format!("gl{i}"), format!("gr{i}"), format!("rel{i}"));
        b.add_transition(phil[i], 0, &gl, 1);
        b.add_transition(l, 0, &gl, 1);
        b.add_transition(phil[i], 1, &gr, 2);
        b.add_transition(r, 0, &gr, 1);
        b.add_transition(phil[i], 2, &rl, 0);
        b.add_transition(l, 1, &rl, 0);
        // `rel` frees both forks: a label may touch three components... except for n == 1
        if r != l {
            b.add_transition(r, 1, &rl, 0);
        }
    }
    b.build().unwrap()
}

#[test]
fn philosophers_match_explicit_counts() {
    for n in [2, 3, 4] {
        let sys = philosophers(n);
        let (states, dead) = explicit_counts(&sys);
        // only "everybody holds the left fork" is dead (a thinker never blocks without eaters)
        assert_eq!(dead, 1);
        assert!(states > 2u64.pow(n as u32), "{states}");
        check_all(&sys, &format!("philosophers {n}"));
    }
}

/// Tuple labels (not the product of local moves), one-state components, silent labels.
#[test]
fn tuples_single_states_and_silent_labels() {
    let mut b = SystemBuilder::new();
    let u0 = b.add_component("u0");
    let one = b.add_component("one");
    let u1 = b.add_component("u1");
    for c in [u0, u1] {
        for s in ["p", "q", "r"] {
            b.add_state(c, s).unwrap();
        }
        b.set_start(c, 0);
    }
    b.add_state(one, "only").unwrap();
    b.set_start(one, 0);
    // t moves both p->q, or both q->r; never the mixed pairs the product would allow
    b.add_tuple_label(
        "t",
        vec![u0, u1],
        vec![vec![(0, 1), (0, 1)], vec![(1, 2), (1, 2)]],
    )
    .unwrap();
    // the one-state component has a self-loop shared with u1, and a silent self-loop
    b.add_transition(one, 0, "w", 0);
    b.add_transition(u1, 2, "w", 0);
    b.add_transition(one, 0, "", 0);
    // silent step of u0 r -> p
    b.add_transition(u0, 2, "", 0);
    let sys = b.build().unwrap();
    assert!(matches!(
        sys.label(sys.label_id("t").unwrap()).sync,
        Sync::Tuples(_)
    ));
    let (states, _) = explicit_counts(&sys);
    assert!(states > 3, "{states}");
    check_all(&sys, "tuples");
}

/// A single component with a single state and no transitions: one state, one deadlock.
#[test]
fn trivial_system() {
    let mut b = SystemBuilder::new();
    let c = b.add_component("c");
    b.add_state(c, "s").unwrap();
    b.set_start(c, 0);
    let sys = b.build().unwrap();
    assert_eq!(explicit_counts(&sys), (1, 1));
    check_all(&sys, "trivial");
}

/// Random systems: 1–5 components of 1–6 states, local and shared labels (some shared by
/// three components), product and tuple synchronisation, silent moves.
#[test]
fn random_systems_match_explicit_counts() {
    crate::support::prop::check(
        "symbolic_reach::random_systems_match_explicit_counts",
        25,
        crate::support::arb::systems(crate::support::arb::WIDE),
        |spec| check_all(&spec.build(), "random system"),
    );
}

#[test]
fn a_tight_budget_is_a_limit_error() {
    let sys = philosophers(8);
    let order: Vec<usize> = (0..16).collect();
    let r = run_reach(
        &Factored::none(&sys),
        Strategy::Bfs,
        &order,
        "given",
        ManagerOptions::small(),
        &Budget::new(None, Some(10)),
    );
    assert!(
        matches!(r, Err(ltsym::Error::Limit(_))),
        "expected a limit error"
    );
}

/// Real RERS problems whose explicit state space is small (up to 714,193 states), against the
/// explicit engine.
#[test]
fn rers_problems_match_explicit_counts() {
    let opts = ManagerOptions {
        cache_capacity: 1 << 20,
        ..ManagerOptions::small()
    };
    let problems = [
        "2016/problem101.dot",
        "2016/problem102.dot",
        "2016/problem103.dot",
        "2016/problem104.dot",
        "2016/problem105.dot",
        "2017/problem101.dot",
        "2017/problem102.dot",
        "2017/problem103.dot",
    ];
    for p in problems {
        let path = support::rers(p);
        let sys = ltsym::parse::load_system(&path, &Default::default()).unwrap();
        // the explicit engine is the oracle
        let ex = ltsym::explicit::graph::reach(&sys, None).unwrap();
        let (states, dead) = (ex.states, ex.deadlocks);
        for (how, f) in both(&sys) {
            for spec in orders() {
                let order = spec.compute_for(&f).unwrap();
                for strat in STRATEGIES {
                    let (_, _, stats) = run_reach(
                        &f,
                        strat,
                        &order,
                        &spec.to_string(),
                        opts,
                        &Budget::unlimited(),
                    )
                    .unwrap();
                    let ctx = format!("{p} ({how}), strategy {strat}, order {spec}");
                    assert_eq!(stats.states.to_string(), states.to_string(), "{ctx}");
                    assert_eq!(stats.deadlocks.to_string(), dead.to_string(), "{ctx}");
                }
            }
        }
    }
}

/// A saturation cut short by its time share and resumed (the order race does this) ends with
/// the same reachable set as an uninterrupted one.
#[test]
fn interrupted_saturation_resumes_to_the_same_set() {
    use ltsym::symbolic::reach::ReachRun;
    use ltsym::symbolic::Encoding;
    let mut interrupted = 0;
    for n in [4, 6, 8, 10] {
        let sys = philosophers(n);
        let order: Vec<usize> = (0..sys.components().len()).collect();
        let fresh = Encoding::new(&sys, &order, ManagerOptions::small()).unwrap();
        let (want, _) =
            ltsym::symbolic::reach_with(&fresh, Strategy::Sat, &Budget::unlimited()).unwrap();
        let want = fresh.count(&want);
        for strategy in [Strategy::Sat, Strategy::SatMask] {
            let enc = Encoding::new(&sys, &order, ManagerOptions::small()).unwrap();
            let mut run = ReachRun::new(enc);
            let limit = Budget::new(Some(1e6), None);
            let mut got = None;
            // an expired share first, then tiny ones, then all the time it needs
            for k in 0..20 {
                match run.run(strategy, &limit.share(if k == 0 { 0.0 } else { 0.0005 })) {
                    Ok(r) => {
                        got = Some(r);
                        break;
                    }
                    Err(ltsym::Error::Limit(_)) => interrupted += 1,
                    Err(e) => panic!("{e}"),
                }
            }
            let got = got.unwrap_or_else(|| run.run(strategy, &Budget::unlimited()).unwrap());
            assert_eq!(run.enc.count(&got), want, "{n} philosophers, {strategy}");
        }
    }
    assert!(interrupted >= 8, "interrupted {interrupted} times");
}

/// Reorderings forced in the middle of every strategy (after a few budget checks, then again
/// and again at growing intervals) change no count: on random systems, whole and factored
/// into bits, from a random order, the states and deadlocks are the explicit counts, and the
/// set is the one chaining finds afterwards in the same manager, in whatever order the run
/// left it. The runs must reorder often, and sifting must move blocks, or the test checks
/// little.
#[test]
fn reordering_in_the_middle_of_reachability_changes_no_count() {
    use ltsym::gen::{random, RandomSpec};
    use ltsym::symbolic::reach::ReachRun;
    use ltsym::symbolic::{reach_with, Encoding};
    let (mut reorders, mut moved) = (0, 0);
    for seed in 0..30u64 {
        let sys = random(&RandomSpec {
            components: 3 + seed as usize % 4,
            states_per_component: 3 + seed as usize % 5,
            transitions_per_component: 6,
            share_rate: 0.4,
            deadlocks: seed % 2 == 0,
            seed,
        })
        .unwrap();
        let (states, dead) = explicit_counts(&sys);
        for (how, f) in both(&sys) {
            let order = OrderSpec::Random(seed).compute_for(&f).unwrap();
            for (i, strategy) in STRATEGIES.into_iter().enumerate() {
                let ctx = format!("seed {seed} ({how}), strategy {strategy}");
                let enc = Encoding::new(&f.system, &order, ManagerOptions::small()).unwrap();
                let before = enc.positions();
                enc.reorderer.force_every(1 + (seed + i as u64) % 4);
                let mut run = ReachRun::new(enc);
                let reach = run.run(strategy, &Budget::unlimited()).unwrap();
                let enc = &run.enc;
                reorders += enc.reorderer.done.get();
                moved += usize::from(enc.positions() != before);
                let deadlocks = reach
                    .and(&enc.enabled_any().unwrap().not().unwrap())
                    .unwrap();
                assert_eq!(enc.count(&reach).to_string(), states.to_string(), "{ctx}");
                assert_eq!(enc.count(&deadlocks).to_string(), dead.to_string(), "{ctx}");
                enc.reorderer.force_every(0);
                let (chained, _) = reach_with(enc, Strategy::Chain, &Budget::unlimited()).unwrap();
                assert!(chained == reach, "{ctx}: not the set chaining finds");
            }
        }
    }
    assert!(
        reorders > 1000 && moved > 100,
        "{reorders} reorderings, {moved} runs ended in another order"
    );
}
