//! A bounded on-the-fly hunt for an accepting lasso of the product of a system and the
//! automaton of a negated LTL property (transition-based generalised Büchi), as SPIN looks for
//! violations: the product is explored depth first from its initial state, states hashed as
//! they are found, and the search stops at the first accepting cycle or at a bound.
//!
//! The emptiness check is Couvreur's SCC-based one (J.-M. Couvreur, "On-the-fly verification
//! of linear temporal logic", FM 1999; in the form of E. Renault, A. Duret-Lutz, F. Kordon,
//! D. Poitrenaud, "Three SCC-based emptiness checks for generalized Büchi automata", LPAR
//! 2013): a Tarjan-style depth-first search that keeps a stack of the roots of the SCCs not
//! yet completed, each with the union of the acceptance sets of the edges found inside it.
//! An edge back to a live state merges the roots above it into one SCC; once a root's union
//! holds every acceptance set, that SCC has a cycle through an edge of each set, which is a
//! counterexample. Why this and not a nested DFS: acceptance here is generalised and on
//! edges, which a nested DFS needs degeneralising for (a counter that multiplies the states);
//! Couvreur's check reads it as it is, and reports an accepting SCC as soon as its last edge
//! is found, not after a second search.
//!
//! Only infinite runs count (the RERS reading: a deadlock never violates), which is what an
//! accepting cycle is. The hunt is a shortcut before the engines that always answer: a lasso
//! found is replayed on the system by the caller before it becomes a verdict, and a product
//! explored to its end without one proves the property (the search is complete on the
//! reachable product), but a bound reached says nothing.
//!
//! The plain depth-first order gets lost in the interleavings of the RERS systems (16
//! components, most of whose moves the property does not name), where the shortest violations
//! are 5 to 21 steps to a self-loop. [`hunt_lasso_guided`] takes the product's states best
//! first as `guide.rs` ranks them (towards an accepting SCC of the automaton, and towards
//! the labels that lead there), and searches depth first for an accepting cycle only from the
//! states inside one; it finds most of those violations within a few hundred states
//! (docs/benchmarks.md, "A guided hunt for violations"). It never concludes that there is no
//! lasso. Neither do the walks of `walk.rs` ([`hunt_lasso_walks`]), tried last, for the lassos
//! too long for a bounded search (docs/benchmarks.md, "Walks for long lassos").

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet, VecDeque};

use super::guide::{Guide, HOPELESS};
use super::product::{Move, Product};
use super::walk::walks;
use crate::automata::{AccSet, Tgba};
use crate::error::Result;
use crate::limits::Budget;
use crate::model::{LabelId, System};

/// What the hunt found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hunt {
    /// An accepting lasso of the product: the labels of a prefix, then of a cycle (never
    /// empty) that can repeat forever.
    Lasso {
        prefix: Vec<LabelId>,
        cycle: Vec<LabelId>,
        /// Product states found by then.
        states: usize,
    },
    /// The whole reachable product (of so many states), no accepting cycle: the property
    /// holds.
    Empty { states: usize },
    /// The bound was reached first: nothing is known.
    Bound,
}

/// One state on the depth-first stack: its moves, the next one to follow, and the move that
/// led to it (none for the initial state).
struct Frame {
    state: u32,
    moves: Vec<Move>,
    next: usize,
    via: Option<Move>,
}

/// The hunt of `check --engine auto`: [`hunt_lasso_guided`] with a bound of `guided` states,
/// then [`hunt_lasso`] with one of `plain` states, then [`hunt_lasso_walks`] with one of `walk`
/// steps. Guided first: it finds most violations of the RERS files within a few hundred
/// states; the plain one finds a few sooner, and on a small product answers that there is no
/// lasso; the walks last, as their steps cost more than states of the searches (a lookahead,
/// ranks of every move): they find those whose lassos are long (2017/113: prefixes of ~1,600
/// steps, cycles of 1,009).
pub fn hunt(
    sys: &System,
    tgba: &Tgba,
    guided: usize,
    walk: usize,
    plain: usize,
    budget: &Budget,
) -> Result<Hunt> {
    match hunt_lasso_guided(sys, tgba, guided, budget)? {
        Hunt::Bound => match hunt_lasso(sys, tgba, plain, budget)? {
            Hunt::Bound => hunt_lasso_walks(sys, tgba, walk, budget),
            h => Ok(h),
        },
        h => Ok(h),
    }
}

