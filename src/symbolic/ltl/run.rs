//! The check of one LTL property: the entry points ([`check_ltl`], [`check_ltl_with`],
//! [`check_ltl_once`]), their options and results, and [`LtlRun`], the resumable race of the
//! forward probe against the Emerson-Lei fixpoint that decides the verdict, followed by the
//! counterexample lasso.
//!
//! Why a race: either search can be fast where the other is hopeless (measured at
//! [`check_ltl_with`]); in slices of work that double, each resumed where it stopped, the race
//! costs each side a bounded multiple of the winner's work (see `shares.rs`). Why
//! resumable: `ltsym check` shares the time limit among the properties of a file, and a
//! property that runs out of its share goes on later from where it stopped instead of
//! starting again.

use std::time::Instant;

use oxidd::bdd::BDDFunction;
use oxidd::{BooleanFunction, Function};

use super::emerson_lei::EmersonLei;
use super::forward::ForwardFair;
use super::lasso::{self, Lasso};
use super::probe::Probe;
use super::product::{build_product, letter_of_label, product_reachable, Product};
use super::quick_path::QuickPaths;
use super::shares;
use super::shorten::{self, BadPrefixes};
use super::states::build_state_product;
use crate::automata::valuations::ValuationTgba;
use crate::automata::Tgba;
use crate::error::{Error, Result};
use crate::limits::Budget;
use crate::model::{CompId, System};
use crate::symbolic::context::{AutPosition, SystemCtx};
use crate::symbolic::encoding::BddResult;
use crate::symbolic::{Encoding, ManagerOptions};
use num_bigint::BigUint;

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
    /// Outer iterations of the forward fixpoint on the reachable product states (see
    /// [`ForwardFair`]); 0 when it did not run.
    pub forward_iterations: usize,
    /// Whether the forward fixpoint decided the verdict (see [`ExactFixpoint`]).
    pub forward_decided: bool,
    /// Whether the two fixpoints raced on the reachable product states
    /// ([`ExactFixpoint::Race`]); the winner is the forward one iff `forward_decided`.
    pub raced: bool,
    /// Whether the probe found the reachable product states (the fixpoints went on inside).
    pub probe_completed: bool,
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
    /// Dynamic reorderings of the variables (`--reorder`) during the search (probe and
    /// Emerson-Lei) and during the counterexample's extraction.
    pub search_reorderings: u32,
    pub witness_reorderings: u32,
    /// Trim rounds of the Emerson-Lei fixpoints (the one deciding the verdict and those
    /// inside the probe's states), one preimage each: where a holding property with long
    /// finite paths spends its time (RERS 2017 problem 113; docs/benchmarks.md, "LTL").
    pub trim_rounds: usize,
    /// Garbage collections of the manager during [`LtlRun::run`], the seconds of ours, and the
    /// seconds of dynamic reordering.
    pub gcs: u64,
    pub gc_seconds: f64,
    pub reorder_seconds: f64,
    /// The most nodes the manager held at a budget check during [`LtlRun::run`].
    pub peak_nodes: usize,
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

/// The rounds of the forward fixpoint in a race of the two fixpoints on the reachable product
/// states ([`ExactFixpoint::Race`]): one that has not ended after them leaves the race. Each of its
/// rounds is a closure, where the backward fixpoint's trim peels a layer of dead ends with one
/// preimage, and on layered products its rounds create few nodes each, so turns of equal nodes do
/// not bound its time (RERS 2017 problem 112 #2: over 200 rounds in the turns the backward one
/// needed; 2016 problem 119 #1: decided in 2; docs/benchmarks.md, "Forward fair-cycle fixpoint").
const RACE_FORWARD_ROUNDS: usize = 8;

