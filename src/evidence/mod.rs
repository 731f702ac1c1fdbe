//! Counterexamples and witnesses as a person reads them, and as other tools load them.
//!
//! The engines give evidence as a path of labels from the initial state, maybe ending in a
//! cycle (a lasso) or in a deadlock. This stage turns it into something a researcher can read
//! and take elsewhere:
//! 1. [`replay`]: the labels are fired one by one on the explicit system (the successor
//!    relation of [`crate::explicit::graph`], nothing symbolic), which gives the global state
//!    after every step and checks the path is real: a lasso must close, a deadlock must be one.
//!    Evidence that does not replay is an internal error, never printed.
//! 2. [`Evidence::new`]: per step, the label and the local state change of every component that
//!    takes part in it, with component and state names as in the input (`.dot` node ids,
//!    Promela state numbers, PNML place ids); where the cycle starts; the step that violates
//!    the property, when [`violation`] can say so soundly.
//! 3. The renderers: [`text`] (one step per line), [`dot`] (Graphviz, the loop drawn back),
//!    [`aut`] (Aldebaran, for CADP and mCRL2) and JSON (the [`Evidence`] value itself, through
//!    serde).
//!
//! Steps are numbered from 1: step `k` fires the `k`-th label and leads from global state
//! `k - 1` to global state `k`; state 0 is the initial state.

pub mod aut;
pub mod dot;
pub mod replay;
pub mod text;
pub mod violation;

use std::collections::HashMap;
use std::path::Path;

use serde::Serialize;

use crate::error::{Error, Result};
use crate::model::System;
pub use replay::{replay, End, Run};

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
    /// Where the property is first visibly violated, when that can be said (see [`violation`]).
    pub violation: Option<Mark>,
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
            states,
        }
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
    /// `violation` (`step`, `reason`).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("evidence serialises: plain strings and numbers")
    }

    /// Writes the evidence to `path` in the format its extension names: `.dot` (Graphviz),
    /// `.aut` (Aldebaran), `.json`; `.txt` the text rendering.
    pub fn write_file(&self, path: &Path) -> Result<()> {
        let text = match file_format(path)? {
            FileFormat::Dot => dot::render(self),
            FileFormat::Aut => aut::render(self),
            FileFormat::Json => self.to_json() + "\n",
            FileFormat::Text => text::render(self, ""),
        };
        std::fs::write(path, text).map_err(|source| Error::Io {
            file: path.to_path_buf(),
            source,
        })
    }
}

/// The formats of evidence files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileFormat {
    Dot,
    Aut,
    Json,
    Text,
}

/// The format the extension of `path` names: `.dot`/`.gv`, `.aut`, `.json`, `.txt`; anything
/// else is a usage error (checked before a run, so that no run's evidence is lost to a typo).
pub fn file_format(path: &Path) -> Result<FileFormat> {
    match path.extension().and_then(|e| e.to_str()) {
        Some("dot") | Some("gv") => Ok(FileFormat::Dot),
        Some("aut") => Ok(FileFormat::Aut),
        Some("json") => Ok(FileFormat::Json),
        Some("txt") => Ok(FileFormat::Text),
        _ => Err(Error::Usage(format!(
            "{}: the evidence file's extension names its format: .dot (Graphviz), .aut \
             (Aldebaran), .json or .txt",
            path.display()
        ))),
    }
}

