//! Random LTL and CTL formulas over a system's labels, for comparing engines: every operator
//! of the two grammars, atoms that name labels of the system and one that names none.

use super::rng::Rng;
use crate::logic::{Ctl, Ltl};

/// An atom no generated system has: it never holds (never fires).
pub const MISSING_LABEL: &str = "zz";

fn atom(rng: &mut Rng, labels: &[String]) -> String {
    match labels.get(rng.below(labels.len() + 1)) {
        Some(l) => l.clone(),
        None => MISSING_LABEL.to_string(),
    }
}

/// A random LTL formula of at most `depth` nested operators over `labels`.
pub fn random_ltl(rng: &mut Rng, labels: &[String], depth: u32) -> Ltl {
    if depth == 0 || rng.below(4) == 0 {
        return match rng.below(6) {
            0 => Ltl::True,
            1 => Ltl::False,
            _ => Ltl::Atom(atom(rng, labels)),
        };
    }
    let op = rng.below(14);
    let mut s = || Box::new(random_ltl(rng, labels, depth - 1));
    match op {
        0 => Ltl::Not(s()),
        1 => Ltl::And(s(), s()),
        2 => Ltl::Or(s(), s()),
        3 => Ltl::Implies(s(), s()),
        4 => Ltl::Equiv(s(), s()),
        5 => Ltl::Xor(s(), s()),
        6 => Ltl::Next(s()),
        7 => Ltl::Finally(s()),
        8 => Ltl::Globally(s()),
        9 => Ltl::Until(s(), s()),
        10 => Ltl::WeakUntil(s(), s()),
        11 => Ltl::Release(s(), s()),
        12 => Ltl::StrongRelease(s(), s()),
        _ => Ltl::Globally(Box::new(Ltl::Finally(s()))),
    }
}

/// A random CTL formula (RERS syntax: label modalities, `A`/`E` with `U` and `W`) of at most
/// `depth` nested operators over `labels`. Modalities name a label, no label (`[]`/`<>`), or
/// [`MISSING_LABEL`].
pub fn random_ctl(rng: &mut Rng, labels: &[String], depth: u32) -> Ctl {
    let modal =
        |rng: &mut Rng| -> Option<String> { (rng.below(4) != 0).then(|| atom(rng, labels)) };
    if depth == 0 || rng.below(5) == 0 {
        return match rng.below(6) {
            0 => Ctl::True,
            1 => Ctl::False,
            // a deadlock: no label can fire
            2 => Ctl::Box(None, Box::new(Ctl::False)),
            _ => Ctl::Diamond(modal(rng), Box::new(Ctl::True)),
        };
    }
    let op = rng.below(16);
    let m = modal(rng);
    let mut s = || Box::new(random_ctl(rng, labels, depth - 1));
    match op {
        0 => Ctl::Not(s()),
        1 => Ctl::And(s(), s()),
        2 => Ctl::Or(s(), s()),
        3 => Ctl::Implies(s(), s()),
        4 => Ctl::Equiv(s(), s()),
        5 => Ctl::Diamond(m, s()),
        6 => Ctl::Box(m, s()),
        7 => Ctl::AU(s(), s()),
        8 => Ctl::EU(s(), s()),
        9 => Ctl::AW(s(), s()),
        10 => Ctl::EW(s(), s()),
        11 => Ctl::AG(s()),
        12 => Ctl::EG(s()),
        13 => Ctl::AF(s()),
        14 => Ctl::EF(s()),
        _ => Ctl::Not(Box::new(Ctl::EF(s()))),
    }
}