/// The first slice of the race, in BDD nodes created. Measured on RERS 2016 problems 115 and
/// 116 (all 20 properties): a smaller slice gained nothing, a larger one doubled the time of
/// 116; the time of 115 goes to the fixpoints of its seven holding properties, which no slice
/// size changes (docs/benchmarks.md, "Probe and fixpoint race").
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
    /// Make the counterexample as short as `shorten.rs` can (shortest prefix to the cycle, then
    /// shortest cycle): worth its time when a person reads it, wasted when the counterexample
    /// only backs the verdict by its replay (2017 problem 115: about a third more CPU time;
    /// docs/benchmarks.md, "Counterexample time").
    pub shorten: bool,
    /// The work of each search of the shortening, in BDD nodes created (see `shorten.rs`): one
    /// that runs out keeps what it found and the lasso carries the bound it proved.
    pub shorten_work: usize,
    /// The paths of an unshortened counterexample ([`QuickPaths`]; breadth-first with
    /// [`LtlOptions::shorten`]: the shortening starts from that lasso).
    pub quick: QuickPaths,
    /// Walks tried before the exact SCC search of the lasso extraction (see
    /// [`lasso`]); 0 goes straight to the SCC search.
    pub max_walks: usize,
    /// Tries to close a cycle after a wander, before the exact SCC search of the lasso
    /// extraction (see [`lasso`]); 0 goes from the walks straight to the SCC search.
    pub lasso_tries: usize,
    /// The first slice of work, in BDD nodes created, of the race between the forward probe and
    /// the Emerson-Lei fixpoint (see [`check_ltl_with`]); 0 turns the probe off.
    pub probe_slice: usize,
    /// End the Emerson-Lei fixpoint once it has dropped the initial state (see
    /// `EmersonLei::stop_without`); off computes the fair states in full.
    pub stop_early: bool,
    /// Which fixpoint decides the verdict once the probe has found the reachable product
    /// states exactly (see [`ExactFixpoint`]).
    pub exact_fixpoint: ExactFixpoint,
}

/// The fixpoint that decides the verdict on the reachable product states, once the probe has
/// found them exactly (with at least one acceptance set; without, the backward one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ExactFixpoint {
    /// The backward (Emerson-Lei) fixpoint of the race goes on inside them.
    Backward,
    /// The forward fixpoint ([`ForwardFair`]) alone: it pays on the slow files of RERS 2016,
    /// but is far slower on some properties of others (2017 problem 112 #2; docs/benchmarks.md,
    /// "Forward fair-cycle fixpoint").
    Forward,
    /// Both, in turns of work that double (backward first, each resumed where it stopped), until
    /// one decides: neither direction wins everywhere, and the race costs at most about three times
    /// the faster one's work (its own, the other's equal turns, the last turn doubled).
    #[default]
    Race,
}

