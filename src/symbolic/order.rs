//! Static variable orders: which component's block goes where, top to bottom.
//!
//! The order is chosen once, before encoding, from the structure of the system (dynamic
//! reordering, [`super::reorder`], may move blocks later, starting from it). Two components
//! *interact* when they share a label; a good order keeps interacting components close, so
//! that every label's relation spans few levels and the state BDD does not have to remember a
//! component's state across a long stretch of unrelated levels.
//!
//! * `given`: the order of the input file.
//! * `force`: FORCE, Aloul, Markov and Sakallah, "FORCE: a fast and easy-to-implement
//!   variable-ordering heuristic", GLSVLSI 2003. Components are vertices, labels hyperedges;
//!   every round moves each vertex to the mean centre of gravity of its hyperedges and re-sorts.
//!   Several starts (the given order and 8 seeded random ones); the order of least total span
//!   (sum over labels of last minus first position) wins.
//! * `force-span`: FORCE from 33 starts, each followed by a greedy single-move search on the
//!   span. Smaller spans (2017 112: 249 -> 213), but a smaller span is not always a faster
//!   saturation: 2017 112 got faster (by a third), 2017 113 slower (by over half).
//! * `sloan`: Sloan's profile and wavefront reduction (S. W. Sloan, "An algorithm for profile and
//!   wavefront reduction of sparse matrices", IJNME 1986) on the component interaction graph, as
//!   Meijer and van de Pol apply it to the dependency structure of a model ("Bandwidth and
//!   wavefront reduction for static variable ordering in symbolic reachability analysis",
//!   NFM 2016).
//! * `hubs`: the components by how many synchronisations with other components they take part
//!   in, most first (ties: the given order). Saturation fires a label at its top component, so with the hubs on
//!   top their many labels fire high, once the parts below are saturated without them. No span
//!   measure predicts it, but on RERS 2016 problem 119 (19 components, 35 interacting pairs, a
//!   hub of 8) it is the one order measured that finishes fast: in half the time of `given`
//!   and under an eighth of that of `force`, `force-span` and `sloan`; on the factored 2017
//!   problems 112, 113 and 115 it is hopeless (over a hundred times slower than `force`).
//! * `auto` (the default): `force` and `hubs` race (see [`race_orders`](super::reach::race_orders)):
//!   each in turn resumes its saturation for a work slice that doubles, so the run costs about
//!   twice the work of the faster of the two, and memory for both while they race.
//! * `random:SEED`: a seeded shuffle (for sweeps and as a control).
//! * `file:PATH`: component names or indices, whitespace separated. The caller reads the file
//!   (`crate::parse::order`), as it reads every input: the engine gets plain data, and
//!   [`OrderSpec::File`] here is only the user's choice, which the engine cannot compute.
//!
//! All heuristics are deterministic: the same system and spec give the same order.

use std::path::PathBuf;
use std::str::FromStr;

use crate::error::{Error, Result};
use crate::limits::Budget;
use crate::model::factor::{Factored, Part};
use crate::model::{CompId, System};

/// How to choose the component order.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum OrderSpec {
    Given,
    /// Best on the RERS problems measured (2017 110 and 112, RERS 2020 pb103).
    Force,
    /// Components with the most synchronisations first.
    Hubs,
    /// The default: `force` and `hubs` race.
    #[default]
    Auto,
    /// FORCE followed by a greedy single-move search on the total span.
    ForceSpan,
    Sloan,
    Random(u64),
    /// An order file: the caller reads it (`crate::parse::order`) and the engine gets the order.
    File(PathBuf),
}

impl FromStr for OrderSpec {
    type Err = String;
    fn from_str(s: &str) -> std::result::Result<OrderSpec, String> {
        match s {
            "given" => return Ok(OrderSpec::Given),
            "force" => return Ok(OrderSpec::Force),
            "force-span" => return Ok(OrderSpec::ForceSpan),
            "sloan" => return Ok(OrderSpec::Sloan),
            "hubs" => return Ok(OrderSpec::Hubs),
            "auto" => return Ok(OrderSpec::Auto),
            _ => {}
        }
        if let Some(seed) = s.strip_prefix("random:") {
            return seed
                .parse::<u64>()
                .map(OrderSpec::Random)
                .map_err(|_| format!("order `{s}`: the seed must be a non-negative integer"));
        }
        if let Some(path) = s.strip_prefix("file:") {
            if path.is_empty() {
                return Err("order `file:`: give a file name after `file:`".into());
            }
            return Ok(OrderSpec::File(PathBuf::from(path)));
        }
        Err(format!(
            "unknown order `{s}` (expected auto, given, force, force-span, sloan, hubs, random:SEED or file:PATH)"
        ))
    }
}

