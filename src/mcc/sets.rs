//! A net's places, Petri transitions and MCC state formulas as sets of markings of one BDD
//! encoding of its (factored) LTS network: the dictionary the symbolic examinations
//! (`symbolic.rs`) and the symbolic LTL (`ltl.rs`) read, each on its own encoding.
//!
//! * place `p` marked: its unit in `p`'s local state (a cube over that unit's bits);
//! * Petri transition `t` enabled: every input place marked (the definition, not the
//!   encoding's guard; the two agree on the reachable markings once [`check_one_safe`] has
//!   found no marking where they differ, see [`crate::model::net`]);
//! * `tokens-count` of places: the sets "exactly k of them marked", by a running sum over
//!   the places (the count of a sum with `n` summands has `n + 1` sets); comparisons and
//!   UpperBounds read those.
//!
//! The sets range over all markings the encoding can hold, reachable or not: the callers
//! intersect them with the reachable ones where it matters.

use oxidd::bdd::BDDFunction;
use oxidd::BooleanFunction;

use super::formula::{Formula, IntExpr};
use crate::error::{Error, Result};
use crate::limits::Budget;
use crate::model::factor::Factored;
use crate::model::{CompId, PetriNet, StateId};
use crate::symbolic::Encoding;

/// The places and transitions of `net` as sets of states of one encoding of `fsys`.
pub struct NetSets<'a> {
    net: &'a PetriNet,
    /// The markings where each place is marked.
    marked: Vec<BDDFunction>,
}

/// Original component `c` in local state `s`, on the encoding of its factored system.
pub fn comp_state(enc: &Encoding, fsys: &Factored, c: CompId, s: StateId) -> Result<BDDFunction> {
    let part = &fsys.parts[c];
    match &part.codes {
        None => enc.value(enc.block_of_comp[part.comps[0]], s as usize, false),
        Some(codes) => {
            let code = codes[s as usize];
            let mut f = enc.t();
            for (j, &fc) in part.comps.iter().enumerate() {
                let bit = enc.value(enc.block_of_comp[fc], ((code >> j) & 1) as usize, false)?;
                f = f.and(&bit)?;
            }
            Ok(f)
        }
    }
}

