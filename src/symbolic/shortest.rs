//! Shortest evidence on BDDs, for a person to read: the fewest steps to a set, the fewest steps
//! to a state on a fair cycle, and the shortest fair cycle through a state. The LTL
//! counterexample (`ltl/shorten.rs`) and the CTL witnesses (`ctl/witness.rs`) are built from
//! these three searches, on any [`Graph`] (the product of the system with an automaton, or the
//! system itself).
//!
//! A *fair cycle* is a cycle of at least one step whose edges together meet every acceptance
//! set (with no sets, any cycle).
//! 1. [`Layers`]: breadth-first layers from a set, layer `d` holding the states first reached
//!    after `d` steps; a path to a state of layer `d` is walked back through the layers
//!    ([`Layers::path_to`]), so it has `d` steps and none has fewer. That no state of a set is
//!    within `d` steps is proved by `d + 1` layers that miss it.
//! 2. [`nearest_fair_cycle`]: the fewest steps from a set to a state on a fair cycle. Whether a
//!    fair cycle passes through some state of the ball `B_d` (the states within `d` steps) is a
//!    fair-cycle question with `B_d` as one more Büchi set: a path that visits `B_d` and every
//!    acceptance set infinitely often exists iff a fair strongly connected component holds a
//!    state of `B_d`, and then a fair cycle passes through that state. The Emerson-Lei fixpoint
//!    with that extra set answers it ([`fair_cycle_through`]). The answer only grows with `d`,
//!    so the least `d` is searched: from a lower bound in steps that double, then by bisection
//!    below the first "yes" (or below a depth known to reach a fair cycle). Every "no" proves
//!    that no fair cycle passes within `d` steps: the bound a search stopped by a limit
//!    reports. The lower bound, and the set the answers are computed in, is the set of states
//!    with an infinite past and an infinite future ([`two_sided_trim`]), a superset of those on
//!    cycles that has no finite path left to peel off: answered in the whole set, each "no"
//!    on a ball of a thousand steps peeled the ball one step per round (RERS 2017 problem 113
//!    #2, prefix 1,053 steps; docs/benchmarks.md, "Shortest counterexamples"), inside it the
//!    first answer is most often the last.
//! 3. [`shortest_cycle`]: breadth-first search from a state `x` over pairs (state, acceptance
//!    sets met so far), an edge adding all the sets it is in, until `(x, every set)` is
//!    reached again: the shortest fair cycle through `x`. A pair is dropped when the same state
//!    was reached as early with a superset of its sets (whatever it can still do, the other can
//!    do no later). Every layer that does not close the cycle proves one more step of the bound.
//!
//! 4. [`super::shorter::shorter_cycles`]: the shortest fair cycle reachable from a set, which 3 does not give
//!    (the state nearest the start need not be on the shortest cycle: RERS 2017 problem 101
//!    #5 enters a cycle of 48 steps after 27, one of 4 steps after 42). Without a third copy
//!    of the variables the length of the shortest cycle through *some* state of a set is not
//!    one fixpoint (a breadth-first search from a set does not know which state it left), so
//!    the states on fair cycles are searched one by one with 3, layer by layer from the start
//!    and each only up to one step below the best cycle known. A layer searched through proves
//!    that no cycle through a state within its depth is shorter; all layers, that none
//!    reachable is. The first state found on a cycle of the least length is in the earliest
//!    layer any such state is in, so the prefix to it is the fewest to a cycle that short.
//!
//! Every search runs under the budget it is given (the callers give slices of work, see
//! [`Budget::slice`]) and writes what it has proved so far to an out-parameter, so a search cut
//! short still yields its bound. Nothing here decides a verdict.

use std::collections::BTreeMap;

use oxidd::bdd::BDDFunction;
use oxidd::BooleanFunction;

use crate::error::{Error, Result};
use crate::limits::Budget;
use crate::model::LabelId;
use crate::symbolic::cluster::{Clusters, CLUSTER_NODES};
use crate::symbolic::encoding::{minus, BddResult};
use crate::symbolic::{Encoding, Relation};

