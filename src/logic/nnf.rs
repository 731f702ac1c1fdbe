//! Negation normal form over the core operators `true false a !a & | X U R`.
//!
//! The tableau translation (src/automata/translate.rs) expands only these operators; every other
//! one is rewritten here, with negations pushed down to the atoms. The identities (all on
//! infinite words, which is all LTL here is about):
//!
//! | formula     | NNF                | negated NNF            |
//! |-------------|--------------------|------------------------|
//! | `X f`       | `X f`              | `X !f`                 |
//! | `F f`       | `true U f`         | `false R !f`           |
//! | `G f`       | `false R f`        | `true U !f`            |
//! | `f U g`     | `f U g`            | `!f R !g`              |
//! | `f R g`     | `f R g`            | `!f U !g`              |
//! | `f W g`     | `g R (f \| g)`     | `!g U (!f & !g)`       |
//! | `f M g`     | `g U (f & g)`      | `!g R (!f \| !g)`      |
//! | `f -> g`    | `!f \| g`          | `f & !g`               |
//! | `f <-> g`   | `(f & g) \| (!f & !g)` | `(f & !g) \| (!f & g)` |
//! | `f xor g`   | as `!(f <-> g)`    | as `f <-> g`           |
//!
//! `f W g = g R (f | g)`: either `f | g` holds forever and `g` never does (then `G f`), or it
//! holds up to and including the first `g`, before which `f` held (then `f U g`); conversely
//! both `G f` and `f U g` imply it. `f M g = g U (f & g)` is its dual.
//!
//! `<->` and `xor` mention both operands twice, so the *tree* [`nnf`] returns can grow
//! exponentially with their nesting depth. The translation (src/automata/translate.rs) therefore
//! does not call [`nnf`]: it applies the same table while hash-consing, memoised per
//! subformula and polarity, which keeps nested equivalences linear. [`nnf`] is for readable
//! output and for tests; the lasso test checks both against the evaluator.
//!
//! Only trivial constant folding is done here (`true & f = f` and the like); the action-specific
//! facts (two distinct atoms never hold together) are exploited by the translation, which reads
//! `a`, `!a` and their Boolean combinations as letter sets.

use super::Ltl;

/// The negation normal form of `f`: only `True`, `False`, `Atom`, `Not(Atom)`, `And`, `Or`,
/// `Next`, `Until`, `Release` occur in the result, and it is equivalent to `f`.
pub fn nnf(f: &Ltl) -> Ltl {
    to_nnf(f, false)
}

fn b(f: Ltl) -> Box<Ltl> {
    Box::new(f)
}

fn and(x: Ltl, y: Ltl) -> Ltl {
    match (x, y) {
        (Ltl::False, _) | (_, Ltl::False) => Ltl::False,
        (Ltl::True, g) | (g, Ltl::True) => g,
        (x, y) if x == y => x,
        (x, y) => Ltl::and(x, y),
    }
}

fn or(x: Ltl, y: Ltl) -> Ltl {
    match (x, y) {
        (Ltl::True, _) | (_, Ltl::True) => Ltl::True,
        (Ltl::False, g) | (g, Ltl::False) => g,
        (x, y) if x == y => x,
        (x, y) => Ltl::or(x, y),
    }
}

fn next(x: Ltl) -> Ltl {
    match x {
        Ltl::True | Ltl::False => x,
        x => Ltl::Next(b(x)),
    }
}

fn until(x: Ltl, y: Ltl) -> Ltl {
    match (x, y) {
        (_, y @ (Ltl::True | Ltl::False)) => y,
        (Ltl::False, y) => y,
        (x, y) => Ltl::Until(b(x), b(y)),
    }
}

fn release(x: Ltl, y: Ltl) -> Ltl {
    match (x, y) {
        (_, y @ (Ltl::True | Ltl::False)) => y,
        (Ltl::True, y) => y,
        (x, y) => Ltl::Release(b(x), b(y)),
    }
}

/// The NNF of `f` if `!neg`, of `!f` if `neg`.
fn to_nnf(f: &Ltl, neg: bool) -> Ltl {
    let pos = |g: &Ltl| to_nnf(g, false);
    let ng = |g: &Ltl| to_nnf(g, true);
    match (f, neg) {
        (Ltl::True, false) | (Ltl::False, true) => Ltl::True,
        (Ltl::True, true) | (Ltl::False, false) => Ltl::False,
        (Ltl::Atom(_), false) => f.clone(),
        (Ltl::Atom(_), true) => Ltl::not(f.clone()),
        (Ltl::Not(g), _) => to_nnf(g, !neg),
        (Ltl::And(x, y), false) | (Ltl::Or(x, y), true) => and(to_nnf(x, neg), to_nnf(y, neg)),
        (Ltl::Or(x, y), false) | (Ltl::And(x, y), true) => or(to_nnf(x, neg), to_nnf(y, neg)),
        (Ltl::Implies(x, y), false) => or(ng(x), pos(y)),
        (Ltl::Implies(x, y), true) => and(pos(x), ng(y)),
        (Ltl::Equiv(x, y), false) | (Ltl::Xor(x, y), true) => {
            or(and(pos(x), pos(y)), and(ng(x), ng(y)))
        }
        (Ltl::Equiv(x, y), true) | (Ltl::Xor(x, y), false) => {
            or(and(pos(x), ng(y)), and(ng(x), pos(y)))
        }
        (Ltl::Next(g), _) => next(to_nnf(g, neg)),
        (Ltl::Finally(g), false) | (Ltl::Globally(g), true) => until(Ltl::True, to_nnf(g, neg)),
        (Ltl::Globally(g), false) | (Ltl::Finally(g), true) => release(Ltl::False, to_nnf(g, neg)),
        (Ltl::Until(x, y), false) | (Ltl::Release(x, y), true) => {
            until(to_nnf(x, neg), to_nnf(y, neg))
        }
        (Ltl::Release(x, y), false) | (Ltl::Until(x, y), true) => {
            release(to_nnf(x, neg), to_nnf(y, neg))
        }
        (Ltl::WeakUntil(x, y), false) => release(pos(y), or(pos(x), pos(y))),
        (Ltl::WeakUntil(x, y), true) => until(ng(y), and(ng(x), ng(y))),
        (Ltl::StrongRelease(x, y), false) => until(pos(y), and(pos(x), pos(y))),
        (Ltl::StrongRelease(x, y), true) => release(ng(y), or(ng(x), ng(y))),
    }
}

/// Whether `f` is in the form [`nnf`] returns.
pub fn is_nnf(f: &Ltl) -> bool {
    match f {
        Ltl::True | Ltl::False | Ltl::Atom(_) => true,
        Ltl::Not(g) => matches!(**g, Ltl::Atom(_)),
        Ltl::Next(g) => is_nnf(g),
        Ltl::And(x, y) | Ltl::Or(x, y) | Ltl::Until(x, y) | Ltl::Release(x, y) => {
            is_nnf(x) && is_nnf(y)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pushes_negations_to_atoms() {
        let a = || Ltl::atom("a");
        let bb = || Ltl::atom("b");
        let f = Ltl::not(Ltl::WeakUntil(b(a()), b(bb())));
        let g = nnf(&f);
        assert!(is_nnf(&g));
        assert_eq!(g.to_string(), "(!b U (!a & !b))");
        let f = Ltl::not(Ltl::Globally(b(Ltl::Implies(
            b(a()),
            b(Ltl::Finally(b(bb()))),
        ))));
        assert_eq!(nnf(&f).to_string(), "(true U (a & (false R !b)))");
        assert!(!is_nnf(&f));
    }
}
