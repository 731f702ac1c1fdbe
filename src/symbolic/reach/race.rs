//! The race of candidate variable orders: each candidate in turn gets a slice of work, the
//! slices double, every candidate resumes where its last slice stopped, and the first to reach
//! its fixpoint wins; then the statistics of the finished run.
//!
//! Why a race: no variable order is known to be good for every system ([`crate::symbolic::order`]:
//! FORCE is best on most RERS problems, only `hubs` is fast on 2016 problem 119), and which
//! one wins shows only by running. Why slices of *work* (BDD nodes created) and not of time:
//! the same input then always picks the same order, whatever the machine's load. Why
//! resumable attempts ([`ReachRun`]): the race then costs about the number of candidates times
//! the winner's own work, not a sum over restarts. (The same scheme is used by the LTL system
//! context, [`crate::symbolic::context`], which gives up after a largest slice.)

use std::time::Instant;

use oxidd::bdd::BDDFunction;
use oxidd::Function;

use super::stats::ReachStats;
use super::{ReachRun, Strategy};
use crate::error::{Error, Result};
use crate::limits::Budget;
use crate::model::factor::Factored;
use crate::model::{CompId, System};
use crate::symbolic::encoding::{minus, Block, Encoding};
use crate::symbolic::manager::ManagerOptions;
use crate::symbolic::order::total_span;

/// The first work slice of [`race_orders`], in BDD nodes created: the RERS problems that
/// `force` solves in under a second fit in it, so they never see the second candidate.
pub const RACE_FIRST_SLICE: usize = 1 << 22;

/// Races the candidate orders: `start` builds a candidate's state (its encoding), `attempt`
/// runs or resumes it; each candidate in turn gets a work slice of [`RACE_FIRST_SLICE`] nodes,
/// then twice that, and so on, until one finishes. Returns the index of the order that did,
/// its state and result. No order is known to be good for every system (see
/// [`crate::symbolic::order`]); with resumable attempts ([`ReachRun`]) the race costs about the
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
    let sliced = |r: Result<T>| budget.unless_sliced(r);
    match orders {
        [] => return Err(Error::Internal("no order to try".into())),
        [(name, o)] => {
            let mut s = start(name, o)?;
            let t = if max_slice == usize::MAX {
                attempt(&mut s, budget)?
            } else {
                let slice = budget.work(max_slice);
                match sliced(attempt(&mut s, &slice))? {
                    Some(t) => {
                        log::info!(
                            "order {name} finished within {} nodes of work",
                            slice.work_used().unwrap_or(0)
                        );
                        t
                    }
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
            let slice = budget.work(nodes);
            match sliced(attempt(s, &slice))? {
                Some(t) => {
                    log::info!(
                        "order {name} finished within a slice of {nodes} nodes ({} of them used)",
                        slice.work_used().unwrap_or(0)
                    );
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
    // the order the run ended in: the given one unless the variables were reordered
    let order: Vec<CompId> = if enc.reorderer.done.get() > 0 {
        enc.positions()
            .order
            .iter()
            .filter_map(|&b| match enc.blocks[b].block {
                Block::Component(c) => Some(c),
                Block::Extra { .. } => None,
            })
            .collect()
    } else {
        order.to_vec()
    };
    let order = &order[..];
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
        reorderings: enc.reorderer.done.get(),
        time_reorder_s: enc.reorderer.seconds.get(),
        gcs: enc.gc_count(),
        time_gc_s: enc.gc_seconds.get(),
        time_encode_s: 0.0,
        time_reach_s: 0.0,
        time_deadlock_s,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Limit;

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
