//! The options of `ltsym check` as the library takes them.

use std::sync::Arc;
use std::time::Instant;

use crate::error::Result;
use crate::limits::Budget;
use crate::memory::MemoryLimit;
use crate::model::factor::Factored;
use crate::model::CompId;
use crate::parse::order::read_order;
use crate::progress::Progress;
use crate::symbolic::context::{AutPosition, Space};
use crate::symbolic::order::{repair_poor, OrderSpec};
use crate::symbolic::reach::Strategy;
use crate::symbolic::reorder::ReorderMode;
use crate::symbolic::ManagerOptions;

/// Which engine answers. The default is [`Engine::Auto`], for the library as for `ltsym
/// check` (measured: docs/compositional.md, "All 35 RERS 2016/2017 LTL files"); `ltsym mcc`
/// names its own default, and [`crate::mcc::MccOptions`] says [`Engine::Symbolic`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Engine {
    /// BDDs: large systems.
    Symbolic,
    /// Explicit states: small systems; the test oracle.
    Explicit,
    /// Both, and an internal error when they disagree.
    Both,
    /// Per property: hide the labels it does not name, minimise each component, compose them
    /// in a smart order, minimising as it goes, and check the small result explicitly (LTL
    /// under the RERS reading; `check` only); the symbolic engine where the composition stays
    /// too large.
    Compositional,
    /// The default. LTL under the RERS reading, per property: the compositional engine where
    /// its compositions stay small, else a bounded explicit hunt for a counterexample (which
    /// proves a property whose product it explores whole), else a structural proof of truth
    /// (linear arithmetic, an exactly checked certificate), else walks for a long
    /// counterexample, else the symbolic engine (on the whole system, for all such properties
    /// at once); a counterexample asked for is the deciding engine's made shorter, and with
    /// --shortest a property found violated goes to the symbolic engine too, which gives the
    /// proved shortest one. The choice is logged with -v and named in the JSON report. CTL and
    /// the SPIN reading: the symbolic engine
    #[default]
    Auto,
}

/// Whether each component's start marker is a step of the trace (LTL only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum StartSteps {
    /// Traces start in the start states (RERS 2017 and later; also right for 2016, see
    /// docs/semantics.md, "The start marker").
    #[default]
    Skip,
    /// Each component first takes a silent local step into its start state.
    ///
    /// As the RERS 2016 text reads: "automaton-internal transitions with an empty label are
    /// included".
    Trace,
}

/// How an LTL formula reads the runs of the system.
/// The product states the explicit hunt of `--engine auto` may find per property before it
/// gives the property to the other engines ([`crate::explicit::hunt`]). The violations it finds
/// on the RERS files it finds within a few thousand states (all but one, 2017/113 #3 after
/// 42,688), and each property it does not find costs the time of the bound (about 3 µs a
/// state): docs/benchmarks.md, "A bounded explicit hunt for violations".
pub const HUNT_MAX_STATES: usize = 10_000;

/// The work (product states taken, and visited by its searches for a cycle) of the guided hunt
/// of `--engine auto` per property, tried before the plain one of [`HUNT_MAX_STATES`]
/// ([`crate::explicit::hunt::hunt_lasso_guided`]): on the 35 RERS files it finds 147 of the
/// 169 violations that reach the hunt within 10,000 states (the median within 420), the plain
/// hunt 57; docs/benchmarks.md, "A guided hunt for violations".
pub const HUNT_GUIDED_STATES: usize = 10_000;

/// The steps of the walks ([`crate::explicit::hunt::hunt_lasso_walks`]) of `--engine auto` per
/// property, tried after the guided and the plain hunt: they find the violations whose lassos
/// are long (2017/113 #2, #5, #7, #11: prefixes of ~1,600 steps, cycles of 1,009; within
/// 2,700–5,300 steps each), and every property that reaches them and holds pays them (20,000
/// cost 2016/119, 2016/117 3–4 s more); docs/benchmarks.md, "Walks for long lassos".
pub const HUNT_WALK_STEPS: usize = 6_000;

