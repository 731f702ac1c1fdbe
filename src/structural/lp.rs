//! Finding the weights of a certificate ([`super::certificate`]) by constraint generation: a
//! small linear program over the weights `w` and multipliers `λ` only, solved by `microlp` (a
//! simplex in pure Rust), and the potentials by longest paths.
//!
//! For fixed `w` and `λ`, potentials satisfying (2) exist in a net iff it has no cycle of
//! positive weight `Σ_t (acc(t) − w_slot(t))` (Bellman–Ford; the potentials are then the
//! longest-path distances). So the program starts with (1), `Σ λ = 1` and box bounds on `w`,
//! and each round adds, for every positive cycle `C` the last solution leaves in some net, the
//! cut `Σ_{t ∈ C} w_slot(t) − Σ_i |C ∩ Acc_i| λ_i ≥ 0` that every certificate satisfies. It
//! ends when no net has a positive cycle (a candidate: the weights and the distances, which
//! [`super::certificate::from_floats`] rounds and checks exactly), when the program is
//! infeasible (no certificate: the relaxation has a fair circulation), or at a limit.
//!
//! The full dual program (a potential per state of every net) was the first try: on RERS
//! 2017/113 #6 it has 135,000 rows and `microlp` had not solved it after 160 s. The weights
//! are a few hundred; the cuts needed are few.

use std::collections::{BTreeMap, HashSet};
use std::time::Instant;

use microlp::{ComparisonOp, LinearExpr, OptimizationDirection, Problem, Variable};

use super::net::{Net, Relaxation};

/// A floating-point candidate `(phi, w, lambda)`.
pub type Floats = (Vec<Vec<f64>>, Vec<Vec<f64>>, Vec<f64>);

/// How a search for a candidate ended.
#[derive(Debug)]
pub enum Outcome {
    Candidate(Floats),
    /// The program became infeasible: there is no certificate for this relaxation.
    NoCertificate,
    /// A limit (rounds, relaxation steps, time) was reached.
    GaveUp,
}

/// The bound on every weight: the certificate is homogeneous, so any box holds one if the
/// multipliers may shrink; `Σλ = 1` fixes their scale, and a certificate needing weights past
/// this bound is not found.
const MAX_WEIGHT: f64 = 1e4;

/// The smallest positive cycle weight taken for a violation (the rest is rounding noise).
const EPS: f64 = 1e-7;

/// Searches for a candidate certificate of `rel` within `max_rounds` rounds, `max_steps`
/// relaxation steps per longest-path search, and `deadline`.
pub fn candidate(
    rel: &Relaxation,
    max_rounds: usize,
    max_steps: usize,
    deadline: Instant,
) -> Outcome {
    let mut p = Problem::new(OptimizationDirection::Minimize);
    let w: Vec<Vec<Variable>> = rel
        .nets
        .iter()
        .map(|n| {
            (0..n.slots.len())
                .map(|_| p.add_var(0.0, (-MAX_WEIGHT, MAX_WEIGHT)))
                .collect()
        })
        .collect();
    // a small cost on the multipliers' spread is no help; the objective only picks a vertex
    let lambda: Vec<Variable> = (0..rel.num_acc)
        .map(|_| p.add_var(0.0, (0.0, f64::INFINITY)))
        .collect();
    for slots in rel.label_slots() {
        if slots.is_empty() {
            continue;
        }
        let expr: Vec<(Variable, f64)> = slots.iter().map(|&(c, s)| (w[c][s], 1.0)).collect();
        p.add_constraint(expr, ComparisonOp::Le, 0.0);
    }
    let sum: Vec<(Variable, f64)> = lambda.iter().map(|&l| (l, 1.0)).collect();
    p.add_constraint(sum, ComparisonOp::Eq, 1.0);
    let mut sol = match p.solve() {
        Ok(s) => s,
        Err(_) => return Outcome::NoCertificate,
    };
    let mut seen: HashSet<Cut> = HashSet::new();
    for round in 0..max_rounds {
        if Instant::now() >= deadline {
            log::debug!("structural: time out after {round} rounds");
            return Outcome::GaveUp;
        }
        let wv: Vec<Vec<f64>> = w
            .iter()
            .map(|vs| vs.iter().map(|&v| *sol.var_value(v)).collect())
            .collect();
        let lv: Vec<f64> = lambda.iter().map(|&v| *sol.var_value(v)).collect();
        let mut cuts: Vec<Cut> = Vec::new();
        let mut phi = Vec::with_capacity(rel.nets.len());
        for (c, net) in rel.nets.iter().enumerate() {
            let gain: Vec<f64> = net
                .edges
                .iter()
                .map(|e| acc_value(&lv, e.acc) - wv[c][e.slot as usize])
                .collect();
            match longest(net, &gain, max_steps) {
                Longest::Distances(d) => phi.push(d),
                Longest::Cycles(cycles) => {
                    for cyc in cycles {
                        let k = cut(net, &cyc, &w[c], &lambda);
                        if seen.insert(k.clone()) {
                            cuts.push(k);
                        }
                    }
                    phi.push(Vec::new());
                }
                Longest::GaveUp => {
                    log::debug!("structural: longest paths in net {c} out of steps");
                    return Outcome::GaveUp;
                }
            }
        }
        if cuts.is_empty() {
            if phi.iter().zip(&rel.nets).any(|(p, n)| p.len() != n.states) {
                // every cycle found had been cut before: rounding noise, no progress
                return Outcome::GaveUp;
            }
            return Outcome::Candidate((phi, wv, lv));
        }
        log::trace!("structural: round {round}: {} cuts", cuts.len());
        for k in cuts {
            let expr: LinearExpr = k.iter().map(|&(v, c)| (v, c as f64)).collect();
            sol = match sol.add_constraint(expr, ComparisonOp::Ge, 0.0) {
                Ok(s) => s,
                Err(microlp::Error::Infeasible) => return Outcome::NoCertificate,
                Err(_) => return Outcome::GaveUp,
            };
        }
    }
    Outcome::GaveUp
}

