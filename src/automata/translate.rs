//! LTL to transition-based generalised Büchi automata (TGBA) by a tableau.
//!
//! The construction is Couvreur's (J.-M. Couvreur, "On-the-fly verification of linear temporal
//! logic", FM'99): a state is a set of *obligations*, NNF formulas the rest of the word must
//! satisfy (kept as their conjunction); expanding it by the one-step unfoldings
//! `f U g = g | (f & X(f U g))` and `f R g = (f & g) | (g & X(f R g))` gives the outgoing
//! edges, each a letter set (what must hold now), the obligations for the next step (the
//! target), and the `U` formulas it *postpones*. There is one acceptance set per `U`
//! subformula; an edge is in it unless it postpones that `U` (took the `f & X(f U g)` branch),
//! so an accepting run cannot postpone any `U` forever. Couvreur's paper does this on BDDs;
//! here the letter part is explicit: with action letters (exactly one label per step) every
//! Boolean combination of atoms is just a set of letters, so `a & b` for distinct atoms is the
//! empty set and disappears, and `!a | !b` is every letter.
//!
//! Why it stays small:
//! * formulas are hash-consed with canonical, flattened `&`/`|` (so states that are the same
//!   obligation set are one state, and `<->`/`xor` duplicates are shared);
//! * among the edges of one state, an edge is dropped for the letters on which another edge has
//!   a subset of its obligations and of its postponed `U`s (it accepts no more words: a word
//!   satisfying the larger obligation set also satisfies the smaller, and the eager choice of
//!   fulfilling a `U` as soon as possible, which makes every satisfied word's run accepting,
//!   remains available);
//! * afterwards the automaton is reduced by merging bisimilar states (same letters, same
//!   acceptance marks, to equivalent states), removing states from which no accepting cycle is
//!   reachable, and dropping acceptance sets that every remaining edge belongs to
//!   ([`super::reduce`]).

use std::cell::Cell;
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::rc::Rc;

use super::reduce::reduce;
use super::{AccSet, LetterSet, Tgba, TgbaEdge};
use crate::error::{Error, Limit, Result};
use crate::limits::Budget;
use crate::logic::Ltl;

/// Size figures of an automaton.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct TgbaStats {
    pub states: usize,
    pub edges: usize,
    pub acc_sets: usize,
}

impl fmt::Display for TgbaStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} states, {} edges, {} acceptance sets",
            self.states, self.edges, self.acc_sets
        )
    }
}

impl Tgba {
    pub fn stats(&self) -> TgbaStats {
        TgbaStats {
            states: self.num_states,
            edges: self.edges.len(),
            acc_sets: self.num_acc,
        }
    }
}

/// The automaton of `f`: it accepts exactly the infinite words (one letter per step) that
/// satisfy `f`. Its atoms are `f.atoms()`.
///
/// Fails only when the formula needs more than 64 acceptance sets (more than 64 distinct `U`
/// subformulas in negation normal form that are postponed in the reachable automaton).
pub fn translate(f: &Ltl) -> Result<Tgba> {
    translate_within(f, &Budget::unlimited())
}

/// [`translate`] under the time and memory limits of `budget`: the automaton of a formula can
/// be exponential in its size (the xor of ten `F` is slow to translate: docs/benchmarks.md,
/// "LTL translation"), and a limit must hold here too.
pub fn translate_within(f: &Ltl, budget: &Budget) -> Result<Tgba> {
    let atoms = f.atoms();
    let mut b = Builder::new(atoms.clone(), budget.clone());
    let root = b.intern_nnf(f, false, &mut HashMap::new());
    b.build(root)?;
    let raw = b.into_raw(atoms);
    reduce(raw, budget)
}

/// The automata of `fs`, each translated under its equal share of the time left (`Err` with
/// the limit it hit; the others are still made). A translation that ran out of its share is
/// not tried again here: the caller does, once the other properties had their turn
/// ([`crate::check`] does in the retry round of its fair shares). Trying it again at once, with
/// all the time left, let one formula whose automaton is out of reach (the xor of ten `F`)
/// take the time of every property after it.
pub fn translate_each(
    fs: &[Ltl],
    budget: &Budget,
) -> Result<Vec<std::result::Result<Tgba, Limit>>> {
    let n = fs.len();
    let mut autos = Vec::with_capacity(n);
    for (i, f) in fs.iter().enumerate() {
        let share = match budget.remaining() {
            Some(r) => budget.share(r / (n - i) as f64),
            None => budget.clone(),
        };
        autos.push(match translate_within(f, &share) {
            Ok(a) => Ok(a),
            Err(Error::Limit(l)) => Err(l),
            Err(e) => return Err(e),
        });
    }
    Ok(autos)
}

