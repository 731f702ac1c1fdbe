//! Shorter counterexample lassos: the shortest path to the cycle found, then the shortest
//! accepting cycle through the state it reaches.
//!
//! [`super::lasso::extract`] finds *a* lasso cheaply: its prefix is a shortest path to the fair
//! set, then walks, wanders and back paths that close a cycle somewhere; on the RERS 2017
//! systems the cycle is entered a hundred steps after the violation. Given that lasso:
//! 1. a breadth-first search from the initial product state to the set of the cycle's states
//!    (a few thousand cubes at most) gives the shortest path to the cycle, ending in a cycle
//!    state `s`;
//! 2. a breadth-first search from `s` inside the fair set over pairs (product state, the
//!    acceptance sets met so far), an edge of set `i` adding `i`, finds the shortest cycle
//!    through `s` that takes an edge of every set (Clarke, Grumberg, Hamaguchi's witness
//!    construction bounds each segment; here the whole cycle is one search, so its length is
//!    minimal up to edges that are in several sets at once, which count for one). The old cycle
//!    turned to start at `s` is such a cycle, so the search ends within its length.
//!
//! Each step runs within a slice of work and only up to a depth ([`PREFIX_DEPTH`],
//! [`CYCLE_DEPTH`]): past them the prefix or the cycle is kept as found (the cycle turned to
//! start at `s`). Nothing here decides a verdict: the lasso is
//! replayed like any other before it is reported.

use oxidd::bdd::BDDFunction;
use oxidd::BooleanFunction;

use super::lasso::{cube_of, path, pick, state_of, Lasso, Point, ProductState};
use super::product::Product;
use crate::error::{Error, Result};
use crate::limits::Budget;
use crate::model::LabelId;
use crate::symbolic::encoding::oom;

/// The most acceptance sets whose combinations step 2 tracks (2^6 sets of product states per
/// layer); an automaton with more keeps its cycle as found.
const MAX_ACC: usize = 6;

/// The work of step 1, in BDD nodes created.
const PREFIX_WORK: usize = 1 << 21;

/// Step 1 runs only for prefixes up to this long: each layer of its search costs an image by
/// every cluster, however few nodes it makes. On RERS 2017 problem 112 (2^48 states) the
/// prefixes of 672–736 steps are wanders of the extraction, yet the cycles lie that deep: the
/// search took 0.9–3.1 s per counterexample (13 s per file, the file 22 s) and never came out
/// shorter. Deterministic, unlike a share of the time: the same input gives the same lasso.
const PREFIX_DEPTH: usize = 300;

/// The work of step 2, in BDD nodes created.
const CYCLE_WORK: usize = 1 << 23;

/// Step 2 runs only for cycles up to this long, for the reason of [`PREFIX_DEPTH`]. RERS 2017
/// problem 113 follows the system's own cycle of 1,009 steps (three times over where the
/// automaton needs it): searching all 20 properties' cycles took the counterexamples from 22
/// to 59 s.
const CYCLE_DEPTH: usize = 300;

fn internal(what: &str) -> Error {
    Error::Internal(format!("lasso shortening: {what}"))
}

fn values_of(p: &Product, s: &ProductState) -> Vec<usize> {
    let mut v = vec![0; p.enc.blocks.len()];
    for (c, &b) in p.enc.block_of_comp.iter().enumerate() {
        v[b] = s.system[c] as usize;
    }
    v[p.aut_block] = s.aut;
    v
}

/// `lasso`, with the shortest path to its cycle and the shortest accepting cycle through the
/// state that path reaches (see the module doc). `reach` is the set the prefix search ranges
/// over (closed under steps, holding the initial state), `fair` the fair set the cycle stays in.
pub(crate) fn shorten(
    p: &Product,
    reach: &BDDFunction,
    fair: &BDDFunction,
    num_acc: usize,
    lasso: Lasso,
    budget: &Budget,
) -> Result<Lasso> {
    let k = lasso.prefix.len();
    let enc = p.enc;
    let t0 = std::time::Instant::now();
    // 1. the shortest path to the cycle
    let cycle_values: Vec<Vec<usize>> = lasso.states[k..].iter().map(|s| values_of(p, s)).collect();
    let mut on_cycle = enc.f();
    for v in &cycle_values {
        on_cycle = on_cycle.or(&cube_of(enc, v)?).map_err(oom)?;
    }
    let init = pick(enc, &p.init)?;
    let attempt = budget.slice(enc, PREFIX_WORK);
    // the cycle lies in the fair set: a prefix as short as the path to that set is shortest
    let search = if k > lasso.to_fair && k <= PREFIX_DEPTH {
        budget.unless_sliced(path(p, &init, reach, &on_cycle, &attempt))?
    } else {
        None
    };
    let (mut labels, mut states, s) = match search {
        Some(Some(steps)) => {
            let s = steps.last().map_or(init.clone(), |(_, t)| t.clone());
            let mut states = vec![state_of(p, &init.values)];
            states.extend(steps.iter().map(|(_, t)| state_of(p, &t.values)));
            (steps.into_iter().map(|(l, _)| l).collect(), states, s)
        }
        Some(None) => return Err(internal("the cycle is not reachable")),
        None => {
            if k > lasso.to_fair {
                log::debug!("lasso: no shorter prefix within {PREFIX_WORK} nodes of work");
            }
            let s = Point {
                cube: cube_of(enc, &cycle_values[0])?,
                values: cycle_values[0].clone(),
            };
            (lasso.prefix.clone(), lasso.states[..=k].to_vec(), s)
        }
    };
    let prefix_len = labels.len();
    let t1 = std::time::Instant::now();
    // 2. the shortest accepting cycle through s, or the old one turned to start there
    let attempt = budget.slice(enc, CYCLE_WORK);
    let found = if num_acc <= MAX_ACC && lasso.cycle.len() <= CYCLE_DEPTH {
        budget.unless_sliced(shortest_cycle(
            p,
            fair,
            num_acc,
            &s,
            lasso.cycle.len(),
            &attempt,
        ))?
    } else {
        None
    };
    match found {
        Some(cycle) => {
            for (l, t) in cycle {
                labels.push(l);
                states.push(state_of(p, &t.values));
            }
        }
        None => {
            if num_acc <= MAX_ACC && lasso.cycle.len() <= CYCLE_DEPTH {
                log::debug!("lasso: no shorter cycle within {CYCLE_WORK} nodes of work");
            }
            let j = cycle_values
                .iter()
                .position(|v| *v == s.values)
                .ok_or_else(|| internal("the prefix ends off the cycle"))?;
            let n = lasso.cycle.len();
            for i in 0..n {
                labels.push(lasso.cycle[(j + i) % n]);
                states.push(lasso.states[k + (j + i + 1) % n].clone());
            }
        }
    }
    let cycle = labels.split_off(prefix_len);
    log::debug!(
        "lasso shortened: prefix {k} -> {prefix_len} steps (at least {}; {:.2} s), cycle {} -> {} steps ({:.2} s)",
        lasso.to_fair,
        (t1 - t0).as_secs_f64(),
        lasso.cycle.len(),
        cycle.len(),
        t1.elapsed().as_secs_f64()
    );
    Ok(Lasso {
        prefix: labels,
        cycle,
        states,
        to_fair: lasso.to_fair,
    })
}

