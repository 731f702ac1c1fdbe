//! The symbolic LTL check (product + Emerson-Lei + lasso extraction) against hand-built systems
//! and automata, and against a small explicit oracle written here (reachable product graph,
//! Tarjan SCCs, a fair SCC has internal edges of every acceptance set).
//!
//! Every counterexample is replayed: each step must be a move of the system on its label and of
//! the automaton on the label's letter, the lasso must close, and some choice of automaton edges
//! along the cycle must cover every acceptance set.

use std::cell::Cell;
use std::collections::{HashMap, HashSet, VecDeque};

use proptest::collection::vec;
use proptest::prelude::{prop_oneof, Just, Strategy as _};

use crate::support::arb::{self, AnySys, CompSpec, SysSpec};
use crate::support::prop;

use ltsym::automata::translate::translate;
use ltsym::automata::{LetterSet, Tgba, TgbaEdge};
use ltsym::error::{Error, Limit};
use ltsym::evidence::violation::first_bad_step;
use ltsym::explicit::shorten::{shorten_lasso, Shortened};
use ltsym::explicit::{
    find_accepting_lasso, holds_on_lasso, replay_lasso, Lasso as ExplicitLasso, StateGraph,
};
use ltsym::limits::Budget;
use ltsym::logic::Ltl;
use ltsym::model::{LabelId, StateId, System, SystemBuilder};
use ltsym::symbolic::context::{AutPosition, Space, SystemCtx};
use ltsym::symbolic::ltl::{
    check_ltl, check_ltl_once, check_ltl_with, letter_of_label, BadPrefixes, Bound, CycleAmong,
    ExactFixpoint, Lasso, LtlOptions, LtlResult, LtlRun, ProductState, QuickPaths, Universe,
};
use ltsym::symbolic::reach::Strategy;
use ltsym::symbolic::ManagerOptions;

// ---------------------------------------------------------------- automata by hand

/// Edge helper: `letters` names atoms (index into `atoms`) or `other`.
fn edge(from: usize, to: usize, letters: &[usize], n: usize, acc: u64) -> TgbaEdge {
    let mut s = LetterSet::empty(n);
    for &l in letters {
        s.insert(l);
    }
    TgbaEdge {
        from,
        to,
        letters: s,
        acc,
    }
}

fn tgba(atoms: &[&str], num_states: usize, num_acc: usize, edges: Vec<TgbaEdge>) -> Tgba {
    Tgba {
        atoms: atoms.iter().map(|s| s.to_string()).collect(),
        num_states,
        initial: 0,
        num_acc,
        edges,
        state_names: (0..num_states).map(|q| format!("q{q}")).collect(),
    }
}

/// The negation of `G F a`, i.e. `F G !a`: guess a point after which `a` never fires.
fn not_gf(a: &str) -> Tgba {
    // letters: 0 = a, 1 = other
    tgba(
        &[a],
        2,
        1,
        vec![
            edge(0, 0, &[0, 1], 2, 0),
            edge(0, 1, &[1], 2, 0),
            edge(1, 1, &[1], 2, 1),
        ],
    )
}

/// The negation of `G !a`, i.e. `F a` (one acceptance set, accepting self-loop after `a`).
fn not_g_not(a: &str) -> Tgba {
    tgba(
        &[a],
        2,
        1,
        vec![
            edge(0, 0, &[1], 2, 0),
            edge(0, 1, &[0], 2, 0),
            edge(1, 1, &[0, 1], 2, 1),
        ],
    )
}

/// The negation of `true`: no accepting run at all (one state, no edges).
fn empty_aut() -> Tgba {
    tgba(&[], 1, 0, vec![])
}

/// `true` with zero acceptance sets: accepts every infinite trace (the negation of `false`).
fn all_aut() -> Tgba {
    tgba(&[], 1, 0, vec![edge(0, 0, &[0], 1, 0)])
}

/// The negation of `G F a ∨ G F b`, i.e. `F G !a ∧ F G !b`, here written with two acceptance
/// sets to exercise generalised acceptance: `G F a ∧ G F b` is not what we negate; instead the
/// automaton accepts runs that see `a` infinitely often AND `b` infinitely often (set 0 on `a`,
/// set 1 on `b`): it is the negation of `F G !a ∨ F G !b`.
fn inf_a_and_inf_b(a: &str, b: &str) -> Tgba {
    let mut atoms = [a, b];
    atoms.sort();
    let ia = atoms.iter().position(|x| *x == a).unwrap();
    let ib = 1 - ia;
    tgba(
        &atoms,
        1,
        2,
        vec![
            edge(0, 0, &[ia], 3, 1),
            edge(0, 0, &[ib], 3, 2),
            edge(0, 0, &[2], 3, 0),
        ],
    )
}

// ---------------------------------------------------------------- systems by hand

fn comp(b: &mut SystemBuilder, name: &str, n: usize, start: usize) -> usize {
    let c = b.add_component(name);
    for i in 0..n {
        b.add_state(c, &format!("s{i}")).unwrap();
    }
    b.set_start(c, start as StateId);
    c
}

/// One component: 0 -a-> 1 -b-> 0, and 1 -c-> 2 -c-> 2.
fn ab_loop_or_c_forever() -> System {
    let mut b = SystemBuilder::new();
    let c = comp(&mut b, "p", 3, 0);
    b.add_transition(c, 0, "a", 1);
    b.add_transition(c, 1, "b", 0);
    b.add_transition(c, 1, "c", 2);
    b.add_transition(c, 2, "c", 2);
    b.build().unwrap()
}

/// One component 0 -a-> 1 -b-> 2, then deadlock.
fn deadlocking() -> System {
    let mut b = SystemBuilder::new();
    let c = comp(&mut b, "p", 3, 0);
    b.add_transition(c, 0, "a", 1);
    b.add_transition(c, 1, "b", 2);
    b.build().unwrap()
}

// ---------------------------------------------------------------- replay

use crate::support::oracle::successors_on as successors;

/// `sys` encoded with its components in index order and room for an automaton of `aut_size`
/// states at `pos`, its reachable states computed.
fn small_ctx(sys: &System, pos: AutPosition, aut_size: usize) -> SystemCtx {
    ctx_in(sys, pos, aut_size, Space::Reach)
}

/// Where a random case puts the automaton block (by `round`, in turn at the top, middle and
/// bottom) and the room it needs (the largest of `auts`).
fn case_layout(auts: &[Tgba], round: usize) -> (AutPosition, usize) {
    let pos = [AutPosition::Top, AutPosition::Middle, AutPosition::Bottom][round % 3];
    (pos, auts.iter().map(|a| a.num_states).max().unwrap())
}

/// The context over the states `space` names: `Space::Over` skips reachability.
fn ctx_in(sys: &System, pos: AutPosition, aut_size: usize, space: Space) -> SystemCtx {
    let order = [("given".to_string(), (0..sys.components().len()).collect())];
    let ctx = SystemCtx::race(
        sys,
        &order,
        Strategy::default(),
        pos,
        aut_size,
        ManagerOptions::small(),
        space,
        &Budget::unlimited(),
    )
    .unwrap();
    assert_eq!(ctx.exact, space != Space::Over);
    ctx
}

/// Whether the states of `over` (the over-approximation) include unreachable ones, so that a
/// check on it differs from one on the reachable states.
fn has_unreachable(sys: &System, over: &SystemCtx) -> bool {
    let exact = small_ctx(sys, AutPosition::Top, 1);
    over.space_states().unwrap() != exact.space_states().unwrap()
}

/// Checks `r` against the explicit oracle: the verdict is the oracle's, and a violation comes
/// with a counterexample that replays on the product (every caller asks for one).
fn agrees_with_oracle(sys: &System, aut: &Tgba, r: &LtlResult, what: &str) {
    assert_eq!(r.holds, !oracle_violated(sys, aut), "{what}: {aut:?}");
    match &r.counterexample {
        Some(l) => replay(sys, aut, l),
        None => assert!(r.holds, "{what}: violated without a counterexample"),
    }
}

/// Checks that `lasso` is an accepting run of the product; panics with a reason otherwise.
fn replay(sys: &System, aut: &Tgba, lasso: &Lasso) {
    let word: Vec<LabelId> = lasso.prefix.iter().chain(&lasso.cycle).copied().collect();
    assert!(!lasso.cycle.is_empty(), "empty cycle");
    assert_eq!(
        lasso.states.len(),
        word.len() + 1,
        "states do not match labels"
    );
    assert_eq!(lasso.states[0].system, sys.initial_state(), "not initial");
    assert_eq!(lasso.states[0].aut, aut.initial, "automaton not initial");
    assert_eq!(
        lasso.states[lasso.prefix.len()],
        lasso.states[word.len()],
        "the cycle does not close"
    );
    let mut masks: HashSet<u64> = HashSet::from([0]);
    for (k, &l) in word.iter().enumerate() {
        let (s, t) = (&lasso.states[k], &lasso.states[k + 1]);
        assert!(
            successors(sys, &s.system, l).contains(&t.system),
            "step {k}: label {} does not lead from {:?} to {:?}",
            sys.label(l).display_name(),
            s.system,
            t.system
        );
        let sigma = letter_of_label(sys, aut, l);
        let accs: Vec<u64> = aut
            .edges
            .iter()
            .filter(|e| e.from == s.aut && e.to == t.aut && e.letters.contains(sigma))
            .map(|e| e.acc)
            .collect();
        assert!(
            !accs.is_empty(),
            "step {k}: no automaton edge {} -> {} on letter {sigma}",
            s.aut,
            t.aut
        );
        if k >= lasso.prefix.len() {
            masks = masks
                .iter()
                .flat_map(|m| accs.iter().map(move |a| m | a))
                .collect();
        }
    }
    assert!(
        masks.contains(&aut.all_acc()),
        "the cycle misses an acceptance set: masks {masks:?}"
    );
}

