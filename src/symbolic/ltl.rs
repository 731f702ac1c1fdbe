//! Symbolic LTL model checking: the product of the system with a transition-based generalised
//! Büchi automaton (TGBA) of the *negated* property, and a fair-cycle search by the Emerson-Lei
//! fixpoint.
//!
//! E. A. Emerson and C.-L. Lei, "Modalities for model checking: branching time logic strikes
//! back", POPL 1985 / Science of Computer Programming 8(3), 1987. Their fixpoint
//! `νZ. ⋀ᵢ EX E[Z U (Z ∧ Fᵢ)]` characterises the states that start a path visiting every fairness
//! set `Fᵢ` infinitely often; we use its form for acceptance on *edges* (see [`EmersonLei`]).
//!
//! Why this shape:
//! * The automaton state is one more block of the encoding ([`Block::Extra`] named `aut`), so
//!   product relations are ordinary [`Relation`]s: for a system label `l` read as letter `σ`,
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
//! * Only infinite traces count: a product state without successors is removed by `Z ∧ Pre(Z)`,
//!   so deadlocks never make a property false.

use std::cell::{OnceCell, RefCell};
use std::time::Instant;

use num_bigint::BigUint;
use oxidd::bdd::BDDFunction;
use oxidd::{BooleanFunction, BooleanFunctionQuant, Function};

use super::cluster::{Clusters, CLUSTER_NODES};
use super::constrained::Direction;
use super::encoding::{oom, BddResult};
use super::saturation::{group_by_level, level_ordered, LevelOrdered};
use super::slices::{SliceClosure, Slices};
use super::{reach, Block, Budget, Encoding, ManagerOptions, Relation};
use crate::automata::Tgba;
use crate::error::{Error, Result};
use crate::model::{CompId, LabelId, System};

pub use super::lasso::{Lasso, ProductState};

/// Where the automaton block goes in the variable order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum AutPosition {
    /// Above every component.
    ///
    /// Measured cheapest (system-reach universe, four typical negated
    /// RERS properties, `examples/ltl_aut_position.rs`): Emerson-Lei seconds summed over the
    /// four, top / middle / bottom: 2016 problem 105: 1.54 / 2.52 / 4.60; problem 110:
    /// 10.5 / – / 19.0; problem 112: 0.64 / 1.00 / 1.05.
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
/// projections of [`super::approx`] are such a set, and cost next to nothing.
///
/// Which one is faster depends on the system: the reachable set restricts every fixpoint (RERS
/// 2016 problem 113, all 20 properties: 2.0 s on it, 15 s on the projections), but its
/// reachability alone can be out of reach (2017 problem 108: no fixpoint under any order tried
/// in 300 s; on the projections, 1.7e18 states, all 20 properties in 63 s, most settled by
/// the saturating probe's exact product states). Plain valid codes instead of the projections: 2016 problem 116 (5.6e12 reachable
/// states) 4.7 s on the projections (1.3e14 states), 7 of 20 properties in 120 s on the valid
/// codes (1.3e16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Space {
    /// The reachable states, or the over-approximation when reachability takes long.
    ///
    /// Long: the order race does not find them within slices of [`REACH_MAX_SLICE`] nodes of
    /// work.
    #[default]
    Auto,
    /// The reachable states, however long they take.
    Reach,
    /// The over-approximation; no reachability.
    Over,
}

