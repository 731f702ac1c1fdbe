//! Random RERS-like systems: each component a connected LTS, each label either local to one
//! component or shared by exactly two (as in the RERS parallel benchmarks, where every
//! synchronisation is binary), deterministic for a seed.
//!
//! Construction of component `c` with `S` states and `T ≥ S − 1` transitions:
//! 1. a random spanning tree from the start state 0 (state `j` gets an edge from a random
//!    state `< j`), so every local state is locally reachable; then `T − (S − 1)` random extra
//!    edges;
//! 2. each edge is marked *shared* with probability `share`; the shared edges of all components
//!    are shuffled and paired greedily with a shared edge of a *different* component, each pair
//!    getting a fresh label `s<k>`; unpaired ones stay local. Local edges get fresh labels
//!    `c<c>_<k>`, so each label is on one edge per component.
//! 3. deadlocks: with `deadlocks = false`, every local state without an outgoing local edge gets
//!    one (a fresh local label to a random state), so some component can always move and no
//!    global deadlock exists. With `deadlocks = true`, extra edges never leave the last state
//!    `S − 1` (a likely local sink) and nothing is added, so deadlocks are likely but not
//!    guaranteed.

use super::rng::Rng;
use crate::model::{System, SystemBuilder};

#[derive(Clone, Debug, PartialEq)]
pub struct RandomSpec {
    pub components: usize,
    pub states_per_component: usize,
    /// Transitions per component before deadlock avoidance; raised to at least
    /// `states_per_component − 1` (the spanning tree).
    pub transitions_per_component: usize,
    /// Probability that a transition is offered for synchronisation.
    pub share_rate: f64,
    /// `false`: no reachable deadlock is possible. `true`: deadlocks are made likely.
    pub deadlocks: bool,
    pub seed: u64,
}

impl Default for RandomSpec {
    fn default() -> RandomSpec {
        RandomSpec {
            components: 4,
            states_per_component: 5,
            transitions_per_component: 10,
            share_rate: 0.3,
            deadlocks: true,
            seed: 1,
        }
    }
}

pub fn random(spec: &RandomSpec) -> Result<System, String> {
    if spec.components == 0 || spec.states_per_component == 0 {
        return Err("random: need at least 1 component and 1 state per component".into());
    }
    if !(0.0..=1.0).contains(&spec.share_rate) {
        return Err(format!(
            "random: share rate {} is not in [0, 1]",
            spec.share_rate
        ));
    }
    let s = spec.states_per_component;
    let t = spec.transitions_per_component.max(s - 1);
    let mut rng = Rng::new(spec.seed);
    // (from, to, shared?) per component
    let mut edges: Vec<Vec<(u32, u32, bool)>> = Vec::new();
    for _ in 0..spec.components {
        let mut es = Vec::with_capacity(t);
        for j in 1..s {
            es.push((rng.below(j) as u32, j as u32, false));
        }
        let sources = if spec.deadlocks && s > 1 { s - 1 } else { s };
        while es.len() < t {
            es.push((rng.below(sources) as u32, rng.below(s) as u32, false));
        }
        for e in &mut es {
            e.2 = rng.chance(spec.share_rate);
        }
        edges.push(es);
    }
    // Pair the shared edges across components.
    let shared: Vec<(usize, usize)> = edges
        .iter()
        .enumerate()
        .flat_map(|(c, es)| {
            es.iter()
                .enumerate()
                .filter(|e| e.1 .2)
                .map(move |(k, _)| (c, k))
        })
        .collect();
    let mut label: Vec<Vec<Option<String>>> = edges.iter().map(|es| vec![None; es.len()]).collect();
    for (k, (a, b)) in pair_across_components(&mut rng, shared)
        .into_iter()
        .enumerate()
    {
        let name = format!("s{k}");
        label[a.0][a.1] = Some(name.clone());
        label[b.0][b.1] = Some(name);
    }
    let mut b = SystemBuilder::new();
    for (c, es) in edges.iter().enumerate() {
        let comp = b.add_component(&format!("c{c}"));
        for j in 0..s {
            b.add_state(comp, &format!("q{j}"))?;
        }
        b.set_start(comp, 0);
        let mut local_count = 0usize;
        let mut has_local = vec![false; s];
        for (k, &(from, to, _)) in es.iter().enumerate() {
            match &label[c][k] {
                Some(name) => b.add_transition(comp, from, name, to),
                None => {
                    b.add_transition(comp, from, &format!("c{c}_{local_count}"), to);
                    local_count += 1;
                    has_local[from as usize] = true;
                }
            }
        }
        if !spec.deadlocks {
            for (from, _) in has_local.iter().enumerate().filter(|h| !*h.1) {
                let to = rng.below(s) as u32;
                b.add_transition(comp, from as u32, &format!("c{c}_{local_count}"), to);
                local_count += 1;
            }
        }
    }
    b.build()
}

/// Pairs offers `(component, index)` of different components, as RERS pairs synchronised
/// transitions: shuffled, then each offer takes the next free offer of another component.
/// Offers left without a partner are dropped (they stay local).
pub(crate) fn pair_across_components(
    rng: &mut Rng,
    mut offers: Vec<(usize, usize)>,
) -> Vec<((usize, usize), (usize, usize))> {
    rng.shuffle(&mut offers);
    let mut paired = vec![false; offers.len()];
    let mut pairs = Vec::new();
    for i in 0..offers.len() {
        if paired[i] {
            continue;
        }
        if let Some(j) = (i + 1..offers.len()).find(|&j| !paired[j] && offers[j].0 != offers[i].0) {
            paired[i] = true;
            paired[j] = true;
            pairs.push((offers[i], offers[j]));
        }
    }
    pairs
}
