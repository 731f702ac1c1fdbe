//! LTL on the explicit state graph: the automata-theoretic approach (Vardi & Wolper, "An
//! automata-theoretic approach to automatic program verification", LICS 1986) with an
//! SCC-based emptiness check for transition-based generalised Büchi acceptance (as in
//! Couvreur, "On-the-fly verification of linear temporal logic", FM 1999, here done offline:
//! build the whole product, then Tarjan's SCCs).
//!
//! The automaton is the one for the NEGATED property. A system trace is the sequence of fired
//! labels; the automaton reads one letter per step: the letter of the label's name
//! ([`Tgba::letter_of`]), and the "other" letter for a silent label. The product's states are
//! pairs (system state, automaton state); a system step `s -l-> s'` and an automaton edge
//! `q -L-> q'` with `letter(l) ∈ L` make the product edge `(s, q) -l-> (s', q')`, in the
//! edge's acceptance sets.
//!
//! Only infinite traces count (a deadlock never violates a property), and an infinite path of a
//! finite graph ends up inside one strongly connected component, visiting exactly the edges of
//! some cycle set there infinitely often. So: a counterexample exists iff some reachable SCC
//! has an internal edge and its internal edges together meet every acceptance set. The
//! witness is a lasso: a path to the SCC, then a cycle inside it through an edge of each set.

use std::collections::{HashMap, HashSet, VecDeque};

use super::graph::{successors, StateGraph};
use super::scc::sccs;
use crate::automata::{AccSet, Tgba};
use crate::logic::Ltl;
use crate::model::{LabelId, StateId, System};

/// An ultimately periodic trace: `prefix` once, then `cycle` forever (never empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lasso {
    pub prefix: Vec<LabelId>,
    pub cycle: Vec<LabelId>,
    /// The product states along the lasso, as (state number in the [`StateGraph`], automaton
    /// state): `prefix.len() + cycle.len() + 1` entries, the one at `prefix.len()` equal to the
    /// last (where the cycle closes).
    pub path: Vec<(u32, usize)>,
}

struct ProductEdge {
    /// The step's tag in the word graph (for the state graph: the label).
    tag: usize,
    target: u32,
    acc: AccSet,
}

/// A graph whose paths spell the words to check: each edge reads one automaton letter. The
/// product below is built over it; [`StateGraph`] is one (an edge reads its label's letter),
/// and `super::spin` builds another for SPIN's reading of the RERS Promela files.
pub(crate) trait WordGraph {
    fn initial(&self) -> u32;
    /// Calls `f(letter, tag, target)` for each edge out of `v`; the tag comes back in the
    /// lasso.
    fn for_each_edge(&self, v: u32, f: &mut dyn FnMut(usize, usize, u32));
}

/// The letter `tgba` reads for each label of `sys`: its name's, or "other" for a silent label.
pub(crate) fn letters(sys: &System, tgba: &Tgba) -> Vec<usize> {
    sys.labels()
        .iter()
        .map(|l| {
            if l.is_silent() {
                tgba.other()
            } else {
                tgba.letter_of(&l.name)
            }
        })
        .collect()
}

/// The reachable state graph, each edge reading the letter of its label (the "other" letter
/// for a silent label); tags are label ids.
struct LabelWords<'g> {
    graph: &'g StateGraph,
    letter: Vec<usize>,
}

impl WordGraph for LabelWords<'_> {
    fn initial(&self) -> u32 {
        self.graph.initial()
    }

    fn for_each_edge(&self, v: u32, f: &mut dyn FnMut(usize, usize, u32)) {
        for e in self.graph.edges(v) {
            f(self.letter[e.label()], e.label(), e.target);
        }
    }
}

/// The reachable part of the product of a word graph and the automaton.
struct Product {
    /// (graph state, automaton state) of each product state; state 0 is initial.
    states: Vec<(u32, usize)>,
    edge_start: Vec<usize>,
    edges: Vec<ProductEdge>,
}

impl Product {
    fn build(graph: &dyn WordGraph, tgba: &Tgba) -> Product {
        let by_state = tgba.edges_by_source();
        let mut index: HashMap<(u32, usize), u32> = HashMap::new();
        let mut states = vec![(graph.initial(), tgba.initial)];
        index.insert(states[0], 0);
        let mut edge_start = vec![0];
        let mut edges = Vec::new();
        let mut i = 0;
        while i < states.len() {
            let (s, q) = states[i];
            graph.for_each_edge(s, &mut |letter, tag, target| {
                for &ai in &by_state[q] {
                    let ae = &tgba.edges[ai];
                    if !ae.letters.contains(letter) {
                        continue;
                    }
                    let key = (target, ae.to);
                    let t = *index.entry(key).or_insert_with(|| {
                        states.push(key);
                        states.len() as u32 - 1
                    });
                    edges.push(ProductEdge {
                        tag,
                        target: t,
                        acc: ae.acc,
                    });
                }
            });
            edge_start.push(edges.len());
            i += 1;
        }
        Product {
            states,
            edge_start,
            edges,
        }
    }

