//! Statistics of a reachability run: plain data, printable as text or JSON.
//!
//! Counts are exact decimal numbers (RERS state spaces exceed 2^64); times are wall seconds per
//! phase so that sweeps over orders and strategies can tell encoding cost from fixpoint cost.

use std::fmt;

use crate::model::BigNat;

/// What a strategy counts while it runs (filled in by the fixpoint loops).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReachCounters {
    /// Outer iterations: BFS steps, chaining sweeps, or saturation group visits.
    pub iterations: u64,
    /// Number of single-relation images computed.
    pub images: u64,
    /// Largest number of nodes the manager held at any sample (live and dead).
    pub peak_nodes: usize,
}

/// The outcome of [`run_reach`](super::run_reach).
#[derive(Clone, Debug, Default)]
pub struct ReachStats {
    /// The strategy's name (`bfs`, `chain`, `sat`, ...).
    pub strategy: String,
    /// How the order was chosen (`given`, `force`, ...), if the caller says so.
    pub order_spec: String,
    /// Component names, top to bottom.
    pub order: Vec<String>,
    /// Sum over shared labels of the distance between their first and last component.
    pub order_span: usize,
    /// Components of the system as given that were split into bits, with their number of bits
    /// ([`crate::model::factor`]); the order names the bits `NAME.bJ`.
    pub factored: Vec<(String, usize)>,
    pub states: BigNat,
    /// Reachable states where no label can fire.
    pub deadlocks: BigNat,
    /// One deadlock, as `(component name, local state name)` per component.
    pub deadlock_example: Option<Vec<(String, String)>>,
    pub counters: ReachCounters,
    /// Nodes of the reachable-set BDD (terminals included).
    pub final_nodes: usize,
    pub time_encode_s: f64,
    pub time_reach_s: f64,
    pub time_deadlock_s: f64,
}

impl ReachStats {
    /// Total wall time of the phases.
    pub fn time_s(&self) -> f64 {
        self.time_encode_s + self.time_reach_s + self.time_deadlock_s
    }

    /// One JSON object. Big counts are decimal strings; the order is a list of names.
    pub fn to_json(&self) -> String {
        let mut s = String::from("{");
        let mut field = |k: &str, v: String| {
            if s.len() > 1 {
                s.push_str(", ");
            }
            s.push_str(&json_str(k));
            s.push_str(": ");
            s.push_str(&v);
        };
        field("strategy", json_str(&self.strategy));
        field("order_spec", json_str(&self.order_spec));
        field(
            "order",
            format!(
                "[{}]",
                self.order
                    .iter()
                    .map(|n| json_str(n))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
        field("order_span", self.order_span.to_string());
        field(
            "factored",
            format!(
                "{{{}}}",
                self.factored
                    .iter()
                    .map(|(c, bits)| format!("{}: {bits}", json_str(c)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
        field("states", json_str(&self.states.to_string()));
        field("deadlocks", json_str(&self.deadlocks.to_string()));
        field(
            "deadlock_example",
            match &self.deadlock_example {
                None => "null".into(),
                Some(v) => format!(
                    "{{{}}}",
                    v.iter()
                        .map(|(c, st)| format!("{}: {}", json_str(c), json_str(st)))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            },
        );
        field("iterations", self.counters.iterations.to_string());
        field("images", self.counters.images.to_string());
        field("peak_nodes", self.counters.peak_nodes.to_string());
        field("final_nodes", self.final_nodes.to_string());
        field("time_encode_s", format!("{:.3}", self.time_encode_s));
        field("time_reach_s", format!("{:.3}", self.time_reach_s));
        field("time_deadlock_s", format!("{:.3}", self.time_deadlock_s));
        field("time_s", format!("{:.3}", self.time_s()));
        s.push('}');
        s
    }
}

impl fmt::Display for ReachStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "reachable states: {}", self.states)?;
        writeln!(f, "deadlock states:  {}", self.deadlocks)?;
        if let Some(ex) = &self.deadlock_example {
            let parts: Vec<String> = ex.iter().map(|(c, s)| format!("{c}={s}")).collect();
            writeln!(f, "example deadlock: {}", parts.join(" "))?;
        }
        if !self.factored.is_empty() {
            let bits: usize = self.factored.iter().map(|(_, b)| b).sum();
            writeln!(
                f,
                "factored: {} components into {bits} bits ({})",
                self.factored.len(),
                self.factored
                    .iter()
                    .map(|(c, b)| format!("{c}: {b}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )?;
        }
        writeln!(
            f,
            "strategy {}, order {} (span {}): {}",
            self.strategy,
            self.order_spec,
            self.order_span,
            self.order.join(" ")
        )?;
        writeln!(
            f,
            "iterations {}, images {}, final BDD nodes {}, peak manager nodes {}",
            self.counters.iterations,
            self.counters.images,
            self.final_nodes,
            self.counters.peak_nodes
        )?;
        write!(
            f,
            "time: encode {:.3} s, reach {:.3} s, deadlocks {:.3} s, total {:.3} s",
            self.time_encode_s,
            self.time_reach_s,
            self.time_deadlock_s,
            self.time_s()
        )
    }
}

/// A JSON string literal.
pub fn json_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_has_decimal_string_counts_and_escapes() {
        let st = ReachStats {
            strategy: "chain".into(),
            order: vec!["a\"b".into(), "c".into()],
            states: BigNat::parse("123456789012345678901234567890").unwrap(),
            deadlock_example: Some(vec![("a\"b".into(), "s\n1".into())]),
            ..Default::default()
        };
        let j = st.to_json();
        assert!(
            j.contains(r#""states": "123456789012345678901234567890""#),
            "{j}"
        );
        assert!(j.contains(r#""order": ["a\"b", "c"]"#), "{j}");
        assert!(j.contains(r#""deadlock_example": {"a\"b": "s\n1"}"#), "{j}");
        assert!(j.starts_with('{') && j.ends_with('}'));
    }
}
