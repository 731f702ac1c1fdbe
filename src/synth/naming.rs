//! The RERS naming of components, states and labels, and the [`System`] of the final LTSs.
//!
//! RERS 2016/2017 name a label after the components that have it: `c3_t4` is the fifth label
//! of component 3, and a label two components share joins their names, `c3_t4__c0_t1`. RERS
//! 2019/2020 number the labels `a1`, `a2`, ... regardless of who has them. Components are
//! `component0`, `component1`, ... in a shuffled order, so that neither the position nor the
//! names tell the construction apart (which component was the system, which labels are
//! fresh); states are numbered over the whole file, as RERS does.

use std::collections::BTreeMap;

use crate::error::{Error, Result};
use crate::gen::rng::Rng;
use crate::model::{System, SystemBuilder};

use super::mts::{Lb, Mts};

/// How labels are named.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, clap::ValueEnum,
)]
pub enum Naming {
    /// `c3_t4`, `c3_t4__c0_t1` (RERS 2016, 2017).
    #[value(name = "rers2016")]
    #[serde(rename = "rers2016")]
    Rers2016,
    /// `a1`, `a2`, ... (RERS 2019, 2020).
    #[value(name = "rers2019")]
    #[serde(rename = "rers2019")]
    Rers2019,
}

/// The names chosen.
#[derive(Clone, Debug)]
pub struct Names {
    /// By label index; empty for a label no component has.
    pub label: Vec<String>,
    /// `order[i]`: the construction's component written as `component{i}`.
    pub order: Vec<usize>,
}

/// Names for the labels of `parts` (`num_labels` labels in the table) and for the labels of
/// `also` that no component has (a property may name a label that never fires), and an order
/// of the components.
pub fn choose(
    parts: &[Mts],
    num_labels: usize,
    also: &[Lb],
    naming: Naming,
    rng: &mut Rng,
) -> Names {
    let mut order: Vec<usize> = (0..parts.len()).collect();
    rng.shuffle(&mut order);
    let mut position = vec![0; parts.len()];
    for (i, &c) in order.iter().enumerate() {
        position[c] = i;
    }
    let mut owners: BTreeMap<Lb, Vec<usize>> = BTreeMap::new();
    for (c, p) in parts.iter().enumerate() {
        for &l in &p.alphabet {
            owners.entry(l).or_default().push(position[c]);
        }
    }
    for &l in also {
        owners
            .entry(l)
            .or_insert_with(|| vec![rng.below(parts.len())]);
    }
    let mut labels: Vec<Lb> = owners.keys().copied().collect();
    rng.shuffle(&mut labels);
    let mut label = vec![String::new(); num_labels];
    match naming {
        Naming::Rers2016 => {
            let mut counter = vec![0usize; parts.len()];
            for l in labels {
                let mut who = owners[&l].clone();
                rng.shuffle(&mut who);
                let name: Vec<String> = who
                    .iter()
                    .map(|&c| {
                        counter[c] += 1;
                        format!("c{c}_t{}", counter[c] - 1)
                    })
                    .collect();
                label[l as usize] = name.join("__");
            }
        }
        Naming::Rers2019 => {
            for (i, l) in labels.into_iter().enumerate() {
                label[l as usize] = format!("a{}", i + 1);
            }
        }
    }
    Names { label, order }
}

/// The system of the LTSs `parts` (all transitions are read as transitions) under `names`.
pub fn system(parts: &[Mts], names: &Names) -> Result<System> {
    let mut b = SystemBuilder::new();
    let mut next_state = 0usize;
    for (i, &c) in names.order.iter().enumerate() {
        let p = &parts[c];
        let comp = b.add_component(&format!("component{i}"));
        for _ in 0..p.states {
            b.add_state(comp, &next_state.to_string())
                .map_err(Error::Internal)?;
            next_state += 1;
        }
        b.set_start(comp, p.initial);
        for e in &p.edges {
            b.add_transition(comp, e.from, &names.label[e.label as usize], e.to);
        }
    }
    b.build().map_err(Error::Internal)
}