/// The largest work slice, in BDD nodes created, the order race of [`Space::Auto`] gives each
/// candidate before it falls back to the over-approximation. Work, not time, so the choice
/// does not depend on the machine. On the RERS LTL problems reachability either finishes
/// within it (all but two, in under 1.6 s each; the most work is 2016 problem 115's, between
/// 2^18 and 2^19 nodes, which falls back at 2^18) or takes far longer: 2016 problem 119 27–55
/// s, 2017 problem 108 never. Lowered from 2^22 (the race's first round, about 31 s and 20 s
/// on those two before the fallback) to 2^20 (8.8 s and 7.0 s): in a 120 s limit 2016 119
/// answered 9 of 20 instead of 7 in a back-to-back run (its properties sit at the edge of
/// their shares: 6 in a later, slower run), 2017 108 17 as before.
pub const REACH_MAX_SLICE: usize = 1 << 20;

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
        let max_slice = match space {
            Space::Reach => usize::MAX,
            Space::Auto => REACH_MAX_SLICE,
            Space::Over => 0,
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
                if space == Space::Auto {
                    log::info!(
                        "reachability gave up after slices of {max_slice} nodes of work; \
                         the properties are checked on an over-approximation"
                    );
                }
                let (enc, aut_block) = encode(name, order)?;
                let over = super::approx::projections(&enc, budget)?;
                (enc, aut_block, over, false)
            }
        };
        // The system's relations and initial state leave the automaton block free; quantify it
        // anyway so `reach` does not depend on how a strategy treats blocks outside every support.
        let reach = reach.exists(&enc.cube(&[aut_block], false)?).map_err(oom)?;
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
    /// completed rounds for the next. RERS 2017 problem 113 (one deadlock at the end of long
    /// finite paths) takes 695 rounds: 12–18 s with a preimage per label, 0.7 s with the
    /// relations in clusters ([`super::cluster`]), as the product's trim has them.
    pub fn infinite(&self, budget: &Budget) -> BddResult<BDDFunction> {
        if let Some(inf) = self.infinite.get() {
            return Ok(inf.clone());
        }
        let mut y = match self.infinite_so_far.borrow_mut().take() {
            Some(y) => y,
            None => {
                let y = self.reach.clone();
                let enabled = self.enc.enabled_any()?;
                if !reach::minus(&y, &enabled)?.satisfiable() {
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
                let rels = reach::bottom_up(&self.enc).into_iter();
                let c = Clusters::new(&self.enc, rels.map(|l| &self.enc.labels[l]), CLUSTER_NODES);
                let c = c.inspect_err(|_| *self.infinite_so_far.borrow_mut() = Some(y.clone()))?;
                self.clusters.get_or_init(|| c)
            }
        };
        let mut rounds = 0usize;
        loop {
            rounds += 1;
            let round = || -> BddResult<BDDFunction> {
                y.and(&clusters.pre(&self.enc, &y, budget)?).map_err(oom)
            };
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
        let one = self
            .reach
            .and(&self.enc.value(self.aut_block, 0, false)?)
            .map_err(oom)?;
        Ok(self.enc.count(&one))
    }
}

/// Statistics of one LTL check.
#[derive(Clone, Debug, Default)]
pub struct LtlStats {
    /// Reachable states of the product (`None` with [`Universe::SystemReach`], which does not
    /// compute them).
    pub product_states: Option<BigUint>,
    /// BDD nodes of the state space the fixpoint ran on (reachable product states, or
    /// reachable system states × automaton states).
    pub product_nodes: usize,
    /// BDD nodes of all product relations together (shared nodes counted once per relation).
    pub relation_nodes: usize,
    /// Outer iterations of the Emerson-Lei fixpoint.
    pub el_iterations: usize,
    /// Product states in the fair set (states with an accepting run). With
    /// [`Universe::SystemReach`] this may include unreachable states; when the fixpoint
    /// stopped early, a superset of the fair states.
    pub fair_states: BigUint,
    /// The Emerson-Lei fixpoint stopped once the initial state had left it (the property
    /// holds).
    pub stopped_early: bool,
    pub build_seconds: f64,
    pub reach_seconds: f64,
    pub el_seconds: f64,
    /// Of `el_seconds`: the forward probe and the fixpoint inside its states (see
    /// [`check_ltl_with`]).
    pub probe_seconds: f64,
    pub witness_seconds: f64,
}

/// The verdict of one property.
#[derive(Clone, Debug)]
pub struct LtlResult {
    /// The property holds: the product has no accepting lasso.
    pub holds: bool,
    /// When it does not hold and a witness was asked for: an infinite trace violating it.
    pub counterexample: Option<Lasso>,
    pub stats: LtlStats,
}

/// A backward closure of [`Product::until_resumable`] cut short, to resume: saturating (on
/// the exact reachable states) or level-ordered (on an over-approximation), as the product's
/// [`Product::saturate`] says.
pub(crate) enum PendingClosure {
    Slices(SliceClosure),
    Level(LevelOrdered),
}

/// The product of the system with one automaton, on the manager of a [`SystemCtx`].
pub(crate) struct Product<'c> {
    pub enc: &'c Encoding,
    pub aut_block: usize,
    /// `rel_l ∧ A_σ` per label that can fire at all in the product.
    pub rels: Vec<(LabelId, Relation)>,
    /// Per acceptance set `i`: `rel_l ∧ A_σ,i`, labels whose sub-relation is empty left out.
    pub acc_rels: Vec<Vec<(LabelId, Relation)>>,
    /// Initial product state.
    pub init: BDDFunction,
    /// Indices into `rels` grouped by the top level of the label's system relation, lowest
    /// group first.
    pub groups: Vec<Vec<usize>>,
    /// `rels` merged into clusters, for the unions of all preimages or images.
    pub clusters: Clusters,
    /// `acc_rels[i]` merged into clusters.
    pub acc_clusters: Vec<Clusters>,
    /// Per automaton state: the system labels (indices into `enc.labels`, lowest first) some
    /// self-loop of the state reads.
    pub self_loops: Vec<Vec<usize>>,
    /// Whether [`Product::until`] and [`Product::forward_closure`] saturate (on the exact
    /// reachable states) or iterate level by level (on an over-approximation).
    pub saturate: bool,
    /// The per-automaton-state saturation of [`Product::until`], built on first use.
    slices: OnceCell<Slices>,
}