// ---------------------------------------------------------------- explicit oracle

/// A product state: the system's state vector and the automaton state.
type Node = (Vec<StateId>, usize);

/// The product of `sys` and `aut` reachable from the initial state, explicitly: its nodes
/// (the initial one first) and per node its edges (target, acceptance sets of the edge).
fn product_graph(sys: &System, aut: &Tgba) -> (Vec<Node>, Vec<Vec<(usize, u64)>>) {
    let init: Node = (sys.initial_state(), aut.initial);
    let mut index: HashMap<Node, usize> = HashMap::new();
    let mut nodes = vec![init.clone()];
    index.insert(init, 0);
    let mut succ: Vec<Vec<(usize, u64)>> = Vec::new();
    let mut queue = VecDeque::from([0usize]);
    while let Some(n) = queue.pop_front() {
        let (s, q) = nodes[n].clone();
        let mut out = Vec::new();
        for l in 0..sys.labels().len() {
            let sigma = letter_of_label(sys, aut, l);
            let ts = successors(sys, &s, l);
            for e in aut
                .edges
                .iter()
                .filter(|e| e.from == q && e.letters.contains(sigma))
            {
                for t in &ts {
                    let node = (t.clone(), e.to);
                    let id = *index.entry(node.clone()).or_insert_with(|| {
                        nodes.push(node);
                        queue.push_back(nodes.len() - 1);
                        nodes.len() - 1
                    });
                    out.push((id, e.acc));
                }
            }
        }
        if succ.len() <= n {
            succ.resize(n + 1, Vec::new());
        }
        succ[n] = out;
    }
    succ.resize(nodes.len(), Vec::new());
    (nodes, succ)
}

/// Whether the product of `sys` and `aut` has a reachable accepting lasso, explicitly.
fn oracle_violated(sys: &System, aut: &Tgba) -> bool {
    let (nodes, succ) = product_graph(sys, aut);
    // Tarjan's SCCs (iterative)
    let n = nodes.len();
    let (mut idx, mut low, mut on) = (vec![usize::MAX; n], vec![0; n], vec![false; n]);
    let mut comp = vec![usize::MAX; n];
    let (mut counter, mut ncomp) = (0, 0);
    let mut stack = Vec::new();
    for root in 0..n {
        if idx[root] != usize::MAX {
            continue;
        }
        let mut call: Vec<(usize, usize)> = vec![(root, 0)];
        idx[root] = counter;
        low[root] = counter;
        counter += 1;
        stack.push(root);
        on[root] = true;
        while let Some(&mut (v, ref mut i)) = call.last_mut() {
            if *i < succ[v].len() {
                let w = succ[v][*i].0;
                *i += 1;
                if idx[w] == usize::MAX {
                    idx[w] = counter;
                    low[w] = counter;
                    counter += 1;
                    stack.push(w);
                    on[w] = true;
                    call.push((w, 0));
                } else if on[w] {
                    low[v] = low[v].min(idx[w]);
                }
            } else {
                call.pop();
                if let Some(&(u, _)) = call.last() {
                    low[u] = low[u].min(low[v]);
                }
                if low[v] == idx[v] {
                    while let Some(w) = stack.pop() {
                        on[w] = false;
                        comp[w] = ncomp;
                        if w == v {
                            break;
                        }
                    }
                    ncomp += 1;
                }
            }
        }
    }
    let mut acc = vec![None::<u64>; ncomp];
    for v in 0..n {
        for &(w, a) in &succ[v] {
            if comp[v] == comp[w] {
                let m = acc[comp[v]].get_or_insert(0);
                *m |= a;
            }
        }
    }
    acc.iter().any(|m| *m == Some(aut.all_acc()))
}

// ---------------------------------------------------------------- helpers

fn check(sys: &System, aut: &Tgba) -> LtlResult {
    let r = check_ltl_once(
        sys,
        aut,
        ManagerOptions::small(),
        &Budget::unlimited(),
        true,
    )
    .expect("check runs");
    if let Some(l) = &r.counterexample {
        replay(sys, aut, l);
    }
    assert_eq!(r.holds, r.counterexample.is_none());
    r
}

#[test]
fn gf_a_fails_when_c_can_loop_forever() {
    let sys = ab_loop_or_c_forever();
    let r = check(&sys, &not_gf("a"));
    assert!(!r.holds);
    let lasso = r.counterexample.unwrap();
    let c = sys.label_id("c").unwrap();
    assert_eq!(lasso.cycle, vec![c]);
    // `c` forever also avoids `b`
    assert!(!check(&sys, &not_gf("b")).holds);
    assert!(oracle_violated(&sys, &not_gf("b")));
}

#[test]
fn gf_a_holds_when_a_recurs() {
    // 0 -a-> 1 -b-> 0 only
    let mut b = SystemBuilder::new();
    let c = comp(&mut b, "p", 2, 0);
    b.add_transition(c, 0, "a", 1);
    b.add_transition(c, 1, "b", 0);
    let sys = b.build().unwrap();
    assert!(check(&sys, &not_gf("a")).holds);
    assert!(check(&sys, &not_gf("b")).holds);
    assert!(!check(&sys, &not_g_not("b")).holds);
    // an atom that is no label of the system: G !x holds, G F x fails
    assert!(check(&sys, &not_g_not("x")).holds);
    assert!(!check(&sys, &not_gf("x")).holds);
}

#[test]
fn deadlocks_never_violate() {
    let sys = deadlocking();
    // every finite trace would violate G F a, but only infinite traces count
    assert!(check(&sys, &not_gf("a")).holds);
    assert!(check(&sys, &not_g_not("a")).holds);
    assert!(check(&sys, &all_aut()).holds);
    assert!(!oracle_violated(&sys, &all_aut()));
}

#[test]
fn zero_acceptance_sets_mean_any_cycle() {
    let sys = ab_loop_or_c_forever();
    let r = check(&sys, &all_aut());
    assert!(!r.holds);
    assert!(check(&sys, &empty_aut()).holds);
    // `true` with zero sets over an automaton whose only loop needs `a` then `b`
    let aut = tgba(
        &["a", "b"],
        2,
        0,
        vec![edge(0, 1, &[0], 3, 0), edge(1, 0, &[1], 3, 0)],
    );
    let r = check(&sys, &aut);
    assert!(!r.holds);
    let l = r.counterexample.unwrap();
    let (a, bb) = (sys.label_id("a").unwrap(), sys.label_id("b").unwrap());
    assert_eq!(l.prefix.len() + l.cycle.len(), 2);
    assert!(l.cycle.contains(&a) && l.cycle.contains(&bb));
}

#[test]
fn two_acceptance_sets_need_both() {
    // p: 0 -a-> 0, 0 -b-> 0 ; a third loop c, and a branch to a state with only `a`
    let mut b = SystemBuilder::new();
    let c = comp(&mut b, "p", 2, 0);
    b.add_transition(c, 0, "a", 0);
    b.add_transition(c, 0, "b", 0);
    b.add_transition(c, 0, "c", 1);
    b.add_transition(c, 1, "a", 1);
    let sys = b.build().unwrap();
    let r = check(&sys, &inf_a_and_inf_b("a", "b"));
    assert!(!r.holds);
    let l = r.counterexample.unwrap();
    let (a, bb) = (sys.label_id("a").unwrap(), sys.label_id("b").unwrap());
    assert!(l.cycle.contains(&a) && l.cycle.contains(&bb));
    // state 1 only has `a`; state 0 without `b`: a system where b and a are in different SCCs
    let mut b2 = SystemBuilder::new();
    let c = comp(&mut b2, "p", 2, 0);
    b2.add_transition(c, 0, "b", 0);
    b2.add_transition(c, 0, "c", 1);
    b2.add_transition(c, 1, "a", 1);
    let sys2 = b2.build().unwrap();
    assert!(check(&sys2, &inf_a_and_inf_b("a", "b")).holds);
    assert!(!oracle_violated(&sys2, &inf_a_and_inf_b("a", "b")));
}

#[test]
fn silent_labels_are_the_other_letter() {
    // p: 0 -a-> 1 ; 1 -""-> 1 (silent loop). G F a is violated by the silent loop.
    let mut b = SystemBuilder::new();
    let c = comp(&mut b, "p", 2, 0);
    b.add_transition(c, 0, "a", 1);
    b.add_transition(c, 1, "", 1);
    let sys = b.build().unwrap();
    let r = check(&sys, &not_gf("a"));
    assert!(!r.holds);
    let l = r.counterexample.unwrap();
    assert!(l.cycle.iter().all(|&x| sys.label(x).is_silent()));
    // an automaton whose atom is literally "" must still read the silent label as `other`
    assert!(!check(&sys, &not_gf("")).holds);
}

