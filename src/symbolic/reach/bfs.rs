//! Breadth-first reachability: each step takes the union of every label's image of the
//! frontier, `F := (⋃_l image_l(F)) \ R` until no new state appears.
//!
//! The textbook symbolic fixpoint (Burch, Clarke, McMillan, Dill, Hwang, "Symbolic model
//! checking: 10^20 states and beyond", LICS 1990), over a relation partitioned per label. It
//! gives exact BFS layers, but its intermediate unions are large and its iterations as many as
//! the longest shortest path: on the RERS problems it is the slowest strategy by far (about
//! twenty times slower than saturation on 2017 problem 110 in its given order,
//! `bench-data/results/reach.csv`). Kept as the baseline and as an independent
//! computation of the same set.

use oxidd::bdd::BDDFunction;
use oxidd::BooleanFunction;

use super::tracker::Tracker;
use crate::symbolic::encoding::{minus, BddResult, Encoding};

/// Breadth-first: `F := (⋃_l image_l(F)) \ R` until empty.
/// From `start`, a set of reachable states that holds the initial state.
pub(crate) fn bfs(enc: &Encoding, t: &mut Tracker, start: &BDDFunction) -> BddResult<BDDFunction> {
    let mut reach = start.clone();
    let mut frontier = reach.clone();
    loop {
        t.counters.iterations += 1;
        let mut next = enc.f();
        for r in &enc.labels {
            let img = t.image(r, &frontier)?;
            next = next.or(&img)?;
            t.image_done(&reach)?;
        }
        let new = minus(&next, &reach)?;
        if !new.satisfiable() {
            return Ok(reach);
        }
        reach = reach.or(&new)?;
        frontier = new;
    }
}
