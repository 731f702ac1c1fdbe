//! CTL with label modalities on the explicit state graph, from the definitions over maximal
//! paths.
//!
//! A *maximal path* from `s` is an infinite path from `s`, or a finite one from `s` that ends in
//! a deadlock (a state without successors). The path quantifiers `E` and `A` range over the
//! maximal paths, so finite ones ending in a deadlock count (the RERS Parallel CTL semantics).
//! Path formulas, for a path `π = π0 π1 ...` (positions up to the last one if finite):
//! * `F f`: some position satisfies `f`; `G f`: every position does;
//! * `f U g`: some position `k` satisfies `g` and every position `i < k` satisfies `f`;
//! * `f W g`: `f U g`, or `G f` (on a finite path: up to and including its deadlock end).
//!
//! Each operator is computed by a plain graph algorithm whose correctness follows from the
//! definition, argued at each function (in the manner of Clarke, Emerson & Sistla, "Automatic
//! verification of finite-state concurrent systems using temporal logic specifications", TOPLAS
//! 1986, which labels states via reachability and strongly connected components). Deliberately,
//! nothing here is a fixpoint iteration, so that this checker and the symbolic one (which
//! iterates the fixpoint equations) share no reasoning that could be wrong in both.
//!
//! Two facts are used throughout:
//! * (extension) every finite path extends to a maximal path (keep taking successors until a
//!   deadlock, or forever), and every state reachable from `s` lies on a maximal path from `s`;
//! * (negation) "not every maximal path has P" iff "some maximal path has not P".

use super::backward::Predecessors;
use super::graph::StateGraph;
use super::scc::sccs;
use crate::logic::Ctl;
use crate::model::{LabelId, System};

/// The truth of `f` at the initial state.
pub fn check_ctl(graph: &StateGraph, sys: &System, f: &Ctl) -> bool {
    eval_ctl(graph, sys, f)[graph.initial() as usize]
}

/// The truth of `f` at every state of `graph` (indexed by state number).
pub fn eval_ctl(graph: &StateGraph, sys: &System, f: &Ctl) -> Vec<bool> {
    let pred = Predecessors::of(graph);
    let checker = Checker { graph, sys, pred };
    checker.eval(f)
}

struct Checker<'a> {
    graph: &'a StateGraph,
    sys: &'a System,
    /// Incoming edges, for the backward searches.
    pred: Predecessors,
}

fn not(v: &[bool]) -> Vec<bool> {
    v.iter().map(|b| !b).collect()
}

fn zip(a: &[bool], b: &[bool], op: impl Fn(bool, bool) -> bool) -> Vec<bool> {
    a.iter().zip(b).map(|(&x, &y)| op(x, y)).collect()
}

