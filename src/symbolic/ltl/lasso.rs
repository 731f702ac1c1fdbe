//! Counterexample extraction for the symbolic LTL check: an accepting lasso of the product,
//! found with BDD operations only.
//!
//! The method is the fair-cycle witness of E. Clarke, O. Grumberg and K. Hamaguchi, "Another
//! look at LTL model checking", CAV 1994 (Formal Methods in System Design 10, 1997), adapted to
//! acceptance on edges:
//! 1. BFS layers from the initial product state to the fair set `Z` of the Emerson-Lei fixpoint,
//!    walked back with preimages of single states: the prefix.
//! 2. Iterated *walks* (see `extract`), which close a cycle cheaply when the fair set is small
//!    or the system's deterministic run soon repeats itself;
//!    only when they do not within a bound, the tries and the exact search below run.
//! 3. *Tries*: a pseudo-random wander inside `Z` (see `wander`), then from the reached state
//!    `s` the cycle of step 5 inside all of `Z`, its search cut off after a small amount of
//!    work; wander lengths and work double from try to try, up to a bound. On the RERS systems
//!    the fair states near the initial state often lie in small transient SCCs above one huge
//!    fair SCC: a wander of a few hundred steps lands in it, and there the back path of the
//!    cycle is found without any closure.
//! 4. The exact descent: from `s`, the states `B` of `Z` that reach `s` (backward closure). If
//!    the strongly connected component `C` of `s` has an internal edge and an internal edge of
//!    every acceptance set, the cycle of step 5 is found inside `B` (every state that `s`
//!    reaches inside `B` is in `C`). If `C` is `{s}` alone, any step leaves it for good: a
//!    further wander descends. Otherwise `C` = `B` ∧ (forward closure of `s`); some state of `Z`
//!    reachable from `s` lies in an SCC further down (every state of `Z` starts an accepting
//!    run), the prefix is extended to it, then by a wander of doubling length that stays below
//!    `C`, and the search repeats there. Each round moves strictly down the DAG of SCCs, so it
//!    ends.
//! 5. The cycle from `s`: for each acceptance set `i`, a shortest path to a state with an
//!    `i`-edge, then that edge; finally a shortest path back to *any* state the trace has
//!    visited up to `s` (a cycle through it takes the edges after `s` as well). The cycle
//!    therefore takes an edge of every set, which is what makes the lasso accepting.
//!
//! Labels come from the per-label product relations: a step `t → t'` is labelled by the first
//! label whose relation links them, so the returned trace is a real sequence of system labels.

use oxidd::bdd::BDDFunction;
use oxidd::BooleanFunction;

use super::product::Product;
use super::quick_path::{quick_path, QuickPaths};
use crate::error::{Error, Result};
use crate::limits::Budget;
use crate::model::{LabelId, StateId};
use crate::symbolic::encoding::BddResult;
use crate::symbolic::shortest::{cube_of, path, pick, Point};
pub use crate::symbolic::shortest::{Bound, CycleAmong};
use crate::symbolic::{Encoding, Relation};

/// A state of the product: the system's state vector and the automaton state.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ProductState {
    pub system: Vec<StateId>,
    pub aut: usize,
}

/// An infinite trace `prefix · cycle^ω` of system labels, with the product states it visits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lasso {
    pub prefix: Vec<LabelId>,
    /// Not empty.
    pub cycle: Vec<LabelId>,
    /// `prefix.len() + cycle.len() + 1` states: `states[0]` is initial, label `k` of
    /// `prefix ++ cycle` leads from `states[k]` to `states[k + 1]`, and the last state equals
    /// `states[prefix.len()]` (the cycle closes). The automaton part is an accepting run.
    pub states: Vec<ProductState>,
    /// The length of a shortest path from the initial state to the fair set the cycle lies in:
    /// no prefix to the cycle is shorter.
    pub to_fair: usize,
    /// What the shortening proved about this lasso (`None`: not shortened).
    pub shortness: Option<Shortness>,
}