impl Default for LtlOptions {
    fn default() -> Self {
        LtlOptions {
            universe: Universe::default(),
            want_witness: true,
            shorten: true,
            shorten_work: shorten::SHORTEN_WORK,
            quick: QuickPaths::default(),
            max_walks: lasso::MAX_WALKS,
            lasso_tries: lasso::TRIES,
            probe_slice: PROBE_SLICE,
            stop_early: true,
            exact_fixpoint: ExactFixpoint::default(),
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
    /// is one of them. On 2016 problem 114 (1.1e14 states), `!G F c0_t0`, orders of magnitude
    /// faster than `ProductReach`, the lasso included (docs/benchmarks.md, "Product universe").
    #[default]
    #[value(name = "system")]
    SystemReach,
}

/// [`check_ltl`] with all options.
///
/// Two searches race, in time slices that double, each resumed where it stopped:
/// * the Emerson-Lei fixpoint on the space (`EmersonLei`), which stops as soon as it has
///   dropped the initial state (the property then holds);
/// * a forward probe from the initial product state (`Probe`: chaining and saturation
///   sharing its slices). When the automaton has accepting sinks
///   (states that loop on every letter in every acceptance set: the negation of every
///   `F`-shaped property has one), it looks for a sink paired with a system state that has an
///   infinite future: reaching one is a violation, and those states are a valid fair set for
///   the lasso extraction. When its closure completes, it has found the reachable product
///   states exactly, and the backward fixpoint goes on inside them, racing the forward
///   fixpoint (`ForwardFair`) there in turns of work that double ([`ExactFixpoint::Race`]):
///   backward closures wander through unreachable states, forward ones do not, and either
///   direction can be far faster than the other (RERS 2016 problem 119 #1 and 2017 problem
///   112 #2; docs/benchmarks.md, "Forward fair-cycle fixpoint"). Without acceptance sets,
///   the backward fixpoint alone.
///
/// In the probe's share of each slice, the Emerson-Lei fixpoint also runs inside the states the
/// probe has found so far (a snapshot, resumed until it completes, then taken again from the grown
/// set). Those states are reachable, so a fair state among them, fair on a cycle inside them, is a
/// violation, and those fair states are a valid fair set for the lasso extraction (each starts an
/// accepting run inside them). This finds lassos near the initial state that do not end in a sink:
/// RERS 2017 problem 108 #13, `G(c0_t3 => F c6_t11)`, hundreds of times faster inside the probe's
/// first 631-node set than in the backward closure of the fixpoint on the whole space.
///
/// Either can be fast where the other is hopeless. RERS 2016 problem 115 #2,
/// `G(c12_t8 => (!c5_t6 W c5_t2__c14_t12))`: the probe over a thousand times faster than the
/// backward closure of the fixpoint. RERS 2017 problem 113 #1: a long trim of the universe,
/// while the probe finds that one product state is reachable. 2016 problem 116: the fixpoint
/// done long before the probe (figures in docs/benchmarks.md, "Probe and fixpoint race").
/// What racing costs each side: see `shares.rs`.
pub fn check_ltl_with(
    ctx: &SystemCtx,
    sys: &System,
    tgba: &Tgba,
    budget: &Budget,
    opts: &LtlOptions,
) -> Result<LtlResult> {
    LtlRun::new(ctx, sys, tgba, budget, opts)?.run(budget)
}

/// What a run needs of its automaton beside the product.
struct Facts {
    num_states: usize,
    num_acc: usize,
    /// [`Tgba::accepting_sinks`].
    sinks: Vec<usize>,
    /// Whether deadlocks stutter: every state has an infinite future.
    stutters: bool,
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
    /// Once the probe has found the reachable product states (and the automaton has an
    /// acceptance set): the forward fixpoint on them, which decides the verdict in place of
    /// the backward one or races it (see [`ExactFixpoint`]). When it finds an accepting cycle,
    /// `el` is restarted on its states, for the fair set of the counterexample.
    forward: Option<ForwardFair>,
    /// The next turn of work, in BDD nodes created, of each fixpoint in
    /// [`ExactFixpoint::Race`] (doubled after every pair of turns).
    turn: usize,
    /// The forward fixpoint found an accepting cycle: the property is violated, and `el` runs
    /// on the fixpoint's states.
    cycle_found: bool,
    target: BDDFunction,
    el: EmersonLei,
    slice: usize,
    /// Once known: the fair set the lasso is extracted from, and whether the property holds.
    verdict: Option<(BDDFunction, bool)>,
    stats: LtlStats,
    /// The property's bad-prefix monitor, for the shortest counterexample (see
    /// [`LtlRun::with_bad_prefixes`]).
    bad_prefixes: Option<BadPrefixes>,
    /// The automaton, and the letter it reads each label as: the shortest cycle counts the
    /// acceptance sets of the edges a run takes. `None` for a product over state propositions
    /// ([`LtlRun::on_states`]), whose lassos are kept as found.
    shortening: Option<(Tgba, Vec<usize>)>,
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
        let t0 = Instant::now();
        let p = build_product(ctx, sys, tgba, budget)?;
        let facts = Facts {
            num_states: tgba.num_states,
            num_acc: tgba.num_acc,
            sinks: tgba.accepting_sinks(),
            stutters: false,
        };
        let mut run = LtlRun::start(ctx, p, facts, t0, budget, opts)?;
        let letters = (0..sys.labels().len())
            .map(|l| letter_of_label(sys, tgba, l))
            .collect();
        run.shortening = Some((tgba.clone(), letters));
        Ok(run)
    }

    /// The check of an LTL formula over state propositions: `aut` recognises its negation and
    /// reads the valuation of its propositions, proposition `i` holding in the system states
    /// `props[i]` (see [`super::states`]). With `stutter` (the deadlocks), a deadlock repeats
    /// forever; without, only infinite runs count. A counterexample names the step of a
    /// deadlock to itself [`super::states::STUTTER`].
    pub fn on_states(
        ctx: &'c SystemCtx,
        aut: &ValuationTgba,
        props: &[BDDFunction],
        stutter: Option<&BDDFunction>,
        budget: &Budget,
        opts: &LtlOptions,
    ) -> Result<LtlRun<'c>> {
        let t0 = Instant::now();
        let p = build_state_product(ctx, aut, props, stutter, budget)?;
        let facts = Facts {
            num_states: aut.num_states,
            num_acc: aut.num_acc,
            sinks: aut.accepting_sinks(),
            stutters: stutter.is_some(),
        };
        LtlRun::start(ctx, p, facts, t0, budget, opts)
    }

