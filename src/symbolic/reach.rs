//! Symbolic reachability: the set of states reachable from the initial state, by one of three
//! iteration strategies over the per-label relations of an [`Encoding`].
//!
//! * **bfs**: breadth-first; each step takes the union of every label's image of the frontier.
//!   Exact BFS layers, but the intermediate unions are large.
//! * **chain**: chaining (Roig, Cortadella, Pastor, "Verification of asynchronous circuits by
//!   BDD-based model checking of Petri nets", ICATPN 1995): within one sweep the labels are
//!   applied one after another, each to the states found so far, so a label sees the successors
//!   its predecessors in the sweep just produced. Labels are taken bottom-most first (largest
//!   `top_level` first), which lets low, cheap labels close the local behaviour before the
//!   high ones copy it upwards. Each label's image is taken of the sweep's *frontier* (the states
//!   not yet expanded by every label) rather than of the whole set.
//! * **sat** (the default): saturation, see [`super::saturation`]. Fastest by far on the RERS
//!   problems (bench-data/results/reach.csv: 2017 problem 110, FORCE order: 1.2 s against 3.4 s
//!   for chaining and 8.6 s for BFS; 2017 112 (2^48 states) finishes only with it).
//! * **chain-full**: chaining where each label takes the image of the whole set, not of the
//!   frontier (the baseline's scheme).
//! * **sat-like**: saturation-style iteration on whole BDDs (LTSmin's `sat-like`).
//! * **sat-mask**: saturation that fires labels on masked saturated sets, so that only the blocks
//!   a label touches are saturated again; slower than `sat`, kept as an independent check.
//!
//! All three compute the same set (tests check it against explicit search).

use std::time::Instant;

use oxidd::bdd::BDDFunction;
use oxidd::util::num::F64;
use oxidd::{BooleanFunction, Function};

use super::encoding::{oom, BddResult};
use super::order::total_span;
use super::saturation::{saturate_recursive, SatMemo};
use super::stats::{ReachCounters, ReachStats};
use super::{Budget, Encoding, ManagerOptions};
use crate::error::{Error, Limit, Result};
use crate::model::factor::Factored;
use crate::model::{CompId, System};

/// The iteration strategy of the reachability fixpoint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Strategy {
    /// Breadth-first: each step takes every label's image of the frontier.
    Bfs,
    /// Chaining: within a sweep, each label's image of the states found so far.
    Chain,
    /// Saturation (the fastest by far on the RERS problems).
    #[default]
    Sat,
    /// Chaining where every label takes the image of the whole set found so far.
    ChainFull,
    /// Saturation-style iteration on whole BDDs (LTSmin's `sat-like`).
    SatLike,
    /// Saturation where labels fire on masked saturated sets (a slower, independent check).
    SatMask,
}

impl std::fmt::Display for Strategy {
    /// The name `--strategy` takes.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use clap::ValueEnum;
        let value = self.to_possible_value().expect("no strategy is skipped");
        f.write_str(value.get_name())
    }
}

/// The reachable states of `enc` from its initial state, by the default strategy.
pub fn reachable(enc: &Encoding, budget: &Budget) -> BddResult<BDDFunction> {
    reach_with(enc, Strategy::default(), budget).map(|(r, _)| r)
}

/// The reachable states by `strategy`, with counters.
pub fn reach_with(
    enc: &Encoding,
    strategy: Strategy,
    budget: &Budget,
) -> BddResult<(BDDFunction, ReachCounters)> {
    let mut memo = SatMemo::default();
    let mut t = Tracker::new(enc, budget);
    let r = run_strategy(enc, strategy, &mut t, &mut memo)?;
    t.sample();
    Ok((r, t.counters))
}

fn run_strategy(
    enc: &Encoding,
    strategy: Strategy,
    t: &mut Tracker,
    memo: &mut SatMemo,
) -> BddResult<BDDFunction> {
    match strategy {
        Strategy::Bfs => bfs(enc, t),
        Strategy::Chain => chain(enc, t),
        Strategy::ChainFull => chain_full(enc, t),
        Strategy::Sat => saturate_recursive(enc, t, false, memo),
        Strategy::SatMask => saturate_recursive(enc, t, true, memo),
        Strategy::SatLike => super::saturation::saturate(enc, t),
    }
}

