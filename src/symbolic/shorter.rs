//! The shortest fair cycle reachable from a set (search 4 of [`super::shortest`]'s module doc):
//! the states on fair cycles searched layer by layer, sets of them at once, halved when they
//! close a cycle shorter than the best known.

use oxidd::bdd::BDDFunction;
use oxidd::BooleanFunction;

use crate::error::{Error, Result};
use crate::limits::Budget;
use crate::symbolic::encoding::minus;
use crate::symbolic::shortest::{
    cycle_layers, pick, shortest_cycle, Class, CycleAmong, Graph, Layers, Point, Steps,
};
use crate::symbolic::Encoding;

/// The search runs only when the cycle it must beat has at most this many steps. Why: each
/// state it searches costs a breadth-first search as deep as that cycle, and its slice of work
/// did not stop it on a cycle of a thousand steps (RERS 2017 problem 113 #20: over fifteen
/// times the CPU time without it; docs/benchmarks.md, "Shortest counterexamples"); a cycle that
/// long is not read by a person anyway.
pub const MAX_SHORTER_FROM: usize = 256;

fn internal(what: &str) -> Error {
    Error::Internal(format!("shorter cycles: {what}"))
}

impl CycleAmong {
    /// What [`shorter_cycles`] proved.
    pub(crate) fn of(n: &Nearby) -> CycleAmong {
        match (n.exhaustive, n.searched) {
            (true, _) => CycleAmong::Reachable,
            (false, Some(d)) => CycleAmong::WithinSteps(d),
            (false, None) => CycleAmong::ThroughFirstState,
        }
    }
}

/// What [`shorter_cycles`] found and proved.
#[derive(Default)]
pub(crate) struct Nearby {
    /// A fair cycle shorter than the one given: the layer of its first state, that state and
    /// its steps. No fair cycle as short passes through a state of an earlier layer.
    pub found: Option<(usize, Point, Steps)>,
    /// The deepest layer every state of which was searched: no fair cycle through a state within
    /// that many steps is shorter than the best known.
    pub searched: Option<usize>,
    /// Every reachable state was searched (or the best cycle has one step): no fair cycle
    /// reachable from the start of the layers is shorter.
    pub exhaustive: bool,
}

/// Search 4 of the module doc: a fair cycle shorter than `best` steps through a state reachable
/// from the start of `layers` (grown inside `within`), the states of `hull` (every state on a
/// fair cycle inside `within`) taken layer by layer, each searched by [`shortest_cycle`] up to
/// one step less than the best known, up to layer `deepest` (`usize::MAX`: all). Fills `out` as
/// it goes, so a search stopped by a limit keeps what it proved.
#[allow(clippy::too_many_arguments)]
pub(crate) fn shorter_cycles(
    g: &impl Graph,
    classes: &[Class],
    all: u64,
    layers: &mut Layers,
    within: &BDDFunction,
    hull: &BDDFunction,
    best: usize,
    deepest: usize,
    out: &mut Nearby,
    budget: &Budget,
) -> Result<()> {
    let enc = g.enc();
    let mut best = best;
    for d in 0.. {
        if d > deepest {
            return Ok(());
        }
        if best <= 1 || (d > layers.depth() && !layers.grow(g, within, budget)?) {
            out.exhaustive = true;
            return Ok(());
        }
        budget.phase("shortest evidence (shorter cycles, BFS layer)", d);
        // a set whose states together close no cycle shorter than the best is done at once;
        // one that does is halved, down to single states
        let mut sets = vec![layers.layers[d].and(hull)?];
        while let Some(set) = sets.pop() {
            if !set.satisfiable() || best <= 1 {
                continue;
            }
            let x = pick(enc, &set)?;
            let mut proved = 1;
            if set != x.cube {
                if cycle_layers(g, classes, all, hull, &set, best - 1, &mut proved, budget)?
                    .is_some()
                {
                    let (a, b) = halves(enc, &set, &x)?;
                    sets.extend([b, a]);
                }
                continue;
            }
            if let Some(c) =
                shortest_cycle(g, classes, all, hull, &x, best - 1, &mut proved, budget)?
            {
                best = c.len();
                out.found = Some((d, x, c));
            }
        }
        out.searched = Some(d);
    }
    unreachable!("the layers end")
}

/// `set` (with `x` and another state) split in two by a variable they differ in.
fn halves(enc: &Encoding, set: &BDDFunction, x: &Point) -> Result<(BDDFunction, BDDFunction)> {
    let y = pick(enc, &minus(set, &x.cube)?)?;
    let b = (0..x.values.len())
        .find(|&b| x.values[b] != y.values[b])
        .ok_or_else(|| internal("two states picked alike"))?;
    let bits = &enc.blocks[b].bits;
    let k = (0..bits.len())
        .find(|&k| (x.values[b] ^ y.values[b]) >> (bits.len() - 1 - k) & 1 == 1)
        .ok_or_else(|| internal("two values alike"))?;
    let v = enc.var(bits[k].0)?;
    let a = set.and(&v)?;
    let not_v = v.not()?;
    Ok((a, set.and(&not_v)?))
}
