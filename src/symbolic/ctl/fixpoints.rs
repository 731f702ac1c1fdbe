//! Symbolic CTL with label modalities over all maximal paths, by backward fixpoints.
//!
//! Algorithm: the classical fixpoint characterisation of CTL (E. M. Clarke, E. A. Emerson,
//! A. P. Sistla, "Automatic verification of finite-state concurrent systems using temporal logic
//! specifications", TOPLAS 8(2), 1986) evaluated on BDDs as in J. R. Burch, E. M. Clarke,
//! K. L. McMillan, D. L. Dill, L. J. Hwang, "Symbolic model checking: 10^20 states and beyond",
//! LICS 1990. WHY the equations differ from the textbook: RERS Parallel CTL quantifies over all
//! **maximal** paths, including finite ones that end in a deadlock (RERS 2020 problem
//! description). The textbook equations assume a total transition relation; here every
//! operator that looks at "the rest of the path" must treat a deadlock explicitly. The
//! equations and why each is right are written next to their code below.
//!
//! Every set is a subset of the reachable states `R` (computed once per file by
//! [`reachable`](crate::symbolic::reach::reachable) and shared by all its properties); complement is
//! `R ∧ ¬f`. `dead = R ∧ ¬enabled_any`. EX is the union of the preimages of the labels that
//! fire somewhere in `R`, merged into a few clusters ([`crate::symbolic::cluster`]).
//!
//! Least fixpoints of the shape `μZ. g ∨ (f ∧ EX Z)` (EF, EU) are computed saturation-style:
//! one label's preimage of the newly found states at a time, added at once, the labels grouped
//! by the top level they touch and the lowest group brought to its local fixpoint before a
//! higher one fires, until no group adds anything. That computes the same least fixpoint (every
//! added state is in it, and when no label adds anything the set is a fixpoint) in far fewer
//! iterations than breadth-first layers (the `A(W)`-based properties of `scripts/bench-ctl.sh`
//! run about three times faster than with plain chaining on frontiers: docs/benchmarks.md,
//! "CTL fixpoints"). AG and A(W) are evaluated through their
//! duals, which are of that shape. [`CtlChecker::literal`] turns all of this off and iterates
//! every equation exactly as written, which the tests use as a cross-check.

use std::collections::HashMap;

use oxidd::bdd::BDDFunction;
use oxidd::BooleanFunction;

use crate::error::Result;
use crate::limits::Budget;
use crate::logic::ctl::Ctl;
use crate::model::{LabelId, System};
use crate::symbolic::cluster::{Clusters, CLUSTER_NODES};
use crate::symbolic::encoding::bottom_up;
use crate::symbolic::reach::level_ordered::{group_by_level, level_ordered};
use crate::symbolic::Encoding;

/// Evaluates CTL formulas of one system on one reachable set, memoising subformulas.
///
/// Keep one checker for all properties of a file: the reachable set, the deadlocks and the
/// memo table are shared (the memo holds BDDs alive; call [`CtlChecker::clear_memo`] between
/// properties if memory is tight).
pub struct CtlChecker<'a> {
    pub(crate) enc: &'a Encoding,
    pub(crate) sys: &'a System,
    /// The reachable states `R`.
    pub(crate) reach: BDDFunction,
    /// The states the fixpoints range over: `R` (default), or all valid codes (see
    /// [`CtlChecker::over_all_states`]). Complements are taken within it.
    pub(crate) domain: BDDFunction,
    /// `domain ∧ ¬enabled_any`: deadlocks.
    pub(crate) dead: BDDFunction,
    /// `domain ∧ enabled_any` = `EX true`.
    pub(crate) live: BDDFunction,
    /// Labels enabled somewhere in the domain (the others add nothing to any preimage).
    pub(crate) active: Vec<LabelId>,
    /// `active` grouped by top level, lowest group first: the iteration order of
    /// [`CtlChecker::eu`].
    groups: Vec<Vec<LabelId>>,
    /// The active labels' relations merged into clusters, for `EX` (see [`crate::symbolic::cluster`]).
    pub(crate) clusters: Clusters,
    memo: HashMap<Ctl, BDDFunction>,
    literal: bool,
}