type Id = usize;

/// A hash-consed NNF formula; boolean combinations of atoms are letter sets.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Node {
    True,
    False,
    /// The letters of this set hold now (never empty, never all letters).
    Lit(LetterSet),
    /// At least two conjuncts, sorted, none an `And`, `True`, `False`; at most one `Lit`.
    And(Vec<Id>),
    /// At least two disjuncts, sorted, none an `Or`, `True`, `False`; at most one `Lit`.
    Or(Vec<Id>),
    Next(Id),
    Until(Id, Id),
    Release(Id, Id),
}

/// One outgoing edge of an expanded obligation set.
#[derive(Clone, Debug)]
struct Term {
    letters: LetterSet,
    /// The obligations of the target (a canonical conjunction; `True` for none).
    next: Id,
    /// Bit `i`: the edge postpones the `U` formula with acceptance index `i`.
    postponed: AccSet,
}

struct Builder {
    atoms: Vec<String>,
    nletters: usize,
    nodes: Vec<Node>,
    index: HashMap<Node, Id>,
    expansions: HashMap<Id, Rc<Vec<Term>>>,
    /// The conjunction of two ids, as `product` needs it for every pair of terms.
    and_cache: HashMap<(Id, Id), Id>,
    /// Acceptance index of each `U` formula expanded so far.
    acc_index: HashMap<Id, usize>,
    // The automaton under construction: states are obligation ids.
    state_of: HashMap<Id, usize>,
    states: Vec<Id>,
    /// (from, to, letters, postponed)
    edges: Vec<(usize, usize, LetterSet, AccSet)>,
    /// The limits, looked at every [`TICKS`] steps of work (see [`Builder::tick`]).
    budget: Budget,
    ticks: Cell<usize>,
}

/// Steps of work between two looks at the budget (a look reads the clock).
const TICKS: usize = 256;

const TRUE: Id = 0;
const FALSE: Id = 1;

impl Builder {
    fn new(atoms: Vec<String>, budget: Budget) -> Builder {
        let nletters = atoms.len() + 1;
        let mut b = Builder {
            atoms,
            nletters,
            nodes: Vec::new(),
            index: HashMap::new(),
            expansions: HashMap::new(),
            and_cache: HashMap::new(),
            acc_index: HashMap::new(),
            state_of: HashMap::new(),
            states: Vec::new(),
            edges: Vec::new(),
            budget,
            ticks: Cell::new(0),
        };
        b.intern(Node::True);
        b.intern(Node::False);
        b
    }

    /// One step of work: fails when a limit of the budget is hit.
    fn tick(&self) -> Result<()> {
        let t = self.ticks.get() + 1;
        self.ticks.set(t);
        if t.is_multiple_of(TICKS) {
            self.budget.check_time()?;
        }
        Ok(())
    }

    fn intern(&mut self, n: Node) -> Id {
        if let Some(&id) = self.index.get(&n) {
            return id;
        }
        let id = self.nodes.len();
        self.nodes.push(n.clone());
        self.index.insert(n, id);
        id
    }

    fn lit(&mut self, l: LetterSet) -> Id {
        if l.is_empty() {
            FALSE
        } else if l == LetterSet::full(self.nletters) {
            TRUE
        } else {
            self.intern(Node::Lit(l))
        }
    }