impl Product<'_> {
    /// `⋁_l pre_l(s)` over all product relations.
    pub fn pre(&self, s: &BDDFunction, budget: &Budget) -> BddResult<BDDFunction> {
        self.clusters.pre(self.enc, s, budget)
    }

    /// Predecessors through an edge of acceptance set `i`.
    pub fn pre_acc(&self, i: usize, s: &BDDFunction, budget: &Budget) -> BddResult<BDDFunction> {
        self.acc_clusters[i].pre(self.enc, s, budget)
    }

    /// `⋁_l img_l(s)`.
    pub fn post(&self, s: &BDDFunction, budget: &Budget) -> BddResult<BDDFunction> {
        self.clusters.post(self.enc, s, budget)
    }

    /// Forward closure of `from` within `within` (zero or more steps), by saturation like
    /// [`Product::until`]. RERS 2017 problem 115 #4 (the SCC search of its lasso): plain
    /// chaining did not finish in 60 s.
    pub fn forward_closure(
        &self,
        from: &BDDFunction,
        within: &BDDFunction,
        budget: &Budget,
    ) -> BddResult<BDDFunction> {
        if !self.saturate {
            let (r, _) = level_ordered(self.enc, &self.groups, from, |r, frontier, _| {
                let img = self.rels[r].1.image(frontier)?.and(within).map_err(oom)?;
                budget.check(self.enc)?;
                Ok(img)
            })?;
            return Ok(r);
        }
        self.closure(Direction::Forward, from, within, budget)
    }

    /// `E[within U target]`: the states of `within` (or `target`) that reach `target` inside
    /// `within`.
    ///
    /// By constrained saturation ([`super::constrained`]) per automaton state: a product step
    /// either stays in its automaton state `q` (a self-loop of `q`: a plain system step, inside
    /// the slice `q` of `within`) or moves to another. Each round saturates the new states of
    /// every slice under the system labels of `q`'s self-loops, then takes one step back along
    /// all product relations for the states that change automaton state; rounds are as many as
    /// the longest chain of automaton states a path needs, not as its length.
    ///
    /// Only on the exact reachable states ([`Product::saturate`]); on the over-approximation
    /// the level-ordered iteration of [`super::saturation::level_ordered`] (the relations
    /// grouped by the top level of their system part, each group on the states added since it
    /// last ran). Measured, one property each, with and without saturation: RERS 2016 problem
    /// 115 #15 4.2 s against 11.0 s, #11 3.1 s against 11.8 s (exact states); on the
    /// projections saturation is far slower: 2017 problem 108 #20 over 100 s against 3.3 s,
    /// 2016 problem 119 #13 no first closure in 180 s against 7 s (intermediate sets of the
    /// recursion over 4.7e18 states: 67 million nodes before the first collection).
    pub fn until(
        &self,
        within: &BDDFunction,
        target: &BDDFunction,
        budget: &Budget,
    ) -> BddResult<BDDFunction> {
        self.until_resumable(within, target, &mut None, budget)
    }

    /// [`Product::until`], resumable: a closure cut by `budget` leaves its progress in
    /// `pending`, and a call with the same `within` and `target` goes on from there.
    pub fn until_resumable(
        &self,
        within: &BDDFunction,
        target: &BDDFunction,
        pending: &mut Option<PendingClosure>,
        budget: &Budget,
    ) -> BddResult<BDDFunction> {
        let cl = pending.get_or_insert_with(|| {
            if self.saturate {
                PendingClosure::Slices(SliceClosure::new(self, Direction::Backward, target, within))
            } else {
                PendingClosure::Level(LevelOrdered::new(self.groups.len(), target))
            }
        });
        let y = match cl {
            PendingClosure::Slices(cl) => {
                cl.run(self, None, budget)?;
                cl.y.clone()
            }
            PendingClosure::Level(it) => {
                it.run(self.enc, &self.groups, |r, frontier, _| {
                    let pre = self.rels[r]
                        .1
                        .preimage(frontier)?
                        .and(within)
                        .map_err(oom)?;
                    budget.check(self.enc)?;
                    Ok(pre)
                })?;
                it.set.clone()
            }
        };
        *pending = None;
        Ok(y)
    }

    pub(crate) fn slices(&self) -> BddResult<&Slices> {
        if let Some(s) = self.slices.get() {
            return Ok(s);
        }
        let sl = Slices::new(self.enc, self.aut_block, &self.self_loops)?;
        Ok(self.slices.get_or_init(|| sl))
    }

    /// The closure of `start` inside `within` in direction `dir` (see [`Product::until`]).
    fn closure(
        &self,
        dir: Direction,
        start: &BDDFunction,
        within: &BDDFunction,
        budget: &Budget,
    ) -> BddResult<BDDFunction> {
        let mut cl = SliceClosure::new(self, dir, start, within);
        cl.run(self, None, budget)?;
        Ok(cl.y)
    }

    /// `z := νY. Y ∧ Pre(Y) ∧ z`: the states of `z` with an infinite path inside `z`. Each
    /// round removes the states whose every successor has left; the rounds are as many as the
    /// longest finite path inside `z`, but each costs one preimage, not a closure. `z` is
    /// updated after every round, so an interrupted trim keeps its progress (every round's set
    /// contains the result). Returns the number of rounds.
    ///
    /// Stops early with the empty set when, at round 1, 2, 4, 8, ..., some acceptance set
    /// `i < num_acc` has no edge left inside the remaining states: then no state is fair. This
    /// costs a logarithmic number of extra preimages.
    pub fn trim(&self, z: &mut BDDFunction, num_acc: usize, budget: &Budget) -> BddResult<usize> {
        let mut rounds: usize = 0;
        loop {
            rounds += 1;
            let keep = z.and(&self.pre(z, budget)?).map_err(oom)?;
            if keep == *z {
                return Ok(rounds);
            }
            *z = keep;
            if rounds.is_power_of_two() {
                for i in 0..num_acc {
                    if !z
                        .and(&self.pre_acc(i, z, budget)?)
                        .map_err(oom)?
                        .satisfiable()
                    {
                        *z = self.enc.f();
                        return Ok(rounds);
                    }
                }
            }
        }
    }
}

/// A forward search from the initial product state for a state of `target`, by two searches
/// that share each slice of work: chaining on frontiers (inside the fixpoints' space), which
/// finds a target near the initial state first, and the forward closure of
/// [`SliceClosure`] (each automaton state's slice saturated under the labels of its
/// self-loops), which completes where chaining takes as many images as the longest path.
/// Both can be interrupted (by a slice of their budget) and resumed where they stopped. When
/// either completes without a target state, [`Probe::found`] is exactly the reachable product
/// states.
///
/// The saturating search is unconstrained: every state it reaches is reachable, so it lies in
/// any space the fixpoints range over, and the constraint would only cost (constrained
/// saturation on the over-approximation is slow, see [`Product::until`]).
///
/// Why both: RERS 2016 problem 119 (on the projections) has properties whose product reaches
/// no accepting state; chaining did not close its forward set in 300 s, saturation closes it
/// in 0.02-1.5 s (#17: 0.48 s, 1.6e16 states), which settles the property without a
/// fixpoint: 8 of its 20 properties answered in 120 s before, 16 with saturation alone. But
/// saturation closes the slice of the initial automaton state before it looks further, and
/// violations a few steps from the initial state are then found late: #10 and #20 0.1 s with
/// chaining alone, not in 120 s with saturation alone.
pub(crate) struct Probe {
    target: BDDFunction,
    chain: ChainSearch,
    closure: SliceClosure,
}

impl Probe {
    pub fn new(p: &Product, within: &BDDFunction, target: &BDDFunction) -> Probe {
        Probe {
            target: target.clone(),
            chain: ChainSearch::new(p, within),
            closure: SliceClosure::new(p, Direction::Forward, &p.init, &p.enc.t()),
        }
    }