#[test]
fn tuple_labels_synchronise_exactly() {
    // u0, u1 with states p,q; `t` moves only the diagonal pairs (p,p)->(q,q), (q,q)->(p,p)
    // starting in (p,q): `t` can never fire; `s` (local to u0) loops.
    let mut b = SystemBuilder::new();
    let c0 = comp(&mut b, "u0", 2, 0);
    let c1 = comp(&mut b, "u1", 2, 1);
    b.add_tuple_label(
        "t",
        vec![c0, c1],
        vec![vec![(0, 1), (0, 1)], vec![(1, 0), (1, 0)]],
    )
    .unwrap();
    b.add_transition(c0, 0, "s", 0);
    let sys = b.build().unwrap();
    assert!(check(&sys, &not_g_not("t")).holds);
    assert!(!check(&sys, &not_gf("t")).holds);
    // starting on the diagonal, `t` alternates forever: G F t holds only if `s` cannot loop
    let mut b = SystemBuilder::new();
    let c0 = comp(&mut b, "u0", 2, 0);
    let c1 = comp(&mut b, "u1", 2, 0);
    b.add_tuple_label(
        "t",
        vec![c0, c1],
        vec![vec![(0, 1), (0, 1)], vec![(1, 0), (1, 0)]],
    )
    .unwrap();
    let sys = b.build().unwrap();
    assert!(check(&sys, &not_gf("t")).holds);
    assert!(!check(&sys, &not_g_not("t")).holds);
}

#[test]
fn shared_context_serves_several_automata_at_every_position() {
    let sys = ab_loop_or_c_forever();
    let auts = [
        not_gf("a"),
        not_gf("c"),
        not_g_not("b"),
        inf_a_and_inf_b("a", "b"),
        all_aut(),
        empty_aut(),
    ];
    let max = auts.iter().map(|a| a.num_states).max().unwrap();
    for pos in [AutPosition::Top, AutPosition::Middle, AutPosition::Bottom] {
        let ctx = small_ctx(&sys, pos, max);
        assert_eq!(ctx.space_states().unwrap().to_string(), "3");
        for aut in &auts {
            let r = check_ltl(&ctx, &sys, aut, &Budget::unlimited(), true).unwrap();
            agrees_with_oracle(&sys, aut, &r, &format!("{pos:?}"));
        }
        // an automaton larger than the block is refused, not silently wrong
        let big = tgba(&[], max + 1, 0, vec![]);
        assert!(check_ltl(&ctx, &sys, &big, &Budget::unlimited(), false).is_err());
    }
}

// ---------------------------------------------------------------- random agreement

/// The labels of the random systems' moves and tuples, and the atoms of the random automata.
const NAMES: &[&str] = &["a", "b", "c", "d", "e"];

/// The fixpoints on the reachable product states, one per round in turn.
/// Parameters of the quick paths of unshortened counterexamples: the default (on small
/// systems always breadth-first), and small ones that take each of their ways: the walk
/// straight into the target, into the rings and down them, and the breadth-first search after
/// a walk that stopped short.
const QUICK: [QuickPaths; 4] = [
    QuickPaths {
        bfs_layers: 64,
        rings: 8,
        max_walk: 1 << 13,
    },
    QuickPaths {
        bfs_layers: 0,
        rings: 0,
        max_walk: 1000,
    },
    QuickPaths {
        bfs_layers: 1,
        rings: 2,
        max_walk: 1000,
    },
    QuickPaths {
        bfs_layers: 0,
        rings: 1,
        max_walk: 1,
    },
];

const FIXPOINTS: [ExactFixpoint; 3] = [
    ExactFixpoint::Backward,
    ExactFixpoint::Forward,
    ExactFixpoint::Race,
];

/// A random system of [`arb::SMALL`].
fn small_systems() -> impl proptest::strategy::Strategy<Value = SysSpec> {
    arb::systems(arb::SMALL)
}

#[test]
fn random_systems_agree_with_the_explicit_oracle() {
    let (violated, held, sink_hits, over_rounds) =
        (Cell::new(0), Cell::new(0), Cell::new(0), Cell::new(0));
    let stopped = Cell::new(0);
    // decided by the forward fixpoint on the reachable product states, and in the race of the
    // two fixpoints there, by each side
    let (forward_held, forward_violated) = (Cell::new(0), Cell::new(0));
    let (race_forward, race_backward) = (Cell::new(0), Cell::new(0));

    // `round` picks the options (their combinations repeat every 120 rounds)
    let cases = (small_systems(), vec(arb::tgbas(NAMES), 4), 0..120usize);
    prop::check(
        "symbolic_ltl::random_systems_agree_with_the_explicit_oracle",
        400,
        cases,
        |(spec, auts, round)| {
            let sys = spec.build();
            let (pos, max) = case_layout(&auts, round);
            // a third of the rounds (both universes) without reachability, on the
            // over-approximation
            let ctx = if (round / 2) % 3 == 1 {
                let ctx = ctx_in(&sys, pos, max, Space::Over);
                over_rounds.set(over_rounds.get() + usize::from(has_unreachable(&sys, &ctx)));
                ctx
            } else {
                small_ctx(&sys, pos, max)
            };
            for aut in &auts {
                // both universes, with and without the walk shortcut of the lasso extraction
                let opts = LtlOptions {
                    universe: if round % 2 == 0 {
                        Universe::SystemReach
                    } else {
                        Universe::ProductReach
                    },
                    want_witness: true,
                    // counterexamples as extracted and shortened: both must replay
                    shorten: (round / 5) % 2 == 0,
                    // and shortened within little work: searches cut short keep a lasso
                    shorten_work: [1 << 25, 300, 3000][(round / 10) % 3],
                    // quick paths (without shortening) as by default and with every step
                    // of theirs exercised
                    quick: QUICK[(round / 30) % 4],
                    max_walks: [0, 1, 64][round % 3],
                    lasso_tries: [0, 3][(round / 3) % 2],
                    // the probe: off, interrupted at every check, and a large first slice
                    probe_slice: [0, 1, 1 << 20][(round / 2) % 3],
                    stop_early: (round / 4).is_multiple_of(2),
                    exact_fixpoint: FIXPOINTS[(round / 8) % 3],
                };
                let r = check_ltl_with(&ctx, &sys, aut, &Budget::unlimited(), &opts).unwrap();
                let expect = !oracle_violated(&sys, aut);
                assert_eq!(r.holds, expect, "round {round}: {aut:?}");
                if r.stats.forward_iterations > 0 {
                    let fixpoint = opts.exact_fixpoint;
                    assert!(fixpoint != ExactFixpoint::Backward && aut.num_acc > 0);
                    assert!(r.stats.forward_decided || fixpoint == ExactFixpoint::Race);
                }
                if r.stats.raced {
                    assert_eq!(opts.exact_fixpoint, ExactFixpoint::Race);
                    let n = match r.stats.forward_decided {
                        true => &race_forward,
                        false => &race_backward,
                    };
                    n.set(n.get() + 1);
                }
                if r.stats.forward_decided {
                    let n = if r.holds {
                        &forward_held
                    } else {
                        &forward_violated
                    };
                    n.set(n.get() + 1);
                }
                if r.stats.stopped_early {
                    assert!(opts.stop_early && r.holds, "round {round}");
                    stopped.set(stopped.get() + 1);
                }
                if !r.holds && r.stats.el_iterations == 0 && r.stats.probe_seconds > 0.0 {
                    sink_hits.set(sink_hits.get() + 1); // decided by the sink probe alone
                }
                match &r.counterexample {
                    Some(l) => {
                        replay(&sys, aut, l);
                        violated.set(violated.get() + 1);
                    }
                    None => {
                        assert!(r.holds);
                        held.set(held.get() + 1);
                    }
                }
            }
        },
    );
    let (violated, held, sink_hits, over_rounds, stopped) = (
        violated.get(),
        held.get(),
        sink_hits.get(),
        over_rounds.get(),
        stopped.get(),
    );
    let (forward_held, forward_violated) = (forward_held.get(), forward_violated.get());
    let (race_forward, race_backward) = (race_forward.get(), race_backward.get());
    // the generator must produce both verdicts often, or the test checks little
    assert!(
        violated > 300
            && held > 300
            && sink_hits > 30
            && over_rounds > 40
            && stopped > 12
            && forward_held > 50
            && forward_violated > 8
            && race_forward > 3
            && race_backward > 50,
        "violated {violated}, held {held}, decided by the sink probe {sink_hits}, \
         with unreachable states in the space {over_rounds}, \
         fixpoints stopped once the initial state left {stopped}, \
         decided by the forward fixpoint {forward_held} held and {forward_violated} violated, \
         races of the two fixpoints won by the forward {race_forward}, backward {race_backward}"
    );
    eprintln!(
        "forward fixpoint: {forward_held} held, {forward_violated} violated; \
         races won by the forward {race_forward}, backward {race_backward}"
    );
}

