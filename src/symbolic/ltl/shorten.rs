//! The shortest counterexample, for a person to read (`ltsym check --witness`).
//!
//! **What "shortest" means.** Under the RERS reading a counterexample is an infinite run of the
//! system whose word violates the property. It is shown as a lasso `prefix · cycle^ω` of the
//! product with the automaton `A` of the negated property (a run of the product whose cycle
//! takes an edge of every acceptance set of `A`), and lassos are compared in this order:
//! 1. *The violation.* When some counterexample has a bad prefix (a prefix after which no
//!    continuation can satisfy the property, see [`crate::automata::monitor`]; the step the
//!    evidence marks `<- violation`): the fewest steps `m` to the end of one. Only a run that
//!    can go on forever counts: the state it reaches has an infinite future.
//! 2. *The cycle.* The fewest steps `c` of an accepting cycle reachable from where such a bad
//!    prefix ends (after a bad prefix every infinite continuation is a counterexample: the
//!    cycle is any cycle of the system the automaton accepts); without bad prefixes (`F a`,
//!    `G F a`, `G(a -> F b)`: violated only in the limit), reachable from the initial state.
//!    An edge in several acceptance sets counts for all.
//! 3. *The prefix.* The fewest steps `k` to a product state on an accepting cycle of `c` steps
//!    (after the `m` steps of 1, when it applies).
//!
//! 1, 2 and 3 are minima over all counterexamples when every search finishes in its slice of
//! work; otherwise the lasso says among which cycles its cycle is the shortest
//! ([`CycleAmong`]: those through a state within so many steps of the violation, or those
//! through its first state) and which bounds were proved. The lasso is the product's: where the
//! automaton needs two passes through a cycle of the system, the cycle shown has both. The
//! cycle is never longer than the one of the lasso as found when that one is reachable from
//! the violation (its states bound search 2 from above).
//!
//! **How**, with BDDs only (the searches are those of [`crate::symbolic::shortest`]):
//! 1. Breadth-first layers of the product × the subset automaton of the bad-prefix monitor
//!    (deterministic and small: kept explicit, one set of product states per monitor state and
//!    layer), inside the states whose system part has an infinite future, until a layer holds
//!    a state with the monitor in "bad": that layer's depth is `m`, its bad states the set `I`.
//! 2. From `I` (without a bad prefix: from the initial state), inside the states it reaches:
//!    [`nearest_fair_cycle`], the fewest steps to a state on an accepting cycle (the lasso of
//!    the extraction, [`super::lasso`], bounds it from above: its cycle's states are on one),
//!    and [`shortest_cycle`] through that state over the product's edges split by their exact
//!    acceptance sets: a first candidate.
//! 3. [`shorter_cycles`] (when the cycle to beat has at most [`MAX_SHORTER_FROM`] steps): the
//!    states on accepting cycles, layer by layer from `I`, each set of
//!    them first asked whether together they close a cycle shorter than the best known, halved
//!    when they do, single states searched by [`shortest_cycle`]. The first state found on the
//!    shortest cycle lies in the earliest layer any state on a cycle that short does: its
//!    depth is `k`.
//!
//! **Cost and limits.** It runs only when a counterexample is shown. Each search has a slice
//! of work in BDD nodes created ([`SHORTEN_WORK`]), so the same input gives the same lasso; one that runs out keeps what was found before it, and the
//! lasso carries the bound the search had proved ([`Shortness`]): "cycle of 1,009 steps, no
//! accepting cycle through its first state shorter than 300". No length is capped: the cycle
//! search of RERS 2017 problem 113 (the system's own cycle of 1,009 steps) runs to its end.
//! Nothing here decides a verdict: the lasso is replayed like any other before it is reported.

use std::collections::BTreeMap;

use oxidd::bdd::BDDFunction;
use oxidd::BooleanFunction;