/// A graph on sets of states encoded in BDDs, with acceptance sets on its edges.
pub(crate) trait Graph {
    fn enc(&self) -> &Encoding;
    /// The successors of `s`.
    fn post(&self, s: &BDDFunction, budget: &Budget) -> BddResult<BDDFunction>;
    /// The predecessors of `s`.
    fn pre(&self, s: &BDDFunction, budget: &Budget) -> BddResult<BDDFunction>;
    fn num_acc(&self) -> usize;
    /// The predecessors of `s` through an edge of acceptance set `i`.
    fn pre_acc(&self, i: usize, s: &BDDFunction, budget: &Budget) -> BddResult<BDDFunction>;
    /// `E[within U target]`: the states of `within` or `target` that reach `target` inside
    /// `within`.
    fn until(
        &self,
        within: &BDDFunction,
        target: &BDDFunction,
        budget: &Budget,
    ) -> BddResult<BDDFunction>;
    /// The states of `within` that `from` reaches inside `within` (zero steps or more).
    fn forward(
        &self,
        from: &BDDFunction,
        within: &BDDFunction,
        budget: &Budget,
    ) -> BddResult<BDDFunction>;
    /// `z := νY. Y ∧ Pre(Y) ∧ z`: the states of `z` with an infinite path inside it.
    fn trim(&self, z: &mut BDDFunction, budget: &Budget) -> BddResult<()> {
        loop {
            let keep = z.and(&self.pre(z, budget)?)?;
            if keep == *z {
                return Ok(());
            }
            *z = keep;
        }
    }
    /// Every edge, by the label it fires: to walk a path back.
    fn labelled(&self) -> Vec<(LabelId, &Relation)>;
    /// The edges of acceptance set `i`, by label.
    fn labelled_acc(&self, i: usize) -> Vec<(LabelId, &Relation)>;
}

/// A length the evidence has, and a lower bound proved for it: when `at_least == steps`, no
/// evidence of the kind is shorter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bound {
    pub steps: usize,
    pub at_least: usize,
}

impl Bound {
    /// A length proved minimal.
    pub fn exact(steps: usize) -> Bound {
        Bound {
            steps,
            at_least: steps,
        }
    }

    pub fn is_exact(&self) -> bool {
        self.steps == self.at_least
    }
}

/// Among which cycles the cycle shown is the shortest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CycleAmong {
    /// Those through its first state.
    ThroughFirstState,
    /// Those through a state within this many steps of where the search started (the
    /// violation, or the start of the path).
    WithinSteps(usize),
    /// Every fair cycle reachable from where the search started.
    Reachable,
}

fn internal(what: &str) -> Error {
    Error::Internal(format!("shortest evidence: {what}"))
}

/// One state as block values and as a cube.
#[derive(Clone)]
pub(crate) struct Point {
    pub values: Vec<usize>,
    pub cube: BDDFunction,
}

pub(crate) fn cube_of(enc: &Encoding, values: &[usize]) -> BddResult<BDDFunction> {
    let mut f = enc.t();
    for (b, &v) in values.iter().enumerate().rev() {
        f = enc.value(b, v, false)?.and(&f)?;
    }
    Ok(f)
}

/// Some state of `set`.
pub(crate) fn pick(enc: &Encoding, set: &BDDFunction) -> Result<Point> {
    let values = enc
        .pick(set)
        .ok_or_else(|| internal("picked from an empty set"))?;
    let cube = cube_of(enc, &values)?;
    Ok(Point { values, cube })
}

/// A predecessor of `t` in `from`, with the label of the step.
pub(crate) fn step_back(
    g: &impl Graph,
    t: &Point,
    from: &BDDFunction,
    budget: &Budget,
) -> Result<Option<(LabelId, Point)>> {
    let pre = g.pre(&t.cube, budget)?.and(from)?;
    if !pre.satisfiable() {
        return Ok(None);
    }
    let s = pick(g.enc(), &pre)?;
    Ok(Some((label_of(g.enc(), g.labelled(), &s, t, budget)?, s)))
}