/// The race of the two fixpoints on the reachable product states ([`ExactFixpoint::Race`]),
/// its turns as small as they go (one node: every fixpoint is cut at its first check and
/// resumed) or large: whichever fixpoint decides, the verdict is the explicit oracle's, and a
/// counterexample replays. Both must win races, the forward one with both verdicts.
#[test]
fn race_of_the_exact_fixpoints_agrees_with_the_explicit_oracle() {
    let (forward_held, forward_violated, backward) = (Cell::new(0), Cell::new(0), Cell::new(0));
    let cases = (small_systems(), vec(arb::tgbas(NAMES), 4), 0..8usize);
    prop::check(
        "symbolic_ltl::race_of_the_exact_fixpoints_agrees_with_the_explicit_oracle",
        400,
        cases,
        |(spec, auts, round)| {
            let sys = spec.build();
            let (pos, max) = case_layout(&auts, round);
            let ctx = small_ctx(&sys, pos, max);
            for aut in &auts {
                let opts = LtlOptions {
                    probe_slice: [1, 1 << 20][round % 2],
                    stop_early: (round / 2).is_multiple_of(2),
                    shorten: (round / 4).is_multiple_of(2),
                    exact_fixpoint: ExactFixpoint::Race,
                    ..LtlOptions::default()
                };
                let r = check_ltl_with(&ctx, &sys, aut, &Budget::unlimited(), &opts).unwrap();
                agrees_with_oracle(&sys, aut, &r, &format!("round {round}"));
                let n = match (r.stats.raced, r.stats.forward_decided, r.holds) {
                    (true, true, true) => &forward_held,
                    (true, true, false) => &forward_violated,
                    (true, false, _) => &backward,
                    (false, decided, _) => {
                        assert!(
                            !decided,
                            "round {round}: the forward fixpoint outside a race"
                        );
                        continue;
                    }
                };
                n.set(n.get() + 1);
            }
        },
    );
    let (forward_held, forward_violated, backward) =
        (forward_held.get(), forward_violated.get(), backward.get());
    assert!(
        forward_held > 5 && forward_violated > 2 && backward > 50,
        "races won by the forward fixpoint {forward_held} held, {forward_violated} violated, \
         by the backward one {backward}"
    );
    eprintln!(
        "races won by the forward fixpoint: {forward_held} held, {forward_violated} violated; \
         by the backward one {backward}"
    );
}

/// The race of the probe and the backward fixpoint on the over-approximation (`Space::Over`),
/// where the backward fixpoint gets a sixteenth of each slice while the probe runs: with
/// slices from a few nodes (every search cut at its first checks and resumed) to large ones,
/// the verdict is the explicit oracle's and a counterexample replays. Each way of deciding
/// must occur: the backward fixpoint among unreachable states before the probe completes, the
/// fixpoints inside the probe's reachable product states, and a violation the probe reaches.
#[test]
fn race_on_the_over_approximation_agrees_with_the_explicit_oracle() {
    let (backward, inside, reached, unreachable) =
        (Cell::new(0), Cell::new(0), Cell::new(0), Cell::new(0));
    let cases = (small_systems(), vec(arb::tgbas(NAMES), 4), 0..8usize);
    prop::check(
        "symbolic_ltl::race_on_the_over_approximation_agrees_with_the_explicit_oracle",
        400,
        cases,
        |(spec, auts, round)| {
            let sys = spec.build();
            let (pos, max) = case_layout(&auts, round);
            let ctx = ctx_in(&sys, pos, max, Space::Over);
            unreachable.set(unreachable.get() + usize::from(has_unreachable(&sys, &ctx)));
            for aut in &auts {
                let opts = LtlOptions {
                    probe_slice: [1, 4, 64, 1 << 20][round % 4],
                    stop_early: (round / 4).is_multiple_of(2),
                    ..LtlOptions::default()
                };
                let r = check_ltl_with(&ctx, &sys, aut, &Budget::unlimited(), &opts).unwrap();
                agrees_with_oracle(&sys, aut, &r, &format!("round {round}"));
                let st = &r.stats;
                let n = if st.probe_completed {
                    &inside
                } else if st.el_iterations > 0 {
                    &backward
                } else {
                    assert!(!r.holds, "round {round}: held without a fixpoint");
                    &reached
                };
                n.set(n.get() + 1);
            }
        },
    );
    let (backward, inside, reached, unreachable) = (
        backward.get(),
        inside.get(),
        reached.get(),
        unreachable.get(),
    );
    assert!(
        backward > 20 && inside > 50 && reached > 50 && unreachable > 50,
        "decided by the backward fixpoint on the over-approximation {backward}, inside the \
         probe's states {inside}, by the probe reaching a violation {reached}; cases with \
         unreachable states in the space {unreachable}"
    );
    eprintln!(
        "over-approximation: decided by the backward fixpoint {backward}, inside the probe's \
         states {inside}, by the probe's violations {reached}; with unreachable states {unreachable}"
    );
}

/// An order race that gives up (`SystemCtx::race_within` with slices of one node, where
/// `Space::Auto` has `REACH_MAX_SLICE`) leaves the properties to the over-approximation: its
/// space is the one a `Space::Over` context has, and every verdict is the explicit oracle's,
/// with counterexamples that replay. The race is over two orders (as given and reversed) or
/// one. (Many of these small systems finish their reachability within the slice: the nodes
/// are counted from the run's first check on.)
#[test]
fn a_race_that_gives_up_checks_on_the_projections() {
    let (gave_up, unreachable) = (Cell::new(0), Cell::new(0));
    let cases = (small_systems(), vec(arb::tgbas(NAMES), 3), 0..8usize);
    prop::check(
        "symbolic_ltl::a_race_that_gives_up_checks_on_the_projections",
        400,
        cases,
        |(spec, auts, round)| {
            let sys = spec.build();
            let (pos, max) = case_layout(&auts, round);
            let given: Vec<usize> = (0..sys.components().len()).collect();
            let reversed: Vec<usize> = given.iter().rev().copied().collect();
            let mut orders = vec![("given".to_string(), given)];
            if round % 2 == 0 {
                orders.push(("reversed".to_string(), reversed));
            }
            let ctx = SystemCtx::race_within(
                &sys,
                &orders,
                Strategy::default(),
                pos,
                max,
                ManagerOptions::small(),
                1,
                &Budget::unlimited(),
            )
            .unwrap();
            if ctx.exact {
                return; // reachability fit in the slice
            }
            gave_up.set(gave_up.get() + 1);
            let over = ctx_in(&sys, pos, max, Space::Over);
            assert_eq!(
                ctx.space_states().unwrap(),
                over.space_states().unwrap(),
                "round {round}: not the projections"
            );
            unreachable.set(unreachable.get() + usize::from(has_unreachable(&sys, &ctx)));
            for aut in &auts {
                let r = check_ltl_with(&ctx, &sys, aut, &Budget::unlimited(), &opts_for(round))
                    .unwrap();
                agrees_with_oracle(&sys, aut, &r, &format!("round {round}"));
            }
        },
    );
    let (gave_up, unreachable) = (gave_up.get(), unreachable.get());
    assert!(
        gave_up > 80 && unreachable > 20,
        "races given up {gave_up}, with unreachable states in the space {unreachable}"
    );
    eprintln!("races given up {gave_up}, with unreachable states in the space {unreachable}");
}

/// The options of [`a_race_that_gives_up_checks_on_the_projections`]: the
/// defaults, with a probe cut at every check in some rounds.
fn opts_for(round: usize) -> LtlOptions {
    LtlOptions {
        probe_slice: [1, 1 << 20][round % 2],
        ..LtlOptions::default()
    }
}

// ---------------------------------------------------------------- shortest lassos

/// The length of a shortest path from a node of `from` to a node of `to` in the product graph.
fn distance(succ: &[Vec<(usize, u64)>], from: &[usize], to: &HashSet<usize>) -> Option<usize> {
    let dist = distance_map(succ, from);
    to.iter()
        .map(|&t| dist[t])
        .filter(|&d| d != usize::MAX)
        .min()
}

/// The length of a shortest cycle from `entry` back to it (at least one step) that takes an
/// edge of every acceptance set of `all`, by breadth-first search over (node, sets met); an
/// edge adds all its sets.
fn shortest_accepting_cycle(succ: &[Vec<(usize, u64)>], entry: usize, all: u64) -> Option<usize> {
    let mut seen: HashSet<(usize, u64)> = HashSet::from([(entry, 0)]);
    let mut layer = vec![(entry, 0u64)];
    for depth in 1..=succ.len() * (all as usize + 1) {
        let mut next = Vec::new();
        for &(n, m) in &layer {
            for &(t, acc) in &succ[n] {
                let m2 = m | acc;
                if t == entry && m2 & all == all {
                    return Some(depth);
                }
                if seen.insert((t, m2)) {
                    next.push((t, m2));
                }
            }
        }
        layer = next;
    }
    None
}