use super::lasso::{state_of, Bound, Lasso, ProductState, Shortness};
use super::product::{letter_of_label, Product};
use crate::automata::monitor::{Monitor, PrefixDfa};
use crate::automata::Tgba;
use crate::error::{Error, Result};
use crate::limits::Budget;
use crate::logic::Ltl;
use crate::model::LabelId;
use crate::model::System;
use crate::symbolic::cluster::{Clusters, CLUSTER_NODES};
use crate::symbolic::encoding::{minus, BddResult};
use crate::symbolic::shorter::{shorter_cycles, Nearby, MAX_SHORTER_FROM};
use crate::symbolic::shortest::{
    cube_of, nearest_fair_cycle, on_fair_cycle, pick, shortest_cycle, two_sided_trim, walk_cycle,
    Class, CycleAmong, Graph, Layers, Nearest, Point,
};
use crate::symbolic::{Encoding, Relation};

/// The work of each of the three searches by default, in BDD nodes created (the cycle search
/// gets twice as much); see [`super::LtlOptions::shorten_work`].
pub const SHORTEN_WORK: usize = 1 << 25;

/// The bad-prefix monitor of a property as the search runs it: its subset automaton, and the
/// letter it reads each label of the system as.
#[derive(Clone, Debug)]
pub struct BadPrefixes {
    pub dfa: PrefixDfa,
    /// Indexed by label id.
    pub letters: Vec<usize>,
}

/// The most states of a bad-prefix monitor's subset automaton the search runs against the
/// system (one set of product states per monitor state and layer); RERS properties need a
/// handful.
pub const MAX_MONITOR_STATES: usize = 64;

impl BadPrefixes {
    /// The bad-prefix monitor of `f` on `sys`: `None` when no prefix is ever bad (or the monitor
    /// has more than [`MAX_MONITOR_STATES`] states).
    pub fn of(f: &Ltl, sys: &System) -> Result<Option<BadPrefixes>> {
        let firing = sys.labels().iter().filter(|l| !l.components.is_empty());
        let m = Monitor::for_labels(f, firing.map(|l| l.name.as_str()))?;
        let Some(dfa) = m.deterministic(MAX_MONITOR_STATES) else {
            return Ok(None);
        };
        let letters = (0..sys.labels().len())
            .map(|l| letter_of_label(sys, m.tgba(), l))
            .collect();
        Ok(Some(BadPrefixes { dfa, letters }))
    }

    /// The length of the first bad prefix of `prefix · cycle^ω` (0: none; it may run into
    /// later passes of the cycle).
    pub fn first_bad_step(&self, prefix: &[LabelId], cycle: &[LabelId]) -> usize {
        let labels: Vec<LabelId> = prefix.iter().chain(cycle).copied().collect();
        let (k, n) = (prefix.len(), labels.len());
        let mut mu = 0;
        let mut seen = std::collections::HashSet::new();
        for i in 0.. {
            let at = if i < n { i } else { k + (i - k) % (n - k) };
            if n == k || (i >= k && !seen.insert((at, mu))) {
                return 0;
            }
            mu = self.dfa.next[mu][self.letters[labels[at]]];
            if mu == self.dfa.bad {
                return i + 1;
            }
        }
        unreachable!("positions and monitor states repeat")
    }
}

impl Graph for Product<'_> {
    fn enc(&self) -> &Encoding {
        self.enc
    }
    fn post(&self, s: &BDDFunction, budget: &Budget) -> BddResult<BDDFunction> {
        Product::post(self, s, budget)
    }
    fn pre(&self, s: &BDDFunction, budget: &Budget) -> BddResult<BDDFunction> {
        Product::pre(self, s, budget)
    }
    fn num_acc(&self) -> usize {
        self.acc_rels.len()
    }
    fn pre_acc(&self, i: usize, s: &BDDFunction, budget: &Budget) -> BddResult<BDDFunction> {
        Product::pre_acc(self, i, s, budget)
    }
    fn until(
        &self,
        within: &BDDFunction,
        target: &BDDFunction,
        b: &Budget,
    ) -> BddResult<BDDFunction> {
        Product::until(self, within, target, b)
    }
    fn forward(
        &self,
        from: &BDDFunction,
        within: &BDDFunction,
        b: &Budget,
    ) -> BddResult<BDDFunction> {
        self.forward_closure(from, within, b)
    }
    fn trim(&self, z: &mut BDDFunction, budget: &Budget) -> BddResult<()> {
        Product::trim(self, z, self.acc_rels.len(), &mut 0, budget).map(|_| ())
    }
    fn labelled(&self) -> Vec<(LabelId, &Relation)> {
        self.rels.iter().map(|(l, r)| (*l, r)).collect()
    }
    fn labelled_acc(&self, i: usize) -> Vec<(LabelId, &Relation)> {
        self.acc_rels[i].iter().map(|(l, r)| (*l, r)).collect()
    }
}

