//! CTL formulas with label modalities, in the syntax of the RERS Parallel CTL track.
//!
//! There are no state propositions: `<a> f` holds where some `a`-step leads to an `f` state,
//! `[a] f` where every `a`-step does. `<> f` and `[] f` range over all labels (EX and AX).
//! Path quantifiers range over **all maximal paths, including finite ones ending in a
//! deadlock** (see the symbolic and explicit CTL engines for the fixpoints this gives).

use std::fmt;

use super::ltl::write_atom;

#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ctl {
    True,
    False,
    Not(Box<Ctl>),
    And(Box<Ctl>, Box<Ctl>),
    Or(Box<Ctl>, Box<Ctl>),
    /// `f => g`
    Implies(Box<Ctl>, Box<Ctl>),
    /// `f <=> g`
    Equiv(Box<Ctl>, Box<Ctl>),
    /// `<a> f`, or `<> f` (EX) when the label is `None`.
    Diamond(Option<String>, Box<Ctl>),
    /// `[a] f`, or `[] f` (AX) when the label is `None`.
    Box(Option<String>, Box<Ctl>),
    /// `A(f U g)`
    AU(Box<Ctl>, Box<Ctl>),
    /// `E(f U g)`
    EU(Box<Ctl>, Box<Ctl>),
    /// `A(f W g)`
    AW(Box<Ctl>, Box<Ctl>),
    /// `E(f W g)`
    EW(Box<Ctl>, Box<Ctl>),
    AG(Box<Ctl>),
    EG(Box<Ctl>),
    AF(Box<Ctl>),
    EF(Box<Ctl>),
}

impl Ctl {
    /// The label names used in modalities, sorted, without duplicates.
    pub fn atoms(&self) -> Vec<String> {
        let mut out = Vec::new();
        self.collect_atoms(&mut out);
        out.sort();
        out.dedup();
        out
    }

    fn collect_atoms(&self, out: &mut Vec<String>) {
        match self {
            Ctl::True | Ctl::False => {}
            Ctl::Diamond(l, f) | Ctl::Box(l, f) => {
                out.extend(l.iter().cloned());
                f.collect_atoms(out);
            }
            Ctl::Not(f) | Ctl::AG(f) | Ctl::EG(f) | Ctl::AF(f) | Ctl::EF(f) => f.collect_atoms(out),
            Ctl::And(a, b)
            | Ctl::Or(a, b)
            | Ctl::Implies(a, b)
            | Ctl::Equiv(a, b)
            | Ctl::AU(a, b)
            | Ctl::EU(a, b)
            | Ctl::AW(a, b)
            | Ctl::EW(a, b) => {
                a.collect_atoms(out);
                b.collect_atoms(out);
            }
        }
    }
}

impl fmt::Display for Ctl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ctl::True => write!(f, "true"),
            Ctl::False => write!(f, "false"),
            Ctl::Not(a) => write!(f, "!{a}"),
            Ctl::And(a, b) => write!(f, "({a} & {b})"),
            Ctl::Or(a, b) => write!(f, "({a} | {b})"),
            Ctl::Implies(a, b) => write!(f, "({a} => {b})"),
            Ctl::Equiv(a, b) => write!(f, "({a} <=> {b})"),
            Ctl::Diamond(None, a) => write!(f, "<> {a}"),
            Ctl::Box(None, a) => write!(f, "[] {a}"),
            Ctl::Diamond(Some(l), a) => {
                write!(f, "<")?;
                write_atom(f, l)?;
                write!(f, "> {a}")
            }
            Ctl::Box(Some(l), a) => {
                write!(f, "[")?;
                write_atom(f, l)?;
                write!(f, "] {a}")
            }
            Ctl::AU(a, b) => write!(f, "A({a} U {b})"),
            Ctl::EU(a, b) => write!(f, "E({a} U {b})"),
            Ctl::AW(a, b) => write!(f, "A({a} W {b})"),
            Ctl::EW(a, b) => write!(f, "E({a} W {b})"),
            Ctl::AG(a) => write!(f, "AG {a}"),
            Ctl::EG(a) => write!(f, "EG {a}"),
            Ctl::AF(a) => write!(f, "AF {a}"),
            Ctl::EF(a) => write!(f, "EF {a}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_canonically() {
        let f = Ctl::AW(
            Box::new(Ctl::Box(Some("a20".into()), Box::new(Ctl::False))),
            Box::new(Ctl::Or(
                Box::new(Ctl::Diamond(Some("a25".into()), Box::new(Ctl::True))),
                Box::new(Ctl::Diamond(None, Box::new(Ctl::True))),
            )),
        );
        assert_eq!(f.to_string(), "A([a20] false W (<a25> true | <> true))");
        assert_eq!(f.atoms(), vec!["a20", "a25"]);
    }
}
