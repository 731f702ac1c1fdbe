//! The evidence record: a replayed path as plain data (steps, moves, cycle start, deadlock end,
//! the violating step), built from a [`Run`] with the input's names. The renderers and the JSON
//! form read it; nothing here renders.

use std::collections::HashMap;

use serde::Serialize;

use super::replay::Run;
use crate::model::System;

/// What a path shows about a verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// The property fails: an LTL counterexample, or a path that refutes a CTL A-formula.
    Counterexample,
    /// The property holds and the path shows it: a CTL E-formula's witness.
    Witness,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Counterexample => "counterexample",
            Kind::Witness => "witness",
        }
    }
}

/// One component's part in a step: its local state before and after (equal on a self-loop).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Move {
    pub component: String,
    pub from: String,
    pub to: String,
}

/// One step of the path.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// From 1.
    pub step: usize,
    /// The label fired (empty for a silent one).
    pub label: String,
    /// The components that take part in the label, in component order; all others stay.
    pub moves: Vec<Move>,
    /// The global state reached, as a number: 0 is the initial state, and two steps that reach
    /// the same number reach the same global state.
    pub state: usize,
}

/// The step at which a property is visibly violated, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Mark {
    /// The step number (from 1).
    pub step: usize,
    pub reason: String,
}

/// A length of the evidence, and the lower bound proved for it: `at_least == steps` means no
/// evidence of the kind is shorter in that respect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Bound {
    pub steps: usize,
    pub at_least: usize,
}

impl Bound {
    pub fn is_exact(&self) -> bool {
        self.steps == self.at_least
    }
}

/// How short the path is, and what is proved about it, in the order it was made short: for an
/// LTL counterexample the step of the violation, then the cycle, then the steps before the
/// cycle (see `src/symbolic/ltl/shorten.rs` for the definition); for a CTL witness's lasso or
/// path into a deadlock, the steps from where that part begins to the cycle or the deadlock,
/// then the cycle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Shortest {
    /// The step number after which the claims below count (0: the whole path).
    pub from_step: usize,
    /// The step of the first bad prefix (the violation marked; 0 when the path has none), and
    /// that no counterexample has a bad prefix of fewer than `at_least` steps.
    pub violation: Option<Bound>,
    /// The steps (after `from_step`) before the cycle starts or the path ends in a deadlock.
    /// LTL: no counterexample (with its violation at the step above, when that is exact)
    /// enters an accepting cycle in fewer than `at_least` steps.
    pub prefix: Bound,
    /// The steps of the cycle: no accepting cycle of those `cycle_among` names has fewer than
    /// `at_least`.
    pub cycle: Option<Bound>,
    /// Which cycles `cycle` is compared with (with a cycle).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cycle_among: Option<CycleAmong>,
}

/// Among which cycles the cycle of a path is the shortest (JSON: `"through_first_state"`,
/// `{"within_steps": N}`, `"reachable"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CycleAmong {
    /// Those through its first state.
    ThroughFirstState,
    /// Those through a state within this many steps after the violation (or, without one,
    /// after `from_step`).
    WithinSteps(usize),
    /// Every cycle reachable from there.
    Reachable,
}

/// A replayed counterexample or witness, in the words of the input: plain data for the
/// renderers, and the JSON form as it stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Evidence {
    pub kind: Kind,
    /// What the path shows, in a sentence.
    pub explanation: String,
    /// The components' names, in system order.
    pub components: Vec<String>,
    /// Each component's start state, in system order.
    pub initial: Vec<String>,
    pub steps: Vec<Step>,
    /// For a lasso: the number of the first step of the cycle; after the last step the path is
    /// back in the state before this step, and the cycle repeats forever.
    pub cycle_start: Option<usize>,
    /// The path is finite and ends in a state where no label can fire.
    pub ends_in_deadlock: bool,
    /// Where the property is first visibly violated, when that can be said (see [`super::violation`]).
    pub violation: Option<Mark>,
    /// How short the path is proved to be, when it was made short (see [`Shortest`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shortest: Option<Shortest>,
    /// The distinct global states the path visits, by state number: each component's local
    /// state name, in system order. For the Graphviz and Aldebaran renderings.
    #[serde(skip)]
    pub states: Vec<Vec<String>>,
}

impl Evidence {
    /// The evidence of a replayed run of `sys`.
    pub fn new(
        sys: &System,
        run: &Run,
        kind: Kind,
        explanation: impl Into<String>,
        violation: Option<Mark>,
    ) -> Evidence {
        let comps = sys.components();
        let name = |c: usize, s: u32| comps[c].states[s as usize].clone();
        let mut number: HashMap<&[u32], usize> = HashMap::new();
        let mut states: Vec<Vec<String>> = Vec::new();
        let mut ids = Vec::with_capacity(run.states.len());
        for s in &run.states {
            let id = *number.entry(s.as_slice()).or_insert_with(|| {
                states.push(s.iter().enumerate().map(|(c, &v)| name(c, v)).collect());
                states.len() - 1
            });
            ids.push(id);
        }
        let steps = run
            .labels
            .iter()
            .enumerate()
            .map(|(k, &l)| {
                let label = sys.label(l);
                let (before, after) = (&run.states[k], &run.states[k + 1]);
                Step {
                    step: k + 1,
                    label: label.name.clone(),
                    moves: label
                        .components
                        .iter()
                        .map(|&c| Move {
                            component: comps[c].name.clone(),
                            from: name(c, before[c]),
                            to: name(c, after[c]),
                        })
                        .collect(),
                    state: ids[k + 1],
                }
            })
            .collect();
        Evidence {
            kind,
            explanation: explanation.into(),
            components: comps.iter().map(|c| c.name.clone()).collect(),
            initial: states[0].clone(),
            steps,
            cycle_start: run.cycle_start.map(|c| c + 1),
            ends_in_deadlock: run.ends_in_deadlock,
            violation,
            shortest: None,
            states,
        }
    }

    /// The evidence, with what is proved about how short it is.
    pub fn with_shortest(mut self, shortest: Option<Shortest>) -> Evidence {
        self.shortest = shortest;
        self
    }

    /// The number of steps before the cycle (all of them when there is none).
    pub fn prefix_len(&self) -> usize {
        self.cycle_start.map_or(self.steps.len(), |c| c - 1)
    }

    /// The number of steps of the cycle (0 when there is none).
    pub fn cycle_len(&self) -> usize {
        self.steps.len() - self.prefix_len()
    }

    /// The JSON form: `kind`, `explanation`, `components`, `initial`, `steps` (each with `step`,
    /// `label`, `moves` of `component`/`from`/`to`, `state`), `cycle_start`, `ends_in_deadlock`,
    /// `violation` (`step`, `reason`), and when the path was made short, `shortest` (`from_step`,
    /// `violation`, `prefix`, `cycle`, each `steps` and `at_least`).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("evidence serialises: plain strings and numbers")
    }
}