impl std::fmt::Display for OrderSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OrderSpec::Given => write!(f, "given"),
            OrderSpec::Force => write!(f, "force"),
            OrderSpec::ForceSpan => write!(f, "force-span"),
            OrderSpec::Sloan => write!(f, "sloan"),
            OrderSpec::Hubs => write!(f, "hubs"),
            OrderSpec::Auto => write!(f, "auto"),
            OrderSpec::Random(s) => write!(f, "random:{s}"),
            OrderSpec::File(p) => write!(f, "file:{}", p.display()),
        }
    }
}

impl OrderSpec {
    /// The component order (top to bottom) this spec gives for `sys`.
    pub fn compute(&self, sys: &System) -> Result<Vec<CompId>> {
        self.compute_factored(sys, &[], &Budget::unlimited())
    }

    /// The order of the components of a factored system ([`crate::model::factor`]). The
    /// heuristics order its components (so bits of different components can meet); `given`
    /// keeps the input's order with each component's bits in its place; an order file may name
    /// bits or whole components of the input.
    pub fn compute_for(&self, f: &Factored) -> Result<Vec<CompId>> {
        self.compute_factored(&f.system, &f.parts, &Budget::unlimited())
    }

    /// The orders to try, each with its name: one, or for `auto` the candidates it races,
    /// the first preferred.
    pub fn candidates_for(&self, f: &Factored) -> Result<Vec<(String, Vec<CompId>)>> {
        self.candidates_within(f, &Budget::unlimited())
    }

    /// [`OrderSpec::candidates_for`] under `budget`: FORCE on a ring of thousands of
    /// components takes long enough that a time limit must be able to stop it
    /// (docs/benchmarks.md, "Reordering at the start").
    pub fn candidates_within(
        &self,
        f: &Factored,
        budget: &Budget,
    ) -> Result<Vec<(String, Vec<CompId>)>> {
        let specs = match self {
            OrderSpec::Auto => vec![OrderSpec::Force, OrderSpec::Hubs],
            s => vec![s.clone()],
        };
        let mut out: Vec<(String, Vec<CompId>)> = Vec::new();
        for s in specs {
            let o = s.compute_factored(&f.system, &f.parts, budget)?;
            // the same order twice would only run twice
            if !out.iter().any(|(_, p)| *p == o) {
                out.push((s.to_string(), o));
            }
        }
        Ok(out)
    }

    fn compute_factored(
        &self,
        sys: &System,
        parts: &[Part],
        budget: &Budget,
    ) -> Result<Vec<CompId>> {
        let n = sys.components().len();
        Ok(match self {
            OrderSpec::Given => (0..n).collect(),
            // a single order wanted: the race's first candidate
            OrderSpec::Force | OrderSpec::Auto => force_within(sys, 8, 0x5eed, false, budget)?,
            OrderSpec::Hubs => hubs(sys, parts),
            OrderSpec::ForceSpan => force_within(sys, 32, 0x5eed, true, budget)?,
            OrderSpec::Sloan => sloan(sys),
            OrderSpec::Random(seed) => random(n, *seed),
            // the driver reads the file (`check::order_candidates`) and never asks here
            OrderSpec::File(path) => {
                return Err(Error::Internal(format!(
                    "order file `{}`: the engine reads no files; read it with \
                     `parse::order::read_order` (as `check::order_candidates` does)",
                    path.display()
                )))
            }
        })
    }
}

/// How many times FORCE's total span a user's order (`given`, `random:SEED`, `file:PATH`) may
/// span before `--reorder start` (the default, [`crate::symbolic::reorder::ReorderMode`])
/// starts from the default order instead; see [`repair_poor`].
pub const POOR_SPAN: usize = 2;

