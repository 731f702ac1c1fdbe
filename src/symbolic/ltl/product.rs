//! The product of the system with the automaton of a negated LTL property, on the manager of
//! a [`SystemCtx`]: one relation per system label, `rel_l ∧ A_σ` (and its sub-relation per
//! acceptance set), and the set operations every LTL algorithm builds on: one step back or
//! forward ([`Product::pre`], [`Product::post`]), the backward and forward closures inside a
//! set ([`Product::until`], [`Product::forward_closure`]) and the trim to the states with an
//! infinite path ([`Product::trim`]).
//!
//! Why this shape: the automaton state is one more block of the encoding, so product relations
//! are ordinary relations, partitioned per label as for reachability, and the closures reuse
//! the reachability algorithms: constrained saturation per automaton state on the exact
//! reachable states ([`super::slices`]), the level-ordered iteration on an over-approximation
//! ([`crate::symbolic::reach::level_ordered`]). Which is faster where is measured at
//! [`Product::until`].

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Instant;

use oxidd::bdd::BDDFunction;
use oxidd::{BooleanFunction, Function};

use super::local_cycles::cycle_steps;
use super::slices::{SliceClosure, Slices};
use crate::automata::Tgba;
use crate::error::{Error, Result};
use crate::limits::Budget;
use crate::model::{LabelId, System};
use crate::symbolic::cluster::{Clusters, CLUSTER_NODES};
use crate::symbolic::context::SystemCtx;
use crate::symbolic::encoding::{bottom_up, BddResult};
use crate::symbolic::reach::constrained::Direction;
use crate::symbolic::reach::level_ordered::{group_by_level, level_ordered, LevelOrdered};
use crate::symbolic::{Encoding, Relation};

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
    /// group first, with [`Encoding::reorder_count`] when they were grouped (see
    /// [`Product::groups`]).
    groups: RefCell<(u64, Rc<Vec<Vec<usize>>>)>,
    /// `rels` merged into clusters, for the unions of all preimages or images.
    pub clusters: Clusters,
    /// `acc_rels[i]` merged into clusters.
    pub acc_clusters: Vec<Clusters>,
    /// Per automaton state: the system labels (indices into `enc.labels`, lowest first) some
    /// self-loop of the state reads.
    pub self_loops: Vec<Vec<usize>>,
    /// Per automaton state: the system states its self-loops can be taken from, `None` for
    /// wherever their labels fire. An automaton over valuations of state propositions reads
    /// the state a step leaves ([`super::states`]), so its self-loops are guarded.
    pub self_guards: Vec<Option<BDDFunction>>,
    /// Whether [`Product::until`] and [`Product::forward_closure`] saturate (on the exact
    /// reachable states) or iterate level by level (on an over-approximation).
    pub saturate: bool,
    /// The per-automaton-state saturation of [`Product::until`], built on first use and
    /// again after the variables are reordered (it places labels by block position).
    slices: RefCell<Option<Rc<Slices>>>,
}

