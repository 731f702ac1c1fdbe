//! Property files for the peers: LTL as SPIN `ltl` claims and as LTSmin formulas, CTL as mCRL2
//! modal µ-calculus formulas.
//!
//! Atoms that name no label of the system are never true (ltsym warns about them); the peers
//! would reject them as undeclared names, so every translation writes them as `false`, the
//! value they have.
//!
//! **SPIN** ([`spin_claims`]): `ltl pN { ... }` over the RERS Promela encoding, atom `a` as
//! `(lastAction == a)` ([`crate::logic::ltl::to_spin`]). Note SPIN's reading of the encoding:
//! the first position is the state before any label (`lastAction == nop`), finite runs count
//! (stutter-extended), and X sees the encoding's intermediate steps; ltsym's
//! `--ltl-semantics spin` is that reading.
//!
//! **LTSmin** ([`ltsmin_formula`], ltsmin-ltl(5)): `[] <> X U R && || ! -> <->`, no weak
//! until (`a W b` is `(a U b) || [] a`) and no strong release (`a M b` is `b U (a && b)`).
//! Atom `a` is `(VAR == "a")`: on Promela VAR is the state variable `lastAction` (a state
//! predicate with SPIN's first position, as above); on PNML it is the edge label `action`, which
//! LTSmin reads with `--edge-label=name --ltl-semantics=ltsmin` (the only semantics it accepts
//! for edge predicates) as the label of the transition taken at each position: the RERS
//! reading, position for position (checked on RERS 2016 101: `c0_t5` holds, `X c0_t5` not).
//!
//! **mCRL2** ([`mu_calculus`]): CTL over all maximal paths, finite ones ending in a deadlock
//! included, with the fixpoints of the CTL table in docs/semantics.md; `dead` is `[true]false`. Actions are
//! those of [`crate::write::mcrl2`].

use std::fmt::Write as _;

use crate::logic::ltl::to_spin;
use crate::logic::{Ctl, Ltl, Property};
use crate::model::System;
use crate::write::mcrl2::action_name;

/// `f` with every atom that is not a visible label of `sys` replaced by `false`.
pub fn known_atoms_only(f: &Ltl, sys: &System) -> Ltl {
    let r = |g: &Ltl| Box::new(known_atoms_only(g, sys));
    match f {
        Ltl::Atom(a) if sys.label_id(a).is_none() => Ltl::False,
        Ltl::True | Ltl::False | Ltl::Atom(_) => f.clone(),
        Ltl::Not(a) => Ltl::Not(r(a)),
        Ltl::Next(a) => Ltl::Next(r(a)),
        Ltl::Finally(a) => Ltl::Finally(r(a)),
        Ltl::Globally(a) => Ltl::Globally(r(a)),
        Ltl::And(a, b) => Ltl::And(r(a), r(b)),
        Ltl::Or(a, b) => Ltl::Or(r(a), r(b)),
        Ltl::Implies(a, b) => Ltl::Implies(r(a), r(b)),
        Ltl::Equiv(a, b) => Ltl::Equiv(r(a), r(b)),
        Ltl::Xor(a, b) => Ltl::Xor(r(a), r(b)),
        Ltl::Until(a, b) => Ltl::Until(r(a), r(b)),
        Ltl::WeakUntil(a, b) => Ltl::WeakUntil(r(a), r(b)),
        Ltl::Release(a, b) => Ltl::Release(r(a), r(b)),
        Ltl::StrongRelease(a, b) => Ltl::StrongRelease(r(a), r(b)),
    }
}

/// One `ltl pN { ... }` claim per property, for appending to a RERS Promela file.
pub fn spin_claims(props: &[Property<Ltl>], sys: &System) -> String {
    let mut out = String::new();
    for p in props {
        let _ = writeln!(
            out,
            "ltl p{} {{ {} }}",
            p.number,
            to_spin(&known_atoms_only(&p.formula, sys))
        );
    }
    out
}

/// How LTSmin formulas read an atom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LtsminAtoms {
    /// The state variable or edge label compared with the label's name: `lastAction` on the
    /// RERS Promela encoding, `action` (the edge label) on PNML.
    pub var: String,
}

impl LtsminAtoms {
    /// Atoms over `lastAction` of the RERS Promela encoding (`prom2lts-*`).
    pub fn promela() -> LtsminAtoms {
        LtsminAtoms {
            var: "lastAction".into(),
        }
    }

    /// Atoms over the edge label of a PNML net (`pnml2lts-* --edge-label=name`).
    pub fn pnml_edge() -> LtsminAtoms {
        LtsminAtoms {
            var: "action".into(),
        }
    }
}

/// `f` in LTSmin's LTL syntax (ltsmin-ltl(5)).
pub fn ltsmin_formula(f: &Ltl, atoms: &LtsminAtoms) -> String {
    ltsmin(f, &atoms.var)
}

