//! Results printed the moment they are decided, and kept when a run is stopped.
//!
//! A [`Printer`] receives the events of [`crate::check::check_with`] and writes each result as
//! it comes: text (the header once the reachable states are known, then each property, then
//! the summary), the RERS CSV (a line per answered property; at the end, stderr says which
//! properties were left out), JSON lines (`--format jsonl`: a `start` object, one `result`
//! object per property as it is decided, an `end` object), or one JSON document at the end.
//! [`Printer::interrupt`] closes the output of a run stopped by a signal: every property not
//! yet decided is reported unknown ("interrupted by SIGINT") and the summary follows, so
//! nothing decided is lost. The printer is plain data behind the caller's lock: the CLI shares
//! it between the run and the thread that waits for signals.

use std::io::Write;
use std::time::Instant;

use serde_json::{Map, Value};

use super::{CheckReport, Event, Outcome, PropertyResult};
use crate::error::Limit;

/// How `ltsym check` prints its results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    /// One JSON document once every property is decided.
    Json,
    /// One JSON object per line, each result as it is decided.
    Jsonl,
    /// The RERS submission CSV.
    Csv,
}

/// One property as the printer knows it before it is decided.
#[derive(Clone, Debug)]
pub struct Pending {
    pub number: u32,
    pub formula: String,
    pub expected: Option<bool>,
}

pub struct Printer {
    format: Format,
    out: Box<dyn Write + Send>,
    err: Box<dyn Write + Send>,
    properties: Vec<Pending>,
    /// The report's header fields, from the start (the system, the logic) and, once known,
    /// the reachable states.
    header: CheckReport,
    begun: bool,
    decided: Vec<PropertyResult>,
    /// The exit code, once the output is complete.
    finished: Option<u8>,
    start: Instant,
}

/// Writes `s`; a reader that went away (`ltsym ... | head`) is not an error, any other
/// failure is said once on stderr.
fn write(out: &mut dyn Write, s: &str) {
    if let Err(e) = out.write_all(s.as_bytes()).and_then(|_| out.flush()) {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("ltsym: cannot write the output: {e}");
        }
    }
}

/// `value`'s fields (those in `keep`, when given) and `event`.
fn event(kind: &str, value: Value, keep: Option<&[&str]>) -> String {
    let mut m = Map::new();
    m.insert("event".into(), Value::String(kind.into()));
    if let Value::Object(fields) = value {
        for (k, v) in fields {
            if keep.is_none_or(|keep| keep.contains(&k.as_str())) {
                m.insert(k, v);
            }
        }
    }
    Value::Object(m).to_string() + "\n"
}

impl Printer {
    /// A printer for the properties `properties` (in file order) of the run `header` describes
    /// (its results empty).
    pub fn new(
        format: Format,
        out: Box<dyn Write + Send>,
        err: Box<dyn Write + Send>,
        header: CheckReport,
        properties: Vec<Pending>,
    ) -> Printer {
        Printer {
            format,
            out,
            err,
            properties,
            header,
            begun: false,
            decided: Vec::new(),
            finished: None,
            start: Instant::now(),
        }
    }

    fn with_expected(&self) -> bool {
        self.properties.iter().any(|p| p.expected.is_some())
    }

    /// Takes one event of the run.
    pub fn event(&mut self, e: Event<'_>) {
        match e {
            Event::Begin(r) => self.begin(r),
            Event::Decided(r) => self.decided(r.clone()),
        }
    }

    fn begin(&mut self, r: &CheckReport) {
        if self.begun {
            return;
        }
        self.begun = true;
        let warnings = std::mem::take(&mut self.header.warnings);
        self.header = CheckReport {
            results: Vec::new(),
            warnings,
            ..r.clone()
        };
        match self.format {
            Format::Text => write(&mut self.out, &self.header.text_header()),
            Format::Jsonl => {
                let v = serde_json::to_value(&self.header).unwrap_or(Value::Null);
                let keep = [
                    "system",
                    "problem",
                    "logic",
                    "engine",
                    "states",
                    "space_states",
                    "reach_time_s",
                    "warnings",
                ];
                write(&mut self.out, &event("start", v, Some(&keep)));
            }
            Format::Json | Format::Csv => {}
        }
    }