/// Above this many components (after factoring) no order is repaired: FORCE alone is slow on
/// a ring of many thousands (docs/benchmarks.md, "Reordering at the start").
pub(crate) const REPAIR_MAX_COMPONENTS: usize = 2000;

impl OrderSpec {
    /// Whether the user chose the order itself (`given`, `random:SEED`, `file:PATH`) rather
    /// than one of the heuristics.
    pub fn is_users(&self) -> bool {
        matches!(
            self,
            OrderSpec::Given | OrderSpec::Random(_) | OrderSpec::File(_)
        )
    }
}

/// The reordering at the start (`--reorder start`, the default): a user's order `order`
/// (named `name`) that spans more than [`POOR_SPAN`] times what FORCE's order spans is
/// replaced, before any BDD is built, by the candidates of the default order `auto` (FORCE and
/// `hubs`, raced), which is what moving every block to a good place before saturation would
/// do, at no cost. A bad static order costs orders of magnitude: from random orders of RERS
/// 2016 110, saturation with sifting was about ten times slower than from FORCE
/// (docs/benchmarks.md, "Reordering at the start"). An order within the bound is kept, and so
/// is every order under `--reorder off`. The replacement is logged as a warning: the user
/// asked for another order.
pub fn repair_poor(
    f: &Factored,
    name: &str,
    order: Vec<CompId>,
    budget: &Budget,
) -> Result<Vec<(String, Vec<CompId>)>> {
    let sys = &f.system;
    if sys.components().len() > REPAIR_MAX_COMPONENTS {
        return Ok(vec![(name.to_string(), order)]);
    }
    let candidates = OrderSpec::Auto.candidates_within(f, budget)?;
    let theirs = total_span(sys, &order);
    let force = candidates
        .first()
        .map_or(theirs, |(_, o)| total_span(sys, o));
    if theirs <= POOR_SPAN.saturating_mul(force) {
        return Ok(vec![(name.to_string(), order)]);
    }
    log::warn!(
        "order {name} spans {theirs} levels of blocks over the shared labels, FORCE's {force}: \
         starting from the default order instead (`--reorder off` keeps {name})"
    );
    Ok(candidates)
}

/// The hyperedges of the interaction structure: the components of each label shared by two or
/// more components (a local label constrains no order).
fn hyperedges(sys: &System) -> Vec<Vec<CompId>> {
    let mut edges: Vec<Vec<CompId>> = sys
        .labels()
        .iter()
        .filter(|l| l.components.len() > 1)
        .map(|l| l.components.clone())
        .collect();
    edges.sort();
    edges.dedup();
    edges
}

/// Sum over the shared labels of (lowest position − highest position) of their components.
pub fn total_span(sys: &System, order: &[CompId]) -> usize {
    let mut pos = vec![0usize; sys.components().len()];
    for (i, &c) in order.iter().enumerate() {
        pos[c] = i;
    }
    sys.labels()
        .iter()
        .filter(|l| l.components.len() > 1)
        .map(|l| {
            let ps = l.components.iter().map(|&c| pos[c]);
            ps.clone().max().unwrap_or(0) - ps.min().unwrap_or(0)
        })
        .sum()
}

