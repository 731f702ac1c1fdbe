//! The end of a CTL path that must stay inside a set forever (`EG`, a false `AF` or `AU`, an
//! `EW` without its goal): a maximal path inside an EG-set (every state in it is dead or has a
//! successor in it), into a deadlock or around a cycle.
//!
//! **Which one.** The shortest a person can read, ranked as the LTL counterexamples are
//! ([`crate::symbolic::ltl::shorten`]: the cycle first) with a deadlock as the ending that needs
//! no cycle. With `k0` the fewest steps to a state on a cycle inside the set and `c0` the
//! shortest cycle through the state found there, `T = k0 + c0 - 1` (a lasso through a state
//! farther away is longer to read in all):
//! * `C`: the fewest steps of a cycle inside the set through a state within `T` steps of where
//!   the part starts, and `K`: the fewest steps to a state on a cycle of `C` steps;
//! * `D`: the fewest steps to a deadlock inside the set.
//!
//! The path goes into the nearest deadlock when `D ≤ K + C` (a path no longer than the lasso,
//! and nothing to repeat), else `K` steps to a cycle of `C` steps. WHY the cycle first: a lasso
//! is read by following its cycle, and the nearest state on a cycle often lies on a long one
//! (figures in docs/evidence.md).
//!
//! **How**: the searches of [`crate::symbolic::shortest`] on the CTL graph (one class of edges,
//! no acceptance sets): breadth-first layers to the nearest deadlock; [`nearest_fair_cycle`]
//! bounded by it, then [`shortest_cycle`] through the state found; then [`shorter_cycles`]
//! over the layers up to `T` (when the cycle to beat has at most [`MAX_SHORTER_FROM`] steps). Each search runs in a slice of work in BDD nodes
//! ([`super::witness::LASSO_WORK`]): one that runs out keeps what it found, and the path carries
//! the bounds proved ([`CtlShortness`]). Without any search ([`CtlChecker::any_lasso`]) the path
//! is found by shrinking to a state that reaches itself (Clarke et al., DAC 1995).

use oxidd::bdd::BDDFunction;
use oxidd::BooleanFunction;

use super::fixpoints::CtlChecker;
use super::witness::{Builder, CtlShortness};
use crate::error::{Error, Result};
use crate::limits::Budget;
use crate::model::{LabelId, StateId};
use crate::symbolic::shorter::{shorter_cycles, Nearby, MAX_SHORTER_FROM};
use crate::symbolic::shortest::{
    nearest_fair_cycle, on_fair_cycle, pick, shortest_cycle, two_sided_trim, walk_cycle, Bound,
    Class, CycleAmong, Graph, Layers, Nearest, Point,
};

/// A path from the start of the lasso part: each label and the state it leads to.
type Steps = Vec<(LabelId, Vec<StateId>)>;

/// What [`CtlChecker::shortest_lasso`] found: the steps to the end, the cycle (none: the path
/// ends in a deadlock) and what was proved about both.
struct Found {
    steps: Steps,
    cycle: Option<Steps>,
    shortness: CtlShortness,
}

fn internal(what: &str) -> Error {
    Error::Internal(format!("CTL evidence: {what}"))
}