    fn decided(&mut self, r: PropertyResult) {
        if self.finished.is_some() || self.decided.iter().any(|d| d.number == r.number) {
            return;
        }
        self.begin(&self.header.clone());
        match self.format {
            Format::Text => {
                let text = r.to_text(self.with_expected());
                write(&mut self.out, &text);
            }
            Format::Csv => {
                if let Some(b) = r.outcome.as_bool() {
                    let problem = self.header.problem.as_deref().unwrap_or("0");
                    write(&mut self.out, &format!("{problem},{},{b}\n", r.number));
                }
            }
            Format::Jsonl => {
                let v = serde_json::to_value(&r).unwrap_or(Value::Null);
                write(&mut self.out, &event("result", v, None));
            }
            Format::Json => {}
        }
        self.decided.push(r);
    }

    /// Completes the output with the finished run's report; returns the exit code.
    pub fn finish(&mut self, report: &CheckReport) -> u8 {
        if let Some(code) = self.finished {
            return code;
        }
        for r in &report.results {
            self.decided(r.clone());
        }
        match self.format {
            Format::Text => write(&mut self.out, &report.text_summary()),
            Format::Json => write(&mut self.out, &(report.to_json() + "\n")),
            Format::Jsonl => {
                let count = |o: &Outcome| report.results.iter().filter(|r| r.outcome == *o).count();
                let (holds, violated) = (count(&Outcome::Holds), count(&Outcome::Violated));
                let v = serde_json::json!({
                    "total_time_s": crate::json::rounded(report.total_time_s, 6),
                    "holds": holds,
                    "violated": violated,
                    "unknown": report.results.len() - holds - violated,
                    "mismatches": report.mismatches(),
                    "warnings": report.warnings,
                });
                write(&mut self.out, &event("end", v, None));
            }
            Format::Csv => {
                let left: Vec<String> = report
                    .results
                    .iter()
                    .filter_map(|r| match &r.outcome {
                        Outcome::Unknown(l) => Some(format!("#{} ({l})", r.number)),
                        _ => None,
                    })
                    .collect();
                if !left.is_empty() {
                    write(
                        &mut self.err,
                        &format!(
                            "ltsym: {} propert{} left out of the CSV, unknown: {}\n",
                            left.len(),
                            if left.len() == 1 { "y" } else { "ies" },
                            left.join(", ")
                        ),
                    );
                }
            }
        }
        let code = report.exit_code();
        self.finished = Some(code);
        code
    }

