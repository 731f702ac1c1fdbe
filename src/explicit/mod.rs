//! The explicit-state engine: the test oracle for everything symbolic.
//!
//! Written to be obviously right rather than fast: the successor relation is read off the model
//! literally ([`graph::successors`]; the searches call an index of it, `index.rs`, which finds
//! the same moves in the same order with less work and is tested equal to it on random
//! systems), the reachable state graph is built by breadth-first search, and the temporal logics are checked on that graph by algorithms derived from the definitions
//! over paths ([`ctl`], [`ltl`]), never from the fixpoint equations the symbolic engine uses.

pub mod backward;
pub mod ctl;
pub mod graph;
mod guide;
pub mod hunt;
mod index;
pub mod ltl;
pub mod probe;
mod product;
pub mod scc;
pub mod shorten;
pub mod spin;
mod walk;

pub use ctl::{check_ctl, eval_ctl};
pub use graph::{reach, replay_trace, successors, Edge, ReachStats, StateGraph};
pub use ltl::{find_accepting_lasso, holds_on_lasso, replay_lasso, Lasso};
pub use spin::{find_spin_violation, SpinViolation};

/// The random systems the unit tests of the index and the probe draw: 4 components of 5 states,
/// 9 transitions each, half the labels shared, deadlocks on even seeds.
#[cfg(test)]
fn small_random(seed: u64) -> crate::model::System {
    crate::gen::random(&crate::gen::RandomSpec {
        components: 4,
        states_per_component: 5,
        transitions_per_component: 9,
        share_rate: 0.5,
        deadlocks: seed.is_multiple_of(2),
        seed,
    })
    .expect("a valid random spec")
}