impl CtlChecker<'_> {
    /// Extends `b` from its last state (in `set`) by a maximal path inside `set` that ends in a
    /// deadlock or a cycle (recorded in `b.cycle`), the shortest of the module doc as far as
    /// `b.work` allows, with what was proved in `b.shortest`. `set` must be an EG-set.
    pub(super) fn lasso(&self, set: &BDDFunction, b: &mut Builder, budget: &Budget) -> Result<()> {
        let at = b.path.len();
        if b.work == 0 {
            return self.any_lasso(set, b, budget);
        }
        let mut lower = 0;
        let found = self.shortest_lasso(set, b.last(), at, &mut lower, b.work, budget)?;
        let Some(found) = found else {
            log::debug!(
                "CTL evidence: no shorter lasso within {} nodes of work",
                b.work
            );
            self.any_lasso(set, b, budget)?;
            let n = b.path.len() - at;
            b.shortest = Some(CtlShortness {
                from_step: at,
                prefix: Bound {
                    steps: n,
                    at_least: lower.min(n),
                },
                cycle: b.cycle.as_ref().map(|c| Bound {
                    steps: c.len(),
                    at_least: 1,
                }),
                cycle_among: CycleAmong::ThroughFirstState,
            });
            return Ok(());
        };
        for (l, s) in found.steps {
            b.push(l, s);
        }
        match found.cycle {
            None => b.dead = true,
            Some(c) => {
                b.cycle = Some(c.iter().map(|(l, _)| *l).collect());
                b.states.extend(c.into_iter().map(|(_, s)| s));
            }
        }
        b.shortest = Some(found.shortness);
        Ok(())
    }

    /// The system state of a point of the encoding.
    pub(super) fn state_of(&self, p: &Point) -> Vec<StateId> {
        self.enc
            .block_of_comp
            .iter()
            .map(|&bl| p.values[bl] as StateId)
            .collect()
    }

    fn states_of(&self, steps: Vec<(LabelId, Point)>) -> Steps {
        steps
            .into_iter()
            .map(|(l, p)| (l, self.state_of(&p)))
            .collect()
    }

    /// The path of the module doc from the state `from` (step `at` of the whole path) inside
    /// `set`; `None` when the search for the nearest end runs out of its `work`. `lower` is
    /// raised to what is proved about the steps to the end, also then. Each of the three
    /// searches has its own slice of `work`, so one that runs out leaves the others theirs.
    fn shortest_lasso(
        &self,
        set: &BDDFunction,
        from: &[StateId],
        at: usize,
        lower: &mut usize,
        work: usize,
        budget: &Budget,
    ) -> Result<Option<Found>> {
        let slice = budget.slice(self.enc, work);
        let nearest = self.nearest_end(set, from, lower, &slice);
        let Some(near) = budget.unless_sliced(nearest)? else {
            return Ok(None);
        };
        let Near {
            mut layers,
            within,
            hull,
            dead,
            to_dead,
            cycle,
        } = near;
        let into_deadlock = |layers: &Layers, d: usize| -> Result<Option<Found>> {
            let x = pick(self.enc, &layers.layers[d].and(&dead)?)?;
            let (_, steps) = layers.path_to(self, d, x, budget)?;
            Ok(Some(Found {
                steps: self.states_of(steps),
                cycle: None,
                shortness: CtlShortness {
                    from_step: at,
                    prefix: Bound::exact(d),
                    cycle: None,
                    cycle_among: CycleAmong::ThroughFirstState,
                },
            }))
        };
        let Some((mut depth, mut x, scc)) = cycle else {
            // no cycle passes nearer than the deadlock: no lasso is shorter
            let d = to_dead.ok_or_else(|| internal("no end"))?;
            return into_deadlock(&layers, d);
        };
        // the shortest cycle through the nearest state on one: the first candidate
        let classes = [Class::new(self.enc, 0, self.labelled(), budget)?];
        let mut proved = 1;
        let slice = budget.slice(self.enc, work);
        let first = shortest_cycle(self, &classes, 0, &scc, &x, usize::MAX, &mut proved, &slice);
        let mut cycle = match budget.unless_sliced(first)? {
            Some(Some(c)) => {
                proved = c.len();
                c
            }
            Some(None) => return Err(internal("no cycle")),
            None => walk_cycle(self, &scc, &x, budget)?,
        };
        // a shorter cycle through a state no farther than this lasso's whole length (a lasso
        // through a state farther away is longer to read in all)
        let mut among = CycleAmong::ThroughFirstState;
        if proved == cycle.len() && cycle.len() <= MAX_SHORTER_FROM {
            let mut near = Nearby::default();
            let slice = budget.slice(self.enc, 2 * work);
            let best = cycle.len();
            let run = shorter_cycles(
                self,
                &classes,
                0,
                &mut layers,
                &within,
                &hull,
                best,
                depth + best - 1,
                &mut near,
                &slice,
            );
            if budget.unless_sliced(run)?.is_none() {
                log::debug!(
                    "CTL evidence: shorter cycles searched {:?} layers deep",
                    near.searched
                );
            }
            among = CycleAmong::of(&near);
            if let Some((d, y, c)) = near.found {
                (depth, x, cycle) = (d, y, c);
                proved = cycle.len();
            }
        }
        // a deadlock no farther than the lasso's whole length is the shorter path
        if let Some(d) = to_dead.filter(|&d| d <= depth + cycle.len()) {
            return into_deadlock(&layers, d);
        }
        let (_, steps) = layers.path_to(self, depth, x, budget)?;
        Ok(Some(Found {
            steps: self.states_of(steps),
            shortness: CtlShortness {
                from_step: at,
                prefix: Bound::exact(depth),
                cycle: Some(Bound {
                    steps: cycle.len(),
                    at_least: proved.min(cycle.len()),
                }),
                cycle_among: among,
            },
            cycle: Some(self.states_of(cycle)),
        }))
    }

    /// The nearest deadlock inside `set` from the state `from`, and the nearest state on a
    /// cycle inside `set` when it is nearer than that deadlock.
    fn nearest_end(
        &self,
        set: &BDDFunction,
        from: &[StateId],
        lower: &mut usize,
        budget: &Budget,
    ) -> Result<Near> {
        let start = self.enc.state_cube(from)?;
        let within = self.chain(&start, set, true, budget)?;
        let dead = within.and(&self.dead)?;
        let mut layers = Layers::new(&start);
        let to_dead = match dead.satisfiable() {
            true => layers.first_meeting(self, &within, &dead, budget)?,
            false => None,
        };
        let hull = two_sided_trim(self, &within, budget)?;
        let cycle =
            match nearest_fair_cycle(self, &mut layers, &within, &hull, to_dead, lower, budget)? {
                Nearest::AtUpper => None,
                Nearest::Found { depth, y } => {
                    let (x, scc) = on_fair_cycle(self, &y, &layers.layers[depth], budget)?;
                    Some((depth, x, scc))
                }
            };
        Ok(Near {
            layers,
            within,
            hull,
            dead,
            to_dead,
            cycle,
        })
    }
}

/// What [`CtlChecker::nearest_end`] found.
struct Near {
    /// Breadth-first layers from the start, inside `within`.
    layers: Layers,
    /// The states of the set reachable from the start.
    within: BDDFunction,
    /// [`two_sided_trim`] of `within`: every state on a cycle in it.
    hull: BDDFunction,
    /// The deadlocks in `within`.
    dead: BDDFunction,
    /// The fewest steps to one of them.
    to_dead: Option<usize>,
    /// The nearest state on a cycle (its layer, the state, its strongly connected component),
    /// when it is nearer than every deadlock.
    cycle: Option<(usize, Point, BDDFunction)>,
}
