//! A small unsigned big integer: RERS state spaces go beyond 2^64 (and beyond 2^128 for the
//! product of component sizes), and counts must be exact.

use std::cmp::Ordering;
use std::fmt;

/// An arbitrary-precision natural number, little-endian base 10^9 limbs (no trailing zero limb).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct BigNat {
    limbs: Vec<u32>,
}

const BASE: u64 = 1_000_000_000;

impl BigNat {
    pub fn zero() -> BigNat {
        BigNat { limbs: Vec::new() }
    }

    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    pub fn mul_small(&self, m: u64) -> BigNat {
        if m == 0 || self.is_zero() {
            return BigNat::zero();
        }
        let mut out = Vec::with_capacity(self.limbs.len() + 3);
        let mut carry: u128 = 0;
        for &d in &self.limbs {
            let v = d as u128 * m as u128 + carry;
            out.push((v % BASE as u128) as u32);
            carry = v / BASE as u128;
        }
        while carry > 0 {
            out.push((carry % BASE as u128) as u32);
            carry /= BASE as u128;
        }
        BigNat { limbs: out }
    }

    pub fn add(&self, other: &BigNat) -> BigNat {
        let n = self.limbs.len().max(other.limbs.len());
        let mut out = Vec::with_capacity(n + 1);
        let mut carry = 0u64;
        for i in 0..n {
            let v = *self.limbs.get(i).unwrap_or(&0) as u64
                + *other.limbs.get(i).unwrap_or(&0) as u64
                + carry;
            out.push((v % BASE) as u32);
            carry = v / BASE;
        }
        if carry > 0 {
            out.push(carry as u32);
        }
        BigNat { limbs: out }
    }

    /// Parses a decimal string of digits.
    pub fn parse(s: &str) -> Option<BigNat> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let mut limbs = Vec::new();
        let bytes = s.as_bytes();
        let mut end = bytes.len();
        while end > 0 {
            let start = end.saturating_sub(9);
            let chunk = std::str::from_utf8(&bytes[start..end]).ok()?;
            limbs.push(chunk.parse::<u32>().ok()?);
            end = start;
        }
        while limbs.last() == Some(&0) {
            limbs.pop();
        }
        Some(BigNat { limbs })
    }

    /// The value as `f64` (rounded), for ratios and logs.
    pub fn to_f64(&self) -> f64 {
        self.limbs
            .iter()
            .rev()
            .fold(0.0, |acc, &d| acc * BASE as f64 + d as f64)
    }

    /// The value as `u64`, if it fits.
    pub fn to_u64(&self) -> Option<u64> {
        let mut v: u64 = 0;
        for &d in self.limbs.iter().rev() {
            v = v.checked_mul(BASE)?.checked_add(d as u64)?;
        }
        Some(v)
    }
}

impl From<u64> for BigNat {
    fn from(mut v: u64) -> BigNat {
        let mut limbs = Vec::new();
        while v > 0 {
            limbs.push((v % BASE) as u32);
            v /= BASE;
        }
        BigNat { limbs }
    }
}

impl PartialOrd for BigNat {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for BigNat {
    fn cmp(&self, other: &Self) -> Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

impl fmt::Display for BigNat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.limbs.split_last() {
            None => write!(f, "0"),
            Some((top, rest)) => {
                write!(f, "{top}")?;
                for d in rest.iter().rev() {
                    write!(f, "{d:09}")?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_is_exact_beyond_u128() {
        let mut p = BigNat::from(1);
        for _ in 0..40 {
            p = p.mul_small(100);
        }
        assert_eq!(p.to_string(), format!("1{}", "0".repeat(80)));
        let q = BigNat::parse("999999999999999999")
            .unwrap()
            .add(&BigNat::from(1));
        assert_eq!(q.to_string(), "1000000000000000000");
        assert_eq!(q.to_u64(), Some(1_000_000_000_000_000_000));
        assert!(p > q);
        assert_eq!(BigNat::zero().to_string(), "0");
        assert_eq!(BigNat::parse("000").unwrap(), BigNat::zero());
    }
}