    /// The canonical conjunction (`conj == true`) or disjunction of `items`.
    fn junction(&mut self, items: &[Id], conj: bool) -> Id {
        let (unit, zero) = if conj { (TRUE, FALSE) } else { (FALSE, TRUE) };
        let mut flat = Vec::new();
        let mut lit: Option<LetterSet> = None;
        let mut stack: Vec<Id> = items.to_vec();
        while let Some(id) = stack.pop() {
            if id == unit {
                continue;
            }
            if id == zero {
                return zero;
            }
            match &self.nodes[id] {
                Node::And(cs) if conj => stack.extend(cs.iter().copied()),
                Node::Or(cs) if !conj => stack.extend(cs.iter().copied()),
                Node::Lit(l) => {
                    lit = Some(match lit {
                        None => l.clone(),
                        Some(m) if conj => m.intersect(l),
                        Some(m) => m.union(l),
                    })
                }
                _ => flat.push(id),
            }
        }
        if let Some(l) = lit {
            let id = self.lit(l);
            if id == zero {
                return zero;
            }
            if id != unit {
                flat.push(id);
            }
        }
        flat.sort_unstable();
        flat.dedup();
        match flat.len() {
            0 => unit,
            1 => flat[0],
            _ if conj => self.intern(Node::And(flat)),
            _ => self.intern(Node::Or(flat)),
        }
    }

    fn and(&mut self, items: &[Id]) -> Id {
        self.junction(items, true)
    }

    fn or(&mut self, items: &[Id]) -> Id {
        self.junction(items, false)
    }

    fn next(&mut self, x: Id) -> Id {
        if x == TRUE || x == FALSE {
            x
        } else {
            self.intern(Node::Next(x))
        }
    }

    fn until(&mut self, x: Id, y: Id) -> Id {
        if y == TRUE || y == FALSE || x == FALSE || x == y {
            return y;
        }
        // F F g = F g
        if x == TRUE && matches!(self.nodes[y], Node::Until(TRUE, _)) {
            return y;
        }
        self.intern(Node::Until(x, y))
    }

    fn release(&mut self, x: Id, y: Id) -> Id {
        if y == TRUE || y == FALSE || x == TRUE || x == y {
            return y;
        }
        // G G g = G g
        if x == FALSE && matches!(self.nodes[y], Node::Release(FALSE, _)) {
            return y;
        }
        self.intern(Node::Release(x, y))
    }

    /// Interns the negation normal form of `f` (of `!f` if `neg`), by the identities of
    /// [`crate::logic::nnf`]. Memoised per subformula occurrence and polarity, so `<->` and
    /// `xor`, which use each operand in both polarities, cost linear time and space here
    /// instead of the exponential tree [`crate::logic::nnf::nnf`] builds for nested equivalences.
    fn intern_nnf(&mut self, f: &Ltl, neg: bool, memo: &mut HashMap<(usize, bool), Id>) -> Id {
        let key = (f as *const Ltl as usize, neg);
        if let Some(&id) = memo.get(&key) {
            return id;
        }
        let mut go = |b: &mut Builder, g: &Ltl, n: bool| b.intern_nnf(g, n, memo);
        let id = match (f, neg) {
            (Ltl::True, false) | (Ltl::False, true) => TRUE,
            (Ltl::True, true) | (Ltl::False, false) => FALSE,
            (Ltl::Atom(a), _) => {
                let i = self.letter(a);
                let mut l = LetterSet::empty(self.nletters);
                for j in 0..self.nletters {
                    if (j == i) != neg {
                        l.insert(j);
                    }
                }
                self.lit(l)
            }
            (Ltl::Not(g), _) => go(self, g, !neg),
            (Ltl::And(x, y), false) | (Ltl::Or(x, y), true) => {
                let (x, y) = (go(self, x, neg), go(self, y, neg));
                self.and(&[x, y])
            }
            (Ltl::Or(x, y), false) | (Ltl::And(x, y), true) => {
                let (x, y) = (go(self, x, neg), go(self, y, neg));
                self.or(&[x, y])
            }
            (Ltl::Implies(x, y), false) => {
                let (x, y) = (go(self, x, true), go(self, y, false));
                self.or(&[x, y])
            }
            (Ltl::Implies(x, y), true) => {
                let (x, y) = (go(self, x, false), go(self, y, true));
                self.and(&[x, y])
            }
            (Ltl::Equiv(x, y), false)
            | (Ltl::Xor(x, y), true)
            | (Ltl::Equiv(x, y), true)
            | (Ltl::Xor(x, y), false) => {
                // equivalence: (x & y) | (!x & !y); its negation: (x & !y) | (!x & y)
                let equiv = matches!((f, neg), (Ltl::Equiv(..), false) | (Ltl::Xor(..), true));
                let (px, nx) = (go(self, x, false), go(self, x, true));
                let (py, ny) = (go(self, y, false), go(self, y, true));
                let (l, r) = if equiv {
                    (self.and(&[px, py]), self.and(&[nx, ny]))
                } else {
                    (self.and(&[px, ny]), self.and(&[nx, py]))
                };
                self.or(&[l, r])
            }
            (Ltl::Next(x), _) => {
                let x = go(self, x, neg);
                self.next(x)
            }
            (Ltl::Finally(x), false) | (Ltl::Globally(x), true) => {
                let x = go(self, x, neg);
                self.until(TRUE, x)
            }
            (Ltl::Globally(x), false) | (Ltl::Finally(x), true) => {
                let x = go(self, x, neg);
                self.release(FALSE, x)
            }
            (Ltl::Until(x, y), false) | (Ltl::Release(x, y), true) => {
                let (x, y) = (go(self, x, neg), go(self, y, neg));
                self.until(x, y)
            }
            (Ltl::Release(x, y), false) | (Ltl::Until(x, y), true) => {
                let (x, y) = (go(self, x, neg), go(self, y, neg));
                self.release(x, y)
            }
            // f W g = g R (f | g); !(f W g) = !g U (!f & !g)
            (Ltl::WeakUntil(x, y), _) => {
                let (x, y) = (go(self, x, neg), go(self, y, neg));
                if neg {
                    let both = self.and(&[x, y]);
                    self.until(y, both)
                } else {
                    let either = self.or(&[x, y]);
                    self.release(y, either)
                }
            }
            // f M g = g U (f & g); !(f M g) = !g R (!f | !g)
            (Ltl::StrongRelease(x, y), _) => {
                let (x, y) = (go(self, x, neg), go(self, y, neg));
                if neg {
                    let either = self.or(&[x, y]);
                    self.release(y, either)
                } else {
                    let both = self.and(&[x, y]);
                    self.until(y, both)
                }
            }
        };
        memo.insert(key, id);
        id
    }

