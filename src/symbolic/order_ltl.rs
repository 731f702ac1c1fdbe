//! The variable order of the symbolic LTL engine under `--order auto`: the candidates of
//! `auto` ([`OrderSpec::candidates_within`], FORCE first), with Sloan's order in FORCE's place
//! when it spans fewer levels ([`total_span`]).
//!
//! Why: the LTL context ([`crate::symbolic::context::SystemCtx`]) keeps its first candidate's
//! encoding for every fixpoint of the file, and the Emerson-Lei trims of the RERS 2017
//! problems run for hundreds to thousands of rounds over it, so the order decides the cost of
//! each round. Neither FORCE nor Sloan is best everywhere: on the factored RERS 2017 problems
//! 110–115 Sloan's order spans far less than FORCE's (2017 115: 285 against 485 levels) and
//! their trims run up to eight times faster in it; on every RERS 2016 problem Sloan's order
//! spans more and is slower (2016 119: 487 against 303, over ten times slower). The span is
//! known before any BDD is built, so the choice costs next to nothing (figures in
//! docs/benchmarks.md, "The LTL engine's order"). Reachability (`ltsym reach`), CTL and the
//! MCC checks keep the candidates of `auto` as they are: measured on reachability alone, the
//! smaller span did not pay.

use crate::error::Result;
use crate::limits::Budget;
use crate::model::factor::Factored;
use crate::model::{CompId, System};
use crate::symbolic::order::{sloan, total_span, OrderSpec, REPAIR_MAX_COMPONENTS};

/// The candidate orders of the LTL context under `--order auto`: those of `auto`, the first
/// replaced by Sloan's order when that spans less (see the module doc). Above
/// [`REPAIR_MAX_COMPONENTS`] components Sloan's order is not computed (its queue is quadratic
/// in the components) and the candidates stay those of `auto`.
pub fn ltl_candidates(f: &Factored, budget: &Budget) -> Result<Vec<(String, Vec<CompId>)>> {
    let candidates = OrderSpec::Auto.candidates_within(f, budget)?;
    let sys = &f.system;
    if sys.components().len() > REPAIR_MAX_COMPONENTS {
        return Ok(candidates);
    }
    let alternative = (OrderSpec::Sloan.to_string(), sloan(sys));
    Ok(prefer_smaller_span(sys, candidates, alternative))
}

/// `candidates` with the first replaced by `alternative` when the alternative's total span
/// is strictly smaller (a tie keeps the first); an equal order later in the list is dropped,
/// since the same order twice would only run twice.
pub fn prefer_smaller_span(
    sys: &System,
    mut candidates: Vec<(String, Vec<CompId>)>,
    alternative: (String, Vec<CompId>),
) -> Vec<(String, Vec<CompId>)> {
    let Some(first) = candidates.first() else {
        return vec![alternative];
    };
    let (span, first_span) = (total_span(sys, &alternative.1), total_span(sys, &first.1));
    if span >= first_span {
        return candidates;
    }
    log::info!(
        "order {}: spans {span} levels, {} {first_span}: the LTL engine starts from {}",
        alternative.0,
        first.0,
        alternative.0
    );
    // the first candidate spans more than the alternative, so it is not a copy of it and stays
    candidates.retain(|(_, o)| *o != alternative.1);
    candidates[0] = alternative;
    candidates
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbolic::order::path_system;

    /// A path of `n` components, component i sharing a label with i+1.
    fn path(n: usize) -> System {
        path_system(&(0..n).collect::<Vec<_>>())
    }

    fn named(name: &str, o: &[CompId]) -> (String, Vec<CompId>) {
        (name.to_string(), o.to_vec())
    }

    /// The alternative takes the first place only when it spans strictly less; the other
    /// candidates stay, but not a copy of the alternative.
    #[test]
    fn the_smaller_span_goes_first() {
        let sys = path(5);
        let straight = [0, 1, 2, 3, 4]; // span 4
        let folded = [0, 2, 4, 1, 3]; // span 2+3+3+2 = 10
        let other = [4, 3, 2, 1, 0]; // span 4, another order
        assert_eq!(
            (total_span(&sys, &straight), total_span(&sys, &folded)),
            (4, 10)
        );
        let cands = vec![named("force", &folded), named("hubs", &other)];
        assert_eq!(
            prefer_smaller_span(&sys, cands.clone(), named("sloan", &straight)),
            vec![named("sloan", &straight), named("hubs", &other)]
        );
        // a larger or equal span keeps the candidates
        let better = vec![named("force", &straight), named("hubs", &folded)];
        assert_eq!(
            prefer_smaller_span(&sys, better.clone(), named("sloan", &folded)),
            better
        );
        assert_eq!(
            prefer_smaller_span(&sys, better.clone(), named("sloan", &other)),
            better
        );
        // the alternative equal to a later candidate: that one is dropped
        let dup = vec![named("force", &folded), named("hubs", &straight)];
        assert_eq!(
            prefer_smaller_span(&sys, dup, named("sloan", &straight)),
            vec![named("sloan", &straight)]
        );
        assert_eq!(
            prefer_smaller_span(&sys, vec![], named("sloan", &straight)),
            vec![named("sloan", &straight)]
        );
    }

    /// On a system where FORCE already finds the best order (a path: span n-1), the LTL
    /// candidates are those of `auto`.
    #[test]
    fn where_force_is_as_good_the_candidates_are_autos() {
        let f = Factored::none(&path(9));
        let budget = Budget::unlimited();
        assert_eq!(
            ltl_candidates(&f, &budget).unwrap(),
            OrderSpec::Auto.candidates_within(&f, &budget).unwrap()
        );
    }
}
