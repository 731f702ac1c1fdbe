//! The per-file system context of the symbolic engine: the encoding of one system, with a
//! block for the automaton state, and the system states every property's fixpoints range over
//! (the reachable states, or an over-approximation when they are out of reach), built once for
//! all properties of a property file ([`SystemCtx`]).
//!
//! A RERS property file has 20 formulas over one system. [`SystemCtx`] builds the encoding
//! (with an automaton block large enough for every automaton of the file) and the system's
//! reachable set **once**; each LTL property then only builds its product relations on the
//! same manager ([`crate::symbolic::ltl`]). oxidd appends variables at the bottom of the order
//! and cannot insert a block later, which is why the automaton block is created up front, at
//! the place [`AutPosition`] says.
//!
//! The reachable states come from the order race of [`crate::symbolic::reach::race`]; under
//! [`Space::Auto`], from the first candidate order within [`REACH_MAX_SLICE`] nodes of work;
//! past that, the overlapping projections of `reach/approx.rs` stand in for them (see
//! [`Space`] for why that gives the same verdicts). The CTL checker builds its own encoding
//! with [`crate::symbolic::reach::race_reach`], since it needs no automaton block.

use std::cell::{OnceCell, RefCell};
use std::time::Instant;

use oxidd::bdd::BDDFunction;
use oxidd::{BooleanFunction, BooleanFunctionQuant};

use crate::error::{Error, Result};
use crate::limits::Budget;
use crate::model::{CompId, System};
use crate::symbolic::cluster::{Clusters, CLUSTER_NODES};
use crate::symbolic::encoding::{bottom_up, minus, BddResult};
use crate::symbolic::{reach, Block, Encoding, ManagerOptions};
use num_bigint::BigUint;

/// Where the automaton block goes in the variable order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum AutPosition {
    /// Above every component.
    ///
    /// The default because it measured cheapest on RERS properties (the automaton state is
    /// tested by every fixpoint step, so it pays to decide it first; figures in
    /// docs/benchmarks.md, "Automaton position").
    #[default]
    Top,
    /// Between the two halves of the component order.
    Middle,
    /// Below every component.
    Bottom,
}

/// The block order for components `order` (top to bottom) with the automaton block at `pos`.
pub fn blocks_with_aut(order: &[CompId], pos: AutPosition, aut_size: usize) -> Vec<Block> {
    let aut = Block::Extra {
        name: "aut".to_string(),
        size: aut_size.max(1),
    };
    let at = match pos {
        AutPosition::Top => 0,
        AutPosition::Middle => order.len() / 2,
        AutPosition::Bottom => order.len(),
    };
    let mut blocks: Vec<Block> = order.iter().map(|&c| Block::Component(c)).collect();
    blocks.insert(at, aut);
    blocks
}

/// The system states the LTL fixpoints range over.
///
/// The reachable states are the natural choice, but any set closed under the system's steps
/// that contains them gives the same verdicts: whether a state starts an accepting run depends
/// only on the states it reaches, so the fair states of a larger closed set agree with those of
/// the reachable set on every reachable state, the initial one included; the probe and the
/// counterexample search only ever walk forward from the initial state. The overlapping
/// projections of `reach/approx.rs` are such a set, and cost next to nothing.
///
/// Which one is faster depends on the system: the reachable set restricts every fixpoint, so
/// it wins when it can be computed, but its reachability alone can be out of reach (RERS 2017
/// problem 108), where the projections still settle most properties through the saturating
/// probe's exact product states. The projections and not plain valid codes: the valid codes
/// are orders of magnitude more states, which the fixpoints pay for (figures for 2016 113,
/// 116 and 2017 108 in docs/benchmarks.md, "Universe").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Space {
    /// The reachable states, or the over-approximation when reachability takes long.
    ///
    /// Long: the first candidate order does not find them within [`REACH_MAX_SLICE`] nodes
    /// of work (the others are not tried).
    #[default]
    Auto,
    /// The reachable states, however long they take.
    Reach,
    /// The over-approximation; no reachability.
    Over,
}

/// The work, in BDD nodes created, [`Space::Auto`] gives reachability in the first candidate
/// order (FORCE by default) before it falls back to the over-approximation; the other
/// candidates are not tried. Work, not time, so the choice does not depend on the machine. On
/// the RERS LTL problems reachability either finishes well within it or takes far longer
/// (2016 problem 119, 2017 problem 108, in every candidate order), so the slice only decides
/// how much time those two lose before the fallback. Each of the other 33 files finishes in
/// its first candidate within 260,662 nodes (2016 problem 115; the next 131,781, most under
/// 16,000), so 2^19 leaves it twice that. Against slices of 2^20 for FORCE and then `hubs`,
/// the two save about 4 s of CPU each, half the memory, and lose nothing elsewhere (figures
/// in docs/benchmarks.md, "Universe" and "The reachability race's largest slice").
pub const REACH_MAX_SLICE: usize = 1 << 19;

