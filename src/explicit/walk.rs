//! Walks in the product for an accepting lasso, as Monte Carlo model checking does (R. Grosu,
//! S. A. Smolka, "Monte Carlo model checking", TACAS 2005): from a product state, follow one
//! move at a time until a state repeats; the walk from the first visit of that state on is a
//! cycle, accepted when its edges hold every acceptance set.
//!
//! Here a walk is a deterministic scheduler rather than a random one: from each state it takes
//! the move the guide of `guide.rs` ranks best (towards, then inside, an accepting SCC of the
//! automaton), ties broken by an order of the labels that the seed fixes, so that the walk
//! repeats the same schedule round a cycle of the system and closes it, and a seed names a
//! reproducible walk (a hash of the state as scheduler, tried too, wanders through the
//! interleavings of 2017/113 without ever closing its cycle of 1,009 steps). A walk closes a
//! cycle only when it is accepting, else it goes on to states new to it; at a dead end it backs
//! up to the automaton's last guess (below).
//!
//! Why walks next to the depth-first search of the guided hunt: in the RERS systems whose
//! cycles are long (2017/113: no cycle shorter than about 1,000 steps, through every label),
//! the depth-first search from a state of an accepting SCC spends its bound on the
//! interleavings of the first few hundred steps, while one walk follows a single schedule round
//! the whole cycle.

use std::collections::{HashMap, HashSet};

use super::guide::{Guide, HOPELESS};
use super::product::{Move, Product};
use crate::automata::Tgba;
use crate::error::Result;
use crate::limits::Budget;
use crate::model::{LabelId, System};

/// splitmix64's finaliser.
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// A lasso found by [`walks`]: the labels of its prefix and of its cycle, and the product
/// states found.
pub(super) type Found = (Vec<LabelId>, Vec<LabelId>, usize);

/// Walks from the initial state of the product of `sys` and `tgba` (the automaton of the
/// negated property), seed 0, 1, ..., until one finds an accepting lasso or they have taken
/// `steps` steps together; each walk at most `WALK_STEPS`.
pub(super) fn walks(
    sys: &System,
    tgba: &Tgba,
    steps: usize,
    budget: &Budget,
) -> Result<Option<Found>> {
    let mut p = Product::new(sys, tgba);
    let guide = Guide::new(sys, tgba, &p.letter);
    if p.rank(&guide, 0) == HOPELESS {
        return Ok(None);
    }
    let mut taken = 0;
    let mut seed = 0;
    while taken < steps {
        let (lasso, n) = walk(&mut p, &guide, seed, WALK_STEPS.min(steps - taken), budget)?;
        if let Some((prefix, cycle)) = lasso {
            return Ok(Some((prefix, cycle, p.keys.len())));
        }
        // a walk ends early only in a dead end; count it as at least one step
        taken += n.max(1);
        seed += 1;
    }
    Ok(None)
}

/// The steps of one walk.
const WALK_STEPS: usize = 10_000;

/// The labels of a lasso's prefix and of its cycle.
type Labels = (Vec<LabelId>, Vec<LabelId>);

