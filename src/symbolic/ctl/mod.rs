//! Symbolic CTL with label modalities over all maximal paths (finite ones ending in a deadlock
//! included, as RERS Parallel CTL reads it): the truth of a formula by backward fixpoints on
//! the reachable states ([`fixpoints`]), and one replayable path of labels that shows the
//! verdict ([`witness`]), whose lasso part (a path that stays in a set forever) is [`lasso`].
//!
//! The two are split because they answer different questions on the same [`CtlChecker`]:
//! the fixpoints decide, the witness construction only explains a decided verdict and is run
//! when asked for (`--witness`).

pub mod fixpoints;
mod lasso;
pub mod witness;

pub use fixpoints::{check_ctl, eval, CtlChecker};
pub use witness::{CtlEvidence, CtlShortness, EvidenceKind};
