//! The Model Checking Contest's examinations on the symbolic engine: places, Petri transitions
//! and MCC state formulas as BDDs over the reachable set of the rebuilt LTS network.
//!
//! The net is the LTS network of `src/parse/nupn.rs` (one component per unit), factored into
//! bits where a unit is a product of two-state machines ([`crate::model::factor`]), and its
//! reachable set is computed by saturation over the raced orders, as `ltsym reach` does. On
//! top of it, every question of the examinations is a set operation, on the places,
//! transitions and state formulas as sets of markings ([`super::sets`]):
//!
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
//! LTL has its own encoding, with a block for the automaton state (`ltl.rs`).

use std::cell::RefCell;
use std::collections::HashMap;

use num_bigint::BigUint;
use oxidd::bdd::BDDFunction;
use oxidd::BooleanFunction;

use super::formula::Formula;
use super::sets::{check_one_safe, comp_state, distribution, NetSets};
use crate::error::{Error, Result};
use crate::limits::Budget;
use crate::model::factor::{factor, Factored};
use crate::model::{CompId, LabelId, PetriNet, StateId, Sync, System};
use crate::symbolic::ctl::CtlChecker;
use crate::symbolic::encoding::SatCache;
use crate::symbolic::reach::{race_reach, ReachStats, Strategy, RACE_FIRST_SLICE};
use crate::symbolic::{Encoding, ManagerOptions, OrderSpec};

/// Reachable markings an explicit probe explores before a manager is sized
/// ([`manager_options`]).
const PROBE_STATES: u64 = 1 << 15;

/// The manager for the net rebuilt as `sys`, with an automaton of `aut_states` states beside
/// it (1: none). [`ManagerOptions::for_system`] scales the apply cache (allocated at once,
/// 20 bytes an entry) to 4 entries per state of the product of the unit sizes, which for a
/// net of many small units is far above its reachable markings (Peterson-PT-2: 10^10 against
/// 20,754, a 2^24-entry cache of 335 MB). So an explicit probe first explores up to
/// [`PROBE_STATES`] markings; when they are all, the cache gets 4 entries per reachable
/// marking (times `aut_states`), the same rule on the exact count. `LTSYM_CACHE_LOG2`
/// (experiments) overrides both.
pub fn manager_options(sys: &System, aut_states: usize, budget: &Budget) -> ManagerOptions {
    let opts = ManagerOptions::for_system(sys);
    if std::env::var_os("LTSYM_CACHE_LOG2").is_some() {
        return opts;
    }
    let Ok(Some(markings)) = crate::explicit::probe::count_within(sys, PROBE_STATES, budget) else {
        return opts;
    };
    let states = markings as f64 * aut_states.max(1) as f64;
    let wanted = (states * 4.0).log2().ceil().clamp(16.0, 24.0) as u32;
    let cache_capacity = opts.cache_capacity.min(1 << wanted);
    log::debug!("{markings} reachable markings: apply cache of {cache_capacity} entries");
    ManagerOptions {
        cache_capacity,
        ..opts
    }
}

/// The apply cache of [`reach_small_first`]'s first attempt.
const SMALL_CACHE: usize = 1 << 20;

/// Whether every unit of the net rebuilt as `sys` has at most two local states (one place,
/// marked or not, or two places of which one is marked: Solitaire's `T`/`F` pairs). On such a
/// net every label moves tokens among several units at once, and saturation's local fixpoints
/// do not settle in any order tried: its reachable markings are computed by chaining instead
/// ([`places_strategy`]). `sys` is the system as the net gives it, before factoring (factoring
/// splits every unit that is a product of two-state machines into units of two states).
pub fn two_state_units(sys: &System) -> bool {
    sys.components().iter().all(|c| c.num_states() <= 2)
}