/// The reachable system states with an infinite future, by brute force.
fn infinite_states(sys: &System) -> HashSet<Vec<StateId>> {
    let mut seen = HashSet::from([sys.initial_state()]);
    let mut queue = VecDeque::from([sys.initial_state()]);
    let mut succ: HashMap<Vec<StateId>, Vec<Vec<StateId>>> = HashMap::new();
    while let Some(s) = queue.pop_front() {
        let ts: Vec<Vec<StateId>> = (0..sys.labels().len())
            .flat_map(|l| successors(sys, &s, l))
            .collect();
        for t in &ts {
            if seen.insert(t.clone()) {
                queue.push_back(t.clone());
            }
        }
        succ.insert(s, ts);
    }
    loop {
        let keep: HashSet<Vec<StateId>> = seen
            .iter()
            .filter(|s| succ[*s].iter().any(|t| seen.contains(t)))
            .cloned()
            .collect();
        if keep.len() == seen.len() {
            return keep;
        }
        seen = keep;
    }
}

/// The live states of the automaton `t` of a formula over the letters `allowed`, by brute
/// force: those that reach a state on a cycle meeting every acceptance set.
fn live_states(t: &Tgba, allowed: &[bool]) -> Vec<bool> {
    let mut succ = vec![Vec::new(); t.num_states];
    for e in &t.edges {
        if (0..t.num_letters()).any(|x| allowed[x] && e.letters.contains(x)) {
            succ[e.from].push((e.to, e.acc));
        }
    }
    let on_cycle: Vec<usize> = (0..t.num_states)
        .filter(|&r| shortest_accepting_cycle(&succ, r, t.all_acc()).is_some())
        .collect();
    (0..t.num_states)
        .map(|q| {
            let targets: HashSet<usize> = on_cycle.iter().copied().collect();
            distance(&succ, &[q], &targets).is_some()
        })
        .collect()
}

/// The fewest steps `m` of a bad prefix of `f` at whose end the system state has an infinite
/// future, and the product nodes (system state, state of `neg`) a run can be in after such a
/// prefix of `m` steps; by brute force over (system state, state of `neg`, live states of the
/// automaton of `f`), without the library's monitor.
fn fewest_steps_to_bad_prefix(
    sys: &System,
    f: &Ltl,
    neg: &Tgba,
    nodes: &[Node],
) -> Option<(usize, Vec<usize>)> {
    let pos = translate(f).unwrap();
    let mut allowed = vec![false; pos.num_letters()];
    for l in sys.labels().iter().filter(|l| !l.components.is_empty()) {
        allowed[pos.letter_of(&l.name)] = true;
    }
    let live = live_states(&pos, &allowed);
    if !live[pos.initial] {
        return None;
    }
    let inf = infinite_states(sys);
    if !inf.contains(&sys.initial_state()) {
        return None;
    }
    type Triple = (Vec<StateId>, usize, Vec<usize>);
    let start: Triple = (sys.initial_state(), neg.initial, vec![pos.initial]);
    let mut seen: HashSet<Triple> = HashSet::from([start.clone()]);
    let mut layer = vec![start];
    for depth in 1.. {
        let mut next = Vec::new();
        for (s, q, live_set) in &layer {
            for l in 0..sys.labels().len() {
                let (xn, xp) = (letter_of_label(sys, neg, l), letter_of_label(sys, &pos, l));
                let mut after: Vec<usize> = pos
                    .edges
                    .iter()
                    .filter(|e| live_set.contains(&e.from) && e.letters.contains(xp))
                    .map(|e| e.to)
                    .filter(|&r| live[r])
                    .collect();
                after.sort_unstable();
                after.dedup();
                for t in successors(sys, s, l)
                    .into_iter()
                    .filter(|t| inf.contains(t))
                {
                    for e in neg
                        .edges
                        .iter()
                        .filter(|e| e.from == *q && e.letters.contains(xn))
                    {
                        let n = (t.clone(), e.to, after.clone());
                        if seen.insert(n.clone()) {
                            next.push(n);
                        }
                    }
                }
            }
        }
        let bad: Vec<usize> = next
            .iter()
            .filter(|(_, _, set)| set.is_empty())
            .map(|(s, q, _)| {
                nodes
                    .iter()
                    .position(|n| n.0 == *s && n.1 == *q)
                    .expect("a reachable product node")
            })
            .collect();
        if !bad.is_empty() {
            return Some((depth, bad));
        }
        // a bad set is not expanded: its continuations are all counterexamples
        next.retain(|(_, _, set)| !set.is_empty());
        if next.is_empty() {
            return None;
        }
        layer = next;
    }
    unreachable!()
}

/// What the shortest counterexample must be, by brute force on the explicit product (see
/// src/symbolic/ltl/shorten.rs for the definition): the fewest steps `m` to a bad prefix (if
/// any counterexample has one), then the shortest accepting cycle reachable from where such a
/// bad prefix ends (from the initial node without one), then the fewest steps to a node on a
/// cycle that short.
struct Shortest {
    nodes: Vec<Node>,
    succ: Vec<Vec<(usize, u64)>>,
    violation: Option<usize>,
    /// Where the search for the cycle starts: the ends of the shortest bad prefixes, or the
    /// initial node.
    from: Vec<usize>,
    /// Per node, the shortest accepting cycle through it.
    through: Vec<Option<usize>>,
    /// The shortest accepting cycle reachable from `from`.
    cycle: usize,
    /// The fewest steps to a node on a cycle of `cycle` steps (after the violation).
    prefix: usize,
    /// The fewest steps to a node on an accepting cycle, whatever the violation.
    prefix_any: usize,
}

impl Shortest {
    fn new(sys: &System, f: Option<&Ltl>, neg: &Tgba) -> Shortest {
        let (nodes, succ) = product_graph(sys, neg);
        let all = neg.all_acc();
        let through: Vec<Option<usize>> = (0..succ.len())
            .map(|n| shortest_accepting_cycle(&succ, n, all))
            .collect();
        let fc: HashSet<usize> = (0..succ.len()).filter(|&n| through[n].is_some()).collect();
        let bad = f.and_then(|f| fewest_steps_to_bad_prefix(sys, f, neg, &nodes));
        let prefix_any = distance(&succ, &[0], &fc).unwrap();
        let (violation, from, m) = match bad {
            Some((m, from)) => (Some(m), from, m),
            None => (None, vec![0], 0),
        };
        let reach = distance_map(&succ, &from);
        let cycle = (0..succ.len())
            .filter(|&n| reach[n] != usize::MAX)
            .filter_map(|n| through[n])
            .min()
            .expect("a counterexample has a cycle");
        let prefix = m
            + (0..succ.len())
                .filter(|&n| through[n] == Some(cycle))
                .map(|n| reach[n])
                .min()
                .unwrap();
        Shortest {
            nodes,
            succ,
            violation,
            from,
            through,
            cycle,
            prefix,
            prefix_any,
        }
    }

    fn node(&self, s: &ProductState) -> usize {
        self.nodes
            .iter()
            .position(|n| n.0 == s.system && n.1 == s.aut)
            .expect("a lasso state is a reachable product state")
    }

    fn cycle_through(&self, s: &ProductState) -> usize {
        self.through[self.node(s)].expect("the entry is on a cycle")
    }

    /// The shortest accepting cycle through a node within `d` steps of `from`, and the fewest
    /// steps (after the violation) to a node on a cycle of at most `c` steps.
    fn within(&self, d: usize, c: usize) -> (usize, usize) {
        let reach = distance_map(&self.succ, &self.from);
        let n = 0..self.succ.len();
        let cycle = n
            .clone()
            .filter(|&n| reach[n] <= d)
            .filter_map(|n| self.through[n]);
        let near = n.filter(|&n| self.through[n].is_some_and(|x| x <= c));
        let m = self.violation.unwrap_or(0);
        (
            cycle.min().unwrap_or(usize::MAX),
            m + near.map(|n| reach[n]).min().unwrap(),
        )
    }

    /// Whether `l` is the shortest counterexample and says so exactly; panics with `ctx`
    /// otherwise.
    fn check(&self, l: &Lasso, ctx: &str) {
        let k = l.prefix.len();
        assert_eq!(l.cycle.len(), self.cycle, "cycle, {ctx}");
        assert_eq!(k, self.prefix, "prefix, {ctx}");
        assert_eq!(self.cycle_through(&l.states[k]), self.cycle, "{ctx}");
        let sh = l.shortness.expect("shortened");
        assert_eq!(
            sh.violation.map(|b| b.steps),
            self.violation,
            "violation, {ctx}"
        );
        assert!(sh.violation.is_none_or(|b| b.is_exact()), "{ctx}");
        assert_eq!(
            (sh.prefix, sh.cycle, sh.cycle_among),
            (
                Bound::exact(k),
                Bound::exact(self.cycle),
                CycleAmong::Reachable
            ),
            "{ctx}"
        );
    }

