//! Statistics of a reachability run: plain data, printable as text or JSON.
//!
//! Counts are exact decimal numbers (RERS state spaces exceed 2^64); times are wall seconds per
//! phase so that sweeps over orders and strategies can tell encoding cost from fixpoint cost.

use std::fmt;

use num_bigint::BigUint;
use serde::Serialize;

use crate::json;

/// What a strategy counts while it runs (filled in by the fixpoint loops).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ReachCounters {
    /// Outer iterations: BFS steps, chaining sweeps, or saturation group visits.
    pub iterations: u64,
    /// Number of single-relation images computed.
    pub images: u64,
    /// Largest number of nodes the manager held at any sample (live and dead).
    pub peak_nodes: usize,
}

/// The outcome of [`run_reach`](super::run_reach). Its JSON: big counts as decimal
/// strings, `factored` and `deadlock_example` as objects, the counters inline, times in
/// milliseconds' precision.
#[derive(Clone, Debug, Default, Serialize)]
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
    #[serde(serialize_with = "json::pairs")]
    pub factored: Vec<(String, usize)>,
    #[serde(serialize_with = "json::decimal")]
    pub states: BigUint,
    /// Reachable states where no label can fire.
    #[serde(serialize_with = "json::decimal")]
    pub deadlocks: BigUint,
    /// One deadlock, as `(component name, local state name)` per component.
    #[serde(serialize_with = "json::opt_pairs")]
    pub deadlock_example: Option<Vec<(String, String)>>,
    #[serde(flatten)]
    pub counters: ReachCounters,
    /// Nodes of the reachable-set BDD (terminals included).
    pub final_nodes: usize,
    /// Dynamic reorderings of the variables during the run (`--reorder`), and their time
    /// (part of `time_reach_s`); `order` is then the order the run ended in.
    pub reorderings: u32,
    #[serde(serialize_with = "json::seconds::<3, _>")]
    pub time_reorder_s: f64,
    #[serde(serialize_with = "json::seconds::<3, _>")]
    pub time_encode_s: f64,
    #[serde(serialize_with = "json::seconds::<3, _>")]
    pub time_reach_s: f64,
    #[serde(serialize_with = "json::seconds::<3, _>")]
    pub time_deadlock_s: f64,
}

impl ReachStats {
    /// Total wall time of the phases.
    pub fn time_s(&self) -> f64 {
        self.time_encode_s + self.time_reach_s + self.time_deadlock_s
    }

    /// One JSON object: the fields and the total time `time_s`.
    pub fn to_json(&self) -> String {
        #[derive(Serialize)]
        struct WithTotal<'a> {
            #[serde(flatten)]
            stats: &'a ReachStats,
            #[serde(serialize_with = "json::seconds::<3, _>")]
            time_s: f64,
        }
        json::to_string(&WithTotal {
            stats: self,
            time_s: self.time_s(),
        })
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
        if self.reorderings > 0 {
            writeln!(
                f,
                "reordered {} times ({:.3} s of the reachability time)",
                self.reorderings, self.time_reorder_s
            )?;
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_has_decimal_string_counts_and_escapes() {
        let st = ReachStats {
            strategy: "chain".into(),
            order: vec!["a\"b".into(), "c".into()],
            factored: vec![("c".into(), 3)],
            states: "123456789012345678901234567890".parse().unwrap(),
            deadlock_example: Some(vec![("a\"b".into(), "s\n1".into())]),
            counters: ReachCounters {
                iterations: 7,
                ..Default::default()
            },
            time_reach_s: 1.23456,
            ..Default::default()
        };
        let j = st.to_json();
        assert!(
            j.contains(r#""states":"123456789012345678901234567890""#),
            "{j}"
        );
        assert!(j.contains(r#""order":["a\"b","c"]"#), "{j}");
        assert!(j.contains(r#""deadlock_example":{"a\"b":"s\n1"}"#), "{j}");
        let v: serde_json::Value = serde_json::from_str(&j).expect("JSON");
        assert_eq!(v["factored"], serde_json::json!({"c": 3}));
        assert_eq!(v["deadlocks"], "0");
        assert_eq!(v["iterations"], 7);
        assert_eq!(v["time_reach_s"], 1.235);
        assert_eq!(v["time_s"], 1.235);
        assert!(v.get("counters").is_none(), "{j}");
    }
}
