//! Property patterns (thesis §5.1): the shapes of the LTL properties of the RERS parallel
//! problems (2016–2020) and of the CTL properties of RERS 2019, with the actions left open.
//!
//! The LTL patterns are Dwyer-style scopes ("globally", "before r", "after q until r") written
//! so that the properties stay *interruptible* (Def. 31, Thm. 2): every atom under a temporal
//! operator is guarded by a negation or an implication, so that a fresh action inserted
//! anywhere neither fulfils nor breaks anything. That is a property of the text; whether an
//! instance really is interruptible is decided on its automata ([`super::interruptible`]), and
//! an instance that is not is never used. There is no `X` (an `X` counts inserted actions).
//!
//! The CTL patterns are those of the RERS 2019 Parallel CTL files: `<a> true` (a is enabled)
//! and `[a] false` (a is not) under `A(.. W ..)`, `A(.. U ..)`, `AG`, `AF`. Their verdicts
//! come from the engines ([`super::ctl`]).
//!
//! A pattern is text with placeholders `$0`, `$1`, ...; an instance is a pattern and the
//! labels put in its places, spelled by the caller (a placeholder name during the
//! construction, the final RERS name when written).

use crate::error::Result;
use crate::logic::{Ctl, Ltl};
use crate::parse::{ctl, ltl};

use super::labels::core_atom;
use super::mts::Lb;

/// One pattern.
pub struct Pattern {
    /// A short name, for the manifest.
    pub name: &'static str,
    /// The formula with placeholders `$0`, `$1`, ...
    pub text: &'static str,
    /// The number of distinct actions it takes.
    pub arity: usize,
}

const fn p(name: &'static str, text: &'static str, arity: usize) -> Pattern {
    Pattern { name, text, arity }
}

/// The LTL patterns, in the RERS spelling (RERS 2016/2017 files, most frequent first); the
/// files put `( ` and ` )` around each.
pub const LTL: &[Pattern] = &[
    p(
        "after-until-absence-until-or",
        "(($0 => (!$1 W $2)) W ($3 | $4))",
        5,
    ),
    p("after-until-absence-until", "(($0 => (!$1 W $2)) W $3)", 4),
    p("after-absence-before-or", "(($0 => G(!$1)) W ($2 | $3))", 4),
    p(
        "after-precedence-before-or",
        "(($0 => (!$1 U $2)) W ($3 | $4))",
        5,
    ),
    p("absence-before-or", "(!$0 W ($1 | $2))", 3),
    p("global-response-absence", "G($0 => (!$1 W $2))", 3),
    p("global-after-absence", "G($0 => G(!$1))", 2),
    p("absence2-before-or", "(!($0 | $1) W ($2 | $3))", 4),
    p("after-absence-before", "(($0 => G(!$1)) W $2)", 3),
    p("after-response-before-or", "(($0 => F($1)) W ($2 | $3))", 4),
    p("eventually-absence-until", "F(!$0 W $1)", 2),
    p("after-precedence-before", "(($0 => (!$1 U $2)) W $3)", 4),
    p("absence-before", "(!$0 W $1)", 2),
    p("after-response-before", "(($0 => F($1)) W $2)", 3),
    p("absence2-before", "(!($0 | $1) W $2)", 3),
    p("global-precedence-after", "G($0 => (!$1 U $2))", 3),
    p("global-response", "G($0 => F($1))", 2),
    p("global-absence", "G(!$0)", 1),
    p("global-absence2", "G(!($0 | $1))", 2),
    p("eventually-always-absence", "F(G(!$0))", 1),
    p("existence-precedence", "(!$0 U $1)", 2),
    p("existence2-precedence", "(!($0 | $1) U $2)", 3),
    p(
        "global-after-absence-and-response",
        "G(($0 => G(!$1)) & ($2 => (!$3 W $4)))",
        5,
    ),
    p(
        "global-absence-and-response",
        "G(!$0 & ($1 => (!$2 W $3)))",
        4,
    ),
];