fn internal(what: &str) -> Error {
    Error::Internal(format!("lasso shortening: {what}"))
}

/// `lasso`, made the shortest counterexample of the module doc as far as the slices of work
/// allow, with what was proved. `p` is the product with `aut`, which reads label `l` as letter
/// `letters[l]`; `space` holds the product states searched (closed under steps, with the
/// initial state), `inf` the system states with an infinite future, `bad` the property's
/// bad-prefix monitor when it has bad prefixes.
#[allow(clippy::too_many_arguments)]
pub(crate) fn shorten(
    p: &Product,
    aut: &Tgba,
    letters: &[usize],
    space: &BDDFunction,
    inf: &BDDFunction,
    bad: Option<&BadPrefixes>,
    lasso: Lasso,
    work: usize,
    budget: &Budget,
) -> Result<Lasso> {
    let enc = p.enc;
    let t0 = std::time::Instant::now();
    let w = space.and(inf)?;
    // 1. the fewest steps to a bad prefix
    let mut violation_lower = None;
    let mut violation = None;
    if let Some(bp) = bad {
        let mut proved = 1;
        let slice = budget.slice(enc, work);
        match budget.unless_sliced(violation_search(p, bp, &w, &mut proved, &slice))? {
            Some(Some(v)) => {
                violation_lower = Some(v.m);
                violation = Some(v);
            }
            Some(None) => log::debug!("lasso: no counterexample has a bad prefix"),
            None => {
                log::debug!("lasso: no bad prefix of fewer than {proved} steps; search stopped");
                violation_lower = Some(proved);
            }
        }
    }
    let t1 = std::time::Instant::now();
    // 2. the fewest steps from there to an accepting cycle; the states of the lasso's cycle are
    // on one
    let (k, n) = (lasso.prefix.len(), lasso.cycle.len());
    let mut on_cycle = enc.f();
    for s in &lasso.states[k..] {
        on_cycle = on_cycle.or(&point_of(p, s)?.cube)?;
    }
    let mut approach = None;
    if let Some(v) = &violation {
        let slice = budget.slice(enc, work);
        let mut a = Approach::new(p, &v.hit);
        // the violation need not lead to the lasso's cycle: look for it as deep as the lasso
        let known = Some((&on_cycle, k + n));
        match budget.unless_sliced(nearest(p, &w, known, &mut a, &slice))? {
            Some(()) => approach = Some(a),
            None => log::debug!("lasso: no accepting cycle found after the violation"),
        }
    }
    let from_violation = approach.is_some();
    let mut a = match approach {
        Some(a) => a,
        None => {
            let slice = budget.slice(enc, work);
            let mut a = Approach::new(p, &p.init);
            if budget
                .unless_sliced(nearest(
                    p,
                    &w,
                    Some((&on_cycle, usize::MAX)),
                    &mut a,
                    &slice,
                ))?
                .is_none()
            {
                log::debug!("lasso: no shorter prefix within {work} nodes of work");
            }
            a
        }
    };
    let t2 = std::time::Instant::now();
    // 3. the state the prefix ends in, and the shortest accepting cycle through it
    let owned = exact_classes(p, aut, letters, budget)?;
    let cs = Cycles {
        classes: classes_of(enc, &owned, budget)?,
        all: aut.all_acc(),
        slice: budget.slice(enc, work.saturating_mul(2)),
    };
    let (mut depth, mut x, mut cycle, mut proved) = match &a.target {
        Target::None => {
            let x = point_of(p, &lasso.states[k])?;
            let (cycle, proved) = cs.through(p, &w, &x, || rotated(p, &lasso, &x), budget)?;
            (None, x, cycle, proved)
        }
        Target::Known { depth, x } => {
            let (cycle, proved) = cs.through(p, &a.within, x, || rotated(p, &lasso, x), budget)?;
            (Some(*depth), x.clone(), cycle, proved)
        }
        Target::Candidates { depth, y } => {
            let layer = &a.layers.layers[*depth];
            let (x, scc) = on_fair_cycle(p, y, layer, budget)?;
            let (cycle, proved) =
                cs.through(p, &scc, &x, || walk_cycle(p, &scc, &x, budget), budget)?;
            (Some(*depth), x, cycle, proved)
        }
    };
    // 4. a shorter cycle further away. When the lasso's own cycle is shorter than the one
    // found, any as short as it is looked for (it may not be reachable from the violation).
    let mut lower = a.lower;
    let mut among = CycleAmong::ThroughFirstState;
    let long = cycle.len().min(n) > MAX_SHORTER_FROM;
    if let (Some(_), Some(hull), false) = (depth, &a.hull, long) {
        let own_shorter = n < cycle.len();
        let mut near = Nearby::default();
        let slice = budget.slice(enc, work);
        let (layers, within) = (&mut a.layers, &a.within);
        let best = if own_shorter { n + 1 } else { cycle.len() };
        let run = shorter_cycles(
            p,
            &cs.classes,
            cs.all,
            layers,
            within,
            hull,
            best,
            usize::MAX,
            &mut near,
            &slice,
        );
        if budget.unless_sliced(run)?.is_none() {
            log::debug!(
                "lasso: shorter cycles searched {:?} layers deep",
                near.searched
            );
        }
        // a search from the initial state after one from the violation ran out: what it
        // proved is not about the cycles after the violation
        if from_violation || violation.is_none() {
            among = CycleAmong::of(&near);
        }
        let exhaustive = near.exhaustive;
        if let Some((d, y, c)) = near.found {
            (depth, x, proved, cycle, lower) = (Some(d), y, c.len(), c, d);
        } else if own_shorter {
            // what was proved is about cycles of at most `n` steps
            among = CycleAmong::ThroughFirstState;
            let slice = budget.slice(enc, work);
            let meet = a
                .layers
                .first_meeting_within(p, &a.within, &on_cycle, usize::MAX, &slice);
            if let (false, Some(Some(d))) = (exhaustive, budget.unless_sliced(meet)?) {
                let y = pick(enc, &a.layers.layers[d].and(&on_cycle)?)?;
                cycle = rotated(p, &lasso, &y)?;
                (depth, x, proved) = (Some(d), y, 1);
            }
        }
        match among {
            // layers searched short of the cycle's own: say what is proved about its state
            CycleAmong::WithinSteps(d) if depth.is_some_and(|k| d < k) => {
                among = CycleAmong::ThroughFirstState
            }
            CycleAmong::ThroughFirstState => {}
            _ => proved = cycle.len(),
        }
        // the bound of search 2 is the one that holds for a nearer cycle of any length
        if among == CycleAmong::ThroughFirstState {
            lower = a.lower;
        }
    }
    let t3 = std::time::Instant::now();
    // the lasso
    let (mut start, mut steps) = match depth {
        Some(d) => a.layers.path_to(p, d, x, budget)?,
        None => {
            let points = lasso.states[..=k]
                .iter()
                .map(|s| point_of(p, s))
                .collect::<Result<Vec<_>>>()?;
            let steps = lasso
                .prefix
                .iter()
                .copied()
                .zip(points[1..].iter().cloned());
            (points[0].clone(), steps.collect())
        }
    };
    if let (true, Some(v), Some(bp)) = (from_violation, &violation, bad) {
        let (s0, mut before) = violation_path(p, bp, v, &start, budget)?;
        before.append(&mut steps);
        (start, steps) = (s0, before);
        lower += v.m;
    }
    let mut labels = Vec::new();
    let mut states: Vec<ProductState> = vec![state_of(p, &start.values)];
    for (l, s) in steps.iter().chain(&cycle) {
        labels.push(*l);
        states.push(state_of(p, &s.values));
    }
    let cycle_labels = labels.split_off(steps.len());
    let shortness = Shortness {
        violation: violation_lower.map(|at_least| Bound {
            steps: bad.map_or(0, |bp| bp.first_bad_step(&labels, &cycle_labels)),
            at_least,
        }),
        prefix: Bound {
            steps: labels.len(),
            at_least: lower.min(labels.len()),
        },
        cycle: Bound {
            steps: cycle_labels.len(),
            at_least: proved.min(cycle_labels.len()),
        },
        cycle_among: among,
    };
    log::debug!(
        "lasso shortened: prefix {} -> {} steps, cycle {} -> {} steps ({:?}); violation {:.2} s, \
         prefix {:.2} s, cycle {:.2} s, shorter cycles {:.2} s",
        lasso.prefix.len(),
        labels.len(),
        lasso.cycle.len(),
        cycle_labels.len(),
        shortness,
        (t1 - t0).as_secs_f64(),
        (t2 - t1).as_secs_f64(),
        (t3 - t2).as_secs_f64(),
        t3.elapsed().as_secs_f64()
    );
    Ok(Lasso {
        prefix: labels,
        cycle: cycle_labels,
        states,
        to_fair: lasso.to_fair,
        shortness: Some(shortness),
    })
}