    /// Continues the search for `work` nodes of work at most: `Some(true)` when a target
    /// state is reached, `Some(false)` when the forward closure is complete ([`Probe::found`]
    /// is then exactly the reachable product states), `None` when the work ran out.
    pub fn run(&mut self, p: &Product, work: usize, budget: &Budget) -> BddResult<Option<bool>> {
        let half = (work / 2).max(1);
        let r = self.chain.run(p, &self.target, &budget.slice(p.enc, half));
        if let Some(done) = budget.unless_sliced(r)? {
            // complete, the chaining has found every reachable state: the closure's states are
            // among them
            return Ok(Some(done));
        }
        let r = self
            .closure
            .run(p, Some(&self.target), &budget.slice(p.enc, half));
        budget.unless_sliced(r)
    }

    /// The states found so far (all reachable).
    pub fn found(&self) -> BddResult<BDDFunction> {
        self.closure.found()?.or(&self.chain.found).map_err(oom)
    }
}

/// The chaining half of [`Probe`]: frontier by frontier, one relation after another; its state
/// is consistent after every image.
struct ChainSearch {
    within: BDDFunction,
    /// The states found so far.
    found: BDDFunction,
    /// The states the current sweep expands.
    frontier: BDDFunction,
    /// The states the current sweep found.
    fresh: BDDFunction,
    /// The relations of the current sweep still to apply, counted down.
    next: usize,
}

impl ChainSearch {
    fn new(p: &Product, within: &BDDFunction) -> ChainSearch {
        ChainSearch {
            within: within.clone(),
            found: p.init.clone(),
            frontier: p.init.clone(),
            fresh: p.enc.f(),
            next: p.rels.len(),
        }
    }

    /// `true` when a state of `target` is reached, `false` when the search is complete.
    fn run(&mut self, p: &Product, target: &BDDFunction, budget: &Budget) -> BddResult<bool> {
        if self.found.and(target).map_err(oom)?.satisfiable() {
            return Ok(true);
        }
        loop {
            while self.next > 0 {
                self.next -= 1;
                let img = p.rels[self.next]
                    .1
                    .image(&self.frontier)?
                    .and(&self.within)
                    .map_err(oom)?;
                let new = reach::minus(&img, &self.found)?;
                if new.satisfiable() {
                    if new.and(target).map_err(oom)?.satisfiable() {
                        return Ok(true);
                    }
                    self.found = self.found.or(&new).map_err(oom)?;
                    self.frontier = self.frontier.or(&new).map_err(oom)?;
                    self.fresh = self.fresh.or(&new).map_err(oom)?;
                }
                budget.check(p.enc)?;
            }
            if !self.fresh.satisfiable() {
                return Ok(false);
            }
            self.frontier = std::mem::replace(&mut self.fresh, p.enc.f());
            self.next = p.rels.len();
        }
    }
}

/// The letter a system label is read as: silent labels are never atoms.
pub fn letter_of_label(sys: &System, tgba: &Tgba, l: LabelId) -> usize {
    let label = sys.label(l);
    if label.is_silent() {
        tgba.other()
    } else {
        tgba.letter_of(&label.name)
    }
}

/// Builds the product relations of `tgba` with the system of `ctx`.
pub(crate) fn build_product<'c>(
    ctx: &'c SystemCtx,
    sys: &System,
    tgba: &Tgba,
    budget: &Budget,
) -> Result<Product<'c>> {
    let enc = &ctx.enc;
    let ab = ctx.aut_block;
    if tgba.num_states > ctx.aut_capacity() {
        return Err(Error::Usage(format!(
            "the automaton has {} states but the encoding reserves room for {}; \
             build the SystemCtx with a larger automaton block",
            tgba.num_states,
            ctx.aut_capacity()
        )));
    }
    if tgba.num_acc > 64 || tgba.initial >= tgba.num_states.max(1) {
        return Err(Error::Internal(format!(
            "malformed automaton: {} acceptance sets, initial state {} of {}",
            tgba.num_acc, tgba.initial, tgba.num_states
        )));
    }
    // Edge BDDs `aut = q ∧ aut' = q'`, one per automaton edge.
    let mut edge_bdds = Vec::with_capacity(tgba.edges.len());
    for e in &tgba.edges {
        if e.from >= tgba.num_states || e.to >= tgba.num_states {
            return Err(Error::Internal(format!(
                "automaton edge {} -> {} out of range",
                e.from, e.to
            )));
        }
        let f = enc
            .value(ab, e.from, false)?
            .and(&enc.value(ab, e.to, true)?)
            .map_err(oom)?;
        edge_bdds.push(f);
    }
    // A_σ and A_σ,i per letter, built once and shared by all labels read as σ.
    let nletters = tgba.num_letters();
    let mut a_sigma = vec![enc.f(); nletters];
    let mut a_sigma_acc = vec![vec![enc.f(); tgba.num_acc]; nletters];
    for (e, f) in tgba.edges.iter().zip(&edge_bdds) {
        for sigma in e.letters.iter().take_while(|&s| s < nletters) {
            a_sigma[sigma] = a_sigma[sigma].or(f).map_err(oom)?;
            for (i, acc) in a_sigma_acc[sigma].iter_mut().enumerate() {
                if e.acc >> i & 1 == 1 {
                    *acc = acc.or(f).map_err(oom)?;
                }
            }
        }
    }
    let mut rels = Vec::new();
    let mut acc_rels: Vec<Vec<(LabelId, Relation)>> =
        (0..tgba.num_acc).map(|_| Vec::new()).collect();
    // Lowest labels first, as in reachability: the closures chain in this order.
    for l in reach::bottom_up(enc) {
        let sys_rel = &enc.labels[l];
        let sigma = letter_of_label(sys, tgba, l);
        if !a_sigma[sigma].satisfiable() {
            continue;
        }
        let mut support = sys_rel.support.clone();
        support.push(ab);
        let rel = sys_rel.rel.and(&a_sigma[sigma]).map_err(oom)?;
        if !rel.satisfiable() {
            continue;
        }
        rels.push((l, enc.relation(rel, support.clone())?));
        for (i, a) in a_sigma_acc[sigma].iter().enumerate() {
            if !a.satisfiable() {
                continue;
            }
            let rel = sys_rel.rel.and(a).map_err(oom)?;
            acc_rels[i].push((l, enc.relation(rel, support.clone())?));
        }
        budget.check(enc)?;
    }
    let init = enc
        .initial
        .and(&enc.value(ab, tgba.initial, false)?)
        .map_err(oom)?;
    // rels are in bottom_up order already
    let groups = group_by_level(0..rels.len(), |r| enc.labels[rels[r].0].top_level);
    let clusters = Clusters::new(enc, rels.iter().map(|(_, r)| r), CLUSTER_NODES)?;
    let acc_clusters = acc_rels
        .iter()
        .map(|rs| Clusters::new(enc, rs.iter().map(|(_, r)| r), CLUSTER_NODES))
        .collect::<BddResult<Vec<_>>>()?;
    let mut loop_letters = vec![vec![false; nletters]; tgba.num_states];
    for e in tgba.edges.iter().filter(|e| e.from == e.to) {
        for sigma in e.letters.iter().take_while(|&s| s < nletters) {
            loop_letters[e.from][sigma] = true;
        }
    }
    let self_loops = loop_letters
        .iter()
        .map(|ls| {
            rels.iter()
                .map(|&(l, _)| l)
                .filter(|&l| ls[letter_of_label(sys, tgba, l)])
                .collect()
        })
        .collect();
    log::debug!(
        "{} relations in {} clusters of {} nodes",
        rels.len(),
        clusters.rels.len(),
        clusters.nodes()
    );
    Ok(Product {
        enc,
        aut_block: ab,
        rels,
        acc_rels,
        init,
        groups,
        clusters,
        acc_clusters,
        self_loops,
        saturate: ctx.exact,
        slices: OnceCell::new(),
    })
}

