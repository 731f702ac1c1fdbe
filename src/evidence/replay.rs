//! Replaying a path of labels on the explicit system: the global state after every step.
//!
//! Only [`successors`], the literal semantics of the model, is used, so a path from any engine
//! (symbolic, on a factored system, or explicit) is judged by the same rule. Labels can be
//! nondeterministic (a component with two `a`-moves from one state, a PNML label of several
//! tuples), so the replay keeps, step by step, every global state the labels so far can end in,
//! each with one predecessor, and picks a run at the end that meets the path's claim: a lasso's
//! cycle returns to the state it left, a deadlock ending is a deadlock. On the RERS systems
//! each label is deterministic and every layer holds one state.

use std::collections::HashMap;

use crate::explicit::graph::successors;
use crate::model::{LabelId, StateId, System};

/// How a path ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Anywhere (a finite path to a state that shows something).
    Open,
    /// In a state where no label fires.
    Deadlock,
    /// The labels from this index on are a cycle: they lead from the state reached after the
    /// first `index` labels back to it.
    Cycle(usize),
}

/// A path of the system with its global states: `labels[k]` leads from `states[k]` to
/// `states[k + 1]`, `states[0]` is the initial state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    pub labels: Vec<LabelId>,
    pub states: Vec<Vec<StateId>>,
    /// For a lasso: the index of the cycle's first label; then the last state equals
    /// `states[cycle_start]`.
    pub cycle_start: Option<usize>,
    /// The path is finite and its last state has no successor.
    pub ends_in_deadlock: bool,
}

/// Per step, the global states the labels so far can end in, each with the index of one
/// predecessor in the layer before.
type Layers = Vec<Vec<(Vec<StateId>, usize)>>;

/// Fires `labels` from each of `from` (as layer 0), keeping every state they can end in.
/// `Err(k)` when label `k` cannot fire.
fn layers(sys: &System, from: Vec<Vec<StateId>>, labels: &[LabelId]) -> Result<Layers, usize> {
    let mut layers: Layers = vec![from.into_iter().map(|s| (s, 0)).collect()];
    let mut succ = Vec::new();
    for (k, &l) in labels.iter().enumerate() {
        let mut next: Vec<(Vec<StateId>, usize)> = Vec::new();
        let mut seen: HashMap<Vec<StateId>, ()> = HashMap::new();
        for (i, (s, _)) in layers[layers.len() - 1].iter().enumerate() {
            successors(sys, s, &mut succ);
            for (m, t) in succ.drain(..) {
                if m == l && seen.insert(t.clone(), ()).is_none() {
                    next.push((t, i));
                }
            }
        }
        if next.is_empty() {
            return Err(k);
        }
        layers.push(next);
    }
    Ok(layers)
}

/// The states of the run through `layers` that ends at `layers[last][i]`, first to last.
fn back(layers: &Layers, mut i: usize) -> Vec<Vec<StateId>> {
    let mut out = Vec::with_capacity(layers.len());
    for layer in layers.iter().rev() {
        out.push(layer[i].0.clone());
        i = layer[i].1;
    }
    out.reverse();
    out
}