fn ltsmin(f: &Ltl, var: &str) -> String {
    let r = |g: &Ltl| ltsmin(g, var);
    let bin = |a: &Ltl, op: &str, b: &Ltl| format!("({} {op} {})", r(a), r(b));
    match f {
        Ltl::True => "true".into(),
        Ltl::False => "false".into(),
        Ltl::Atom(a) => {
            let escaped = a.replace('\\', "\\\\").replace('"', "\\\"");
            format!("({var} == \"{escaped}\")")
        }
        Ltl::Not(a) => format!("!({})", r(a)),
        Ltl::Next(a) => format!("X({})", r(a)),
        Ltl::Finally(a) => format!("<>({})", r(a)),
        Ltl::Globally(a) => format!("[]({})", r(a)),
        Ltl::And(a, b) => bin(a, "&&", b),
        Ltl::Or(a, b) => bin(a, "||", b),
        Ltl::Implies(a, b) => bin(a, "->", b),
        Ltl::Equiv(a, b) => bin(a, "<->", b),
        Ltl::Xor(a, b) => format!("!{}", bin(a, "<->", b)),
        Ltl::Until(a, b) => bin(a, "U", b),
        Ltl::Release(a, b) => bin(a, "R", b),
        Ltl::WeakUntil(a, b) => format!("(({} U {}) || []({}))", r(a), r(b), r(a)),
        Ltl::StrongRelease(a, b) => format!("({} U ({} && {}))", r(b), r(a), r(b)),
    }
}

/// One `N<TAB>formula` line per property in LTSmin's syntax (atoms that name no label of
/// `sys` are `false`).
pub fn ltsmin_lines(props: &[Property<Ltl>], sys: &System, atoms: &LtsminAtoms) -> String {
    let mut out = String::new();
    for p in props {
        let f = known_atoms_only(&p.formula, sys);
        let _ = writeln!(out, "{}\t{}", p.number, ltsmin_formula(&f, atoms));
    }
    out
}

/// `f` as an mCRL2 state formula over the actions of [`crate::write::mcrl2::write`]`(sys)`.
/// A modality over a label the system does not have is `<a>f = false`, `[a]f = true`.
pub fn mu_calculus(f: &Ctl, sys: &System) -> String {
    let mut next_var = 0usize;
    mu(f, sys, &mut next_var)
}

/// A fixpoint variable not used before in the formula.
fn fresh(next_var: &mut usize) -> String {
    *next_var += 1;
    format!("X{}", *next_var)
}

fn mu(f: &Ctl, sys: &System, next_var: &mut usize) -> String {
    // the µ-calculus of one step: dead = [true]false, EX g = <true>g, AX g = [true]g
    const DEAD: &str = "[true]false";
    match f {
        Ctl::True => "true".into(),
        Ctl::False => "false".into(),
        Ctl::Not(a) => format!("!({})", mu(a, sys, next_var)),
        Ctl::And(a, b) => format!("({} && {})", mu(a, sys, next_var), mu(b, sys, next_var)),
        Ctl::Or(a, b) => format!("({} || {})", mu(a, sys, next_var), mu(b, sys, next_var)),
        Ctl::Implies(a, b) => format!("({} => {})", mu(a, sys, next_var), mu(b, sys, next_var)),
        Ctl::Equiv(a, b) => {
            let (x, y) = (mu(a, sys, next_var), mu(b, sys, next_var));
            format!("(({x} => {y}) && ({y} => {x}))")
        }
        Ctl::Diamond(label, a) => match label {
            None => format!("<true>({})", mu(a, sys, next_var)),
            Some(l) if sys.label_id(l).is_some() => {
                format!("<{}>({})", action_name(l), mu(a, sys, next_var))
            }
            Some(_) => "false".into(),
        },
        Ctl::Box(label, a) => match label {
            None => format!("[true]({})", mu(a, sys, next_var)),
            Some(l) if sys.label_id(l).is_some() => {
                format!("[{}]({})", action_name(l), mu(a, sys, next_var))
            }
            Some(_) => "true".into(),
        },
        // νZ. f ∧ (EX Z ∨ dead)
        Ctl::EG(a) => {
            let z = fresh(next_var);
            let fa = mu(a, sys, next_var);
            format!("(nu {z}. ({fa} && (<true>{z} || {DEAD})))")
        }
        // μZ. f ∨ (EX true ∧ AX Z)
        Ctl::AF(a) => {
            let z = fresh(next_var);
            let fa = mu(a, sys, next_var);
            format!("(mu {z}. ({fa} || (<true>true && [true]{z})))")
        }
        // μZ. g ∨ (f ∧ EX true ∧ AX Z)
        Ctl::AU(a, b) => {
            let z = fresh(next_var);
            let (fa, fb) = (mu(a, sys, next_var), mu(b, sys, next_var));
            format!("(mu {z}. ({fb} || ({fa} && <true>true && [true]{z})))")
        }
        // νZ. g ∨ (f ∧ AX Z)
        Ctl::AW(a, b) => {
            let z = fresh(next_var);
            let (fa, fb) = (mu(a, sys, next_var), mu(b, sys, next_var));
            format!("(nu {z}. ({fb} || ({fa} && [true]{z})))")
        }
        // νZ. g ∨ (f ∧ (EX Z ∨ dead))
        Ctl::EW(a, b) => {
            let z = fresh(next_var);
            let (fa, fb) = (mu(a, sys, next_var), mu(b, sys, next_var));
            format!("(nu {z}. ({fb} || ({fa} && (<true>{z} || {DEAD}))))")
        }
        // μZ. g ∨ (f ∧ EX Z)
        Ctl::EU(a, b) => {
            let z = fresh(next_var);
            let (fa, fb) = (mu(a, sys, next_var), mu(b, sys, next_var));
            format!("(mu {z}. ({fb} || ({fa} && <true>{z})))")
        }
        // νZ. f ∧ AX Z
        Ctl::AG(a) => {
            let z = fresh(next_var);
            let fa = mu(a, sys, next_var);
            format!("(nu {z}. ({fa} && [true]{z}))")
        }
        // μZ. f ∨ EX Z
        Ctl::EF(a) => {
            let z = fresh(next_var);
            let fa = mu(a, sys, next_var);
            format!("(mu {z}. ({fa} || <true>{z}))")
        }
    }
}
