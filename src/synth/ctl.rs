//! CTL properties with verdicts (thesis §4.2, §7.1).
//!
//! RERS CTL speaks of enabled actions (`<a> true`, `[a] false`): inserting fresh actions
//! changes what is enabled, so these properties are not interruptible in general (Def. 31)
//! and no construction of the thesis fixes their verdicts. Here the verdicts are *computed*
//! by both engines on the unextended system, which is small, and the alphabet extension of
//! [`super::extension::Mode::Free`] keeps them: it never refuses a label of the system and
//! never runs fresh labels forever, so the extended system is branching bisimilar to the
//! unextended one with explicit divergence once the fresh labels are hidden, and CTL over
//! labelled modalities cannot tell them apart (Def. 31 holds for every such formula). With the
//! other extensions the verdicts are computed on the final system, which must then be small
//! enough for the explicit engine.
//!
//! The properties are drawn from the RERS 2019 patterns over core labels the system has,
//! until the wanted numbers of true and false ones are found.

use crate::error::Result;
use crate::gen::rng::Rng;
use crate::logic::Ctl;
use crate::model::System;

use super::mts::Lb;
use super::patterns::{Instance, CTL};
use super::properties::draw;
use super::verify::ctl_verdicts;

/// Rounds of drawing before settling for fewer of one kind.
const ROUNDS: usize = 6;

/// `count` CTL instances over `core` with their verdicts on `sys` (whose labels are named by
/// `name`), about `share` of them false, in random order.
pub fn choose(
    sys: &System,
    core: &[Lb],
    count: usize,
    share: f64,
    name: &dyn Fn(Lb) -> String,
    rng: &mut Rng,
) -> Result<Vec<(Instance, bool)>> {
    let want_false = ((count as f64) * share).round() as usize;
    let want_true = count - want_false;
    let mut trues: Vec<Instance> = Vec::new();
    let mut falses: Vec<Instance> = Vec::new();
    let mut seen: Vec<Instance> = Vec::new();
    for _ in 0..ROUNDS {
        if trues.len() >= want_true && falses.len() >= want_false {
            break;
        }
        let mut batch: Vec<Instance> = Vec::new();
        for _ in 0..2 * count.max(1) {
            if let Some(i) = draw(CTL, core, rng) {
                if !seen.contains(&i) {
                    seen.push(i.clone());
                    batch.push(i);
                }
            }
        }
        let formulas: Vec<Ctl> = batch
            .iter()
            .map(|i| formula(i, name))
            .collect::<Result<_>>()?;
        let verdicts = ctl_verdicts(sys, &formulas)?;
        for (i, v) in batch.into_iter().zip(verdicts) {
            if v && trues.len() < want_true {
                trues.push(i);
            } else if !v && falses.len() < want_false {
                falses.push(i);
            }
        }
    }
    let mut out: Vec<(Instance, bool)> = trues
        .into_iter()
        .map(|i| (i, true))
        .chain(falses.into_iter().map(|i| (i, false)))
        .collect();
    rng.shuffle(&mut out);
    Ok(out)
}

/// The formula of an instance with labels spelled by `name`.
pub fn formula(i: &Instance, name: &dyn Fn(Lb) -> String) -> Result<Ctl> {
    crate::parse::ctl::parse_formula(&i.text(CTL, name), std::path::Path::new("<pattern>"))
}