/// A label of `rels` that leads from `s` to `t`. Why not a preimage per label: a step is found
/// by the clusters' preimage of `t`, and only the few labels enabled at the state picked
/// then need an image (a counterexample of 1,052 steps on RERS 2017 problem 113 walked back
/// through its 67 labels' preimages one by one).
pub(crate) fn label_of(
    enc: &Encoding,
    rels: Vec<(LabelId, &Relation)>,
    s: &Point,
    t: &Point,
    budget: &Budget,
) -> Result<LabelId> {
    for (l, rel) in rels {
        if !rel.enabled.and(&s.cube)?.satisfiable() {
            continue;
        }
        let img = rel.image(&s.cube)?.and(&t.cube)?;
        budget.check(enc)?;
        if img.satisfiable() {
            return Ok(l);
        }
    }
    Err(internal("a step has no label"))
}

/// Breadth-first layers from a set (search 1 of the module doc).
pub(crate) struct Layers {
    /// `layers[d]`: the states first reached after `d` steps; `layers[0]` is the start.
    pub layers: Vec<BDDFunction>,
    /// The states within [`Layers::depth`] steps. Balls of smaller radius are unions of layers
    /// when asked for: kept for every depth, they doubled the peak memory of RERS 2017
    /// problem 113's counterexamples (prefixes of a thousand steps).
    seen: BDDFunction,
    /// No further state is reachable: every layer after the last is empty.
    pub exhausted: bool,
    /// Whether the next layer is taken from the image of `seen` rather than of the last layer
    /// (see [`Layers::grow`]), and the `within` it was decided for.
    from_ball: Option<BDDFunction>,
    /// [`REVISIT_RATIO`], but for tests.
    revisit_ratio: usize,
}

/// The layers at which [`Layers::grow`] compares the image of the last layer with the states it
/// adds: the first few (where a search that revisits shows it soon), then every
/// `COMPARE_EVERY`-th, so that counting the nodes costs little on a search of a thousand layers
/// (RERS 2017 problem 113: a count of the image and the layer is about a layer's image).
fn compare_at(d: usize) -> bool {
    const COMPARE_EVERY: usize = 64;
    (d.is_power_of_two() && d <= COMPARE_EVERY) || d.is_multiple_of(COMPARE_EVERY)
}

/// The image of the last layer is abandoned for the image of all layers once it has more than
/// this many times the nodes of the states it adds.
pub(crate) const REVISIT_RATIO: usize = 2;

impl Layers {
    pub fn new(start: &BDDFunction) -> Layers {
        Layers {
            layers: vec![start.clone()],
            seen: start.clone(),
            exhausted: false,
            from_ball: None,
            revisit_ratio: REVISIT_RATIO,
        }
    }

    /// With another ratio of [`Layers::grow`] (0: the ball from layer 2 on, `usize::MAX`:
    /// never), for tests of both ways.
    #[cfg(test)]
    pub fn with_revisit_ratio(mut self, ratio: usize) -> Layers {
        self.revisit_ratio = ratio;
        self
    }

    /// Whether the images are taken of the ball (see [`Layers::grow`]).
    #[cfg(test)]
    pub fn takes_ball_images(&self) -> bool {
        self.from_ball.is_some()
    }

    /// The deepest layer computed.
    pub fn depth(&self) -> usize {
        self.layers.len() - 1
    }

    /// The states within `d` steps (all reachable ones when `d` is past an exhausted search).
    pub fn ball(&self, d: usize) -> Result<BDDFunction> {
        if d >= self.depth() {
            return Ok(self.seen.clone());
        }
        let mut ball = self.layers[0].clone();
        for l in &self.layers[1..=d] {
            ball = ball.or(l)?;
        }
        Ok(ball)
    }