/// A reachability computation that can be cut short by a limit and resumed: `sat` and
/// `sat-mask` keep the sub-diagrams they finished ([`SatMemo`]), the other strategies start
/// again. Counters add up over the runs.
pub struct ReachRun {
    pub enc: Encoding,
    memo: SatMemo,
    pub counters: ReachCounters,
}

impl ReachRun {
    pub fn new(enc: Encoding) -> ReachRun {
        ReachRun {
            enc,
            memo: SatMemo::default(),
            counters: ReachCounters::default(),
        }
    }

    /// The reachable states, or the limit `budget` hit (then a later call goes on).
    pub fn run(&mut self, strategy: Strategy, budget: &Budget) -> BddResult<BDDFunction> {
        let mut t = Tracker::new(&self.enc, budget);
        let r = run_strategy(&self.enc, strategy, &mut t, &mut self.memo);
        t.sample();
        self.counters.iterations += t.counters.iterations;
        self.counters.images += t.counters.images;
        self.counters.peak_nodes = self.counters.peak_nodes.max(t.counters.peak_nodes);
        r
    }
}

/// The first work slice of [`race_orders`], in BDD nodes created: the RERS problems that
/// `force` solves in under a second fit in it, so they never see the second candidate.
pub const RACE_FIRST_SLICE: usize = 1 << 22;

/// Races the candidate orders: `start` builds a candidate's state (its encoding), `attempt`
/// runs or resumes it; each candidate in turn gets a work slice of [`RACE_FIRST_SLICE`] nodes,
/// then twice that, and so on, until one finishes. Returns the index of the order that did,
/// its state and result. No order is known to be good for every system (see
/// [`super::order`]); with resumable attempts ([`ReachRun`]) the race costs about the
/// candidates' number times the winner's own work (plus memory for every state). With a
/// single candidate it simply runs under `budget`. Limits other than the slice end the race.
pub fn race_orders<S, T>(
    orders: &[(String, Vec<CompId>)],
    budget: &Budget,
    start: impl FnMut(&str, &[CompId]) -> Result<S>,
    attempt: impl FnMut(&mut S, &Budget) -> Result<T>,
) -> Result<(usize, S, T)> {
    race_orders_upto(orders, budget, usize::MAX, start, attempt)?
        .ok_or_else(|| Error::Internal("an unbounded order race gave up".into()))
}

/// [`race_orders`], giving up (`Ok(None)`) when no candidate finishes within a slice of
/// `max_slice` nodes: the last round is the first whose slice reaches `max_slice` (a single
/// candidate gets one slice of `max_slice`). `usize::MAX` never gives up.
pub fn race_orders_upto<S, T>(
    orders: &[(String, Vec<CompId>)],
    budget: &Budget,
    max_slice: usize,
    mut start: impl FnMut(&str, &[CompId]) -> Result<S>,
    mut attempt: impl FnMut(&mut S, &Budget) -> Result<T>,
) -> Result<Option<(usize, S, T)>> {
    let sliced = |r: Result<T>| match r {
        Ok(t) => Ok(Some(t)),
        Err(Error::Limit(Limit::Time { .. })) if !budget.expired() => Ok(None),
        Err(e) => Err(e),
    };
    match orders {
        [] => return Err(Error::Internal("no order to try".into())),
        [(name, o)] => {
            let mut s = start(name, o)?;
            let t = if max_slice == usize::MAX {
                attempt(&mut s, budget)?
            } else {
                match sliced(attempt(&mut s, &budget.work(max_slice)))? {
                    Some(t) => t,
                    None => {
                        log::info!("order {name}: no fixpoint within {max_slice} nodes of work");
                        return Ok(None);
                    }
                }
            };
            return Ok(Some((0, s, t)));
        }
        _ => {}
    }
    let mut states: Vec<Option<S>> = orders.iter().map(|_| None).collect();
    let mut nodes = RACE_FIRST_SLICE.min(max_slice);
    loop {
        for (i, (name, o)) in orders.iter().enumerate() {
            if states[i].is_none() {
                states[i] = Some(start(name, o)?);
            }
            let Some(s) = states[i].as_mut() else {
                return Err(Error::Internal("order race lost a state".into()));
            };
            match sliced(attempt(s, &budget.work(nodes)))? {
                Some(t) => {
                    log::info!("order {name} finished within a slice of {nodes} nodes");
                    let Some(s) = states[i].take() else {
                        return Err(Error::Internal("order race lost a state".into()));
                    };
                    return Ok(Some((i, s, t)));
                }
                None => log::info!("order {name}: no fixpoint within {nodes} nodes of work"),
            }
        }
        if nodes >= max_slice {
            return Ok(None);
        }
        nodes = nodes.saturating_mul(2).min(max_slice);
    }
}