/// A product state as a point.
fn point_of(p: &Product, s: &ProductState) -> Result<Point> {
    let mut values = vec![0; p.enc.blocks.len()];
    for (c, &b) in p.enc.block_of_comp.iter().enumerate() {
        values[b] = s.system[c] as usize;
    }
    values[p.aut_block] = s.aut;
    Ok(Point {
        cube: cube_of(p.enc, &values)?,
        values,
    })
}

/// The cycle of `lasso`, turned to start (and end) at `x`, one of its states.
fn rotated(p: &Product, lasso: &Lasso, x: &Point) -> Result<Vec<(LabelId, Point)>> {
    let (k, n) = (lasso.prefix.len(), lasso.cycle.len());
    let points = lasso.states[k..k + n]
        .iter()
        .map(|s| point_of(p, s))
        .collect::<Result<Vec<_>>>()?;
    let j = points
        .iter()
        .position(|s| s.values == x.values)
        .ok_or_else(|| internal("the prefix ends off the cycle"))?;
    Ok((0..n)
        .map(|i| (lasso.cycle[(j + i) % n], points[(j + i + 1) % n].clone()))
        .collect())
}

/// Search 3 of the module doc, with the product's edges by exact acceptance sets and its slice
/// of work.
struct Cycles<'a> {
    classes: Vec<Class<'a>>,
    all: u64,
    slice: Budget,
}

