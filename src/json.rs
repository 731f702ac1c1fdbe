//! JSON output through serde: the conventions every JSON object ltsym prints shares.
//!
//! * Counts that can exceed 2^64 (states, deadlocks, the product of component sizes) are
//!   decimal strings, so that any JSON reader gets them exactly; the explicit engine's counts
//!   are strings too, for one shape whichever engine counted.
//! * Times are seconds rounded to the decimals the output has always had (3 in `reach`, 6 in
//!   `check`); a time that is not finite is `null`.
//! * Lists of `(name, value)` pairs are objects.
//!
//! In the base layer (ARCHITECTURE.md), not in `report/`: the engines' statistics
//! (`symbolic/reach/stats.rs`) serialise themselves with these, as the reports do.

use std::fmt::Display;

use serde::{Serialize, Serializer};

/// `value` as one line of JSON.
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> String {
    // serde_json fails only on map keys that are not strings and on Serialize impls that
    // fail; the types printed here have neither
    serde_json::to_string(value).expect("JSON of plain report data")
}

/// A count as a decimal string.
pub fn decimal<T: Display, S: Serializer>(n: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(n)
}

/// An optional count as a decimal string or `null`.
pub fn opt_decimal<T: Display, S: Serializer>(n: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
    match n {
        Some(n) => s.collect_str(n),
        None => s.serialize_none(),
    }
}

/// `x` rounded to `decimals` decimals.
pub fn rounded(x: f64, decimals: i32) -> f64 {
    let scale = 10f64.powi(decimals);
    (x * scale).round() / scale
}

/// Seconds rounded to `DECIMALS` decimals.
pub fn seconds<const DECIMALS: i32, S: Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(rounded(*x, DECIMALS))
}

/// `(name, value)` pairs as an object.
pub fn pairs<K: Serialize, V: Serialize, S: Serializer>(
    pairs: &[(K, V)],
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_map(pairs.iter().map(|(k, v)| (k, v)))
}

/// Optional `(name, value)` pairs as an object or `null`.
pub fn opt_pairs<K: Serialize, V: Serialize, S: Serializer>(
    p: &Option<Vec<(K, V)>>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match p {
        Some(p) => pairs(p, s),
        None => s.serialize_none(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_strings_times_rounded_pairs_objects() {
        #[derive(Serialize)]
        struct T {
            #[serde(serialize_with = "decimal")]
            n: u64,
            #[serde(serialize_with = "opt_decimal")]
            none: Option<u64>,
            #[serde(serialize_with = "seconds::<3, _>")]
            t: f64,
            #[serde(serialize_with = "seconds::<6, _>")]
            nan: f64,
            #[serde(serialize_with = "pairs")]
            p: Vec<(String, usize)>,
            #[serde(serialize_with = "opt_pairs")]
            q: Option<Vec<(String, String)>>,
            text: String,
        }
        let t = T {
            n: u64::MAX,
            none: None,
            t: 1.23456,
            nan: f64::NAN,
            p: vec![("a\"b".into(), 2)],
            q: Some(vec![("c".into(), "s\n1".into())]),
            text: "x\u{1}".into(),
        };
        assert_eq!(
            to_string(&t),
            r#"{"n":"18446744073709551615","none":null,"t":1.235,"nan":null,"p":{"a\"b":2},"q":{"c":"s\n1"},"text":"x\u0001"}"#
        );
    }
}