/// How short a shortened lasso is, in the order the shortening minimises (see `shorten.rs`):
/// the step of the violation, then the cycle, then the steps before the cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shortness {
    /// When some prefix of a counterexample could be bad for the property (see
    /// [`crate::automata::monitor`]): the step of the lasso's first bad prefix (`steps`, 0 when
    /// it has none), and that no counterexample has a bad prefix of fewer than `at_least`
    /// steps.
    pub violation: Option<Bound>,
    /// The steps before the cycle; `at_least`: no counterexample (with the violation at the
    /// step above, when there is one and it is exact) enters an accepting cycle sooner, or
    /// (when `cycle_among` is not [`CycleAmong::ThroughFirstState`]) one as short as this
    /// lasso's.
    pub prefix: Bound,
    /// The steps of the cycle; `at_least`: no accepting cycle of those `cycle_among` names is
    /// shorter.
    pub cycle: Bound,
    pub cycle_among: CycleAmong,
}

/// The product state of block values.
pub(super) fn state_of(p: &Product, values: &[usize]) -> ProductState {
    ProductState {
        system: p
            .enc
            .block_of_comp
            .iter()
            .map(|&b| values[b] as StateId)
            .collect(),
        aut: values[p.aut_block],
    }
}

/// A shortest trace from the initial product state through states of `within` to a state of
/// `target`, as system labels; `None` when there is none.
pub(crate) fn finite_trace(
    p: &Product,
    within: &BDDFunction,
    target: &BDDFunction,
    budget: &Budget,
) -> Result<Option<Vec<LabelId>>> {
    let init = pick(p.enc, &p.init)?;
    Ok(path(p, &init, within, target, budget)?
        .map(|steps| steps.into_iter().map(|(l, _)| l).collect()))
}

/// Some successor of `from` in `into` under one of `rels`, with its label.
fn step_forward(
    p: &Product,
    rels: &[(LabelId, Relation)],
    from: &Point,
    into: &BDDFunction,
    budget: &Budget,
) -> Result<Option<(LabelId, Point)>> {
    for (l, rel) in rels {
        let img = rel.image(&from.cube)?.and(into)?;
        budget.check(p.enc)?;
        if img.satisfiable() {
            return Ok(Some((*l, pick(p.enc, &img)?)));
        }
    }
    Ok(None)
}

/// The length of the first wander (step 3 of the module doc); it doubles with every try and
/// every round of the descent. Longer wanders reach the large fair SCC in fewer tries but
/// lengthen the counterexample. On RERS 2017 problems 112, 113 and 115, a first wander of 128
/// steps with [`TRIES`] tries took a half to a fifth of the counterexample time of 64 steps
/// without the tries; 512 steps was faster on one, slower on another, with prefixes up to three
/// times as long (docs/benchmarks.md, "Lasso extraction").
const WANDER_FIRST: usize = 128;

/// The work, in BDD nodes created, of the first try to close a cycle in the whole fair set
/// (step 3 of the module doc); it doubles from try to try. On the RERS systems a failed first
/// try costs no more than one backward closure of the exact descent
/// (docs/benchmarks.md, "Lasso extraction").
const TRY_FIRST: usize = 1 << 21;

/// The number of tries by default: the last has 2^23 nodes of work.
pub(crate) const TRIES: usize = 3;

/// The number of walks by default (step 2 of the module doc). A walk from a state in an
/// accepting sink is one step by the first label that can fire, so the walks follow the
/// system's own deterministic run, which on the RERS 2017 systems soon enters a cycle of about
/// a thousand steps (2017 problem 113: 1,009 for every violation). With 64 walks the tries had
/// to find the back path by breadth-first search instead; 4096 walks cut the counterexample
/// time of 2017 problems 112, 113 and 115 by a factor of two to five and changed nothing on
/// 2017 105, 109 and 2016 115, 117 (docs/benchmarks.md, "Lasso extraction"). Cycles are those
/// of the system, repeated where the automaton state needs it (113 #2: 3,027 steps against
/// 1,009).
pub(crate) const MAX_WALKS: usize = 4096;

/// The start of the pseudo-random sequence of [`wander`]: fixed, so a counterexample is the
/// same from run to run.
const WANDER_SEED: u64 = 0x9E37_79B9_7F4A_7C15;