impl Checker<'_> {
    fn n(&self) -> usize {
        self.graph.num_states()
    }

    fn eval(&self, f: &Ctl) -> Vec<bool> {
        let n = self.n();
        match f {
            Ctl::True => vec![true; n],
            Ctl::False => vec![false; n],
            Ctl::Not(a) => not(&self.eval(a)),
            Ctl::And(a, b) => zip(&self.eval(a), &self.eval(b), |x, y| x && y),
            Ctl::Or(a, b) => zip(&self.eval(a), &self.eval(b), |x, y| x || y),
            Ctl::Implies(a, b) => zip(&self.eval(a), &self.eval(b), |x, y| !x || y),
            Ctl::Equiv(a, b) => zip(&self.eval(a), &self.eval(b), |x, y| x == y),
            Ctl::Diamond(label, a) => self.diamond(self.label(label), &self.eval(a)),
            Ctl::Box(label, a) => self.boxed(self.label(label), &self.eval(a)),
            Ctl::EF(a) => self.exists_path_to(&self.eval(a), &vec![true; n]),
            // AG f: every state on every maximal path satisfies f; by (extension) these are
            // exactly the states reachable from s, so: no path to a !f state.
            Ctl::AG(a) => not(&self.exists_path_to(&not(&self.eval(a)), &vec![true; n])),
            Ctl::EU(a, b) => self.exists_path_to(&self.eval(b), &self.eval(a)),
            Ctl::EG(a) => self.exists_maximal_path_within(&self.eval(a)),
            // AF f: by (negation), fails iff some maximal path never meets f, i.e. EG !f.
            Ctl::AF(a) => not(&self.exists_maximal_path_within(&not(&self.eval(a)))),
            // E(f W g): some maximal path satisfies f U g or G f: E(f U g) | EG f.
            Ctl::EW(a, b) => {
                let fa = self.eval(a);
                let fb = self.eval(b);
                zip(
                    &self.exists_path_to(&fb, &fa),
                    &self.exists_maximal_path_within(&fa),
                    |x, y| x || y,
                )
            }
            Ctl::AU(a, b) => {
                // A path fails f U g iff g never holds on it (G !g), or some position has
                // !f & !g with !g at every earlier position (!g U (!f & !g)): look at the first
                // position with !f | g; if there is none, G(f & !g); if g holds there, f U g
                // holds; otherwise it has !f & !g. Conversely each case rules out a g-position
                // preceded only by f-positions. By (negation) and (extension):
                // A(f U g) = !(EG !g | E(!g U (!f & !g))).
                let fa = self.eval(a);
                let ng = not(&self.eval(b));
                let bad = zip(&not(&fa), &ng, |x, y| x && y);
                let fails = zip(
                    &self.exists_maximal_path_within(&ng),
                    &self.exists_path_to(&bad, &ng),
                    |x, y| x || y,
                );
                not(&fails)
            }
            Ctl::AW(a, b) => {
                // A path fails f W g iff some position has !f & !g with !g at every earlier
                // position (as for U, except that "no position with !f | g" is now G f, a
                // success). So A(f W g) = !E(!g U (!f & !g)).
                let fa = self.eval(a);
                let ng = not(&self.eval(b));
                let bad = zip(&not(&fa), &ng, |x, y| x && y);
                not(&self.exists_path_to(&bad, &ng))
            }
        }
    }

    /// `None`: every label (a `<> f` / `[] f` modality). `Some(None)`: a name that is no label
    /// of the system. `Some(Some(l))`: label `l`.
    fn label(&self, name: &Option<String>) -> Option<Option<LabelId>> {
        name.as_ref().map(|n| self.sys.label_id(n))
    }

    fn matches(which: Option<Option<LabelId>>, label: LabelId) -> bool {
        match which {
            None => true,
            Some(l) => l == Some(label),
        }
    }

    /// `<a> f`: some `a`-successor satisfies `f` (false for a label the system lacks).
    fn diamond(&self, which: Option<Option<LabelId>>, f: &[bool]) -> Vec<bool> {
        (0..self.n() as u32)
            .map(|s| {
                self.graph
                    .edges(s)
                    .iter()
                    .any(|e| Self::matches(which, e.label()) && f[e.target as usize])
            })
            .collect()
    }

    /// `[a] f`: every `a`-successor satisfies `f` (true where there is none).
    fn boxed(&self, which: Option<Option<LabelId>>, f: &[bool]) -> Vec<bool> {
        (0..self.n() as u32)
            .map(|s| {
                self.graph
                    .edges(s)
                    .iter()
                    .all(|e| !Self::matches(which, e.label()) || f[e.target as usize])
            })
            .collect()
    }

    /// The states `s` with a finite path `s = s0 ... sk` (k ≥ 0) such that `target(sk)` and
    /// `through(si)` for all `i < k`: backward breadth-first search from the target states,
    /// stepping only into `through` states. This is `E(through U target)`: a maximal path
    /// witnessing it has such a prefix, and by (extension) every such prefix is the start of
    /// a maximal path.
    fn exists_path_to(&self, target: &[bool], through: &[bool]) -> Vec<bool> {
        self.pred.exists_path_to(target, through)
    }

    /// `EG f`: the states with a maximal path on which every position satisfies `f`.
    ///
    /// Such a path is either finite, ending in a deadlock, or infinite; an infinite path in
    /// the finite subgraph of `f`-states repeats a state, so it reaches a cycle of that
    /// subgraph, i.e. a state of a non-trivial strongly connected component (more than one
    /// state, or a self-loop). Conversely a path within `f` to a deadlock is maximal, and one
    /// to such a cycle extends to an infinite path within `f` by going round it. So: the
    /// states with a path within `f` to an `f`-deadlock or to an `f`-cycle state.
    fn exists_maximal_path_within(&self, f: &[bool]) -> Vec<bool> {
        let on_cycle = self.on_cycle_within(f);
        let goal: Vec<bool> = (0..self.n())
            .map(|s| f[s] && (on_cycle[s] || self.graph.is_deadlock(s as u32)))
            .collect();
        self.exists_path_to(&goal, f)
    }

    /// The states of `mask` that lie on a cycle of the subgraph induced by `mask`: Tarjan's
    /// strongly connected components (Tarjan, "Depth-first search and linear graph
    /// algorithms", SIAM J. Comput. 1972), iterative so that deep graphs do not overflow the
    /// stack; a state is on a cycle iff its component has more than one state or it has a
    /// self-loop.
    fn on_cycle_within(&self, mask: &[bool]) -> Vec<bool> {
        let g = self.graph;
        let sccs = sccs(self.n(), mask, |v| g.edge_range(v), |e| g.edge_at(e).target);
        let mut on_cycle = vec![false; self.n()];
        for comp in sccs {
            if comp.len() > 1 {
                for s in comp {
                    on_cycle[s as usize] = true;
                }
            } else {
                let s = comp[0];
                if self.graph.edges(s).iter().any(|e| e.target == s) {
                    on_cycle[s as usize] = true;
                }
            }
        }
        on_cycle
    }
}