    fn start(
        ctx: &'c SystemCtx,
        p: Product<'c>,
        aut: Facts,
        t0: Instant,
        budget: &Budget,
        opts: &LtlOptions,
    ) -> Result<LtlRun<'c>> {
        let universe = opts.universe;
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
                for q in 0..aut.num_states {
                    auts = auts.or(&ctx.enc.value(ctx.aut_block, q, false)?)?;
                }
                let u = ctx.reach.and(&auts)?;
                stats.product_nodes = u.node_count();
                u
            }
        };
        stats.reach_seconds = t1.elapsed().as_secs_f64();
        // The race of the forward probe and the fixpoint (see `check_ltl_with`).
        let mut probe = None;
        let mut target = ctx.enc.f();
        if opts.probe_slice > 0 && universe == Universe::SystemReach {
            for &q in &aut.sinks {
                target = target.or(&ctx.enc.value(ctx.aut_block, q, false)?)?;
            }
            if target.satisfiable() {
                // a sink accepts what follows if it goes on forever: all does if deadlocks stutter
                if !aut.stutters {
                    target = target.and(&ctx.infinite(budget)?)?;
                }
                target = target.and(&space)?;
            }
            probe = Some(Probe::new(&p, &space, &target));
        }
        let mut el = EmersonLei::new(&space);
        if opts.stop_early {
            el.stop_without(&p.init);
        }
        Ok(LtlRun {
            ctx,
            num_acc: aut.num_acc,
            opts: *opts,
            p,
            space,
            probe,
            ball: None,
            forward: None,
            turn: shares::first_turn(opts.probe_slice),
            cycle_found: false,
            target,
            el,
            slice: opts.probe_slice,
            verdict: None,
            stats,
            bad_prefixes: None,
            shortening: None,
        })
    }

    /// Gives the shortening the property's bad-prefix monitor: the counterexample shown is then
    /// one whose violation (the first bad prefix) comes as early as possible (see `shorten.rs`).
    /// Without it, the shortest counterexample only minimises the steps to its cycle.
    pub fn with_bad_prefixes(mut self, bad: Option<BadPrefixes>) -> LtlRun<'c> {
        self.bad_prefixes = bad;
        self
    }

    /// The product this run searches.
    pub(crate) fn product(&self) -> &Product<'c> {
        &self.p
    }

    /// The product states the search ranges over (closed under product steps).
    pub(crate) fn space(&self) -> &BDDFunction {
        &self.space
    }

    /// Runs the check to its verdict, or until `budget` fails (then a later call resumes).
    pub fn run(&mut self, budget: &Budget) -> Result<LtlResult> {
        let enc = &self.ctx.enc;
        let (gcs, gc_s, reorder_s) = (
            enc.gc_count(),
            enc.gc_seconds.get(),
            enc.reorderer.seconds.get(),
        );
        let outer_peak = enc.restart_peak();
        let r = self.run_measured(budget);
        let st = &mut self.stats;
        st.gcs += enc.gc_count() - gcs;
        st.gc_seconds += enc.gc_seconds.get() - gc_s;
        st.reorder_seconds += enc.reorderer.seconds.get() - reorder_s;
        st.peak_nodes = st.peak_nodes.max(enc.peak_nodes());
        enc.note_peak(outer_peak);
        let mut r = r?;
        r.stats = self.stats.clone();
        Ok(r)
    }

    /// [`LtlRun::run`] without the manager's counters.
    fn run_measured(&mut self, budget: &Budget) -> Result<LtlResult> {
        if self.verdict.is_none() {
            let t2 = Instant::now();
            // the search resumes where a check stopped it: it may reorder (see `reordered`)
            let enc = &self.ctx.enc;
            let done = enc.reorderer.done.get();
            let r = enc.reorderer.armed(|| self.search(budget));
            self.stats.search_reorderings += enc.reorderer.done.get() - done;
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
            // 2017 problem 115, whose time is its counterexamples, a third longer when cut:
            // docs/benchmarks.md, "Counterexample time").
            // A request to reorder starts it again too, in the new order.
            let whole = budget.whole();
            let enc = &self.ctx.enc;
            let done = enc.reorderer.done.get();
            let r = loop {
                let r = enc.reorderer.armed(|| {
                    lasso::extract(
                        &self.p,
                        &self.space,
                        &fair,
                        self.num_acc,
                        self.opts.max_walks,
                        self.opts.lasso_tries,
                        (!self.opts.shorten).then_some(&self.opts.quick),
                        &whole,
                    )
                });
                match r {
                    Err(Error::Reorder) => {
                        enc.reorder_now();
                    }
                    r => break r,
                }
            };
            self.stats.witness_reorderings += enc.reorderer.done.get() - done;
            // shortening is not armed: it runs in the order the extraction ended in
            let r = r.and_then(|l| {
                let Some((tgba, letters)) = self.shortening.as_ref().filter(|_| self.opts.shorten)
                else {
                    return Ok(l);
                };
                // Shortening is a service, not part of the verdict: a limit hit while shortening
                // keeps the lasso as found (2016 problem 104 with --max-nodes 2000 and --witness:
                // #1 and #2 were unknown for the nodes of the shortest-cycle search).
                let r = self.ctx.infinite(&whole).and_then(|inf| {
                    shorten::shorten(
                        &self.p,
                        tgba,
                        letters,
                        &self.space,
                        &inf,
                        self.bad_prefixes.as_ref(),
                        l.clone(),
                        self.opts.shorten_work,
                        &whole,
                    )
                });
                match r {
                    Err(Error::Limit(limit)) => {
                        log::info!("lasso not shortened: {limit}");
                        Ok(l)
                    }
                    r => r,
                }
            });
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
        // Set when the forward fixpoint finds no accepting cycle.
        let mut forward_holds = false;
        loop {
            // Set when the probe has just found the reachable product states: in a race of the
            // two fixpoints there, the backward one, under way since the start, goes first.
            let mut fresh = false;
            if let Some(pr) = self.probe.as_mut() {
                let t = Instant::now();
                // the probe and the fixpoint inside its states get as much each
                let share = shares::probe_work(self.slice, ctx.exact);
                let r = pr.run(p, share, budget);
                self.stats.probe_seconds += t.elapsed().as_secs_f64();
                match reordered(p.enc, r)? {
                    Some(true) => {
                        violated_early = true;
                        break;
                    }
                    Some(false) => {
                        // the reachable product states, exactly: the forward fixpoint decides on
                        // them, or the backward one goes on inside them
                        self.space = pr.found()?;
                        self.stats.probe_completed = true;
                        let fixpoint = self.opts.exact_fixpoint;
                        if fixpoint != ExactFixpoint::Backward && self.num_acc > 0 {
                            self.forward = Some(ForwardFair::new(&self.space));
                        }
                        if fixpoint != ExactFixpoint::Forward || self.num_acc == 0 {
                            self.el.restrict(&self.space)?;
                        }
                        self.probe = None;
                        self.ball = None;
                        fresh = true;
                    }
                    None => {
                        let t = Instant::now();
                        let found = &pr.found()?;
                        let ball = match &mut self.ball {
                            Some((from, el)) if !el.done() || from == found => el,
                            slot => &mut slot.insert((found.clone(), EmersonLei::new(found))).1,
                        };
                        let before = ball.trim_rounds;
                        let r = ball.run(p, self.num_acc, &budget.slice(p.enc, share));
                        self.stats.trim_rounds += ball.trim_rounds - before;
                        let r = budget.unless_sliced(reordered(p.enc, r.map(Some)));
                        self.stats.probe_seconds += t.elapsed().as_secs_f64();
                        if r?.flatten().is_some() && ball.z.satisfiable() {
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
            // whether the forward fixpoint races the backward one (their turns take `turn`)
            let racing = self.forward.is_some()
                && !self.cycle_found
                && self.opts.exact_fixpoint == ExactFixpoint::Race;
            self.stats.raced |= racing;
            if let Some(fw) = self.forward.as_mut().filter(|_| !(racing && fresh)) {
                if !self.cycle_found {
                    let r = if racing {
                        let b = budget.slice(p.enc, self.turn);
                        let r = fw.run(p, self.num_acc, RACE_FORWARD_ROUNDS, &b);
                        budget
                            .unless_sliced(reordered(p.enc, r.map(Some)))?
                            .flatten()
                    } else {
                        let r = fw.run(p, self.num_acc, usize::MAX, budget);
                        reordered(p.enc, r.map(Some))?
                    };
                    self.stats.forward_iterations = fw.iterations;
                    if r.is_none() && !racing {
                        continue;
                    }
                    if r == Some(false) {
                        // out of its rounds: the backward fixpoint goes on alone
                        log::debug!(
                            "forward fair cycle: leaves the race after {} rounds",
                            fw.iterations
                        );
                        self.forward = None;
                    }
                }
            }
            if let Some(fw) = self
                .forward
                .as_ref()
                .filter(|fw| fw.done() && !self.cycle_found)
            {
                self.stats.forward_decided = true;
                log::debug!(
                    "forward fair cycle: {} after {} rounds",
                    if fw.z.satisfiable() { "found" } else { "none" },
                    fw.iterations
                );
                if !fw.z.satisfiable() {
                    forward_holds = true;
                    break;
                }
                // an accepting cycle among its states: the backward fixpoint there (not
                // stopped early: the initial state need not be among them) gives the
                // fair set of the counterexample
                self.cycle_found = true;
                self.el = EmersonLei::new(&fw.z);
            }
            let b = match (&self.probe, racing) {
                (Some(_), _) => budget.slice(p.enc, shares::backward_work(self.slice, ctx.exact)),
                (None, true) => budget.slice(p.enc, self.turn),
                (None, false) => budget.clone(),
            };
            let before = self.el.trim_rounds;
            let r = self.el.run(p, self.num_acc, &b);
            self.stats.trim_rounds += self.el.trim_rounds - before;
            let r = reordered(p.enc, r.map(Some));
            if budget.unless_sliced(r)?.flatten().is_some() {
                break;
            }
            if racing {
                self.turn = self.turn.saturating_mul(2);
            } else {
                self.slice = self.slice.saturating_mul(2);
            }
        }
        self.verdict = Some(if violated_early {
            self.stats.fair_states = ctx.enc.count(&self.target);
            (self.target.clone(), false)
        } else if forward_holds {
            (ctx.enc.f(), true)
        } else if self.cycle_found {
            // the fixpoint ran on the states the forward one kept, which hold a fair cycle
            let fair = self.el.z.clone();
            if !fair.satisfiable() {
                return Err(Error::Internal(
                    "the forward fixpoint found an accepting cycle the backward one did not".into(),
                ));
            }
            self.stats.el_iterations = self.el.iterations;
            self.stats.fair_states = ctx.enc.count(&fair);
            (fair, false)
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
            let holds = !p.init.and(&fair)?.satisfiable();
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

/// `r`, or `Ok(None)` after reordering the variables of `enc` when `r` is a request to
/// reorder ([`Error::Reorder`]): for the loops of [`LtlRun`], whose searches resume where a
/// check stopped them, in whatever order the variables are then.
fn reordered<T>(enc: &Encoding, r: BddResult<Option<T>>) -> BddResult<Option<T>> {
    match r {
        Err(Error::Reorder) => {
            enc.reorder_now();
            Ok(None)
        }
        r => r,
    }
}