    /// Whether the bounds `l` claims hold, when searches ran out of work: each length is at least
    /// the minimum, which is at least the bound.
    fn check_bounds(&self, l: &Lasso, ctx: &str) {
        let k = l.prefix.len();
        let sh = l.shortness.expect("shortened");
        let mut exact_violation = false;
        if let (Some(b), Some(m)) = (sh.violation, self.violation) {
            assert!(
                b.at_least <= m && (b.steps == 0 || m <= b.steps),
                "violation, {ctx}"
            );
            exact_violation = b.steps == m;
        }
        let c = l.cycle.len();
        assert_eq!(sh.cycle.steps, c, "{ctx}");
        assert_eq!(sh.prefix.steps, k, "{ctx}");
        // a prefix searched from the initial state, when the search from the violation ran
        // out, may enter its cycle before the violation: its bound counts among all runs
        let after = exact_violation && self.violation.is_some_and(|m| k >= m);
        let (least_cycle, least_prefix) = match sh.cycle_among {
            CycleAmong::ThroughFirstState => (
                self.cycle_through(&l.states[k]),
                if after {
                    self.within(usize::MAX, usize::MAX).1
                } else {
                    self.prefix_any
                },
            ),
            CycleAmong::WithinSteps(d) => self.within(d, c),
            CycleAmong::Reachable => (self.cycle, self.within(usize::MAX, c).1),
        };
        if sh.cycle_among != CycleAmong::ThroughFirstState {
            assert!(after || self.violation.is_none(), "{ctx}");
        }
        assert!(
            sh.cycle.at_least <= least_cycle && least_cycle <= c,
            "cycle, {ctx}"
        );
        assert!(
            sh.prefix.at_least <= least_prefix && least_prefix <= k,
            "prefix, {ctx}"
        );
    }

    /// Whether `l` (not shortened) is as short as the shortest in every respect.
    fn as_short(&self, l: &Lasso, first_bad: usize) -> bool {
        let k = l.prefix.len();
        self.violation.is_none_or(|m| m == first_bad)
            && k == self.prefix
            && l.cycle.len() == self.cycle
    }
}

/// Per node, the fewest steps from a node of `from` (`usize::MAX`: unreachable).
fn distance_map(succ: &[Vec<(usize, u64)>], from: &[usize]) -> Vec<usize> {
    let mut dist = vec![usize::MAX; succ.len()];
    let mut queue = VecDeque::new();
    for &f in from {
        dist[f] = 0;
        queue.push_back(f);
    }
    while let Some(n) = queue.pop_front() {
        for &(t, _) in &succ[n] {
            if dist[t] == usize::MAX {
                dist[t] = dist[n] + 1;
                queue.push_back(t);
            }
        }
    }
    dist
}

/// Half this file's small systems, half the generator's RERS-like ones (2 or 3 components of 3
/// to 5 states, most with deadlocks).
fn shortest_systems() -> impl proptest::strategy::Strategy<Value = AnySys> {
    prop_oneof![
        1 => small_systems().prop_map(AnySys::Small),
        1 => arb::random_specs(2..=3, 3..=5, 4..=6, &[0.4], 0.5).prop_map(AnySys::Generated),
    ]
}

/// `spec` behind a gate: one more component, a chain of `n` steps by a label of its own
/// (`t`) whose last state takes part in every named label of `spec` (a self-loop), so that
/// the other components' named moves wait for `n` steps and their silent ones interleave;
/// and the `extra` moves `(from, to)` (modulo `n + 1`) in the chain by another label (`u`):
/// shortcuts and detours, so that not every path through the gate is a shortest one.
fn gated(mut spec: SysSpec, n: usize, extra: &[(usize, usize)]) -> SysSpec {
    let names: std::collections::BTreeSet<String> = spec
        .components
        .iter()
        .flat_map(|c| c.moves.iter().filter_map(|m| m.1.clone()))
        .collect();
    let mut moves: Vec<(usize, Option<String>, usize)> =
        (0..n).map(|i| (i, Some("t".to_string()), i + 1)).collect();
    moves.extend(names.into_iter().map(|l| (n, Some(l), n)));
    moves.extend(
        extra
            .iter()
            .map(|&(f, t)| (f % (n + 1), Some("u".to_string()), t % (n + 1))),
    );
    spec.components.push(CompSpec {
        states: n + 1,
        start: 0,
        moves,
    });
    spec
}

/// The counterexamples of quick paths (no shortening; src/symbolic/ltl/quick_path.rs), with
/// parameters small enough that every way of theirs is taken on small systems: the verdict is
/// the explicit oracle's and the lasso replays on the system and the automaton. Many must
/// differ from those of breadth-first paths (so the test fails when the quick paths are not
/// used), and none may be shorter in its prefix to the fair set than the fewest steps. On
/// systems behind a gate (see [`gated`]) and formulas over their labels, the fair states and
/// the acceptance sets often lie several steps away.
#[test]
fn quick_path_counterexamples_replay() {
    let (checked, differ, long) = (Cell::new(0), Cell::new(0), Cell::new(0));
    // systems whose fair states lie a few steps away
    let systems = prop_oneof![
        3 => (small_systems(), 2..=12usize, vec((0..13usize, 0..13usize), 0..4))
            .prop_map(|(s, n, extra)| AnySys::Small(gated(s, n, &extra))),
        1 => arb::random_specs(2..=4, 4..=9, 6..=14, &[0.3, 0.5], 0.2).prop_map(AnySys::Generated),
    ];
    let cases = (systems, 0..24usize).prop_flat_map(|(spec, round)| {
        let formulas = arb::formulas_over(&spec.build(), 4, 3, 3);
        (Just(spec), formulas, Just(round))
    });
    prop::check(
        "symbolic_ltl::quick_path_counterexamples_replay",
        300,
        cases,
        |(spec, formulas, round)| {
            let sys = spec.build();
            for f in formulas {
                let aut = &translate(&Ltl::not(f.clone())).unwrap();
                let pos = [AutPosition::Top, AutPosition::Middle, AutPosition::Bottom][round % 3];
                let ctx = small_ctx(&sys, pos, aut.num_states);
                let bfs = LtlOptions {
                    shorten: false,
                    quick: QUICK[0],
                    max_walks: [1, 64][(round / 3) % 2],
                    lasso_tries: [0, 3][(round / 6) % 2],
                    ..LtlOptions::default()
                };
                let quick = LtlOptions {
                    quick: QUICK[1 + round % 3],
                    ..bfs
                };
                let r = check_ltl_with(&ctx, &sys, aut, &Budget::unlimited(), &quick).unwrap();
                assert_eq!(r.holds, !oracle_violated(&sys, aut), "round {round}: {f}");
                let Some(l) = r.counterexample else {
                    assert!(r.holds);
                    continue;
                };
                replay(&sys, aut, &l);
                assert_eq!(l.shortness, None);
                let b = check_ltl_with(&ctx, &sys, aut, &Budget::unlimited(), &bfs).unwrap();
                let b = b.counterexample.unwrap();
                replay(&sys, aut, &b);
                assert!(l.to_fair >= b.to_fair, "round {round}: {f}: {l:?}, {b:?}");
                differ.set(differ.get() + usize::from(l != b));
                long.set(long.get() + usize::from(b.to_fair > 1));
                checked.set(checked.get() + 1);
            }
        },
    );
    let (checked, differ, long) = (checked.get(), differ.get(), long.get());
    let text = format!(
        "{checked} counterexamples, {long} with a prefix of 2 steps or more to the fair set, \
         {differ} differ from breadth-first ones"
    );
    assert!(checked > 300 && differ > 15, "{text}");
    eprintln!("{text}");
}

/// The shortened counterexamples are the shortest (see src/symbolic/ltl/shorten.rs), against
/// brute force on the explicit product, on random systems and automata (without formulas: no
/// bad prefixes): the prefix reaches a node on an accepting cycle in the fewest steps, the cycle
/// is a shortest accepting one through the node the prefix ends in, an edge counting for all
/// its acceptance sets, and the lasso says it is. The lassos found before shortening differ
/// with the walks of the extraction (0, 1 or 64 walks here); the shortened ones must not, and
/// many of those found before are longer (so the test fails with shortening off).
#[test]
fn shortened_lassos_are_shortest_on_the_explicit_product() {
    let (checked, longer) = (Cell::new(0), Cell::new(0));
    let cases = (shortest_systems(), arb::tgbas(NAMES), 0..3usize);
    prop::check(
        "symbolic_ltl::shortened_lassos_are_shortest_on_the_explicit_product",
        600,
        cases,
        |(spec, aut, round)| {
            let sys = spec.build();
            let ctx = small_ctx(&sys, AutPosition::Top, aut.num_states);
            let opts = LtlOptions {
                want_witness: true,
                max_walks: [0, 1, 64][round % 3],
                ..LtlOptions::default()
            };
            let r = check_ltl_with(&ctx, &sys, &aut, &Budget::unlimited(), &opts).unwrap();
            let Some(l) = r.counterexample else {
                return;
            };
            replay(&sys, &aut, &l);
            let best = Shortest::new(&sys, None, &aut);
            best.check(&l, &format!("{l:?}"));
            let off = LtlOptions {
                shorten: false,
                ..opts
            };
            let found = check_ltl_with(&ctx, &sys, &aut, &Budget::unlimited(), &off).unwrap();
            let found = found.counterexample.unwrap();
            assert_eq!(found.shortness, None);
            longer.set(longer.get() + usize::from(!best.as_short(&found, 0)));
            checked.set(checked.get() + 1);
        },
    );
    let (checked, longer) = (checked.get(), longer.get());
    assert!(checked > 200, "only {checked} counterexamples");
    assert!(
        longer > 30,
        "only {longer} lassos as found were longer than the shortest"
    );
    eprintln!("{checked} counterexamples, {longer} longer before shortening");
}

