//! The symbolic (BDD) engine: the encoding of a system, reachability, LTL and CTL.

mod approx;
pub mod budget;
pub mod cluster;
mod constrained;
pub mod ctl;
pub mod ctl_witness;
pub mod encoding;
pub mod lasso;
pub mod ltl;
pub mod order;
pub mod reach;
pub mod saturation;
mod slices;
pub mod spin;
pub mod stats;

pub use budget::Budget;
pub use ctl::{check_ctl, CtlChecker};
pub use ctl_witness::{CtlEvidence, EvidenceKind};
pub use encoding::{Block, Encoding, ManagerOptions, Relation};
pub use order::OrderSpec;
pub use reach::{reach_with, reachable, run_reach, Strategy};
pub use stats::{ReachCounters, ReachStats};
