//! The symbolic (BDD) engine: the encoding of a system, reachability, LTL and CTL.

pub mod budget;
pub mod ctl;
pub mod ctl_witness;
pub mod encoding;
pub mod reach;

pub use budget::Budget;
pub use ctl::{check_ctl, CtlChecker};
pub use ctl_witness::{CtlEvidence, EvidenceKind};
pub use encoding::{Block, Encoding, ManagerOptions, Relation};