/// The encoding of one system and its reachable states, shared by all LTL properties of a file.
pub struct SystemCtx {
    pub enc: Encoding,
    /// Index of the automaton block in `enc.blocks`.
    pub aut_block: usize,
    /// The system states the fixpoints range over (the automaton variables are
    /// unconstrained): the reachable states when `exact`, else an over-approximation closed
    /// under steps (see [`Space`]).
    pub reach: BDDFunction,
    /// Whether `reach` is exactly the reachable states.
    pub exact: bool,
    /// Seconds spent building the encoding and computing `reach`.
    pub build_seconds: f64,
    pub reach_seconds: f64,
    /// The reachable states with an infinite future, computed on first use.
    infinite: OnceCell<BDDFunction>,
    /// A computation of `infinite` cut short by a limit: the rounds it completed, a superset
    /// of the result it goes on from.
    infinite_so_far: RefCell<Option<BDDFunction>>,
    /// The system's relations in clusters, for `infinite`, built on first use.
    clusters: OnceCell<Clusters>,
}

impl SystemCtx {
    /// Encodes `sys` with components in `order` and an automaton block of `aut_size` states
    /// (at least the largest `num_states` of the automata to check) at `pos`, and computes the
    /// reachable states.
    pub fn new(
        sys: &System,
        order: &[CompId],
        pos: AutPosition,
        aut_size: usize,
        opts: ManagerOptions,
        budget: &Budget,
    ) -> Result<SystemCtx> {
        SystemCtx::with_strategy(
            sys,
            order,
            reach::Strategy::default(),
            pos,
            aut_size,
            opts,
            budget,
        )
    }

    /// As [`SystemCtx::new`], with the reachability strategy named.
    pub fn with_strategy(
        sys: &System,
        order: &[CompId],
        strategy: reach::Strategy,
        pos: AutPosition,
        aut_size: usize,
        opts: ManagerOptions,
        budget: &Budget,
    ) -> Result<SystemCtx> {
        SystemCtx::race(
            sys,
            &[("as given to SystemCtx".to_string(), order.to_vec())],
            strategy,
            pos,
            aut_size,
            opts,
            Space::Reach,
            budget,
        )
    }

    /// As [`SystemCtx::with_strategy`], over several candidate orders raced by
    /// [`reach::race_orders`]: the encoding of the first to finish its reachability is kept.
    /// `space` says what happens when none finishes soon (see [`Space`]).
    #[allow(clippy::too_many_arguments)]
    pub fn race(
        sys: &System,
        orders: &[(String, Vec<CompId>)],
        strategy: reach::Strategy,
        pos: AutPosition,
        aut_size: usize,
        opts: ManagerOptions,
        space: Space,
        budget: &Budget,
    ) -> Result<SystemCtx> {
        let (orders, max_slice) = match space {
            Space::Reach => (orders, usize::MAX),
            // The first candidate only: see `REACH_MAX_SLICE`.
            Space::Auto => (&orders[..orders.len().min(1)], REACH_MAX_SLICE),
            Space::Over => (orders, 0),
        };
        SystemCtx::race_within(
            sys, orders, strategy, pos, aut_size, opts, max_slice, budget,
        )
    }

