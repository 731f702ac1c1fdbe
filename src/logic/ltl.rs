//! LTL formulas over actions.
//!
//! Atoms are label names: at each position of a trace exactly one label holds, the one fired
//! there. The printed form is the canonical one: fully parenthesised binary operators, Spot
//! operator spelling, atoms double-quoted only when they are not plain identifiers.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ltl {
    True,
    False,
    /// A label name.
    Atom(String),
    Not(Box<Ltl>),
    And(Box<Ltl>, Box<Ltl>),
    Or(Box<Ltl>, Box<Ltl>),
    Implies(Box<Ltl>, Box<Ltl>),
    Equiv(Box<Ltl>, Box<Ltl>),
    Xor(Box<Ltl>, Box<Ltl>),
    /// `X f`
    Next(Box<Ltl>),
    /// `F f`
    Finally(Box<Ltl>),
    /// `G f`
    Globally(Box<Ltl>),
    /// `f U g` (strong until)
    Until(Box<Ltl>, Box<Ltl>),
    /// `f W g` (weak until)
    WeakUntil(Box<Ltl>, Box<Ltl>),
    /// `f R g` (release)
    Release(Box<Ltl>, Box<Ltl>),
    /// `f M g` (strong release)
    StrongRelease(Box<Ltl>, Box<Ltl>),
}

impl Ltl {
    pub fn atom(name: &str) -> Ltl {
        Ltl::Atom(name.to_string())
    }

    #[allow(clippy::should_implement_trait)]
    pub fn not(f: Ltl) -> Ltl {
        Ltl::Not(Box::new(f))
    }

    pub fn and(a: Ltl, b: Ltl) -> Ltl {
        Ltl::And(Box::new(a), Box::new(b))
    }

    pub fn or(a: Ltl, b: Ltl) -> Ltl {
        Ltl::Or(Box::new(a), Box::new(b))
    }

    /// The atoms of the formula, sorted, without duplicates.
    pub fn atoms(&self) -> Vec<String> {
        let mut out = Vec::new();
        self.collect_atoms(&mut out);
        out.sort();
        out.dedup();
        out
    }

    /// The formula's direct subformulas (none for constants and atoms).
    fn children(&self) -> Vec<&Ltl> {
        match self {
            Ltl::True | Ltl::False | Ltl::Atom(_) => Vec::new(),
            Ltl::Not(a) | Ltl::Next(a) | Ltl::Finally(a) | Ltl::Globally(a) => vec![a],
            Ltl::And(a, b)
            | Ltl::Or(a, b)
            | Ltl::Implies(a, b)
            | Ltl::Equiv(a, b)
            | Ltl::Xor(a, b)
            | Ltl::Until(a, b)
            | Ltl::WeakUntil(a, b)
            | Ltl::Release(a, b)
            | Ltl::StrongRelease(a, b) => vec![a, b],
        }
    }

    /// Whether the formula uses X.
    pub fn uses_next(&self) -> bool {
        matches!(self, Ltl::Next(_)) || self.children().into_iter().any(Ltl::uses_next)
    }

    fn collect_atoms(&self, out: &mut Vec<String>) {
        if let Ltl::Atom(a) = self {
            out.push(a.clone());
        }
        for c in self.children() {
            c.collect_atoms(out);
        }
    }
}

/// Words that cannot be printed as bare atoms because they are operators or constants
/// (in LTL or CTL).
const RESERVED: &[&str] = &[
    "true", "false", "X", "F", "G", "U", "W", "R", "M", "V", "xor", "TRUE", "FALSE", "A", "E",
    "AG", "EG", "AF", "EF",
];

/// Whether an atom can be written bare: a plain identifier (`[A-Za-z_][A-Za-z0-9_]*`) that is
/// not reserved and that Spot's scanner reads as one atom. Spot reads `true`/`false` in any
/// case as constants, and splits a word starting with `F`, `G` or `X` not followed by a digit
/// into a unary operator and the rest (`GFa` is `G F a`), so such words are quoted too.
pub(crate) fn is_plain_atom(name: &str) -> bool {
    let b = name.as_bytes();
    let Some(&first) = b.first() else {
        return false;
    };
    let identifier = (first.is_ascii_alphabetic() || first == b'_')
        && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_');
    let constant = name.eq_ignore_ascii_case("true") || name.eq_ignore_ascii_case("false");
    let splits = matches!(first, b'F' | b'G' | b'X') && !b.get(1).is_some_and(u8::is_ascii_digit);
    identifier && !constant && !splits && !RESERVED.contains(&name)
}