    /// Adds the next layer (successors inside `within` not seen before); `false` when it is
    /// empty.
    ///
    /// The image is taken either of the last layer `L` or of all states seen so far `B` (the
    /// ball, `L ⊆ B`): both give the same layer, `Post(B) ∧ within ∖ B = Post(L) ∧ within ∖
    /// B`, because every successor inside `within` of a state of `B ∖ L` is in `B` already
    /// (it was added with the layer after that state's, under the same `within`). Which costs
    /// less depends on the graph. Where the layers of an interleaving spread out (RERS 2017
    /// problem 107 #5: 23 layers), the image of a layer falls back into the layers before it
    /// and is a set with many times the nodes of the new states (486,517 nodes for 16,229 at
    /// layer 23), while the ball's image is the next ball, about as small as the ball: the
    /// counterexample took a tenth of the CPU time from the ball (docs/benchmarks.md, "Images
    /// of the ball"). Where the search goes through a long chain of layers that seldom
    /// revisit (2017 problem 113 #2: 1,053 layers, the image of a layer about the nodes of the
    /// next), the ball is larger than the layer and its image dearer: half again as much CPU.
    /// So the search starts from the layer, compares the image's nodes with the new layer's
    /// now and then ([`compare_at`]), and takes the ball from there on once the image has
    /// more than [`REVISIT_RATIO`] times the nodes; the layers are the same either way.
    pub fn grow(&mut self, g: &impl Graph, within: &BDDFunction, budget: &Budget) -> Result<bool> {
        if self.exhausted {
            return Ok(false);
        }
        let d = self.layers.len();
        budget.phase("shortest evidence (BFS layer)", d);
        // the ball only under the `within` the layers so far were grown in
        let ball = self.from_ball.as_ref() == Some(within);
        let img = match ball {
            true => g.post(&self.seen, budget)?,
            false => g.post(&self.layers[d - 1], budget)?,
        };
        let next = minus(&img.and(within)?, &self.seen)?;
        if !ball && self.from_ball.is_none() && d > 1 && compare_at(d) {
            use oxidd::Function;
            let ratio = self.revisit_ratio;
            if img.node_count() > ratio.saturating_mul(next.node_count().max(1)) {
                log::debug!("shortest evidence: BFS images of the ball from layer {d} on");
                self.from_ball = Some(within.clone());
            }
        }
        drop(img);
        if !next.satisfiable() {
            self.exhausted = true;
            return Ok(false);
        }
        self.seen = self.seen.or(&next)?;
        self.layers.push(next);
        Ok(true)
    }

    /// Grows until layer `d` exists (or the search is exhausted).
    pub fn grow_to(
        &mut self,
        g: &impl Graph,
        within: &BDDFunction,
        d: usize,
        budget: &Budget,
    ) -> Result<()> {
        while self.depth() < d && self.grow(g, within, budget)? {}
        Ok(())
    }

    /// The first layer that meets `target`, growing as far as needed; `None` when no state of
    /// `target` is reachable.
    pub fn first_meeting(
        &mut self,
        g: &impl Graph,
        within: &BDDFunction,
        target: &BDDFunction,
        budget: &Budget,
    ) -> Result<Option<usize>> {
        self.first_meeting_within(g, within, target, usize::MAX, budget)
    }

    /// [`Layers::first_meeting`], looking no deeper than `max` steps.
    pub fn first_meeting_within(
        &mut self,
        g: &impl Graph,
        within: &BDDFunction,
        target: &BDDFunction,
        max: usize,
        budget: &Budget,
    ) -> Result<Option<usize>> {
        for d in 0..=max {
            if d > self.depth() && !self.grow(g, within, budget)? {
                return Ok(None);
            }
            if self.layers[d].and(target)?.satisfiable() {
                return Ok(Some(d));
            }
        }
        Ok(None)
    }

    /// A path of `d` steps from the start to `t`, a state of layer `d`: the state it starts
    /// in and its steps (label, state reached).
    pub fn path_to(
        &self,
        g: &impl Graph,
        d: usize,
        t: Point,
        budget: &Budget,
    ) -> Result<(Point, Vec<(LabelId, Point)>)> {
        let mut steps = Vec::with_capacity(d);
        let mut t = t;
        for e in (0..d).rev() {
            let (l, s) = step_back(g, &t, &self.layers[e], budget)?
                .ok_or_else(|| internal("a BFS layer has no predecessor"))?;
            steps.push((l, t));
            t = s;
        }
        steps.reverse();
        Ok((t, steps))
    }
}