/// Encodes `sys` in `order` (logging the order) for reachability.
pub fn encode(
    sys: &System,
    order: &[CompId],
    name: &str,
    opts: ManagerOptions,
) -> Result<ReachRun> {
    let t0 = Instant::now();
    let enc = Encoding::new(sys, order, opts)?;
    log::info!(
        "encoded {} components, {} labels, {} variables in {:.3} s; order {name} (span {}): {}",
        sys.components().len(),
        sys.labels().len(),
        enc.num_vars(),
        t0.elapsed().as_secs_f64(),
        total_span(sys, order),
        order
            .iter()
            .map(|&c| sys.component(c).name.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    );
    Ok(ReachRun::new(enc))
}

/// [`run_reach`] over several candidate orders, raced by [`race_orders`]; the statistics name
/// the order that finished, and the reachability time includes the race.
pub fn race_reach(
    fsys: &Factored,
    strategy: Strategy,
    orders: &[(String, Vec<CompId>)],
    opts: ManagerOptions,
    budget: &Budget,
) -> Result<(Encoding, BDDFunction, ReachStats)> {
    let sys = &fsys.system;
    let t0 = Instant::now();
    let mut time_encode_s = 0.0;
    let (i, run, reach) = race_orders(
        orders,
        budget,
        |name, order| {
            let t = Instant::now();
            let r = encode(sys, order, name, opts);
            // every candidate's encoding is part of the cost
            time_encode_s += t.elapsed().as_secs_f64();
            r
        },
        |run, b| run.run(strategy, b),
    )?;
    let time_reach_s = t0.elapsed().as_secs_f64() - time_encode_s;
    let (name, order) = &orders[i];
    let stats = reach_stats(fsys, &run, &reach, strategy, order, name)?;
    Ok((
        run.enc,
        reach,
        ReachStats {
            time_encode_s,
            time_reach_s,
            ..stats
        },
    ))
}

/// Encodes the system of `fsys` in `order` (over its components), computes the reachable
/// states by `strategy` and the deadlocks. `order_spec` only names the order in the statistics;
/// the deadlock example is a state of the system as given, before factoring.
pub fn run_reach(
    fsys: &Factored,
    strategy: Strategy,
    order: &[CompId],
    order_spec: &str,
    opts: ManagerOptions,
    budget: &Budget,
) -> Result<(Encoding, BDDFunction, ReachStats)> {
    race_reach(
        fsys,
        strategy,
        &[(order_spec.to_string(), order.to_vec())],
        opts,
        budget,
    )
}

/// The statistics of a finished run: counts, deadlocks (with an example in the system as
/// given), the order; the caller fills in the times of encoding and reachability.
fn reach_stats(
    fsys: &Factored,
    run: &ReachRun,
    reach: &BDDFunction,
    strategy: Strategy,
    order: &[CompId],
    order_spec: &str,
) -> Result<ReachStats> {
    let (sys, enc) = (&fsys.system, &run.enc);
    let t2 = Instant::now();
    let dead = minus(reach, &enc.enabled_any()?)?;
    let deadlocks = enc.count(&dead);
    let deadlock_example = enc.pick_state(&dead).map(|st| {
        fsys.original_state(&st)
            .iter()
            .zip(&fsys.parts)
            .map(|(&s, part)| {
                (
                    part.name.clone(),
                    part.state_names
                        .get(s as usize)
                        .cloned()
                        .unwrap_or_else(|| s.to_string()),
                )
            })
            .collect()
    });
    let states = enc.count(reach);
    let time_deadlock_s = t2.elapsed().as_secs_f64();
    Ok(ReachStats {
        strategy: strategy.to_string(),
        order_spec: order_spec.to_string(),
        order: order
            .iter()
            .map(|&c| sys.component(c).name.clone())
            .collect(),
        order_span: total_span(sys, order),
        factored: fsys
            .split()
            .map(|(c, bits)| (fsys.parts[c].name.clone(), bits))
            .collect(),
        states,
        deadlocks,
        deadlock_example,
        counters: run.counters.clone(),
        final_nodes: reach.node_count(),
        time_encode_s: 0.0,
        time_reach_s: 0.0,
        time_deadlock_s,
    })
}

/// Bookkeeping shared by the strategies: counters, peak nodes, the budget and progress logs.
pub(crate) struct Tracker<'a> {
    enc: &'a Encoding,
    budget: &'a Budget,
    pub counters: ReachCounters,
    start: Instant,
    last_log: Instant,
}