/// Up to `len` steps from `from` inside `within`, each by a label chosen pseudo-randomly among
/// those that stay in `within` (xorshift on `seed`); stops early where none does.
///
/// Why: the SCC descent moves to the nearest state below the current SCC, one step when SCCs
/// are single states, and each round costs a forward and a backward closure. RERS 2017 problem
/// 115 #4 (4.7e21 states, every one fair, the initial state in a trivial SCC): 64 walks and
/// then one-step rounds with no end in sight, each shrinking the forward closure by a few
/// thousand states; after a wander of 16 steps, the next SCC was the bottom one
/// (docs/benchmarks.md, "Lasso extraction").
fn wander(
    p: &Product,
    trace: &mut Trace,
    from: Point,
    within: &BDDFunction,
    len: usize,
    seed: &mut u64,
    budget: &Budget,
) -> Result<Point> {
    let n = p.rels.len();
    let mut cur = from;
    if n == 0 {
        return Ok(cur);
    }
    'steps: for _ in 0..len {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        let first = (*seed % n as u64) as usize;
        for k in 0..n {
            let (l, rel) = &p.rels[(first + k) % n];
            let img = rel.image(&cur.cube)?.and(within)?;
            budget.check(p.enc)?;
            if img.satisfiable() {
                let next = pick(p.enc, &img)?;
                cur = trace.push(vec![(*l, next)], cur);
                continue 'steps;
            }
        }
        break;
    }
    Ok(cur)
}

/// Appends to `trace` a path from `s` (its last state) inside `c` that takes an edge of every
/// acceptance set (a step, with none) and returns to some state the trace visited up to `s`,
/// and returns the index of that state: from there on the trace is an accepting cycle. `None`
/// (and `trace` unchanged) when no such path is found. `targets` are the [`acc_targets`] of
/// `c`. With `c` the states of `within` that reach `s` inside it, one is found iff the SCC of
/// `s` in `within` is fair: every state reachable from `s` inside `c` is in that SCC.
fn close_cycle(
    p: &Product,
    trace: &mut Trace,
    s: &Point,
    c: &BDDFunction,
    targets: &[BDDFunction],
    budget: &Budget,
) -> Result<Option<usize>> {
    let len = trace.labels.len();
    let found = cycle_back(p, trace, s, c, targets, budget);
    if !matches!(found, Ok(Some(_))) {
        trace.labels.truncate(len);
        trace.states.truncate(len + 1);
    }
    found
}

/// The search of [`close_cycle`], which leaves `trace` as it is when it fails.
fn cycle_back(
    p: &Product,
    trace: &mut Trace,
    s: &Point,
    c: &BDDFunction,
    targets: &[BDDFunction],
    budget: &Budget,
) -> Result<Option<usize>> {
    let len = trace.labels.len();
    let visited = trace.visited(p.enc)?;
    let Some(cur) = walk(p, trace, s.clone(), c, targets, None, budget)? else {
        return Ok(None);
    };
    let Some(steps) = path(p, &cur, c, &visited, budget)? else {
        return Ok(None);
    };
    let end = trace.push(steps, cur);
    let at = trace.states[..=len]
        .iter()
        .position(|v| *v == end.values)
        .ok_or_else(|| internal("the back path ends outside the trace"))?;
    Ok(Some(at))
}

/// For each acceptance set `i`, the states of `c` with an `i`-edge into `c`: the targets of
/// [`walk`] inside `c`.
fn acc_targets(
    p: &Product,
    c: &BDDFunction,
    num_acc: usize,
    budget: &Budget,
) -> BddResult<Vec<BDDFunction>> {
    (0..num_acc)
        .map(|i| Ok(c.and(&p.pre_acc(i, c, budget)?)?))
        .collect()
}

fn internal(what: &str) -> Error {
    Error::Internal(format!("lasso extraction: {what}"))
}

/// The labels and states of a path under construction.
struct Trace {
    labels: Vec<LabelId>,
    /// See [`Lasso::to_fair`].
    to_fair: usize,
    states: Vec<Vec<usize>>,
    /// The set of `states[..seen]`, built on demand by [`Trace::visited`].
    seen_set: Option<BDDFunction>,
    seen: usize,
}

