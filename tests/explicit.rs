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
