//! Symbolic LTL model checking: the product of the system with a transition-based generalised
//! Büchi automaton (TGBA) of the *negated* property, and a fair-cycle search by the Emerson-Lei
//! fixpoint.
//!
//! E. A. Emerson and C.-L. Lei, "Modalities for model checking: branching time logic strikes
//! back", POPL 1985 / Science of Computer Programming 8(3), 1987. Their fixpoint
//! `νZ. ⋀ᵢ EX E[Z U (Z ∧ Fᵢ)]` characterises the states that start a path visiting every fairness
//! set `Fᵢ` infinitely often; we use its form for acceptance on *edges* (see `emerson_lei.rs`).
//!
//! Why this shape:
//! * The automaton state is one more block of the encoding ([`Block::Extra`](crate::symbolic::Block::Extra) named `aut`), so
//!   product relations are ordinary [`Relation`](crate::symbolic::Relation)s: for a system label `l` read as letter `σ`,
//!   `rel_l ∧ A_σ` with `A_σ = ⋁ { aut = q ∧ aut' = q' | q -σ-> q' }`, over `l`'s support plus the
//!   automaton block. Relations stay partitioned per label (no monolithic relation), exactly as
//!   for reachability.
//! * Acceptance sits on automaton edges. For each acceptance set `i` we keep, per label, the
//!   sub-relation `rel_l ∧ A_σ,i` of the edges in set `i`; `Pre_i(Z)` is the union of their
//!   preimages.
//! * A RERS property file has 20 formulas over one system. [`SystemCtx`] builds the encoding
//!   (with an automaton block large enough for every automaton of the file) and the system's
//!   reachable set **once**; each property then only builds its product relations on the same
//!   manager. oxidd appends variables at the bottom of the order and cannot insert a block later,
//!   which is why the automaton block is created up front.
//!
//! One algorithm per file: the product and its closures (`product.rs`), the product with an
//! automaton over valuations of state propositions (the MCC's LTL, `states.rs`), the closures cut by
//! automaton state (`slices.rs`), the Emerson-Lei fixpoint (`emerson_lei.rs`), the forward
//! probe (`probe.rs`), the forward fair-cycle fixpoint on the reachable product states the probe
//! found (`forward.rs`), the counterexample lasso ([`lasso`]) and its shortening (`shorten.rs`),
//! SPIN's reading of the RERS Promela files ([`spin`]), and the check of one property that
//! races the probe against the fixpoint and resumes after a limit ([`run`]), its shares of work
//! (`shares.rs`). The system context
//! they all work on is [`crate::symbolic::context`].
//!
//! [`SystemCtx`]: crate::symbolic::context::SystemCtx
//! * Only infinite traces count: a product state without successors is removed by `Z ∧ Pre(Z)`,
//!   so deadlocks never make a property false.

pub(crate) mod emerson_lei;
pub(crate) mod forward;
pub mod lasso;
pub(crate) mod local_cycles;
pub(crate) mod probe;
pub(crate) mod product;
pub mod quick_path;
pub mod run;
pub(crate) mod shares;
pub mod shorten;
pub(crate) mod slices;
pub mod spin;
pub mod states;

pub use lasso::{Bound, CycleAmong, Lasso, ProductState, Shortness};
pub use product::letter_of_label;
pub use quick_path::QuickPaths;
pub use run::{
    check_ltl, check_ltl_once, check_ltl_with, ExactFixpoint, LtlOptions, LtlResult, LtlRun,
    LtlStats, Universe,
};
pub use shorten::BadPrefixes;
pub use states::STUTTER;
