//! The Model Checking Contest's examinations on the symbolic engine: places, Petri transitions
//! and MCC state formulas as BDDs over the reachable set of the rebuilt LTS network.
//!
//! The net is the LTS network of `src/parse/nupn.rs` (one component per unit), factored into
//! bits where a unit is a product of two-state machines ([`crate::model::factor`]), and its
//! reachable set is computed by saturation over the raced orders, as `ltsym reach` does. On
//! top of it, every question of the examinations is a set operation:
//!
//! * place `p` marked: its unit in `p`'s local state (a cube over that unit's bits);
//! * Petri transition `t` enabled: every input place marked (the definition, not the
//!   encoding's guard; the two agree on the reachable markings once [`NetChecker::build`] has
//!   checked one-safety, see [`crate::model::net`]);
//! * `tokens-count` of places: the sets "exactly k of them marked", by a running sum over
//!   the places (the count of a sum with `n` summands has `n + 1` sets); comparisons and
//!   UpperBounds read those;
//! * StateSpace TRANSITIONS = Σ_t |R ∧ enabled(t)|: every Petri transition is deterministic,
//!   so its edges in the reachability graph are the reachable markings that enable it
//!   (transitions with the same input places are counted once, times their number);
//! * CTL (and the reachability formulas `AG f`, `EF f`) by [`CtlChecker`]'s fixpoints over
//!   all maximal paths, finite ones ending in a deadlock included: the reading the contest's
//!   agreed answers need (docs/mcc.md);
//! * Liveness: `t` is live iff `R ⊆ EF enabled(t)`, one backward fixpoint per distinct set of
//!   input places, after the cheap refutations (some transition never enabled, a deadlock)
//!   and the cheap proof (the initial marking is a home state and every transition is
//!   enabled somewhere).
//!
//! LTL stays with the explicit engine (`mod.rs` dispatches).

use std::collections::HashMap;

use num_bigint::BigUint;
use oxidd::bdd::BDDFunction;
use oxidd::BooleanFunction;

use super::formula::{Formula, IntExpr};
use crate::error::{Error, Result};
use crate::limits::Budget;
use crate::model::factor::{factor, Factored};
use crate::model::{CompId, PetriNet, StateId, System};
use crate::symbolic::ctl::CtlChecker;
use crate::symbolic::encoding::{oom, SatCache};
use crate::symbolic::reach::{race_reach, ReachStats, Strategy};
use crate::symbolic::{Encoding, ManagerOptions, OrderSpec};

/// A net's reachable markings as a BDD, with the dictionary from places and transitions to
/// sets of states.
pub struct NetChecker<'a> {
    fsys: Factored,
    net: &'a PetriNet,
    enc: Encoding,
    reach: BDDFunction,
    /// The markings where each place is marked.
    marked: Vec<BDDFunction>,
    /// The reachability run (counts, deadlocks, order, times).
    pub stats: ReachStats,
}

/// The figures of the StateSpace examination.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymbolicStateSpace {
    pub states: BigUint,
    pub transitions: BigUint,
    pub max_token_in_place: u64,
    pub max_token_per_marking: u64,
}