/// The same on random formulas, whose bad prefixes come first: the violation (the first bad
/// prefix, which the evidence marks) comes after the fewest steps any counterexample needs, the
/// prefix is the shortest among those, and the cycle the shortest through its first node; by
/// brute force over the product with the automaton of the negation and the sets of live states
/// of the automaton of the formula. The evidence marks the violation at that step. Within
/// little work, the bounds the lasso claims hold.
#[test]
fn shortest_counterexamples_of_formulas_violate_first() {
    let (checked, with_bad, longer, inexact) =
        (Cell::new(0), Cell::new(0), Cell::new(0), Cell::new(0));
    let cases = (shortest_systems(), 0..2usize).prop_flat_map(|(spec, round)| {
        let formulas = arb::formulas_over(&spec.build(), usize::MAX, 3, 3);
        (Just(spec), formulas, Just(round))
    });
    prop::check(
        "symbolic_ltl::shortest_counterexamples_of_formulas_violate_first",
        240,
        cases,
        |(spec, formulas, round)| {
            let sys = spec.build();
            for f in formulas {
                let neg = translate(&Ltl::not(f.clone())).unwrap();
                let ctx = small_ctx(&sys, AutPosition::Top, neg.num_states);
                let bad = BadPrefixes::of(&f, &sys).unwrap();
                let opts = LtlOptions {
                    max_walks: [0, 64][round],
                    ..LtlOptions::default()
                };
                let budget = Budget::unlimited();
                let run = LtlRun::new(&ctx, &sys, &neg, &budget, &opts).unwrap();
                let r = run.with_bad_prefixes(bad.clone()).run(&budget).unwrap();
                let Some(l) = r.counterexample else {
                    continue;
                };
                replay(&sys, &neg, &l);
                let ctx_text = format!("{f}\n{l:?}");
                let best = Shortest::new(&sys, Some(&f), &neg);
                // the monitor exists when a bad prefix can be spelt; the system may not spell one
                assert!(best.violation.is_none() || bad.is_some(), "{ctx_text}");
                best.check(&l, &ctx_text);
                let mark = first_bad_step(
                    &f,
                    &sys,
                    &[l.prefix.clone(), l.cycle.clone()].concat(),
                    l.prefix.len(),
                )
                .unwrap()
                .map(|m| m.step);
                assert_eq!(mark, best.violation, "mark, {ctx_text}");
                with_bad.set(with_bad.get() + usize::from(best.violation.is_some()));
                // within little work: the bounds claimed hold
                let little = LtlOptions {
                    shorten_work: [2, 20, 200][checked.get() % 3],
                    ..opts
                };
                // a fresh manager: the nodes of the searches above would be there already
                let ctx = small_ctx(&sys, AutPosition::Top, neg.num_states);
                let run = LtlRun::new(&ctx, &sys, &neg, &budget, &little).unwrap();
                let r = run.with_bad_prefixes(bad.clone()).run(&budget).unwrap();
                let cut = r.counterexample.unwrap();
                replay(&sys, &neg, &cut);
                best.check_bounds(&cut, &format!("little work: {ctx_text}\n{cut:?}"));
                let cut_short = cut.shortness.is_some_and(|s| {
                    !s.prefix.is_exact()
                        || !s.cycle.is_exact()
                        || s.violation.is_some_and(|v| !v.is_exact())
                });
                inexact.set(inexact.get() + usize::from(cut_short));
                let off = LtlOptions {
                    shorten: false,
                    ..opts
                };
                let found = check_ltl_with(&ctx, &sys, &neg, &budget, &off).unwrap();
                let found = found.counterexample.unwrap();
                let labels = [found.prefix.clone(), found.cycle.clone()].concat();
                let first = first_bad_step(&f, &sys, &labels, found.prefix.len()).unwrap();
                let as_short = best.as_short(&found, first.map_or(0, |m| m.step));
                longer.set(longer.get() + usize::from(!as_short));
                checked.set(checked.get() + 1);
            }
        },
    );
    let (checked, with_bad, longer, inexact) =
        (checked.get(), with_bad.get(), longer.get(), inexact.get());
    let counts = format!(
        "{checked} counterexamples, {with_bad} with a bad prefix, {longer} longer before \
         shortening, {inexact} with a bound below a length within little work"
    );
    assert!(
        checked > 200 && with_bad > 60 && longer > 30 && inexact > 30,
        "{counts}"
    );
    eprintln!("{counts}");
}

// ---------------------------------------------------------------- formulas: translation + explicit engine

/// Random systems (the generator's, with and without deadlocks, and this file's, with silent
/// and tuple labels) × random formulas: the symbolic verdict equals the explicit engine's, and
/// every symbolic counterexample replays on the system (explicitly, trying all
/// nondeterminism), on the automaton, and violates the formula itself.
#[test]
fn random_formulas_agree_with_the_explicit_engine() {
    let (violated, held) = (Cell::new(0), Cell::new(0));
    // a third of the systems this file's, the others the generator's (2 or 3 components of 3
    // states); 10 formulas over 4 of their labels and one no system has
    // (this file's first: a failing case shrinks towards them, whose parts shrink)
    let systems = prop_oneof![
        1 => small_systems().prop_map(AnySys::Small),
        2 => arb::random_specs(2..=3, 3..=3, 4..=4, &[0.4], 0.5).prop_map(AnySys::Generated),
    ];
    let cases = (systems, 0..60usize).prop_flat_map(|(sys, round)| {
        let formulas = arb::formulas_over(&sys.build(), 4, 4, 10);
        (Just(sys), formulas, Just(round))
    });
    prop::check(
        "symbolic_ltl::random_formulas_agree_with_the_explicit_engine",
        48,
        cases,
        |(sys, formulas, round)| {
            let sys = sys.build();
            let graph = StateGraph::build(&sys, None).unwrap();
            let autos: Vec<Tgba> = formulas
                .iter()
                .map(|f| translate(&Ltl::not(f.clone())).unwrap())
                .collect();
            let (pos, max) = case_layout(&autos, round);
            let space = [Space::Reach, Space::Over][(round / 6) % 2];
            let ctx = ctx_in(&sys, pos, max, space);
            for (k, (f, aut)) in formulas.iter().zip(&autos).enumerate() {
                let opts = LtlOptions {
                    universe: if k % 2 == 0 {
                        Universe::SystemReach
                    } else {
                        Universe::ProductReach
                    },
                    want_witness: true,
                    shorten: k % 3 != 0,
                    shorten_work: [1 << 25, 500][k % 2],
                    quick: QUICK[(round / 8) % 4],
                    max_walks: [64, 0][(round / 3) % 2],
                    lasso_tries: [3, 0][(round / 4) % 2],
                    probe_slice: [1 << 20, 0, 1][(round / 2) % 3],
                    stop_early: (round / 5).is_multiple_of(2),
                    exact_fixpoint: FIXPOINTS[(round / 7) % 3],
                };
                let r = check_ltl_with(&ctx, &sys, aut, &Budget::unlimited(), &opts).unwrap();
                let explicit = find_accepting_lasso(&graph, &sys, aut);
                assert_eq!(r.holds, explicit.is_none(), "round {round}: {f}");
                if let Some(l) = &r.counterexample {
                    violated.set(violated.get() + 1);
                    replay(&sys, aut, l);
                    let el = ExplicitLasso {
                        prefix: l.prefix.clone(),
                        cycle: l.cycle.clone(),
                        path: vec![],
                    };
                    assert!(replay_lasso(&sys, &el), "round {round}: {f}");
                    assert!(
                        !holds_on_lasso(f, &sys, &el),
                        "round {round}: {f} holds on its counterexample"
                    );
                } else {
                    held.set(held.get() + 1);
                }
            }
        },
    );
    let (violated, held) = (violated.get(), held.get());
    assert!(
        violated > 100 && held > 100,
        "violated {violated}, held {held}"
    );
}

/// A run interrupted by its time share and resumed (as `ltsym check` does when it shares the
/// time among properties) ends with the verdict of an uninterrupted one, and its counterexample
/// replays.
#[test]
fn interrupted_runs_resume_to_the_same_verdicts() {
    let (interrupted, violated, held) = (Cell::new(0), Cell::new(0), Cell::new(0));
    let cases = (small_systems(), arb::tgbas(NAMES), 0..3usize);
    prop::check(
        "symbolic_ltl::interrupted_runs_resume_to_the_same_verdicts",
        150,
        cases,
        |(spec, aut, round)| {
            let sys = spec.build();
            let ctx = small_ctx(&sys, AutPosition::Top, aut.num_states);
            let opts = LtlOptions {
                probe_slice: [0, 1, 64][round % 3],
                ..LtlOptions::default()
            };
            let mut run = LtlRun::new(&ctx, &sys, &aut, &Budget::unlimited(), &opts).unwrap();
            let limit = Budget::new(Some(1e6), None);
            // an expired share first, then a few tiny ones, then all the time it needs
            let mut result = None;
            for k in 0..6 {
                let share = limit.share(if k == 0 { 0.0 } else { 0.0002 });
                match run.run(&share) {
                    Ok(r) => {
                        result = Some(r);
                        break;
                    }
                    Err(Error::Limit(Limit::Share { .. })) => {
                        interrupted.set(interrupted.get() + 1)
                    }
                    Err(e) => panic!("round {round}: {e}"),
                }
            }
            let r = match result {
                Some(r) => r,
                None => run.run(&Budget::unlimited()).unwrap(),
            };
            assert_eq!(r.holds, !oracle_violated(&sys, &aut), "round {round}");
            match &r.counterexample {
                Some(l) => {
                    replay(&sys, &aut, l);
                    violated.set(violated.get() + 1);
                }
                None => held.set(held.get() + 1),
            }
        },
    );
    let (interrupted, violated, held) = (interrupted.get(), violated.get(), held.get());
    assert!(
        interrupted > 100 && violated > 30 && held > 30,
        "interrupted {interrupted}, violated {violated}, held {held}"
    );
}