/// Walks in the product of `sys` and `tgba` (the automaton of the negated property) for an
/// accepting lasso, `walk.rs`'s, at most `steps` steps together. Never concludes that there is
/// no lasso.
pub fn hunt_lasso_walks(sys: &System, tgba: &Tgba, steps: usize, budget: &Budget) -> Result<Hunt> {
    Ok(match walks(sys, tgba, steps, budget)? {
        Some((prefix, cycle, states)) => Hunt::Lasso {
            prefix,
            cycle,
            states,
        },
        None => Hunt::Bound,
    })
}

/// Searches the product of `sys` and `tgba` (the automaton of the negated property) for an
/// accepting lasso, finding at most `max_states` product states; checks `budget`'s limits as
/// it goes.
pub fn hunt_lasso(sys: &System, tgba: &Tgba, max_states: usize, budget: &Budget) -> Result<Hunt> {
    let mut p = Product::new(sys, tgba);
    let mut dfs = Couvreur::default();
    dfs.search(&mut p, None, 0, budget, &|p, _| p.keys.len() > max_states)
}

/// The product states each depth-first search for a cycle of [`hunt_lasso_guided`] may visit.
const CYCLE_STATES: u32 = 2_000;

/// Searches the product of `sys` and `tgba` for an accepting lasso best first, as `guide.rs`
/// ranks the states (the nearest to an accepting SCC of the automaton first, ties in the order
/// found), and from each state it takes whose automaton state is in an accepting SCC, depth
/// first for an accepting cycle (at most `CYCLE_STATES` states each); gives up once
/// `max_states` product states are found or as much work done (states taken and visited by the
/// cycle searches). Never concludes that there is no lasso.
pub fn hunt_lasso_guided(
    sys: &System,
    tgba: &Tgba,
    max_states: usize,
    budget: &Budget,
) -> Result<Hunt> {
    let mut p = Product::new(sys, tgba);
    let guide = Guide::new(sys, tgba, &p.letter);
    // `parent[v]`: the state and label the best-first search reached `v` from; UNSEEN for a
    // state it has not reached (the depth-first searches find states too), ROOT for state 0
    const UNSEEN: (u32, u32) = (u32::MAX, u32::MAX);
    const ROOT: (u32, u32) = (u32::MAX, 0);
    let mut parent: Vec<(u32, u32)> = vec![ROOT];
    let mut heap = BinaryHeap::new();
    let r0 = p.rank(&guide, 0);
    if r0 != HOPELESS {
        heap.push(Reverse((r0, 0u32)));
    }
    let mut dfs = Couvreur::default();
    let mut moves = Vec::new();
    let mut expanded = 0usize;
    while let Some(Reverse((r, v))) = heap.pop() {
        // the work: the states taken and those the depth-first searches visited (again)
        if p.keys.len() > max_states || expanded + dfs.count as usize > max_states {
            return Ok(Hunt::Bound);
        }
        expanded += 1;
        if expanded.is_multiple_of(1024) {
            budget.check_states(p.keys.len())?;
        }
        if r >> 32 == 0 {
            let start = dfs.count;
            let h = dfs.search(&mut p, Some(&guide), v, budget, &|_, count| {
                count - start > CYCLE_STATES
            })?;
            if let Hunt::Lasso {
                prefix: rest,
                cycle,
                states,
            } = h
            {
                let mut prefix = Vec::new();
                let mut w = v;
                while parent[w as usize] != ROOT {
                    let (from, l) = parent[w as usize];
                    prefix.push(l as LabelId);
                    w = from;
                }
                prefix.reverse();
                prefix.extend(rest);
                return Ok(Hunt::Lasso {
                    prefix,
                    cycle,
                    states,
                });
            }
        }
        moves.clear();
        p.moves(v, &mut moves);
        for m in &moves {
            let t = m.target as usize;
            if parent.len() <= t {
                parent.resize(p.keys.len().max(t + 1), UNSEEN);
            }
            if parent[t] != UNSEEN {
                continue;
            }
            parent[t] = (v, m.label);
            let rt = p.rank(&guide, m.target);
            if rt != HOPELESS {
                heap.push(Reverse((rt, m.target)));
            }
        }
    }
    Ok(Hunt::Bound)
}