/// How the reachable markings of a net of [`two_state_units`] are computed: chaining to the
/// full fixpoint of each label in turn ([`Strategy::ChainFull`]), in the net's own order of
/// units (`given`), over the `n` components of its (factored) system. Solitaire-PT-SqrNC5x5
/// (16,098,428 markings over 25 two-place units): no fixpoint in 30 s CPU by saturation in any
/// order tried, 14.5 s by chaining in the given order (docs/mcc.md).
pub fn places_strategy(n: usize) -> (Strategy, Vec<(String, Vec<CompId>)>) {
    (
        Strategy::ChainFull,
        vec![("given".to_string(), (0..n).collect())],
    )
}

/// The reachable markings by the race of orders ([`race_reach`]), first with an apply cache of
/// [`SMALL_CACHE`] entries: the first order alone, for the race's first slice of work
/// ([`RACE_FIRST_SLICE`]). The cache is allocated and cleared whole (at creation and at every
/// garbage collection), and `opts`'s cache, sized from the product of the unit sizes, is
/// 2^24 entries (335 MB) for every net the explicit probe of [`manager_options`] does not
/// exhaust, which is most of the time of a net that the race's first slice settles
/// (RERS17pb113-PT-1 StateSpace, docs/mcc.md). Where that slice does not suffice, the race
/// starts again with `opts`: the large nets keep the large cache, for at most that slice of
/// work more. A net of [`two_state_units`] (`places`) is computed by chaining from the start
/// ([`places_strategy`]): the first slice of saturation cost Solitaire-PT-SqrNC5x5 more than
/// the chaining after it, and the other two such nets of the training set have 128 and 4,200
/// markings. `fixpoints` (the examinations of [`NetChecker::build_for_fixpoints`]) keeps
/// `opts`'s cache in the first slice too: the manager keeps its cache for what comes after
/// the reachable markings, and CTL's fixpoints on them (tens of large relational products
/// each) want the large one (docs/mcc.md, "CTL fixpoints").
fn reach_small_first(
    fsys: &Factored,
    orders: &[(String, Vec<CompId>)],
    opts: ManagerOptions,
    places: bool,
    fixpoints: bool,
    budget: &Budget,
) -> Result<(Encoding, BDDFunction, ReachStats)> {
    if places {
        log::info!("units of at most two states: chaining in the given order");
        let (strategy, given) = places_strategy(fsys.system.components().len());
        return race_reach(fsys, strategy, &given, opts, budget);
    }
    if opts.cache_capacity > SMALL_CACHE {
        let keep = fixpoints || std::env::var_os("LTSYM_CACHE_LOG2").is_some();
        let small = ManagerOptions {
            cache_capacity: if keep {
                opts.cache_capacity
            } else {
                SMALL_CACHE
            },
            ..opts
        };
        let first = race_reach(
            fsys,
            Strategy::Sat,
            &orders[..1.min(orders.len())],
            small,
            &budget.work(RACE_FIRST_SLICE),
        );
        if let Some(r) = budget.unless_sliced(first)? {
            return Ok(r);
        }
        log::debug!("no fixpoint within the first slice: again with the full apply cache");
    }
    race_reach(fsys, Strategy::Sat, orders, opts, budget)
}