impl Product<'_> {
    /// [`Product::rels`] grouped for [`level_ordered`] in the current variable order.
    pub fn groups(&self) -> Rc<Vec<Vec<usize>>> {
        let epoch = self.enc.reorder_count();
        if self.groups.borrow().0 != epoch {
            let g = Rc::new(group_rels(self.enc, &self.rels));
            *self.groups.borrow_mut() = (epoch, g);
        }
        self.groups.borrow().1.clone()
    }

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
    /// [`Product::until`]: on RERS 2017 problem 115 #4 (the SCC search of its lasso) plain
    /// chaining did not finish (docs/benchmarks.md, "LTL product").
    pub fn forward_closure(
        &self,
        from: &BDDFunction,
        within: &BDDFunction,
        budget: &Budget,
    ) -> BddResult<BDDFunction> {
        if !self.saturate {
            let (r, _) = level_ordered(self.enc, &self.groups(), from, |r, frontier, _| {
                let img = self.rels[r].1.image(frontier)?.and(within)?;
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
    /// By constrained saturation ([`crate::symbolic::reach::constrained`]) per automaton state: a product step
    /// either stays in its automaton state `q` (a self-loop of `q`: a plain system step, inside
    /// the slice `q` of `within`) or moves to another. Each round saturates the new states of
    /// every slice under the system labels of `q`'s self-loops, then takes one step back along
    /// all product relations for the states that change automaton state; rounds are as many as
    /// the longest chain of automaton states a path needs, not as its length.
    ///
    /// Only on the exact reachable states ([`Product::saturate`]); on the over-approximation
    /// the level-ordered iteration of [`crate::symbolic::reach::level_ordered`] (the relations
    /// grouped by the top level of their system part, each group on the states added since it
    /// last ran). Measured, one property each, with and without saturation: on the exact
    /// states saturation is about three times faster (RERS 2016 problem 115), on the
    /// projections far slower (2017 problem 108, 2016 problem 119: intermediate sets of the
    /// recursion over 4.7e18 states, 67 million nodes before the first collection); figures in
    /// docs/benchmarks.md, "LTL product".
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
                PendingClosure::Slices(SliceClosure::new(
                    self.enc,
                    Direction::Backward,
                    target,
                    within,
                ))
            } else {
                PendingClosure::Level(LevelOrdered::new(self.groups().len(), target))
            }
        });
        let y = match cl {
            PendingClosure::Slices(cl) => {
                self.run_slices(cl, None, budget)?;
                cl.y.clone()
            }
            PendingClosure::Level(it) => {
                it.run(self.enc, &self.groups(), |r, frontier, _| {
                    let pre = self.rels[r].1.preimage(frontier)?.and(within)?;
                    budget.check(self.enc)?;
                    Ok(pre)
                })?;
                it.set.clone()
            }
        };
        *pending = None;
        Ok(y)
    }

    pub(crate) fn slices(&self) -> BddResult<Rc<Slices>> {
        let epoch = self.enc.reorder_count();
        if let Some(s) = self.slices.borrow().as_ref() {
            if s.layout.epoch() == epoch {
                return Ok(s.clone());
            }
        }
        let sl = Rc::new(Slices::new(
            self.enc,
            self.aut_block,
            &self.self_loops,
            &self.self_guards,
        )?);
        *self.slices.borrow_mut() = Some(sl.clone());
        Ok(sl)
    }

    /// Runs (or resumes) a closure cut by automaton state on this product's slices and
    /// relations (see [`SliceClosure::run`]).
    pub(crate) fn run_slices(
        &self,
        cl: &mut SliceClosure,
        stop: Option<&BDDFunction>,
        budget: &Budget,
    ) -> BddResult<bool> {
        cl.run(self.enc, &*self.slices()?, &self.clusters, stop, budget)
    }

    /// The closure of `start` inside `within` in direction `dir` (see [`Product::until`]).
    fn closure(
        &self,
        dir: Direction,
        start: &BDDFunction,
        within: &BDDFunction,
        budget: &Budget,
    ) -> BddResult<BDDFunction> {
        let mut cl = SliceClosure::new(self.enc, dir, start, within);
        self.run_slices(&mut cl, None, budget)?;
        Ok(cl.y)
    }

    /// The clusters with their sources restricted to `z` (`R ∧ z`), when they have fewer
    /// nodes than the clusters themselves; else `None`. For every `y ⊆ z`, `z`'s
    /// restriction gives `Pre(y) ∧ z`, all that [`Product::trim`] asks of a preimage. A
    /// small `z` cuts the relations: on the MCC's RERS 2020 problem 103 (LTLCardinality-01,
    /// a trim of over 10,000 rounds inside a `z` of about 750 nodes) the four clusters of
    /// 23,155 nodes become 12,623, and the trim about a third faster; where `z` is large
    /// (RERS 2017 problem 113: 14,000 nodes, the restriction 120,000 against 2,457) nothing
    /// changes (docs/benchmarks.md, "Emerson-Lei fixpoint").
    pub(crate) fn clusters_inside(
        &self,
        z: &BDDFunction,
        budget: &Budget,
    ) -> BddResult<Option<Clusters>> {
        restrict_clusters(self.enc, &self.clusters, z, budget)
    }

    /// `z := νY. Y ∧ Pre(Y) ∧ z`: the states of `z` with an infinite path inside `z`. Each
    /// round removes the states whose every successor has left; the rounds are as many as the
    /// longest finite path inside `z`, but each costs one preimage, not a closure. `z` is
    /// updated after every round, so an interrupted trim keeps its progress (every round's set
    /// contains the result). Returns the number of rounds; `total` counts them too, also those
    /// of a trim cut short. The preimages take the relations restricted to sources in the
    /// starting `z` when those are smaller ([`Product::clusters_inside`]).
    ///
    /// Why each round takes `Pre(z)` whole and not only the predecessors of what the last round
    /// removed (`C ∧ Pre(Img(C) ∧ z)` for `C` those predecessors): that costs three relational
    /// products a round instead of one, and on RERS trims, short and over sets with a wide
    /// edge, it was three times slower (2017/113 #2 under --max-nodes 100000;
    /// docs/benchmarks.md, "LTL product"); the long trims it was meant for (RERS 2020 problem
    /// 103 as a net, LTLCardinality-01, over 10,000 rounds) stayed out of reach with it too.
    ///
    /// Why the rounds are not chained (Gauss-Seidel: the relations in parts, each part's
    /// preimage taken from the set as the earlier parts of the sweep left it): a state leaves
    /// only when every successor has, and the steps of independent components commute, so of
    /// a diamond `s -a-> t1 -b-> u`, `s -b-> t2 -a-> u` one sweep would have to visit `a`
    /// after `b` and `b` after `a`. Measured on RERS 2017 problem 113 #4 (1,810 rounds): one
    /// part per label, sweeps alternately ascending and descending, every sweep removed
    /// exactly one round's layer at 67 preimages a sweep; five clusters, 1,809 sweeps
    /// (docs/benchmarks.md, "The chained (Gauss-Seidel) trim").
    ///
    /// A trim not done after [`PLAIN_ROUNDS`] rounds goes on over the steps that can lie on
    /// a cycle ([`cycle_steps`]) and closes backwards to what that leaves; until then `z`
    /// keeps the last plain round, and `pending` what the cut trim has done.
    ///
    /// Stops early with the empty set when, at round 1, 2, 4, 8, ..., some acceptance set
    /// `i < num_acc` has no edge left inside the remaining states: then no state is fair. This
    /// costs a logarithmic number of extra preimages.
    pub fn trim(
        &self,
        z: &mut BDDFunction,
        num_acc: usize,
        total: &mut usize,
        budget: &Budget,
    ) -> BddResult<usize> {
        self.trim_resumable(z, num_acc, total, &mut None, budget)
    }

    /// [`Product::trim`], resumable: a trim over the cycle steps cut short by `budget` leaves
    /// its progress in `pending`, and a call with the same `z` goes on from there.
    pub(crate) fn trim_resumable(
        &self,
        z: &mut BDDFunction,
        num_acc: usize,
        total: &mut usize,
        pending: &mut Option<PendingTrim>,
        budget: &Budget,
    ) -> BddResult<usize> {
        self.trim_from(
            z,
            num_acc,
            total,
            pending,
            (PLAIN_ROUNDS, CUT_SHARE),
            budget,
        )
    }

    /// The cycle steps of `rels` inside `z` ([`cycle_steps`]), or `None` when there are none
    /// to cut, when `z` has more than [`CUT_MAX_NODES`] nodes, or when finding them takes longer than one `share`-th of the time since
    /// `since` (no limit when `share` is 0).
    fn try_cut(
        &self,
        rels: &Clusters,
        z: &BDDFunction,
        (since, share): (Instant, usize),
        budget: &Budget,
    ) -> BddResult<Option<Clusters>> {
        if z.node_count() > CUT_MAX_NODES {
            return Ok(None);
        }
        let now = Instant::now();
        let deadline = (share > 0).then(|| now + (now - since) / share as u32);
        cycle_steps(self.enc, rels, z, deadline, budget)
    }

    /// [`Product::trim_resumable`], its relations cut to the cycle steps first after `first`
    /// rounds (never when 0), then after 4, 16, 64, ... times as many, each time allowed one
    /// `share`-th of the time the trim has taken so far (no limit when `share` is 0).
    pub(crate) fn trim_from(
        &self,
        z: &mut BDDFunction,
        num_acc: usize,
        total: &mut usize,
        pending: &mut Option<PendingTrim>,
        (first, share): (usize, usize),
        budget: &Budget,
    ) -> BddResult<usize> {
        let t0 = Instant::now();
        if let Some(pt) = pending.as_mut().filter(|pt| pt.from == *z) {
            let rounds = self.cut_trim(z, num_acc, total, pt, budget)?;
            *pending = None;
            return Ok(rounds);
        }
        *pending = None;
        let mut rounds: usize = 0;
        let inside = self.clusters_inside(z, budget)?;
        loop {
            rounds += 1;
            *total += 1;
            budget.phase("Emerson-Lei trim", rounds);
            let clusters = inside.as_ref().unwrap_or(&self.clusters);
            let keep = z.and(&clusters.pre(self.enc, z, budget)?)?;
            if keep == *z {
                return Ok(rounds);
            }
            *z = keep;
            if rounds.is_power_of_two() && self.no_acc_edge(z, num_acc, budget)? {
                *z = self.enc.f();
                return Ok(rounds);
            }
            if cut_due(rounds, first) {
                let cut = self.try_cut(&self.clusters, z, (t0, share), budget)?;
                let used = inside.as_ref().unwrap_or(&self.clusters).nodes();
                if let Some((cyc, inside)) = self.cheaper(cut, z, used, budget)? {
                    log::debug!(
                        "trim over cycle steps: {} clusters of {} nodes ({:?} inside)",
                        cyc.rels.len(),
                        cyc.nodes(),
                        inside.as_ref().map(Clusters::nodes)
                    );
                    let pt = pending.insert(PendingTrim {
                        from: z.clone(),
                        y: z.clone(),
                        cyc,
                        inside,
                        trimmed: false,
                        closure: None,
                        first,
                        share,
                        rounds: 0,
                    });
                    let more = self.cut_trim(z, num_acc, total, pt, budget)?;
                    *pending = None;
                    return Ok(rounds + more);
                }
            }
        }
    }

    /// The cut relations `cut` and their restriction to `z` ([`restrict_clusters`]), unless
    /// the relations a round would use have more than half of `used` nodes: cut relations
    /// are conjunctions and can grow, and a cut that leaves the rounds as many makes each
    /// dearer. On the MCC's RERS 2020 problem 103, LTLCardinality-05, the cut relations had
    /// 27,710 nodes against 12,623 (4,398 -> 4,160 rounds, three times slower), and 24,279
    /// against 25,118 later in the trim (more rounds than without: 5,120); on
    /// LTLCardinality-01 no step is left (docs/benchmarks.md, "Emerson-Lei fixpoint").
    #[allow(clippy::type_complexity)]
    fn cheaper(
        &self,
        cut: Option<Clusters>,
        z: &BDDFunction,
        used: usize,
        budget: &Budget,
    ) -> BddResult<Option<(Clusters, Option<Clusters>)>> {
        let Some(cyc) = cut else {
            return Ok(None);
        };
        let inside = restrict_clusters(self.enc, &cyc, z, budget)?;
        let nodes = inside.as_ref().unwrap_or(&cyc).nodes();
        log::debug!("trim over cycle steps: relations of {nodes} nodes, against {used}");
        Ok((2 * nodes <= used).then_some((cyc, inside)))
    }

    /// Whether some acceptance set `i < num_acc` has no edge left inside `z`.
    fn no_acc_edge(&self, z: &BDDFunction, num_acc: usize, budget: &Budget) -> BddResult<bool> {
        for i in 0..num_acc {
            if !z.and(&self.pre_acc(i, z, budget)?)?.satisfiable() {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Runs (or resumes) the trim of `pt.from` over the cycle steps, then the closure
    /// `E[from U y]` to it (see [`cycle_steps`]); sets `z` to the result.
    fn cut_trim(
        &self,
        z: &mut BDDFunction,
        num_acc: usize,
        total: &mut usize,
        pt: &mut PendingTrim,
        budget: &Budget,
    ) -> BddResult<usize> {
        let mut rounds = 0;
        let t0 = Instant::now();
        while !pt.trimmed {
            rounds += 1;
            pt.rounds += 1;
            *total += 1;
            budget.phase("Emerson-Lei trim (cycle steps)", rounds);
            let clusters = pt.inside.as_ref().unwrap_or(&pt.cyc);
            let keep = pt.y.and(&clusters.pre(self.enc, &pt.y, budget)?)?;
            if keep == pt.y {
                pt.trimmed = true;
                break;
            }
            pt.y = keep;
            // every cycle of `from` lies in `y`: a fair one takes an edge of each set there
            if rounds.is_power_of_two() && self.no_acc_edge(&pt.y, num_acc, budget)? {
                pt.y = self.enc.f();
                pt.trimmed = true;
            }
            // cut again inside `y`: what `y`'s cycle steps leave is `E[y U y']` for the
            // trim `y'` over the new cut, and `E[from U E[y U y']] = E[from U y']`
            if !pt.trimmed && cut_due(pt.rounds, pt.first) {
                let cut = self.try_cut(&pt.cyc, &pt.y, (t0, pt.share), budget)?;
                let used = pt.inside.as_ref().unwrap_or(&pt.cyc).nodes();
                if let Some((cyc, inside)) = self.cheaper(cut, &pt.y, used, budget)? {
                    pt.inside = inside;
                    pt.cyc = cyc;
                    log::debug!("trim over cycle steps, cut again: {} nodes", pt.cyc.nodes());
                }
            }
        }
        log::debug!("trim over cycle steps: {rounds} rounds");
        *z = if pt.y.satisfiable() {
            self.until_resumable(&pt.from, &pt.y, &mut pt.closure, budget)?
        } else {
            self.enc.f()
        };
        Ok(rounds)
    }
}

/// Plain trim rounds before [`Product::trim`] cuts its relations to the cycle steps: most
/// trims end sooner, and the cut costs a projection per cluster and block.
pub(crate) const PLAIN_ROUNDS: usize = 64;

/// A cut may take one `CUT_SHARE`-th of the time the trim's rounds have taken so far:
/// where no cut pays, the cuts tried cost at most about a third of the trim (4/3 of a
/// quarter), and a cut that pays comes at the latest when the rounds have done four times
/// its work.
pub(crate) const CUT_SHARE: usize = 4;

/// No cut of a set of more nodes than this: its steps take long to project on the blocks,
/// and the operations evict what the rounds keep in the apply cache. On RERS 2017 problem 113
/// #4 (a set of 14,000 to 67,000 nodes, every block's graph of moves strongly connected but
/// for a few moves late in the trim) cuts tried within the time share of [`CUT_SHARE`] still
/// cost half the trim's time again; on the MCC's RERS 2020 problem 103, LTLCardinality-01
/// (750 to 2,700 nodes), the cut empties the set (docs/benchmarks.md, "Emerson-Lei fixpoint").
pub(crate) const CUT_MAX_NODES: usize = 10_000;

/// Whether a trim cuts its relations after round `rounds`: at `first`, 4 `first`, 16 `first`,
/// ...; never when `first` is 0.
fn cut_due(rounds: usize, first: usize) -> bool {
    if first == 0 || rounds < first || !rounds.is_multiple_of(first) {
        return false;
    }
    let q = rounds / first;
    q.is_power_of_two() && q.trailing_zeros().is_multiple_of(2)
}

/// A trim over the cycle steps cut short (see [`Product::trim_resumable`]).
pub(crate) struct PendingTrim {
    /// The set the cut trim started from.
    from: BDDFunction,
    /// The greatest fixpoint over the cycle steps inside `from`, so far.
    y: BDDFunction,
    /// The cycle steps.
    cyc: Clusters,
    /// `cyc` restricted to sources in `from`, when smaller.
    inside: Option<Clusters>,
    /// Whether `y` is the fixpoint.
    trimmed: bool,
    /// The closure to `y`, cut short.
    closure: Option<PendingClosure>,
    /// When the cut is taken again (see [`cut_due`]).
    first: usize,
    /// Its allowance, as for [`Product::trim_from`].
    share: usize,
    /// Rounds over the cycle steps so far.
    rounds: usize,
}

/// `clusters` with their sources restricted to `z` (`R ∧ z`), when they have fewer nodes
/// than the clusters themselves; else `None` (see [`Product::clusters_inside`]).
fn restrict_clusters(
    enc: &Encoding,
    clusters: &Clusters,
    z: &BDDFunction,
    budget: &Budget,
) -> BddResult<Option<Clusters>> {
    let limit = clusters.nodes();
    let (mut rels, mut nodes) = (Vec::new(), 0);
    for r in &clusters.rels {
        let rel = r.rel.and(z)?;
        budget.check(enc)?;
        nodes += rel.node_count();
        if nodes >= limit {
            return Ok(None);
        }
        rels.push(enc.relation(rel, r.support.clone())?);
    }
    Ok(Some(Clusters { rels }))
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
            .and(&enc.value(ab, e.to, true)?)?;
        edge_bdds.push(f);
        // an automaton can have many edges (the xor of ten `F`: long to build them all;
        // docs/benchmarks.md, "LTL translation")
        budget.check(enc)?;
    }
    // A_σ and A_σ,i per letter, built once and shared by all labels read as σ.
    let nletters = tgba.num_letters();
    let mut a_sigma = vec![enc.f(); nletters];
    let mut a_sigma_acc = vec![vec![enc.f(); tgba.num_acc]; nletters];
    for (e, f) in tgba.edges.iter().zip(&edge_bdds) {
        for sigma in e.letters.iter().take_while(|&s| s < nletters) {
            a_sigma[sigma] = a_sigma[sigma].or(f)?;
            for (i, acc) in a_sigma_acc[sigma].iter_mut().enumerate() {
                if e.acc >> i & 1 == 1 {
                    *acc = acc.or(f)?;
                }
            }
        }
        budget.check(enc)?;
    }
    let mut rels = Vec::new();
    let mut acc_rels: Vec<Vec<(LabelId, Relation)>> =
        (0..tgba.num_acc).map(|_| Vec::new()).collect();
    // Lowest labels first, as in reachability: the closures chain in this order.
    for (k, l) in bottom_up(enc).into_iter().enumerate() {
        budget.phase("product (relations)", k);
        let sys_rel = &enc.labels[l];
        let sigma = letter_of_label(sys, tgba, l);
        if !a_sigma[sigma].satisfiable() {
            continue;
        }
        let mut support = sys_rel.support.clone();
        support.push(ab);
        let rel = sys_rel.rel.and(&a_sigma[sigma])?;
        if !rel.satisfiable() {
            continue;
        }
        rels.push((l, enc.relation(rel, support.clone())?));
        for (i, a) in a_sigma_acc[sigma].iter().enumerate() {
            if !a.satisfiable() {
                continue;
            }
            let rel = sys_rel.rel.and(a)?;
            acc_rels[i].push((l, enc.relation(rel, support.clone())?));
        }
        budget.check(enc)?;
    }
    let init = enc.initial.and(&enc.value(ab, tgba.initial, false)?)?;
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
    let self_guards = vec![None; tgba.num_states];
    Product::assemble(ctx, rels, acc_rels, init, (self_loops, self_guards), budget)
}

impl<'c> Product<'c> {
    /// A product of the relations `rels` (with their sub-relations `acc_rels` per acceptance
    /// set) on the manager of `ctx`, from `init`; `loops` are [`Product::self_loops`] and
    /// [`Product::self_guards`]. The relations are merged into clusters here.
    pub(crate) fn assemble(
        ctx: &'c SystemCtx,
        rels: Vec<(LabelId, Relation)>,
        acc_rels: Vec<Vec<(LabelId, Relation)>>,
        init: BDDFunction,
        loops: (Vec<Vec<usize>>, Vec<Option<BDDFunction>>),
        budget: &Budget,
    ) -> Result<Product<'c>> {
        let enc = &ctx.enc;
        let groups = RefCell::new((enc.reorder_count(), Rc::new(group_rels(enc, &rels))));
        let clusters = Clusters::new(enc, rels.iter().map(|(_, r)| r), CLUSTER_NODES, budget)?;
        let acc_clusters = acc_rels
            .iter()
            .map(|rs| Clusters::new(enc, rs.iter().map(|(_, r)| r), CLUSTER_NODES, budget))
            .collect::<BddResult<Vec<_>>>()?;
        log::debug!(
            "{} relations in {} clusters of {} nodes",
            rels.len(),
            clusters.rels.len(),
            clusters.nodes()
        );
        let (self_loops, self_guards) = loops;
        Ok(Product {
            enc,
            aut_block: ctx.aut_block,
            rels,
            acc_rels,
            init,
            groups,
            clusters,
            acc_clusters,
            self_loops,
            self_guards,
            saturate: ctx.exact,
            slices: RefCell::new(None),
        })
    }
}

/// Indices into `rels` grouped by the top level of their label's system relation in the
/// current variable order, lowest group first (as [`bottom_up`] orders labels). A step that is
/// no system label (the stutter of a deadlock, [`super::states::STUTTER`]) reads the whole
/// state: it goes last, in a group at the top.
fn group_rels(enc: &Encoding, rels: &[(LabelId, Relation)]) -> Vec<Vec<usize>> {
    let n = enc.labels.len();
    let mut rank = vec![0; n];
    for (i, l) in bottom_up(enc).into_iter().enumerate() {
        rank[l] = i;
    }
    let mut idx: Vec<usize> = (0..rels.len()).collect();
    idx.sort_by_key(|&r| rank.get(rels[r].0).copied().unwrap_or(n));
    group_by_level(idx, |r| {
        enc.labels.get(rels[r].0).map_or(0, Relation::top_level)
    })
}

/// The reachable product states, by chaining from the initial product state (as
/// [`crate::symbolic::reach::reachable`] does for the system).
pub(crate) fn product_reachable(p: &Product, budget: &Budget) -> BddResult<BDDFunction> {
    budget.phase("product (reachable states)", 0);
    let t = p.enc.t();
    p.forward_closure(&p.init, &t, budget)
}