/// A small deterministic generator (xorshift64*), enough for shuffles.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        // splitmix64 of the seed, never zero
        let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        Rng((z ^ (z >> 31)) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A seeded random permutation of `0..n` (Fisher–Yates).
pub fn random(n: usize, seed: u64) -> Vec<CompId> {
    let mut rng = Rng::new(seed);
    let mut v: Vec<CompId> = (0..n).collect();
    for i in (1..n).rev() {
        let j = rng.below(i + 1);
        v.swap(i, j);
    }
    v
}

/// FORCE from the given order and `random_starts` seeded random orders; the result with the
/// least total span wins (ties: the earlier start, so the given order is preferred).
/// `budget` is looked at once per round.
pub fn force_within(
    sys: &System,
    random_starts: usize,
    seed: u64,
    local_search: bool,
    budget: &Budget,
) -> Result<Vec<CompId>> {
    let n = sys.components().len();
    let edges = hyperedges(sys);
    let mut starts = vec![(0..n).collect::<Vec<_>>()];
    for k in 0..random_starts {
        starts.push(random(n, seed.wrapping_add(k as u64)));
    }
    let mut best: Option<(usize, Vec<CompId>)> = None;
    for start in starts {
        let mut order = force_from(n, &edges, start, budget)?;
        if local_search {
            order = improve_by_moves(sys, order);
        }
        let span = total_span(sys, &order);
        if best.as_ref().is_none_or(|(s, _)| span < *s) {
            best = Some((span, order));
        }
    }
    Ok(best.map(|(_, o)| o).unwrap_or_default())
}

/// Greedy local search after FORCE: move single components to the position that lowers the
/// total span most, until no move helps. FORCE's centre-of-gravity steps stop in local optima
/// that one move escapes; on ≤ 20 components this costs microseconds.
fn improve_by_moves(sys: &System, mut order: Vec<CompId>) -> Vec<CompId> {
    let n = order.len();
    let mut span = total_span(sys, &order);
    loop {
        let mut best: Option<(usize, Vec<CompId>)> = None;
        for i in 0..n {
            for j in 0..n {
                if i == j {
                    continue;
                }
                let mut o = order.clone();
                let c = o.remove(i);
                o.insert(j, c);
                let s = total_span(sys, &o);
                if s < best.as_ref().map_or(span, |(b, _)| *b) {
                    best = Some((s, o));
                }
            }
        }
        match best {
            Some((s, o)) => {
                span = s;
                order = o;
            }
            None => return order,
        }
    }
}

/// The FORCE iteration from one start: until the span stops improving (at most `2 log n + 10`
/// rounds without improvement, as the paper's bound suggests), returns the best order seen.
fn force_from(
    n: usize,
    edges: &[Vec<CompId>],
    start: Vec<CompId>,
    budget: &Budget,
) -> Result<Vec<CompId>> {
    let span = |order: &[CompId]| -> usize {
        let mut pos = vec![0usize; n];
        for (i, &c) in order.iter().enumerate() {
            pos[c] = i;
        }
        edges
            .iter()
            .map(|e| {
                let ps = e.iter().map(|&c| pos[c]);
                ps.clone().max().unwrap_or(0) - ps.min().unwrap_or(0)
            })
            .sum()
    };
    let mut incident: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (k, e) in edges.iter().enumerate() {
        for &c in e {
            incident[c].push(k);
        }
    }
    let mut order = start;
    let mut best_span = span(&order);
    let mut best = order.clone();
    let patience = 2 * (usize::BITS - n.leading_zeros()) as usize + 10;
    let mut since_better = 0;
    while since_better < patience {
        budget.check_time()?;
        let mut pos = vec![0f64; n];
        for (i, &c) in order.iter().enumerate() {
            pos[c] = i as f64;
        }
        let cog: Vec<f64> = edges
            .iter()
            .map(|e| e.iter().map(|&c| pos[c]).sum::<f64>() / e.len() as f64)
            .collect();
        let target: Vec<f64> = (0..n)
            .map(|c| {
                if incident[c].is_empty() {
                    pos[c]
                } else {
                    incident[c].iter().map(|&k| cog[k]).sum::<f64>() / incident[c].len() as f64
                }
            })
            .collect();
        let mut next = order.clone();
        // stable: ties keep the current relative order
        next.sort_by(|&a, &b| target[a].total_cmp(&target[b]));
        if next == order {
            break;
        }
        order = next;
        let s = span(&order);
        if s < best_span {
            best_span = s;
            best = order.clone();
            since_better = 0;
        } else {
            since_better += 1;
        }
    }
    Ok(best)
}

/// The components by the number of labels they share with other components (a label shared
/// with k others counts k times), most first; ties keep the given order. In a factored system
/// (`parts` not empty) the components of the input are ranked, and each keeps its bits
/// together, in order.
pub fn hubs(sys: &System, parts: &[Part]) -> Vec<CompId> {
    let n = sys.components().len();
    let mut part_of: Vec<usize> = (0..n).collect();
    let mut members: Vec<Vec<CompId>> = (0..n).map(|c| vec![c]).collect();
    if !parts.is_empty() {
        members = parts.iter().map(|p| p.comps.clone()).collect();
        for (i, p) in parts.iter().enumerate() {
            for &c in &p.comps {
                part_of[c] = i;
            }
        }
    }
    // per input component: the synchronisations it takes part in, counted per partner
    let mut syncs = vec![0usize; members.len()];
    // a label of every component (the start step of the MCC nets) makes everyone a hub
    for l in sys.labels() {
        let mut ps: Vec<usize> = l.components.iter().map(|&c| part_of[c]).collect();
        ps.sort_unstable();
        ps.dedup();
        if ps.len() > 1 && (members.len() <= 2 || ps.len() < members.len()) {
            for &p in &ps {
                syncs[p] += ps.len() - 1;
            }
        }
    }
    let mut ranked: Vec<usize> = (0..members.len()).collect();
    ranked.sort_by_key(|&p| std::cmp::Reverse(syncs[p]));
    ranked
        .into_iter()
        .flat_map(|p| members[p].iter().copied())
        .collect()
}

/// Sloan's ordering of the component interaction graph (weights W1 = 1, W2 = 2 as in Sloan's
/// paper), one connected part after another, each started from a pseudo-peripheral vertex.
pub fn sloan(sys: &System) -> Vec<CompId> {
    let n = sys.components().len();
    let mut adj: Vec<Vec<CompId>> = vec![Vec::new(); n];
    // a label of every component (the start step of the MCC nets) constrains no order but would
    // make the graph complete
    for e in hyperedges(sys)
        .into_iter()
        .filter(|e| n <= 2 || e.len() < n)
    {
        for &a in &e {
            for &b in &e {
                if a != b {
                    adj[a].push(b);
                }
            }
        }
    }
    for a in &mut adj {
        a.sort_unstable();
        a.dedup();
    }
    let mut numbered = vec![false; n];
    let mut order = Vec::with_capacity(n);
    for root in 0..n {
        if numbered[root] {
            continue;
        }
        let (s, e) = pseudo_peripheral(&adj, root);
        let part = sloan_part(&adj, s, e);
        for &c in &part {
            numbered[c] = true;
        }
        order.extend(part);
    }
    order
}

/// BFS distances from `s` (usize::MAX where unreachable).
fn distances(adj: &[Vec<CompId>], s: CompId) -> Vec<usize> {
    let mut d = vec![usize::MAX; adj.len()];
    d[s] = 0;
    let mut queue = std::collections::VecDeque::from([s]);
    while let Some(v) = queue.pop_front() {
        for &w in &adj[v] {
            if d[w] == usize::MAX {
                d[w] = d[v] + 1;
                queue.push_back(w);
            }
        }
    }
    d
}

/// A pair of vertices far apart in the part of `root` (George and Liu's iteration: go to a
/// vertex of least degree in the last BFS level until the eccentricity stops growing).
fn pseudo_peripheral(adj: &[Vec<CompId>], root: CompId) -> (CompId, CompId) {
    let ecc = |d: &[usize]| {
        d.iter()
            .filter(|&&x| x != usize::MAX)
            .max()
            .copied()
            .unwrap_or(0)
    };
    let mut s = root;
    loop {
        let d = distances(adj, s);
        let far = ecc(&d);
        let e = (0..adj.len())
            .filter(|&v| d[v] == far)
            .min_by_key(|&v| adj[v].len())
            .unwrap_or(s);
        // the eccentricity grows strictly each round, so this ends
        if ecc(&distances(adj, e)) > far {
            s = e;
        } else {
            return (s, e);
        }
    }
}

fn sloan_part(adj: &[Vec<CompId>], s: CompId, e: CompId) -> Vec<CompId> {
    #[derive(Clone, Copy, PartialEq)]
    enum St {
        Inactive,
        Preactive,
        Active,
        Postactive,
    }
    const W1: i64 = 1;
    const W2: i64 = 2;
    let n = adj.len();
    let dist = distances(adj, e);
    let mut prio: Vec<i64> = (0..n)
        .map(|v| W1 * dist[v].min(n) as i64 - W2 * (adj[v].len() as i64 + 1))
        .collect();
    let mut st = vec![St::Inactive; n];
    let mut queue: Vec<CompId> = vec![s];
    st[s] = St::Preactive;
    let mut out = Vec::new();
    while !queue.is_empty() {
        // highest priority; ties: smallest component index (deterministic)
        let (qi, &i) = queue
            .iter()
            .enumerate()
            .max_by(|(_, &a), (_, &b)| prio[a].cmp(&prio[b]).then(b.cmp(&a)))
            .expect("queue is not empty");
        queue.swap_remove(qi);
        if st[i] == St::Preactive {
            for &j in &adj[i] {
                prio[j] += W2;
                if st[j] == St::Inactive {
                    st[j] = St::Preactive;
                    queue.push(j);
                }
            }
        }
        st[i] = St::Postactive;
        out.push(i);
        for &j in &adj[i] {
            if st[j] == St::Preactive {
                st[j] = St::Active;
                prio[j] += W2;
                for &k in &adj[j] {
                    if st[k] != St::Postactive {
                        prio[k] += W2;
                        if st[k] == St::Inactive {
                            st[k] = St::Preactive;
                            queue.push(k);
                        }
                    }
                }
            }
        }
    }
    out
}

/// A path of components laid out by `perm`: component `perm[i]` shares label `l{i}` with
/// `perm[i + 1]` (one state each), so the best order has total span `perm.len() - 1`.
#[cfg(test)]
pub(crate) fn path_system(perm: &[usize]) -> System {
    let mut b = crate::model::SystemBuilder::new();
    let comps: Vec<CompId> = (0..perm.len())
        .map(|i| b.add_component(&format!("c{i}")))
        .collect();
    for &c in &comps {
        b.add_state(c, "0").expect("a new component");
        b.set_start(c, 0);
    }
    for i in 0..perm.len().saturating_sub(1) {
        b.add_transition(comps[perm[i]], 0, &format!("l{i}"), 0);
        b.add_transition(comps[perm[i + 1]], 0, &format!("l{i}"), 0);
    }
    b.build().expect("a valid path system")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::SystemBuilder;

    /// A ring of `n` components where component i shares label `i` with i+1, given in a
    /// scrambled order so that the given order has a large span.
    fn ring(n: usize, scramble: bool) -> System {
        let mut b = SystemBuilder::new();
        let perm: Vec<usize> = if scramble {
            random(n, 7)
        } else {
            (0..n).collect()
        };
        let comps: Vec<CompId> = (0..n).map(|i| b.add_component(&format!("c{i}"))).collect();
        for &c in &comps {
            b.add_state(c, "0").unwrap();
            b.add_state(c, "1").unwrap();
            b.set_start(c, 0);
        }
        for i in 0..n {
            let (a, c) = (comps[perm[i]], comps[perm[(i + 1) % n]]);
            b.add_transition(a, 0, &format!("l{i}"), 1);
            b.add_transition(c, 1, &format!("l{i}"), 0);
        }
        b.build().unwrap()
    }

    fn is_perm(o: &[CompId], n: usize) -> bool {
        let mut v = o.to_vec();
        v.sort_unstable();
        v == (0..n).collect::<Vec<_>>()
    }

    #[test]
    fn parses_specs() {
        assert_eq!("given".parse::<OrderSpec>(), Ok(OrderSpec::Given));
        assert_eq!("random:42".parse::<OrderSpec>(), Ok(OrderSpec::Random(42)));
        assert_eq!(
            "file:a b".parse::<OrderSpec>(),
            Ok(OrderSpec::File("a b".into()))
        );
        assert!("random:x".parse::<OrderSpec>().is_err());
        assert!("fancy".parse::<OrderSpec>().is_err());
        for s in [
            "given",
            "force",
            "force-span",
            "sloan",
            "hubs",
            "auto",
            "random:3",
            "file:x.txt",
        ] {
            assert_eq!(s.parse::<OrderSpec>().unwrap().to_string(), s);
        }
    }

    /// A star (component 3 shares a label with each other one, twice with component 1) plus a
    /// pair 0-2: the hub first, then by synchronisations, ties in the given order.
    #[test]
    fn hubs_puts_the_most_synchronised_components_first() {
        let mut b = SystemBuilder::new();
        let comps: Vec<CompId> = (0..5).map(|i| b.add_component(&format!("c{i}"))).collect();
        for &c in &comps {
            b.add_state(c, "0").unwrap();
            b.set_start(c, 0);
        }
        let edges = [(3, 0), (3, 1), (3, 1), (3, 2), (3, 4), (0, 2)];
        for (k, &(x, y)) in edges.iter().enumerate() {
            b.add_transition(comps[x], 0, &format!("s{k}"), 0);
            b.add_transition(comps[y], 0, &format!("s{k}"), 0);
        }
        b.add_transition(comps[4], 0, "local", 0);
        let sys = b.build().unwrap();
        // syncs: c3 5, c0 2, c1 2, c2 2, c4 1
        assert_eq!(hubs(&sys, &[]), vec![3, 0, 1, 2, 4]);
        // c1 and c4 as the two bits of one input component: its labels with c3 count once
        // each (3 syncs, one more than c0 and c2), and its bits stay together
        let part = |name: &str, comps: Vec<CompId>| Part {
            name: name.into(),
            state_names: Vec::new(),
            comps,
            codes: None,
        };
        let parts = [
            part("p0", vec![0]),
            part("p1", vec![1, 4]),
            part("p2", vec![2]),
            part("p3", vec![3]),
        ];
        assert_eq!(hubs(&sys, &parts), vec![3, 1, 4, 0, 2]);
    }

    #[test]
    fn heuristics_give_permutations_and_shrink_the_span() {
        let sys = ring(12, true);
        let given = total_span(&sys, &(0..12).collect::<Vec<_>>());
        for spec in [
            OrderSpec::Force,
            OrderSpec::ForceSpan,
            OrderSpec::Sloan,
            OrderSpec::Random(1),
        ] {
            let o = spec.compute(&sys).unwrap();
            assert!(is_perm(&o, 12), "{spec}: {o:?}");
        }
        // a ring laid out well has span 2(n-1) (each neighbour pair next but one, plus the wrap)
        let f = total_span(&sys, &OrderSpec::Force.compute(&sys).unwrap());
        let s = total_span(&sys, &OrderSpec::Sloan.compute(&sys).unwrap());
        assert!(
            f < given && s < given,
            "given {given}, force {f}, sloan {s}"
        );
        assert!(s <= 2 * 11 + 2, "sloan span {s}");
    }

    /// A user's order spanning more than [`POOR_SPAN`] times FORCE's is replaced by the
    /// candidates of `auto`, FORCE first; FORCE's own order, or one close to it, stays.
    #[test]
    fn only_a_poor_order_is_repaired() {
        let sys = ring(12, true);
        let f = Factored::none(&sys);
        let budget = Budget::unlimited();
        let given: Vec<CompId> = (0..12).collect();
        let force = OrderSpec::Force.compute(&sys).unwrap();
        assert!(total_span(&sys, &given) > POOR_SPAN * total_span(&sys, &force));
        let repaired = repair_poor(&f, "given", given, &budget).unwrap();
        assert_eq!(
            repaired,
            OrderSpec::Auto.candidates_within(&f, &budget).unwrap()
        );
        assert_eq!(repaired[0], ("force".to_string(), force.clone()));
        let kept = repair_poor(&f, "file:o", force.clone(), &budget).unwrap();
        assert_eq!(kept, vec![("file:o".to_string(), force)]);
        assert!(OrderSpec::Given.is_users() && OrderSpec::Random(3).is_users());
        assert!(!OrderSpec::Force.is_users() && !OrderSpec::Auto.is_users());
    }

    #[test]
    fn chain_is_recovered_by_sloan() {
        // a path c_p0 - c_p1 - ... scrambled: Sloan must lay it out as a path (span n-1)
        let n = 9;
        let sys = path_system(&random(n, 3));
        assert_eq!(total_span(&sys, &sloan(&sys)), n - 1);
        let force = |moves| force_within(&sys, 8, 1, moves, &Budget::unlimited()).unwrap();
        assert_eq!(total_span(&sys, &force(false)), n - 1);
        assert_eq!(total_span(&sys, &force(true)), n - 1);
    }
}
