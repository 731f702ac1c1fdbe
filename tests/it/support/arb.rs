//! Random systems, automata and formulas as `proptest` strategies. Each value shrinks: a
//! system loses components, states and moves, a formula loses operators, so a failing case
//! ends as a minimal system and formula (see [`super::prop`] for how the tests run them).

use std::fmt;
use std::ops::RangeInclusive;

use proptest::collection::vec;
use proptest::option::weighted;
use proptest::prelude::*;
use proptest::sample::select;

use ltsym::automata::{LetterSet, Tgba, TgbaEdge};
use ltsym::gen::RandomSpec;
use ltsym::logic::{Ctl, Ltl};
use ltsym::model::{StateId, System, SystemBuilder};

/// A label no generated system has: it never fires.
pub const MISSING: &str = "zz";

// ---------------------------------------------------------------- systems

/// A small system as plain data: what a bug report shows, and what [`SysSpec::build`] turns
/// into a [`System`]. Components are `c0, c1, ...`, their states `s0, s1, ...`.
#[derive(Clone, PartialEq)]
pub struct SysSpec {
    pub components: Vec<CompSpec>,
    pub tuple_labels: Vec<TupleSpec>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CompSpec {
    pub states: usize,
    pub start: usize,
    /// `(from, label, to)`; `None` is a silent move.
    pub moves: Vec<(usize, Option<String>, usize)>,
}

/// A label that moves its components by the listed tuples only (`Sync::Tuples`).
#[derive(Clone, Debug, PartialEq)]
pub struct TupleSpec {
    pub name: String,
    /// Ascending, at least two.
    pub components: Vec<usize>,
    /// One `(from, to)` per component.
    pub tuples: Vec<Vec<(usize, usize)>>,
}

impl SysSpec {
    pub fn build(&self) -> System {
        let mut b = SystemBuilder::new();
        for (i, c) in self.components.iter().enumerate() {
            let id = b.add_component(&format!("c{i}"));
            for s in 0..c.states {
                b.add_state(id, &format!("s{s}")).unwrap();
            }
            b.set_start(id, c.start as StateId);
        }
        for t in &self.tuple_labels {
            let tuples = t
                .tuples
                .iter()
                .map(|m| {
                    m.iter()
                        .map(|&(f, to)| (f as StateId, to as StateId))
                        .collect()
                })
                .collect();
            b.add_tuple_label(&t.name, t.components.clone(), tuples)
                .unwrap();
        }
        for (i, c) in self.components.iter().enumerate() {
            for (from, label, to) in &c.moves {
                let l = label.as_deref().unwrap_or("");
                b.add_transition(i, *from as StateId, l, *to as StateId);
            }
        }
        b.build().unwrap()
    }
}

impl fmt::Debug for SysSpec {
    /// One line per component, `s0 -a-> s1` per move (`-τ->` silent), then the tuple labels.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "system of {} components:", self.components.len())?;
        for (i, c) in self.components.iter().enumerate() {
            write!(f, "  c{i}: {} states, start s{};", c.states, c.start)?;
            for (from, l, to) in &c.moves {
                write!(f, " s{from} -{}-> s{to}", l.as_deref().unwrap_or("τ"))?;
            }
            writeln!(f)?;
        }
        for t in &self.tuple_labels {
            let comps: Vec<String> = t.components.iter().map(|c| format!("c{c}")).collect();
            write!(f, "  tuple label {} over {}:", t.name, comps.join(" "))?;
            for tu in &t.tuples {
                let moves: Vec<String> = tu.iter().map(|(a, b)| format!("s{a}->s{b}")).collect();
                write!(f, " ({})", moves.join(", "))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// The sizes and labels of generated systems.
#[derive(Clone)]
pub struct Shape {
    pub components: RangeInclusive<usize>,
    pub states: RangeInclusive<usize>,
    /// A component of `n` states has up to `2n + extra_moves` moves.
    pub extra_moves: usize,
    /// The labels of moves; a name in several components synchronises them.
    pub labels: &'static [&'static str],
    /// The share of silent moves.
    pub silent: f64,
    /// Tuple labels, each present with probability `tuple_chance` when there are two
    /// components, over up to `tuple_arity` of them, with up to `max_tuples` tuples.
    pub tuple_labels: &'static [&'static str],
    pub tuple_chance: f64,
    pub tuple_arity: usize,
    pub max_tuples: usize,
}

/// Up to 3 components of up to 4 states, labels `a`–`d` (and tuples `e`), some silent moves:
/// small enough for product graphs built by brute force.
pub const SMALL: Shape = Shape {
    components: 1..=3,
    states: 1..=4,
    extra_moves: 1,
    labels: &["a", "b", "c", "d"],
    silent: 0.15,
    tuple_labels: &["e"],
    tuple_chance: 0.3,
    tuple_arity: 2,
    max_tuples: 3,
};

/// Up to 5 components of up to 6 states, 8 labels, tuple labels over up to three components.
pub const WIDE: Shape = Shape {
    components: 1..=5,
    states: 1..=6,
    extra_moves: 1,
    labels: &["l0", "l1", "l2", "l3", "l4", "l5", "l6", "l7"],
    silent: 0.05,
    tuple_labels: &["t0", "t1"],
    tuple_chance: 0.5,
    tuple_arity: 3,
    max_tuples: 4,
};

fn component(shape: &Shape) -> impl Strategy<Value = CompSpec> {
    let (labels, silent, extra) = (shape.labels, shape.silent, shape.extra_moves);
    shape
        .states
        .clone()
        .prop_flat_map(move |n| {
            let label = weighted(1.0 - silent, select(labels).prop_map(String::from));
            (Just(n), 0..n, vec((0..n, label, 0..n), 0..=2 * n + extra))
        })
        .prop_map(|(states, start, moves)| CompSpec {
            states,
            start,
            moves,
        })
}

/// Systems of `shape`.
pub fn systems(shape: Shape) -> impl Strategy<Value = SysSpec> {
    let max_states = *shape.states.end();
    let max_comps = *shape.components.end();
    let tuple = |name: &'static str| {
        weighted(
            shape.tuple_chance,
            (
                vec(0..max_comps, 2..=shape.tuple_arity),
                vec(
                    vec((0..max_states, 0..max_states), shape.tuple_arity),
                    1..=shape.max_tuples,
                ),
            )
                .prop_map(move |(c, t)| (name, c, t)),
        )
    };
    let tuples: Vec<_> = shape.tuple_labels.iter().map(|&n| tuple(n)).collect();
    let comps = vec(component(&shape), shape.components.clone());
    (comps, tuples).prop_map(|(components, raw)| {
        // tuple labels over the components there are, their states reduced into range
        let n = components.len();
        let tuple_labels = raw
            .into_iter()
            .flatten()
            .filter_map(|(name, cs, ts)| {
                let mut cs: Vec<usize> = cs.into_iter().map(|c| c % n).collect();
                cs.sort_unstable();
                cs.dedup();
                (cs.len() >= 2).then(|| TupleSpec {
                    name: name.to_string(),
                    tuples: ts
                        .iter()
                        .map(|t| {
                            cs.iter()
                                .zip(t)
                                .map(|(&c, &(a, b))| {
                                    let k = components[c].states;
                                    (a % k, b % k)
                                })
                                .collect()
                        })
                        .collect(),
                    components: cs,
                })
            })
            .collect();
        SysSpec {
            components,
            tuple_labels,
        }
    })
}

/// The library's RERS-like random systems ([`ltsym::gen::random`]): each label local or
/// shared by two components, shared with a rate of `shares`, made to deadlock likely with
/// probability `deadlocks`.
pub fn random_specs(
    components: RangeInclusive<usize>,
    states: RangeInclusive<usize>,
    transitions: RangeInclusive<usize>,
    shares: &'static [f64],
    deadlocks: f64,
) -> impl Strategy<Value = RandomSpec> {
    (
        components,
        states,
        transitions,
        select(shares),
        prop::bool::weighted(deadlocks),
        // a smaller seed is not a simpler system: shrink the sizes only
        any::<u64>().no_shrink(),
    )
        .prop_map(|(c, s, t, share_rate, deadlocks, seed)| RandomSpec {
            components: c,
            states_per_component: s,
            transitions_per_component: t,
            share_rate,
            deadlocks,
            seed,
        })
}

/// The names of a system's labels that are not silent.
pub fn label_names(sys: &System) -> Vec<String> {
    sys.labels()
        .iter()
        .filter(|l| !l.is_silent())
        .map(|l| l.name.clone())
        .collect()
}

/// `n` random formulas (all operators, nested up to `depth`) over the first `max_atoms` labels
/// of `sys` ([`label_names`]) and [`MISSING`], a label no system has: the set-up of the tests
/// that compare engines on random systems and formulas.
pub fn formulas_over(
    sys: &System,
    max_atoms: usize,
    depth: u32,
    n: usize,
) -> BoxedStrategy<Vec<Ltl>> {
    let mut atoms = label_names(sys);
    atoms.truncate(max_atoms);
    atoms.push(MISSING.into());
    vec(ltl(atoms, depth, LtlOps::All), n).boxed()
}

// ---------------------------------------------------------------- automata

fn edge(from: usize, to: usize, letters: &[bool], acc: u64) -> TgbaEdge {
    let mut s = LetterSet::empty(letters.len());
    for (i, _) in letters.iter().enumerate().filter(|x| *x.1) {
        s.insert(i);
    }
    TgbaEdge {
        from,
        to,
        letters: s,
        acc,
    }
}

/// Random automata over some of `names` (and sometimes [`MISSING`]): up to 4 states, up to 2
/// acceptance sets, sometimes an accepting sink as the negations of `F` properties have.
pub fn tgbas(names: &'static [&'static str]) -> impl Strategy<Value = Tgba> {
    (
        vec(prop::bool::weighted(0.4), names.len()),
        prop::bool::weighted(0.2),
        1..=4usize,
        0..=2usize,
    )
        .prop_flat_map(move |(pick, missing, n, num_acc)| {
            let mut atoms: Vec<String> = names
                .iter()
                .zip(&pick)
                .filter(|x| *x.1)
                .map(|x| x.0.to_string())
                .collect();
            if missing {
                atoms.push(MISSING.into());
            }
            atoms.sort();
            let nl = atoms.len() + 1;
            let edges = vec(
                (
                    0..n,
                    0..n,
                    vec(prop::bool::weighted(0.5), nl),
                    0..1u64 << num_acc,
                ),
                1..=3 * n + 1,
            );
            (
                Just(atoms),
                Just(num_acc),
                edges,
                weighted(0.3, 0..n),
                0..n,
                Just(n),
            )
        })
        .prop_map(|(atoms, num_acc, edges, sink, initial, n)| {
            let nl = atoms.len() + 1;
            let mut edges: Vec<TgbaEdge> = edges
                .iter()
                .map(|(f, t, l, a)| edge(*f, *t, l, *a))
                .collect();
            if let Some(q) = sink {
                edges.push(edge(q, q, &vec![true; nl], (1u64 << num_acc) - 1));
            }
            Tgba {
                atoms,
                num_states: n,
                initial,
                num_acc,
                edges,
                state_names: (0..n).map(|q| format!("q{q}")).collect(),
            }
        })
}