impl<'a> NetSets<'a> {
    pub fn new(enc: &Encoding, fsys: &Factored, net: &'a PetriNet) -> Result<NetSets<'a>> {
        let marked = net
            .places
            .iter()
            .map(|place| comp_state(enc, fsys, place.comp, place.state))
            .collect::<Result<_>>()?;
        Ok(NetSets { net, marked })
    }

    /// The markings where place `p` holds its token.
    pub fn marked(&self, p: usize) -> &BDDFunction {
        &self.marked[p]
    }

    /// The markings where `t` is Petri-enabled (all input places marked).
    pub fn enabled(&self, enc: &Encoding, t: usize) -> Result<BDDFunction> {
        let mut f = enc.t();
        for &p in &self.net.transitions[t].pre {
            f = f.and(&self.marked[p])?;
        }
        Ok(f)
    }

    /// `out[k]`: the markings where the places `ps` hold `k` tokens together (a place listed
    /// twice counts twice).
    pub fn tokens_distribution(
        &self,
        enc: &Encoding,
        ps: &[usize],
        budget: &Budget,
    ) -> Result<Vec<BDDFunction>> {
        let mut weight: Vec<(usize, usize)> = Vec::new();
        for &p in ps {
            match weight.iter_mut().find(|(q, _)| *q == p) {
                Some((_, w)) => *w += 1,
                None => weight.push((p, 1)),
            }
        }
        let terms: Vec<(BDDFunction, usize)> = weight
            .into_iter()
            .map(|(p, w)| (self.marked[p].clone(), w))
            .collect();
        distribution(enc, &terms, budget)
    }

    /// The markings (all, not only reachable ones) where a state formula holds.
    pub fn state_set(&self, enc: &Encoding, f: &Formula, budget: &Budget) -> Result<BDDFunction> {
        Ok(match f {
            Formula::True => enc.t(),
            Formula::False => enc.f(),
            Formula::Not(g) => self.state_set(enc, g, budget)?.not()?,
            Formula::And(gs) => {
                let mut s = enc.t();
                for g in gs {
                    s = s.and(&self.state_set(enc, g, budget)?)?;
                }
                s
            }
            Formula::Or(gs) => {
                let mut s = enc.f();
                for g in gs {
                    s = s.or(&self.state_set(enc, g, budget)?)?;
                }
                s
            }
            Formula::Fireable(ts) => {
                let mut s = enc.f();
                for &t in ts {
                    s = s.or(&self.enabled(enc, t)?)?;
                }
                s
            }
            Formula::Le(a, b) => self.le(enc, a, b, budget)?,
            _ => {
                return Err(Error::Internal(
                    "state_set on a temporal formula".to_string(),
                ))
            }
        })
    }

    /// `a <= b`.
    fn le(&self, enc: &Encoding, a: &IntExpr, b: &IntExpr, budget: &Budget) -> Result<BDDFunction> {
        let bool_set = |b: bool| if b { enc.t() } else { enc.f() };
        let or_all = |sets: &mut dyn Iterator<Item = &BDDFunction>| -> Result<BDDFunction> {
            let mut s = enc.f();
            for x in sets {
                s = s.or(x)?;
            }
            Ok(s)
        };
        Ok(match (a, b) {
            (IntExpr::Const(x), IntExpr::Const(y)) => bool_set(x <= y),
            (IntExpr::Tokens(ps), IntExpr::Const(c)) => {
                let d = self.tokens_distribution(enc, ps, budget)?;
                let upto = (*c).min(d.len() as u64 - 1) as usize;
                or_all(&mut d[..=upto].iter())?
            }
            (IntExpr::Const(c), IntExpr::Tokens(ps)) => {
                let d = self.tokens_distribution(enc, ps, budget)?;
                if *c as usize >= d.len() {
                    enc.f()
                } else {
                    or_all(&mut d[*c as usize..].iter())?
                }
            }
            (IntExpr::Tokens(pa), IntExpr::Tokens(pb)) => {
                let (da, db) = (
                    self.tokens_distribution(enc, pa, budget)?,
                    self.tokens_distribution(enc, pb, budget)?,
                );
                // at least j tokens on the right, for each j
                let mut at_least = vec![enc.f(); db.len() + 1];
                for j in (0..db.len()).rev() {
                    at_least[j] = at_least[j + 1].or(&db[j])?;
                }
                let mut s = enc.f();
                for (i, a) in da.iter().enumerate() {
                    let right = &at_least[i.min(db.len())];
                    s = s.or(&a.and(right)?)?;
                }
                s
            }
        })
    }
}

/// `out[k]`: the states where the weights of the true indicators sum to `k` (a running sum,
/// one indicator at a time).
pub fn distribution(
    enc: &Encoding,
    terms: &[(BDDFunction, usize)],
    budget: &Budget,
) -> Result<Vec<BDDFunction>> {
    let mut dist = vec![enc.t()];
    for (ind, w) in terms {
        let not_ind = ind.not()?;
        let mut next = vec![enc.f(); dist.len() + w];
        for (k, d) in dist.iter().enumerate() {
            next[k] = next[k].or(&d.and(&not_ind)?)?;
            next[k + w] = next[k + w].or(&d.and(ind)?)?;
        }
        dist = next;
        budget.check(enc)?;
    }
    Ok(dist)
}

/// Fails (an input error naming a marking) when a reachable marking of `reach` enables a
/// transition by the Petri rule but not by its guard in the encoding: the net is not one-safe
/// under its units (see [`crate::model::net`]).
pub fn check_one_safe(
    enc: &Encoding,
    fsys: &Factored,
    sets: &NetSets,
    reach: &BDDFunction,
) -> Result<()> {
    let net = sets.net;
    for t in net.needs_check() {
        let guard = {
            let tr = &net.transitions[t];
            if tr.label.is_none() {
                enc.f()
            } else {
                let mut f = enc.t();
                for &(c, from, _) in &tr.moves {
                    f = f.and(&comp_state(enc, fsys, c, from)?)?;
                }
                f
            }
        };
        let bad = sets
            .enabled(enc, t)?
            .and(reach)
            .and_then(|e| e.and(&guard.not()?))?;
        if let Some(state) = enc.pick_state(&bad) {
            let state = fsys.original_state(&state);
            return Err(net.not_one_safe(t, &state));
        }
    }
    Ok(())
}
