//! The certificate that a relaxation has no fair cycle, and its exact check.
//!
//! By Farkas' lemma the state equation of [`super`] is infeasible iff there are potentials
//! `φ_c(s)` on the states of every net `c`, weights `w_{c,s}` per net and slot, and `λ_i ≥ 0`
//! per acceptance set with `Σ λ_i > 0`, such that
//!
//! 1. for every label `l`: `Σ_{(c,s) standing for l} w_{c,s} ≤ 0`, and
//! 2. for every edge `t = (s, slot, d)` of every net `c`:
//!    `φ_c(d) − φ_c(s) + w_{c,slot} ≥ acc(t)`, where `acc(t) = Σ_{i : t ∈ Acc_i} λ_i`.
//!
//! Why it proves the property: a fair cycle of the system × automaton projects to a closed walk
//! in every net (inside one strongly connected component, so over edges the relaxation kept),
//! each label `l` occurring equally often (`n_l` times) in every net whose alphabet has it.
//! Summing (2) over all those walks, the potentials cancel (closed walks) and the weights add
//! up to `Σ_l n_l Σ_{(c,s) for l} w_{c,s} ≤ 0` by (1), while the right side is at least
//! `Σ_i λ_i > 0`, since the walk in `P` meets every acceptance set: `0 ≥ Σλ > 0`, absurd.
//!
//! The check is in integers (`i128`, every operation checked: an overflow rejects), so a
//! certificate found in floating point proves nothing until [`verify`] accepts it.

use super::net::Relaxation;

/// Integer potentials, weights and acceptance multipliers (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// `phi[c][s]`: the potential of state `s` of net `c`.
    pub phi: Vec<Vec<i128>>,
    /// `w[c][s]`: the weight of slot `s` of net `c`.
    pub w: Vec<Vec<i128>>,
    /// `lambda[i]`: the multiplier of acceptance set `i`.
    pub lambda: Vec<i128>,
}

/// `Σ_{i ∈ acc} λ_i`, `None` on overflow.
fn acc_value(lambda: &[i128], acc: u64) -> Option<i128> {
    let mut v: i128 = 0;
    for (i, &l) in lambda.iter().enumerate() {
        if i < 64 && acc >> i & 1 == 1 {
            v = v.checked_add(l)?;
        }
    }
    Some(v)
}

/// Whether `cert` satisfies (1) and (2) of the module doc exactly for `rel`.
pub fn verify(rel: &Relaxation, cert: &Certificate) -> bool {
    verify_inner(rel, cert).unwrap_or(false)
}

fn verify_inner(rel: &Relaxation, cert: &Certificate) -> Option<bool> {
    let shapes_fit = cert.phi.len() == rel.nets.len()
        && cert.w.len() == rel.nets.len()
        && cert.lambda.len() == rel.num_acc
        && rel
            .nets
            .iter()
            .enumerate()
            .all(|(c, n)| cert.phi[c].len() == n.states && cert.w[c].len() == n.slots.len());
    if !shapes_fit || cert.lambda.iter().any(|&l| l < 0) {
        return Some(false);
    }
    let mut total: i128 = 0;
    for &l in &cert.lambda {
        total = total.checked_add(l)?;
    }
    if total <= 0 {
        return Some(false);
    }
    // (1): the weights standing for each label sum to at most 0
    for slots in rel.label_slots() {
        let mut sum: i128 = 0;
        for (c, s) in slots {
            sum = sum.checked_add(cert.w[c][s])?;
        }
        if sum > 0 {
            return Some(false);
        }
    }
    // (2): every edge
    for (c, net) in rel.nets.iter().enumerate() {
        let phi = &cert.phi[c];
        for e in &net.edges {
            if e.slot as usize >= net.slots.len() {
                return Some(false);
            }
            let lhs = phi[e.to as usize]
                .checked_sub(phi[e.from as usize])?
                .checked_add(cert.w[c][e.slot as usize])?;
            if lhs < acc_value(&cert.lambda, e.acc)? {
                return Some(false);
            }
        }
    }
    Some(true)
}

/// The scales tried to turn a floating-point solution into integers: the least common
/// multiples of `1..=k` (a vertex of the program has small denominators in practice), then
/// powers of two for what is nearly right.
const SCALES: &[f64] = &[
    1.0,
    2.0,
    6.0,
    12.0,
    60.0,
    420.0,
    840.0,
    2520.0,
    27720.0,
    720720.0,
    12252240.0,
    1048576.0,
    1073741824.0,
];

/// A certificate from a floating-point solution `(phi, w, lambda)` of the dual program, if some
/// scale rounds it to one: the weights and multipliers are scaled and rounded, each label's
/// balance (1) restored on one of its own slots, and the potentials recomputed exactly from the
/// rounded ones by Bellman–Ford (longest paths for `acc − w`; a positive cycle, or more than
/// `max_passes` passes, rejects the scale). Whatever comes out has passed [`verify`].
pub fn from_floats(
    rel: &Relaxation,
    phi: &[Vec<f64>],
    w: &[Vec<f64>],
    lambda: &[f64],
    max_passes: usize,
) -> Option<Certificate> {
    let by_label = rel.label_slots();
    for &k in SCALES {
        let round = |x: f64| -> Option<i128> {
            let v = (x * k).round();
            (v.is_finite() && v.abs() < 1e30).then_some(v as i128)
        };
        let Some(lam) = lambda
            .iter()
            .map(|&l| round(l).map(|v| v.max(0)))
            .collect::<Option<Vec<i128>>>()
        else {
            continue;
        };
        if lam.iter().sum::<i128>() <= 0 {
            continue;
        }
        let Some(mut wi) = w
            .iter()
            .map(|ws| ws.iter().map(|&x| round(x)).collect::<Option<Vec<i128>>>())
            .collect::<Option<Vec<Vec<i128>>>>()
        else {
            continue;
        };
        // restore (1) on a slot standing for this label alone (every label has one: its
        // component's, or P's own when the component is merged)
        for slots in &by_label {
            let sum: i128 = slots.iter().map(|&(c, s)| wi[c][s]).sum();
            if sum > 0 {
                if let Some(&(c, s)) = slots
                    .iter()
                    .find(|&&(c, s)| rel.nets[c].slots[s].len() == 1)
                {
                    wi[c][s] -= sum;
                }
            }
        }
        let mut ok = true;
        let mut pot = Vec::with_capacity(rel.nets.len());
        for (c, net) in rel.nets.iter().enumerate() {
            let mut p: Vec<i128> = match phi[c].iter().map(|&x| round(x)).collect() {
                Some(p) => p,
                None => vec![0; net.states],
            };
            let mut settled = false;
            for _ in 0..max_passes.min(net.states + 1) {
                let mut changed = false;
                for e in &net.edges {
                    let need = p[e.from as usize] + acc_value(&lam, e.acc).unwrap_or(i128::MAX / 4)
                        - wi[c][e.slot as usize];
                    if p[e.to as usize] < need {
                        p[e.to as usize] = need;
                        changed = true;
                    }
                }
                if !changed {
                    settled = true;
                    break;
                }
            }
            if !settled {
                ok = false;
                break;
            }
            pot.push(p);
        }
        if !ok {
            continue;
        }
        let cert = Certificate {
            phi: pot,
            w: wi,
            lambda: lam,
        };
        if verify(rel, &cert) {
            return Some(cert);
        }
    }
    None
}