fn acc_value(lambda: &[f64], acc: u64) -> f64 {
    lambda
        .iter()
        .enumerate()
        .filter(|&(i, _)| i < 64 && acc >> i & 1 == 1)
        .map(|(_, l)| l)
        .sum()
}

/// The cut of cycle `cyc` (edge indices of `net`): `Σ w_slot − Σ_i |C ∩ Acc_i| λ_i ≥ 0`.
fn cut(net: &Net, cyc: &[usize], w: &[Variable], lambda: &[Variable]) -> Cut {
    let mut coef: BTreeMap<Variable, i64> = BTreeMap::new();
    for &i in cyc {
        let e = &net.edges[i];
        *coef.entry(w[e.slot as usize]).or_default() += 1;
        for (k, &l) in lambda.iter().enumerate() {
            if e.acc >> k & 1 == 1 {
                *coef.entry(l).or_default() -= 1;
            }
        }
    }
    coef.into_iter().filter(|&(_, c)| c != 0).collect()
}

/// A cut as its integer coefficients: cycles through the same slots as often make the same
/// cut, added once.
type Cut = Vec<(Variable, i64)>;

enum Longest {
    /// No positive cycle: the longest-path distances from everywhere (potentials for (2)).
    Distances(Vec<f64>),
    /// Positive cycles, as edge indices.
    Cycles(Vec<Vec<usize>>),
    GaveUp,
}

/// Longest paths by a queue-based Bellman–Ford (every state a source at distance 0); every
/// `states` relaxations the predecessor graph is searched for cycles, which are positive.
fn longest(net: &Net, gain: &[f64], max_steps: usize) -> Longest {
    let n = net.states;
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, e) in net.edges.iter().enumerate() {
        out[e.from as usize].push(i);
    }
    let mut dist = vec![0.0f64; n];
    let mut pred = vec![usize::MAX; n];
    let mut queued = vec![true; n];
    let mut queue: std::collections::VecDeque<usize> = (0..n).collect();
    let mut steps = 0usize;
    let mut since_check = 0usize;
    while let Some(v) = queue.pop_front() {
        queued[v] = false;
        for &i in &out[v] {
            let e = &net.edges[i];
            let d = e.to as usize;
            let nd = dist[v] + gain[i];
            if nd > dist[d] + EPS {
                dist[d] = nd;
                pred[d] = i;
                steps += 1;
                since_check += 1;
                if !queued[d] {
                    queued[d] = true;
                    queue.push_back(d);
                }
            }
        }
        if since_check > n {
            since_check = 0;
            let cycles = pred_cycles(net, &pred, gain);
            if !cycles.is_empty() {
                return Longest::Cycles(cycles);
            }
        }
        if steps > max_steps {
            return Longest::GaveUp;
        }
    }
    Longest::Distances(dist)
}

/// The cycles of the predecessor graph whose gain is positive.
fn pred_cycles(net: &Net, pred: &[usize], gain: &[f64]) -> Vec<Vec<usize>> {
    let n = pred.len();
    // 0 unvisited, 1 on the current walk, 2 done
    let mut mark = vec![0u8; n];
    let mut cycles = Vec::new();
    for s in 0..n {
        let mut walk = Vec::new();
        let mut v = s;
        while mark[v] == 0 {
            mark[v] = 1;
            walk.push(v);
            match pred[v] {
                usize::MAX => break,
                i => v = net.edges[i].from as usize,
            }
        }
        if mark[v] == 1 && pred[v] != usize::MAX {
            // `v` is on this walk: the cycle v <- ... <- v
            let mut cyc = Vec::new();
            let mut u = v;
            loop {
                let i = pred[u];
                cyc.push(i);
                u = net.edges[i].from as usize;
                if u == v {
                    break;
                }
            }
            if cyc.iter().map(|&i| gain[i]).sum::<f64>() > EPS {
                cycles.push(cyc);
            }
        }
        for u in walk {
            mark[u] = 2;
        }
    }
    cycles
}
