//! Weak-bisimulation tasks (thesis Def. 30, after [SJ19]): two parallel systems `L1`, `L2`
//! of the same number of LTSs and a visible alphabet `Σ`; the answer is whether
//! `[L1]_Σ ≈ [L2]_Σ` (Def. 21, 27).
//!
//! Both systems are made from a base LTS `M` over `Σ` (the base MTS of a few structural
//! properties, §5.4, with every transition required):
//! * each is decomposed by modal contracts and refined to LTSs (§6.1, Def. 29). For an LTS
//!   `M`, refinement is bisimilarity: `L ≲ M` asks every transition of `L` to be matched in
//!   `M` and every (must) transition of `M` in `L`, on one relation, which is then a
//!   bisimulation. So each unextended system is strongly bisimilar to `M`;
//! * each is extended by alphabet extensions (§6.2): `[L || M_E]_{Σ(L)} ≈ L` (Def. 52;
//!   Lemma 8, Thm. 9, Thm. 10), the fresh labels hidden.
//!
//! *Equivalent*: both come from `M` (with their own random choices), so both are weakly
//! bisimilar to `M`. *Not equivalent*: one comes from `M' = M + (q -a-> q')`, where `q` is
//! one of the states `M` reaches by a word `u` and no state `M` reaches by `u` has an
//! `a`-transition. Then `u·a` is a trace of `M'` and not of `M`; weak bisimilarity keeps weak
//! traces, so `u·a` distinguishes the two systems: the manifest gives it.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use num_bigint::BigUint;

use crate::error::{Error, Result};
use crate::gen::rng::Rng;
use crate::logic::Ltl;
use crate::model::System;

use super::base::{base_mts, Shape};
use super::buchi::Conjunction;
use super::extension::Mode;
use super::labels::Labels;
use super::mts::{powerset, Lb, Mts, St};
use super::naming::{self, Names};
use super::patterns::Instance;
use super::properties::LtlDrawer;
use super::{extend, unextended, ExtStep, Knobs};

/// One of the two systems of a task.
pub struct Side {
    pub system: System,
    pub names: Names,
    pub unextended_states: u64,
    pub reachable: Option<BigUint>,
    pub decompositions: usize,
    pub extensions: Vec<ExtStep>,
}

/// A weak-bisimulation task.
pub struct BisimTask {
    pub knobs: Knobs,
    pub bisimilar: bool,
    /// The answer asked for (`--bisimilar`), `None` when the seed decided it: a forced answer
    /// draws nothing from the seed, so the same seed makes other bytes.
    pub forced: Option<bool>,
    pub a: Side,
    pub b: Side,
    /// The visible labels (by name): the core labels both systems have.
    pub visible: Vec<String>,
    /// For a task whose answer is "not equivalent": a weak trace of `b` that `a` lacks (or,
    /// when `in_a`, of `a` that `b` lacks).
    pub trace: Option<(Vec<String>, bool)>,
    pub base_states: usize,
    pub structural: Vec<Instance>,
}

/// Makes a task; `answer` forces the answer (default: decided by the seed).
pub fn generate_bisim(knobs: &Knobs, answer: Option<bool>) -> Result<BisimTask> {
    knobs.validate().map_err(Error::Usage)?;
    let mut rng = Rng::new(knobs.seed ^ 0xB15);
    let bisimilar = answer.unwrap_or_else(|| rng.chance(0.5));
    let mut labels = Labels::with_core(knobs.core_label_count());
    let core = labels.core();
    let (m, structural) = base_lts(knobs, &core, &mut rng)?;
    let (other, word) = if bisimilar {
        (m.clone(), None)
    } else {
        let (m2, w) = mutate(&m, &mut rng).ok_or_else(|| {
            Error::Usage("the base system has no trace to add: try another --seed".into())
        })?;
        (m2, Some(w))
    };
    // which of the two files gets the mutated system
    let mutated_is_a = !bisimilar && rng.chance(0.5);
    let (ma, mb) = if mutated_is_a {
        (&other, &m)
    } else {
        (&m, &other)
    };
    let mut sides = Vec::new();
    for base in [ma, mb] {
        let u = unextended(base, knobs, &labels, &mut rng)?;
        let count = knobs.components.saturating_sub(u.lts.len());
        let (parts, extensions) = extend(knobs, u.lts, &mut labels, count, u.states, &mut rng)?;
        let reachable = (knobs.extension == Mode::Free).then(|| {
            extensions
                .iter()
                .fold(BigUint::from(u.states), |acc, e| acc * e.states)
        });
        sides.push((parts, u.states, reachable, u.steps.len(), extensions));
    }
    let names = numbered(&sides[0].0, &sides[1].0, &core, labels.len(), &mut rng);
    let present = |parts: &[Mts]| -> BTreeSet<Lb> {
        parts
            .iter()
            .flat_map(|p| p.alphabet.iter().copied())
            .collect()
    };
    let (pa, pb) = (present(&sides[0].0), present(&sides[1].0));
    let visible: Vec<String> = core
        .iter()
        .filter(|l| pa.contains(l) && pb.contains(l))
        .map(|&l| names.label[l as usize].clone())
        .collect();
    let trace = word.map(|w| {
        (
            w.iter().map(|&l| names.label[l as usize].clone()).collect(),
            mutated_is_a,
        )
    });
    let mut made = Vec::new();
    for (parts, states, reachable, decompositions, extensions) in sides {
        let mut order: Vec<usize> = (0..parts.len()).collect();
        rng.shuffle(&mut order);
        let side_names = Names {
            label: names.label.clone(),
            order,
        };
        made.push(Side {
            system: naming::system(&parts, &side_names)?,
            names: side_names,
            unextended_states: states,
            reachable,
            decompositions,
            extensions,
        });
    }
    let b = made.pop().expect("two sides");
    let a = made.pop().expect("two sides");
    Ok(BisimTask {
        knobs: knobs.clone(),
        bisimilar,
        forced: answer,
        a,
        b,
        visible,
        trace,
        base_states: m.states,
        structural,
    })
}