/// The nodes each search of the explicit shortening of a counterexample may visit under
/// `--engine auto` with `--witness` and without `--shortest` ([`crate::explicit::shorten`]):
/// the prefix's search (product states) and the cycle's (product states × acceptance sets
/// met). docs/evidence.md, "The shortest evidence", has the figures.
pub const EXPLICIT_SHORTEN_STATES: usize = 20_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum LtlSemantics {
    /// RERS: the word of a run is its labels; only infinite runs count (a deadlock never
    /// violates a property).
    #[default]
    Rers,
    /// SPIN on the RERS Promela files (the RERS 2018 Promela track): the word starts with a
    /// position before any label where no atom holds (`lastAction == nop`), and a run that
    /// ends in a deadlock counts, its last position repeated forever.
    ///
    /// Formulas with X are refused: between two labels the Promela encoding takes a varying
    /// number of steps that keep `lastAction`, so SPIN's X reads those, not the next label
    /// (see [`crate::explicit::spin`]).
    Spin,
}

impl LtlSemantics {
    /// Its name in the reports (`ltl_semantics` in JSON) and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            LtlSemantics::Rers => "rers",
            LtlSemantics::Spin => "spin",
        }
    }
}

/// The largest composition the compositional engine builds for a property before the symbolic
/// engine takes over (the default of [`CheckOptions::compose_max_states`]).
pub const MAX_COMPOSED_STATES: usize = 200_000;

/// `--engine auto`: the work (states and transitions of the compositions made, see
/// [`crate::compose::smart::Bounds::max_work`]) the compositional engine may spend on one
/// property before it goes to the symbolic engine (the default of
/// [`CheckOptions::auto_compose_work`]); and once the properties given up so have cost this
/// many times as much in all, the rest of the file goes to the symbolic engine at once. One
/// allowance, so that as a rule the first property given up ends the attempts: once one
/// property needs the symbolic engine, its reachability is paid, and the compositional
/// engine pays only where it is cheaper than the symbolic engine's search of a property
/// (tenths of a second on the medium RERS problems, about 120,000 of work). Why these
/// figures: docs/compositional.md, "`check --engine auto`" (all 35 RERS 2016/2017 LTL files
/// with 30,000 to 2,000,000).
pub const AUTO_COMPOSE_WORK: usize = 120_000;
pub const AUTO_GIVE_UP_FACTOR: usize = 1;

