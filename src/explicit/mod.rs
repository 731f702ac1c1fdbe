//! The explicit-state engine: the test oracle for everything symbolic.
//!
//! Written to be obviously right rather than fast: the successor relation is read off the model
//! literally ([`graph::successors`]), the reachable state graph is built by breadth-first search,
//! and the temporal logics are checked on that graph by algorithms derived from the definitions
//! over paths ([`ctl`], [`ltl`]), never from the fixpoint equations the symbolic engine uses.

pub mod backward;
pub mod ctl;
pub mod graph;
mod index;
pub mod ltl;
pub mod probe;
pub mod scc;
pub mod spin;

pub use ctl::{check_ctl, eval_ctl};
pub use graph::{reach, replay_trace, successors, Edge, ReachStats, StateGraph};
pub use ltl::{find_accepting_lasso, holds_on_lasso, replay_lasso, Lasso};
pub use spin::{find_spin_violation, SpinViolation};