/// Replays `labels` from the initial state of `sys`, and picks a run that ends as `end` says.
/// An error says, in words, why the path is not one of `sys`: for the caller to turn into an
/// internal error, since the engines must only ever give real paths.
pub fn replay(sys: &System, labels: &[LabelId], end: End) -> Result<Run, String> {
    let not_executable = |k: usize| {
        format!(
            "label {} (`{}`) cannot fire after the {k} before it",
            k + 1,
            sys.label(labels[k]).display_name()
        )
    };
    let split = match end {
        End::Cycle(c) if c >= labels.len() => {
            return Err(format!(
                "the cycle starts at label {} of {}: it is empty",
                c + 1,
                labels.len()
            ))
        }
        End::Cycle(c) => c,
        _ => labels.len(),
    };
    let prefix =
        layers(sys, vec![sys.initial_state()], &labels[..split]).map_err(not_executable)?;
    let last = &prefix[prefix.len() - 1];
    let mut states = match end {
        End::Open => back(&prefix, 0),
        End::Deadlock => {
            let mut succ = Vec::new();
            let dead = last.iter().position(|(s, _)| {
                successors(sys, s, &mut succ);
                succ.is_empty()
            });
            match dead {
                Some(i) => back(&prefix, i),
                None => return Err("the path does not end in a deadlock".into()),
            }
        }
        End::Cycle(_) => {
            // a state after the prefix from which the cycle can return to it
            let cycle = &labels[split..];
            let mut found = None;
            for (i, (p, _)) in last.iter().enumerate() {
                let Ok(round) = layers(sys, vec![p.clone()], cycle) else {
                    continue;
                };
                if let Some(j) = round[round.len() - 1].iter().position(|(s, _)| s == p) {
                    found = Some((i, round, j));
                    break;
                }
            }
            let Some((i, round, j)) = found else {
                return Err("the cycle cannot return to the state it starts from".into());
            };
            let mut states = back(&prefix, i);
            states.extend(back(&round, j).into_iter().skip(1));
            states
        }
    };
    states.shrink_to_fit();
    let ends_in_deadlock = match end {
        End::Cycle(_) => false,
        _ => {
            let mut succ = Vec::new();
            successors(sys, &states[states.len() - 1], &mut succ);
            succ.is_empty()
        }
    };
    Ok(Run {
        labels: labels.to_vec(),
        states,
        cycle_start: match end {
            End::Cycle(c) => Some(c),
            _ => None,
        },
        ends_in_deadlock,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::SystemBuilder;

    /// `c` has two `a`-moves from `x`: to `y` (then `b` back to `x`) and to `z` (a deadlock).
    fn nondeterministic() -> System {
        let mut b = SystemBuilder::new();
        let c = b.add_component("c");
        let x = b.add_state(c, "x").unwrap();
        let y = b.add_state(c, "y").unwrap();
        let z = b.add_state(c, "z").unwrap();
        b.set_start(c, x);
        b.add_transition(c, x, "a", z);
        b.add_transition(c, x, "a", y);
        b.add_transition(c, y, "b", x);
        b.build().unwrap()
    }

    #[test]
    fn the_run_is_chosen_to_meet_the_claim() {
        let sys = nondeterministic();
        let (a, b) = (sys.label_id("a").unwrap(), sys.label_id("b").unwrap());
        let name = |r: &Run| -> Vec<String> {
            r.states
                .iter()
                .map(|s| sys.component(0).states[s[0] as usize].clone())
                .collect()
        };
        let lasso = replay(&sys, &[a, b], End::Cycle(0)).unwrap();
        assert_eq!(name(&lasso), ["x", "y", "x"]);
        assert!(!lasso.ends_in_deadlock);
        let dead = replay(&sys, &[a], End::Deadlock).unwrap();
        assert_eq!(name(&dead), ["x", "z"]);
        assert!(dead.ends_in_deadlock);
        assert!(replay(&sys, &[a], End::Open).is_ok());
    }

    #[test]
    fn paths_that_are_not_real_are_refused() {
        let sys = nondeterministic();
        let (a, b) = (sys.label_id("a").unwrap(), sys.label_id("b").unwrap());
        let e = replay(&sys, &[a, b, b], End::Open).unwrap_err();
        assert!(
            e.contains("label 3 (`b`) cannot fire after the 2 before it"),
            "{e}"
        );
        // `a` alone does not return to x
        let e = replay(&sys, &[a], End::Cycle(0)).unwrap_err();
        assert!(e.contains("cannot return"), "{e}");
        let e = replay(&sys, &[a, b], End::Deadlock).unwrap_err();
        assert!(e.contains("does not end in a deadlock"), "{e}");
        assert!(replay(&sys, &[a], End::Cycle(1)).is_err());
    }
}
