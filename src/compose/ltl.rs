//! One LTL property, compositionally: keep its labels, hide the rest, reduce, check the result
//! with the explicit engine, and realise a counterexample on the original system.
//!
//! **Which reduction keeps the verdict.** Our reading (RERS): a run's word is the sequence of
//! its labels, a label the formula does not name read as the letter `o`; only infinite runs
//! count. Hide every label the formula does not name (the reduced LTS steps on `τ` where the
//! system steps on such a label, and the explicit engine reads `τ` as `o` as it reads any
//! silent label).
//!
//! * If the property is interruptible (`crate::automata::interrupt`: it cannot tell apart two
//!   words that are equal once their `o`s are erased), minimise modulo divergence-preserving
//!   branching bisimulation (DPBB). Claim: the system and its reduction have the same set of
//!   *erased words* of infinite runs, where an infinite run whose visible labels stop gives a
//!   finite erased word (a divergence). Proof sketch: DPBB is a congruence for the parallel
//!   composition and hiding used here (van Glabbeek, Luttik and Trčka 2009), so the reduced
//!   composition is DPBB to the system with the labels hidden. Along an infinite run of one
//!   LTS, a DPBB-related state of the other can match every step (a visible step by `τ*` and
//!   that step, an internal step by staying or by `τ*τ`), so it has an infinite run with the
//!   same erased word if infinitely many steps were visible or matched by a move; if from some
//!   point every step is matched by staying, the run stays in one class moving internally
//!   forever, and divergence preservation gives the other an internal run forever from there:
//!   again an infinite run with the same (finite) erased word. As the property holds on a word
//!   iff it holds on every word with the same erasure, the violating runs exist on both sides
//!   or on neither. A deadlock stays a deadlock (a state with no transition has none in its
//!   class's quotient either, unless the class moves), and deadlocks never count.
//!   Divergence preservation is needed: with plain branching bisimulation an internal loop
//!   disappears, and with it a run whose word is `u o^ω`, which may be the only violation.
//! * Otherwise the hidden labels stay letters: minimise modulo strong bisimulation with `τ` a
//!   label like any other (one anonymous letter for every hidden label, as the formula reads
//!   them all as `o`). Strong bisimulation is a congruence for composition and keeps every
//!   run's word exactly.
//!
//! A counterexample of the reduced LTS is realised on the system (`super::realise`): its
//! visible steps are the same, and internal steps become one or more hidden steps, so for an
//! interruptible property it violates the property too, and for the strong case it reads the
//! same word. The caller replays it on the system, the automaton and the formula anyway.

use std::rc::Rc;

use super::lts::{Act, Lts, TAU};
use super::realise::{realise_lasso, Step};
use super::smart::{labels_named, reduce, Bounds, Cache, Reduced, Stop};
use super::tree::{act, Node};
use super::Equivalence;
use crate::automata::interrupt::interruptible;
use crate::automata::Tgba;
use crate::error::{Error, Result};
use crate::explicit::graph::StateGraph;
use crate::explicit::ltl::find_accepting_lasso;
use crate::limits::Budget;
use crate::model::{LabelId, System, SystemBuilder};

/// How a property was reduced.
#[derive(Clone, Debug)]
pub struct Reduction {
    pub equivalence: Equivalence,
    /// The labels kept visible.
    pub kept: Vec<LabelId>,
    /// The largest LTS made (states, transitions): a composition before it was minimised, as a
    /// rule.
    pub largest: (usize, usize),
    /// The LTS checked at the end (states, transitions).
    pub last: (usize, usize),
    /// The work of the compositions made (see [`Bounds::max_work`]).
    pub work: usize,
}

/// The answer for one property.
pub enum LtlAnswer {
    /// `None`: the property holds; else a counterexample of the system, `(prefix, cycle)`.
    Decided {
        counterexample: Option<(Vec<LabelId>, Vec<LabelId>)>,
        reduction: Reduction,
    },
    /// The composition passed the state limit, or the work ran out (`stop`): the reduced
    /// network, for another engine.
    Network {
        nodes: Vec<Rc<Node>>,
        stop: Stop,
        reduction: Reduction,
    },
}

/// The equivalence that keeps the verdicts of the property: DPBB if it is interruptible,
/// else strong bisimulation.
pub fn equivalence_for(neg: &Tgba, pos: &Tgba) -> Equivalence {
    if interruptible(neg, pos) {
        Equivalence::DivBranching
    } else {
        Equivalence::Strong
    }
}

/// What the property whose negation `neg` and which itself `pos` recognise is reduced modulo
/// on `sys`: the equivalence of [`equivalence_for`] and the labels it reads (ascending), the
/// others hidden. [`check`] reduces so; `ltsym reduce --properties` shows the same reduction.
pub fn reduction_for(sys: &System, neg: &Tgba, pos: &Tgba) -> (Equivalence, Vec<LabelId>) {
    (equivalence_for(neg, pos), labels_named(sys, &neg.atoms))
}

