//! The symbolic (BDD) engine: the encoding of a system, reachability, LTL and CTL.
//!
//! Beside this file: the encoding ([`encoding`]: blocks, one relation per label), variable
//! orders ([`order`]), relations merged into clusters ([`cluster`]), the per-file system
//! context of LTL ([`context`]) and dynamic reordering by group sifting ([`reorder`]). Below
//! it, one folder per engine: [`reach`] (one file per strategy), [`ltl`] (product,
//! Emerson-Lei, probe, lasso) and [`ctl`] (fixpoints, witnesses).
//! Resource limits come from [`crate::limits`].

pub mod cluster;
pub mod context;
pub mod ctl;
pub mod encoding;
pub mod ltl;
pub mod manager;
pub mod order;
pub mod order_ltl;
pub mod reach;
pub mod reorder;
pub(crate) mod shorter;
pub(crate) mod shortest;
#[cfg(test)]
mod shortest_layers_test;

pub use context::{AutPosition, Space, SystemCtx};
pub use ctl::{check_ctl, CtlChecker, CtlEvidence, EvidenceKind};
pub use encoding::{Block, Encoding, Relation};
pub use manager::ManagerOptions;
pub use order::OrderSpec;
pub use reach::{reach_with, reachable, run_reach, ReachCounters, ReachStats, Strategy};
