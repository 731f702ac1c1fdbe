//! LTL under SPIN's reading of the RERS Promela files (`--ltl-semantics spin`), symbolically.
//!
//! SPIN checks the word `⊥ l1 l2 ...` of every infinite run and `⊥ l1 ... lk lk ...` of every run
//! ending in a deadlock (`⊥`: the position before any label, where no atom holds). The product
//! is built with the automaton of [`crate::automata::spin`], which reads `⊥` itself and
//! remembers the last letter, so that:
//! * an infinite run is a counterexample iff the product has an accepting lasso, which the
//!   usual search finds ([`LtlRun`]: the probe, Emerson-Lei, the lasso extraction);
//! * a run ending in a deadlock is a counterexample iff it reaches a product state
//!   `(s, p)` with `s` a deadlock and `p` dead-accepting (the automaton accepts the last
//!   letter repeated forever). That is one backward closure, `E[space U bad]`, and the initial
//!   state in it; the trace to such a state is a shortest path by BFS layers.
//!
//! The deadlock check runs first: it is a single closure, and when the system has no reachable
//! deadlock (most RERS systems) it costs one conjunction.

use oxidd::BooleanFunction;

use super::lasso::{finite_trace, Lasso};
use super::run::{LtlOptions, LtlRun};
use crate::automata::spin::SpinAutomaton;
use crate::error::{Error, Result};
use crate::limits::Budget;
use crate::model::{LabelId, System};
use crate::symbolic::context::SystemCtx;

/// The verdict of one property under SPIN's reading.
#[derive(Clone, Debug)]
pub enum SpinOutcome {
    Holds,
    /// An infinite run violating it: its labels (the word is `⊥` followed by them).
    Lasso(Lasso),
    /// A run ending in a deadlock after these labels, violating it.
    Deadlock(Vec<LabelId>),
}

/// One property's check under SPIN's reading, resumable like [`LtlRun`].
pub struct SpinRun<'c> {
    ctx: &'c SystemCtx,
    run: LtlRun<'c>,
    dead_accepting: Vec<bool>,
    /// Once decided: the labels of a violating run ending in a deadlock, if any.
    deadlock: Option<Option<Vec<LabelId>>>,
}

impl<'c> SpinRun<'c> {
    /// Builds the product of `sys` with `aut` (from the automaton of the negated property);
    /// `opts` as for [`LtlRun::new`] (e.g. whether a lasso is shortened).
    pub fn new(
        ctx: &'c SystemCtx,
        sys: &System,
        aut: &SpinAutomaton,
        budget: &Budget,
        opts: &LtlOptions,
    ) -> Result<SpinRun<'c>> {
        Ok(SpinRun {
            ctx,
            run: LtlRun::new(ctx, sys, &aut.tgba, budget, opts)?,
            dead_accepting: aut.dead_accepting.clone(),
            deadlock: None,
        })
    }

    /// The trace to a reachable product state whose system state is a deadlock and whose
    /// automaton state is dead-accepting, if there is one.
    fn deadlock_trace(&self, budget: &Budget) -> Result<Option<Vec<LabelId>>> {
        let (ctx, p, space) = (self.ctx, self.run.product(), self.run.space());
        let enabled = ctx.enc.enabled_any()?;
        // system deadlocks of the space: reach ∧ ¬enabled
        let dead = enabled.imp_strict(&ctx.reach)?;
        if !dead.satisfiable() {
            return Ok(None);
        }
        let mut accepting = ctx.enc.f();
        for (q, &acc) in self.dead_accepting.iter().enumerate() {
            if acc {
                accepting = accepting.or(&ctx.enc.value(ctx.aut_block, q, false)?)?;
            }
        }
        let bad = dead.and(&accepting).and_then(|b| b.and(space))?;
        if !bad.satisfiable() {
            return Ok(None);
        }
        let reaches = p.until(space, &bad, budget)?;
        if !reaches.and(&p.init)?.satisfiable() {
            return Ok(None);
        }
        let trace = finite_trace(p, space, &bad, &budget.whole())?.ok_or_else(|| {
            Error::Internal("SPIN reading: a dead-accepting deadlock reached but no path".into())
        })?;
        Ok(Some(trace))
    }

    /// Runs the check to its verdict, or until `budget` fails (a later call resumes).
    pub fn run(&mut self, budget: &Budget) -> Result<SpinOutcome> {
        if self.deadlock.is_none() {
            self.deadlock = Some(self.deadlock_trace(budget)?);
        }
        if let Some(Some(path)) = &self.deadlock {
            return Ok(SpinOutcome::Deadlock(path.clone()));
        }
        let r = self.run.run(budget)?;
        if r.holds {
            return Ok(SpinOutcome::Holds);
        }
        r.counterexample
            .map(SpinOutcome::Lasso)
            .ok_or_else(|| Error::Internal("violated property without counterexample".into()))
    }
}
