//! The net after its start step: the RERS nets of the MCC begin with every unit on a place
//! `p__start`, and one transition (`t_0_`) moves them all to their real start states; no
//! transition ever puts a token back on a start place.
//!
//! On the system as read, every unit then has `2^k + 1` states, and the factoring into bits
//! gives it a bit *started* that every label reads ([`crate::model::factor`]): RERS 2017
//! problem 113 as a net takes 10 times as long to explore as its `.dot` twin. The reachable
//! markings are the initial marking and those reachable from the marking after the start step,
//! and the latter never hold a start place: so [`after_start`] rebuilds the system and the net
//! without the start states (and the transitions that leave them), starting from the marking
//! after the step; its units have `2^k` states and split into bits alone. The initial marking
//! is added back to the figures by the caller (StateSpace: one more marking, its out-edges,
//! its tokens).

use crate::model::SystemBuilder;
use crate::model::{CompId, LabelId, PetriNet, PetriTransition, Place, StateId, Sync, System};

/// The system and net from the marking after the start step on, and what the initial
/// marking adds.
pub struct AfterStart {
    pub sys: System,
    pub net: PetriNet,
    /// The Petri transitions enabled in the initial marking (its out-edges).
    pub initial_edges: u64,
    /// The tokens of the initial marking.
    pub initial_tokens: u64,
}

/// The system without its start states, when the initial marking enables exactly one Petri
/// transition, that transition moves a set of units out of their initial states, no move of
/// the system ever enters one of those states again, and none of them is a `none` state (so
/// every transition leaving one reads its place). `None` otherwise, and when the initial
/// marking is where the net stops being one-safe (the full exploration reports that).
pub fn after_start(sys: &System, net: &PetriNet) -> Option<AfterStart> {
    let m0 = sys.initial_state();
    let enabled: Vec<usize> = (0..net.transitions.len())
        .filter(|&t| net.enabled(&m0, t))
        .collect();
    let [t0] = enabled[..] else {
        return None;
    };
    if net.unsafe_transition(&m0).is_some() {
        return None;
    }
    let step = &net.transitions[t0];
    step.label?;
    // the start state of each unit the step moves, to be dropped
    let mut dropped: Vec<Option<StateId>> = vec![None; sys.components().len()];
    let mut m1 = m0.clone();
    for &(c, from, to) in &step.moves {
        if from != m0[c] || from == to || net.empty_state[c] == Some(from) {
            return None;
        }
        dropped[c] = Some(from);
        m1[c] = to;
    }
    if dropped.iter().all(Option::is_none) {
        return None;
    }
    // never entered again
    for label in sys.labels() {
        for (i, &c) in label.components.iter().enumerate() {
            if label.local[i].iter().any(|&(_, to)| Some(to) == dropped[c]) {
                return None;
            }
        }
    }
    let map = |c: CompId, s: StateId| -> Option<StateId> {
        match dropped[c] {
            Some(d) if s == d => None,
            Some(d) if s > d => Some(s - 1),
            _ => Some(s),
        }
    };
    let mut b = SystemBuilder::new();
    for (ci, comp) in sys.components().iter().enumerate() {
        let c = b.add_component(&comp.name);
        debug_assert_eq!(c, ci);
        for (s, name) in comp.states.iter().enumerate() {
            if map(ci, s as StateId).is_some() {
                b.add_state(c, name).ok()?;
            }
        }
        b.set_start(c, map(ci, m1[ci])?);
    }
    // the labels in their order, each to one new label; a label that only leaves start states
    // (its relation is empty without them) goes
    let mut new_label: Vec<Option<LabelId>> = vec![None; sys.labels().len()];
    let mut next: LabelId = 0;
    let mut kept_names = Vec::new();
    for (l, label) in sys.labels().iter().enumerate() {
        match &label.sync {
            Sync::Product => {
                let local: Vec<Vec<(CompId, StateId, StateId)>> = label
                    .components
                    .iter()
                    .zip(&label.local)
                    .map(|(&c, moves)| {
                        moves
                            .iter()
                            .filter_map(|&(f, t)| Some((c, map(c, f)?, map(c, t)?)))
                            .collect()
                    })
                    .collect();
                if local.iter().any(Vec::is_empty) {
                    continue;
                }
                if label.is_silent() {
                    let moves: Vec<_> = local.into_iter().flatten().collect();
                    b.add_silent_product_label(&moves);
                } else {
                    for (c, f, t) in local.into_iter().flatten() {
                        b.add_transition(c, f, &label.name, t);
                    }
                }
            }
            Sync::Tuples(tuples) => {
                let tuples: Vec<Vec<(StateId, StateId)>> = tuples
                    .iter()
                    .filter_map(|tuple| {
                        tuple
                            .iter()
                            .zip(&label.components)
                            .map(|(&(f, t), &c)| Some((map(c, f)?, map(c, t)?)))
                            .collect()
                    })
                    .collect();
                if tuples.is_empty() {
                    continue;
                }
                b.add_tuple_label(&label.name, label.components.clone(), tuples)
                    .ok()?;
            }
        }
        new_label[l] = Some(next);
        kept_names.push(label.name.as_str());
        next += 1;
    }
    let new_sys = b.build().ok()?;
    // the builder numbers labels in the order of their first use: the order above
    if new_sys.labels().len() != next
        || new_sys
            .labels()
            .iter()
            .zip(&kept_names)
            .any(|(l, name)| l.name != *name)
    {
        return None;
    }
    let mut new_place: Vec<Option<usize>> = vec![None; net.places.len()];
    let mut places = Vec::new();
    for (p, place) in net.places.iter().enumerate() {
        if let Some(state) = map(place.comp, place.state) {
            new_place[p] = Some(places.len());
            places.push(Place {
                id: place.id.clone(),
                comp: place.comp,
                state,
            });
        }
    }
    let mut transitions = Vec::new();
    for tr in &net.transitions {
        // a transition that takes a start place's token is never enabled again
        let Some(pre) = tr
            .pre
            .iter()
            .map(|&p| new_place[p])
            .collect::<Option<Vec<_>>>()
        else {
            continue;
        };
        let post = tr
            .post
            .iter()
            .map(|&p| new_place[p])
            .collect::<Option<Vec<_>>>()?;
        let moves = tr
            .moves
            .iter()
            .map(|&(c, f, t)| Some((c, map(c, f)?, map(c, t)?)))
            .collect::<Option<Vec<_>>>()?;
        let label = match tr.label {
            Some(l) => Some(new_label[l]?),
            None => None,
        };
        transitions.push(PetriTransition {
            id: tr.id.clone(),
            pre,
            post,
            label,
            moves,
        });
    }
    let empty_state = net
        .empty_state
        .iter()
        .enumerate()
        .map(|(c, e)| e.and_then(|s| map(c, s)))
        .collect();
    let initial_tokens = (0..net.places.len())
        .filter(|&p| net.marked(&m0, p))
        .count() as u64;
    Some(AfterStart {
        sys: new_sys,
        net: PetriNet::new(places, transitions, empty_state),
        initial_edges: 1,
        initial_tokens,
    })
}
