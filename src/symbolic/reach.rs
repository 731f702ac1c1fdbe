//! Symbolic reachability (placeholder: plain chaining until the strategies land).

use oxidd::bdd::BDDFunction;
use oxidd::BooleanFunction;

use super::encoding::{oom, BddResult};
use super::{Budget, Encoding};

/// The reachable states of `enc` from its initial state, by chaining: every label's image in
/// turn until a sweep adds nothing.
pub fn reachable(enc: &Encoding, budget: &Budget) -> BddResult<BDDFunction> {
    let mut reach = enc.initial.clone();
    loop {
        let before = reach.clone();
        for r in enc.labels.iter().rev() {
            let img = r.image(&reach)?;
            reach = reach.or(&img).map_err(oom)?;
            budget.check(enc)?;
        }
        if reach == before {
            return Ok(reach);
        }
    }
}
