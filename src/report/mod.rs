//! Rendering results for people and scripts: text, JSON and the RERS submission CSV.

pub mod stream;
pub mod verdicts;

pub use verdicts::{CheckReport, Event, LtlProfile, Outcome, PropertyResult, ReductionInfo};

use num_bigint::BigUint;
use num_traits::ToPrimitive;
use serde::Serialize;

use crate::json;
use crate::model::System;

/// The widest name column `ltsym info` pads to.
const NAME_COLUMN: usize = 60;

/// Sizes of one component, as `ltsym info` prints them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ComponentInfo {
    pub name: String,
    pub states: usize,
    pub transitions: usize,
    pub labels: usize,
    pub start: String,
    /// The two-state machines the component is a product of, when `--factor bits` splits it.
    pub bits: Option<usize>,
}

/// Sizes of a system, as `ltsym info` prints them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SystemInfo {
    pub components: Vec<ComponentInfo>,
    /// Named labels (silent ones are counted apart).
    pub labels: usize,
    pub silent_labels: usize,
    /// Labels shared by two or more components.
    pub synchronised_labels: usize,
    /// Labels kept as explicit move tuples (PNML transitions that are not a product).
    pub tuple_labels: usize,
    /// The product of the component sizes: an upper bound on the reachable states.
    #[serde(serialize_with = "json::decimal")]
    pub product: BigUint,
}

impl SystemInfo {
    pub fn of(sys: &System) -> SystemInfo {
        let mut bits = vec![None; sys.components().len()];
        for (c, n) in crate::model::factor::factor(sys).split() {
            bits[c] = Some(n);
        }
        let components = sys
            .components()
            .iter()
            .zip(bits)
            .map(|(c, bits)| ComponentInfo {
                name: c.name.clone(),
                states: c.num_states(),
                transitions: c.transitions.len(),
                labels: c.alphabet.len(),
                start: c.states[c.start as usize].clone(),
                bits,
            })
            .collect();
        let labels = sys.labels();
        SystemInfo {
            components,
            labels: labels.iter().filter(|l| !l.is_silent()).count(),
            silent_labels: labels.iter().filter(|l| l.is_silent()).count(),
            synchronised_labels: labels.iter().filter(|l| l.is_synchronised()).count(),
            tuple_labels: labels
                .iter()
                .filter(|l| matches!(l.sync, crate::model::Sync::Tuples(_)))
                .count(),
            product: sys.product_size(),
        }
    }

    pub fn to_text(&self) -> String {
        let mut out = String::new();
        // The name column fits the longest name up to NAME_COLUMN characters; a longer name
        // overflows its row (a width from the input could also exceed what `format!` accepts:
        // 65,536 and more panics).
        let w = self
            .components
            .iter()
            .map(|c| c.name.chars().count())
            .max()
            .unwrap_or(9)
            .clamp(9, NAME_COLUMN);
        out += &format!(
            "{:<w$}  {:>7}  {:>11}  {:>6}  {:>4}  start\n",
            "component", "states", "transitions", "labels", "bits"
        );
        for c in &self.components {
            out += &format!(
                "{:<w$}  {:>7}  {:>11}  {:>6}  {:>4}  {}\n",
                c.name,
                c.states,
                c.transitions,
                c.labels,
                c.bits.map_or("-".to_string(), |b| b.to_string()),
                c.start
            );
        }
        out += &format!("components: {}", self.components.len());
        let split = self.components.iter().filter(|c| c.bits.is_some()).count();
        if split > 0 {
            out += &format!(
                " ({split} split into bits by --factor bits: products of two-state machines)"
            );
        }
        out += "\n";
        out += &format!(
            "labels: {} ({} synchronised",
            self.labels, self.synchronised_labels
        );
        if self.silent_labels > 0 {
            out += &format!(", {} silent", self.silent_labels);
        }
        if self.tuple_labels > 0 {
            out += &format!(", {} as explicit move tuples", self.tuple_labels);
        }
        out += ")\n";
        out += &format!(
            "product of component sizes: {} (~{:.3e})\n",
            self.product,
            self.product.to_f64().unwrap_or(f64::INFINITY)
        );
        out
    }

    pub fn to_json(&self) -> String {
        json::to_string(self)
    }
}

/// A property file as `ltsym props` prints it: each property in canonical form (and as a SPIN
/// claim with `--spin`), with the atoms that name no label of the system.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PropertyFileInfo {
    pub file: String,
    /// `LTL` or `CTL`.
    pub logic: String,
    pub properties: Vec<PropertyInfo>,
}

/// One property of a [`PropertyFileInfo`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PropertyInfo {
    pub number: u32,
    /// The canonical form (what `ltsym props` prints; it parses back to the same formula).
    pub formula: String,
    /// The verdict the file gives, if any.
    pub expected: Option<bool>,
    /// The SPIN claim over the RERS Promela encoding (`--spin`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spin: Option<String>,
    /// Atoms that name no label of the system: they never hold.
    pub unknown_atoms: Vec<String>,
}

impl PropertyFileInfo {
    pub fn to_json(&self) -> String {
        json::to_string(self)
    }
}

/// What `ltsym reach --explicit` prints: the explicit engine's counts and its time.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExplicitReach {
    #[serde(serialize_with = "json::decimal")]
    pub states: u64,
    #[serde(serialize_with = "json::decimal")]
    pub deadlocks: u64,
    #[serde(serialize_with = "json::decimal")]
    pub transitions: u64,
    /// `explicit`: the JSON names the engine that counted.
    pub engine: &'static str,
    #[serde(serialize_with = "json::seconds::<6, _>")]
    pub time_s: f64,
}

impl ExplicitReach {
    pub fn new(counts: &crate::explicit::graph::ReachStats, time_s: f64) -> ExplicitReach {
        ExplicitReach {
            states: counts.states,
            deadlocks: counts.deadlocks,
            transitions: counts.transitions,
            engine: "explicit",
            time_s,
        }
    }

    pub fn to_text(&self) -> String {
        format!(
            "reachable states: {}\ndeadlock states:  {}\ntransitions:      {}\n\
             time: {:.3} s (explicit engine)\n",
            self.states, self.deadlocks, self.transitions, self.time_s
        )
    }

    pub fn to_json(&self) -> String {
        json::to_string(self)
    }
}

/// The RERS problem number of a system file: the digits in its file name (`problem115.dot` →
/// `115`, `RERS2020-PT-pb103/model.pnml` → `103` from the directory when the file name has none).
pub fn problem_number(path: &std::path::Path) -> Option<String> {
    let digits = |s: &str| -> Option<String> {
        let runs: Vec<String> = s
            .split(|c: char| !c.is_ascii_digit())
            .filter(|r| !r.is_empty())
            .map(str::to_string)
            .collect();
        runs.last().cloned()
    };
    let stem = path.file_stem()?.to_str()?;
    digits(stem).or_else(|| digits(path.parent()?.file_name()?.to_str()?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn problem_numbers() {
        assert_eq!(
            problem_number(Path::new("a/problem115.dot")).as_deref(),
            Some("115")
        );
        assert_eq!(
            problem_number(Path::new("mcc/RERS2020-PT-pb103/model.pnml")).as_deref(),
            Some("103")
        );
        assert_eq!(problem_number(Path::new("x/model.pnml")), None);
    }
}
