//! A counterexample lasso made shorter on the explicit product, within a bound of product
//! states: `ltsym check --witness` under `--engine auto` shows the lassos of the explicit hunt
//! and of the compositional engine this way (docs/evidence.md, "The shortest evidence"),
//! instead of deciding each property again symbolically for the shortest one, which cost RERS
//! 2017 problem 113 thirty times the run without `--witness`.
//!
//! The product is the one of [`super::ltl`]: (system state, automaton state), a system step
//! `s -l-> s'` and an edge `q -L-> q'` with `letter(l) ∈ L` making the step
//! `(s, q) -l-> (s', q')` in the edge's acceptance sets.
//! 1. *The lasso's own run.* The product restricted to the lasso's word: nodes (position in
//!    the word, system state, automaton state), the position after the last being the cycle's
//!    first. It is small (for a deterministic system at most positions × automaton states)
//!    and has an accepting cycle (the lasso is a counterexample); the node on one that the
//!    breadth-first search meets first, `x`, and the shortest accepting cycle through it make
//!    the lasso as first found, in product states.
//! 2. *The prefix.* Breadth-first from the initial product state to the nearest state of that
//!    cycle, `y`: no path to one of its states is shorter.
//! 3. *The cycle.* Breadth-first over (product state, acceptance sets met so far) from `(y, ∅)`
//!    to `(y, all)`: the shortest accepting cycle through `y` (an edge counts for all its sets).
//!
//! Search 1 stops after `max_states` nodes more than the word's positions times the
//! automaton's states (then the lasso stays as it is); searches 2 and 3 after `max_states`; then the lasso of 1 stays (for 3 rotated to
//! start at `y`), and 3 says how far it got: no accepting cycle through `y` has fewer steps
//! than the depth it searched whole. Nothing here decides a verdict, and the caller replays
//! the lasso like any other. What is proved is only about cycles through `y`: unlike the
//! symbolic shortening (`symbolic/ltl/shorten.rs`) nothing about the violation's step or the
//! steps to any accepting cycle.

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;

use super::index::SuccessorIndex;
use super::ltl::letters;
use crate::automata::lasso::in_accepting_scc;
use crate::automata::{AccSet, Tgba};
use crate::model::{LabelId, StateId, System};

/// A lasso of labels made shorter, with what was proved about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shortened {
    pub prefix: Vec<LabelId>,
    /// Not empty.
    pub cycle: Vec<LabelId>,
    /// No accepting cycle of the product through the cycle's first product state has fewer
    /// steps (equal to `cycle.len()` when the search finished).
    pub cycle_at_least: usize,
    /// Whether the prefix is a shortest path to a state of the cycle as first found (search 2
    /// finished).
    pub prefix_searched: bool,
    /// The product state the prefix ends in and the cycle starts from: (system state,
    /// automaton state).
    pub first: (Vec<StateId>, usize),
}

/// A product state: the system's state vector and the automaton's state.
type PState = (Vec<StateId>, usize);

/// What a breadth-first search ended with.
enum Search<N> {
    /// The steps (label, node reached) from the start to the first goal.
    Found(Vec<(LabelId, N)>),
    /// No goal is reachable.
    None,
    /// The search passed its bound of nodes: no goal is within fewer steps than this.
    Stopped(usize),
}

/// Breadth-first from `start` to the first node `goal` accepts, reached in at least one step,
/// over at most `max` nodes. `succ(n, out)` puts the steps from `n` into `out`.
fn bfs<N: Clone + Eq + Hash>(
    start: N,
    mut succ: impl FnMut(&N, &mut Vec<(LabelId, N)>),
    goal: impl Fn(&N) -> bool,
    max: usize,
) -> Search<N> {
    let mut nodes = vec![start.clone()];
    let mut depth = vec![0usize];
    let mut parent: Vec<Option<(usize, LabelId)>> = vec![None];
    let mut index = HashMap::from([(start, 0usize)]);
    let mut queue = VecDeque::from([0usize]);
    let mut out = Vec::new();
    while let Some(i) = queue.pop_front() {
        if nodes.len() > max {
            // every node of depth below `depth[i]` was expanded: no goal within `depth[i]` steps
            return Search::Stopped(depth[i] + 1);
        }
        out.clear();
        succ(&nodes[i], &mut out);
        for (l, m) in out.drain(..) {
            if goal(&m) {
                let mut path = vec![(l, m)];
                let mut at = i;
                while let Some((p, l)) = parent[at] {
                    path.push((l, nodes[at].clone()));
                    at = p;
                }
                path.reverse();
                return Search::Found(path);
            }
            if !index.contains_key(&m) {
                index.insert(m.clone(), nodes.len());
                queue.push_back(nodes.len());
                nodes.push(m);
                depth.push(depth[i] + 1);
                parent.push(Some((i, l)));
            }
        }
    }
    Search::None
}