/// The reachable product states, by chaining from the initial product state (as
/// [`reach::reachable`] does for the system).
pub(crate) fn product_reachable(p: &Product, budget: &Budget) -> BddResult<BDDFunction> {
    let t = p.enc.t();
    p.forward_closure(&p.init, &t, budget)
}

/// The Emerson-Lei fixpoint for acceptance on edges, restricted to a set closed under product
/// steps (the space). Its result are the fair states: those of the space that start an
/// accepting run.
///
/// Exactly this is computed (`Pre` = predecessors under any product relation, `Pre_i` = under
/// the edges of acceptance set `i`, `E[A U B] = μY. B ∨ (A ∧ Pre(Y))`):
///
/// ```text
/// Z := space
/// repeat
///     for i in 0..num_acc:  Z := Z ∧ E[Z U (Z ∧ Pre_i(Z))]   -- can reach an i-edge into Z
///     Z := νY. Y ∧ Pre(Y) ∧ Z                                  -- trim: infinite path in Z
/// until Z does not change
/// ```
///
/// Each step keeps a superset of the greatest fixpoint `νZ. Z ∧ Pre(Z) ∧ ⋀ᵢ E[Z U (Z ∧ Pre_i(Z))]`
/// (the functions are monotone), and at the end `Z` is a fixpoint, so it is the greatest one:
/// the states with an infinite path inside `Z` that takes an edge of every set `i` infinitely
/// often. With `num_acc == 0` only the trim remains: states on or leading to a cycle.
///
/// Why the trim runs to its own fixpoint (as in the "one way catch them young" algorithm of
/// Fisler, Fraer, Kamhi, Vardi, Yang, TACAS 2001; trimming interleavings are compared by Ravi,
/// Bloem, Somenzi, FMCAD 2000): the textbook scheme trims one round per outer round, so an
/// accepting region with long finite paths costs one backward closure per layer. RERS negations
/// are mostly `F(a ∧ G ¬b)`-shaped, whose accepting part is such an avoid-`b` region. On 2017
/// problem 111: #4 `G(a3_SIGBUS => F(a35_SIGTERM))` 106 s one round per closure, 7 s trimmed to
/// the fixpoint (17 s doubling the rounds per outer round, 22 s balancing trim time against
/// closure time); #11 `G F a36_SIGUSR2` over 170 s against 8 s. The price is paid where a few
/// closures alone would empty `Z`: 111 #3 takes 0.2 s one round per closure and 3.6 s here.
pub(crate) struct EmersonLei {
    /// After every completed step, a superset of the fair states; at the end, the fair states.
    pub z: BDDFunction,
    /// Outer iterations begun.
    pub iterations: usize,
    /// The next step of the current iteration: closure to acceptance set `step`, or the trim
    /// when `step == num_acc`.
    step: usize,
    /// `z` when the current iteration began.
    before: BDDFunction,
    /// Whether the current iteration has begun (a step cut short resumes it, not a new one).
    begun: bool,
    done: bool,
    /// The closure of step `step` cut short by a limit, resumed by the next run.
    pending: Option<PendingClosure>,
    /// A state whose loss ends the fixpoint early (see [`EmersonLei::stop_without`]).
    watch: Option<BDDFunction>,
    /// Whether the fixpoint ended early: `z` is then a superset of the fair states without
    /// the watched state.
    pub stopped_early: bool,
    /// Per acceptance set `i`, from its last closure: `z` right after it and the target it
    /// closed to (see [`EmersonLei::run`]).
    last: Vec<Option<(BDDFunction, BDDFunction)>>,
}

impl EmersonLei {
    /// Starts from `space`. The fixpoint keeps the states with a fair run inside `space`;
    /// when `space` is closed under product steps, those are all its fair states.
    pub fn new(space: &BDDFunction) -> EmersonLei {
        EmersonLei {
            z: space.clone(),
            iterations: 0,
            step: 0,
            before: space.clone(),
            begun: false,
            done: false,
            pending: None,
            watch: None,
            stopped_early: false,
            last: Vec::new(),
        }
    }