/// Couvreur's check, depth first from one state; kept between searches from several states,
/// so that a later search skips the SCCs an earlier one completed (none of which has an
/// accepting cycle, nor reaches one).
#[derive(Default)]
struct Couvreur {
    /// `num[v]`: 0 unvisited, DEAD once its SCC is complete, else its depth-first number
    num: Vec<u32>,
    count: u32,
    /// the states visited whose SCC is not complete, in visiting order
    live: Vec<u32>,
    /// (depth-first number of the root, acceptance sets inside its SCC, of the edge into it)
    roots: Vec<(u32, AccSet, AccSet)>,
    stack: Vec<Frame>,
}

const DEAD: u32 = u32::MAX;

impl Couvreur {
    /// Visits `v`, reached by `via`; with a guide, its moves best ranked first and none to a
    /// state on no accepting lasso.
    fn push(&mut self, p: &mut Product<'_>, guide: Option<&Guide>, v: u32, via: Option<Move>) {
        self.count += 1;
        if self.num.len() <= v as usize {
            self.num.resize(v as usize + 1, 0);
        }
        self.num[v as usize] = self.count;
        self.live.push(v);
        self.roots.push((self.count, 0, via.map_or(0, |m| m.acc)));
        let mut moves = Vec::new();
        p.moves(v, &mut moves);
        if let Some(g) = guide {
            let mut ranked: Vec<(u64, Move)> = moves
                .iter()
                .map(|m| (p.rank(g, m.target), *m))
                .filter(|(r, _)| *r != HOPELESS)
                .collect();
            ranked.sort_by_key(|(r, _)| *r);
            moves = ranked.into_iter().map(|(_, m)| m).collect();
        }
        self.stack.push(Frame {
            state: v,
            moves,
            next: 0,
            via,
        });
    }