/// The product's steps, read off the system and the automaton.
struct Steps<'a> {
    index: SuccessorIndex<'a>,
    aut: &'a Tgba,
    /// The automaton's edges by source state.
    out: Vec<Vec<usize>>,
    /// The letter the automaton reads each label as.
    letters: Vec<usize>,
}

impl<'a> Steps<'a> {
    fn new(sys: &'a System, aut: &'a Tgba) -> Steps<'a> {
        let out = aut.edges_by_source();
        let letters = letters(sys, aut);
        Steps {
            index: SuccessorIndex::new(sys),
            aut,
            out,
            letters,
        }
    }

    /// The product steps from `(s, q)` whose label `keep` accepts, with their acceptance sets.
    fn from(
        &mut self,
        (s, q): &PState,
        keep: impl Fn(LabelId) -> bool,
        out: &mut Vec<(LabelId, PState, AccSet)>,
    ) {
        self.index.successors(s);
        for i in 0..self.index.len() {
            let (l, t) = self.index.get(i);
            if !keep(l) {
                continue;
            }
            for &k in &self.out[*q] {
                let e = &self.aut.edges[k];
                if e.letters.contains(self.letters[l]) {
                    out.push((l, (t.to_vec(), e.to), e.acc));
                }
            }
        }
    }
}

/// The shortest accepting cycle through `y` (as steps, the last back at `y`), over at most
/// `max` nodes of (product state, acceptance sets met); `succ` gives the product steps.
fn cycle_through<N: Clone + Eq + Hash>(
    y: &N,
    all: AccSet,
    mut succ: impl FnMut(&N, &mut Vec<(LabelId, N, AccSet)>),
    max: usize,
) -> Search<(N, AccSet)> {
    let mut steps = Vec::new();
    bfs(
        (y.clone(), 0),
        |(n, met): &(N, AccSet), out| {
            steps.clear();
            succ(n, &mut steps);
            out.extend(
                steps
                    .drain(..)
                    .map(|(l, m, acc)| (l, (m, met | (acc & all)))),
            );
        },
        |(n, met)| n == y && *met == all,
        max,
    )
}

/// `prefix · cycle^ω`, a counterexample for the automaton `aut` (of the negated property) on
/// `sys`, made shorter within `max_states` nodes per search (see the module doc); `None` when
/// its own run (1) is not found within them (the lasso then stays as it is).
pub fn shorten_lasso(
    sys: &System,
    aut: &Tgba,
    prefix: &[LabelId],
    cycle: &[LabelId],
    max_states: usize,
) -> Option<Shortened> {
    let (p, c) = shortest_word(prefix, cycle);
    shorten_word(sys, aut, &p, &c, max_states)
        .or_else(|| shorten_word(sys, aut, prefix, cycle, max_states))
}

/// The shortest `(u, v)` with `u · v^ω` the word `prefix · cycle^ω`: the cycle's primitive
/// root, then the prefix's last labels taken into it while they equal the cycle's last. A
/// lasso the symbolic engine extracts may go around the system's cycle several times (RERS
/// 2017 problem 113 #2: 3 × 1,009 steps); the run on the shorter word need not close as soon,
/// which the product along it (search 1) finds.
fn shortest_word(prefix: &[LabelId], cycle: &[LabelId]) -> (Vec<LabelId>, Vec<LabelId>) {
    let n = cycle.len();
    let root = (1..=n)
        .find(|&d| n.is_multiple_of(d) && (d..n).all(|i| cycle[i] == cycle[i - d]))
        .unwrap_or(n);
    let mut u = prefix.to_vec();
    let mut v = cycle[..root].to_vec();
    while !v.is_empty() && u.last() == v.last() {
        u.pop();
        v.rotate_right(1);
    }
    (u, v)
}