    /// Ends the fixpoint as soon as a completed step has dropped every state of `watch` (the
    /// initial product state): every step keeps a superset of the fair states, so none of
    /// `watch` is fair and a property holds without the rest of the iteration. A holding
    /// property's fixpoint often drops the initial state in its first closure and then spends
    /// the rest confirming the fair states elsewhere: RERS 2016 problem 119 #2 (on the
    /// projections, before the saturating probe settled it first) 63 s -> 15 s, one closure
    /// of three.
    pub fn stop_without(&mut self, watch: &BDDFunction) {
        self.watch = Some(watch.clone());
    }

    /// Whether `z` has lost every state of the watched set.
    fn lost_watch(&self) -> BddResult<bool> {
        match &self.watch {
            Some(w) => Ok(!self.z.and(w).map_err(oom)?.satisfiable()),
            None => Ok(false),
        }
    }

    /// Narrows the iteration to `exact` (a smaller set closed under product steps, e.g. the
    /// reachable product states once known). Every set of the iteration contains the fair
    /// states, and the fair states inside `exact` are the fair states intersected with it, so
    /// the iteration goes on from `z ∧ exact`.
    pub fn restrict(&mut self, exact: &BDDFunction) -> BddResult<()> {
        self.z = self.z.and(exact).map_err(oom)?;
        self.before = self.before.and(exact).map_err(oom)?;
        self.last.clear();
        self.pending = None;
        Ok(())
    }

    /// Runs the fixpoint to the end (`Ok(true)`, the fair states are [`EmersonLei::z`]), or
    /// until `budget` fails; then `z` holds the last completed step and a later call resumes
    /// there. A closure cut short resumes where it stopped (see
    /// [`Product::until_resumable`]); so does the trim, which keeps every completed round.
    ///
    /// A closure is skipped when `z` has not changed since the last closure to the same set
    /// and every state of that closure's target still has an edge of the set into `z`: each
    /// state of `z` reached the old target on a path inside `z` (every state on such a path
    /// is kept by the closure), and the old target lies inside the new one, so the closure
    /// would return `z` itself. This is the second, confirming iteration of most holding
    /// properties: RERS 2016 problem 115 #18 (two iterations of 11,130 nodes), 2017 problem
    /// 108 #20 (6.4 s of its 21 s).
    pub fn run(&mut self, p: &Product, num_acc: usize, budget: &Budget) -> BddResult<bool> {
        if self.last.len() != num_acc {
            self.last = vec![None; num_acc];
        }
        while !self.done {
            if self.step == 0 && !self.begun {
                self.iterations += 1;
                self.begun = true;
                self.before = self.z.clone();
            }
            if self.step < num_acc {
                let i = self.step;
                let z = &self.z;
                let target = z.and(&p.pre_acc(i, z, budget)?).map_err(oom)?;
                let unchanged = match &self.last[i] {
                    Some((after, old)) => after == z && !reach::minus(old, &target)?.satisfiable(),
                    None => false,
                };
                if !unchanged {
                    self.z = if target.satisfiable() {
                        p.until_resumable(z, &target, &mut self.pending, budget)?
                    } else {
                        target.clone()
                    };
                    self.last[i] = Some((self.z.clone(), target));
                }
                self.step += 1;
                log::debug!(
                    "Emerson-Lei round {}: closure to set {i}: {} nodes",
                    self.iterations,
                    self.z.node_count()
                );
                self.done = !self.z.satisfiable();
            } else {
                let rounds = p.trim(&mut self.z, num_acc, budget)?;
                log::debug!(
                    "Emerson-Lei round {}: {rounds} trim rounds: {} nodes",
                    self.iterations,
                    self.z.node_count()
                );
                self.step = 0;
                self.begun = false;
                self.done = self.z == self.before || !self.z.satisfiable();
            }
            if !self.done && self.lost_watch()? {
                self.done = true;
                self.stopped_early = true;
            }
        }
        Ok(true)
    }
}

/// The probe gets this fraction of every slice: where it wins, it wins early (a sink close to
/// the initial state, a small product), and where the fixpoint wins, racing should cost it
/// little.
const PROBE_SHARE: usize = 4;

/// The first slice of the race, in BDD nodes created. Measured on RERS 2016 problems 115 and
/// 116 (all 20 properties, probe share 1/4): 2^16 nodes 67.4 s and 2.7 s, 2^18 66.2 s and
/// 2.9 s, 2^20 60.9 s and 6.0 s; the time of 115 goes to the fixpoints of its seven holding
/// properties, which no slice size changes.
const PROBE_SLICE: usize = 1 << 18;

/// Checks the LTL property whose **negation** `tgba` recognises on the system of `ctx`:
/// the property holds iff the product has no reachable accepting lasso. With `want_witness`,
/// a violated property comes with a counterexample lasso.
pub fn check_ltl(
    ctx: &SystemCtx,
    sys: &System,
    tgba: &Tgba,
    budget: &Budget,
    want_witness: bool,
) -> Result<LtlResult> {
    let opts = LtlOptions {
        want_witness,
        ..LtlOptions::default()
    };
    check_ltl_with(ctx, sys, tgba, budget, &opts)
}

/// Options of [`check_ltl_with`].
#[derive(Clone, Copy, Debug)]
pub struct LtlOptions {
    pub universe: Universe,
    /// Extract a counterexample when the property fails.
    pub want_witness: bool,
    /// Walks tried before the exact SCC search of the lasso extraction (see
    /// [`super::lasso`]); 0 goes straight to the SCC search.
    pub max_walks: usize,
    /// Tries to close a cycle after a wander, before the exact SCC search of the lasso
    /// extraction (see [`super::lasso`]); 0 goes from the walks straight to the SCC search.
    pub lasso_tries: usize,
    /// The first slice of work, in BDD nodes created, of the race between the forward probe and
    /// the Emerson-Lei fixpoint (see [`check_ltl_with`]); 0 turns the probe off.
    pub probe_slice: usize,
    /// End the Emerson-Lei fixpoint once it has dropped the initial state (see
    /// [`EmersonLei::stop_without`]); off computes the fair states in full.
    pub stop_early: bool,
}