/// One walk of at most `max_steps` steps from the product's initial state with `seed`: the
/// lasso it found, if any, and the steps it took (backing up included).
///
/// Each step takes a move that closes an accepting cycle if there is one, else the move best
/// ranked by the guide (towards and inside an accepting SCC of the automaton) whose target is
/// new to the walk and has moves, ties by the seed's order of the labels. Where the automaton
/// could have read the label into another state too, the step is a choice of the automaton; at
/// a dead end the walk backs up to the last choice, and takes the same label to the same
/// system state in another automaton state (the one the walk was in, where it can): the
/// system's schedule stays, only the automaton's guess changes (2017/113 #11: the walk guesses
/// at each `a38` that a violation starts there and learns otherwise ~130 steps later, until
/// the `a38` ~1,600 steps in that starts one).
fn walk(
    p: &mut Product<'_>,
    guide: &Guide,
    seed: u64,
    max_steps: usize,
    budget: &Budget,
) -> Result<(Option<Labels>, usize)> {
    let from = 0;
    let all = p.tgba.all_acc();
    let mut at: HashMap<u32, usize> = HashMap::from([(from, 0)]);
    // `last[b]`: the number of steps of the walk before the last edge of acceptance set b + 1
    let mut last = [0usize; 64];
    let mut path: Vec<Move> = Vec::new();
    // `states[k]`: the state after `k` steps
    let mut states: Vec<u32> = vec![from];
    // the steps that changed the automaton state, where a dead end backs up to
    let mut advances: Vec<usize> = Vec::new();
    let mut banned: HashSet<u32> = HashSet::new();
    let mut force: Option<Move> = None;
    let mut moves = Vec::new();
    let mut ahead: Option<(u32, Vec<Move>)> = None;
    let mut cur = from;
    let seed = mix(seed.wrapping_add(0x9e37_79b9_7f4a_7c15));
    let ranked_moves = |p: &mut Product<'_>, v: u32, out: &mut Vec<Move>| {
        out.clear();
        p.moves(v, out);
        out.retain(|m| p.rank(guide, m.target) != HOPELESS);
    };
    for step in 0..max_steps {
        if step % 4096 == 4095 {
            budget.check_states(p.keys.len())?;
        }
        match ahead.take() {
            Some((v, ms)) if v == cur => moves = ms,
            _ => ranked_moves(p, cur, &mut moves),
        }
        let mut order: Vec<(u64, u64, Move)> = moves
            .iter()
            .map(|m| (p.rank(guide, m.target), mix(seed ^ u64::from(m.label)), *m))
            .collect();
        order.sort_by_key(|&(r, x, _)| (r, x));
        // an accepting cycle closed by a move back into the walk
        for &(_, _, m) in &order {
            if let Some(&i) = at.get(&m.target) {
                let covered = (0..64)
                    .map(|b| 1u64 << b)
                    .filter(|b| all & b != 0)
                    .all(|b| m.acc & b != 0 || last[b.trailing_zeros() as usize] > i);
                if covered {
                    path.push(m);
                    let labels = |ms: &[Move]| ms.iter().map(|m| m.label as LabelId).collect();
                    return Ok((Some((labels(&path[..i]), labels(&path[i..]))), step + 1));
                }
            }
        }
        let mut next = force.take();
        for &(_, _, m) in order.iter().filter(|_| next.is_none()) {
            if at.contains_key(&m.target) || banned.contains(&m.target) {
                continue;
            }
            let mut ms = Vec::new();
            ranked_moves(p, m.target, &mut ms);
            if !ms.is_empty() {
                ahead = Some((m.target, ms));
                next = Some(m);
                break;
            }
        }
        let Some(m) = next else {
            // a dead end: back to the last move that changed the automaton state, which
            // the walk no longer takes
            let Some(j) = advances.pop() else {
                return Ok((None, step));
            };
            let bad = path[j];
            banned.insert(bad.target);
            for &v in &states[j + 1..] {
                at.remove(&v);
            }
            states.truncate(j + 1);
            path.truncate(j);
            last = [0usize; 64];
            for (k, m) in path.iter().enumerate() {
                for (b, l) in last.iter_mut().enumerate() {
                    if m.acc & (1u64 << b) != 0 {
                        *l = k + 1;
                    }
                }
            }
            cur = states[j];
            // the same label to the same system state, in another automaton state (the one
            // the walk was in, if it can): the walk goes on past this occurrence of the
            // label instead of trying the next interleaving before it
            let key = |p: &Product<'_>, v: u32| p.keys[v as usize][..p.width].to_vec();
            let target = key(p, bad.target);
            let mut ms = Vec::new();
            ranked_moves(p, cur, &mut ms);
            let q0 = p.keys[cur as usize][p.width];
            force = ms
                .into_iter()
                .filter(|m| {
                    m.label == bad.label
                        && m.target != bad.target
                        && !banned.contains(&m.target)
                        && !at.contains_key(&m.target)
                        && key(p, m.target) == target
                })
                .min_by_key(|m| p.keys[m.target as usize][p.width] != q0);
            continue;
        };
        // a choice of the automaton: another move on the same label to the same system state
        let sys_key = |v: u32| &p.keys[v as usize][..p.width];
        if moves.iter().any(|o| {
            o.label == m.label && o.target != m.target && sys_key(o.target) == sys_key(m.target)
        }) {
            advances.push(path.len());
        }
        path.push(m);
        for (b, l) in last.iter_mut().enumerate() {
            if m.acc & (1u64 << b) != 0 {
                *l = path.len();
            }
        }
        cur = m.target;
        states.push(cur);
        at.insert(cur, path.len());
    }
    Ok((None, max_steps))
}
