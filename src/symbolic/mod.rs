//! The symbolic (BDD) engine: the encoding of a system, reachability, LTL and CTL.

pub mod cluster;
pub mod context;
pub mod ctl;
pub mod encoding;
pub mod ltl;
pub mod order;
pub mod reach;

pub use context::{AutPosition, Space, SystemCtx};
pub use ctl::{check_ctl, CtlChecker, CtlEvidence, EvidenceKind};
pub use encoding::{Block, Encoding, ManagerOptions, Relation};
pub use order::OrderSpec;
pub use reach::{reach_with, reachable, run_reach, ReachCounters, ReachStats, Strategy};