// ---------------------------------------------------------------- formulas

fn bx<T>(f: T) -> Box<T> {
    Box::new(f)
}

/// Which LTL operators a formula may use.
#[derive(Clone, Copy, PartialEq)]
pub enum LtlOps {
    /// Every operator.
    All,
    /// Every operator but `X` (SPIN's reading refuses it).
    NoNext,
}

/// Random LTL formulas over `atoms` of at most `depth` nested operators: every operator of
/// the grammar, and `G F`, `F G`.
pub fn ltl(atoms: Vec<String>, depth: u32, ops: LtlOps) -> BoxedStrategy<Ltl> {
    let leaf = prop_oneof![
        1 => Just(Ltl::True),
        1 => Just(Ltl::False),
        6 => select(atoms).prop_map(Ltl::Atom),
    ];
    leaf.prop_recursive(depth, 48, 2, move |f| {
        let g = f.clone();
        let two = (f.clone(), f.clone());
        let next = if ops == LtlOps::All { 1 } else { 0 };
        prop_oneof![
            1 => f.clone().prop_map(|a| Ltl::Not(bx(a))),
            1 => two.clone().prop_map(|(a, b)| Ltl::And(bx(a), bx(b))),
            1 => two.clone().prop_map(|(a, b)| Ltl::Or(bx(a), bx(b))),
            1 => two.clone().prop_map(|(a, b)| Ltl::Implies(bx(a), bx(b))),
            1 => two.clone().prop_map(|(a, b)| Ltl::Equiv(bx(a), bx(b))),
            1 => two.clone().prop_map(|(a, b)| Ltl::Xor(bx(a), bx(b))),
            next => f.clone().prop_map(|a| Ltl::Next(bx(a))),
            1 => f.clone().prop_map(|a| Ltl::Finally(bx(a))),
            1 => f.clone().prop_map(|a| Ltl::Globally(bx(a))),
            1 => two.clone().prop_map(|(a, b)| Ltl::Until(bx(a), bx(b))),
            1 => two.clone().prop_map(|(a, b)| Ltl::WeakUntil(bx(a), bx(b))),
            1 => two.clone().prop_map(|(a, b)| Ltl::Release(bx(a), bx(b))),
            1 => two.prop_map(|(a, b)| Ltl::StrongRelease(bx(a), bx(b))),
            1 => f.clone().prop_map(|a| Ltl::Globally(bx(Ltl::Finally(bx(a))))),
            1 => g.prop_map(|a| Ltl::Finally(bx(Ltl::Globally(bx(a))))),
        ]
    })
    .boxed()
}