/// Checks the property whose negation `neg` and which itself `pos` recognise, on `sys`,
/// reducing within `bounds`. `cache` is shared by the properties of `sys`.
pub fn check(
    sys: &System,
    neg: &Tgba,
    pos: &Tgba,
    bounds: Bounds,
    cache: &mut Cache,
    budget: &Budget,
) -> Result<LtlAnswer> {
    let (eq, kept) = reduction_for(sys, neg, pos);
    let reduced = reduce(sys, &kept, &eq, bounds, cache, budget)?;
    let mut reduction = Reduction {
        equivalence: eq,
        kept,
        largest: (0, 0),
        last: (0, 0),
        work: 0,
    };
    let node = match reduced {
        Reduced::Final(node, work) => {
            reduction.work = work;
            node
        }
        Reduced::Network(nodes, stop, work) => {
            reduction.work = work;
            reduction.largest = nodes.iter().flat_map(|n| n.sizes()).max().unwrap_or((0, 0));
            return Ok(LtlAnswer::Network {
                nodes,
                stop,
                reduction,
            });
        }
    };
    reduction.largest = node.sizes()[0];
    reduction.last = (node.lts.num_states(), node.lts.num_transitions());
    let counterexample = match final_lasso(sys, &node.lts, neg, budget)? {
        None => None,
        Some((prefix, cycle)) => Some(realise_lasso(sys, &node, &prefix, &cycle)?),
    };
    Ok(LtlAnswer::Decided {
        counterexample,
        reduction,
    })
}

/// `lts` (over the labels of `sys`) as a system of one component, and the action of each of
/// its labels.
pub fn as_system(sys: &System, lts: &Lts) -> Result<(System, Vec<Act>)> {
    let mut b = SystemBuilder::new();
    let c = b.add_component("reduced");
    for s in 0..lts.num_states() {
        b.add_state(c, &s.to_string()).map_err(Error::Internal)?;
    }
    b.set_start(c, lts.initial());
    for (s, a, t) in lts.transitions() {
        let name = if a == TAU {
            ""
        } else {
            &sys.label(a as LabelId).name
        };
        if a != TAU && name.is_empty() {
            return Err(Error::Internal("a visible label without a name".into()));
        }
        b.add_transition(c, s, name, t);
    }
    let one = b.build().map_err(Error::Internal)?;
    let acts = one
        .labels()
        .iter()
        .map(|l| match sys.label_id(&l.name) {
            Some(id) if !l.is_silent() => act(id),
            _ => TAU,
        })
        .collect();
    Ok((one, acts))
}

/// An accepting lasso of `neg` on `lts` by the explicit engine, as steps of `lts`.
fn final_lasso(
    sys: &System,
    lts: &Lts,
    neg: &Tgba,
    budget: &Budget,
) -> Result<Option<(Vec<Step>, Vec<Step>)>> {
    let (one, acts) = as_system(sys, lts)?;
    let graph = StateGraph::build_within(&one, None, budget)?;
    let lasso = match find_accepting_lasso(&graph, &one, neg) {
        None => return Ok(None),
        Some(l) => l,
    };
    let state = |k: usize| graph.state(lasso.path[k].0)[0];
    let steps = |from: usize, labels: &[LabelId]| -> Vec<Step> {
        labels
            .iter()
            .enumerate()
            .map(|(i, &l)| (state(from + i), acts[l], state(from + i + 1)))
            .collect()
    };
    let prefix = steps(0, &lasso.prefix);
    let cycle = steps(lasso.prefix.len(), &lasso.cycle);
    Ok(Some((prefix, cycle)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::automata::translate::translate;
    use crate::compose::compare::compare;
    use crate::logic::eval::holds_on_lasso;
    use crate::logic::Ltl;

    /// Why a property that is not interruptible is reduced modulo strong bisimulation and not
    /// modulo sharp bisimulation with only its own labels strong: the hidden steps are letters
    /// of the word (the `o` of the RERS reading), and sharp bisimulation abstracts from their
    /// number. `τ τ a^ω` and `τ a^ω` are sharp bisimilar with `a` strong, but `X a` fails on
    /// the first word (`o o a ...`) and holds on the second (`o a a ...`).
    #[test]
    fn sharp_bisimulation_loses_the_count_of_hidden_steps() {
        let a = 0;
        let p = Lts::new(3, 0, vec![(0, TAU, 1), (1, TAU, 2), (2, a, 2)], vec![a]);
        let q = Lts::new(2, 0, vec![(0, TAU, 1), (1, a, 1)], vec![a]);
        assert!(compare(&p, &q, &Equivalence::Sharp(vec![a])).is_none());
        assert!(compare(&p, &q, &Equivalence::Strong).is_some());
        let f = Ltl::Next(Box::new(Ltl::atom("a")));
        let (o, la) = (String::new(), vec!["a".to_string()]);
        assert!(!holds_on_lasso(&f, &[o.clone(), o.clone()], &la));
        assert!(holds_on_lasso(&f, &[o], &la));
        let (neg, pos) = (
            translate(&Ltl::not(f.clone())).unwrap(),
            translate(&f).unwrap(),
        );
        assert_eq!(equivalence_for(&neg, &pos), Equivalence::Strong);
    }
}