/// Writes an atom, quoting it unless [`is_plain_atom`]. Shared by the LTL and CTL printers.
pub(crate) fn write_atom(f: &mut fmt::Formatter<'_>, name: &str) -> fmt::Result {
    let plain = is_plain_atom(name);
    if plain {
        write!(f, "{name}")
    } else {
        write!(f, "\"")?;
        for c in name.chars() {
            if c == '"' || c == '\\' {
                write!(f, "\\")?;
            }
            write!(f, "{c}")?;
        }
        write!(f, "\"")
    }
}

impl fmt::Display for Ltl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bin =
            |f: &mut fmt::Formatter<'_>, a: &Ltl, op: &str, b: &Ltl| write!(f, "({a} {op} {b})");
        match self {
            Ltl::True => write!(f, "true"),
            Ltl::False => write!(f, "false"),
            Ltl::Atom(a) => write_atom(f, a),
            Ltl::Not(a) => write!(f, "!{a}"),
            Ltl::Next(a) => write!(f, "X {a}"),
            Ltl::Finally(a) => write!(f, "F {a}"),
            Ltl::Globally(a) => write!(f, "G {a}"),
            Ltl::And(a, b) => bin(f, a, "&", b),
            Ltl::Or(a, b) => bin(f, a, "|", b),
            Ltl::Implies(a, b) => bin(f, a, "->", b),
            Ltl::Equiv(a, b) => bin(f, a, "<->", b),
            Ltl::Xor(a, b) => bin(f, a, "xor", b),
            Ltl::Until(a, b) => bin(f, a, "U", b),
            Ltl::WeakUntil(a, b) => bin(f, a, "W", b),
            Ltl::Release(a, b) => bin(f, a, "R", b),
            Ltl::StrongRelease(a, b) => bin(f, a, "M", b),
        }
    }
}

/// The formula in SPIN's LTL syntax over the RERS Promela encoding: each atom `a` becomes
/// `(lastAction == a)`, the variable the RERS Listener process sets to the label of the last
/// synchronised action. SPIN has no strong release: `f M g` is written `g U (f && g)`.
pub fn to_spin(f: &Ltl) -> String {
    let b = |a: &Ltl, op: &str, c: &Ltl| format!("({} {op} {})", to_spin(a), to_spin(c));
    match f {
        Ltl::True => "true".into(),
        Ltl::False => "false".into(),
        Ltl::Atom(a) => format!("(lastAction == {a})"),
        Ltl::Not(a) => format!("!{}", to_spin(a)),
        Ltl::Next(a) => format!("X {}", to_spin(a)),
        Ltl::Finally(a) => format!("<> {}", to_spin(a)),
        Ltl::Globally(a) => format!("[] {}", to_spin(a)),
        Ltl::And(a, c) => b(a, "&&", c),
        Ltl::Or(a, c) => b(a, "||", c),
        Ltl::Implies(a, c) => b(a, "->", c),
        Ltl::Equiv(a, c) => b(a, "<->", c),
        Ltl::Xor(a, c) => format!("!{}", b(a, "<->", c)),
        Ltl::Until(a, c) => b(a, "U", c),
        Ltl::WeakUntil(a, c) => b(a, "W", c),
        Ltl::Release(a, c) => b(a, "V", c),
        Ltl::StrongRelease(a, c) => {
            format!("({} U ({} && {}))", to_spin(c), to_spin(a), to_spin(c))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// X is found at any depth and under every kind of operator; atoms in order, each once.
    #[test]
    fn finds_next_and_atoms_below_every_operator() {
        let parse =
            |t: &str| crate::parse::ltl::parse_formula(t, std::path::Path::new("t")).unwrap();
        for (text, next) in [
            ("G (a -> F b)", false),
            ("G (a -> X b)", true),
            ("(a U (b W !(X c)))", true),
            ("(a xor (b <-> c)) R d", false),
            ("a M (b & (c | X d))", true),
        ] {
            assert_eq!(parse(text).uses_next(), next, "{text}");
        }
        assert_eq!(parse("(a U (b W !(X c))) & a").atoms(), ["a", "b", "c"]);
    }

    #[test]
    fn prints_canonically() {
        let f = Ltl::Globally(Box::new(Ltl::Implies(
            Box::new(Ltl::atom("c0_t2")),
            Box::new(Ltl::Until(
                Box::new(Ltl::not(Ltl::atom("c0_t9"))),
                Box::new(Ltl::atom("U")),
            )),
        )));
        assert_eq!(f.to_string(), "G (c0_t2 -> (!c0_t9 U \"U\"))");
        assert_eq!(f.atoms(), vec!["U", "c0_t2", "c0_t9"]);
        let m = Ltl::StrongRelease(Box::new(Ltl::atom("a")), Box::new(Ltl::atom("b")));
        assert_eq!(
            to_spin(&m),
            "((lastAction == b) U ((lastAction == a) && (lastAction == b)))"
        );
    }
}