/// A shortest path from `from` through states of `within` to a state of `target`: the steps as
/// (label, state reached). Empty when `from` is in `target`; `None` when no such path exists.
pub(crate) fn path(
    g: &impl Graph,
    from: &Point,
    within: &BDDFunction,
    target: &BDDFunction,
    budget: &Budget,
) -> Result<Option<Vec<(LabelId, Point)>>> {
    let mut layers = Layers::new(&from.cube);
    let Some(d) = layers.first_meeting(g, within, target, budget)? else {
        return Ok(None);
    };
    let hit = layers.layers[d].and(target)?;
    Ok(Some(layers.path_to(g, d, pick(g.enc(), &hit)?, budget)?.1))
}

/// `νY. Y ∧ Pre(Y) ∧ Post(Y)` from `w`: the states of `w` with an infinite path inside it and an
/// infinite path into them inside it. Every state on a cycle inside `w` is one (and a state
/// between two cycles), so the distance to this set bounds the distance to a cycle from below,
/// and a cycle through a given set can be looked for inside it, where no finite path is left
/// for the fixpoints to peel off one step per round.
pub(crate) fn two_sided_trim(
    g: &impl Graph,
    w: &BDDFunction,
    budget: &Budget,
) -> Result<BDDFunction> {
    let mut y = w.clone();
    for round in 1.. {
        budget.phase("shortest evidence (states between cycles)", round);
        let (pre, post) = (g.pre(&y, budget)?, g.post(&y, budget)?);
        let keep = y.and(&pre).and_then(|k| k.and(&post))?;
        if keep == y {
            break;
        }
        y = keep;
    }
    Ok(y)
}

/// The Emerson-Lei fixpoint inside `within` with the states of `x` as one more acceptance set
/// (search 2 of the module doc): the states with an infinite path inside `within` that visits
/// `x` and every acceptance set infinitely often. Empty iff no fair cycle inside `within`
/// passes through a state of `x`; otherwise every fair cycle through a state of `x` lies in it.
pub(crate) fn fair_cycle_through(
    g: &impl Graph,
    within: &BDDFunction,
    x: &BDDFunction,
    budget: &Budget,
) -> Result<BDDFunction> {
    let enc = g.enc();
    let mut y = within.clone();
    for round in 1.. {
        budget.phase("shortest evidence (fair cycle through a ball)", round);
        let before = y.clone();
        // the closure to `x` first: `x` is small, and it cuts `y` down the most
        let pre = g.pre(&y, budget)?;
        let target = y.and(x).and_then(|t| t.and(&pre))?;
        if !target.satisfiable() {
            return Ok(enc.f());
        }
        y = g.until(&y, &target, budget)?;
        for i in 0..g.num_acc() {
            let target = y.and(&g.pre_acc(i, &y, budget)?)?;
            if !target.satisfiable() {
                return Ok(enc.f());
            }
            y = g.until(&y, &target, budget)?;
        }
        g.trim(&mut y, budget)?;
        if y == before || !y.satisfiable() {
            break;
        }
    }
    Ok(y)
}

/// What [`nearest_fair_cycle`] found.
pub(crate) enum Nearest {
    /// A fair cycle passes through a state of layer `depth`, none through a state nearer;
    /// `y` is the fixpoint of [`fair_cycle_through`] for the ball of `depth`.
    Found { depth: usize, y: BDDFunction },
    /// No fair cycle passes nearer than the `upper` bound given.
    AtUpper,
}

