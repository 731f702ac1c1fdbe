//! The shares of work in the race of [`super::run::LtlRun`]: what part of each slice the forward
//! probe, the Emerson-Lei fixpoint inside the probe's states and the backward Emerson-Lei
//! fixpoint get, and the first turn of the race of the two fixpoints on the reachable product
//! states once the probe has found them.
//!
//! Slices count BDD nodes created, not time, so that the same input always races the same way
//! and every verdict, profile and counterexample is reproducible (see
//! [`crate::limits::Budget::slice`]). A node does not cost the same time on every side (a
//! backward closure's 1.2-1.8 times one of the probe's on the RERS files with exact reachable
//! states; docs/benchmarks.md, "Shares of the race on exact states"): the shares are where that
//! is weighed.
//!
//! Slices double, each side resumed where it stopped, so the loser's work is bounded by a
//! multiple of the winner's: with the shares `a` (the winner's) and `b` (the loser's) of every
//! slice, the loser has done at most about `2b/a` times the winner's work, less when it runs
//! after the winner in the slice (the backward fixpoint runs after the probe).

/// The probe and the fixpoint inside its states split this fraction of every slice on exact
/// reachable states, a half of it each ([`probe_work`]): where the probe wins, it wins early (a sink close to the initial state, a
/// small product). A half rather than a quarter: the probe that finds the reachable product
/// states sooner hands the rest to the fixpoints inside them sooner (docs/benchmarks.md, "Probe
/// and fixpoint race").
const PROBE_SHARE: usize = 2;

/// The probe's fraction when the space is the projections' over-approximation (`SystemCtx::exact`
/// false): the backward fixpoint there works among unreachable states, and the probe, which
/// finds the reachable product states, is what lets it stop doing so (docs/benchmarks.md, "Probe
/// and fixpoint race").
const PROBE_SHARE_OVER: usize = 1;

/// The backward fixpoint's fraction of each slice while the probe runs on exact reachable states:
/// with [`PROBE_SHARE`], the probe, the fixpoint inside its states and the backward fixpoint get
/// a quarter each. A race the probe wins then costs the backward fixpoint less than the probe's
/// own work (it runs after the probe in each slice), one the backward fixpoint wins costs the
/// probe and the fixpoint inside its states at most about twice its work each. With the whole
/// slice (four times the probe's part, before 2026-11-27) the backward closures of the RERS files
/// whose probe takes several slices wasted most of their time among unreachable states (2016 115:
/// 17.6 of 29.5 s wall of its search), while the backward fixpoint decided before the probe had
/// completed only in the first slices (2016 110 #7, #13, #14, 2017 109 #17; docs/benchmarks.md,
/// "Shares of the race on exact states").
const BACKWARD_SHARE: usize = 4;

/// The backward fixpoint's fraction of each slice while the probe runs on the over-approximation:
/// there the probe decides nearly every property (RERS 2016 119 and 2017 108: 27-31 -> 16-19 s
/// CPU each; 108 #9 and #16, decided by the backward fixpoint in its first slices, 0.3-0.5 s
/// either way), and one only it decides costs at most some sixteen times its own work
/// (docs/benchmarks.md, "Where 2016 119 and 2017 108 spend their time").
const BACKWARD_SHARE_OVER: usize = 16;

/// The first turn of each fixpoint in their race on the reachable product states
/// ([`super::ExactFixpoint::Race`]), as this fraction of the first slice: the backward fixpoint
/// goes first, and a turn of a whole slice made it spend that where the forward one then decided
/// at once (RERS 2017 105 #13: 271 k nodes of backward turn, then the forward fixpoint in 279;
/// 2016 119 #1, #13, #18, 2016 115 #15 alike); turns that double from a smaller one cost little
/// more where the backward one wins (2017 112; docs/benchmarks.md, "Shares of the race on exact
/// states").
const RACE_TURN_FRACTION: usize = 16;

/// The work, in nodes, of the probe in a slice of `slice` nodes, and as much of the fixpoint
/// inside its states; `exact` is [`crate::symbolic::context::SystemCtx::exact`].
pub(super) fn probe_work(slice: usize, exact: bool) -> usize {
    let share = if exact { PROBE_SHARE } else { PROBE_SHARE_OVER };
    (slice / share / 2).max(1)
}

/// The work of the backward fixpoint in a slice of `slice` nodes while the probe runs.
pub(super) fn backward_work(slice: usize, exact: bool) -> usize {
    let share = if exact {
        BACKWARD_SHARE
    } else {
        BACKWARD_SHARE_OVER
    };
    (slice / share).max(1)
}

/// The first turn of each fixpoint in their race on the reachable product states, for a race
/// whose first slice is `first_slice` nodes.
pub(super) fn first_turn(first_slice: usize) -> usize {
    (first_slice / RACE_TURN_FRACTION).max(1)
}
