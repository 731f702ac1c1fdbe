//! Verdicts of a property file: the plain data `ltsym check` produces, and its text, JSON and
//! RERS CSV renderings.

use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;

use crate::error::Limit;
use crate::evidence::Evidence;
use crate::json;
use num_bigint::BigUint;

/// What became of one property.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    Holds,
    Violated,
    /// Not answered: a resource limit was hit first.
    Unknown(Limit),
}

/// `true`, `false`, or `unknown (` the limit in words `)`.
impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Holds => write!(f, "true"),
            Outcome::Violated => write!(f, "false"),
            Outcome::Unknown(l) => write!(f, "unknown ({l})"),
        }
    }
}

impl Outcome {
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Outcome::Holds => Some(true),
            Outcome::Violated => Some(false),
            Outcome::Unknown(_) => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct PropertyResult {
    pub number: u32,
    /// The formula in canonical form.
    pub formula: String,
    pub outcome: Outcome,
    /// The verdict the property file gives, if any.
    pub expected: Option<bool>,
    /// A counterexample or witness, replayed on the explicit system (see [`crate::evidence`]).
    pub evidence: Option<Evidence>,
    pub time_s: f64,
    /// Size of the automaton for the negated formula (LTL): states, edges, acceptance sets.
    pub automaton: Option<(usize, usize, usize)>,
    /// The engine that answered, where the run chose one per property (`--engine auto`).
    pub engine: Option<String>,
    /// How the compositional engine reduced the system for this property.
    pub reduction: Option<ReductionInfo>,
    /// Where the symbolic LTL check of this property spent its time (`None` for other
    /// engines and logics).
    pub profile: Option<LtlProfile>,
}

/// Where the symbolic check of one LTL property went (`check --format json`, `"profile"`):
/// the phases' wall seconds, the fixpoints' iterations and trim rounds, and the
/// manager's garbage collection, reordering and peak node count during the check. The phases
/// add up to at most the property's `time_s` (the rest is the translation and the replay of
/// the counterexample).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct LtlProfile {
    /// Building the product relations.
    #[serde(serialize_with = "json::seconds::<3, _>")]
    pub build_s: f64,
    /// The forward probe and the fixpoint inside its states (part of `search_s`).
    #[serde(serialize_with = "json::seconds::<3, _>")]
    pub probe_s: f64,
    /// The search for the verdict: probe and fixpoints.
    #[serde(serialize_with = "json::seconds::<3, _>")]
    pub search_s: f64,
    /// The counterexample's extraction (and shortening), for a violated property.
    #[serde(serialize_with = "json::seconds::<3, _>")]
    pub counterexample_s: f64,
    /// Outer iterations of the Emerson-Lei fixpoint.
    pub el_iterations: usize,
    /// Trim rounds of the Emerson-Lei fixpoint, all iterations together: one preimage each.
    pub trim_rounds: usize,
    /// Outer iterations of the forward fair-cycle fixpoint (0 when it did not run).
    pub forward_iterations: usize,
    /// Garbage collections of the manager during the check, and the seconds of ours.
    pub gcs: u64,
    #[serde(serialize_with = "json::seconds::<3, _>")]
    pub gc_s: f64,
    /// Dynamic reorderings during the check (`--reorder`), and their seconds.
    pub reorderings: u32,
    #[serde(serialize_with = "json::seconds::<3, _>")]
    pub reorder_s: f64,
    /// The most nodes the manager held at any budget check during the check (live and dead).
    pub peak_nodes: usize,
    /// Nodes of the state space the fixpoint began on, and of the product relations.
    pub space_nodes: usize,
    pub relation_nodes: usize,
}

/// What the compositional engine did for one property.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReductionInfo {
    /// The bisimulation it minimised modulo (`dpbranching`, `strong`, ...).
    pub equivalence: String,
    /// The labels kept visible.
    pub kept_labels: usize,
    /// The largest LTS made: states and transitions.
    pub largest_states: usize,
    pub largest_transitions: usize,
    /// The LTS checked at the end (0 when the network went to another engine).
    pub last_states: usize,
    pub last_transitions: usize,
}

impl PropertyResult {
    /// The result as text: `#N: verdict`, the comparison with the file's verdict when
    /// `with_expected`, the time and formula, then the evidence, if any.
    pub fn to_text(&self, with_expected: bool) -> String {
        let mut out = format!("#{}: {}", self.number, self.outcome);
        if with_expected {
            match (self.expected, self.matches_expected()) {
                (Some(e), Some(true)) => out += &format!("  (expected {e}: ok)"),
                (Some(e), Some(false)) => out += &format!("  (expected {e}: MISMATCH)"),
                (Some(e), None) => out += &format!("  (expected {e})"),
                (None, _) => {}
            }
        }
        out += &format!("  [{:.2} s]  {}\n", self.time_s, self.formula);
        if let Some(e) = &self.evidence {
            out += &crate::evidence::text::render(e, "    ");
        }
        out
    }