/// The reachable states with an infinite future survive being cut short: calls under slices of
/// work too small to finish keep their completed rounds, and the last call ends with the set
/// that one uninterrupted call computes.
#[test]
fn infinite_futures_resume_after_a_cut() {
    let (interrupted, with_dead_ends) = (Cell::new(0), Cell::new(0));
    prop::check(
        "symbolic_ltl::infinite_futures_resume_after_a_cut",
        150,
        small_systems(),
        |spec| {
            let sys = spec.build();
            let whole = small_ctx(&sys, AutPosition::Top, 1);
            let expect = whole.infinite(&Budget::unlimited()).unwrap();
            if expect != whole.reach {
                with_dead_ends.set(with_dead_ends.get() + 1);
            }
            let cut = small_ctx(&sys, AutPosition::Top, 1);
            let mut work = 1;
            let got = loop {
                match cut.infinite(&Budget::unlimited().slice(&cut.enc, work)) {
                    Ok(y) => break y,
                    Err(Error::Limit(Limit::Time { .. })) => interrupted.set(interrupted.get() + 1),
                    Err(e) => panic!("{e}"),
                }
                work *= 2;
            };
            assert_eq!(cut.enc.count(&got), whole.enc.count(&expect));
        },
    );
    let (interrupted, with_dead_ends) = (interrupted.get(), with_dead_ends.get());
    assert!(
        interrupted > 40 && with_dead_ends > 30,
        "interrupted {interrupted}, with dead ends {with_dead_ends}"
    );
}

/// Reorderings forced in the middle of the search (the probe, the Emerson-Lei fixpoint on the
/// reachable states and on the over-approximation) and of the counterexample's extraction
/// change no verdict: on random systems with random automata at every position, the verdict
/// is the explicit oracle's and every counterexample replays. The forced requests come after
/// a few budget checks, then at intervals growing by half, and start afresh for every
/// automaton; the runs must reorder often in both phases and end in another block order, or
/// the test checks little.
#[test]
fn reordering_in_the_middle_of_the_search_changes_no_verdict() {
    let (in_search, in_witness, moved) = (Cell::new(0), Cell::new(0), Cell::new(0));
    let (violated, held) = (Cell::new(0), Cell::new(0));
    let cases = (small_systems(), vec(arb::tgbas(NAMES), 3), 0..12usize);
    prop::check(
        "symbolic_ltl::reordering_in_the_middle_of_the_search_changes_no_verdict",
        150,
        cases,
        |(spec, auts, round)| {
            let sys = spec.build();
            let (pos, max) = case_layout(&auts, round);
            let space = if round % 4 == 3 {
                Space::Over
            } else {
                Space::Reach
            };
            let ctx = ctx_in(&sys, pos, max, space);
            let before = ctx.enc.positions();
            for (i, aut) in auts.iter().enumerate() {
                let opts = LtlOptions {
                    universe: if round % 2 == 0 {
                        Universe::SystemReach
                    } else {
                        Universe::ProductReach
                    },
                    want_witness: true,
                    probe_slice: [0, 1, 64][(round + i) % 3],
                    ..LtlOptions::default()
                };
                ctx.enc.reorderer.force_every(1 + (round + i) as u64 % 3);
                let r = check_ltl_with(&ctx, &sys, aut, &Budget::unlimited(), &opts).unwrap();
                ctx.enc.reorderer.force_every(0);
                in_search.set(in_search.get() + r.stats.search_reorderings);
                in_witness.set(in_witness.get() + r.stats.witness_reorderings);
                agrees_with_oracle(&sys, aut, &r, &format!("round {round}"));
                let n = if r.holds { &held } else { &violated };
                n.set(n.get() + 1);
            }
            moved.set(moved.get() + usize::from(ctx.enc.positions() != before));
        },
    );
    let (in_search, in_witness, moved) = (in_search.get(), in_witness.get(), moved.get());
    let (violated, held) = (violated.get(), held.get());
    assert!(
        in_search > 400 && in_witness > 100 && moved > 40 && violated > 60 && held > 60,
        "reorderings: {in_search} in the search, {in_witness} in the witness extraction; \
         {moved} contexts ended in another order; violated {violated}, held {held}"
    );
}

/// The product states (system, automaton, acceptance sets met) `labels` lead to from `from`
/// (sets met `met`), following every nondeterministic choice.
fn walk(
    sys: &System,
    aut: &Tgba,
    from: HashSet<(Vec<StateId>, usize, u64)>,
    labels: &[LabelId],
) -> HashSet<(Vec<StateId>, usize, u64)> {
    let mut cur = from;
    for &l in labels {
        let sigma = letter_of_label(sys, aut, l);
        let mut next = HashSet::new();
        for (s, q, met) in &cur {
            for t in crate::support::oracle::successors_on(sys, s, l) {
                for e in aut.edges.iter().filter(|e| e.from == *q) {
                    if e.letters.contains(sigma) {
                        next.insert((t.clone(), e.to, met | e.acc));
                    }
                }
            }
        }
        cur = next;
    }
    cur
}

/// The explicit shortening of `--witness` under `--engine auto` (`explicit/shorten.rs`): of
/// the explicit engine's lasso of random formulas on random systems, every lasso it gives
/// replays, violates the formula and is accepted by the automaton along its product states
/// (the prefix reaches the state it names first, and the cycle comes back to it through every
/// acceptance set); no accepting cycle through that state is shorter than it claims (brute
/// force on the explicit product), within 3 nodes per search as with room enough, where the
/// claim is exact.
#[test]
fn explicit_shortening_claims_hold() {
    let (checked, shorter, cut) = (Cell::new(0), Cell::new(0), Cell::new(0));
    let cases = shortest_systems().prop_flat_map(|spec| {
        let formulas = arb::formulas_over(&spec.build(), usize::MAX, 3, 3);
        (Just(spec), formulas)
    });
    prop::check(
        "symbolic_ltl::explicit_shortening_claims_hold",
        160,
        cases,
        |(spec, formulas)| {
            let sys = spec.build();
            let graph = StateGraph::build(&sys, None).unwrap();
            for f in formulas {
                let neg = translate(&Ltl::not(f.clone())).unwrap();
                let Some(l) = find_accepting_lasso(&graph, &sys, &neg) else {
                    continue;
                };
                let best = Shortest::new(&sys, None, &neg);
                for max in [3, usize::MAX] {
                    let ctx = format!("{f}, {max} nodes, lasso {l:?}");
                    let s = shorten_lasso(&sys, &neg, &l.prefix, &l.cycle, max)
                        .unwrap_or_else(|| panic!("no lasso: {ctx}"));
                    let ctx = format!("{ctx}\n-> {s:?}");
                    let el = ExplicitLasso {
                        prefix: s.prefix.clone(),
                        cycle: s.cycle.clone(),
                        path: vec![],
                    };
                    assert!(replay_lasso(&sys, &el), "replay: {ctx}");
                    assert!(!holds_on_lasso(&f, &sys, &el), "holds: {ctx}");
                    let init = HashSet::from([(sys.initial_state(), neg.initial, 0)]);
                    let (y, q) = s.first.clone();
                    let to = walk(&sys, &neg, init, &s.prefix);
                    assert!(to.iter().any(|(t, p, _)| (t, *p) == (&y, q)), "{ctx}");
                    let around = walk(&sys, &neg, HashSet::from([(y.clone(), q, 0)]), &s.cycle);
                    assert!(around.contains(&(y.clone(), q, neg.all_acc())), "{ctx}");
                    let through = best.cycle_through(&ProductState { system: y, aut: q });
                    assert!(s.cycle_at_least <= through, "bound: {ctx}");
                    assert!(s.cycle_at_least <= s.cycle.len(), "{ctx}");
                    if max == usize::MAX {
                        assert_eq!(s.cycle.len(), through, "exact: {ctx}");
                        assert!(s.prefix_searched, "{ctx}");
                        checked.set(checked.get() + 1);
                        let before = l.prefix.len() + l.cycle.len();
                        shorter.set(shorter.get() + usize::from(el_len(&s) < before));
                    } else {
                        cut.set(cut.get() + usize::from(s.cycle_at_least < s.cycle.len()));
                    }
                }
            }
        },
    );
    eprintln!(
        "explicit shortening: {} lassos, {} made shorter, {} with a bound below the cycle \
         within 3 nodes",
        checked.get(),
        shorter.get(),
        cut.get()
    );
    assert!(checked.get() >= 50 && shorter.get() > 0 && cut.get() > 0);
}

fn el_len(s: &Shortened) -> usize {
    s.prefix.len() + s.cycle.len()
}