/// Seconds between progress messages.
const LOG_EVERY_S: f64 = 3.0;

impl<'a> Tracker<'a> {
    pub fn new(enc: &'a Encoding, budget: &'a Budget) -> Tracker<'a> {
        Tracker {
            enc,
            budget,
            counters: ReachCounters::default(),
            start: Instant::now(),
            last_log: Instant::now(),
        }
    }

    /// Records the manager's size.
    pub fn sample(&mut self) {
        let n = self.enc.manager_nodes();
        self.counters.peak_nodes = self.counters.peak_nodes.max(n);
    }

    /// After every image: count it, sample the size, check the budget, maybe log progress about
    /// `reach` (the set found so far).
    pub fn image_done(&mut self, reach: &BDDFunction) -> BddResult<()> {
        self.counters.images += 1;
        self.sample();
        self.budget.check(self.enc)?;
        if self.last_log.elapsed().as_secs_f64() >= LOG_EVERY_S {
            self.last_log = Instant::now();
            if log::log_enabled!(log::Level::Info) {
                let nodes = reach.node_count();
                // an f64 count walks the BDD once; skip it on huge sets
                let states = if nodes < 2_000_000 {
                    let n: F64 = reach.sat_count(self.enc.num_vars(), &mut F64Cache::default());
                    format!("{:.4e}", n.0 / 2f64.powi((self.enc.num_vars() / 2) as i32))
                } else {
                    "?".into()
                };
                log::info!(
                    "reach: iteration {}, images {}, states ~{states}, set {nodes} nodes, \
                     manager {} nodes (peak {}), {:.1} s",
                    self.counters.iterations,
                    self.counters.images,
                    self.enc.manager_nodes(),
                    self.counters.peak_nodes,
                    self.start.elapsed().as_secs_f64()
                );
            }
        }
        Ok(())
    }
}

type F64Cache =
    oxidd::util::SatCountCache<F64, std::hash::BuildHasherDefault<oxidd::util::FxHasher>>;

/// `a ∧ ¬b`.
pub(crate) fn minus(a: &BDDFunction, b: &BDDFunction) -> BddResult<BDDFunction> {
    b.imp_strict(a).map_err(oom)
}

/// The labels bottom-most first: by top level descending, then by how deep they reach.
pub(crate) fn bottom_up(enc: &Encoding) -> Vec<usize> {
    let mut ls: Vec<usize> = (0..enc.labels.len()).collect();
    let bottom = |l: usize| enc.labels[l].support.last().copied().unwrap_or(usize::MAX);
    ls.sort_by_key(|&l| {
        (
            std::cmp::Reverse(enc.labels[l].top_level),
            std::cmp::Reverse(bottom(l)),
        )
    });
    ls
}

/// Breadth-first: `F := (⋃_l image_l(F)) \ R` until empty.
fn bfs(enc: &Encoding, t: &mut Tracker) -> BddResult<BDDFunction> {
    let mut reach = enc.initial.clone();
    let mut frontier = reach.clone();
    loop {
        t.counters.iterations += 1;
        let mut next = enc.f();
        for r in &enc.labels {
            let img = r.image(&frontier)?;
            next = next.or(&img).map_err(oom)?;
            t.image_done(&reach)?;
        }
        let new = minus(&next, &reach)?;
        if !new.satisfiable() {
            return Ok(reach);
        }
        reach = reach.or(&new).map_err(oom)?;
        frontier = new;
    }
}

