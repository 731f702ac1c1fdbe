//! Rendering results for people and scripts: text, JSON and the RERS submission CSV.

pub mod json;
pub mod mcc;
pub mod verdicts;

pub use json::Json;
pub use verdicts::{CheckReport, Evidence, Outcome, PropertyResult};

use crate::model::{BigNat, System};

/// Sizes of one component, as `ltsym info` prints them.
#[derive(Clone, Debug, PartialEq, Eq)]
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
#[derive(Clone, Debug, PartialEq, Eq)]
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
    pub product: BigNat,
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
        let w = self
            .components
            .iter()
            .map(|c| c.name.len())
            .max()
            .unwrap_or(9)
            .max(9);
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
            self.product.to_f64()
        );
        out
    }

    pub fn to_json(&self) -> Json {
        Json::obj([
            (
                "components",
                Json::Arr(
                    self.components
                        .iter()
                        .map(|c| {
                            Json::obj([
                                ("name", Json::str(&c.name)),
                                ("states", Json::int(c.states as u64)),
                                ("transitions", Json::int(c.transitions as u64)),
                                ("labels", Json::int(c.labels as u64)),
                                ("start", Json::str(&c.start)),
                                ("bits", c.bits.map_or(Json::Null, |b| Json::int(b as u64))),
                            ])
                        })
                        .collect(),
                ),
            ),
            ("labels", Json::int(self.labels as u64)),
            ("silent_labels", Json::int(self.silent_labels as u64)),
            (
                "synchronised_labels",
                Json::int(self.synchronised_labels as u64),
            ),
            ("tuple_labels", Json::int(self.tuple_labels as u64)),
            ("product", Json::str(self.product.to_string())),
        ])
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
