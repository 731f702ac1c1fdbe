//! The contest's answer lines, and its oracle files.
//!
//! A tool answers an examination on standard output, one line per result (the BenchKit
//! conventions of the Model Checking Contest):
//! * `STATE_SPACE STATES <n> TECHNIQUES <t>...`, and likewise `TRANSITIONS`,
//!   `MAX_TOKEN_IN_PLACE`, `MAX_TOKEN_PER_MARKING`;
//! * `FORMULA <id> TRUE|FALSE TECHNIQUES <t>...` for a property, `FORMULA <id> <n> ...` for an
//!   upper bound; the id of a global property (ReachabilityDeadlock, ...) is the examination's
//!   name;
//! * `CANNOT_COMPUTE` when some asked result is missing (a hit limit, an unsupported net).
//!
//! The oracle files of the training set (`oracle/<model>-<EX>.out`) hold the agreed answers in
//! the same lines, `?` where the tools did not agree. Their formula ids lack the year that the
//! 2025 formula files put before the number (`…-CTLCardinality-2025-00` is
//! `…-CTLCardinality-00` there): [`oracle_key`] drops it on both sides.

use std::collections::BTreeMap;
use std::fmt;

use num_bigint::BigUint;

/// One result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Bool(bool),
    Number(BigUint),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Bool(true) => write!(f, "TRUE"),
            Value::Bool(false) => write!(f, "FALSE"),
            Value::Number(n) => write!(f, "{n}"),
        }
    }
}

/// The four StateSpace figures, in the contest's order.
pub const STATE_SPACE_KEYS: [&str; 4] = [
    "STATES",
    "TRANSITIONS",
    "MAX_TOKEN_IN_PLACE",
    "MAX_TOKEN_PER_MARKING",
];

/// One answer line: a formula's result, or a StateSpace figure (`id` is then one of
/// [`STATE_SPACE_KEYS`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub id: String,
    pub state_space: bool,
    /// `None`: not computed (a limit, or the engine cannot).
    pub value: Option<Value>,
    /// The contest's technique keywords, e.g. `DECISION_DIAGRAMS`.
    pub techniques: Vec<&'static str>,
}

impl Answer {
    /// The line the contest reads, or `None` for an answer not computed.
    pub fn line(&self) -> Option<String> {
        let v = self.value.as_ref()?;
        let head = if self.state_space {
            "STATE_SPACE"
        } else {
            "FORMULA"
        };
        Some(format!(
            "{head} {} {v} TECHNIQUES {}",
            self.id,
            self.techniques.join(" ")
        ))
    }
}

/// The answer lines of an examination, with `CANNOT_COMPUTE` last when one is missing.
pub fn lines(answers: &[Answer]) -> Vec<String> {
    let mut out: Vec<String> = answers.iter().filter_map(Answer::line).collect();
    if answers.is_empty() || answers.iter().any(|a| a.value.is_none()) {
        out.push("CANNOT_COMPUTE".to_string());
    }
    out
}

/// A formula id without the year the 2025 files insert before the number: the key under which
/// the oracle and the formula files agree.
pub fn oracle_key(id: &str) -> String {
    let parts: Vec<&str> = id.rsplitn(3, '-').collect();
    if let [num, year, rest] = parts[..] {
        let is_year = year.len() == 4 && year.bytes().all(|b| b.is_ascii_digit());
        let is_num = !num.is_empty() && num.bytes().all(|b| b.is_ascii_digit());
        if is_year && is_num {
            return format!("{rest}-{num}");
        }
    }
    id.to_string()
}

/// What the oracle says about one result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    Value(Value),
    /// `?`: no agreement.
    Unknown,
}

/// The agreed answers of one oracle file, by [`oracle_key`] (StateSpace figures by their
/// key, e.g. `STATES`).
pub fn parse_oracle(text: &str) -> BTreeMap<String, Expected> {
    let mut out = BTreeMap::new();
    for line in text.lines() {
        let w: Vec<&str> = line.split_whitespace().collect();
        let (id, v) = match w[..] {
            ["STATE_SPACE", key, v, ..] => (key.to_string(), v),
            ["FORMULA", id, v, ..] => (oracle_key(id), v),
            _ => continue,
        };
        let e = match v {
            "TRUE" => Expected::Value(Value::Bool(true)),
            "FALSE" => Expected::Value(Value::Bool(false)),
            "?" => Expected::Unknown,
            n => match n.parse::<BigUint>().ok() {
                Some(n) => Expected::Value(Value::Number(n)),
                None => continue,
            },
        };
        out.insert(id, e);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_drop_the_year() {
        assert_eq!(
            oracle_key("Peterson-PT-2-CTLCardinality-2025-00"),
            "Peterson-PT-2-CTLCardinality-00"
        );
        assert_eq!(
            oracle_key("RERS2020-PT-pb103-CTLCardinality-00"),
            "RERS2020-PT-pb103-CTLCardinality-00"
        );
        assert_eq!(oracle_key("Liveness"), "Liveness");
    }

    #[test]
    fn lines_and_oracle() {
        let a = vec![
            Answer {
                id: "M-UpperBounds-00".into(),
                state_space: false,
                value: Some(Value::Number(BigUint::from(3u64))),
                techniques: vec!["DECISION_DIAGRAMS"],
            },
            Answer {
                id: "M-UpperBounds-01".into(),
                state_space: false,
                value: None,
                techniques: vec![],
            },
        ];
        assert_eq!(
            lines(&a),
            vec![
                "FORMULA M-UpperBounds-00 3 TECHNIQUES DECISION_DIAGRAMS",
                "CANNOT_COMPUTE"
            ]
        );
        let o = parse_oracle(
            "M StateSpace\nSTATE_SPACE STATES 20754 TECHNIQUES TEDD2023\n\
             FORMULA M-CTLCardinality-2025-03 ? TECHNIQUES ORACLE2025\n\
             FORMULA Liveness FALSE TECHNIQUES ORACLE2025\n",
        );
        assert_eq!(
            o["STATES"],
            Expected::Value(Value::Number(BigUint::from(20754u64)))
        );
        assert_eq!(o["M-CTLCardinality-03"], Expected::Unknown);
        assert_eq!(o["Liveness"], Expected::Value(Value::Bool(false)));
    }
}