    fn out(&self, v: u32) -> std::ops::Range<usize> {
        self.edge_start[v as usize]..self.edge_start[v as usize + 1]
    }

    /// A shortest path (as edge positions) from `from` to a state satisfying `goal`, using
    /// only states `v` with `allowed(v)`; `None` if there is none. The empty path if `from`
    /// itself is a goal.
    fn bfs(
        &self,
        from: u32,
        allowed: impl Fn(u32) -> bool,
        goal: impl Fn(u32) -> bool,
    ) -> Option<Vec<usize>> {
        let mut parent: HashMap<u32, usize> = HashMap::new();
        let mut seen: HashSet<u32> = HashSet::from([from]);
        let mut queue = VecDeque::from([from]);
        while let Some(v) = queue.pop_front() {
            if goal(v) {
                let mut path = Vec::new();
                let mut w = v;
                while w != from {
                    let e = parent[&w];
                    path.push(e);
                    w = self.source_of(e);
                }
                path.reverse();
                return Some(path);
            }
            for e in self.out(v) {
                let t = self.edges[e].target;
                if allowed(t) && seen.insert(t) {
                    parent.insert(t, e);
                    queue.push_back(t);
                }
            }
        }
        None
    }

    fn source_of(&self, e: usize) -> u32 {
        // the last state whose edges start at or before e
        (self.edge_start.partition_point(|&start| start <= e) - 1) as u32
    }
}

/// A lasso-shaped trace of `sys` accepted by `tgba` (the automaton of the negated property),
/// or `None` if there is none, i.e. if the property holds.
pub fn find_accepting_lasso(graph: &StateGraph, sys: &System, tgba: &Tgba) -> Option<Lasso> {
    let words = LabelWords {
        graph,
        letter: letters(sys, tgba),
    };
    let l = accepting_lasso(&words, tgba)?;
    Some(Lasso {
        prefix: l.prefix,
        cycle: l.cycle,
        path: l.path,
    })
}

/// An accepting lasso of a word graph: the tags of a prefix, the tags of a cycle (never
/// empty), and the product states along them (`prefix.len() + cycle.len() + 1`, the one at
/// `prefix.len()` equal to the last).
pub(crate) struct TagLasso {
    pub prefix: Vec<usize>,
    pub cycle: Vec<usize>,
    pub path: Vec<(u32, usize)>,
}

/// A path of `graph` from its initial state whose word `tgba` accepts; `None` if the automaton
/// accepts no word of the graph.
pub(crate) fn accepting_lasso(graph: &dyn WordGraph, tgba: &Tgba) -> Option<TagLasso> {
    let product = Product::build(graph, tgba);
    let n = product.states.len();
    let all = tgba.all_acc();
    let components = sccs(
        n,
        &vec![true; n],
        |v| product.out(v),
        |e| product.edges[e].target,
    );
    let mut scc_of = vec![0usize; n];
    for (c, comp) in components.iter().enumerate() {
        for &v in comp {
            scc_of[v as usize] = c;
        }
    }
    // An accepting SCC: some internal edge, and internal edges meeting every acceptance set.
    let accepting = components.iter().enumerate().find_map(|(c, comp)| {
        let mut internal = false;
        let mut acc: AccSet = 0;
        for &v in comp {
            for e in product.out(v) {
                let pe = &product.edges[e];
                if scc_of[pe.target as usize] == c {
                    internal = true;
                    acc |= pe.acc;
                }
            }
        }
        (internal && acc & all == all).then_some(c)
    })?;
    let in_scc = |v: u32| scc_of[v as usize] == accepting;
    let mut path_edges = product.bfs(0, |_| true, in_scc)?;
    let entry = path_edges.last().map_or(0, |&e| product.edges[e].target);
    let prefix_len = path_edges.len();
    // The cycle: from `entry`, through an internal edge of each acceptance set not yet met,
    // then back to `entry`.
    let mut cur = entry;
    let mut met: AccSet = 0;
    let mut cycle: Vec<usize> = Vec::new();
    let internal_edge = |v: u32, want: AccSet| {
        product.out(v).find(|&e| {
            let pe = &product.edges[e];
            in_scc(pe.target) && (want == 0 || pe.acc & want != 0)
        })
    };
    for i in 0..tgba.num_acc {
        let bit = 1u64 << i;
        if met & bit != 0 {
            continue;
        }
        let to_source = product.bfs(cur, in_scc, |v| internal_edge(v, bit).is_some())?;
        let source = to_source.last().map_or(cur, |&e| product.edges[e].target);
        let e = internal_edge(source, bit)?;
        for &p in to_source.iter().chain([&e]) {
            met |= product.edges[p].acc;
            cycle.push(p);
        }
        cur = product.edges[e].target;
    }
    if cycle.is_empty() {
        let e = internal_edge(cur, 0)?;
        cycle.push(e);
        cur = product.edges[e].target;
    }
    cycle.extend(product.bfs(cur, in_scc, |v| v == entry)?);
    path_edges.extend(cycle);
    let mut path = vec![product.states[0]];
    path.extend(
        path_edges
            .iter()
            .map(|&e| product.states[product.edges[e].target as usize]),
    );
    let tags: Vec<usize> = path_edges.iter().map(|&e| product.edges[e].tag).collect();
    Some(TagLasso {
        prefix: tags[..prefix_len].to_vec(),
        cycle: tags[prefix_len..].to_vec(),
        path,
    })
}