/// A net's reachable markings as a BDD, with the dictionary from places and transitions to
/// sets of states.
pub struct NetChecker<'a> {
    fsys: Factored,
    net: &'a PetriNet,
    enc: Encoding,
    reach: BDDFunction,
    sets: NetSets<'a>,
    /// [`NetChecker::counted_by_label`].
    by_label: Vec<(LabelId, Vec<usize>)>,
    /// The reachability run (counts, deadlocks, order, times).
    pub stats: ReachStats,
    /// The sets of the temporal subformulas [`NetChecker::ctl_set`] has computed, for the
    /// examination's other formulas and for a formula resumed after its share of the time
    /// ran out (the subformulas it finished are not computed again).
    ctl_memo: RefCell<HashMap<Formula, BDDFunction>>,
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
        Self::build_with(sys, net, false, budget)
    }

    /// [`NetChecker::build`] for an examination that evaluates CTL fixpoints on the
    /// reachable markings: the manager keeps the apply cache [`manager_options`] sizes for
    /// the net, instead of the small one the reachable markings alone are computed with
    /// where they can ([`reach_small_first`]).
    pub fn build_for_fixpoints(
        sys: &System,
        net: &'a PetriNet,
        budget: &Budget,
    ) -> Result<NetChecker<'a>> {
        Self::build_with(sys, net, true, budget)
    }

    fn build_with(
        sys: &System,
        net: &'a PetriNet,
        fixpoints: bool,
        budget: &Budget,
    ) -> Result<NetChecker<'a>> {
        let fsys = factor(sys);
        let orders = OrderSpec::Auto.candidates_for(&fsys)?;
        let places = two_state_units(sys);
        let (enc, reach, stats) = reach_small_first(
            &fsys,
            &orders,
            manager_options(sys, 1, budget),
            places,
            fixpoints,
            budget,
        )?;
        let sets = NetSets::new(&enc, &fsys, net)?;
        check_one_safe(&enc, &fsys, &sets, &reach)?;
        Ok(NetChecker {
            fsys,
            net,
            enc,
            reach,
            sets,
            by_label: NetChecker::counted_by_label(sys, net),
            stats,
            ctl_memo: RefCell::new(HashMap::new()),
        })
    }

    /// The markings where place `p` holds its token.
    pub fn marked(&self, p: usize) -> Result<BDDFunction> {
        Ok(self.sets.marked(p).clone())
    }

    /// The markings where `t` is Petri-enabled (all input places marked).
    pub fn enabled(&self, t: usize) -> Result<BDDFunction> {
        self.sets.enabled(&self.enc, t)
    }

    /// The reachable markings.
    pub fn reachable(&self) -> &BDDFunction {
        &self.reach
    }

    fn nonempty_in_reach(&self, f: &BDDFunction) -> Result<bool> {
        Ok(f.and(&self.reach)?.satisfiable())
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

    /// The labels whose edges from the reachable markings are exactly the edges of their
    /// Petri transitions: product labels whose transitions make pairwise different moves and
    /// are as many as the product of the per-unit moves (so each tuple of the label's
    /// relation is the move of exactly one transition). Per such label, its transitions.
    /// `sys` is the system as the net gives it (the moves of the transitions are over its
    /// components, not over the factored ones); the factored system has the same labels and
    /// the same global moves.
    fn counted_by_label(sys: &System, net: &PetriNet) -> Vec<(LabelId, Vec<usize>)> {
        let mut of_label: Vec<Vec<usize>> = vec![Vec::new(); sys.labels().len()];
        for (t, tr) in net.transitions.iter().enumerate() {
            if let Some(l) = tr.label {
                of_label[l].push(t);
            }
        }
        let mut out = Vec::new();
        for (l, ts) in of_label.into_iter().enumerate() {
            let label = sys.label(l);
            if ts.is_empty() || !matches!(label.sync, Sync::Product) {
                continue;
            }
            let tuples = label
                .local
                .iter()
                .try_fold(1usize, |n, moves| n.checked_mul(moves.len()));
            let mut moves: Vec<&[(CompId, StateId, StateId)]> =
                ts.iter().map(|&t| &net.transitions[t].moves[..]).collect();
            moves.sort_unstable();
            moves.dedup();
            if tuples == Some(ts.len()) && moves.len() == ts.len() {
                out.push((l, ts));
            }
        }
        out
    }

    /// The edges of label `l` from the reachable markings: `|R ∧ rel_l|` over the current
    /// variables and the next variables of its support (the others are free in `rel_l`).
    fn label_edges(&self, l: LabelId, cache: &mut SatCache) -> Result<BigUint> {
        let rel = &self.enc.labels[l];
        let e = self.reach.and(&rel.rel)?;
        let support_bits: usize = rel
            .support
            .iter()
            .map(|&b| self.enc.blocks[b].bits.len())
            .sum();
        let n: BigUint = e.sat_count(self.enc.num_vars(), cache);
        Ok(n >> (self.enc.num_vars() as usize / 2 - support_bits))
    }

    /// StateSpace: states, edges per Petri transition, and the token maxima.
    ///
    /// TRANSITIONS: a label whose relation holds exactly one move per Petri transition
    /// ([`NetChecker::counted_by_label`], every label of a RERS net) counts its edges on its
    /// relation, all its transitions at once (RERS 2017 problem 113 as a net: 68 relational
    /// counts instead of 31,353 transitions); the other transitions are counted one preset
    /// at a time.
    pub fn state_space(&self, budget: &Budget) -> Result<SymbolicStateSpace> {
        let mut transitions = BigUint::default();
        let mut cache = SatCache::default();
        let mut done = vec![false; self.net.transitions.len()];
        let by_label: Vec<_> = self
            .by_label
            .iter()
            .filter(|(l, _)| *l < self.enc.labels.len())
            .collect();
        log::debug!(
            "TRANSITIONS: {} labels ({} transitions) counted on their relations",
            by_label.len(),
            by_label.iter().map(|(_, ts)| ts.len()).sum::<usize>()
        );
        for (l, ts) in by_label {
            transitions += self.label_edges(*l, &mut cache)?;
            for &t in ts {
                done[t] = true;
            }
            budget.check(&self.enc)?;
        }
        // R ∧ marked(p1) ∧ ... ∧ marked(pi) for every prefix of a preset seen: transitions
        // of one label share most of theirs
        let mut prefix: HashMap<&[usize], BDDFunction> = HashMap::new();
        for (pre, ts) in self.by_preset() {
            let ts: Vec<usize> = ts.into_iter().filter(|&t| !done[t]).collect();
            if ts.is_empty() {
                continue;
            }
            let mut e = self.reach.clone();
            for i in 1..=pre.len() {
                e = match prefix.get(&pre[..i]) {
                    Some(f) => f.clone(),
                    None => {
                        let f = e.and(self.sets.marked(pre[i - 1]))?;
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
                empties.push((comp_state(&self.enc, &self.fsys, c, *s)?, 1));
            }
        }
        let dist = distribution(&self.enc, &empties, budget)?;
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
            if !self.nonempty_in_reach(&m)? || !self.nonempty_in_reach(&m.not()?)? {
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
        let init = self.enc.initial.and(&self.reach)?;
        if ctl.ef(&init, budget)? == self.reach {
            return Ok(true);
        }
        for (_, ts) in self.by_preset() {
            let e = self.enabled(ts[0])?.and(&self.reach)?;
            if ctl.ef(&e, budget)? != self.reach {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// UpperBounds: the most tokens the places `ps` hold together in a reachable marking (a
    /// place listed twice counts twice).
    pub fn bound(&self, ps: &[usize], budget: &Budget) -> Result<u64> {
        let dist = self.sets.tokens_distribution(&self.enc, ps, budget)?;
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

    /// The markings (all, not only reachable ones) where a state formula holds.
    pub fn state_set(&self, f: &Formula, budget: &Budget) -> Result<BDDFunction> {
        self.sets.state_set(&self.enc, f, budget)
    }

    /// The CTL checker over the reachable markings that [`NetChecker::holds_ctl`] evaluates
    /// with. Make one per examination, not one per formula: it finds the transitions enabled
    /// somewhere and clusters their relations, which on a net of many transitions costs more
    /// than most formulas do.
    pub fn ctl_checker(&self, budget: &Budget) -> Result<CtlChecker<'_>> {
        CtlChecker::new_within(&self.enc, &self.reach, &self.fsys.system, budget)
    }

    /// Whether a CTL formula (reachability formulas included) holds in the initial marking,
    /// over all maximal paths, finite ones ending in a deadlock included; `ck` from
    /// [`NetChecker::ctl_checker`] on this net.
    ///
    /// Evaluated at the initial marking from the top: Boolean connectives there as Booleans,
    /// and `EF g` / `AG g` there as "some reachable marking is in `g`" / "every one is",
    /// without the backward fixpoint (the reachable set is exact: every reachable marking
    /// lies on a maximal path from the initial one). Every reachability formula is of that
    /// shape, and the contest's CTL formulas often are at the top (Solitaire-PT-SqrNC5x5's
    /// backward fixpoints over 16 M markings cost seconds each).
    pub fn holds_ctl(&self, ck: &CtlChecker, f: &Formula, budget: &Budget) -> Result<bool> {
        let rec = |g: &Formula| self.holds_ctl(ck, g, budget);
        match f {
            Formula::Not(g) => return Ok(!rec(g)?),
            Formula::And(gs) => {
                for g in cheap_first(gs) {
                    if !rec(g)? {
                        return Ok(false);
                    }
                }
                return Ok(true);
            }
            Formula::Or(gs) => {
                for g in cheap_first(gs) {
                    if rec(g)? {
                        return Ok(true);
                    }
                }
                return Ok(false);
            }
            Formula::ExistsPath(p) => {
                if let Formula::Finally(g) = &**p {
                    return self.nonempty_in_reach(&self.ctl_set(ck, g, budget)?);
                }
            }
            Formula::AllPaths(p) => {
                if let Formula::Globally(g) = &**p {
                    let g = self.ctl_set(ck, g, budget)?;
                    return Ok(!self.nonempty_in_reach(&g.not()?)?);
                }
            }
            _ => {}
        }
        let s = self.ctl_set(ck, f, budget)?;
        Ok(self.enc.initial.and(&s)?.satisfiable())
    }

    fn ctl_set(&self, ck: &CtlChecker, f: &Formula, budget: &Budget) -> Result<BDDFunction> {
        if f.is_state() {
            return Ok(self.state_set(f, budget)?.and(&self.reach)?);
        }
        if let Some(s) = self.ctl_memo.borrow().get(f) {
            return Ok(s.clone());
        }
        let rec = |g: &Formula, ck: &CtlChecker| self.ctl_set(ck, g, budget);
        // Every set here lies within the reachable markings (the checker's domain), so a
        // conjunction that is empty, or a disjunction that is all of them, is final: the
        // operands left, the costly ones last, are not computed.
        let s = match f {
            Formula::Not(g) => {
                let g = rec(g, ck)?;
                ck.not(&g)?
            }
            Formula::And(gs) => {
                let mut s = self.reach.clone();
                for g in cheap_first(gs) {
                    s = s.and(&rec(g, ck)?)?;
                    if !s.satisfiable() {
                        break;
                    }
                }
                s
            }
            Formula::Or(gs) => {
                let mut s = self.enc.f();
                for g in cheap_first(gs) {
                    s = s.or(&rec(g, ck)?)?;
                    if s == self.reach {
                        break;
                    }
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
        self.ctl_memo.borrow_mut().insert(f.clone(), s.clone());
        Ok(s)
    }
}

/// The operands of a conjunction or disjunction, those with fewer temporal operators first
/// (state formulas cost no fixpoint at all), in the file's order otherwise: evaluated in this
/// order, a short cut on an empty conjunction or a full disjunction skips the costly ones.
fn cheap_first(gs: &[Formula]) -> Vec<&Formula> {
    let mut v: Vec<&Formula> = gs.iter().collect();
    v.sort_by_key(|g| temporal_operators(g));
    v
}

/// How many path quantifiers `f` holds: the fixpoints its set costs.
fn temporal_operators(f: &Formula) -> usize {
    match f {
        Formula::Not(g) => temporal_operators(g),
        Formula::And(gs) | Formula::Or(gs) => gs.iter().map(temporal_operators).sum(),
        Formula::AllPaths(p) | Formula::ExistsPath(p) => 1 + temporal_operators(p),
        Formula::Next(g) | Formula::Globally(g) | Formula::Finally(g) => temporal_operators(g),
        Formula::Until(a, b) => temporal_operators(a) + temporal_operators(b),
        _ => 0,
    }
}