impl Cycles<'_> {
    /// The shortest accepting cycle through `x` inside `within`, `None` when there is none;
    /// `proved` as for [`shortest_cycle`]. Runs in the slice: an error is the slice running
    /// out or a limit of the run.
    fn search(
        &self,
        p: &Product,
        within: &BDDFunction,
        x: &Point,
        proved: &mut usize,
    ) -> Result<Option<Vec<(LabelId, Point)>>> {
        // a cycle through x stays among the states that reach x
        let back = p.until(within, &x.cube, &self.slice)?;
        shortest_cycle(
            p,
            &self.classes,
            self.all,
            &back,
            x,
            usize::MAX,
            proved,
            &self.slice,
        )
    }

    /// The shortest accepting cycle through `x`, known to be on one, with the length no cycle
    /// through it is proved shorter than; `fallback` when the slice runs out.
    fn through(
        &self,
        p: &Product,
        within: &BDDFunction,
        x: &Point,
        fallback: impl FnOnce() -> Result<Vec<(LabelId, Point)>>,
        budget: &Budget,
    ) -> Result<(Vec<(LabelId, Point)>, usize)> {
        let mut proved = 1;
        match budget.unless_sliced(self.search(p, within, x, &mut proved))? {
            Some(Some(c)) => {
                let n = c.len();
                Ok((c, n))
            }
            Some(None) => Err(internal("no accepting cycle through a state on one")),
            None => {
                log::debug!("lasso: no cycle shorter than {proved} steps; work ran out");
                Ok((fallback()?, proved))
            }
        }
    }
}