/// Chaining with frontiers. Invariant at the start of a sweep: every state of `reach` outside
/// `frontier` has all its successors in `reach`. Each label is applied to the frontier plus the
/// states this sweep found so far; states found after a label was applied are the next
/// sweep's frontier.
fn chain(enc: &Encoding, t: &mut Tracker) -> BddResult<BDDFunction> {
    let labels = bottom_up(enc);
    let mut reach = enc.initial.clone();
    let mut frontier = reach.clone();
    loop {
        t.counters.iterations += 1;
        let mut found = enc.f();
        for &l in &labels {
            let r = &enc.labels[l];
            let img = r.image(&frontier)?;
            let new = minus(&img, &reach)?;
            t.image_done(&reach)?;
            if new.satisfiable() {
                reach = reach.or(&new).map_err(oom)?;
                frontier = frontier.or(&new).map_err(oom)?;
                found = found.or(&new).map_err(oom)?;
            }
        }
        if !found.satisfiable() {
            return Ok(reach);
        }
        frontier = found;
    }
}

/// Chaining on the whole set: every label's image is taken of everything found so far.
fn chain_full(enc: &Encoding, t: &mut Tracker) -> BddResult<BDDFunction> {
    let labels = bottom_up(enc);
    let mut reach = enc.initial.clone();
    loop {
        t.counters.iterations += 1;
        let before = reach.clone();
        for &l in &labels {
            let img = enc.labels[l].image(&reach)?;
            reach = reach.or(&img).map_err(oom)?;
            t.image_done(&reach)?;
        }
        if reach == before {
            return Ok(reach);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn orders(n: usize) -> Vec<(String, Vec<CompId>)> {
        (0..n).map(|i| (format!("o{i}"), vec![i])).collect()
    }

    /// The race gives every candidate the same slices, doubling, resumes each from its own
    /// state, and returns the first that finishes within its slice; a limit that is not the
    /// slice ends it.
    #[test]
    fn the_race_doubles_the_slices_until_a_candidate_finishes() {
        let budget = Budget::unlimited();
        let mut started = Vec::new();
        // the state counts the tries; candidate 1 needs three, candidate 0 never finishes
        let (i, tries, v) = race_orders(
            &orders(2),
            &budget,
            |name, _| {
                started.push(name.to_string());
                Ok((name.to_string(), 0))
            },
            |(name, tries), b| {
                *tries += 1;
                assert!(!b.expired());
                if name == "o1" && *tries == 3 {
                    Ok(42)
                } else {
                    Err(Error::Limit(Limit::Time {
                        seconds: f64::INFINITY,
                    }))
                }
            },
        )
        .unwrap();
        assert_eq!((i, tries, v), (1, ("o1".to_string(), 3), 42));
        assert_eq!(started, ["o0", "o1"]);
        let r: Result<(usize, (), ())> = race_orders(
            &orders(2),
            &budget,
            |_, _| Ok(()),
            |_, _| Err(Error::Limit(Limit::Nodes { max: 1 })),
        );
        assert!(matches!(r, Err(Error::Limit(Limit::Nodes { max: 1 }))));
        // one candidate: it runs once, under the budget itself
        let mut calls = 0;
        let (i, _, _) = race_orders(
            &orders(1),
            &budget,
            |_, _| Ok(()),
            |_, _| {
                calls += 1;
                Ok(())
            },
        )
        .unwrap();
        assert_eq!((i, calls), (0, 1));
    }

    /// A capped race gives up after the round whose slice reaches the cap, and a single
    /// candidate then gets one slice of the cap.
    #[test]
    fn a_capped_race_gives_up_after_its_largest_slice() {
        // (winner and its value, tries) when the `finish_at`-th try finishes
        let race = |n: usize, max_slice: usize, finish_at: usize| {
            let mut tries = 0;
            let r = race_orders_upto(
                &orders(n),
                &Budget::unlimited(),
                max_slice,
                |_, _| Ok(()),
                |_, _| {
                    tries += 1;
                    if tries == finish_at {
                        Ok(7)
                    } else {
                        Err(Error::Limit(Limit::Time {
                            seconds: f64::INFINITY,
                        }))
                    }
                },
            )
            .unwrap();
            (r.map(|(i, _, v)| (i, v)), tries)
        };
        // slices 1, 2 and 4 times the first, for both candidates
        assert_eq!(race(2, RACE_FIRST_SLICE * 4, 0), (None, 6));
        assert_eq!(race(1, RACE_FIRST_SLICE, 0), (None, 1));
        // a candidate that finishes in the last round wins
        assert_eq!(race(2, RACE_FIRST_SLICE * 2, 4), (Some((1, 7)), 4));
    }
}
