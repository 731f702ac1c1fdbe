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
//! the same lines, `?` where the tools did not agree. Their formula ids are not those of the
//! formula files: [`oracle_keys`] maps one to the other.

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

/// The answer lines of a run, given as each answer is decided (plain data: the caller writes
/// the lines, flushed, so that a run killed from outside keeps every line it gave).
///
/// The contest reads the lines of an examination in any order, each result once, and
/// `CANNOT_COMPUTE` when one is missing. So an answer's line is given the moment the engine
/// decides it ([`LineStream::answer`], in the order the engines decide them: file order,
/// except formulas that ran out of their first share and were decided when resumed), never a
/// second time; [`LineStream::finish`] gives, at the end of the examination, the lines of
/// answers not given yet and `CANNOT_COMPUTE` if something is missing, and
/// [`LineStream::interrupt`] the `CANNOT_COMPUTE` of an examination stopped by a signal.
#[derive(Debug, Default)]
pub struct LineStream {
    /// The answers given in the open examination, by id; `None` when none is open.
    given: Option<BTreeMap<String, Value>>,
}

impl LineStream {
    pub fn new() -> Self {
        Self::default()
    }

    /// Opens an examination.
    pub fn begin(&mut self) {
        self.given = Some(BTreeMap::new());
    }

    /// The line of `a`, if it has a value and its id has none given yet in the open
    /// examination (an answer given again gives nothing).
    pub fn answer(&mut self, a: &Answer) -> Option<String> {
        let given = self.given.as_mut()?;
        let (line, v) = (a.line()?, a.value.as_ref()?);
        if given.contains_key(&a.id) {
            return None;
        }
        given.insert(a.id.clone(), v.clone());
        Some(line)
    }

    /// Closes the examination with its final `answers`: the lines of those not given yet,
    /// and `CANNOT_COMPUTE` last when one has no value. An answer given during the
    /// examination and different now is an internal error (an engine changed its mind).
    pub fn finish(&mut self, answers: &[Answer]) -> crate::error::Result<Vec<String>> {
        let mut given = self.given.take().unwrap_or_default();
        let mut out = Vec::new();
        for a in answers {
            match (given.get(&a.id), &a.value) {
                (Some(g), Some(v)) if g != v => {
                    return Err(crate::error::Error::Internal(format!(
                        "{}: answered {g} and then {v}",
                        a.id
                    )))
                }
                (None, Some(v)) => {
                    given.insert(a.id.clone(), v.clone());
                    out.extend(a.line());
                }
                _ => {}
            }
        }
        if answers.is_empty() || answers.iter().any(|a| !given.contains_key(&a.id)) {
            out.push("CANNOT_COMPUTE".to_string());
        }
        Ok(out)
    }

    /// Closes the examination stopped by a signal: `CANNOT_COMPUTE` if one is open (what it
    /// decided has been given already).
    pub fn interrupt(&mut self) -> Option<String> {
        self.given.take().map(|_| "CANNOT_COMPUTE".to_string())
    }
}

/// The keys under which the oracle files list the results of the properties with these ids
/// (in file order): `<model>-<Examination>-<NN>`, where `NN` is the property's rank among the
/// ids **sorted as strings**, from `00`.
///
/// Why the rank: the 2025 formula files of most models end with four formulas from an
/// earlier edition (`…-CTLCardinality-2023-12` to `-15` after `…-2025-00` to `-11`), and the
/// oracle numbers the results in the sorted order of the ids, so its `-00` is the file's
/// `-2023-12`. Checked on RERS-free small models by hand (ERK-PT-000001 CTLCardinality: in file
/// order 10 of 16 answers disagree with the oracle, in sorted order none; LTSmin's
/// `pnml2lts-sym` gives the same 16 answers as ltsym) and on the whole training set by
/// `scripts/mcc-check.sh`. Where the ids carry no year (RERS2020-PT-pb103, all LTL files)
/// the sorted order is the file order and `NN` the id's own number.
pub fn oracle_keys(ids: &[String]) -> Vec<String> {
    let mut order: Vec<usize> = (0..ids.len()).collect();
    order.sort_by(|&a, &b| ids[a].cmp(&ids[b]));
    let mut keys = vec![String::new(); ids.len()];
    for (rank, &i) in order.iter().enumerate() {
        keys[i] = match stem(&ids[i]) {
            Some(stem) => format!("{stem}-{rank:02}"),
            None => ids[i].clone(),
        };
    }
    keys
}

/// `<model>-<Examination>` of a formula id `<model>-<Examination>[-<year>]-<NN>`.
fn stem(id: &str) -> Option<&str> {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let (rest, num) = id.rsplit_once('-')?;
    if !digits(num) {
        return None;
    }
    match rest.rsplit_once('-') {
        Some((stem, year)) if year.len() == 4 && digits(year) => Some(stem),
        _ => Some(rest),
    }
}

/// What the oracle says about one result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    Value(Value),
    /// `?`: no agreement.
    Unknown,
}