impl Trace {
    fn new(start: &Point) -> Trace {
        Trace {
            labels: Vec::new(),
            to_fair: 0,
            states: vec![start.values.clone()],
            seen_set: None,
            seen: 0,
        }
    }

    /// The set of all states of the trace. Truncating the trace is only allowed back to a
    /// length it had at the last call.
    fn visited(&mut self, enc: &Encoding) -> Result<BDDFunction> {
        let mut set = self.seen_set.take().unwrap_or_else(|| enc.f());
        for v in &self.states[self.seen..] {
            set = set.or(&cube_of(enc, v)?)?;
        }
        self.seen = self.states.len();
        self.seen_set = Some(set.clone());
        Ok(set)
    }

    /// Appends `steps` and returns the state reached (`at` when `steps` is empty).
    fn push(&mut self, steps: Vec<(LabelId, Point)>, at: Point) -> Point {
        let mut last = at;
        for (l, s) in steps {
            self.labels.push(l);
            self.states.push(s.values.clone());
            last = s;
        }
        last
    }

    fn into_lasso(mut self, p: &Product, prefix_len: usize) -> Lasso {
        let states = self.states.iter().map(|v| state_of(p, v)).collect();
        let cycle = self.labels.split_off(prefix_len);
        Lasso {
            prefix: self.labels,
            cycle,
            states,
            to_fair: self.to_fair,
            shortness: None,
        }
    }
}

/// From `cur` in `within`: for each acceptance set `i`, a shortest path (with `quick`, a quick
/// one) inside `within` to a state of `targets[i]` (states with an `i`-edge into `within`), then that edge (with no sets,
/// one step inside `within`). `None` when some path or edge does not exist; inside the fair
/// set they all do, by the fixpoint.
fn walk(
    p: &Product,
    trace: &mut Trace,
    mut cur: Point,
    within: &BDDFunction,
    targets: &[BDDFunction],
    quick: Option<&QuickPaths>,
    budget: &Budget,
) -> Result<Option<Point>> {
    for (i, target) in targets.iter().enumerate() {
        let found = match quick {
            Some(q) => quick_path(p, &cur, within, target, q, budget)?,
            None => path(p, &cur, within, target, budget)?,
        };
        let Some(steps) = found else {
            return Ok(None);
        };
        cur = trace.push(steps, cur);
        let Some((l, next)) = step_forward(p, &p.acc_rels[i], &cur, within, budget)? else {
            return Ok(None);
        };
        cur = trace.push(vec![(l, next)], cur);
    }
    if targets.is_empty() {
        let Some((l, next)) = step_forward(p, &p.rels, &cur, within, budget)? else {
            return Ok(None);
        };
        cur = trace.push(vec![(l, next)], cur);
    }
    Ok(Some(cur))
}