impl Default for LtlOptions {
    fn default() -> Self {
        LtlOptions {
            universe: Universe::default(),
            want_witness: true,
            max_walks: super::lasso::MAX_WALKS,
            lasso_tries: super::lasso::TRIES,
            probe_slice: PROBE_SLICE,
            stop_early: true,
        }
    }
}

/// The set of product states the Emerson-Lei fixpoint starts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Universe {
    /// The reachable product states, computed per property by forward chaining.
    #[value(name = "product")]
    ProductReach,
    /// (reachable system states) × (automaton states), from the [`SystemCtx`]: no product
    /// reachability at all. This set is closed under product steps, so its fair states are
    /// exactly the states with an accepting run; the property fails iff the initial product state
    /// is one of them. Measured on 2016 problem 114 (1.1e14 states),
    /// `!G F c0_t0`: product reachability 34.5 s + lasso 59.8 s with `ProductReach`, against
    /// EL 0.11 s + lasso 0.02 s here.
    #[default]
    #[value(name = "system")]
    SystemReach,
}

/// [`check_ltl`] with all options.
///
/// Two searches race, in time slices that double, each resumed where it stopped:
/// * the Emerson-Lei fixpoint on the space ([`EmersonLei`]), which stops as soon as it has
///   dropped the initial state (the property then holds);
/// * a forward probe from the initial product state ([`Probe`]: chaining and saturation
///   sharing its slices). When the automaton has accepting sinks
///   (states that loop on every letter in every acceptance set: the negation of every
///   `F`-shaped property has one), it looks for a sink paired with a system state that has an
///   infinite future: reaching one is a violation, and those states are a valid fair set for
///   the lasso extraction. When its closure completes, it has found the reachable product
///   states exactly, and the fixpoint goes on inside them.
///
/// In the probe's share of each slice, the Emerson-Lei fixpoint also runs inside the states the
/// probe has found so far (a snapshot, resumed until it completes, then taken again from the
/// grown set). Those states are reachable, so a fair state among them, fair on a cycle inside
/// them, is a violation, and those fair states are a valid fair set for the lasso extraction
/// (each starts an accepting run inside them). This finds lassos near the initial state that
/// do not end in a sink: RERS 2017 problem 108 #13, `G(c0_t3 => F c6_t11)`, 16.7 s in the
/// backward closure of the fixpoint on the whole space, 0.04 s inside the probe's first 631-node
/// set.
///
/// Either can be fast where the other is hopeless. RERS 2016 problem 115 #2,
/// `G(c12_t8 => (!c5_t6 W c5_t2__c14_t12))`: over 280 s in the backward closure of the
/// fixpoint, 0.26 s for the probe. RERS 2017 problem 113 #1: 31 s of trimming on the universe,
/// while the probe finds that one product state is reachable. 2016 problem 116: the probe does
/// not finish in 5 s, the fixpoint takes 0.03 s. With the probe's share of a quarter,
/// racing costs the fixpoint at most a quarter more work and the probe at most five times its
/// own, plus the last slice.
pub fn check_ltl_with(
    ctx: &SystemCtx,
    sys: &System,
    tgba: &Tgba,
    budget: &Budget,
    opts: &LtlOptions,
) -> Result<LtlResult> {
    LtlRun::new(ctx, sys, tgba, budget, opts)?.run(budget)
}

/// One property's check, resumable: when [`LtlRun::run`] fails on a limit, the run keeps the
/// fixpoint and the probe where they were, and a later call goes on from there (only a lasso
/// extraction cut short is redone). This is what lets `ltsym check` share the time
/// among the properties of a file without losing the work of the first share.
pub struct LtlRun<'c> {
    ctx: &'c SystemCtx,
    num_acc: usize,
    opts: LtlOptions,
    p: Product<'c>,
    space: BDDFunction,
    probe: Option<Probe>,
    /// The fixpoint inside the states the probe had found when it began, with those states
    /// (see [`check_ltl_with`]). Kept when it completes without a fair state: until the
    /// probe's states grow, running it again returns at once.
    ball: Option<(BDDFunction, EmersonLei)>,
    target: BDDFunction,
    el: EmersonLei,
    slice: usize,
    /// Once known: the fair set the lasso is extracted from, and whether the property holds.
    verdict: Option<(BDDFunction, bool)>,
    stats: LtlStats,
}