/// The options of a check. The symbolic engine's own (`strategy`, `order`, `manager`,
/// `aut_position`, `space`, `factor`) apply to the properties the symbolic engine checks: under
/// [`Engine::Auto`], the default, not to those the compositional engine answers. A caller that
/// means them for every property says [`Engine::Symbolic`]; `ltsym check` does when one of them
/// is given on its command line and `--engine` is not (`src/cli/check.rs`).
#[derive(Clone, Debug)]
pub struct CheckOptions {
    pub engine: Engine,
    pub strategy: Strategy,
    pub order: OrderSpec,
    /// Print counterexamples and witnesses.
    pub witness: bool,
    /// With `witness` under `--engine auto`: the symbolic engine's shortest counterexample for
    /// every violated LTL property, also those the explicit hunt or the compositional engine
    /// decided (decided again symbolically). Without it, their lassos are made shorter on the
    /// explicit product only (`explicit/shorten.rs`; docs/evidence.md).
    pub shortest: bool,
    /// With `witness`: the symbolic engine shortens its counterexamples itself (`shorten.rs`,
    /// the shortest of docs/evidence.md) rather than leaving them to the explicit shortening
    /// ([`crate::explicit::shorten`]). `--engine auto` turns it off unless `shortest`.
    pub symbolic_shortening: bool,
    /// Limit for the whole file, in seconds: wall-clock time, or the process's CPU time
    /// under `cpu_time`.
    pub timeout: Option<f64>,
    /// Count `timeout` in the CPU time the process has used since it started (user and
    /// system, every thread) instead of wall-clock time: on a shared machine a run gets the
    /// computing time it was given. The clock is the process's: in a program that computes
    /// on other threads beside the check, their time counts too.
    pub cpu_time: bool,
    pub max_nodes: Option<u64>,
    /// Explicit engine: state limit.
    pub max_states: Option<u64>,
    /// Compositional and auto engines: the largest composition built for a property before
    /// the symbolic engine takes over (see [`crate::check::MAX_COMPOSED_STATES`]).
    pub compose_max_states: usize,
    /// Auto engine: the work the compositional engine may spend on a property (see
    /// [`crate::check::AUTO_COMPOSE_WORK`]).
    pub auto_compose_work: usize,
    /// Auto engine: the bounds of the explicit hunt per property, guided then plain (see
    /// [`crate::check::HUNT_GUIDED_STATES`] and [`crate::check::HUNT_MAX_STATES`]); both 0: no
    /// hunt. Tests set them: the random systems of the tests have products of a few hundred
    /// states, which the hunt explores whole, so that the steps after it (the structural proof,
    /// the symbolic engine) answer there only without a hunt.
    pub hunt_guided_states: usize,
    pub hunt_max_states: usize,
    /// Auto engine: the steps of the hunt's walks for long lassos (see
    /// [`crate::check::HUNT_WALK_STEPS`]), after the plain hunt reached its bound; none when
    /// the guided and plain bounds are both 0.
    pub hunt_walk_steps: usize,
    /// The memory limit (see [`crate::memory`]); the node store is sized from it through
    /// `manager` ([`ManagerOptions::within`]).
    pub memory: Option<MemoryLimit>,
    /// When the run started, for the time limit (default: when `check` is called).
    pub started: Option<Instant>,
    pub start_steps: StartSteps,
    /// LTL: how a formula reads the runs.
    pub ltl_semantics: LtlSemantics,
    pub manager: ManagerOptions,
    pub aut_position: AutPosition,
    /// LTL: the system states the fixpoints range over.
    pub space: Space,
    /// Split components that are products of bits before the symbolic engine runs
    /// ([`crate::model::factor`]).
    pub factor: bool,
    /// Where the long loops report their progress (`None`: a line every few seconds through
    /// `log`; a test passes a [`Progress::recording`] to read the lines).
    pub progress: Option<Arc<Progress>>,
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            engine: Engine::default(),
            strategy: Strategy::default(),
            order: OrderSpec::Auto,
            witness: false,
            shortest: false,
            symbolic_shortening: true,
            timeout: None,
            cpu_time: false,
            max_nodes: None,
            max_states: None,
            compose_max_states: MAX_COMPOSED_STATES,
            auto_compose_work: AUTO_COMPOSE_WORK,
            hunt_guided_states: HUNT_GUIDED_STATES,
            hunt_max_states: HUNT_MAX_STATES,
            hunt_walk_steps: HUNT_WALK_STEPS,
            memory: None,
            started: None,
            start_steps: StartSteps::default(),
            ltl_semantics: LtlSemantics::default(),
            manager: ManagerOptions::default(),
            aut_position: AutPosition::default(),
            space: Space::default(),
            factor: true,
            progress: None,
        }
    }
}

/// The orders to race for `fsys` under `spec` ([`OrderSpec::candidates_within`]); an order
/// file is read here, with the other inputs, so that the engine gets the order as plain data.
/// Under `reorder` other than `off`, a poor order of the user's is repaired
/// ([`crate::symbolic::order::repair_poor`]).
pub fn order_candidates(
    spec: &OrderSpec,
    reorder: ReorderMode,
    fsys: &Factored,
    budget: &Budget,
) -> Result<Vec<(String, Vec<CompId>)>> {
    let mut candidates = match spec {
        OrderSpec::File(path) => vec![(
            spec.to_string(),
            read_order(&fsys.system, &fsys.parts, path)?,
        )],
        _ => spec.candidates_within(fsys, budget)?,
    };
    if reorder.repairs_start() && spec.is_users() && candidates.len() == 1 {
        if let Some((name, order)) = candidates.pop() {
            candidates = repair_poor(fsys, &name, order, budget)?;
        }
    }
    Ok(candidates)
}
