//! Chaining (Roig, Cortadella, Pastor, "Verification of asynchronous circuits by BDD-based
//! model checking of Petri nets", ICATPN 1995): within one sweep the labels are applied one
//! after another, each to the states found so far, so a label sees the successors its
//! predecessors in the sweep just produced.
//!
//! Labels are taken bottom-most first (`bottom_up`), which lets low, cheap labels close the
//! local behaviour before the high ones copy it upwards. `chain` takes each label's image of
//! the sweep's *frontier* (the states not yet expanded by every label); `chain_full` of the
//! whole set found so far (the baseline's scheme). Fewer sweeps than BFS has iterations, and
//! no union of all images at once; slower than saturation on the RERS problems (about ten
//! times on 2017 problem 110 in its given order, `bench-data/results/reach.csv`).

use oxidd::bdd::BDDFunction;
use oxidd::BooleanFunction;

use super::tracker::Tracker;
use crate::symbolic::encoding::{bottom_up, minus, BddResult, Encoding};

/// Chaining with frontiers. Invariant at the start of a sweep: every state of `reach` outside
/// `frontier` has all its successors in `reach`. Each label is applied to the frontier plus the
/// states this sweep found so far; states found after a label was applied are the next
/// sweep's frontier.
/// From `start`, a set of reachable states that holds the initial state.
pub(crate) fn chain(
    enc: &Encoding,
    t: &mut Tracker,
    start: &BDDFunction,
) -> BddResult<BDDFunction> {
    let labels = bottom_up(enc);
    let mut reach = start.clone();
    let mut frontier = reach.clone();
    loop {
        t.counters.iterations += 1;
        let mut found = enc.f();
        for &l in &labels {
            let r = &enc.labels[l];
            let img = t.image(r, &frontier)?;
            let new = minus(&img, &reach)?;
            t.image_done(&reach)?;
            if new.satisfiable() {
                reach = reach.or(&new)?;
                frontier = frontier.or(&new)?;
                found = found.or(&new)?;
            }
        }
        if !found.satisfiable() {
            return Ok(reach);
        }
        frontier = found;
    }
}

/// Chaining on the whole set: every label's image is taken of everything found so far.
/// From `start`, a set of reachable states that holds the initial state.
pub(crate) fn chain_full(
    enc: &Encoding,
    t: &mut Tracker,
    start: &BDDFunction,
) -> BddResult<BDDFunction> {
    let labels = bottom_up(enc);
    let mut reach = start.clone();
    loop {
        t.counters.iterations += 1;
        let before = reach.clone();
        for &l in &labels {
            let img = t.image(&enc.labels[l], &reach)?;
            reach = reach.or(&img)?;
            t.image_done(&reach)?;
        }
        if reach == before {
            return Ok(reach);
        }
    }
}
