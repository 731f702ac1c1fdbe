//! An over-approximation of the reachable states that costs next to nothing: the conjunction
//! of overlapping projections (S. G. Govindaraju and D. L. Dill, "Approximate symbolic model
//! checking using overlapping projections", Electronic Notes in Theoretical Computer Science
//! 22, 1999).
//!
//! For each group of blocks that some label synchronises (the label's support), the states of
//! the group reachable when every block outside it may be in any state: each label fires
//! whenever its part inside the group can. The approximation is the conjunction of these
//! projections with the valid codes.
//!
//! Why it is closed under steps, which is what the LTL check needs of it (see
//! [`crate::symbolic::context::Space`]): if `s` is in every projection and `s → t` by label `l`, then for a
//! group `G` that `l` touches, `t` restricted to `G` is one step of the projected `l` from `s`
//! restricted to `G`, so it is in `G`'s projection (a projection is closed under its projected
//! labels), and for a group `l` does not touch, nothing in `G` changes.

use oxidd::bdd::BDDFunction;
use oxidd::{BooleanFunction, BooleanFunctionQuant};

use crate::limits::Budget;
use crate::symbolic::encoding::{BddResult, Encoding, Relation};

/// The conjunction of the valid codes with the projection of the reachable states on every
/// distinct support of a label that moves more than one block (see the module doc).
pub(crate) fn projections(enc: &Encoding, budget: &Budget) -> BddResult<BDDFunction> {
    let mut groups: Vec<Vec<usize>> = enc
        .labels
        .iter()
        .filter(|r| r.support.len() > 1)
        .map(|r| r.support.clone())
        .collect();
    groups.sort();
    groups.dedup();
    let mut approx = enc.valid.clone();
    for g in &groups {
        let outside: Vec<usize> = (0..enc.blocks.len()).filter(|b| !g.contains(b)).collect();
        let (cur_out, both_out) = (enc.cube(&outside, false)?, enc.cube(&outside, true)?);
        let mut rels: Vec<Relation> = Vec::new();
        for r in &enc.labels {
            let inside: Vec<usize> = r
                .support
                .iter()
                .copied()
                .filter(|b| g.contains(b))
                .collect();
            if inside.is_empty() {
                continue;
            }
            let rel = r.rel.exists(&both_out)?;
            rels.push(enc.relation(rel, inside)?);
        }
        let mut reached = enc.initial.exists(&cur_out)?;
        let mut frontier = reached.clone();
        while frontier.satisfiable() {
            let mut img = enc.f();
            for r in &rels {
                img = img.or(&r.image(&frontier)?)?;
            }
            frontier = reached.imp_strict(&img)?;
            reached = reached.or(&frontier)?;
            budget.check(enc)?;
        }
        approx = approx.and(&reached)?;
        budget.check(enc)?;
    }
    Ok(approx)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbolic::encoding::minus;
    use crate::symbolic::reach::reachable;

    /// On random systems the projections contain the reachable states, are closed under every
    /// label, and are often strictly tighter than the valid codes (or the test checks little).
    #[test]
    fn projections_contain_the_reachable_states_and_are_closed() {
        let budget = Budget::unlimited();
        let (mut tighter, mut looser) = (0, 0);
        for seed in 0..60 {
            let enc = super::super::random_encoding(seed, 2, 5);
            let reach = reachable(&enc, &budget).unwrap();
            let over = projections(&enc, &budget).unwrap();
            assert!(!minus(&reach, &over).unwrap().satisfiable(), "seed {seed}");
            for r in &enc.labels {
                let img = r.image(&over).unwrap();
                assert!(!minus(&img, &over).unwrap().satisfiable(), "seed {seed}");
            }
            if over != enc.valid {
                tighter += 1;
            }
            if over != reach {
                looser += 1;
            }
        }
        assert!(
            tighter > 10 && looser > 10,
            "tighter {tighter}, looser {looser}"
        );
    }
}
