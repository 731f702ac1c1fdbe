//! The symbolic (BDD) engine: the encoding of a system, reachability, LTL and CTL.

pub mod budget;
pub mod encoding;
pub mod lasso;
pub mod ltl;
pub mod reach;

pub use budget::Budget;
pub use encoding::{Block, Encoding, ManagerOptions, Relation};