    /// Completes the output of a run stopped by `signal` (`SIGINT`, `SIGTERM`): the properties
    /// not decided are unknown, interrupted. Returns the exit code: 3, or the run's own when
    /// its output was already complete.
    pub fn interrupt(&mut self, signal: &str) -> u8 {
        if let Some(code) = self.finished {
            return code;
        }
        let mut results = Vec::with_capacity(self.properties.len());
        for p in &self.properties {
            match self.decided.iter().find(|d| d.number == p.number) {
                Some(d) => results.push(d.clone()),
                None => results.push(PropertyResult {
                    number: p.number,
                    formula: p.formula.clone(),
                    outcome: Outcome::Unknown(Limit::Interrupted {
                        signal: signal.to_string(),
                    }),
                    expected: p.expected,
                    evidence: None,
                    time_s: 0.0,
                    automaton: None,
                    engine: None,
                    reduction: None,
                    profile: None,
                }),
            }
        }
        let report = CheckReport {
            results,
            total_time_s: self.start.elapsed().as_secs_f64(),
            ..self.header.clone()
        };
        self.begin(&report);
        self.finish(&report)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// A `Write` whose bytes the test reads afterwards.
    #[derive(Clone, Default)]
    struct Buf(Arc<Mutex<Vec<u8>>>);

    impl Write for Buf {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Buf {
        fn text(&self) -> String {
            String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
        }
    }

    fn header() -> CheckReport {
        CheckReport {
            system: "p.dot".into(),
            problem: Some("101".into()),
            logic: "LTL".into(),
            ltl_semantics: Some("rers".into()),
            engine: "symbolic".into(),
            states: None,
            space_states: None,
            reach_time_s: 0.0,
            total_time_s: 0.0,
            results: Vec::new(),
            warnings: Vec::new(),
        }
    }

    fn printer(format: Format) -> (Printer, Buf, Buf) {
        let (out, err) = (Buf::default(), Buf::default());
        let props = (1..=3)
            .map(|n| Pending {
                number: n,
                formula: format!("G !a{n}"),
                expected: None,
            })
            .collect();
        let p = Printer::new(
            format,
            Box::new(out.clone()),
            Box::new(err.clone()),
            header(),
            props,
        );
        (p, out, err)
    }

    fn result(n: u32, outcome: Outcome) -> PropertyResult {
        PropertyResult {
            number: n,
            formula: format!("G !a{n}"),
            outcome,
            expected: None,
            evidence: None,
            time_s: 0.0,
            automaton: None,
            engine: None,
            reduction: None,
            profile: None,
        }
    }

    #[test]
    fn results_are_written_as_they_come_and_kept_on_interrupt() {
        for format in [Format::Text, Format::Csv, Format::Jsonl, Format::Json] {
            let (mut p, out, err) = printer(format);
            p.event(Event::Begin(&header()));
            p.event(Event::Decided(&result(2, Outcome::Violated)));
            let early = out.text();
            if format != Format::Json {
                assert!(
                    early.contains("#2: false")
                        || early.contains("101,2,false")
                        || early.contains(r#""number":2"#),
                    "{format:?}: {early}"
                );
            }
            assert_eq!(p.interrupt("SIGINT"), 3);
            let all = out.text();
            match format {
                Format::Text => {
                    assert!(all.contains("#1: unknown (interrupted by SIGINT)"), "{all}");
                    assert!(all.contains("0 hold, 1 violated, 2 unknown"), "{all}");
                }
                Format::Csv => {
                    assert_eq!(all, "101,2,false\n");
                    assert!(
                        err.text().contains(
                            "2 properties left out of the CSV, unknown: #1 \
                             (interrupted by SIGINT), #3 (interrupted by SIGINT)"
                        ),
                        "{}",
                        err.text()
                    );
                }
                Format::Jsonl => {
                    let lines: Vec<&str> = all.lines().collect();
                    assert_eq!(lines.len(), 5, "{all}");
                    let v: Vec<Value> = lines
                        .iter()
                        .map(|l| serde_json::from_str(l).unwrap())
                        .collect();
                    assert_eq!(
                        (&v[0]["event"], &v[0]["system"]),
                        (&"start".into(), &"p.dot".into())
                    );
                    assert_eq!(
                        (&v[1]["event"], &v[1]["number"]),
                        (&"result".into(), &2.into())
                    );
                    assert_eq!(v[2]["limit"], "interrupted by SIGINT");
                    assert_eq!(
                        (&v[4]["event"], &v[4]["unknown"]),
                        (&"end".into(), &2.into())
                    );
                }
                Format::Json => {
                    let v: Value = serde_json::from_str(&all).unwrap();
                    assert_eq!(v["results"].as_array().unwrap().len(), 3);
                    assert_eq!(v["results"][0]["limit"], "interrupted by SIGINT");
                }
            }
            // a finished output is not written twice
            assert_eq!(p.interrupt("SIGTERM"), 3);
            assert_eq!(out.text(), all);
        }
    }
}