    fn letter(&self, atom: &str) -> usize {
        self.atoms
            .binary_search_by(|a| a.as_str().cmp(atom))
            .unwrap_or(self.atoms.len())
    }

    /// The conjuncts of a canonical conjunction, sorted.
    fn conjuncts(&self, id: Id) -> Vec<Id> {
        match &self.nodes[id] {
            Node::True => Vec::new(),
            Node::And(cs) => cs.clone(),
            _ => vec![id],
        }
    }

    /// The edges of obligation `id` (see the module comment), reduced by dominance.
    fn expand(&mut self, id: Id) -> Result<Rc<Vec<Term>>> {
        if let Some(t) = self.expansions.get(&id) {
            return Ok(t.clone());
        }
        self.tick()?;
        let full = LetterSet::full(self.nletters);
        let terms = match self.nodes[id].clone() {
            Node::True => vec![Term {
                letters: full,
                next: TRUE,
                postponed: 0,
            }],
            Node::False => Vec::new(),
            Node::Lit(l) => vec![Term {
                letters: l,
                next: TRUE,
                postponed: 0,
            }],
            Node::Next(x) => vec![Term {
                letters: full,
                next: self.and(&[x]),
                postponed: 0,
            }],
            Node::And(cs) => {
                let mut acc = vec![Term {
                    letters: full,
                    next: TRUE,
                    postponed: 0,
                }];
                for c in cs {
                    let ts = self.expand(c)?;
                    acc = self.product(&acc, &ts)?;
                    if acc.is_empty() {
                        break;
                    }
                }
                acc
            }
            Node::Or(cs) => {
                let mut all = Vec::new();
                for c in cs {
                    all.extend(self.expand(c)?.iter().cloned());
                }
                all
            }
            Node::Until(x, y) => {
                let k = match self.acc_index.get(&id) {
                    Some(&k) => k,
                    None => {
                        let k = self.acc_index.len();
                        if k >= 64 {
                            return Err(Error::Usage(
                                "the LTL formula needs more than 64 acceptance sets \
                                 (distinct `U`/`F` subformulas); not supported"
                                    .into(),
                            ));
                        }
                        self.acc_index.insert(id, k);
                        k
                    }
                };
                let mut all: Vec<Term> = self.expand(y)?.as_ref().clone();
                for t in self.expand(x)?.iter() {
                    let next = self.and(&[t.next, id]);
                    all.push(Term {
                        letters: t.letters.clone(),
                        next,
                        postponed: t.postponed | 1 << k,
                    });
                }
                all
            }
            Node::Release(x, y) => {
                let both = self.and(&[x, y]);
                let mut all: Vec<Term> = self.expand(both)?.as_ref().clone();
                for t in self.expand(y)?.iter() {
                    let next = self.and(&[t.next, id]);
                    all.push(Term {
                        letters: t.letters.clone(),
                        next,
                        postponed: t.postponed,
                    });
                }
                all
            }
        };
        let terms = Rc::new(self.reduce_terms(terms)?);
        self.expansions.insert(id, terms.clone());
        Ok(terms)
    }