/// The fewest steps from the start of `layers` (whose layers range over `within`) to a state on
/// a fair cycle inside `within` (search 2 of the module doc); `hull` is [`two_sided_trim`] of
/// `within`. `upper`, when given, is the depth
/// of a state known to be on a fair cycle. `lower` holds a proved lower bound on entry and is
/// raised as the search proves more, also when a limit stops it.
pub(crate) fn nearest_fair_cycle(
    g: &impl Graph,
    layers: &mut Layers,
    within: &BDDFunction,
    hull: &BDDFunction,
    upper: Option<usize>,
    lower: &mut usize,
    budget: &Budget,
) -> Result<Nearest> {
    let t = std::time::Instant::now();
    // a cycle no nearer than `upper` loses to what is known there (a deadlock, in CTL)
    let max = upper.unwrap_or(usize::MAX);
    let near = match layers.first_meeting_within(g, within, hull, max, budget)? {
        Some(near) => near,
        None => match upper {
            Some(u) => {
                *lower = (*lower).max(u);
                return Ok(Nearest::AtUpper);
            }
            None => return Err(internal("no cycle is reachable")),
        },
    };
    *lower = (*lower).max(near);
    log::debug!(
        "nearest fair cycle: at least {near} steps away ({:.2} s)",
        t.elapsed().as_secs_f64()
    );
    // the least depth known to have a fair cycle, with its fixpoint
    let mut hi: Option<(usize, BDDFunction)> = None;
    // while no depth is known to have one: how far beyond `lower` the next test goes
    let mut gallop = 0;
    loop {
        let top = hi.as_ref().map(|(d, _)| *d).or(upper);
        if top.is_some_and(|t| *lower >= t) {
            break;
        }
        let d = match (&hi, top) {
            // bisect between what is refuted and what is known
            (Some(_), Some(t)) => *lower + (t - 1 - *lower) / 2,
            // from the lower bound (most often the answer) in steps that double
            _ => {
                let d = *lower + gallop;
                gallop = (2 * gallop).max(1);
                top.map_or(d, |t| d.min(t - 1))
            }
        };
        let t = std::time::Instant::now();
        layers.grow_to(g, within, d, budget)?;
        let ball = layers.ball(d)?.and(hull)?;
        let y = fair_cycle_through(g, hull, &ball, budget)?;
        log::debug!(
            "nearest fair cycle: within {d} steps: {} ({:.2} s)",
            if y.satisfiable() { "yes" } else { "no" },
            t.elapsed().as_secs_f64()
        );
        if y.satisfiable() {
            hi = Some((d.min(layers.depth()), y));
        } else if layers.exhausted && d >= layers.depth() {
            return Err(internal("no fair cycle is reachable"));
        } else {
            *lower = d + 1;
        }
    }
    Ok(match hi {
        Some((depth, y)) if depth == *lower => Nearest::Found { depth, y },
        _ => Nearest::AtUpper,
    })
}

/// A state of `x` on a fair cycle inside `y`, and its strongly connected component in `y`,
/// where `y` is a fixpoint of [`fair_cycle_through`] for `x` (not empty). By descent: a state
/// `s` of `x` in `y` is on a fair cycle iff its component (the states of `y` that `s` reaches
/// and that reach it) has an edge inside it, and one of every acceptance set; if not, the path
/// from `s` that visits `x` and every set infinitely often ends in a fair component further
/// down, so the next state is taken among the states of `x` that `s` reaches but that do not
/// reach it. Each round descends in the graph of components, so it ends; two closures a round.
pub(crate) fn on_fair_cycle(
    g: &impl Graph,
    y: &BDDFunction,
    x: &BDDFunction,
    budget: &Budget,
) -> Result<(Point, BDDFunction)> {
    let enc = g.enc();
    let mut cands = x.and(y)?;
    for round in 1.. {
        budget.phase("shortest evidence (component of a state)", round);
        let s = pick(enc, &cands)?;
        let back = g.until(y, &s.cube, budget)?;
        let fwd = g.forward(&s.cube, y, budget)?;
        let scc = fwd.and(&back)?;
        let mut fair = g.post(&s.cube, budget)?.and(&scc)?.satisfiable();
        for i in 0..g.num_acc() {
            fair = fair && scc.and(&g.pre_acc(i, &scc, budget)?)?.satisfiable();
        }
        if fair {
            return Ok((s, scc));
        }
        cands = minus(&cands.and(&fwd)?, &back)?;
    }
    unreachable!("the descent ends in a fair component")
}