    /// Searches from `from` until an accepting lasso or `over(product, states visited)`; a
    /// search cut short leaves the states it did not complete unvisited for the next one.
    fn search(
        &mut self,
        p: &mut Product<'_>,
        guide: Option<&Guide>,
        from: u32,
        budget: &Budget,
        over: &dyn Fn(&Product<'_>, u32) -> bool,
    ) -> Result<Hunt> {
        if self.num.get(from as usize).is_some_and(|&n| n == DEAD) {
            return Ok(Hunt::Bound);
        }
        let all = p.tgba.all_acc();
        self.push(p, guide, from, None);
        let mut steps = 0usize;
        while let Some(top) = self.stack.last_mut() {
            steps += 1;
            if steps.is_multiple_of(4096) {
                budget.check_states(p.keys.len())?;
            }
            if top.next < top.moves.len() {
                let m = top.moves[top.next];
                top.next += 1;
                let n = self.num.get(m.target as usize).copied().unwrap_or(0);
                if n == 0 {
                    if over(p, self.count) {
                        self.abandon();
                        return Ok(Hunt::Bound);
                    }
                    self.push(p, guide, m.target, Some(m));
                } else if n != DEAD {
                    // a cycle: every root above the target's joins its SCC
                    let mut acc = m.acc;
                    while self.roots.last().is_some_and(|r| r.0 > n) {
                        let (_, inside, into) = self.roots.pop().unwrap_or_default();
                        acc |= inside | into;
                    }
                    let Some(root) = self.roots.last_mut() else {
                        continue;
                    };
                    root.1 |= acc;
                    if root.1 & all == all {
                        let root_num = root.0;
                        return Ok(lasso(p, &self.num, &self.stack, root_num, all));
                    }
                }
            } else {
                let v = top.state;
                self.stack.pop();
                if self
                    .roots
                    .last()
                    .is_some_and(|r| r.0 == self.num[v as usize])
                {
                    self.roots.pop();
                    let n = self.num[v as usize];
                    while self.live.last().is_some_and(|&w| self.num[w as usize] >= n) {
                        if let Some(w) = self.live.pop() {
                            self.num[w as usize] = DEAD;
                        }
                    }
                }
            }
        }
        Ok(Hunt::Empty {
            states: p.keys.len(),
        })
    }

    /// Forgets a search cut short: its SCCs not completed are unvisited again.
    fn abandon(&mut self) {
        for w in self.live.drain(..) {
            self.num[w as usize] = 0;
        }
        self.roots.clear();
        self.stack.clear();
    }
}

/// The lasso through the SCC whose root has depth-first number `root_num`, which has edges of
/// every acceptance set in `all`: the stack's path to the root, then a cycle from the root
/// through an edge of each set, inside the SCC (its states: the live ones numbered from the
/// root's on, all found from the root and all reaching it).
fn lasso(p: &mut Product<'_>, num: &[u32], stack: &[Frame], root_num: u32, all: AccSet) -> Hunt {
    let inside = |v: u32| {
        let n = num.get(v as usize).copied().unwrap_or(0);
        n != 0 && n != u32::MAX && n >= root_num
    };
    let Some(at) = stack.iter().position(|f| num[f.state as usize] == root_num) else {
        return Hunt::Bound;
    };
    let prefix: Vec<LabelId> = stack[1..=at]
        .iter()
        .filter_map(|f| f.via.map(|m| m.label as usize))
        .collect();
    let root = stack[at].state;
    let mut memo: HashMap<u32, Vec<Move>> = HashMap::new();
    // shortest path inside the SCC from `from` to a state with a move that `want`s (none if
    // `from` has one), then that move
    let mut path_to = |p: &mut Product<'_>, from: u32, want: &dyn Fn(&Move) -> bool| {
        let mut parent: HashMap<u32, (u32, Move)> = HashMap::new();
        let mut seen: HashSet<u32> = HashSet::from([from]);
        let mut queue = VecDeque::from([from]);
        while let Some(v) = queue.pop_front() {
            let ms = memo
                .entry(v)
                .or_insert_with(|| {
                    let mut ms = Vec::new();
                    p.moves(v, &mut ms);
                    ms.retain(|m| inside(m.target));
                    ms
                })
                .clone();
            if let Some(&m) = ms.iter().find(|m| want(m)) {
                let mut path = vec![m];
                let mut w = v;
                while w != from {
                    let (src, e) = parent[&w];
                    path.push(e);
                    w = src;
                }
                path.reverse();
                return Some(path);
            }
            for m in ms {
                if seen.insert(m.target) {
                    parent.insert(m.target, (v, m));
                    queue.push_back(m.target);
                }
            }
        }
        None
    };
    let mut cycle: Vec<Move> = Vec::new();
    let mut cur = root;
    let mut met: AccSet = 0;
    for bit in (0..64).map(|i| 1u64 << i).filter(|b| all & b != 0) {
        if met & bit != 0 {
            continue;
        }
        let Some(path) = path_to(p, cur, &|m: &Move| m.acc & bit != 0) else {
            return Hunt::Bound;
        };
        for m in path {
            met |= m.acc;
            cur = m.target;
            cycle.push(m);
        }
    }
    if cycle.is_empty() {
        let Some(path) = path_to(p, cur, &|_: &Move| true) else {
            return Hunt::Bound;
        };
        cur = path[path.len() - 1].target;
        cycle.extend(path);
    }
    if cur != root {
        let Some(path) = path_to(p, cur, &|m: &Move| m.target == root) else {
            return Hunt::Bound;
        };
        cycle.extend(path);
    }
    Hunt::Lasso {
        prefix,
        cycle: cycle.iter().map(|m| m.label as usize).collect(),
        states: p.keys.len(),
    }
}
