//! Direct evaluation of an LTL formula on an ultimately periodic word (a lasso `prefix·cycle^ω`).
//!
//! This is the test oracle for the LTL-to-automaton translation, so it is written to be
//! obviously right rather than fast: every subformula is evaluated at every *position* of the
//! lasso (the word has only `prefix.len() + cycle.len()` distinct suffixes), bottom-up, and the
//! temporal operators are computed as the fixpoints of their one-step unfoldings over that
//! finite graph of positions (least fixpoints for `U`, `M`, `F`; greatest for `R`, `W`, `G`).
//! It works on the formula as written (no negation normal form), so it shares no code with the
//! translation it checks. The method is the classical one for model checking a path, e.g.
//! Markey & Schnoebelen, "Model checking a path" (CONCUR 2003).
//!
//! Action semantics: at each position exactly one label holds, so atom `a` holds at position `i`
//! iff the letter there is `a`.

use super::Ltl;

/// Whether `prefix·cycle^ω` satisfies `f`. Letters are label names.
///
/// An empty `cycle` does not describe an infinite word; it is read as the empty formula's
/// vacuous case and returns `false` rather than panicking.
pub fn holds_on_lasso(f: &Ltl, prefix: &[String], cycle: &[String]) -> bool {
    if cycle.is_empty() {
        return false;
    }
    let word: Vec<&str> = prefix.iter().chain(cycle).map(String::as_str).collect();
    let lasso = Lasso {
        word,
        loop_start: prefix.len(),
    };
    lasso.eval(f)[0]
}

struct Lasso<'a> {
    word: Vec<&'a str>,
    loop_start: usize,
}

impl Lasso<'_> {
    fn len(&self) -> usize {
        self.word.len()
    }

    /// The position after `i`: the cycle wraps around to its start.
    fn succ(&self, i: usize) -> usize {
        if i + 1 < self.len() {
            i + 1
        } else {
            self.loop_start
        }
    }

    /// The fixpoint of `v[i] = step(i, v[succ(i)])`, starting from all-`init` (`false` gives
    /// the least fixpoint, `true` the greatest). Each round of Gauss-Seidel updates changes at
    /// least one value until it is stable, so at most `len + 1` rounds are needed.
    fn fixpoint(&self, init: bool, step: impl Fn(usize, bool) -> bool) -> Vec<bool> {
        let n = self.len();
        let mut v = vec![init; n];
        loop {
            let mut changed = false;
            for i in (0..n).rev() {
                let new = step(i, v[self.succ(i)]);
                if new != v[i] {
                    v[i] = new;
                    changed = true;
                }
            }
            if !changed {
                return v;
            }
        }
    }

    /// The truth value of `f` at every position.
    fn eval(&self, f: &Ltl) -> Vec<bool> {
        let n = self.len();
        match f {
            Ltl::True => vec![true; n],
            Ltl::False => vec![false; n],
            Ltl::Atom(a) => self.word.iter().map(|w| *w == a).collect(),
            Ltl::Not(g) => self.eval(g).into_iter().map(|b| !b).collect(),
            Ltl::And(a, b) => zip(self.eval(a), self.eval(b), |x, y| x && y),
            Ltl::Or(a, b) => zip(self.eval(a), self.eval(b), |x, y| x || y),
            Ltl::Implies(a, b) => zip(self.eval(a), self.eval(b), |x, y| !x || y),
            Ltl::Equiv(a, b) => zip(self.eval(a), self.eval(b), |x, y| x == y),
            Ltl::Xor(a, b) => zip(self.eval(a), self.eval(b), |x, y| x != y),
            Ltl::Next(g) => {
                let v = self.eval(g);
                (0..n).map(|i| v[self.succ(i)]).collect()
            }
            // F g = mu Z. g | X Z
            Ltl::Finally(g) => {
                let g = self.eval(g);
                self.fixpoint(false, |i, next| g[i] || next)
            }
            // G g = nu Z. g & X Z
            Ltl::Globally(g) => {
                let g = self.eval(g);
                self.fixpoint(true, |i, next| g[i] && next)
            }
            // a U b = mu Z. b | (a & X Z)
            Ltl::Until(a, b) => {
                let (a, b) = (self.eval(a), self.eval(b));
                self.fixpoint(false, |i, next| b[i] || (a[i] && next))
            }
            // a W b = nu Z. b | (a & X Z)
            Ltl::WeakUntil(a, b) => {
                let (a, b) = (self.eval(a), self.eval(b));
                self.fixpoint(true, |i, next| b[i] || (a[i] && next))
            }
            // a R b = nu Z. b & (a | X Z)
            Ltl::Release(a, b) => {
                let (a, b) = (self.eval(a), self.eval(b));
                self.fixpoint(true, |i, next| b[i] && (a[i] || next))
            }
            // a M b = mu Z. b & (a | X Z)
            Ltl::StrongRelease(a, b) => {
                let (a, b) = (self.eval(a), self.eval(b));
                self.fixpoint(false, |i, next| b[i] && (a[i] || next))
            }
        }
    }
}

fn zip(a: Vec<bool>, b: Vec<bool>, op: impl Fn(bool, bool) -> bool) -> Vec<bool> {
    a.into_iter().zip(b).map(|(x, y)| op(x, y)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    fn b(f: Ltl) -> Box<Ltl> {
        Box::new(f)
    }

    #[test]
    fn basic_operators() {
        let a = || Ltl::atom("a");
        let bb = || Ltl::atom("b");
        // a b (c)^ω
        let (p, c) = (w("a b"), w("c"));
        assert!(holds_on_lasso(&a(), &p, &c));
        assert!(!holds_on_lasso(&bb(), &p, &c));
        assert!(holds_on_lasso(&Ltl::Next(b(bb())), &p, &c));
        assert!(holds_on_lasso(&Ltl::Until(b(a()), b(bb())), &p, &c));
        assert!(!holds_on_lasso(
            &Ltl::Finally(b(Ltl::Globally(b(a())))),
            &p,
            &c
        ));
        assert!(holds_on_lasso(
            &Ltl::Finally(b(Ltl::Globally(b(Ltl::atom("c"))))),
            &p,
            &c
        ));
        // (a b)^ω: G F b, not F G b, a W false fails, b R a fails? b R a: a must hold until b
        // releases it (b included): pos0 a, pos1 b -> a must hold at pos1 too -> false.
        let (p, c) = (w(""), w("a b"));
        let gfb = Ltl::Globally(b(Ltl::Finally(b(bb()))));
        assert!(holds_on_lasso(&gfb, &p, &c));
        assert!(!holds_on_lasso(&Ltl::Globally(b(a())), &p, &c));
        assert!(!holds_on_lasso(&Ltl::Release(b(bb()), b(a())), &p, &c));
        assert!(holds_on_lasso(&Ltl::StrongRelease(b(a()), b(a())), &p, &c));
        assert!(!holds_on_lasso(
            &Ltl::WeakUntil(b(a()), b(Ltl::False)),
            &p,
            &c
        ));
        assert!(holds_on_lasso(
            &Ltl::WeakUntil(b(Ltl::or(a(), bb())), b(Ltl::False)),
            &p,
            &c
        ));
        assert!(!holds_on_lasso(&a(), &p, &[]));
    }
}
