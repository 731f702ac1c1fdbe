//! Symbolic CTL (src/symbolic/ctl/) on hand-made systems with known answers for every
//! operator, above all the deadlock cases of maximal-path semantics; against a small oracle
//! written from the path definitions (not from the fixpoints) on random systems; and every
//! witness/counterexample replayed step by step.

use crate::support;

use std::cell::Cell;
use std::collections::HashMap;

use proptest::collection::vec;
use proptest::prelude::{any, prop_oneof, Strategy};

use crate::support::arb::{self, AnySys, Shape};
use crate::support::prop;

use oxidd::BooleanFunction;

use ltsym::limits::Budget;
use ltsym::logic::ctl::Ctl;
use ltsym::model::{LabelId, StateId, System, SystemBuilder};
use ltsym::symbolic::ctl::witness::{Bound, CycleAmong};
use ltsym::symbolic::reach::reachable;
use ltsym::symbolic::{CtlChecker, CtlEvidence, Encoding, EvidenceKind, ManagerOptions};

// ---------------------------------------------------------------- building blocks

/// One component per entry: (number of states, start, transitions (from, label, to)).
/// A component: (number of states, start, transitions (from, label, to)).
type Comp<'a> = (usize, StateId, &'a [(StateId, &'a str, StateId)]);

fn system(comps: &[Comp]) -> System {
    let mut b = SystemBuilder::new();
    for (i, (n, start, trans)) in comps.iter().enumerate() {
        let c = b.add_component(&format!("c{i}"));
        for s in 0..*n {
            b.add_state(c, &format!("s{s}")).unwrap();
        }
        b.set_start(c, *start);
        for &(from, l, to) in trans.iter() {
            b.add_transition(c, from, l, to);
        }
    }
    b.build().unwrap()
}

fn bx(f: Ctl) -> Box<Ctl> {
    Box::new(f)
}
fn t() -> Ctl {
    Ctl::True
}
fn ff() -> Ctl {
    Ctl::False
}
fn not(f: Ctl) -> Ctl {
    Ctl::Not(bx(f))
}
fn and(a: Ctl, b: Ctl) -> Ctl {
    Ctl::And(bx(a), bx(b))
}
fn or(a: Ctl, b: Ctl) -> Ctl {
    Ctl::Or(bx(a), bx(b))
}
fn dia(l: &str, f: Ctl) -> Ctl {
    Ctl::Diamond(Some(l.into()), bx(f))
}
fn boxl(l: &str, f: Ctl) -> Ctl {
    Ctl::Box(Some(l.into()), bx(f))
}
fn ex(f: Ctl) -> Ctl {
    Ctl::Diamond(None, bx(f))
}
fn ax(f: Ctl) -> Ctl {
    Ctl::Box(None, bx(f))
}
/// `<a> true`: label a is enabled.
fn en(l: &str) -> Ctl {
    dia(l, t())
}
fn ag(f: Ctl) -> Ctl {
    Ctl::AG(bx(f))
}
fn eg(f: Ctl) -> Ctl {
    Ctl::EG(bx(f))
}
fn af(f: Ctl) -> Ctl {
    Ctl::AF(bx(f))
}
fn ef(f: Ctl) -> Ctl {
    Ctl::EF(bx(f))
}
fn au(a: Ctl, b: Ctl) -> Ctl {
    Ctl::AU(bx(a), bx(b))
}
fn eu(a: Ctl, b: Ctl) -> Ctl {
    Ctl::EU(bx(a), bx(b))
}
fn aw(a: Ctl, b: Ctl) -> Ctl {
    Ctl::AW(bx(a), bx(b))
}
fn ew(a: Ctl, b: Ctl) -> Ctl {
    Ctl::EW(bx(a), bx(b))
}

// ---------------------------------------------------------------- explicit oracle

/// The reachable product, explicitly: states and labelled edges.
struct Explicit {
    states: Vec<Vec<StateId>>,
    index: HashMap<Vec<StateId>, usize>,
    edges: Vec<Vec<(LabelId, usize)>>,
}

use crate::support::oracle::moves as successors;

impl Explicit {
    fn new(sys: &System) -> Explicit {
        let init = sys.initial_state();
        let mut e = Explicit {
            states: vec![init.clone()],
            index: HashMap::from([(init, 0)]),
            edges: Vec::new(),
        };
        let mut i = 0;
        while i < e.states.len() {
            let s = e.states[i].clone();
            let mut out = Vec::new();
            for (l, q) in successors(sys, &s) {
                let j = match e.index.get(&q) {
                    Some(&j) => j,
                    None => {
                        e.states.push(q.clone());
                        e.index.insert(q, e.states.len() - 1);
                        e.states.len() - 1
                    }
                };
                out.push((l, j));
            }
            out.sort();
            out.dedup();
            e.edges.push(out);
            i += 1;
        }
        e
    }

    fn n(&self) -> usize {
        self.states.len()
    }

    /// Some finite path through `x`-states ends in a `y`-state (graph search backwards).
    fn eu(&self, x: &[bool], y: &[bool]) -> Vec<bool> {
        let mut res = y.to_vec();
        let mut changed = true;
        while changed {
            changed = false;
            for s in 0..self.n() {
                if !res[s] && x[s] && self.edges[s].iter().any(|&(_, q)| res[q]) {
                    res[s] = true;
                    changed = true;
                }
            }
        }
        res
    }

    /// Some maximal path stays in `x`: an `x`-path to an `x`-deadlock, or to an `x`-state
    /// on a cycle of `x`-states (a non-trivial strongly connected component of the
    /// `x`-subgraph, by Kosaraju's two depth-first searches).
    fn eg(&self, x: &[bool]) -> Vec<bool> {
        let n = self.n();
        let succ = |s: usize| self.edges[s].iter().map(|&(_, q)| q).filter(|&q| x[q]);
        // 1. finishing order of a DFS over the x-subgraph
        let mut order = Vec::with_capacity(n);
        let mut seen = vec![false; n];
        for root in (0..n).filter(|&s| x[s]) {
            if seen[root] {
                continue;
            }
            seen[root] = true;
            let mut stack = vec![(root, 0usize)];
            while let Some(&mut (s, ref mut k)) = stack.last_mut() {
                let next: Vec<usize> = succ(s).collect();
                if *k < next.len() {
                    let q = next[*k];
                    *k += 1;
                    if !seen[q] {
                        seen[q] = true;
                        stack.push((q, 0));
                    }
                } else {
                    order.push(s);
                    stack.pop();
                }
            }
        }
        // 2. components on the reversed x-subgraph, in reverse finishing order
        let mut pred = vec![Vec::new(); n];
        for s in (0..n).filter(|&s| x[s]) {
            for q in succ(s) {
                pred[q].push(s);
            }
        }
        let mut comp = vec![usize::MAX; n];
        let mut size = Vec::new();
        for &root in order.iter().rev() {
            if comp[root] != usize::MAX {
                continue;
            }
            let id = size.len();
            size.push(0usize);
            comp[root] = id;
            let mut stack = vec![root];
            while let Some(s) = stack.pop() {
                size[id] += 1;
                for &p in &pred[s] {
                    if comp[p] == usize::MAX {
                        comp[p] = id;
                        stack.push(p);
                    }
                }
            }
        }
        let good: Vec<bool> = (0..n)
            .map(|s| {
                x[s] && (self.edges[s].is_empty()
                    || size[comp[s]] > 1
                    || self.edges[s].iter().any(|&(_, q)| q == s))
            })
            .collect();
        self.eu(x, &good)
    }

    fn eval(&self, sys: &System, f: &Ctl) -> Vec<bool> {
        use Ctl::*;
        let n = self.n();
        let neg = |v: Vec<bool>| v.into_iter().map(|b| !b).collect::<Vec<_>>();
        let zip = |a: &[bool], b: &[bool], op: fn(bool, bool) -> bool| {
            a.iter().zip(b).map(|(&x, &y)| op(x, y)).collect::<Vec<_>>()
        };
        let label_ok = |l: &Option<String>, lab: LabelId| match l {
            None => true,
            Some(name) => sys.label_id(name) == Some(lab),
        };
        match f {
            True => vec![true; n],
            False => vec![false; n],
            Not(a) => neg(self.eval(sys, a)),
            And(a, b) => zip(&self.eval(sys, a), &self.eval(sys, b), |x, y| x && y),
            Or(a, b) => zip(&self.eval(sys, a), &self.eval(sys, b), |x, y| x || y),
            Implies(a, b) => zip(&self.eval(sys, a), &self.eval(sys, b), |x, y| !x || y),
            Equiv(a, b) => zip(&self.eval(sys, a), &self.eval(sys, b), |x, y| x == y),
            Diamond(l, a) => {
                let v = self.eval(sys, a);
                (0..n)
                    .map(|s| self.edges[s].iter().any(|&(k, q)| label_ok(l, k) && v[q]))
                    .collect()
            }
            Box(l, a) => {
                let v = self.eval(sys, a);
                (0..n)
                    .map(|s| self.edges[s].iter().all(|&(k, q)| !label_ok(l, k) || v[q]))
                    .collect()
            }
            EF(a) => self.eu(&vec![true; n], &self.eval(sys, a)),
            AG(a) => neg(self.eu(&vec![true; n], &neg(self.eval(sys, a)))),
            EU(a, b) => self.eu(&self.eval(sys, a), &self.eval(sys, b)),
            EG(a) => self.eg(&self.eval(sys, a)),
            AF(a) => neg(self.eg(&neg(self.eval(sys, a)))),
            EW(a, b) => {
                let (x, y) = (self.eval(sys, a), self.eval(sys, b));
                zip(&self.eu(&x, &y), &self.eg(&x), |p, q| p || q)
            }
            // a path violates x W y iff it meets ¬x ∧ ¬y before any y
            AW(a, b) => {
                let (x, y) = (self.eval(sys, a), self.eval(sys, b));
                let stop = zip(&x, &y, |p, q| !p && !q);
                neg(self.eu(&neg(y), &stop))
            }
            // ... and x U y additionally when y never comes
            AU(a, b) => {
                let (x, y) = (self.eval(sys, a), self.eval(sys, b));
                let stop = zip(&x, &y, |p, q| !p && !q);
                let ny = neg(y);
                neg(zip(&self.eu(&ny, &stop), &self.eg(&ny), |p, q| p || q))
            }
        }
    }
}

// ---------------------------------------------------------------- checking

/// Evaluates `f` symbolically in all modes (optimised and literal fixpoints, over the
/// reachable or all states) under both component orders, compares with the oracle on every reachable state, replays the evidence,
/// and returns the verdict at the initial state.
fn check(sys: &System, f: &Ctl) -> bool {
    let ex = Explicit::new(sys);
    let want = ex.eval(sys, f);
    let n = sys.components().len();
    let mut orders: Vec<Vec<usize>> = vec![(0..n).collect()];
    if n > 1 {
        orders.push((0..n).rev().collect());
    }
    let budget = Budget::unlimited();
    for order in orders {
        let enc = Encoding::new(sys, &order, ManagerOptions::small()).unwrap();
        let reach = reachable(&enc, &budget).unwrap();
        assert_eq!(enc.count(&reach).to_string(), ex.n().to_string());
        for (literal, all) in [(false, false), (true, false), (false, true), (true, true)] {
            let mut c = CtlChecker::new(&enc, &reach, sys)
                .unwrap()
                .literal(literal)
                .over_all_states(all)
                .unwrap();
            let set = c.eval(f, &budget).unwrap();
            for (i, s) in ex.states.iter().enumerate() {
                let cube = enc.state_cube(s).unwrap();
                let got = cube.and(&set).unwrap().satisfiable();
                assert_eq!(
                    got, want[i],
                    "`{f}` at state {s:?} (literal={literal}, all={all}, order={order:?})\n{sys:?}"
                );
            }
            // no unreachable state in the set
            assert!(set.imp(&reach).unwrap().valid());
            let ev = c.evidence(f, &budget).unwrap();
            validate(sys, &ex, f, want[0], &ev);
        }
    }
    want[0]
}

/// Replays the evidence in the explicit system and checks what it claims to show.
fn validate(sys: &System, ex: &Explicit, f: &Ctl, holds: bool, ev: &CtlEvidence) {
    let ctx = format!("evidence for `{f}`: {ev:?}");
    let kind = if holds {
        EvidenceKind::Witness
    } else {
        EvidenceKind::Counterexample
    };
    assert_eq!(ev.kind, kind, "{ctx}");
    assert_eq!(ev.states[0], sys.initial_state(), "{ctx}");
    let labels: Vec<LabelId> = ev
        .path
        .iter()
        .chain(ev.cycle.iter().flatten())
        .copied()
        .collect();
    assert_eq!(ev.states.len(), labels.len() + 1, "{ctx}");
    for (i, &l) in labels.iter().enumerate() {
        assert!(
            successors(sys, &ev.states[i]).contains(&(l, ev.states[i + 1].clone())),
            "step {i} does not replay: {ctx}"
        );
    }
    let idx: Vec<usize> = ev.states.iter().map(|s| ex.index[s]).collect();
    let end = ev.path.len();
    if let Some(cycle) = &ev.cycle {
        assert!(!cycle.is_empty(), "{ctx}");
        assert_eq!(ev.states.last(), Some(&ev.states[end]), "{ctx}");
        assert!(!ev.ends_in_deadlock, "{ctx}");
    }
    if ev.ends_in_deadlock {
        assert!(ex.edges[idx[end]].is_empty(), "{ctx}");
    }
    assert!(!ev.explanation.is_empty(), "{ctx}");
    // what the top operator promises
    let val = |g: &Ctl| ex.eval(sys, g);
    let maximal = ev.cycle.is_some() || ev.ends_in_deadlock;
    // does the path (with cycle) reach a `y` state through `x` states?
    let until = |x: &[bool], y: &[bool]| {
        idx.iter()
            .position(|&s| y[s] || !x[s])
            .is_some_and(|k| y[idx[k]])
    };
    let all = |x: &[bool]| idx.iter().all(|&s| x[s]);
    use Ctl::*;
    match (f, holds) {
        (AG(g), false) => assert!(idx.iter().any(|&s| !val(g)[s]), "{ctx}"),
        (EF(g), true) => assert!(idx.iter().any(|&s| val(g)[s]), "{ctx}"),
        (AF(g), false) => {
            assert!(maximal && all(&val(&not((**g).clone()))), "{ctx}")
        }
        (EG(g), true) => assert!(maximal && all(&val(g)), "{ctx}"),
        (EU(x, y), true) => assert!(until(&val(x), &val(y)), "{ctx}"),
        (EW(x, y), true) => {
            let (x, y) = (val(x), val(y));
            assert!(until(&x, &y) || (maximal && all(&x)), "{ctx}")
        }
        (AW(x, y), false) | (AU(x, y), false) => {
            let (x, y) = (val(x), val(y));
            let stop: Vec<bool> = x.iter().zip(&y).map(|(&p, &q)| !p && !q).collect();
            let ny: Vec<bool> = y.iter().map(|&q| !q).collect();
            let aw_cex = until(&ny, &stop);
            let au_cex = maximal && idx.iter().all(|&s| x[s] && !y[s]);
            assert!(aw_cex || (matches!(f, AU(..)) && au_cex), "{ctx}");
        }
        (Diamond(Some(l), g), true) | (Box(Some(l), g), false) => {
            assert_eq!(Some(ev.path[0]), sys.label_id(l), "{ctx}");
            assert_eq!(val(g)[idx[1]], holds, "{ctx}");
        }
        (Diamond(None, g), true) | (Box(None, g), false) => {
            assert_eq!(val(g)[idx[1]], holds, "{ctx}");
        }
        _ => {}
    }
}

// ---------------------------------------------------------------- hand-made systems

/// 0 -a-> 1 (deadlock). The start state can only do `a`.
fn to_deadlock() -> System {
    system(&[(2, 0, &[(0, "a", 1)])])
}

/// 0 -a-> 1 -b-> 1 (a b-loop), and 0 -c-> 2 (deadlock).
fn branch() -> System {
    system(&[(3, 0, &[(0, "a", 1), (1, "b", 1), (0, "c", 2)])])
}

/// A single deadlocked state (no transitions at all).
fn stuck() -> System {
    system(&[(1, 0, &[])])
}

#[test]
fn modalities() {
    let s = branch();
    assert!(check(&s, &en("a")));
    assert!(check(&s, &en("c")));
    assert!(!check(&s, &en("b")));
    assert!(check(&s, &dia("a", en("b"))));
    assert!(!check(&s, &dia("c", en("b"))));
    // [b] false holds where b is disabled; [a] false does not
    assert!(check(&s, &boxl("b", ff())));
    assert!(!check(&s, &boxl("a", ff())));
    assert!(check(&s, &boxl("a", en("b"))));
    assert!(!check(&s, &ax(en("b"))));
    assert!(check(&s, &ex(en("b"))));
    assert!(check(&s, &ex(boxl("b", ff()))));
    // a label the system does not have never fires
    assert!(!check(&s, &en("zz")));
    assert!(check(&s, &boxl("zz", ff())));
    // in a deadlock: <> true fails, [] false holds (vacuously)
    let d = stuck();
    assert!(!check(&d, &ex(t())));
    assert!(check(&d, &ax(ff())));
    assert!(check(&d, &boxl("a", ff())));
}

#[test]
fn boolean_connectives() {
    let s = branch();
    assert!(check(&s, &and(en("a"), en("c"))));
    assert!(!check(&s, &and(en("a"), en("b"))));
    assert!(check(&s, &or(en("b"), en("c"))));
    assert!(!check(&s, &or(en("b"), ff())));
    assert!(check(&s, &Ctl::Implies(bx(en("b")), bx(ff()))));
    assert!(!check(&s, &Ctl::Implies(bx(en("a")), bx(en("b")))));
    assert!(check(&s, &Ctl::Equiv(bx(en("a")), bx(en("c")))));
    assert!(!check(&s, &Ctl::Equiv(bx(en("a")), bx(en("b")))));
    assert!(check(&s, &not(en("b"))));
    assert!(!check(&s, &and(t(), ff())));
}

#[test]
fn af_fails_on_a_deadlock_without_the_goal() {
    // the only maximal path from the deadlock is the deadlock itself: it never meets <a> true
    assert!(!check(&stuck(), &af(en("a"))));
    assert!(check(&stuck(), &af(t())));
    // 0 -a-> 1 dead: AF [] false holds (1 is a deadlock), AF <b> true fails
    assert!(check(&to_deadlock(), &af(ax(ff()))));
    assert!(!check(&to_deadlock(), &af(en("b"))));
    // branch: the c-branch deadlocks without b enabled
    assert!(!check(&branch(), &af(en("b"))));
    // but every maximal path does reach a state without a
    assert!(check(&branch(), &af(not(en("a")))));
}

#[test]
fn eg_holds_on_a_deadlock_with_the_formula() {
    assert!(check(&stuck(), &eg(t())));
    assert!(check(&stuck(), &eg(boxl("a", ff()))));
    assert!(!check(&stuck(), &eg(ff())));
    // 0 -a-> 1 dead: EG (not <b> true) via the finite path 0 1
    assert!(check(&to_deadlock(), &eg(not(en("b")))));
    // EG <a> true fails: the path must continue into 1, where a is disabled
    assert!(!check(&to_deadlock(), &eg(en("a"))));
    // branch: EG (<a> true | <b> true) along the b-loop; EG !<b> true via the c-deadlock
    assert!(check(&branch(), &eg(or(en("a"), en("b")))));
    assert!(check(&branch(), &eg(not(en("b")))));
    assert!(!check(&branch(), &eg(en("a"))));
}

#[test]
fn ag_and_ef() {
    let s = branch();
    assert!(check(&s, &ef(en("b"))));
    assert!(check(&s, &ef(ax(ff()))));
    assert!(!check(&s, &ef(and(en("a"), en("b")))));
    assert!(check(&s, &ag(not(and(en("a"), en("b"))))));
    assert!(!check(&s, &ag(not(en("b")))));
    assert!(check(&stuck(), &ag(ax(ff()))));
    assert!(!check(&stuck(), &ef(ex(t()))));
    // AG f holds on a deadlock with f (every maximal path: the deadlock alone)
    assert!(check(&stuck(), &ag(t())));
}

#[test]
fn au_fails_when_a_deadlock_is_reached_with_f_and_not_g() {
    // stuck: f = true, g = false: the one-state path never meets g
    assert!(!check(&stuck(), &au(t(), ff())));
    // to_deadlock: f = true, g = <b> true: state 1 is dead with f and not g
    assert!(!check(&to_deadlock(), &au(t(), en("b"))));
    // g reached: 1 is dead and satisfies [] false
    assert!(check(&to_deadlock(), &au(en("a"), ax(ff()))));
    // f fails before g: 0 has <a> true but the goal <zz> true never comes ... and f = !<a>true
    assert!(!check(&to_deadlock(), &au(not(en("a")), ax(ff()))));
    // branch: A(<a>true | <b>true  U  <b> true): the c-branch deadlocks first
    assert!(!check(&branch(), &au(t(), en("b"))));
    // A(true U !<a> true): every path leaves the start state
    assert!(check(&branch(), &au(t(), not(en("a")))));
    // an infinite path avoiding g: 0 -a-> 1 -b-> 1 ..., g = <c> true only at 0
    assert!(!check(&branch(), &au(t(), and(en("c"), en("b")))));
}

#[test]
fn eu_on_deadlocks() {
    assert!(!check(&stuck(), &eu(t(), en("a"))));
    assert!(check(&stuck(), &eu(ff(), t())));
    assert!(check(&to_deadlock(), &eu(en("a"), ax(ff()))));
    assert!(!check(&to_deadlock(), &eu(en("b"), ax(ff()))));
    assert!(check(&branch(), &eu(en("a"), en("b"))));
    assert!(!check(&branch(), &eu(en("b"), ff())));
}

#[test]
fn aw_on_deadlocks() {
    // the deadlock with f: its only maximal path has f throughout, so A(f W g) holds
    assert!(check(&stuck(), &aw(t(), ff())));
    assert!(!check(&stuck(), &aw(ff(), ff())));
    assert!(check(&stuck(), &aw(ff(), t())));
    // to_deadlock: A(true W false) holds; A(<a> true W false) fails at the deadlock
    assert!(check(&to_deadlock(), &aw(t(), ff())));
    assert!(!check(&to_deadlock(), &aw(en("a"), ff())));
    assert!(check(&to_deadlock(), &aw(en("a"), ax(ff()))));
    // branch: A(!<c> true W <b> true) fails at once (c enabled, b not)
    assert!(!check(&branch(), &aw(not(en("c")), en("b"))));
    // A(!<zz>true W false): holds (true everywhere, infinite and finite paths alike)
    assert!(check(&branch(), &aw(not(en("zz")), ff())));
    // A((<a>|<b>) W <b>): the c-branch ends in a deadlock without a, b
    assert!(!check(&branch(), &aw(or(en("a"), en("b")), en("b"))));
}

#[test]
fn ew_on_deadlocks() {
    assert!(check(&stuck(), &ew(t(), ff())));
    assert!(!check(&stuck(), &ew(ff(), ff())));
    assert!(check(&to_deadlock(), &ew(not(en("b")), ff())));
    assert!(!check(&to_deadlock(), &ew(en("a"), ff())));
    // branch: E(<a> | <b>  W  false) along the b-loop
    assert!(check(&branch(), &ew(or(en("a"), en("b")), ff())));
    // E(!<b> W false) along the c-deadlock
    assert!(check(&branch(), &ew(not(en("b")), ff())));
    assert!(check(&branch(), &ew(en("a"), en("b"))));
    assert!(!check(&branch(), &ew(en("a"), ff())));
}

#[test]
fn synchronisation_and_deadlock_by_refusal() {
    // c0: 0 -a-> 1 -s-> 0 ; c1: 0 -s-> 1 (then c1 refuses s forever): after a, s, a the
    // system deadlocks because s needs both.
    let s = system(&[(2, 0, &[(0, "a", 1), (1, "s", 0)]), (2, 0, &[(0, "s", 1)])]);
    assert!(check(&s, &ef(ax(ff()))));
    assert!(!check(&s, &af(en("zz"))));
    assert!(check(&s, &af(ax(ff()))));
    assert!(check(&s, &dia("a", dia("s", dia("a", boxl("s", ff()))))));
    assert!(!check(&s, &eg(en("a"))));
    // the path a s a ends in a deadlock where neither a nor s is enabled
    assert!(!check(&s, &eg(or(en("a"), en("s")))));
    assert!(check(&s, &eg(t())));
    assert!(check(&s, &au(t(), ax(ff()))));
}

#[test]
fn tuple_labels_and_nondeterminism() {
    // c0 and c1 synchronise on `t` only in the listed pairs of moves (a Petri-net style label);
    // `u` is local and nondeterministic in c0 (0 -u-> 0 and 0 -u-> 2, where 2 is a sink).
    let mut b = SystemBuilder::new();
    let c0 = b.add_component("c0");
    let c1 = b.add_component("c1");
    for c in [c0, c1] {
        for s in 0..3 {
            b.add_state(c, &format!("s{s}")).unwrap();
        }
        b.set_start(c, 0);
    }
    b.add_tuple_label(
        "t",
        vec![c0, c1],
        vec![vec![(0, 1), (0, 1)], vec![(1, 0), (1, 2)]],
    )
    .unwrap();
    b.add_transition(c0, 0, "u", 0);
    b.add_transition(c0, 0, "u", 2);
    let s = b.build().unwrap();
    // t, t leads to (0, 2): c1 stuck, c0 can still do u
    assert!(check(&s, &dia("t", dia("t", en("u")))));
    assert!(!check(&s, &dia("t", dia("t", en("t")))));
    // u may lead to the sink 2 or stay: <u> and [u] differ
    assert!(check(&s, &dia("u", en("t"))));
    assert!(!check(&s, &boxl("u", en("t"))));
    assert!(check(&s, &eg(en("u"))));
    assert!(!check(&s, &af(ax(ff()))));
    assert!(check(&s, &ef(ax(ff()))));
    assert!(!check(&s, &ag(ex(t()))));
    // the u-self-loop at the start keeps t enabled forever
    assert!(!check(&s, &au(t(), not(en("t")))));
    assert!(check(&s, &ef(not(en("t")))));
}

#[test]
fn lasso_counterexample_for_af() {
    // 0 -a-> 1 -b-> 2 -c-> 1 ; AF <d> true fails along a cycle (no deadlock anywhere)
    let s = system(&[(3, 0, &[(0, "a", 1), (1, "b", 2), (2, "c", 1), (0, "d", 0)])]);
    assert!(check(&s, &af(en("d"))));
    // the d-self-loop at 0 avoids c forever
    assert!(!check(&s, &af(en("c"))));
    let enc = Encoding::new(&s, &[0], ManagerOptions::small()).unwrap();
    let budget = Budget::unlimited();
    let reach = reachable(&enc, &budget).unwrap();
    let mut c = CtlChecker::new(&enc, &reach, &s).unwrap();
    // AF !<d> true: the d-self-loop at 0 avoids it forever
    let f = af(not(en("d")));
    assert!(!c.holds(&f, &budget).unwrap());
    let ev = c.evidence(&f, &budget).unwrap();
    assert_eq!(ev.cycle, Some(vec![s.label_id("d").unwrap()]));
    assert!(ev.path.is_empty() && !ev.ends_in_deadlock);
    assert!(
        ev.describe(&s)
            .starts_with("(d)^w: at step 0: `AF !<d> true` fails: a path into a cycle"),
        "{}",
        ev.describe(&s)
    );
    // EG !<d> true: the a b c cycle
    let f = eg(not(en("d")));
    let ev = c.evidence(&f, &budget).unwrap();
    assert_eq!(ev.kind, EvidenceKind::Counterexample);
    assert!(!c.holds(&f, &budget).unwrap());
    let f = ef(eg(not(en("d"))));
    let ev = c.evidence(&f, &budget).unwrap();
    assert_eq!(ev.kind, EvidenceKind::Witness);
    assert!(ev.cycle.is_some());
    assert!(ltsym::symbolic::check_ctl(&enc, &reach, &s, &f, &budget).unwrap());
    let set = ltsym::symbolic::ctl::eval(&enc, &reach, &s, &f, &budget).unwrap();
    assert!(set == reach);
}

// ---------------------------------------------------------------- random agreement

/// Up to 3 components of up to 4 states, up to `2n` moves each on labels `a`–`d`, one in 8
/// silent.
const SMALL_CTL: Shape = Shape {
    components: 1..=3,
    states: 1..=4,
    extra_moves: 0,
    labels: &["a", "b", "c", "d"],
    silent: 0.125,
    tuple_labels: &[],
    tuple_chance: 0.0,
    tuple_arity: 2,
    max_tuples: 1,
};

fn names() -> Vec<String> {
    SMALL_CTL.labels.iter().map(|l| l.to_string()).collect()
}

#[test]
fn random_systems_agree_with_the_path_oracle() {
    let deadlocked = Cell::new(0);
    let verdicts = Cell::new([0usize; 2]);
    let cases = (arb::systems(SMALL_CTL), vec(arb::ctl(names(), 3), 4));
    prop::check(
        "symbolic_ctl::random_systems_agree_with_the_path_oracle",
        300,
        cases,
        |(spec, formulas)| {
            let sys = spec.build();
            let ex = Explicit::new(&sys);
            if ex.edges.iter().any(|e| e.is_empty()) {
                deadlocked.set(deadlocked.get() + 1);
            }
            for f in &formulas {
                let mut v = verdicts.get();
                v[usize::from(check(&sys, f))] += 1;
                verdicts.set(v);
            }
        },
    );
    let (deadlocked, verdicts) = (deadlocked.get(), verdicts.get());
    // the generator must exercise deadlocks and both verdicts
    assert!(deadlocked > 100, "only {deadlocked} systems with deadlocks");
    assert!(
        verdicts[0] > 200 && verdicts[1] > 200,
        "verdicts {verdicts:?}"
    );
}

/// Symbolic CTL against the explicit engine (src/explicit/ctl.rs, written from the path
/// definitions by graph algorithms, independently of the fixpoints) on generated RERS-like
/// systems, most with deadlocks, and on the small random systems above; on every reachable
/// state, in every evaluation mode.
#[test]
fn random_systems_agree_with_the_explicit_engine() {
    let deadlocked = Cell::new(0);
    let verdicts = Cell::new([0usize; 2]);
    let compared = Cell::new(0usize);
    // three in four systems the generator's (most with deadlocks), the others this file's;
    // the components in their order or reversed; 3 formulas
    // (this file's first: a failing case shrinks towards them, whose parts shrink)
    let systems = prop_oneof![
        1 => arb::systems(SMALL_CTL).prop_map(AnySys::Small),
        3 => arb::random_specs(1..=4, 1..=5, 1..=8, &[0.2, 0.4, 0.6], 0.8).prop_map(AnySys::Generated),
    ];
    // the formulas name labels of both kinds of systems (this file's `a`–`d`, the
    // generator's local `c<i>_<k>` and shared `s<k>`), so they do not depend on the system and
    // shrink on their own
    let labels: Vec<String> = [
        "a", "b", "c", "d", "c0_0", "c0_1", "c1_0", "c1_1", "s0", "s1",
    ]
    .iter()
    .map(|l| l.to_string())
    .collect();
    let cases = (systems, any::<bool>(), vec(arb::ctl(labels, 3), 3));
    prop::check(
        "symbolic_ctl::random_systems_agree_with_the_explicit_engine",
        400,
        cases,
        |(sys, reversed, formulas)| {
            let sys = sys.build();
            let graph = ltsym::explicit::StateGraph::build(&sys, None).unwrap();
            let oracle = Explicit::new(&sys);
            if (0..graph.num_states() as u32).any(|s| graph.is_deadlock(s)) {
                deadlocked.set(deadlocked.get() + 1);
            }
            let n = sys.components().len();
            let order: Vec<usize> = if !reversed {
                (0..n).collect()
            } else {
                (0..n).rev().collect()
            };
            let budget = Budget::unlimited();
            let enc = Encoding::new(&sys, &order, ManagerOptions::small()).unwrap();
            let reach = reachable(&enc, &budget).unwrap();
            assert_eq!(
                enc.count(&reach).to_string(),
                graph.num_states().to_string()
            );
            let cubes: Vec<_> = (0..graph.num_states() as u32)
                .map(|s| enc.state_cube(&graph.state(s)).unwrap())
                .collect();
            let mut checkers = [
                CtlChecker::new(&enc, &reach, &sys).unwrap(),
                CtlChecker::new(&enc, &reach, &sys)
                    .unwrap()
                    .over_all_states(true)
                    .unwrap(),
                CtlChecker::new(&enc, &reach, &sys).unwrap().literal(true),
            ];
            for f in &formulas {
                let want = ltsym::explicit::eval_ctl(&graph, &sys, f);
                for (k, c) in checkers.iter_mut().enumerate() {
                    let set = c.eval(f, &budget).unwrap();
                    for (s, cube) in cubes.iter().enumerate() {
                        let got = cube.and(&set).unwrap().satisfiable();
                        assert_eq!(
                            got,
                            want[s],
                            "`{f}` at {:?} (checker {k})",
                            graph.state(s as u32)
                        );
                        compared.set(compared.get() + 1);
                    }
                    assert_eq!(
                        c.holds(f, &budget).unwrap(),
                        ltsym::explicit::check_ctl(&graph, &sys, f)
                    );
                }
                let ev = checkers[0].evidence(f, &budget).unwrap();
                validate(&sys, &oracle, f, want[graph.initial() as usize], &ev);
                let mut v = verdicts.get();
                v[usize::from(want[graph.initial() as usize])] += 1;
                verdicts.set(v);
            }
        },
    );
    let (deadlocked, verdicts, compared) = (deadlocked.get(), verdicts.get(), compared.get());
    println!("{deadlocked} of 400 systems deadlock; verdicts false/true {verdicts:?}; {compared} state comparisons");
    assert!(deadlocked > 150, "only {deadlocked} systems with deadlocks");
    assert!(
        verdicts[0] > 200 && verdicts[1] > 200,
        "verdicts {verdicts:?}"
    );
    assert!(compared > 10_000, "only {compared} state comparisons");
}

// ---------------------------------------------------------------- shortest paths

/// Distances from state `from`, expanding only the states of `within` (a target need not be in
/// it, the states before it must): `usize::MAX` where unreachable.
fn distances(ex: &Explicit, from: usize, within: &[bool]) -> Vec<usize> {
    let mut dist = vec![usize::MAX; ex.n()];
    dist[from] = 0;
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(s) = queue.pop_front() {
        if !within[s] {
            continue;
        }
        for &(_, q) in &ex.edges[s] {
            if dist[q] == usize::MAX {
                dist[q] = dist[s] + 1;
                queue.push_back(q);
            }
        }
    }
    dist
}

/// The shortest cycle through `s` whose states are all in `within`.
fn shortest_cycle_in(ex: &Explicit, s: usize, within: &[bool]) -> Option<usize> {
    let mut best = None;
    let d = distances(ex, s, within);
    for p in (0..ex.n()).filter(|&p| within[p] && d[p] != usize::MAX) {
        if ex.edges[p].iter().any(|&(_, q)| q == s) {
            best = best.min(Some(d[p] + 1)).or(Some(d[p] + 1));
        }
    }
    best
}

/// Checks that the evidence of `f` is shortest as its witness code claims, against brute force
/// on the explicit graph: a path to a goal (`EF`, a false `AG`, `E U`) reaches its first goal
/// state after the fewest steps; a lasso or path into a deadlock inside the set a path must stay
/// in (`EG`, a false `AF`, the lasso of a false `A U` or a true `E W`) is ranked as
/// src/symbolic/ctl/lasso.rs says: with `C` the shortest cycle inside the set through a state
/// within `T` steps of the start (`T` as the evidence claims it: "none through a state within T
/// steps is shorter", at least as far as the nearest state on a cycle; all reachable ones when
/// it claims "the shortest reachable"), `K` the fewest steps to a state on a cycle of `C` steps
/// and `D` the fewest steps to a deadlock, a path of `D` steps into a deadlock when
/// `D <= K + C`, else `K` steps to a cycle of `C` steps; and says so. Returns whether
/// the lasso part, when there is one, is the shortest (`false` for evidence found without the
/// search), and whether a path to the nearest end (the nearest deadlock or state on a cycle,
/// then the shortest cycle through it) would have been longer.
fn check_shortest(
    sys: &System,
    ex: &Explicit,
    f: &Ctl,
    holds: bool,
    ev: &CtlEvidence,
) -> (bool, bool) {
    use Ctl::*;
    let ctx = format!("evidence for `{f}`: {ev:?}");
    let idx: Vec<usize> = ev.states.iter().map(|s| ex.index[s]).collect();
    let val = |g: &Ctl| ex.eval(sys, g);
    let all = vec![true; ex.n()];
    let first_goal = |within: &[bool], goal: &[bool]| {
        let d = distances(ex, 0, within);
        let least = (0..ex.n())
            .filter(|&s| goal[s])
            .map(|s| d[s])
            .min()
            .unwrap();
        let first = idx.iter().position(|&s| goal[s]).unwrap();
        assert_eq!(first, least, "path to the goal, {ctx}");
    };
    let goal = match (f, holds) {
        (EF(g), true) => Some((all.clone(), val(g))),
        (AG(g), false) => Some((all.clone(), val(&not((**g).clone())))),
        (EU(x, y), true) => Some((val(x), val(y))),
        _ => None,
    };
    if let Some((within, goal)) = goal {
        first_goal(&within, &goal);
        return (true, false);
    }
    let ny = |g: &Ctl| not(g.clone());
    let set = match (f, holds) {
        (EG(g), true) => val(&eg((**g).clone())),
        (AF(g), false) => val(&eg(not((**g).clone()))),
        // the lasso part of these, when the path does not show the other part instead
        (AU(x, y), false) if !val(&eu(ny(y), and(ny(x), ny(y))))[0] => {
            val(&eg(and((**x).clone(), ny(y))))
        }
        (EW(x, y), true) if !val(&eu((**x).clone(), (**y).clone()))[0] => val(&eg((**x).clone())),
        _ => return (true, false),
    };
    let dead: Vec<bool> = (0..ex.n())
        .map(|s| set[s] && ex.edges[s].is_empty())
        .collect();
    let d = distances(ex, 0, &set);
    let reached = |s: usize| set[s] && d[s] != usize::MAX;
    let to_dead = (0..ex.n())
        .filter(|&s| dead[s] && reached(s))
        .map(|s| d[s])
        .min();
    // every state's shortest cycle inside the set, and the fewest steps to a state on one
    let all_cycles: Vec<Option<usize>> = (0..ex.n())
        .map(|s| reached(s).then(|| shortest_cycle_in(ex, s, &set)).flatten())
        .collect();
    let to_cycle = (0..ex.n())
        .filter(|&s| all_cycles[s].is_some())
        .map(|s| d[s])
        .min();
    // how far the evidence claims it searched for a shorter cycle
    let searched = match ev.shortest.map(|sh| sh.cycle_among) {
        Some(CycleAmong::WithinSteps(t)) if ev.cycle.is_some() => {
            assert!(Some(t) >= to_cycle, "searched less than the nearest, {ctx}");
            t
        }
        _ => usize::MAX,
    };
    // the shortest cycle through a state that near, and the fewest steps to one as short
    let cycles: Vec<Option<usize>> = (0..ex.n())
        .map(|s| all_cycles[s].filter(|_| d[s] <= searched))
        .collect();
    let c = cycles.iter().flatten().min().copied();
    let k = c.and_then(|c| {
        (0..ex.n())
            .filter(|&s| cycles[s] == Some(c))
            .map(|s| d[s])
            .min()
    });
    let lasso = c.zip(k).map(|(c, k)| k + c);
    // the nearest end: a deadlock when as near as the nearest state on a cycle, else that
    // state with the shortest cycle through it
    let via_nearest = to_cycle.and_then(|k| {
        let c = (0..ex.n())
            .filter(|&s| d[s] == k)
            .filter_map(|s| all_cycles[s]);
        c.min().map(|c| k + c)
    });
    let nearest_end = match (to_dead, to_cycle) {
        (Some(t), Some(k)) if t > k => via_nearest,
        (Some(t), _) => Some(t),
        (None, _) => via_nearest,
    };
    let best = match (to_dead, lasso) {
        (Some(t), Some(l)) => Some(t.min(l)),
        (t, l) => t.or(l),
    };
    let nearer_is_longer = nearest_end > best;
    let n = ev.path.len();
    let shortest = if ev.ends_in_deadlock {
        Some(n) == to_dead && lasso.is_none_or(|l| n <= l)
    } else {
        Some(n) == k
            && ev.cycle.as_ref().map(|c| c.len()) == c
            && to_dead.is_none_or(|t| Some(t) > lasso)
    };
    if let Some(sh) = ev.shortest {
        assert!(
            shortest,
            "not the shortest, {ctx} (D {to_dead:?}, K {k:?}, C {c:?})"
        );
        assert_eq!(sh.from_step, 0, "{ctx}");
        assert_eq!(sh.prefix, Bound::exact(n), "{ctx}");
        let cycle = ev.cycle.as_ref().map(|c| Bound::exact(c.len()));
        assert_eq!(sh.cycle, cycle, "{ctx}");
        if cycle.is_some() {
            assert_ne!(sh.cycle_among, CycleAmong::ThroughFirstState, "{ctx}");
        }
    }
    (shortest, nearer_is_longer)
}

/// CTL witnesses and counterexamples are the shortest their code says (see
/// src/symbolic/ctl/witness.rs), against brute force on the explicit graph, on random systems
/// (most with deadlocks) and formulas with an operator that a path shows at the top; many of
/// the lassos found without the search are longer (so the test fails without it), and some
/// found by the nearest end (the ranking before the cycle came first) too.
#[test]
fn ctl_paths_are_shortest() {
    let (lassos, longer, ranked) = (Cell::new(0), Cell::new(0), Cell::new(0));
    let budget = Budget::unlimited();
    // per formula: the operator at the top (7 kinds) and its two operands
    // (labels of both kinds of systems, as in the test above)
    let labels: Vec<String> = ["a", "b", "c", "d", "c0_0", "c0_1", "c1_0", "s0", "s1"]
        .iter()
        .map(|l| l.to_string())
        .collect();
    let formula = (0..7usize, arb::ctl(labels.clone(), 1), arb::ctl(labels, 1));
    // this file's small systems and the generator's RERS-like ones (most with deadlocks)
    let systems = prop_oneof![
        1 => arb::systems(SMALL_CTL).prop_map(AnySys::Small),
        1 => arb::random_specs(2..=3, 3..=5, 4..=6, &[0.4], 0.5).prop_map(AnySys::Generated),
    ];
    let cases = (systems, vec(formula, 6));
    prop::check(
        "symbolic_ctl::ctl_paths_are_shortest",
        600,
        cases,
        |(spec, formulas)| {
            let sys = spec.build();
            let ex = Explicit::new(&sys);
            let enc = Encoding::new(
                &sys,
                &(0..sys.components().len()).collect::<Vec<_>>(),
                ManagerOptions::small(),
            )
            .unwrap();
            let reach = reachable(&enc, &budget).unwrap();
            let mut c = CtlChecker::new(&enc, &reach, &sys).unwrap();
            for (op, g, h) in formulas {
                let f = match op {
                    0 => eg(g),
                    1 => af(g),
                    2 => ef(g),
                    3 => ag(g),
                    4 => eu(g, h),
                    5 => au(g, h),
                    _ => ew(g, h),
                };
                let holds = c.holds(&f, &budget).unwrap();
                let ev = c.evidence(&f, &budget).unwrap();
                validate(&sys, &ex, &f, holds, &ev);
                let (_, nearest_longer) = check_shortest(&sys, &ex, &f, holds, &ev);
                ranked.set(ranked.get() + usize::from(nearest_longer));
                if ev.shortest.is_some() {
                    lassos.set(lassos.get() + 1);
                    let plain = c.evidence_within(&f, &budget, 0).unwrap();
                    validate(&sys, &ex, &f, holds, &plain);
                    assert_eq!(plain.shortest, None);
                    let (short, _) = check_shortest(&sys, &ex, &f, holds, &plain);
                    longer.set(longer.get() + usize::from(!short));
                }
            }
        },
    );
    let (lassos, longer, ranked) = (lassos.get(), longer.get(), ranked.get());
    assert!(
        lassos > 400 && longer > 40 && ranked > 10,
        "{lassos} lassos, {longer} longer without the search, {ranked} longer to the nearest end"
    );
    eprintln!(
        "{lassos} lassos or paths into a deadlock, {longer} longer without the search, \
         {ranked} longer by the nearest end"
    );
}

// ---------------------------------------------------------------- measurements (ignored)

/// Times CTL properties shaped like the RERS 2019 ones on RERS .dot systems. Run with
/// `cargo test --release --test it -- --ignored --nocapture symbolic_ctl::rers_shaped`.
#[test]
#[ignore]
fn rers_shaped_properties_timing() {
    let files = std::env::var("SCTL_FILES").unwrap_or_else(|_| {
        "2016/problem105.dot 2017/problem104.dot 2017/problem106.dot".to_string()
    });
    for file in files.split_whitespace() {
        let path = support::rers(file);
        let sys = ltsym::parse::load_system(&path, &ltsym::parse::LoadOptions::default()).unwrap();
        let budget = Budget::new(Some(300.0), None);
        let t0 = std::time::Instant::now();
        let order: Vec<usize> = (0..sys.components().len()).collect();
        let enc = Encoding::new(&sys, &order, ManagerOptions::default()).unwrap();
        let reach = reachable(&enc, &budget).unwrap();
        let treach = t0.elapsed().as_secs_f64();
        let mut c = CtlChecker::new(&enc, &reach, &sys).unwrap();
        let mut all = CtlChecker::new(&enc, &reach, &sys)
            .unwrap()
            .over_all_states(true)
            .unwrap();
        let names: Vec<String> = sys
            .labels()
            .iter()
            .filter(|l| !l.is_silent())
            .map(|l| l.name.clone())
            .collect();
        let deadlocks = enc.count(&c.deadlocks().unwrap());
        println!(
            "{file}: {} states, {deadlocks} deadlocks, reach {treach:.2}s",
            enc.count(&reach)
        );
        let mut rng = ltsym::gen::rng::Rng::new(42);
        for i in 0..10 {
            let mut l = || names[rng.below(names.len())].clone();
            let (x, y, z) = (l(), l(), l());
            let f = match i % 5 {
                0 => aw(boxl(&x, ff()), or(en(&y), en(&z))),
                1 => ag(Ctl::Implies(bx(en(&x)), bx(aw(boxl(&y, ff()), en(&z))))),
                2 => au(boxl(&x, ff()), en(&y)),
                3 => ag(Ctl::Implies(bx(en(&x)), bx(au(boxl(&y, ff()), en(&z))))),
                _ => aw(Ctl::Implies(bx(en(&x)), bx(af(en(&y)))), en(&y)),
            };
            let t = std::time::Instant::now();
            let holds = c.holds(&f, &budget).unwrap();
            let teval = t.elapsed().as_secs_f64();
            let t = std::time::Instant::now();
            let holds_all = all.holds(&f, &budget).unwrap();
            let tall = t.elapsed().as_secs_f64();
            assert_eq!(holds, holds_all, "{f}");
            all.clear_memo();
            let t = std::time::Instant::now();
            let ev = c.evidence(&f, &budget).unwrap();
            let tev = t.elapsed().as_secs_f64();
            println!(
                "  {holds:5} eval {teval:.3}s (over all states {tall:.3}s) evidence {tev:.3}s (path {}, cycle {:?}, dead {}) {f}",
                ev.path.len(),
                ev.cycle.as_ref().map(|c| c.len()),
                ev.ends_in_deadlock
            );
            c.clear_memo();
        }
    }
}

/// RERS 2019 Parallel CTL problem 101 (the only 2019 system published, as Promela): every
/// property symbolically and explicitly, which must agree, and every evidence replayed;
/// verdicts and times printed with `cargo test --release --test it -- --nocapture symbolic_ctl::
/// rers2019`.
#[test]
fn rers2019_problem101_symbolic_and_explicit_agree() {
    let sys = ltsym::parse::load_system(
        &support::rers("2019/problem101.pml"),
        &ltsym::parse::LoadOptions::default(),
    )
    .unwrap();
    let props = match ltsym::parse::load_properties(
        &support::rers("2019/problem101-ctl-properties.txt"),
        Some(ltsym::parse::Logic::Ctl),
    )
    .unwrap()
    {
        ltsym::logic::Properties::Ctl(p) => p,
        ltsym::logic::Properties::Ltl(_) => panic!("not CTL"),
    };
    let t = std::time::Instant::now();
    let graph = ltsym::explicit::StateGraph::build(&sys, Some(50_000_000)).unwrap();
    let deadlocks = (0..graph.num_states() as u32)
        .filter(|&s| graph.is_deadlock(s))
        .count();
    println!(
        "explicit: {} states, {} edges, {deadlocks} deadlocks, {:.2}s",
        graph.num_states(),
        graph.num_edges(),
        t.elapsed().as_secs_f64()
    );
    let oracle = Explicit::new(&sys);
    let budget = Budget::unlimited();
    let t = std::time::Instant::now();
    let n = sys.components().len();
    let enc = Encoding::new(&sys, &(0..n).collect::<Vec<_>>(), ManagerOptions::small()).unwrap();
    let reach = reachable(&enc, &budget).unwrap();
    println!(
        "symbolic: {} states, reach {:.2}s",
        enc.count(&reach),
        t.elapsed().as_secs_f64()
    );
    assert_eq!(
        enc.count(&reach).to_string(),
        graph.num_states().to_string()
    );
    let mut c = CtlChecker::new(&enc, &reach, &sys).unwrap();
    for p in &props {
        let t = std::time::Instant::now();
        let sym = c.holds(&p.formula, &budget).unwrap();
        let ts = t.elapsed().as_secs_f64();
        let t = std::time::Instant::now();
        let exp = ltsym::explicit::check_ctl(&graph, &sys, &p.formula);
        let te = t.elapsed().as_secs_f64();
        let t = std::time::Instant::now();
        let ev = c.evidence(&p.formula, &budget).unwrap();
        let tw = t.elapsed().as_secs_f64();
        println!(
            "#{}: {sym} symbolic {ts:.3}s explicit {te:.3}s evidence {tw:.3}s (path {}, cycle {:?}, dead {})",
            p.number,
            ev.path.len(),
            ev.cycle.as_ref().map(|c| c.len()),
            ev.ends_in_deadlock
        );
        if !sym {
            println!("    {}", ev.describe(&sys));
        }
        assert_eq!(sym, exp, "property #{}: {}", p.number, p.formula);
        validate(&sys, &oracle, &p.formula, sym, &ev);
    }
}
