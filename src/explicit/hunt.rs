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

use std::collections::{HashMap, HashSet, VecDeque};

use super::index::SuccessorIndex;
use super::ltl::letters;
use crate::automata::{AccSet, Tgba};
use crate::error::Result;
use crate::limits::Budget;
use crate::model::{LabelId, StateId, System};

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

/// A product edge: its label, acceptance sets and target state.
#[derive(Clone, Copy)]
struct Move {
    label: u32,
    acc: AccSet,
    target: u32,
}

/// The reachable product as far as it was found: states interned in the order found, each a
/// system state vector followed by the automaton state.
struct Product<'a> {
    index: SuccessorIndex<'a>,
    tgba: &'a Tgba,
    /// `by_state[q]`: the automaton's edges out of `q`.
    by_state: Vec<Vec<usize>>,
    letter: Vec<usize>,
    width: usize,
    ids: HashMap<Box<[StateId]>, u32>,
    keys: Vec<Box<[StateId]>>,
    /// A state vector to reuse.
    scratch: Vec<StateId>,
}

impl Product<'_> {
    fn intern(&mut self, key: &[StateId]) -> u32 {
        if let Some(&id) = self.ids.get(key) {
            return id;
        }
        let id = self.keys.len() as u32;
        let key: Box<[StateId]> = key.into();
        self.keys.push(key.clone());
        self.ids.insert(key, id);
        id
    }

    /// The product edges out of state `v`, appended to `out`.
    fn moves(&mut self, v: u32, out: &mut Vec<Move>) {
        let mut key = std::mem::take(&mut self.scratch);
        key.clear();
        key.extend_from_slice(&self.keys[v as usize]);
        let q = key[self.width] as usize;
        self.index.successors(&key[..self.width]);
        for i in 0..self.index.len() {
            let (l, next) = self.index.get(i);
            let letter = self.letter[l];
            key.truncate(self.width);
            key.copy_from_slice(next);
            key.push(0);
            for k in 0..self.by_state[q].len() {
                let ae = &self.tgba.edges[self.by_state[q][k]];
                if !ae.letters.contains(letter) {
                    continue;
                }
                let acc = ae.acc;
                key[self.width] = ae.to as StateId;
                let target = self.intern(&key);
                out.push(Move {
                    label: l as u32,
                    acc,
                    target,
                });
            }
        }
        self.scratch = key;
    }
}

/// One state on the depth-first stack: its moves, the next one to follow, and the move that
/// led to it (none for the initial state).
struct Frame {
    state: u32,
    moves: Vec<Move>,
    next: usize,
    via: Option<Move>,
}

/// Searches the product of `sys` and `tgba` (the automaton of the negated property) for an
/// accepting lasso, finding at most `max_states` product states; checks `budget`'s limits as
/// it goes.
pub fn hunt_lasso(sys: &System, tgba: &Tgba, max_states: usize, budget: &Budget) -> Result<Hunt> {
    let mut by_state: Vec<Vec<usize>> = vec![Vec::new(); tgba.num_states];
    for (i, e) in tgba.edges.iter().enumerate() {
        by_state[e.from].push(i);
    }
    let width = sys.components().len();
    let mut p = Product {
        index: SuccessorIndex::new(sys),
        tgba,
        by_state,
        letter: letters(sys, tgba),
        width,
        ids: HashMap::new(),
        keys: Vec::new(),
        scratch: Vec::new(),
    };
    let all = tgba.all_acc();
    let mut init = sys.initial_state();
    init.push(tgba.initial as StateId);
    let s0 = p.intern(&init);
    // `num[v]`: 0 unvisited, DEAD once its SCC is complete, else its depth-first number
    const DEAD: u32 = u32::MAX;
    let mut num: Vec<u32> = Vec::new();
    let mut count: u32 = 0;
    // the states visited whose SCC is not complete, in visiting order
    let mut live: Vec<u32> = Vec::new();
    // (depth-first number of the root, acceptance sets inside its SCC, of the edge into it)
    let mut roots: Vec<(u32, AccSet, AccSet)> = Vec::new();
    let mut stack: Vec<Frame> = Vec::new();
    let mut push = |p: &mut Product<'_>,
                    num: &mut Vec<u32>,
                    live: &mut Vec<u32>,
                    roots: &mut Vec<(u32, AccSet, AccSet)>,
                    stack: &mut Vec<Frame>,
                    v: u32,
                    via: Option<Move>| {
        count += 1;
        if num.len() <= v as usize {
            num.resize(v as usize + 1, 0);
        }
        num[v as usize] = count;
        live.push(v);
        roots.push((count, 0, via.map_or(0, |m| m.acc)));
        let mut moves = Vec::new();
        p.moves(v, &mut moves);
        stack.push(Frame {
            state: v,
            moves,
            next: 0,
            via,
        });
    };
    push(
        &mut p, &mut num, &mut live, &mut roots, &mut stack, s0, None,
    );
    let mut steps = 0usize;
    while let Some(top) = stack.last_mut() {
        steps += 1;
        if steps.is_multiple_of(4096) {
            budget.check_states(p.keys.len())?;
        }
        if top.next < top.moves.len() {
            let m = top.moves[top.next];
            top.next += 1;
            let n = num.get(m.target as usize).copied().unwrap_or(0);
            if n == 0 {
                if p.keys.len() > max_states {
                    return Ok(Hunt::Bound);
                }
                push(
                    &mut p,
                    &mut num,
                    &mut live,
                    &mut roots,
                    &mut stack,
                    m.target,
                    Some(m),
                );
            } else if n != DEAD {
                // a cycle: every root above the target's joins its SCC
                let mut acc = m.acc;
                while roots.last().is_some_and(|r| r.0 > n) {
                    let (_, inside, into) = roots.pop().unwrap_or_default();
                    acc |= inside | into;
                }
                let Some(root) = roots.last_mut() else {
                    continue;
                };
                root.1 |= acc;
                if root.1 & all == all {
                    let root_num = root.0;
                    return Ok(lasso(&mut p, &num, &stack, root_num, all));
                }
            }
        } else {
            let v = top.state;
            stack.pop();
            if roots.last().is_some_and(|r| r.0 == num[v as usize]) {
                roots.pop();
                let n = num[v as usize];
                while live.last().is_some_and(|&w| num[w as usize] >= n) {
                    if let Some(w) = live.pop() {
                        num[w as usize] = DEAD;
                    }
                }
            }
        }
    }
    Ok(Hunt::Empty {
        states: p.keys.len(),
    })
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