impl<'a> CtlChecker<'a> {
    /// `reach` must be the reachable states of `enc` (from [`crate::symbolic::reach::reachable`]).
    pub fn new(enc: &'a Encoding, reach: &BDDFunction, sys: &'a System) -> Result<CtlChecker<'a>> {
        Self::new_within(enc, reach, sys, &Budget::unlimited())
    }

    /// [`CtlChecker::new`] under the limits of `budget`: clustering the relations of tens of
    /// thousands of components is work a time limit must be able to stop.
    pub fn new_within(
        enc: &'a Encoding,
        reach: &BDDFunction,
        sys: &'a System,
        budget: &Budget,
    ) -> Result<CtlChecker<'a>> {
        let f = enc.f();
        let mut c = CtlChecker {
            enc,
            sys,
            reach: reach.clone(),
            domain: f.clone(),
            dead: f.clone(),
            live: f,
            active: Vec::new(),
            groups: Vec::new(),
            clusters: Clusters { rels: Vec::new() },
            memo: HashMap::new(),
            literal: false,
        };
        c.set_domain(reach.clone(), budget)?;
        Ok(c)
    }

    fn set_domain(&mut self, domain: BDDFunction, budget: &Budget) -> Result<()> {
        let enabled = self.enc.enabled_any()?;
        self.live = domain.and(&enabled)?;
        self.dead = domain.and(&enabled.not()?)?;
        self.active.clear();
        for (l, r) in self.enc.labels.iter().enumerate() {
            if domain.and(&r.enabled)?.satisfiable() {
                self.active.push(l);
            }
            budget.check(self.enc)?;
        }
        let active: Vec<LabelId> = bottom_up(self.enc)
            .into_iter()
            .filter(|l| self.active.contains(l))
            .collect();
        self.clusters = Clusters::new(
            self.enc,
            active.iter().map(|&l| &self.enc.labels[l]),
            CLUSTER_NODES,
            budget,
        )?;
        self.groups = group_by_level(active, |l| self.enc.labels[l].top_level());
        self.domain = domain;
        self.memo.clear();
        Ok(())
    }

    /// Let the fixpoints range over all valid state codes instead of the reachable states.
    ///
    /// WHY this is sound: the CTL value of a state depends only on the states reachable from
    /// it, so evaluating over a successor-closed superset of `R` gives the same value at every
    /// reachable state. WHY it can pay: a set restricted to `R` inherits the shape of `R`'s
    /// BDD, which may be much larger than the unrestricted set. WHY it is off by default: where
    /// unreachable codes form long chains, a greatest fixpoint peels them one step per
    /// iteration, which costs far more than it saves (RERS 2019 problem 101's EG; the figures
    /// for 2017 104, 106 and 2019 101 are in docs/benchmarks.md, "CTL fixpoints"). Results of [`CtlChecker::eval`] are still cut to `R`.
    pub fn over_all_states(mut self, on: bool) -> Result<Self> {
        let domain = if on {
            self.enc.valid.clone()
        } else {
            self.reach.clone()
        };
        self.set_domain(domain, &Budget::unlimited())?;
        Ok(self)
    }

    /// Evaluate every operator by iterating its own fixpoint equation literally (no chaining,
    /// no duals). Slower; a cross-check for the tests.
    pub fn literal(mut self, on: bool) -> Self {
        self.literal = on;
        self.memo.clear();
        self
    }

    pub fn clear_memo(&mut self) {
        self.memo.clear();
    }

    /// The reachable states.
    pub fn reachable(&self) -> &BDDFunction {
        &self.reach
    }

    /// The reachable deadlocks.
    pub fn deadlocks(&self) -> Result<BDDFunction> {
        Ok(self.dead.and(&self.reach)?)
    }

    /// Whether `f` holds in the initial state.
    pub fn holds(&mut self, f: &Ctl, budget: &Budget) -> Result<bool> {
        let s = self.sat(f, budget)?;
        Ok(self.enc.initial.and(&s)?.satisfiable())
    }

    /// The reachable states that satisfy `f`.
    pub fn eval(&mut self, f: &Ctl, budget: &Budget) -> Result<BDDFunction> {
        let s = self.sat(f, budget)?;
        if self.domain == self.reach {
            return Ok(s);
        }
        Ok(s.and(&self.reach)?)
    }

    /// The states of the domain that satisfy `f`, memoised.
    pub(crate) fn sat(&mut self, f: &Ctl, budget: &Budget) -> Result<BDDFunction> {
        if let Some(s) = self.memo.get(f) {
            return Ok(s.clone());
        }
        let s = self.eval_uncached(f, budget)?;
        budget.check(self.enc)?;
        self.memo.insert(f.clone(), s.clone());
        Ok(s)
    }

    fn eval_uncached(&mut self, f: &Ctl, budget: &Budget) -> Result<BDDFunction> {
        use Ctl::*;
        Ok(match f {
            True => self.domain.clone(),
            False => self.enc.f(),
            Not(a) => {
                let a = self.sat(a, budget)?;
                self.not(&a)?
            }
            And(a, b) => {
                let (a, b) = (self.sat(a, budget)?, self.sat(b, budget)?);
                a.and(&b)?
            }
            Or(a, b) => {
                let (a, b) = (self.sat(a, budget)?, self.sat(b, budget)?);
                a.or(&b)?
            }
            Implies(a, b) => {
                let (a, b) = (self.sat(a, budget)?, self.sat(b, budget)?);
                self.not(&a)?.or(&b)?
            }
            Equiv(a, b) => {
                let (a, b) = (self.sat(a, budget)?, self.sat(b, budget)?);
                // a ↔ b is true on unreachable states too: cut back to R
                a.equiv(&b).and_then(|e| e.and(&self.domain))?
            }
            // <a> f: some a-step leads to f. A label the system does not have never fires.
            Diamond(Some(l), a) => {
                let a = self.sat(a, budget)?;
                match self.sys.label_id(l) {
                    Some(id) => self.pre_label(id, &a)?,
                    None => self.enc.f(),
                }
            }
            // [a] f = ¬<a>¬f: every a-step leads to f; vacuously true where a is disabled.
            Box(Some(l), a) => {
                let a = self.sat(a, budget)?;
                match self.sys.label_id(l) {
                    Some(id) => {
                        let na = self.not(&a)?;
                        let p = self.pre_label(id, &na)?;
                        self.not(&p)?
                    }
                    None => self.domain.clone(),
                }
            }
            Diamond(None, a) => {
                let a = self.sat(a, budget)?;
                self.ex(&a, budget)?
            }
            Box(None, a) => {
                let a = self.sat(a, budget)?;
                self.ax(&a, budget)?
            }
            EF(a) => {
                let a = self.sat(a, budget)?;
                self.ef(&a, budget)?
            }
            EU(a, b) => {
                let (a, b) = (self.sat(a, budget)?, self.sat(b, budget)?);
                self.eu(&a, &b, budget)?
            }
            AG(a) => {
                let a = self.sat(a, budget)?;
                self.ag(&a, budget)?
            }
            AW(a, b) => {
                let (a, b) = (self.sat(a, budget)?, self.sat(b, budget)?);
                self.aw(&a, &b, budget)?
            }
            EG(a) => {
                let a = self.sat(a, budget)?;
                self.eg(&a, budget)?
            }
            EW(a, b) => {
                let (a, b) = (self.sat(a, budget)?, self.sat(b, budget)?);
                self.ew(&a, &b, budget)?
            }
            AF(a) => {
                let a = self.sat(a, budget)?;
                self.af(&a, budget)?
            }
            AU(a, b) => {
                let (a, b) = (self.sat(a, budget)?, self.sat(b, budget)?);
                self.au(&a, &b, budget)?
            }
        })
    }

    /// `R ∧ ¬z`.
    pub(crate) fn not(&self, z: &BDDFunction) -> Result<BDDFunction> {
        Ok(self.domain.and(&z.not()?)?)
    }

    /// `R ∧ pre_l(z)`: reachable states with an `l`-step into `z`.
    pub(crate) fn pre_label(&self, l: LabelId, z: &BDDFunction) -> Result<BDDFunction> {
        self.enc.labels[l]
            .preimage(z)?
            .and(&self.domain)
            .map_err(crate::Error::from)
    }

    /// EX z = `R ∧ ⋁_l pre_l(z)`. False in a deadlock.
    pub(crate) fn ex(&self, z: &BDDFunction, budget: &Budget) -> Result<BDDFunction> {
        let pre = self.clusters.pre(self.enc, z, budget)?;
        Ok(pre.and(&self.domain)?)
    }

    /// AX z = ¬EX¬z. Vacuously true in a deadlock (no successor violates z).
    pub(crate) fn ax(&self, z: &BDDFunction, budget: &Budget) -> Result<BDDFunction> {
        let nz = self.not(z)?;
        let e = self.ex(&nz, budget)?;
        self.not(&e)
    }

    /// EF f = μZ. f ∨ EX Z.
    ///
    /// Some maximal path from s meets f iff some finite path from s ends in f (every finite
    /// path extends to a maximal one): the least fixpoint collects exactly the states with such
    /// a path, by length.
    pub(crate) fn ef(&self, f: &BDDFunction, budget: &Budget) -> Result<BDDFunction> {
        if self.literal {
            return self.lfp(f, budget, |z| {
                let e = self.ex(z, budget)?;
                Ok(f.or(&e)?)
            });
        }
        let r = self.domain.clone();
        self.eu(&r, f, budget)
    }

    /// E(f U g) = μZ. g ∨ (f ∧ EX Z).
    ///
    /// A maximal path satisfies f U g iff some position has g and all earlier ones f; only a
    /// finite prefix matters, and any finite path extends to a maximal one. So E(f U g) holds
    /// iff there is a finite path through f-states to a g-state, which the least fixpoint
    /// collects by path length. Deadlocks need no care: a deadlock is in the set iff it has g.
    pub(crate) fn eu(
        &self,
        f: &BDDFunction,
        g: &BDDFunction,
        budget: &Budget,
    ) -> Result<BDDFunction> {
        if self.literal {
            return self.lfp(g, budget, |z| {
                let e = self.ex(z, budget)?;
                Ok(g.or(&f.and(&e)?)?)
            });
        }
        // Saturation-style (LTSmin's `sat-like`, see crate::symbolic::reach::level_ordered): the labels grouped by
        // top level, the lowest group chained to its local fixpoint first, each label adding
        // `f ∧ pre_l(frontier) ∧ ¬Z` where the frontier holds the states the group has not yet
        // seen; after a group adds states the iteration restarts at the lowest group.
        let mut images = 0;
        let (z, _) = level_ordered(self.enc, &self.groups, g, |l, frontier, _| {
            images += 1;
            budget.phase("CTL fixpoint (E U, saturation-style images)", images);
            let p = self.enc.labels[l].preimage(frontier)?.and(f)?;
            budget.check(self.enc)?;
            Ok(p)
        })?;
        Ok(z)
    }

    /// AG f = νZ. f ∧ AX Z, evaluated as its dual ¬EF¬f.
    ///
    /// Every maximal path from s stays in f iff every state reachable from s has f (every
    /// reachable state lies on some maximal path). A deadlock is in the ν-set iff it has f,
    /// since AX Z is vacuously true there. Dual: ¬(νZ. f ∧ AX Z) = μY. ¬f ∨ EX Y = EF¬f.
    pub(crate) fn ag(&self, f: &BDDFunction, budget: &Budget) -> Result<BDDFunction> {
        if self.literal {
            return self.gfp(f, budget, |z| {
                let a = self.ax(z, budget)?;
                Ok(f.and(&a)?)
            });
        }
        let nf = self.not(f)?;
        let bad = self.ef(&nf, budget)?;
        self.not(&bad)
    }

    /// A(f W g) = νZ. g ∨ (f ∧ AX Z), evaluated as its dual ¬E(¬g U (¬f ∧ ¬g)).
    ///
    /// f W g on a maximal path: f U g, or f at every position (of the finite or infinite
    /// path). A path violates it iff some position has ¬f ∧ ¬g with ¬g at all earlier
    /// positions (the first ¬f before any g); so ¬A(f W g) = E(¬g U (¬f ∧ ¬g)), which is the
    /// dual of the ν-equation: ¬(g ∨ (f ∧ AX Z)) = ¬g ∧ (¬f ∨ EX ¬Z). In a deadlock with f
    /// and ¬g, AX Z is vacuously true and the state is in the set: right, its only maximal
    /// path is the one-state path with f throughout.
    fn aw(&self, f: &BDDFunction, g: &BDDFunction, budget: &Budget) -> Result<BDDFunction> {
        if self.literal {
            let start = f.or(g)?;
            return self.gfp(&start, budget, |z| {
                let a = self.ax(z, budget)?;
                Ok(g.or(&f.and(&a)?)?)
            });
        }
        let ng = self.not(g)?;
        let nf = self.not(f)?;
        let stop = nf.and(&ng)?;
        let bad = self.eu(&ng, &stop, budget)?;
        self.not(&bad)
    }

    /// EG f = νZ. f ∧ (EX Z ∨ dead).
    ///
    /// A maximal path with f everywhere is either infinite or ends in a deadlock. If s is in
    /// the ν-set, following successors inside the set (one exists unless the state is dead)
    /// gives such a path; conversely the states on such paths form a post-fixpoint. The textbook
    /// νZ. f ∧ EX Z would miss the paths that end in a deadlock.
    pub(crate) fn eg(&self, f: &BDDFunction, budget: &Budget) -> Result<BDDFunction> {
        self.gfp(f, budget, |z| {
            let e = self.ex(z, budget)?;
            let step = e.or(&self.dead)?;
            Ok(f.and(&step)?)
        })
    }

    /// E(f W g) = νZ. g ∨ (f ∧ (EX Z ∨ dead)).
    ///
    /// Some maximal path satisfies f U g or has f at every position. From a state of the
    /// ν-set: stop at g, or have f and either be dead (the one-state path has f throughout) or
    /// step to a successor in the set; the path so built satisfies f W g. Conversely the states
    /// on such paths up to their first g form a post-fixpoint. It equals E(f U g) ∨ EG f.
    fn ew(&self, f: &BDDFunction, g: &BDDFunction, budget: &Budget) -> Result<BDDFunction> {
        let start = f.or(g)?;
        self.gfp(&start, budget, |z| {
            let e = self.ex(z, budget)?;
            let step = e.or(&self.dead)?;
            Ok(g.or(&f.and(&step)?)?)
        })
    }

    /// AF f = μZ. f ∨ (EX true ∧ AX Z).
    ///
    /// Every maximal path meets f. A deadlock without f fails: its only maximal path (itself)
    /// never meets f, and EX true is false there (without `EX true`, AX Z would be vacuously
    /// true and put it in the set: the textbook equation is wrong here). A live state without f
    /// is in the set iff all its successors are; the least fixpoint excludes states with an
    /// infinite path avoiding f. Its dual is EG¬f = νY. ¬f ∧ (EX Y ∨ dead), as it must be.
    pub(crate) fn af(&self, f: &BDDFunction, budget: &Budget) -> Result<BDDFunction> {
        self.lfp(f, budget, |z| {
            let a = self.ax(z, budget)?;
            let step = self.live.and(&a)?;
            Ok(f.or(&step)?)
        })
    }

    /// A(f U g) = μZ. g ∨ (f ∧ EX true ∧ AX Z).
    ///
    /// Every maximal path reaches g through f. A deadlock with f and ¬g fails (its one-state
    /// path never reaches g), hence `EX true`. The dual νY. ¬g ∧ (¬f ∨ dead ∨ EX Y) is
    /// E(¬g W (¬f ∧ ¬g)): a path that avoids g until a ¬f state, or forever, or until a
    /// deadlock; exactly the paths that violate f U g.
    pub(crate) fn au(
        &self,
        f: &BDDFunction,
        g: &BDDFunction,
        budget: &Budget,
    ) -> Result<BDDFunction> {
        let guard = f.and(&self.live)?;
        self.lfp(g, budget, |z| {
            let a = self.ax(z, budget)?;
            let step = guard.and(&a)?;
            Ok(g.or(&step)?)
        })
    }

    /// Least fixpoint of a monotone `step`, from `start` = step(∅).
    fn lfp(
        &self,
        start: &BDDFunction,
        budget: &Budget,
        mut step: impl FnMut(&BDDFunction) -> Result<BDDFunction>,
    ) -> Result<BDDFunction> {
        let mut z = start.clone();
        let mut i = 0;
        loop {
            i += 1;
            budget.phase("CTL fixpoint (least)", i);
            let next = step(&z)?.or(&z)?;
            if next == z {
                return Ok(z);
            }
            z = next;
        }
    }

    /// Greatest fixpoint of a monotone `step`, from a `start` with step(start) ⊆ start that
    /// contains the fixpoint.
    fn gfp(
        &self,
        start: &BDDFunction,
        budget: &Budget,
        mut step: impl FnMut(&BDDFunction) -> Result<BDDFunction>,
    ) -> Result<BDDFunction> {
        let mut z = start.clone();
        let mut i = 0;
        loop {
            i += 1;
            budget.phase("CTL fixpoint (greatest)", i);
            let next = step(&z)?.and(&z)?;
            if next == z {
                return Ok(z);
            }
            z = next;
        }
    }
}

/// The reachable states of `enc` that satisfy `f`. `reach` is the reachable set.
pub fn eval(
    enc: &Encoding,
    reach: &BDDFunction,
    sys: &System,
    f: &Ctl,
    budget: &Budget,
) -> Result<BDDFunction> {
    CtlChecker::new(enc, reach, sys)?.eval(f, budget)
}

/// Whether `f` holds in the initial state of `sys`. `reach` is the reachable set of `enc`.
pub fn check_ctl(
    enc: &Encoding,
    reach: &BDDFunction,
    sys: &System,
    f: &Ctl,
    budget: &Budget,
) -> Result<bool> {
    CtlChecker::new(enc, reach, sys)?.holds(f, budget)
}