/// A fair cycle through `x` inside `scc`, the strongly connected component of `x` (fair): for
/// each acceptance set a shortest path to an edge of it and that edge (with no sets, one step),
/// then a shortest path back to `x`. Not the shortest cycle, but found with a few searches.
pub(crate) fn walk_cycle(
    g: &impl Graph,
    scc: &BDDFunction,
    x: &Point,
    budget: &Budget,
) -> Result<Vec<(LabelId, Point)>> {
    let enc = g.enc();
    let mut cur = x.clone();
    let mut trace: Vec<(LabelId, Point)> = Vec::new();
    for i in 0..g.num_acc() {
        let target = scc.and(&g.pre_acc(i, scc, budget)?)?;
        let steps = path(g, &cur, scc, &target, budget)?
            .ok_or_else(|| internal("a fair component without an edge of an acceptance set"))?;
        cur = steps.last().map_or(cur, |(_, s)| s.clone());
        trace.extend(steps);
        let (l, next) = step_into(g, &cur, i, scc, budget)?;
        trace.push((l, next.clone()));
        cur = next;
    }
    if trace.is_empty() {
        let next = pick(enc, &g.post(&cur.cube, budget)?.and(scc)?)?;
        let (l, _) = step_back(g, &next, &cur.cube, budget)?
            .ok_or_else(|| internal("a step has no label"))?;
        trace.push((l, next.clone()));
        cur = next;
    }
    let steps = path(g, &cur, scc, &x.cube, budget)?
        .ok_or_else(|| internal("a component that does not lead back"))?;
    trace.extend(steps);
    Ok(trace)
}

/// A step from `from` along an edge of acceptance set `i` into `into`.
fn step_into(
    g: &impl Graph,
    from: &Point,
    i: usize,
    into: &BDDFunction,
    budget: &Budget,
) -> Result<(LabelId, Point)> {
    for (l, rel) in g.labelled_acc(i) {
        let img = rel.image(&from.cube)?.and(into)?;
        budget.check(g.enc())?;
        if img.satisfiable() {
            return Ok((l, pick(g.enc(), &img)?));
        }
    }
    Err(internal(
        "no edge of an acceptance set where the walk expected one",
    ))
}

/// The edges whose acceptance sets are exactly `mask`, by label, and merged into clusters.
pub(crate) struct Class<'a> {
    pub mask: u64,
    pub rels: Vec<(LabelId, &'a Relation)>,
    pub clusters: Clusters,
}

impl<'a> Class<'a> {
    pub fn new(
        enc: &Encoding,
        mask: u64,
        rels: Vec<(LabelId, &'a Relation)>,
        budget: &Budget,
    ) -> BddResult<Class<'a>> {
        let clusters = Clusters::new(enc, rels.iter().map(|(_, r)| *r), CLUSTER_NODES, budget)?;
        Ok(Class {
            mask,
            rels,
            clusters,
        })
    }
}

/// The shortest fair cycle through `x` inside `within` (search 3 of the module doc), as its
/// steps; `classes` partition the edges by their exact acceptance sets, `all` is every set.
/// `None` when there is none of at most `max` steps (`usize::MAX`: none at all); `proved` is
/// raised to each length no cycle through `x` has, also when a limit stops the search.
#[allow(clippy::too_many_arguments)]
pub(crate) fn shortest_cycle(
    g: &impl Graph,
    classes: &[Class],
    all: u64,
    within: &BDDFunction,
    x: &Point,
    max: usize,
    proved: &mut usize,
    budget: &Budget,
) -> Result<Option<Vec<(LabelId, Point)>>> {
    let Some(layers) = cycle_layers(g, classes, all, within, &x.cube, max, proved, budget)? else {
        return Ok(None);
    };
    let depth = layers.len();
    // back from (x, all) after `depth` steps, one layer at a time
    let mut steps = Vec::with_capacity(depth);
    let (mut t, mut m) = (x.clone(), all);
    for e in (0..depth).rev() {
        let (l, from, m_from) = cycle_step_back(g, classes, &t, m, &layers[e], budget)?;
        steps.push((l, t));
        t = from;
        m = m_from;
    }
    if m != 0 || t.values != x.values {
        return Err(internal("the cycle does not start where it ends"));
    }
    steps.reverse();
    Ok(Some(steps))
}

