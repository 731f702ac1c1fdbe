//! The loop at the heart of every saturation-style closure: chain a list of events to their
//! local fixpoint on one set, each round firing every event on the states not yet stepped
//! from, the states an event adds visible at once to the events after it.
//!
//! This is chaining (Roig, Cortadella, Pastor, ICATPN 1995; see [`super::chaining`]) applied
//! to one group of events instead of all labels. The level-ordered iteration
//! ([`super::level_ordered`]) runs it per group of labels, Ciardo's saturation
//! ([`super::saturation`]) per block on every sub-diagram, constrained saturation
//! ([`super::constrained`]) inside a constraint; what differs is only what a step of an event
//! is, which the caller passes as `fire`. Written once so that the three cannot drift apart.

use oxidd::bdd::BDDFunction;
use oxidd::BooleanFunction;

use crate::symbolic::encoding::{minus, BddResult};

/// Chains `events` to their local fixpoint on `set`, starting from `frontier` (the states of
/// `set` not yet stepped from): each round fires every event on the frontier, in order, and
/// the states it adds join `set` and the frontier at once, so later events of the round see
/// them; the next round's frontier is what the round added. `fire(e, frontier, set)` gives
/// the states a step of `e` leads to (after whatever the caller does to them; those already
/// in `set` are dropped here). Returns the states added. The inner loop of
/// the level-ordered iteration ([`super::level_ordered`]) and of both saturations
/// ([`super::saturation`], [`super::constrained`]).
pub(crate) fn chain<E: Copy>(
    set: &mut BDDFunction,
    mut frontier: BDDFunction,
    events: &[E],
    mut fire: impl FnMut(E, &BDDFunction, &BDDFunction) -> BddResult<BDDFunction>,
) -> BddResult<BDDFunction> {
    // What a round and the whole loop added are differences taken once, at their ends, not
    // unions taken at every productive step.
    let start = set.clone();
    loop {
        let before = set.clone();
        for &e in events {
            let new = minus(&fire(e, &frontier, set)?, set)?;
            if new.satisfiable() {
                *set = set.or(&new)?;
                frontier = frontier.or(&new)?;
            }
        }
        if *set == before {
            return minus(set, &start);
        }
        frontier = minus(set, &before)?;
    }
}