/// Whether `lasso` is a real infinite trace of `sys`: the prefix is executable from the initial
/// state, and from some state it can reach, the cycle is executable and returns to that same
/// state (so it can be repeated forever). Tries every resolution of nondeterminism. Does not
/// consult any state graph, only [`successors`].
pub fn replay_lasso(sys: &System, lasso: &Lasso) -> bool {
    if lasso.cycle.is_empty() {
        return false;
    }
    let run = |from: HashSet<Vec<StateId>>, labels: &[LabelId]| {
        let mut cur = from;
        let mut succ = Vec::new();
        for &l in labels {
            let mut next = HashSet::new();
            for s in &cur {
                successors(sys, s, &mut succ);
                next.extend(succ.drain(..).filter(|(m, _)| *m == l).map(|(_, t)| t));
            }
            cur = next;
        }
        cur
    };
    let after_prefix = run(HashSet::from([sys.initial_state()]), &lasso.prefix);
    after_prefix
        .into_iter()
        .any(|p| run(HashSet::from([p.clone()]), &lasso.cycle).contains(&p))
}

/// Whether the infinite word `prefix · cycle^ω` of label names satisfies `f`. At each position
/// exactly the fired label's atom holds (no atom holds at a silent label). Evaluated directly on
/// the word's positions (`prefix.len() + cycle.len()` of them, the successor of the last being
/// the cycle's first): each temporal operator is the usual fixpoint over the position successor
/// function, least for `U`, `M`, `F` and greatest for `W`, `R`, `G` (a word has one path, so
/// these are just the semantics of the operators on that path).
pub fn holds_on_lasso(f: &Ltl, sys: &System, lasso: &Lasso) -> bool {
    if lasso.cycle.is_empty() {
        return false;
    }
    let names: Vec<&str> = lasso
        .prefix
        .iter()
        .chain(&lasso.cycle)
        .map(|&l| sys.label(l).name.as_str())
        .collect();
    eval_word(f, &names, lasso.prefix.len())[0]
}

fn eval_word(f: &Ltl, names: &[&str], loop_start: usize) -> Vec<bool> {
    let n = names.len();
    let next = |i: usize| if i + 1 < n { i + 1 } else { loop_start };
    let ev = |g: &Ltl| eval_word(g, names, loop_start);
    let pointwise = |a: &Ltl, b: &Ltl, op: fn(bool, bool) -> bool| -> Vec<bool> {
        ev(a)
            .into_iter()
            .zip(ev(b))
            .map(|(x, y)| op(x, y))
            .collect()
    };
    // z = step(z) from `init`, iterated to its fixpoint (monotone, so at most n + 1 rounds).
    let fix = |init: bool, step: &dyn Fn(usize, bool) -> bool| -> Vec<bool> {
        let mut z = vec![init; n];
        loop {
            let new: Vec<bool> = (0..n).map(|i| step(i, z[next(i)])).collect();
            if new == z {
                return z;
            }
            z = new;
        }
    };
    match f {
        Ltl::True => vec![true; n],
        Ltl::False => vec![false; n],
        Ltl::Atom(a) => names.iter().map(|m| !m.is_empty() && m == a).collect(),
        Ltl::Not(a) => ev(a).into_iter().map(|x| !x).collect(),
        Ltl::And(a, b) => pointwise(a, b, |x, y| x && y),
        Ltl::Or(a, b) => pointwise(a, b, |x, y| x || y),
        Ltl::Implies(a, b) => pointwise(a, b, |x, y| !x || y),
        Ltl::Equiv(a, b) => pointwise(a, b, |x, y| x == y),
        Ltl::Xor(a, b) => pointwise(a, b, |x, y| x != y),
        Ltl::Next(a) => {
            let va = ev(a);
            (0..n).map(|i| va[next(i)]).collect()
        }
        Ltl::Finally(a) => {
            let va = ev(a);
            fix(false, &|i, z| va[i] || z)
        }
        Ltl::Globally(a) => {
            let va = ev(a);
            fix(true, &|i, z| va[i] && z)
        }
        Ltl::Until(a, b) => {
            let (va, vb) = (ev(a), ev(b));
            fix(false, &|i, z| vb[i] || (va[i] && z))
        }
        Ltl::WeakUntil(a, b) => {
            let (va, vb) = (ev(a), ev(b));
            fix(true, &|i, z| vb[i] || (va[i] && z))
        }
        Ltl::Release(a, b) => {
            let (va, vb) = (ev(a), ev(b));
            fix(true, &|i, z| vb[i] && (va[i] || z))
        }
        Ltl::StrongRelease(a, b) => {
            let (va, vb) = (ev(a), ev(b));
            fix(false, &|i, z| vb[i] && (va[i] || z))
        }
    }
}