/// Layers of (state, acceptance sets met): `layers[d][m]` the states first reached after `d`
/// steps having met exactly the sets of `m`.
type CycleLayer = BTreeMap<u64, BDDFunction>;

/// The breadth-first search of [`shortest_cycle`] from every state of `from` at once: its
/// layers when, after as many steps as there are layers, a state of `from` is reached having met
/// every set, `None` when none is within `max` steps. From one state that is the shortest fair
/// cycle through it; from several, a path from one to another may be what closes, so `None`
/// proves that no fair cycle of at most `max` steps passes through any of them.
#[allow(clippy::too_many_arguments)]
pub(crate) fn cycle_layers(
    g: &impl Graph,
    classes: &[Class],
    all: u64,
    within: &BDDFunction,
    from: &BDDFunction,
    max: usize,
    proved: &mut usize,
    budget: &Budget,
) -> Result<Option<Vec<CycleLayer>>> {
    let enc = g.enc();
    if max == 0 {
        return Ok(None);
    }
    type Layer = CycleLayer;
    let mut layers: Vec<Layer> = vec![BTreeMap::from([(0, from.clone())])];
    let mut seen: Layer = layers[0].clone();
    loop {
        let d = layers.len();
        budget.phase("shortest evidence (shortest cycle, BFS layer)", d);
        let mut next: Layer = BTreeMap::new();
        for (&m, set) in &layers[d - 1] {
            for c in classes {
                let img = c.clusters.post(enc, set, budget)?.and(within)?;
                if img.satisfiable() {
                    let slot = next.entry(m | c.mask).or_insert_with(|| enc.f());
                    *slot = slot.or(&img)?;
                }
                budget.check(enc)?;
            }
        }
        if next
            .get(&all)
            .map(|s| s.and(from))
            .transpose()?
            .is_some_and(|s| s.satisfiable())
        {
            return Ok(Some(layers));
        }
        // keep what no pair reached as early with a superset of the sets dominates
        let mut kept: Layer = BTreeMap::new();
        for (m, set) in next {
            let mut new = set;
            for (&m2, s2) in &seen {
                if m2 & m == m {
                    new = minus(&new, s2)?;
                }
            }
            if new.satisfiable() {
                kept.insert(m, new);
            }
        }
        *proved = (*proved).max(d + 1);
        if kept.is_empty() || d >= max {
            return Ok(None);
        }
        for (&m, set) in &kept {
            let slot = seen.entry(m).or_insert_with(|| enc.f());
            *slot = slot.or(set)?;
        }
        layers.push(kept);
    }
}

/// A path or cycle as its steps: (label, state reached).
pub(crate) type Steps = Vec<(LabelId, Point)>;

/// A predecessor of `(t, m)` in `layer`: by an edge of class `c` from a pair whose sets with
/// the class's make `m`.
fn cycle_step_back(
    g: &impl Graph,
    classes: &[Class],
    t: &Point,
    m: u64,
    layer: &BTreeMap<u64, BDDFunction>,
    budget: &Budget,
) -> Result<(LabelId, Point, u64)> {
    let enc = g.enc();
    for c in classes.iter().filter(|c| c.mask & !m == 0) {
        let pre = c.clusters.pre(enc, &t.cube, budget)?;
        for (&from, set) in layer.iter().filter(|(&f, _)| f | c.mask == m) {
            let pre = pre.and(set)?;
            if pre.satisfiable() {
                let s = pick(enc, &pre)?;
                return Ok((label_of(enc, c.rels.clone(), &s, t, budget)?, s, from));
            }
        }
    }
    Err(internal("a cycle layer has no predecessor"))
}
