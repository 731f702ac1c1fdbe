//! Saturation-style reachability on whole BDDs.
//!
//! Saturation (Ciardo, Lüttgen, Siminiceanu, "Saturation: an efficient iteration strategy for
//! symbolic state-space generation", TACAS 2001) fires events in the order of the variable
//! levels: an event whose topmost variable is at level k is fired only after everything below
//! level k is at its local fixpoint, and a node is *saturated* when no event at or below its level
//! adds states. The gain comes from never copying unsaturated sub-diagrams upwards.
//!
//! oxidd offers whole-function operations, so this is the level-ordered iteration that LTSmin
//! calls `sat-like` (Blom, van de Pol, "Symbolic reachability for process algebras with recursive
//! data types", ICTAC 2008; LTSmin `--saturation=sat-like`): the labels are grouped by the top
//! level they touch ([`Relation::top_level`](super::Relation)); groups are visited bottom-up,
//! each chained to its local fixpoint; when a group adds states, the iteration restarts at the
//! lowest group that has work, so lower groups are again saturated before higher ones fire.
//!
//! Each group keeps its own frontier: the states added since the group was last at its
//! fixpoint. A group fires only on those states, so revisiting a group after a higher one added
//! a few states costs images of those few states, not of the whole set.

use oxidd::bdd::BDDFunction;
use oxidd::BooleanFunction;

use super::encoding::{oom, BddResult};
use super::reach::{bottom_up, minus, Tracker};
use super::Encoding;

/// The labels grouped by top level, lowest group (largest level) first.
fn groups(enc: &Encoding) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut last = None;
    for l in bottom_up(enc) {
        let top = enc.labels[l].top_level;
        if last != Some(top) {
            groups.push(Vec::new());
            last = Some(top);
        }
        if let Some(g) = groups.last_mut() {
            g.push(l);
        }
    }
    groups
}

/// The reachable states by saturation-style iteration.
pub(crate) fn saturate(enc: &Encoding, t: &mut Tracker) -> BddResult<BDDFunction> {
    let groups = groups(enc);
    let mut reach = enc.initial.clone();
    // todo[g]: states of `reach` that group g has not been applied to
    let mut todo: Vec<BDDFunction> = vec![reach.clone(); groups.len()];
    let mut k = 0;
    while k < groups.len() {
        if !todo[k].satisfiable() {
            k += 1;
            continue;
        }
        t.counters.iterations += 1;
        // chain the group to its local fixpoint, starting from its frontier
        let mut frontier = std::mem::replace(&mut todo[k], enc.f());
        let mut added = enc.f();
        loop {
            let mut found = enc.f();
            for &l in &groups[k] {
                let img = enc.labels[l].image(&frontier)?;
                let new = minus(&img, &reach)?;
                t.image_done(&reach)?;
                if new.satisfiable() {
                    reach = reach.or(&new).map_err(oom)?;
                    frontier = frontier.or(&new).map_err(oom)?;
                    found = found.or(&new).map_err(oom)?;
                }
            }
            if !found.satisfiable() {
                break;
            }
            added = added.or(&found).map_err(oom)?;
            frontier = found;
        }
        if added.satisfiable() {
            for (g, td) in todo.iter_mut().enumerate() {
                if g != k {
                    *td = td.or(&added).map_err(oom)?;
                }
            }
            // lower groups must see the new states before anything higher fires
            k = 0;
        } else {
            k += 1;
        }
    }
    Ok(reach)
}