/// Writes the evidence of several properties (`(property number, evidence)`) to files named
/// after `path`: `path` itself when `one_property` (the check had one property), else `path`
/// with `-N` before the extension for property `N` (`x.dot` → `x-3.dot`). Returns the files
/// written.
pub fn write_files(
    evidence: &[(u32, &Evidence)],
    path: &Path,
    one_property: bool,
) -> Result<Vec<std::path::PathBuf>> {
    let mut written = Vec::new();
    for &(number, ev) in evidence {
        let file = if one_property {
            path.to_path_buf()
        } else {
            let stem = path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or("evidence");
            let name = match path.extension().and_then(|e| e.to_str()) {
                Some(ext) => format!("{stem}-{number}.{ext}"),
                None => format!("{stem}-{number}"),
            };
            path.with_file_name(name)
        };
        ev.write_file(&file)?;
        written.push(file);
    }
    Ok(written)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::model::SystemBuilder;

    /// Two components: `p` cycles `p0 -a-> p1 -s-> p0`, `q` moves `q0 -s-> q1 -s-> q0`; `s`
    /// synchronises them.
    pub(crate) fn two() -> System {
        let mut b = SystemBuilder::new();
        let p = b.add_component("p");
        let q = b.add_component("q");
        let p0 = b.add_state(p, "p0").unwrap();
        let p1 = b.add_state(p, "p1").unwrap();
        let q0 = b.add_state(q, "q0").unwrap();
        let q1 = b.add_state(q, "q1").unwrap();
        b.set_start(p, p0);
        b.set_start(q, q0);
        b.add_transition(p, p0, "a", p1);
        b.add_transition(p, p1, "s", p0);
        b.add_transition(q, q0, "s", q1);
        b.add_transition(q, q1, "s", q0);
        b.build().unwrap()
    }

    pub(crate) fn lasso(sys: &System) -> Evidence {
        let (a, s) = (sys.label_id("a").unwrap(), sys.label_id("s").unwrap());
        // a s (a s a s)^ω: the cycle starts at step 3 and returns to the state after step 2
        let run = replay(sys, &[a, s, a, s, a, s], End::Cycle(2)).unwrap();
        let mark = Mark {
            step: 1,
            reason: "`a` fires".into(),
        };
        Evidence::new(sys, &run, Kind::Counterexample, "a lasso", Some(mark))
    }

    #[test]
    fn steps_name_the_moving_components_and_their_states() {
        let sys = two();
        let ev = lasso(&sys);
        assert_eq!(ev.initial, ["p0", "q0"]);
        assert_eq!(ev.steps.len(), 6);
        assert_eq!(ev.cycle_start, Some(3));
        assert_eq!((ev.prefix_len(), ev.cycle_len()), (2, 4));
        let s2 = &ev.steps[1];
        assert_eq!(s2.label, "s");
        let moves: Vec<_> = s2
            .moves
            .iter()
            .map(|m| format!("{} {}->{}", m.component, m.from, m.to))
            .collect();
        assert_eq!(moves, ["p p1->p0", "q q0->q1"]);
        // states: (p0,q0) (p1,q0) (p0,q1) (p1,q1) (p0,q0) (p1,q0) (p0,q1)
        let ids: Vec<usize> = ev.steps.iter().map(|s| s.state).collect();
        assert_eq!(ids, [1, 2, 3, 0, 1, 2]);
        assert_eq!(ev.states.len(), 4);
        let json = ev.to_json();
        assert!(json.contains(r#""cycle_start":3"#), "{json}");
        assert!(
            json.contains(r#"{"component":"q","from":"q0","to":"q1"}"#),
            "{json}"
        );
        assert!(json.contains(r#""violation":{"step":1"#), "{json}");
    }

    #[test]
    fn files_are_named_after_the_path_and_the_property() {
        let sys = two();
        let ev = lasso(&sys);
        let dir = std::env::temp_dir().join(format!("ltsym-ev-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let w = write_files(&[(3, &ev), (7, &ev)], &dir.join("x.aut"), false).unwrap();
        assert_eq!(w, [dir.join("x-3.aut"), dir.join("x-7.aut")]);
        assert!(std::fs::read_to_string(&w[1])
            .unwrap()
            .starts_with("des (0, 4, 4)"));
        let w = write_files(&[(3, &ev)], &dir.join("x.json"), true).unwrap();
        assert_eq!(w, [dir.join("x.json")]);
        let e = write_files(&[(3, &ev)], &dir.join("x.png"), true).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