    fn product(&mut self, xs: &[Term], ys: &[Term]) -> Result<Vec<Term>> {
        let mut out = Vec::new();
        for x in xs {
            self.tick()?;
            for y in ys {
                if !x.letters.intersects(&y.letters) {
                    continue;
                }
                let letters = x.letters.intersect(&y.letters);
                let key = (x.next.min(y.next), x.next.max(y.next));
                let next = match self.and_cache.get(&key) {
                    Some(&n) => n,
                    None => {
                        let n = self.and(&[x.next, y.next]);
                        self.and_cache.insert(key, n);
                        n
                    }
                };
                if next == FALSE {
                    continue;
                }
                out.push(Term {
                    letters,
                    next,
                    postponed: x.postponed | y.postponed,
                });
            }
        }
        self.reduce_terms(out)
    }

    /// Unites the letters of terms with the same target and postponements, and removes from
    /// each term the letters of every term that dominates it (obligations and postponements
    /// both subsets, not both equal). Drops unsatisfiable terms.
    fn reduce_terms(&self, terms: Vec<Term>) -> Result<Vec<Term>> {
        let mut grouped: BTreeMap<(Id, AccSet), LetterSet> = BTreeMap::new();
        for t in terms {
            if t.next == FALSE || t.letters.is_empty() {
                continue;
            }
            grouped
                .entry((t.next, t.postponed))
                .and_modify(|l| *l = l.union(&t.letters))
                .or_insert(t.letters);
        }
        // (conjuncts, a 64-bit summary of them for a quick non-subset test, term)
        let terms: Vec<(Vec<Id>, u64, Term)> = grouped
            .into_iter()
            .map(|((next, postponed), letters)| {
                let cs = self.conjuncts(next);
                let summary = cs.iter().fold(0u64, |m, &c| m | 1 << (c % 64));
                (
                    cs,
                    summary,
                    Term {
                        letters,
                        next,
                        postponed,
                    },
                )
            })
            .collect();
        let mut out = Vec::new();
        for (i, (ni, si, ti)) in terms.iter().enumerate() {
            self.tick()?;
            let mut letters = ti.letters.clone();
            for (j, (nj, sj, tj)) in terms.iter().enumerate() {
                if i != j
                    && tj.postponed & !ti.postponed == 0
                    && sj & !si == 0
                    && nj.len() <= ni.len()
                    && letters.intersects(&tj.letters)
                    && is_subset(nj, ni)
                    && (tj.postponed != ti.postponed || tj.next != ti.next)
                {
                    letters = letters.minus(&tj.letters);
                }
            }
            if !letters.is_empty() {
                out.push(Term {
                    letters,
                    next: ti.next,
                    postponed: ti.postponed,
                });
            }
        }
        Ok(out)
    }

    fn state(&mut self, id: Id) -> usize {
        if let Some(&s) = self.state_of.get(&id) {
            return s;
        }
        let s = self.states.len();
        self.states.push(id);
        self.state_of.insert(id, s);
        s
    }

    /// Builds every state reachable from the obligation `root`.
    fn build(&mut self, root: Id) -> Result<()> {
        let root = self.and(&[root]);
        self.state(root);
        let mut done = 0;
        while done < self.states.len() {
            let id = self.states[done];
            self.tick()?;
            for t in self.expand(id)?.iter() {
                let to = self.state(t.next);
                self.edges.push((done, to, t.letters.clone(), t.postponed));
            }
            done += 1;
        }
        Ok(())
    }