    /// [`SystemCtx::race`] with the largest slice named: `usize::MAX` is [`Space::Reach`], 0
    /// [`Space::Over`], [`REACH_MAX_SLICE`] [`Space::Auto`] (tests give up sooner, on small
    /// systems). When the race gives up, the over-approximation is computed on a new encoding
    /// in the first candidate's order.
    #[allow(clippy::too_many_arguments)]
    pub fn race_within(
        sys: &System,
        orders: &[(String, Vec<CompId>)],
        strategy: reach::Strategy,
        pos: AutPosition,
        aut_size: usize,
        opts: ManagerOptions,
        max_slice: usize,
        budget: &Budget,
    ) -> Result<SystemCtx> {
        let t0 = Instant::now();
        let mut build_seconds = 0.0;
        let mut encode = |name: &str, order: &[CompId]| -> Result<(Encoding, usize)> {
            let t = Instant::now();
            let blocks = blocks_with_aut(order, pos, aut_size);
            let aut_block = blocks
                .iter()
                .position(|b| matches!(b, Block::Extra { .. }))
                .ok_or_else(|| Error::Internal("automaton block missing".into()))?;
            let enc = Encoding::with_blocks(sys, &blocks, opts)?;
            // every candidate's encoding is part of the cost
            build_seconds += t.elapsed().as_secs_f64();
            log::info!("encoded with order {name} and the automaton block");
            Ok((enc, aut_block))
        };
        let raced = if max_slice == 0 {
            None
        } else {
            reach::race_orders_upto(
                orders,
                budget,
                max_slice,
                |name, order| encode(name, order).map(|(e, ab)| (reach::ReachRun::new(e), ab)),
                |(run, _), b| run.run(strategy, b),
            )?
        };
        let (enc, aut_block, reach, exact) = match raced {
            Some((_, (run, aut_block), reach)) => (run.enc, aut_block, reach, true),
            None => {
                let (name, order) = orders
                    .first()
                    .ok_or_else(|| Error::Internal("no order to try".into()))?;
                if max_slice > 0 {
                    log::info!(
                        "reachability gave up after slices of {max_slice} nodes of work; \
                         the properties are checked on an over-approximation"
                    );
                }
                let (enc, aut_block) = encode(name, order)?;
                let over = reach::approx::projections(&enc, budget)?;
                (enc, aut_block, over, false)
            }
        };
        // The system's relations and initial state leave the automaton block free; quantify it
        // anyway so `reach` does not depend on how a strategy treats blocks outside every support.
        let reach = reach.exists(&enc.cube(&[aut_block], false)?)?;
        Ok(SystemCtx {
            enc,
            aut_block,
            reach,
            exact,
            build_seconds,
            reach_seconds: t0.elapsed().as_secs_f64() - build_seconds,
            infinite: OnceCell::new(),
            infinite_so_far: RefCell::new(None),
            clusters: OnceCell::new(),
        })
    }

    /// The automaton states the block can hold.
    pub fn aut_capacity(&self) -> usize {
        self.enc.blocks[self.aut_block].size
    }

    /// The reachable states with an infinite path: `νY. reach ∧ Pre(Y)` under the system's
    /// relations, which is `reach` itself when no reachable state is a deadlock (most RERS LTL
    /// problems). Computed once per file, and resumable: a call cut short by a limit keeps its
    /// completed rounds for the next. The relations are taken in clusters
    /// ([`super::cluster`]), as the product's trim has them: a deadlock at the end of long
    /// finite paths (RERS 2017 problem 113: 695 rounds) costs one preimage per cluster and
    /// round instead of one per label (docs/benchmarks.md, "Universe").
    pub fn infinite(&self, budget: &Budget) -> BddResult<BDDFunction> {
        if let Some(inf) = self.infinite.get() {
            return Ok(inf.clone());
        }
        let mut y = match self.infinite_so_far.borrow_mut().take() {
            Some(y) => y,
            None => {
                let y = self.reach.clone();
                let enabled = self.enc.enabled_any()?;
                if !minus(&y, &enabled)?.satisfiable() {
                    let _ = self.infinite.set(y.clone());
                    return Ok(y);
                }
                y
            }
        };
        let t = Instant::now();
        let clusters = match self.clusters.get() {
            Some(c) => c,
            None => {
                let rels = bottom_up(&self.enc).into_iter();
                let rels = rels.map(|l| &self.enc.labels[l]);
                let c = Clusters::new(&self.enc, rels, CLUSTER_NODES, budget);
                let c = c.inspect_err(|_| *self.infinite_so_far.borrow_mut() = Some(y.clone()))?;
                self.clusters.get_or_init(|| c)
            }
        };
        let mut rounds = 0usize;
        loop {
            rounds += 1;
            let round =
                || -> BddResult<BDDFunction> { Ok(y.and(&clusters.pre(&self.enc, &y, budget)?)?) };
            let keep = match round() {
                Ok(k) => k,
                Err(e) => {
                    *self.infinite_so_far.borrow_mut() = Some(y);
                    return Err(e);
                }
            };
            if keep == y {
                log::debug!(
                    "reachable states with an infinite future: {rounds} rounds in the last call, {:.2} s",
                    t.elapsed().as_secs_f64()
                );
                let _ = self.infinite.set(y.clone());
                return Ok(y);
            }
            y = keep;
        }
    }

    /// The number of reachable system states; when not `exact`, the number of states the
    /// fixpoints range over instead.
    pub fn space_states(&self) -> Result<BigUint> {
        let one = self.reach.and(&self.enc.value(self.aut_block, 0, false)?)?;
        Ok(self.enc.count(&one))
    }
}