/// How far search 2 got.
enum Target {
    /// Nowhere: the lasso as found stays.
    None,
    /// A state of the lasso's cycle first reached after `depth` steps: on an accepting cycle.
    Known { depth: usize, x: Point },
    /// Some states of layer `depth` in `y` are on an accepting cycle, and none nearer is (see
    /// [`nearest_fair_cycle`]).
    Candidates { depth: usize, y: BDDFunction },
}

/// Search 2 from a set of states: its layers, the states they range over, what it found and
/// the lower bound it proved.
struct Approach {
    layers: Layers,
    within: BDDFunction,
    /// [`two_sided_trim`] of `within`, once computed.
    hull: Option<BDDFunction>,
    lower: usize,
    target: Target,
}

impl Approach {
    fn new(p: &Product, start: &BDDFunction) -> Approach {
        Approach {
            layers: Layers::new(start),
            within: p.enc.f(),
            hull: None,
            lower: 0,
            target: Target::None,
        }
    }
}

/// Search 2 of the module doc from the start of `a.layers`, inside the states of `w` it reaches:
/// fills `a`, keeping in it what was found when a limit stops the search. `known`: the states
/// of an accepting cycle, which bound the search from above when they are found within the
/// depth given.
fn nearest(
    p: &Product,
    w: &BDDFunction,
    known: Option<(&BDDFunction, usize)>,
    a: &mut Approach,
    budget: &Budget,
) -> Result<()> {
    let start = a.layers.layers[0].clone();
    a.within = p.forward(&start, w, budget)?;
    let hull = two_sided_trim(p, &a.within, budget)?;
    a.hull = Some(hull.clone());
    let mut upper = None;
    if let Some((c, max)) = known {
        if let Some(d) = a
            .layers
            .first_meeting_within(p, &a.within, c, max, budget)?
        {
            let x = pick(p.enc, &a.layers.layers[d].and(c)?)?;
            a.target = Target::Known { depth: d, x };
            upper = Some(d);
        }
    }
    let within = a.within.clone();
    match nearest_fair_cycle(
        p,
        &mut a.layers,
        &within,
        &hull,
        upper,
        &mut a.lower,
        budget,
    )? {
        Nearest::AtUpper => {}
        Nearest::Found { depth, y } => a.target = Target::Candidates { depth, y },
    }
    Ok(())
}

/// What search 1 found: the fewest steps `m` to a bad prefix, the product states `hit` at its
/// end, and the layers (per monitor state) that lead there.
struct Violation {
    m: usize,
    hit: BDDFunction,
    layers: Vec<BTreeMap<usize, BDDFunction>>,
}

/// Search 1 of the module doc, inside `w`; `None` when no counterexample has a bad prefix.
/// `proved` is raised to each length no bad prefix has.
fn violation_search(
    p: &Product,
    bp: &BadPrefixes,
    w: &BDDFunction,
    proved: &mut usize,
    budget: &Budget,
) -> Result<Option<Violation>> {
    let (enc, dfa) = (p.enc, &bp.dfa);
    // the product's relations by the monitor letter their label is read as
    let mut by_letter: BTreeMap<usize, Vec<&Relation>> = BTreeMap::new();
    for (l, r) in &p.rels {
        by_letter.entry(bp.letters[*l]).or_default().push(r);
    }
    let groups = by_letter
        .into_iter()
        .map(|(x, rs)| Ok((x, Clusters::new(enc, rs, CLUSTER_NODES, budget)?)))
        .collect::<Result<Vec<_>>>()?;
    let start = p.init.and(w)?;
    let mut layers = vec![BTreeMap::from([(0, start)])];
    let mut seen = layers[0].clone();
    loop {
        let d = layers.len();
        budget.phase("lasso shortening (violation, BFS layer)", d);
        let mut next: BTreeMap<usize, BDDFunction> = BTreeMap::new();
        for (&mu, set) in &layers[d - 1] {
            if mu == dfa.bad || !dfa.can_fail[mu] {
                continue;
            }
            for (x, clusters) in &groups {
                let img = clusters.post(enc, set, budget)?.and(w)?;
                if img.satisfiable() {
                    let slot = next.entry(dfa.next[mu][*x]).or_insert_with(|| enc.f());
                    *slot = slot.or(&img)?;
                }
            }
        }
        for (mu, set) in next.iter_mut() {
            if let Some(s) = seen.get(mu) {
                *set = minus(set, s)?;
            }
        }
        next.retain(|_, s| s.satisfiable());
        if let Some(hit) = next.get(&dfa.bad) {
            let hit = hit.clone();
            layers.push(next);
            return Ok(Some(Violation { m: d, hit, layers }));
        }
        *proved = d + 1;
        if next.is_empty() {
            return Ok(None);
        }
        for (&mu, set) in &next {
            let slot = seen.entry(mu).or_insert_with(|| enc.f());
            *slot = slot.or(set)?;
        }
        layers.push(next);
    }
}