    fn into_raw(self, atoms: Vec<String>) -> Tgba {
        let num_acc = self.acc_index.len();
        let all = if num_acc == 64 {
            u64::MAX
        } else {
            (1u64 << num_acc) - 1
        };
        let state_names = self
            .states
            .iter()
            .map(|&id| {
                let mut s = String::new();
                self.write_node(&mut s, id, true);
                s
            })
            .collect();
        Tgba {
            atoms,
            num_states: self.states.len(),
            initial: 0,
            num_acc,
            edges: self
                .edges
                .into_iter()
                .map(|(from, to, letters, postponed)| TgbaEdge {
                    from,
                    to,
                    letters,
                    acc: all & !postponed,
                })
                .collect(),
            state_names,
        }
    }

    /// Prints a node in the LTL syntax (`F`/`G` for `true U`/`false R`).
    fn write_node(&self, out: &mut String, id: Id, top: bool) {
        let join = |out: &mut String, cs: &[Id], op: &str| {
            if !top {
                out.push('(');
            }
            for (i, &c) in cs.iter().enumerate() {
                if i > 0 {
                    out.push_str(op);
                }
                self.write_node(out, c, false);
            }
            if !top {
                out.push(')');
            }
        };
        match &self.nodes[id] {
            Node::True => out.push_str("true"),
            Node::False => out.push_str("false"),
            Node::Lit(l) => {
                let other = self.atoms.len();
                let names: Vec<String> = if l.contains(other) {
                    (0..other)
                        .filter(|&i| !l.contains(i))
                        .map(|i| format!("!{}", Ltl::Atom(self.atoms[i].clone())))
                        .collect()
                } else {
                    l.iter()
                        .map(|i| Ltl::Atom(self.atoms[i].clone()).to_string())
                        .collect()
                };
                let op = if l.contains(other) { " & " } else { " | " };
                if names.len() > 1 && !top {
                    out.push_str(&format!("({})", names.join(op)));
                } else {
                    out.push_str(&names.join(op));
                }
            }
            Node::And(cs) => join(out, cs, " & "),
            Node::Or(cs) => join(out, cs, " | "),
            Node::Next(x) => {
                out.push_str("X ");
                self.write_node(out, *x, false);
            }
            Node::Until(TRUE, y) => {
                out.push_str("F ");
                self.write_node(out, *y, false);
            }
            Node::Release(FALSE, y) => {
                out.push_str("G ");
                self.write_node(out, *y, false);
            }
            Node::Until(x, y) | Node::Release(x, y) => {
                let op = if matches!(self.nodes[id], Node::Until(..)) {
                    " U "
                } else {
                    " R "
                };
                out.push('(');
                self.write_node(out, *x, false);
                out.push_str(op);
                self.write_node(out, *y, false);
                out.push(')');
            }
        }
    }
}

fn is_subset(small: &[Id], big: &[Id]) -> bool {
    // both sorted
    let mut j = 0;
    for &x in small {
        while j < big.len() && big[j] < x {
            j += 1;
        }
        if j == big.len() || big[j] != x {
            return false;
        }
        j += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(f: Ltl) -> Box<Ltl> {
        Box::new(f)
    }

    #[test]
    fn response_property_and_its_negation() {
        // G (a -> F b): the waiting state names its obligation
        let f = Ltl::Globally(b(Ltl::Implies(
            b(Ltl::atom("a")),
            b(Ltl::Finally(b(Ltl::atom("b")))),
        )));
        let a = translate(&f).unwrap();
        assert_eq!(a.atoms, vec!["a", "b"]);
        assert_eq!(a.stats().states, 2);
        assert_eq!(a.num_acc, 1);
        assert_eq!(a.state_names[a.initial], "G (!a | F b)");
        let n = translate(&Ltl::not(f)).unwrap();
        assert_eq!(n.state_names[n.initial], "F (a & G !b)");
        assert_eq!(n.num_states, 2, "{n}");
        assert_eq!(n.num_acc, 1, "{n}");
    }
}