/// The CTL patterns of RERS 2019, in its spelling (most frequent first).
pub const CTL: &[Pattern] = &[
    p(
        "aw-disabled-until-enabled-or",
        "(A(([$0] false) W ((<$1> true) | (<$2> true))))",
        3,
    ),
    p(
        "aw-enabled-then-af",
        "(A(((<$0> true) => (AF(<$1> true))) W (<$2> true)))",
        3,
    ),
    p(
        "af-aw-disabled-until",
        "(AF(A(([$0] false) W (<$1> true))))",
        2,
    ),
    p(
        "aw-disabled-until-enabled",
        "(A(([$0] false) W (<$1> true)))",
        2,
    ),
    p(
        "aw-enabled-then-au-or",
        "(A(((<$0> true) => ((A(([$1] false) U (<$2> true))))) W ((<$3> true) | (<$4> true))))",
        5,
    ),
    p(
        "aw-enabled-then-af-or",
        "(A(((<$0> true) => (AF(<$1> true))) W ((<$2> true) | (<$3> true))))",
        4,
    ),
    p(
        "aw-enabled-then-aw",
        "(A(((<$0> true) => ((A(([$1] false) W (<$2> true))))) W (<$3> true)))",
        4,
    ),
    p(
        "aw-enabled-then-ag-or",
        "(A(((<$0> true) => (AG(([$1] false)))) W ((<$2> true) | (<$3> true))))",
        4,
    ),
    p(
        "aw-enabled-then-au",
        "(A(((<$0> true) => ((A(([$1] false) U (<$2> true))))) W (<$3> true)))",
        4,
    ),
    p(
        "ag-enabled-then-ag-disabled",
        "(AG((<$0> true) => (AG(([$1] false)))))",
        2,
    ),
    p(
        "ag-enabled-then-au",
        "(AG((<$0> true) => ((A(([$1] false) U (<$2> true))))))",
        3,
    ),
    p("af-enabled", "(AF((<$0> true)))", 1),
    p(
        "au-disabled-until-enabled-or",
        "(A(([$0] false) U ((<$1> true) | (<$2> true))))",
        3,
    ),
    p("ag-disabled", "(AG(([$0] false)))", 1),
    p("af-ag-disabled", "(AF(AG(([$0] false))))", 1),
    p(
        "ag-enabled-then-af",
        "(AG((<$0> true) => (AF(<$1> true))))",
        2,
    ),
    p(
        "aw-disabled2-until-enabled",
        "(A((([$0] false) & ([$1] false)) W (<$2> true)))",
        3,
    ),
];

/// A pattern with its places filled: `labels[i]` goes into `$i`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// Index into [`LTL`] or [`CTL`].
    pub pattern: usize,
    pub labels: Vec<Lb>,
}

impl Instance {
    /// The text of the instance with each label spelled by `name`.
    pub fn text(&self, table: &[Pattern], name: &dyn Fn(Lb) -> String) -> String {
        let mut s = table[self.pattern].text.to_string();
        // highest placeholder first, so that `$1` does not eat the start of `$10`
        for (i, &l) in self.labels.iter().enumerate().rev() {
            s = s.replace(&format!("${i}"), &name(l));
        }
        s
    }

    /// The LTL formula over the placeholder atoms of [`core_atom`].
    pub fn ltl(&self) -> Result<Ltl> {
        ltl::parse_formula(
            &self.text(LTL, &core_atom),
            std::path::Path::new("<pattern>"),
        )
    }

    /// The CTL formula over the placeholder atoms of [`core_atom`].
    pub fn ctl(&self) -> Result<Ctl> {
        ctl::parse_formula(
            &self.text(CTL, &core_atom),
            std::path::Path::new("<pattern>"),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pattern_parses_with_its_arity() {
        for (k, pat) in LTL.iter().enumerate() {
            let inst = Instance {
                pattern: k,
                labels: (0..pat.arity as Lb).collect(),
            };
            let f = inst.ltl().unwrap();
            assert_eq!(f.atoms().len(), pat.arity, "{}", pat.name);
        }
        for (k, pat) in CTL.iter().enumerate() {
            let inst = Instance {
                pattern: k,
                labels: (0..pat.arity as Lb).collect(),
            };
            let f = inst.ctl().unwrap();
            assert_eq!(f.atoms().len(), pat.arity, "{}", pat.name);
        }
    }
}