/// Random CTL formulas (RERS syntax) of at most `depth` nested operators: every operator;
/// modalities name a label of `labels`, no label (`<>`, `[]`), or [`MISSING`].
pub fn ctl(labels: Vec<String>, depth: u32) -> BoxedStrategy<Ctl> {
    let mut named = labels;
    named.push(MISSING.into());
    let label = prop_oneof![
        1 => Just(None),
        4 => select(named).prop_map(Some),
    ];
    let l2 = label.clone();
    let leaf = prop_oneof![
        1 => Just(Ctl::True),
        1 => Just(Ctl::False),
        4 => label.clone().prop_map(|l| Ctl::Diamond(l, bx(Ctl::True))),
    ];
    leaf.prop_recursive(depth, 48, 2, move |f| {
        let two = (f.clone(), f.clone());
        prop_oneof![
            f.clone().prop_map(|a| Ctl::Not(bx(a))),
            two.clone().prop_map(|(a, b)| Ctl::And(bx(a), bx(b))),
            two.clone().prop_map(|(a, b)| Ctl::Or(bx(a), bx(b))),
            two.clone().prop_map(|(a, b)| Ctl::Implies(bx(a), bx(b))),
            two.clone().prop_map(|(a, b)| Ctl::Equiv(bx(a), bx(b))),
            (l2.clone(), f.clone()).prop_map(|(l, a)| Ctl::Diamond(l, bx(a))),
            (l2.clone(), f.clone()).prop_map(|(l, a)| Ctl::Box(l, bx(a))),
            two.clone().prop_map(|(a, b)| Ctl::AU(bx(a), bx(b))),
            two.clone().prop_map(|(a, b)| Ctl::EU(bx(a), bx(b))),
            two.clone().prop_map(|(a, b)| Ctl::AW(bx(a), bx(b))),
            two.prop_map(|(a, b)| Ctl::EW(bx(a), bx(b))),
            f.clone().prop_map(|a| Ctl::AG(bx(a))),
            f.clone().prop_map(|a| Ctl::EG(bx(a))),
            f.clone().prop_map(|a| Ctl::AF(bx(a))),
            f.prop_map(|a| Ctl::EF(bx(a))),
        ]
    })
    .boxed()
}

/// A system of either kind: this module's small ones (silent moves, tuple labels) or the
/// library's RERS-like ones.
#[derive(Clone, Debug)]
pub enum AnySys {
    Small(SysSpec),
    Generated(RandomSpec),
}

impl AnySys {
    pub fn build(&self) -> System {
        match self {
            AnySys::Small(s) => s.build(),
            AnySys::Generated(spec) => ltsym::gen::random(spec).unwrap(),
        }
    }
}