/// The base LTS: the base MTS of the structural properties (at least two), every transition
/// required.
fn base_lts(knobs: &Knobs, core: &[Lb], rng: &mut Rng) -> Result<(Mts, Vec<Instance>)> {
    let mut drawer = LtlDrawer::new();
    let shape = Shape {
        max_states: knobs.core_states,
        keep_label: 0.5,
        branch: 0.15,
    };
    for _ in 0..super::ATTEMPTS {
        let mut chosen: Vec<Instance> = Vec::new();
        let mut formulas: Vec<Ltl> = Vec::new();
        while chosen.len() < knobs.structural.max(2) {
            let Some((i, f)) = drawer.next(core, &chosen, true, rng)? else {
                break;
            };
            chosen.push(i);
            formulas.push(f);
        }
        let conj = Conjunction::new(&formulas, core)?;
        if conj.is_empty() {
            continue;
        }
        if let Some(b) = base_mts(&conj, shape, rng) {
            return Ok((b.mts.all_must(), chosen));
        }
    }
    Err(Error::Usage(
        "no base system found: try another --seed or more --core-states".into(),
    ))
}

/// `m` with one transition added that makes a new trace, and that trace: the deepest set of
/// states `m` reaches by one word (breadth-first, so by a shortest word) that refuses a label
/// `m` has elsewhere; ties broken at random.
fn mutate(m: &Mts, rng: &mut Rng) -> Option<(Mts, Vec<Lb>)> {
    let used: Vec<Lb> = m.used_labels().into_iter().collect();
    let ps = powerset(m, &used);
    // shortest words to each set
    let mut via: BTreeMap<usize, (usize, Lb)> = BTreeMap::new();
    let mut depth = vec![usize::MAX; ps.sets.len()];
    depth[0] = 0;
    let mut queue = VecDeque::from([0usize]);
    while let Some(i) = queue.pop_front() {
        for &(f, l, t) in ps.moves.iter().filter(|mv| mv.0 == i) {
            if depth[t] == usize::MAX {
                depth[t] = depth[f] + 1;
                via.insert(t, (f, l));
                queue.push_back(t);
            }
        }
    }
    let mut candidates: Vec<(usize, usize, Lb)> = Vec::new();
    for (i, _) in ps.sets.iter().enumerate() {
        for &a in &used {
            if !ps.moves.iter().any(|&(f, l, _)| f == i && l == a) {
                candidates.push((depth[i], i, a));
            }
        }
    }
    let deepest = candidates.iter().map(|c| c.0).max()?;
    let top: Vec<&(usize, usize, Lb)> = candidates.iter().filter(|c| c.0 == deepest).collect();
    let &(_, set, a) = top[rng.below(top.len())];
    let q = ps.sets[set][rng.below(ps.sets[set].len())];
    let q2 = rng.below(m.states) as St;
    let mut word = vec![a];
    let mut at = set;
    while at != 0 {
        let (f, l) = via[&at];
        word.push(l);
        at = f;
    }
    word.reverse();
    let mut out = m.clone();
    out.add(q, a, q2, true);
    out.normalize();
    Some((out, word))
}

/// RERS 2019 names (`a1`, `a2`, ...) for the labels of both systems: a core label has one
/// name in both, fresh labels are distinct between them (so the labels the two systems
/// share are exactly the visible ones).
fn numbered(a: &[Mts], b: &[Mts], core: &[Lb], num_labels: usize, rng: &mut Rng) -> Names {
    let mut present: BTreeSet<Lb> = core.iter().copied().collect();
    for p in a.iter().chain(b) {
        present.extend(p.alphabet.iter().copied());
    }
    let mut numbers: Vec<usize> = (1..=present.len()).collect();
    rng.shuffle(&mut numbers);
    let mut label = vec![String::new(); num_labels];
    for (l, n) in present.into_iter().zip(numbers) {
        label[l as usize] = format!("a{n}");
    }
    Names {
        label,
        order: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mutation_adds_exactly_one_new_trace_end() {
        // 0 -a-> 1 -b-> 0 over {a, b}: after `a`, `a` is refused
        let mut m = Mts::new(2, 0, vec![0, 1]);
        m.add(0, 0, 1, true);
        m.add(1, 1, 0, true);
        m.normalize();
        let mut rng = Rng::new(1);
        let (m2, w) = mutate(&m, &mut rng).unwrap();
        assert_eq!(m2.edges.len(), 3);
        // the word is a trace of m2 and not of m
        let runs = |m: &Mts| -> bool {
            let mut at: BTreeSet<St> = BTreeSet::from([m.initial]);
            for &l in &w {
                at = m
                    .edges
                    .iter()
                    .filter(|e| at.contains(&e.from) && e.label == l)
                    .map(|e| e.to)
                    .collect();
            }
            !at.is_empty()
        };
        assert!(runs(&m2) && !runs(&m));
    }
}