    /// `Some(true)` when the file's verdict agrees, `Some(false)` when it disagrees.
    pub fn matches_expected(&self) -> Option<bool> {
        Some(self.outcome.as_bool()? == self.expected?)
    }
}

/// The verdicts of one property file on one system.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct CheckReport {
    pub system: String,
    /// The RERS problem number, for the CSV.
    pub problem: Option<String>,
    /// `LTL` or `CTL`.
    pub logic: String,
    /// For LTL: how the formulas read the runs, `rers` or `spin` (`--ltl-semantics`).
    pub ltl_semantics: Option<String>,
    pub engine: String,
    /// Reachable states of the system, when computed.
    pub states: Option<BigUint>,
    /// When the reachable states were not computed and the symbolic engine checked the
    /// properties on an over-approximation instead: its number of states.
    pub space_states: Option<BigUint>,
    pub reach_time_s: f64,
    pub total_time_s: f64,
    pub results: Vec<PropertyResult>,
    /// Warnings about the input, e.g. atoms that name no label (see
    /// [`crate::parse::pairing`]).
    pub warnings: Vec<String>,
}

impl CheckReport {
    /// 3 when a limit was hit, else 1 when some property is violated, else 0.
    pub fn exit_code(&self) -> u8 {
        if self
            .results
            .iter()
            .any(|r| matches!(r.outcome, Outcome::Unknown(_)))
        {
            3
        } else if self.results.iter().any(|r| r.outcome == Outcome::Violated) {
            1
        } else {
            0
        }
    }

    pub fn mismatches(&self) -> usize {
        self.results
            .iter()
            .filter(|r| r.matches_expected() == Some(false))
            .count()
    }

    pub fn to_text(&self) -> String {
        let with_expected = self.results.iter().any(|r| r.expected.is_some());
        let mut out = self.text_header();
        for r in &self.results {
            out += &r.to_text(with_expected);
        }
        out + &self.text_summary()
    }

    /// The text output's first lines: the system, the logic (and the LTL reading when it is
    /// SPIN's), the reachable states.
    pub fn text_header(&self) -> String {
        let reading = match self.ltl_semantics.as_deref() {
            Some("spin") => ", SPIN's reading",
            _ => "",
        };
        let mut out = format!(
            "{} ({} properties{reading}, {} engine)\n",
            self.system, self.logic, self.engine
        );
        if let Some(s) = &self.states {
            out += &format!("reachable states: {s} ({:.2} s)\n", self.reach_time_s);
        }
        if let Some(s) = &self.space_states {
            out += &format!(
                "reachable states: not computed; checked on an over-approximation of {s} \
                 states ({:.2} s)\n",
                self.reach_time_s
            );
        }
        out
    }

    /// The text output's last line: how many hold, are violated, are unknown, mismatch.
    pub fn text_summary(&self) -> String {
        let with_expected = self.results.iter().any(|r| r.expected.is_some());
        let count = |o: &Outcome| self.results.iter().filter(|r| r.outcome == *o).count();
        let (holds, violated) = (count(&Outcome::Holds), count(&Outcome::Violated));
        let unknown = self.results.len() - holds - violated;
        let mut out = format!("{holds} hold, {violated} violated");
        if unknown > 0 {
            out += &format!(", {unknown} unknown");
        }
        if with_expected {
            out += &format!(
                ", {} mismatch{} with the expected verdicts",
                self.mismatches(),
                if self.mismatches() == 1 { "" } else { "es" }
            );
        }
        out += &format!(" ({:.2} s)\n", self.total_time_s);
        out
    }

    pub fn to_json(&self) -> String {
        json::to_string(self)
    }

    /// The RERS submission lines `<problem>,<property number>,<true|false>`; unanswered
    /// properties are left out (RERS scores a missing answer as no answer).
    pub fn to_csv(&self) -> String {
        let problem = self.problem.as_deref().unwrap_or("0");
        self.results
            .iter()
            .filter_map(|r| {
                r.outcome
                    .as_bool()
                    .map(|b| format!("{problem},{},{b}\n", r.number))
            })
            .collect()
    }
}

