//! How the formulas of an examination share its time limit, as `ltsym check` shares it among
//! the properties of a file: each first gets an equal share of the time left, so that one
//! costly formula early in the file does not take the time of the cheap ones after it; those
//! that ran out of their share are tried again, in the file's order, with all the time the
//! others left. The symbolic CTL, bounds and reachability formulas (`mod.rs`) and the symbolic
//! LTL (`ltl.rs`) both run their formulas this way; the explicit engine gives each formula its
//! share once (its formulas do not resume).

use crate::error::Result;
use crate::limits::Budget;

/// An equal share of the time left among `left` formulas.
pub(super) fn share_of(budget: &Budget, left: usize) -> Budget {
    match budget.remaining() {
        Some(r) => budget.share(r / left.max(1) as f64),
        None => budget.clone(),
    }
}

/// The values of `n` formulas, `None` where none was found: `attempt(i, share, again)` tries
/// formula `i` within `share`, first (`again` false) with an equal share of the time left
/// among it and the formulas after it, then, when the budget has a time limit, once more
/// (`again` true) with all the time left if the first try found nothing. Nothing is tried once
/// the time limit has run out: every formula would still do its own first steps before
/// noticing.
pub(super) fn in_two_passes<T>(
    n: usize,
    budget: &Budget,
    mut attempt: impl FnMut(usize, &Budget, bool) -> Result<Option<T>>,
) -> Result<Vec<Option<T>>> {
    let mut values: Vec<Option<T>> = (0..n).map(|_| None).collect();
    for (i, slot) in values.iter_mut().enumerate() {
        if budget.expired() {
            break;
        }
        *slot = attempt(i, &share_of(budget, n - i), false)?;
    }
    // without a time limit every formula had all of it the first time
    if budget.remaining().is_some() {
        for (i, slot) in values.iter_mut().enumerate() {
            if slot.is_none() && !budget.expired() {
                *slot = attempt(i, budget, true)?;
            }
        }
    }
    Ok(values)
}