/// A shortest path of at least one step from `s` back to `s` inside `fair` that takes an edge
/// of every acceptance set, found within `max_len` steps (step 2 of the module doc).
fn shortest_cycle(
    p: &Product,
    fair: &BDDFunction,
    num_acc: usize,
    s: &Point,
    max_len: usize,
    budget: &Budget,
) -> Result<Vec<(LabelId, Point)>> {
    let enc = p.enc;
    let masks = 1usize << num_acc;
    let full = masks - 1;
    // layers[d][m]: states first reached in d steps having met the sets of m
    let mut start = vec![enc.f(); masks];
    start[0] = s.cube.clone();
    let mut seen = start.clone();
    let mut layers = vec![start];
    let depth = loop {
        let d = layers.len();
        budget.phase("lasso (shortest cycle, BFS layer)", d);
        if d > max_len {
            return Err(internal("no cycle within the length of the one found"));
        }
        let last = &layers[d - 1];
        let mut next = vec![enc.f(); masks];
        for (m, x) in last.iter().enumerate() {
            if !x.satisfiable() {
                continue;
            }
            let plain = p.post(x, budget)?.and(fair).map_err(oom)?;
            next[m] = next[m].or(&plain).map_err(oom)?;
            for i in 0..num_acc {
                let img = p.acc_clusters[i]
                    .post(enc, x, budget)?
                    .and(fair)
                    .map_err(oom)?;
                let to = m | 1 << i;
                next[to] = next[to].or(&img).map_err(oom)?;
            }
            budget.check(enc)?;
        }
        if next[full].and(&s.cube).map_err(oom)?.satisfiable() {
            break d;
        }
        for (m, n) in next.iter_mut().enumerate() {
            *n = seen[m].imp_strict(n).map_err(oom)?; // n ∧ ¬seen
            seen[m] = seen[m].or(n).map_err(oom)?;
        }
        layers.push(next);
    };
    // back from (s, full) at `depth`, one layer at a time
    let mut steps = Vec::with_capacity(depth);
    let (mut t, mut m) = (s.clone(), full);
    for e in (0..depth).rev() {
        let (l, from, m_from) = step_back(p, &t, m, &layers[e], num_acc, budget)?;
        steps.push((l, t));
        t = from;
        m = m_from;
    }
    if m != 0 || t.values != s.values {
        return Err(internal("the cycle does not start where it ends"));
    }
    steps.reverse();
    Ok(steps)
}

/// A predecessor of `(t, m)` in `layer`: by any edge from the same mask, or by an edge of set
/// `i` from a mask that lacked `i` or had it already.
fn step_back(
    p: &Product,
    t: &Point,
    m: usize,
    layer: &[BDDFunction],
    num_acc: usize,
    budget: &Budget,
) -> Result<(LabelId, Point, usize)> {
    for (l, rel) in &p.rels {
        let pre = rel.preimage(&t.cube)?.and(&layer[m]).map_err(oom)?;
        budget.check(p.enc)?;
        if pre.satisfiable() {
            return Ok((*l, pick(p.enc, &pre)?, m));
        }
    }
    for i in (0..num_acc).filter(|i| m >> i & 1 == 1) {
        for from in [m & !(1 << i), m] {
            for (l, rel) in &p.acc_rels[i] {
                let pre = rel.preimage(&t.cube)?.and(&layer[from]).map_err(oom)?;
                budget.check(p.enc)?;
                if pre.satisfiable() {
                    return Ok((*l, pick(p.enc, &pre)?, from));
                }
            }
        }
    }
    Err(internal("a layer has no predecessor"))
}