/// The path of search 1 from the initial state to `t`, a state of its last layer in the bad
/// monitor state: the initial point and the steps.
fn violation_path(
    p: &Product,
    bp: &BadPrefixes,
    v: &Violation,
    t: &Point,
    budget: &Budget,
) -> Result<(Point, Vec<(LabelId, Point)>)> {
    let mut steps = Vec::with_capacity(v.m);
    let (mut t, mut mu) = (t.clone(), bp.dfa.bad);
    for e in (0..v.m).rev() {
        let mut found = None;
        'search: for (&from, set) in &v.layers[e] {
            for (l, rel) in &p.rels {
                if bp.dfa.next[from][bp.letters[*l]] != mu {
                    continue;
                }
                let pre = rel.preimage(&t.cube)?.and(set)?;
                budget.check(p.enc)?;
                if pre.satisfiable() {
                    found = Some((*l, pick(p.enc, &pre)?, from));
                    break 'search;
                }
            }
        }
        let (l, s, from) = found.ok_or_else(|| internal("a violation layer has no predecessor"))?;
        steps.push((l, t));
        (t, mu) = (s, from);
    }
    steps.reverse();
    Ok((t, steps))
}

/// The product's relations split by the exact acceptance sets of the automaton edges they take
/// (sets, label, relation): a product step that two automaton edges allow, one in set 0 and
/// one in set 1, is in two classes, each with one set, as a run takes one edge per step.
/// `letters[l]`: the letter `aut` reads label `l` as.
fn exact_classes(
    p: &Product,
    aut: &Tgba,
    letters: &[usize],
    budget: &Budget,
) -> Result<Vec<(u64, LabelId, Relation)>> {
    let (enc, ab) = (p.enc, p.aut_block);
    let n = aut.num_letters();
    let mut edges: BTreeMap<(usize, u64), BDDFunction> = BTreeMap::new();
    for e in &aut.edges {
        let f = enc
            .value(ab, e.from, false)?
            .and(&enc.value(ab, e.to, true)?)?;
        for x in e.letters.iter().take_while(|&x| x < n) {
            let slot = edges.entry((x, e.acc)).or_insert_with(|| enc.f());
            *slot = slot.or(&f)?;
        }
        budget.check(enc)?;
    }
    let mut out = Vec::new();
    for (l, rel) in &p.rels {
        let x = letters[*l];
        for (&(_, mask), f) in edges.range((x, 0)..=(x, u64::MAX)) {
            let r = enc.labels[*l].rel.and(f)?;
            if r.satisfiable() {
                out.push((mask, *l, enc.relation(r, rel.support.clone())?));
            }
            budget.check(enc)?;
        }
    }
    Ok(out)
}

fn classes_of<'a>(
    enc: &Encoding,
    owned: &'a [(u64, LabelId, Relation)],
    budget: &Budget,
) -> Result<Vec<Class<'a>>> {
    let mut by_mask: BTreeMap<u64, Vec<(LabelId, &Relation)>> = BTreeMap::new();
    for (m, l, r) in owned {
        by_mask.entry(*m).or_default().push((*l, r));
    }
    by_mask
        .into_iter()
        .map(|(m, rels)| Class::new(enc, m, rels, budget))
        .collect()
}