/// [`shorten_lasso`] of the word `prefix · cycle^ω` as given.
fn shorten_word(
    sys: &System,
    aut: &Tgba,
    prefix: &[LabelId],
    cycle: &[LabelId],
    max_states: usize,
) -> Option<Shortened> {
    if cycle.is_empty() {
        return None;
    }
    let all = aut.all_acc();
    let word: Vec<LabelId> = prefix.iter().chain(cycle).copied().collect();
    let (k, len) = (prefix.len(), word.len());
    let mut steps = Steps::new(sys, aut);
    let mut buf = Vec::new();
    // 1. the lasso's own run: the product along the word, enumerated whole
    type WNode = (usize, PState);
    let start: WNode = (0, (sys.initial_state(), aut.initial));
    let mut nodes: Vec<WNode> = vec![start.clone()];
    let mut index: HashMap<WNode, usize> = HashMap::from([(start, 0)]);
    let mut edges: Vec<(usize, usize, AccSet)> = Vec::new();
    let mut labelled: Vec<Vec<(LabelId, usize, AccSet)>> = vec![Vec::new()];
    let mut i = 0;
    // as many nodes as the word has positions times automaton states, more than the bound
    let own = max_states.saturating_add(len.saturating_mul(aut.num_states));
    while i < nodes.len() {
        if nodes.len() > own {
            return None;
        }
        let (pos, ps) = nodes[i].clone();
        let next = if pos + 1 < len { pos + 1 } else { k };
        buf.clear();
        steps.from(&ps, |l| l == word[pos], &mut buf);
        for (l, t, acc) in buf.drain(..) {
            let node = (next, t);
            let j = *index.entry(node.clone()).or_insert_with(|| {
                nodes.push(node);
                labelled.push(Vec::new());
                nodes.len() - 1
            });
            edges.push((i, j, acc));
            labelled[i].push((l, j, acc));
        }
        i += 1;
    }
    // the first node met on an accepting cycle (nodes are numbered breadth-first)
    let on = in_accepting_scc(nodes.len(), &edges, all);
    let x = on.iter().position(|&b| b)?;
    let to_x = if x == 0 {
        Vec::new()
    } else {
        let succ = |&n: &usize, out: &mut Vec<(LabelId, usize)>| {
            out.extend(labelled[n].iter().map(|&(l, j, _)| (l, j)))
        };
        match bfs(0usize, succ, |&n| n == x, usize::MAX) {
            Search::Found(p) => p,
            _ => return None,
        }
    };
    let Search::Found(around) = cycle_through(
        &x,
        all,
        |&n, out| out.extend(labelled[n].iter().copied()),
        usize::MAX,
    ) else {
        return None;
    };
    // the lasso as first found, in product states: `first_prefix` to `x`, `first_cycle` from it
    let state = |n: usize| nodes[n].1.clone();
    let mut first_prefix: Vec<(LabelId, PState)> =
        to_x.iter().map(|&(l, n)| (l, state(n))).collect();
    let mut first_cycle: Vec<(LabelId, PState)> =
        around.iter().map(|(l, (n, _))| (*l, state(*n))).collect();
    let x_state = state(x);
    // 2. the nearest state of that cycle
    let on_cycle: std::collections::HashSet<PState> =
        first_cycle.iter().map(|(_, s)| s.clone()).collect();
    let init = state(0);
    let mut prefix_searched = false;
    let mut y = x_state.clone();
    if on_cycle.contains(&init) {
        (first_prefix, y, prefix_searched) = (Vec::new(), init.clone(), true);
    } else {
        let search = bfs(
            init.clone(),
            |s, out| {
                buf.clear();
                steps.from(s, |_| true, &mut buf);
                out.extend(buf.drain(..).map(|(l, t, _)| (l, t)));
            },
            |s| on_cycle.contains(s),
            max_states,
        );
        if let Search::Found(p) = search {
            y = p.last().map_or(init.clone(), |(_, s)| s.clone());
            (first_prefix, prefix_searched) = (p, true);
        }
    }
    if y != x_state {
        // the cycle as found, rotated to start at `y`
        let at = first_cycle.iter().position(|(_, s)| *s == y)? + 1;
        let n = first_cycle.len();
        first_cycle.rotate_left(at % n);
    }
    // 3. the shortest accepting cycle through `y`
    let search = cycle_through(&y, all, |s, out| steps.from(s, |_| true, out), max_states);
    let (cycle_labels, cycle_at_least) = match search {
        Search::Found(c) => {
            let c: Vec<LabelId> = c.into_iter().map(|(l, _)| l).collect();
            let n = c.len();
            (c, n)
        }
        Search::Stopped(d) => (
            first_cycle.iter().map(|&(l, _)| l).collect(),
            d.min(first_cycle.len()),
        ),
        Search::None => return None,
    };
    Some(Shortened {
        prefix: first_prefix.into_iter().map(|(l, _)| l).collect(),
        cycle: cycle_labels,
        cycle_at_least,
        prefix_searched,
        first: y,
    })
}