impl<'c> LtlRun<'c> {
    /// Builds the product and the space of the fixpoint; nothing is searched yet.
    pub fn new(
        ctx: &'c SystemCtx,
        sys: &System,
        tgba: &Tgba,
        budget: &Budget,
        opts: &LtlOptions,
    ) -> Result<LtlRun<'c>> {
        let universe = opts.universe;
        let t0 = Instant::now();
        let p = build_product(ctx, sys, tgba, budget)?;
        let mut stats = LtlStats {
            build_seconds: t0.elapsed().as_secs_f64(),
            relation_nodes: p.clusters.nodes(),
            ..LtlStats::default()
        };
        let t1 = Instant::now();
        let space = match universe {
            Universe::ProductReach => {
                let preach = product_reachable(&p, budget)?;
                stats.product_states = Some(ctx.enc.count(&preach));
                stats.product_nodes = preach.node_count();
                preach
            }
            Universe::SystemReach => {
                let mut auts = ctx.enc.f();
                for q in 0..tgba.num_states {
                    auts = auts
                        .or(&ctx.enc.value(ctx.aut_block, q, false)?)
                        .map_err(oom)?;
                }
                let u = ctx.reach.and(&auts).map_err(oom)?;
                stats.product_nodes = u.node_count();
                u
            }
        };
        stats.reach_seconds = t1.elapsed().as_secs_f64();
        // The race of the forward probe and the fixpoint (see `check_ltl_with`).
        let mut probe = None;
        let mut target = ctx.enc.f();
        if opts.probe_slice > 0 && universe == Universe::SystemReach {
            for q in tgba.accepting_sinks() {
                target = target
                    .or(&ctx.enc.value(ctx.aut_block, q, false)?)
                    .map_err(oom)?;
            }
            if target.satisfiable() {
                target = target
                    .and(&ctx.infinite(budget)?)
                    .and_then(|t| t.and(&space))
                    .map_err(oom)?;
            }
            probe = Some(Probe::new(&p, &space, &target));
        }
        let mut el = EmersonLei::new(&space);
        if opts.stop_early {
            el.stop_without(&p.init);
        }
        Ok(LtlRun {
            ctx,
            num_acc: tgba.num_acc,
            opts: *opts,
            p,
            space,
            probe,
            ball: None,
            target,
            el,
            slice: opts.probe_slice,
            verdict: None,
            stats,
        })
    }

    /// Runs the check to its verdict, or until `budget` fails (then a later call resumes).
    pub fn run(&mut self, budget: &Budget) -> Result<LtlResult> {
        if self.verdict.is_none() {
            let t2 = Instant::now();
            let r = self.search(budget);
            self.stats.el_seconds += t2.elapsed().as_secs_f64();
            r?;
        }
        let Some((fair, holds)) = self.verdict.clone() else {
            return Err(Error::Internal("LTL search ended without a verdict".into()));
        };
        let mut counterexample = None;
        if !holds && self.opts.want_witness {
            let t3 = Instant::now();
            // The verdict is in: its counterexample gets the whole time limit, not just what is
            // left of a share, because an extraction cut short starts again from nothing (RERS
            // 2017 problem 115, whose time is its counterexamples: 61 s -> 83 s when cut).
            let r = super::lasso::extract(
                &self.p,
                &self.space,
                &fair,
                self.num_acc,
                self.opts.max_walks,
                self.opts.lasso_tries,
                &budget.whole(),
            );
            self.stats.witness_seconds += t3.elapsed().as_secs_f64();
            counterexample = Some(r?);
        }
        Ok(LtlResult {
            holds,
            counterexample,
            stats: self.stats.clone(),
        })
    }

    /// The race of the probe and the fixpoint, in doubling slices, each resumed where it
    /// stopped; sets `verdict`.
    fn search(&mut self, budget: &Budget) -> Result<()> {
        let (p, ctx) = (&self.p, self.ctx);
        // Set when the probe reaches its target or the fixpoint inside its states finds fair
        // states: `self.target` is then a fair set the initial state reaches.
        let mut violated_early = false;
        loop {
            if let Some(pr) = self.probe.as_mut() {
                let t = Instant::now();
                // the probe and the fixpoint inside its states split the share
                let share = (self.slice / PROBE_SHARE / 2).max(1);
                let r = pr.run(p, share, budget);
                self.stats.probe_seconds += t.elapsed().as_secs_f64();
                match r? {
                    Some(true) => {
                        violated_early = true;
                        break;
                    }
                    Some(false) => {
                        // the reachable product states, exactly: the fixpoint goes on inside them
                        self.space = pr.found()?;
                        self.el.restrict(&self.space)?;
                        self.probe = None;
                        self.ball = None;
                    }
                    None => {
                        let t = Instant::now();
                        let found = &pr.found()?;
                        let ball = match &mut self.ball {
                            Some((from, el)) if !el.done || from == found => el,
                            slot => &mut slot.insert((found.clone(), EmersonLei::new(found))).1,
                        };
                        let r = budget.unless_sliced(ball.run(
                            p,
                            self.num_acc,
                            &budget.slice(p.enc, share),
                        ));
                        self.stats.probe_seconds += t.elapsed().as_secs_f64();
                        if r?.is_some() && ball.z.satisfiable() {
                            log::debug!(
                                "fair states among the {} nodes the probe found",
                                found.node_count()
                            );
                            self.target = ball.z.clone();
                            violated_early = true;
                            break;
                        }
                    }
                }
                log::debug!(
                    "probe: after {:.2} s (slice {share} nodes), found {} nodes",
                    self.stats.probe_seconds,
                    match &self.probe {
                        Some(pr) => pr.found()?.node_count(),
                        None => 0,
                    }
                );
            }
            let b = match self.probe {
                Some(_) => budget.slice(p.enc, self.slice),
                None => budget.clone(),
            };
            if budget
                .unless_sliced(self.el.run(p, self.num_acc, &b))?
                .is_some()
            {
                break;
            }
            self.slice = self.slice.saturating_mul(2);
        }
        self.verdict = Some(if violated_early {
            self.stats.fair_states = ctx.enc.count(&self.target);
            (self.target.clone(), false)
        } else {
            let fair = self.el.z.clone();
            self.stats.el_iterations = self.el.iterations;
            self.stats.stopped_early = self.el.stopped_early;
            self.stats.fair_states = ctx.enc.count(&fair);
            log::debug!(
                "Emerson-Lei fixpoint: {} fair states ({} nodes){}",
                self.stats.fair_states,
                fair.node_count(),
                if self.el.stopped_early {
                    ", a superset: stopped once the initial state had left"
                } else {
                    ""
                }
            );
            // The fixpoint keeps every state of `space` with an accepting run, the paths into
            // the fair cycles included, and `space` is closed under product steps: the initial
            // state reaches a fair state iff it is one. Stopped early, `fair` is a superset of
            // the fair states without the initial state.
            let holds = !p.init.and(&fair).map_err(oom)?.satisfiable();
            (fair, holds)
        });
        Ok(())
    }
}

/// Checks one property from scratch: encodes `sys` (components in index order, automaton block at
/// the default position), computes its reachable states and runs [`check_ltl`]. For several
/// properties of one system, build a [`SystemCtx`] once instead.
pub fn check_ltl_once(
    sys: &System,
    tgba: &Tgba,
    opts: ManagerOptions,
    budget: &Budget,
    want_witness: bool,
) -> Result<LtlResult> {
    let order: Vec<CompId> = (0..sys.components().len()).collect();
    let ctx = SystemCtx::new(
        sys,
        &order,
        AutPosition::default(),
        tgba.num_states,
        opts,
        budget,
    )?;
    check_ltl(&ctx, sys, tgba, budget, want_witness)
}