/// The JSON of a property: the outcome as `verdict` (`true`, `false`, `null` when unknown)
/// and `limit` (the limit that was hit, else `null`), and `matches_expected`.
impl Serialize for PropertyResult {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Automaton {
            states: usize,
            edges: usize,
            acceptance_sets: usize,
        }
        let limit = match &self.outcome {
            Outcome::Unknown(l) => Some(l.to_string()),
            _ => None,
        };
        let automaton = self
            .automaton
            .map(|(states, edges, acceptance_sets)| Automaton {
                states,
                edges,
                acceptance_sets,
            });
        let mut o = s.serialize_struct("PropertyResult", 12)?;
        o.serialize_field("number", &self.number)?;
        o.serialize_field("formula", &self.formula)?;
        o.serialize_field("verdict", &self.outcome.as_bool())?;
        o.serialize_field("limit", &limit)?;
        o.serialize_field("expected", &self.expected)?;
        o.serialize_field("matches_expected", &self.matches_expected())?;
        o.serialize_field("time_s", &json::rounded(self.time_s, 6))?;
        o.serialize_field("automaton", &automaton)?;
        o.serialize_field("engine", &self.engine)?;
        o.serialize_field("reduction", &self.reduction)?;
        o.serialize_field("profile", &self.profile)?;
        o.serialize_field("evidence", &self.evidence)?;
        o.end()
    }
}

/// The JSON of a property file's verdicts: big counts as decimal strings, and `mismatches`.
impl Serialize for CheckReport {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let count = |n: &Option<BigUint>| n.as_ref().map(BigUint::to_string);
        let mut o = s.serialize_struct("CheckReport", 11)?;
        o.serialize_field("system", &self.system)?;
        o.serialize_field("problem", &self.problem)?;
        o.serialize_field("logic", &self.logic)?;
        o.serialize_field("ltl_semantics", &self.ltl_semantics)?;
        o.serialize_field("engine", &self.engine)?;
        o.serialize_field("states", &count(&self.states))?;
        o.serialize_field("space_states", &count(&self.space_states))?;
        o.serialize_field("reach_time_s", &json::rounded(self.reach_time_s, 6))?;
        o.serialize_field("total_time_s", &json::rounded(self.total_time_s, 6))?;
        o.serialize_field("mismatches", &self.mismatches())?;
        o.serialize_field("warnings", &self.warnings)?;
        o.serialize_field("results", &self.results)?;
        o.end()
    }
}

/// What [`crate::check::check_with`] reports while it runs, and the streaming report
/// ([`super::stream`]) prints as it comes. It lives here, beside the verdicts it carries, so
/// that the printer needs nothing from the checker above it.
pub enum Event<'a> {
    /// The reachable states are known (or their limit was hit): the report's header fields are
    /// set, its results still empty.
    Begin(&'a CheckReport),
    /// One property's final result, the moment it is decided (in the order they are decided;
    /// one that ran out of its share of the time comes when its retry ends).
    Decided(&'a PropertyResult),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report() -> CheckReport {
        let r = |number, outcome, expected| PropertyResult {
            number,
            formula: "G a".into(),
            outcome,
            expected,
            evidence: None,
            time_s: 0.0,
            automaton: None,
            engine: None,
            reduction: None,
            profile: None,
        };
        CheckReport {
            system: "problem103.dot".into(),
            problem: Some("103".into()),
            logic: "LTL".into(),
            ltl_semantics: Some("rers".into()),
            engine: "symbolic".into(),
            states: Some(BigUint::from(42u32)),
            space_states: None,
            reach_time_s: 0.0,
            total_time_s: 0.0,
            warnings: Vec::new(),
            results: vec![
                r(1, Outcome::Holds, Some(true)),
                r(2, Outcome::Violated, Some(true)),
                r(3, Outcome::Unknown(Limit::Time { seconds: 1.0 }), None),
            ],
        }
    }

    #[test]
    fn renders_csv_json_text_and_exit_codes() {
        let rep = report();
        assert_eq!(rep.to_csv(), "103,1,true\n103,2,false\n");
        assert_eq!(rep.mismatches(), 1);
        assert_eq!(rep.exit_code(), 3);
        let text = rep.to_text();
        assert!(
            text.contains("#2: false  (expected true: MISMATCH)"),
            "{text}"
        );
        assert!(text.contains("1 mismatch with"), "{text}");
        let json = rep.to_json();
        assert!(json.contains(r#""states":"42""#), "{json}");
        assert!(
            json.contains(r#""limit":"time limit of 1 s reached""#),
            "{json}"
        );
        let mut ok = report();
        ok.results.truncate(1);
        assert_eq!(ok.exit_code(), 0);
        ok.results.push(report().results[1].clone());
        assert_eq!(ok.exit_code(), 1);
    }
}