/// The agreed answers of one oracle file, by the ids it gives (see [`oracle_keys`];
/// StateSpace figures by their key, e.g. `STATES`).
pub fn parse_oracle(text: &str) -> BTreeMap<String, Expected> {
    let mut out = BTreeMap::new();
    for line in text.lines() {
        let w: Vec<&str> = line.split_whitespace().collect();
        let (id, v) = match w[..] {
            ["STATE_SPACE", key, v, ..] => (key.to_string(), v),
            ["FORMULA", id, v, ..] => (id.to_string(), v),
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

/// How a run's answers compare with an oracle file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Comparison {
    /// Answers equal to the agreed one.
    pub matches: usize,
    /// `(id, ours, agreed)`.
    pub mismatches: Vec<(String, Value, Value)>,
    /// Answers where the contest had `?`: `(id, ours)`.
    pub beyond: Vec<(String, Value)>,
    /// Results asked and not computed.
    pub unanswered: Vec<String>,
    /// Answers the oracle does not list.
    pub not_in_oracle: Vec<String>,
}

/// Compares the answers of one examination (in the order the formula file gives them) with
/// its oracle file (see [`oracle_keys`]).
pub fn compare(answers: &[Answer], oracle: &BTreeMap<String, Expected>) -> Comparison {
    let ids: Vec<String> = answers.iter().map(|a| a.id.clone()).collect();
    let keys = if answers.iter().all(|a| a.state_space) {
        ids.clone()
    } else {
        oracle_keys(&ids)
    };
    let mut c = Comparison::default();
    for (a, key) in answers.iter().zip(keys) {
        let Some(v) = &a.value else {
            c.unanswered.push(a.id.clone());
            continue;
        };
        match oracle.get(&key) {
            Some(Expected::Value(o)) if o == v => c.matches += 1,
            Some(Expected::Value(o)) => c.mismatches.push((a.id.clone(), v.clone(), o.clone())),
            Some(Expected::Unknown) => c.beyond.push((a.id.clone(), v.clone())),
            None => c.not_in_oracle.push(a.id.clone()),
        }
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn oracle_keys_rank_the_sorted_ids() {
        let ids: Vec<String> = (0..12)
            .map(|i| format!("M-CTLCardinality-2025-{i:02}"))
            .chain((12..16).map(|i| format!("M-CTLCardinality-2023-{i:02}")))
            .collect();
        let keys = oracle_keys(&ids);
        assert_eq!(keys[12], "M-CTLCardinality-00");
        assert_eq!(keys[0], "M-CTLCardinality-04");
        assert_eq!(keys[11], "M-CTLCardinality-15");
        let plain: Vec<String> = (0..3)
            .map(|i| format!("R-PT-pb103-LTLFireability-{i:02}"))
            .collect();
        assert_eq!(oracle_keys(&plain), plain);
        assert_eq!(oracle_keys(&["Liveness".to_string()]), vec!["Liveness"]);
    }

    fn answer(id: &str, value: Option<bool>) -> Answer {
        Answer {
            id: id.into(),
            state_space: false,
            value: value.map(Value::Bool),
            techniques: vec!["DECISION_DIAGRAMS"],
        }
    }

    #[test]
    fn a_line_stream_gives_each_answer_once_and_cannot_compute_last() {
        let mut s = LineStream::new();
        // nothing is given outside an examination
        assert_eq!(s.answer(&answer("A-00", Some(true))), None);
        s.begin();
        assert_eq!(
            s.answer(&answer("A-01", Some(false))).as_deref(),
            Some("FORMULA A-01 FALSE TECHNIQUES DECISION_DIAGRAMS")
        );
        assert_eq!(s.answer(&answer("A-01", Some(false))), None);
        assert_eq!(s.answer(&answer("A-02", None)), None);
        let all = [
            answer("A-00", Some(true)),
            answer("A-01", Some(false)),
            answer("A-02", None),
        ];
        assert_eq!(
            s.finish(&all).unwrap(),
            [
                "FORMULA A-00 TRUE TECHNIQUES DECISION_DIAGRAMS",
                "CANNOT_COMPUTE"
            ]
        );
        // closed: a signal now adds nothing
        assert_eq!(s.interrupt(), None);
        s.begin();
        s.answer(&answer("A-00", Some(true)));
        assert_eq!(
            s.finish(&all[..2]).unwrap(),
            ["FORMULA A-01 FALSE TECHNIQUES DECISION_DIAGRAMS"]
        );
        s.begin();
        assert_eq!(s.finish(&[]).unwrap(), ["CANNOT_COMPUTE"]);
        s.begin();
        s.answer(&answer("A-00", Some(true)));
        assert_eq!(s.interrupt().as_deref(), Some("CANNOT_COMPUTE"));
        s.begin();
        s.answer(&answer("A-00", Some(true)));
        assert!(s.finish(&[answer("A-00", Some(false))]).is_err());
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
        let mut stream = LineStream::new();
        stream.begin();
        assert_eq!(
            stream.finish(&a).unwrap(),
            vec![
                "FORMULA M-UpperBounds-00 3 TECHNIQUES DECISION_DIAGRAMS",
                "CANNOT_COMPUTE"
            ]
        );
        let o = parse_oracle(
            "M StateSpace\nSTATE_SPACE STATES 20754 TECHNIQUES TEDD2023\n\
             FORMULA M-CTLCardinality-03 ? TECHNIQUES ORACLE2025\n\
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