/// An accepting lasso of the product `p`, given a set `reach` closed under product steps that
/// holds the initial state, and the Emerson-Lei fair set `fair` (see [`super::emerson_lei::EmersonLei`]),
/// which the initial state reaches.
///
/// Before the exact SCC search (which computes forward and backward closures, as costly as
/// reachability on large systems) up to `max_walks` *walks* are tried: a walk (see [`walk`])
/// is a deterministic function of its start state within `fair`, so iterating it from the end of
/// the prefix revisits a walk start after finitely many walks, and the walks between the two
/// visits form an accepting cycle. Then up to `tries` tries (step 3 of the module doc).
/// With `quick`, the prefix and the walks' paths are quick paths (steps 1 and 2), not shortest.
#[allow(clippy::too_many_arguments)]
pub(crate) fn extract(
    p: &Product,
    reach: &BDDFunction,
    fair: &BDDFunction,
    num_acc: usize,
    max_walks: usize,
    tries: usize,
    quick: Option<&QuickPaths>,
    budget: &Budget,
) -> Result<Lasso> {
    let enc = p.enc;
    let init = pick(enc, &p.init)?;
    let mut trace = Trace::new(&init);
    // 1. prefix to the fair set
    let steps = match quick {
        None => path(p, &init, reach, fair, budget)?,
        Some(q) => quick_path(p, &init, reach, fair, q, budget)?,
    }
    .ok_or_else(|| internal("the fair states are not reachable"))?;
    trace.to_fair = steps.len();
    let mut s = trace.push(steps, init);
    // 2. iterated walks
    let targets = acc_targets(p, fair, num_acc, budget)?;
    let mut starts: std::collections::HashMap<Vec<usize>, usize> = Default::default();
    for w in 0..max_walks {
        budget.phase("lasso (walk)", w + 1);
        if let Some(&at) = starts.get(&s.values) {
            return Ok(trace.into_lasso(p, at));
        }
        starts.insert(s.values.clone(), trace.labels.len());
        s = walk(p, &mut trace, s, fair, &targets, quick, budget)?
            .ok_or_else(|| internal("a walk inside the fair set is stuck"))?;
    }
    if let Some(&at) = starts.get(&s.values) {
        return Ok(trace.into_lasso(p, at));
    }
    // 3. tries in the whole fair set
    let mut wander_len = WANDER_FIRST;
    let mut seed = WANDER_SEED;
    let mut work = TRY_FIRST;
    for k in 0..tries {
        budget.phase("lasso (try)", k + 1);
        s = wander(p, &mut trace, s, fair, wander_len, &mut seed, budget)?;
        wander_len = wander_len.saturating_mul(2);
        let attempt = budget.slice(enc, work);
        if let Some(Some(at)) =
            budget.unless_sliced(close_cycle(p, &mut trace, &s, fair, &targets, &attempt))?
        {
            return Ok(trace.into_lasso(p, at));
        }
        log::debug!("lasso: no cycle within {work} nodes of work");
        work = work.saturating_mul(2);
    }
    // 4. descend to a fair SCC, 5. the cycle inside it
    let mut within = fair.clone();
    let mut round = 0;
    let prefix_len = loop {
        round += 1;
        budget.phase("lasso (SCC descent)", round);
        // The backward closure first: when the SCC of `s` is fair, a cycle inside it is found
        // without the forward closure, which costs more (RERS 2017 problem 115 #4: about three
        // times the backward one; docs/benchmarks.md, "Lasso extraction").
        let bwd = p.until(&within, &s.cube, budget)?;
        let targets = acc_targets(p, &bwd, num_acc, budget)?;
        if let Some(at) = close_cycle(p, &mut trace, &s, &bwd, &targets, budget)? {
            break at;
        }
        if !p.post(&s.cube, budget)?.and(&bwd)?.satisfiable() {
            // `s` reaches no state that reaches it: its SCC is `{s}`, and any step leaves it
            // for good (RERS 2017 problem 112 #8: two forward closures saved;
            // docs/benchmarks.md, "Lasso extraction").
            let from = s.values.clone();
            s = wander(p, &mut trace, s, &within, wander_len, &mut seed, budget)?;
            if s.values == from {
                // every state of a fair set starts an accepting run inside it
                return Err(internal("a fair state without a successor in the fair set"));
            }
            wander_len = wander_len.saturating_mul(2);
            continue;
        }
        let fwd = p.forward_closure(&s.cube, &within, budget)?;
        let scc = fwd.and(&bwd)?;
        log::debug!(
            "lasso: the SCC of the state reached ({} states) is not fair; {} states reachable",
            p.enc.count(&scc),
            p.enc.count(&fwd)
        );
        let below = scc.imp_strict(&fwd)?; // fwd ∧ ¬scc
        let steps = path(p, &s, &fwd, &below, budget)?
            .filter(|st| !st.is_empty())
            .ok_or_else(|| internal("no fair SCC below a fair state"))?;
        s = trace.push(steps, s);
        // Every state reachable from `below` is in `below` or outside `within` (one that
        // reached back into the SCC of `s` would be in it): wandering inside `below` descends
        // further for the price of single-state images, not closures.
        s = wander(p, &mut trace, s, &below, wander_len, &mut seed, budget)?;
        wander_len = wander_len.saturating_mul(2);
        within = fwd;
    };
    Ok(trace.into_lasso(p, prefix_len))
}
