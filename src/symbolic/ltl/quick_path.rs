//! A path to a set when nobody reads it: the counterexample that only backs a verdict (no
//! `--witness`), where the fewest steps are not promised.
//!
//! Breadth-first search ([`crate::symbolic::shortest::Layers`]) costs one image of a whole
//! layer per step of the path. On RERS 2017 problem 113 the fair set lies over a thousand
//! layers from the initial state (the system's run goes round a cycle of about a thousand
//! steps before the violation can happen), and the layers are wide (about 43,000 nodes: the
//! components off the path interleave freely), so a prefix took 2 to 2.6 s of layers and half
//! a second more to walk them back. A single run of the system along that path is cheap: one
//! image of one state per step. What a walk lacks is the way: a walk that only looks one step
//! ahead into the target went round the system's cycle sixteen thousand times without meeting
//! it (the violation needs one interleaving among many). So:
//! 1. Breadth-first layers, up to [`QuickPaths::bfs_layers`]: most paths are short, and then
//!    this is the shortest path as before (the layers from one state are narrow and cheap).
//! 2. The states of `within` that reach `target` inside it, `B` (a backward closure, by
//!    saturation on the exact reachable states: a fraction of a second on 113), and
//!    [`QuickPaths::rings`] backward layers from `target` inside `B`: the states within a few
//!    steps of it. The first rings are narrow; on 113 64 of them took 2.2 to 3 s, 8 or 16 took
//!    a few hundredths.
//! 3. A walk inside `B` from the start, one state at a time (the image of the state, a
//!    deterministic pick, a step into the rings whenever one is possible), until it enters
//!    the rings; then down the rings, one ring per step, to the target. Every state of `B`
//!    reaches the target, so the walk is never stuck; it may circle, so it ends when it
//!    revisits a state or after [`QuickPaths::max_walk`] steps, and breadth-first search
//!    inside `B` finishes from where it stopped.
//!
//! Every step is a step of the product found by a label's image, so the path is a real path
//! whatever the search does; only its length is not the least. It is a deterministic function
//! of its arguments (the walks of the lasso extraction rely on that to close a cycle).

use std::collections::HashSet;

use oxidd::bdd::BDDFunction;
use oxidd::BooleanFunction;

use super::product::Product;
use crate::error::{Error, Result};
use crate::limits::Budget;
use crate::model::LabelId;
use crate::symbolic::encoding::minus;
use crate::symbolic::shortest::{label_of, path, pick, Layers, Point};
use crate::symbolic::Relation;

/// The parameters of [`quick_path`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuickPaths {
    /// Breadth-first layers first (step 1 of the module doc).
    pub bfs_layers: usize,
    /// Backward layers around the target (step 2).
    pub rings: usize,
    /// The longest walk (step 3).
    pub max_walk: usize,
}

impl Default for QuickPaths {
    /// On RERS 2017 problem 113 (prefixes of about 1,050 steps), the walk met 8 rings after
    /// about 1,110 steps, 16 after about 1,100, 64 after about 1,030; 64 rings cost seconds.
    /// The walks there need about 1,100 steps; a walk costs 0.2 to 0.4 ms a step.
    fn default() -> Self {
        QuickPaths {
            bfs_layers: 64,
            rings: 8,
            max_walk: 1 << 13,
        }
    }
}

fn internal(what: &str) -> Error {
    Error::Internal(format!("quick path: {what}"))
}

/// The step from `cur` to its successor `next`, with a label that takes it.
fn step(p: &Product, cur: &Point, next: Point, budget: &Budget) -> Result<(LabelId, Point)> {
    let labelled: Vec<(LabelId, &Relation)> = p.rels.iter().map(|(l, r)| (*l, r)).collect();
    let l = label_of(p.enc, labelled, cur, &next, budget)?;
    Ok((l, next))
}

fn meets(a: &BDDFunction, b: &BDDFunction) -> Result<bool> {
    Ok(a.and(b)?.satisfiable())
}

/// A path from `from` through states of `within` to a state of `target`, as (label, state
/// reached) steps: empty when `from` is in `target`, `None` when there is none. The shortest
/// when it has at most `q.bfs_layers` steps; not in general.
pub(crate) fn quick_path(
    p: &Product,
    from: &Point,
    within: &BDDFunction,
    target: &BDDFunction,
    q: &QuickPaths,
    budget: &Budget,
) -> Result<Option<Vec<(LabelId, Point)>>> {
    // 1. a few layers
    let mut layers = Layers::new(&from.cube);
    if let Some(d) = layers.first_meeting_within(p, within, target, q.bfs_layers, budget)? {
        let hit = pick(p.enc, &layers.layers[d].and(target)?)?;
        return Ok(Some(layers.path_to(p, d, hit, budget)?.1));
    }
    if layers.exhausted {
        return Ok(None);
    }
    drop(layers);
    let t0 = std::time::Instant::now();
    // 2. the states that reach `target`, and the rings around it
    let b = p.until(within, target, budget)?;
    if !meets(&from.cube, &b)? {
        return Ok(None);
    }
    let mut rings = vec![target.and(&b)?];
    let mut near = rings[0].clone();
    while rings.len() <= q.rings {
        let last = rings.last().ok_or_else(|| internal("no ring"))?;
        let next = minus(&p.pre(last, budget)?.and(&b)?, &near)?;
        budget.check(p.enc)?;
        if !next.satisfiable() {
            break;
        }
        near = near.or(&next)?;
        rings.push(next);
    }
    let t1 = t0.elapsed().as_secs_f64();
    // 3. the walk
    let mut cur = from.clone();
    let mut steps = Vec::new();
    let mut seen: HashSet<Vec<usize>> = HashSet::new();
    while !meets(&cur.cube, &near)? && steps.len() < q.max_walk && seen.insert(cur.values.clone()) {
        budget.phase("lasso (walk to a set)", steps.len() + 1);
        let img = p.post(&cur.cube, budget)?.and(&b)?;
        let close = img.and(&near)?;
        let set = if close.satisfiable() { close } else { img };
        let s = step(p, &cur, pick(p.enc, &set)?, budget)?;
        cur = s.1.clone();
        steps.push(s);
    }
    let walked = steps.len();
    if !meets(&cur.cube, &near)? {
        log::debug!("quick path: a walk of {walked} steps did not come near; BFS from there");
        let rest = path(p, &cur, &b, target, budget)?
            .ok_or_else(|| internal("a state that reaches the target does not"))?;
        steps.extend(rest);
        return Ok(Some(steps));
    }
    // down the rings
    let mut j = 0;
    while !meets(&cur.cube, &rings[j])? {
        j += 1;
    }
    for ring in rings[..j].iter().rev() {
        let img = p.post(&cur.cube, budget)?.and(ring)?;
        let s = step(p, &cur, pick(p.enc, &img)?, budget)?;
        cur = s.1.clone();
        steps.push(s);
    }
    log::debug!(
        "quick path: {} steps, a walk of {walked} into {} rings ({t1:.2} s) and down them \
         ({:.2} s)",
        steps.len(),
        rings.len(),
        t0.elapsed().as_secs_f64() - t1
    );
    Ok(Some(steps))
}