impl<'a> NetChecker<'a> {
    /// Computes the reachable markings of `sys` (the net `net` rebuilt) and checks that the
    /// net is one-safe under its units on them (an input error otherwise).
    pub fn build(sys: &System, net: &'a PetriNet, budget: &Budget) -> Result<NetChecker<'a>> {
        let fsys = factor(sys);
        let orders = OrderSpec::Auto.candidates_for(&fsys)?;
        let (enc, reach, stats) = race_reach(
            &fsys,
            Strategy::Sat,
            &orders,
            ManagerOptions::for_system(sys),
            budget,
        )?;
        let mut checker = NetChecker {
            fsys,
            net,
            enc,
            reach,
            marked: Vec::new(),
            stats,
        };
        checker.marked = (0..net.places.len())
            .map(|p| {
                let place = &net.places[p];
                checker.comp_state(place.comp, place.state)
            })
            .collect::<Result<_>>()?;
        checker.check_one_safe()?;
        Ok(checker)
    }

    /// A transition whose guard may be stronger than Petri enabledness must not be
    /// Petri-enabled where its guard fails, in any reachable marking.
    fn check_one_safe(&self) -> Result<()> {
        for t in self.net.needs_check() {
            let guard = self.guard(t)?;
            let bad = self
                .enabled(t)?
                .and(&self.reach)
                .and_then(|e| e.and(&guard.not()?))
                .map_err(oom)?;
            if let Some(state) = self.enc.pick_state(&bad) {
                let state = self.fsys.original_state(&state);
                return Err(self.net.not_one_safe(t, &state));
            }
        }
        Ok(())
    }

    /// Original component `c` in local state `s`.
    fn comp_state(&self, c: CompId, s: StateId) -> Result<BDDFunction> {
        let part = &self.fsys.parts[c];
        match &part.codes {
            None => self
                .enc
                .value(self.enc.block_of_comp[part.comps[0]], s as usize, false),
            Some(codes) => {
                let code = codes[s as usize];
                let mut f = self.enc.t();
                for (j, &fc) in part.comps.iter().enumerate() {
                    let bit = self.enc.value(
                        self.enc.block_of_comp[fc],
                        ((code >> j) & 1) as usize,
                        false,
                    )?;
                    f = f.and(&bit).map_err(oom)?;
                }
                Ok(f)
            }
        }
    }

    /// The markings where place `p` holds its token.
    pub fn marked(&self, p: usize) -> Result<BDDFunction> {
        Ok(self.marked[p].clone())
    }

    /// The markings where `t` is Petri-enabled (all input places marked).
    pub fn enabled(&self, t: usize) -> Result<BDDFunction> {
        let mut f = self.enc.t();
        for &p in &self.net.transitions[t].pre {
            f = f.and(&self.marked(p)?).map_err(oom)?;
        }
        Ok(f)
    }

    /// The markings where the encoding lets `t` fire (its guard); empty if it never fires.
    fn guard(&self, t: usize) -> Result<BDDFunction> {
        let tr = &self.net.transitions[t];
        if tr.label.is_none() {
            return Ok(self.enc.f());
        }
        let mut f = self.enc.t();
        for &(c, from, _) in &tr.moves {
            f = f.and(&self.comp_state(c, from)?).map_err(oom)?;
        }
        Ok(f)
    }

    /// The reachable markings.
    pub fn reachable(&self) -> &BDDFunction {
        &self.reach
    }

    fn nonempty_in_reach(&self, f: &BDDFunction) -> Result<bool> {
        Ok(f.and(&self.reach).map_err(oom)?.satisfiable())
    }

    /// The transitions grouped by their input places: each distinct set once, with the
    /// transitions that have it.
    fn by_preset(&self) -> Vec<(&'a [usize], Vec<usize>)> {
        let mut index: HashMap<&[usize], usize> = HashMap::new();
        let mut out: Vec<(&[usize], Vec<usize>)> = Vec::new();
        for (t, tr) in self.net.transitions.iter().enumerate() {
            let i = *index.entry(&tr.pre[..]).or_insert_with(|| {
                out.push((&tr.pre[..], Vec::new()));
                out.len() - 1
            });
            out[i].1.push(t);
        }
        out
    }

    /// StateSpace: states, edges per Petri transition, and the token maxima.
    pub fn state_space(&self, budget: &Budget) -> Result<SymbolicStateSpace> {
        let mut transitions = BigUint::default();
        let mut cache = SatCache::default();
        // R ∧ marked(p1) ∧ ... ∧ marked(pi) for every prefix of a preset seen: transitions
        // of one label share most of theirs
        let mut prefix: HashMap<&[usize], BDDFunction> = HashMap::new();
        for (pre, ts) in self.by_preset() {
            let mut e = self.reach.clone();
            for i in 1..=pre.len() {
                e = match prefix.get(&pre[..i]) {
                    Some(f) => f.clone(),
                    None => {
                        let f = e.and(&self.marked[pre[i - 1]]).map_err(oom)?;
                        prefix.insert(&pre[..i], f.clone());
                        f
                    }
                };
            }
            transitions += self.enc.count_cached(&e, &mut cache) * BigUint::from(ts.len());
            budget.check(&self.enc)?;
        }
        // a marking's tokens: one per unit that is not in its `none` state
        let ncomp = self.net.empty_state.len() as u64;
        let mut empties = Vec::new();
        for (c, e) in self.net.empty_state.iter().enumerate() {
            if let Some(s) = e {
                empties.push((self.comp_state(c, *s)?, 1));
            }
        }
        let dist = self.distribution(&empties, budget)?;
        let fewest_empty = self.first_reachable(dist.iter().enumerate())?.unwrap_or(0);
        let per_marking = ncomp - fewest_empty;
        Ok(SymbolicStateSpace {
            states: self.stats.states.clone(),
            transitions,
            max_token_in_place: u64::from(per_marking > 0),
            max_token_per_marking: per_marking,
        })
    }

    /// ReachabilityDeadlock: some reachable marking enables no transition.
    pub fn deadlock(&self) -> bool {
        self.stats.deadlocks > BigUint::default()
    }

    /// QuasiLiveness: every transition is enabled in some reachable marking.
    pub fn quasi_live(&self, budget: &Budget) -> Result<bool> {
        for (_, ts) in self.by_preset() {
            if !self.nonempty_in_reach(&self.enabled(ts[0])?)? {
                return Ok(false);
            }
            budget.check(&self.enc)?;
        }
        Ok(true)
    }

    /// StableMarking: some place is marked in every reachable marking or in none.
    pub fn stable_marking(&self, budget: &Budget) -> Result<bool> {
        for p in 0..self.net.places.len() {
            let m = self.marked(p)?;
            if !self.nonempty_in_reach(&m)? || !self.nonempty_in_reach(&m.not().map_err(oom)?)? {
                return Ok(true);
            }
            budget.check(&self.enc)?;
        }
        Ok(false)
    }

    /// Liveness: every transition can be enabled again from every reachable marking.
    pub fn live(&self, budget: &Budget) -> Result<bool> {
        if self.net.transitions.is_empty() {
            return Ok(true);
        }
        // a deadlock enables nothing, ever again
        if self.deadlock() || !self.quasi_live(budget)? {
            return Ok(false);
        }
        let ctl = CtlChecker::new(&self.enc, &self.reach, &self.fsys.system)?;
        // the initial marking a home state (reachable from every reachable marking): every
        // transition enabled somewhere is enabled again after going home, so quasi-liveness
        // (checked above) is liveness; one fixpoint instead of one per transition
        let init = self.enc.initial.and(&self.reach).map_err(oom)?;
        if ctl.ef(&init, budget)? == self.reach {
            return Ok(true);
        }
        for (_, ts) in self.by_preset() {
            let e = self.enabled(ts[0])?.and(&self.reach).map_err(oom)?;
            if ctl.ef(&e, budget)? != self.reach {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// UpperBounds: the most tokens the places `ps` hold together in a reachable marking (a
    /// place listed twice counts twice).
    pub fn bound(&self, ps: &[usize], budget: &Budget) -> Result<u64> {
        let dist = self.tokens_distribution(ps, budget)?;
        Ok(self
            .first_reachable(dist.iter().enumerate().rev())?
            .unwrap_or(0))
    }

    /// The first `k` (in the iterator's order) whose set meets the reachable markings.
    fn first_reachable<'b>(
        &self,
        sets: impl Iterator<Item = (usize, &'b BDDFunction)>,
    ) -> Result<Option<u64>> {
        for (k, s) in sets {
            if self.nonempty_in_reach(s)? {
                return Ok(Some(k as u64));
            }
        }
        Ok(None)
    }

    /// `out[k]`: the markings where the places `ps` hold `k` tokens together.
    fn tokens_distribution(&self, ps: &[usize], budget: &Budget) -> Result<Vec<BDDFunction>> {
        let mut weight: Vec<(usize, usize)> = Vec::new();
        for &p in ps {
            match weight.iter_mut().find(|(q, _)| *q == p) {
                Some((_, w)) => *w += 1,
                None => weight.push((p, 1)),
            }
        }
        let mut terms = Vec::with_capacity(weight.len());
        for (p, w) in weight {
            terms.push((self.marked(p)?, w));
        }
        self.distribution(&terms, budget)
    }

    /// `out[k]`: the states where the weights of the true indicators sum to `k` (a running
    /// sum, one indicator at a time).
    fn distribution(
        &self,
        terms: &[(BDDFunction, usize)],
        budget: &Budget,
    ) -> Result<Vec<BDDFunction>> {
        let mut dist = vec![self.enc.t()];
        for (ind, w) in terms {
            let not_ind = ind.not().map_err(oom)?;
            let mut next = vec![self.enc.f(); dist.len() + w];
            for (k, d) in dist.iter().enumerate() {
                next[k] = next[k].or(&d.and(&not_ind).map_err(oom)?).map_err(oom)?;
                next[k + w] = next[k + w].or(&d.and(ind).map_err(oom)?).map_err(oom)?;
            }
            dist = next;
            budget.check(&self.enc)?;
        }
        Ok(dist)
    }

    /// The markings (all, not only reachable ones) where a state formula holds.
    pub fn state_set(&self, f: &Formula, budget: &Budget) -> Result<BDDFunction> {
        Ok(match f {
            Formula::True => self.enc.t(),
            Formula::False => self.enc.f(),
            Formula::Not(g) => self.state_set(g, budget)?.not().map_err(oom)?,
            Formula::And(gs) => {
                let mut s = self.enc.t();
                for g in gs {
                    s = s.and(&self.state_set(g, budget)?).map_err(oom)?;
                }
                s
            }
            Formula::Or(gs) => {
                let mut s = self.enc.f();
                for g in gs {
                    s = s.or(&self.state_set(g, budget)?).map_err(oom)?;
                }
                s
            }
            Formula::Fireable(ts) => {
                let mut s = self.enc.f();
                for &t in ts {
                    s = s.or(&self.enabled(t)?).map_err(oom)?;
                }
                s
            }
            Formula::Le(a, b) => self.le(a, b, budget)?,
            _ => {
                return Err(Error::Internal(
                    "state_set on a temporal formula".to_string(),
                ))
            }
        })
    }

    /// `a <= b`.
    fn le(&self, a: &IntExpr, b: &IntExpr, budget: &Budget) -> Result<BDDFunction> {
        let bool_set = |b: bool| if b { self.enc.t() } else { self.enc.f() };
        let or_all = |sets: &mut dyn Iterator<Item = &BDDFunction>| -> Result<BDDFunction> {
            let mut s = self.enc.f();
            for x in sets {
                s = s.or(x).map_err(oom)?;
            }
            Ok(s)
        };
        Ok(match (a, b) {
            (IntExpr::Const(x), IntExpr::Const(y)) => bool_set(x <= y),
            (IntExpr::Tokens(ps), IntExpr::Const(c)) => {
                let d = self.tokens_distribution(ps, budget)?;
                let upto = (*c).min(d.len() as u64 - 1) as usize;
                or_all(&mut d[..=upto].iter())?
            }
            (IntExpr::Const(c), IntExpr::Tokens(ps)) => {
                let d = self.tokens_distribution(ps, budget)?;
                if *c as usize >= d.len() {
                    self.enc.f()
                } else {
                    or_all(&mut d[*c as usize..].iter())?
                }
            }
            (IntExpr::Tokens(pa), IntExpr::Tokens(pb)) => {
                let (da, db) = (
                    self.tokens_distribution(pa, budget)?,
                    self.tokens_distribution(pb, budget)?,
                );
                // at least j tokens on the right, for each j
                let mut at_least = vec![self.enc.f(); db.len() + 1];
                for j in (0..db.len()).rev() {
                    at_least[j] = at_least[j + 1].or(&db[j]).map_err(oom)?;
                }
                let mut s = self.enc.f();
                for (i, a) in da.iter().enumerate() {
                    let right = &at_least[i.min(db.len())];
                    s = s.or(&a.and(right).map_err(oom)?).map_err(oom)?;
                }
                s
            }
        })
    }

    /// Whether a CTL formula (reachability formulas included) holds in the initial marking,
    /// over all maximal paths, finite ones ending in a deadlock included.
    pub fn holds_ctl(&self, f: &Formula, budget: &Budget) -> Result<bool> {
        let ctl = CtlChecker::new(&self.enc, &self.reach, &self.fsys.system)?;
        let s = self.ctl_set(&ctl, f, budget)?;
        Ok(self.enc.initial.and(&s).map_err(oom)?.satisfiable())
    }

    fn ctl_set(&self, ck: &CtlChecker, f: &Formula, budget: &Budget) -> Result<BDDFunction> {
        if f.is_state() {
            return self.state_set(f, budget)?.and(&self.reach).map_err(oom);
        }
        let rec = |g: &Formula, ck: &CtlChecker| self.ctl_set(ck, g, budget);
        let s = match f {
            Formula::Not(g) => {
                let g = rec(g, ck)?;
                ck.not(&g)?
            }
            Formula::And(gs) => {
                let mut s = self.reach.clone();
                for g in gs {
                    s = s.and(&rec(g, ck)?).map_err(oom)?;
                }
                s
            }
            Formula::Or(gs) => {
                let mut s = self.enc.f();
                for g in gs {
                    s = s.or(&rec(g, ck)?).map_err(oom)?;
                }
                s
            }
            Formula::AllPaths(p) | Formula::ExistsPath(p) => {
                let all = matches!(f, Formula::AllPaths(_));
                match (&**p, all) {
                    (Formula::Next(g), true) => ck.ax(&rec(g, ck)?, budget)?,
                    (Formula::Next(g), false) => ck.ex(&rec(g, ck)?, budget)?,
                    (Formula::Globally(g), true) => ck.ag(&rec(g, ck)?, budget)?,
                    (Formula::Globally(g), false) => ck.eg(&rec(g, ck)?, budget)?,
                    (Formula::Finally(g), true) => ck.af(&rec(g, ck)?, budget)?,
                    (Formula::Finally(g), false) => ck.ef(&rec(g, ck)?, budget)?,
                    (Formula::Until(a, b), all) => {
                        let (a, b) = (rec(a, ck)?, rec(b, ck)?);
                        if all {
                            ck.au(&a, &b, budget)?
                        } else {
                            ck.eu(&a, &b, budget)?
                        }
                    }
                    _ => {
                        return Err(Error::Usage(
                            "a path quantifier without a temporal operator right below it is \
                             not CTL"
                                .to_string(),
                        ))
                    }
                }
            }
            _ => {
                return Err(Error::Usage(
                    "a temporal operator without a path quantifier right above it is not CTL"
                        .to_string(),
                ))
            }
        };
        budget.check(&self.enc)?;
        Ok(s)
    }
}
