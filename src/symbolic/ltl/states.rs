//! The product of the system with an automaton over valuations of *state* propositions (the
//! LTL of the Model Checking Contest), on the manager of a [`SystemCtx`].
//!
//! The automaton of `automata/valuations.rs` reads, at each step, the valuation of the
//! formula's propositions in the state the step leaves. Each proposition is a set of system
//! states (a BDD over the current variables, given by the caller), so an automaton edge that
//! reads the valuations `V` is guarded by `G_V`, the states whose valuation is in `V`, and the
//! automaton's moves are one relation over the automaton block that reads the system state:
//! `A = ⋁_e (aut = from_e ∧ aut' = to_e ∧ G_e)`. Every system label reads the same letter,
//! the valuation of its source, so the product relation of label `l` is `rel_l ∧ A`, with the
//! blocks the guards read added to its support (unchanged by the step). The acceptance
//! sub-relations keep the edges of one set each, as in the product over action letters
//! (`product.rs`); what follows (the closures, the Emerson-Lei fixpoint, the probe, the lasso)
//! is the same.
//!
//! A guarded self-loop of automaton state `q` is taken only from its guard `g_q`; the
//! saturation of the slice `aut = q` keeps every state it steps from inside `g_q`
//! ([`Product::self_guards`], `slices.rs`).
//!
//! Deadlocks. The contest's LTL reads a marking without successors as repeating forever
//! (docs/mcc.md, "Deadlocks and finite runs"). With `stutter` given (the deadlocks), the
//! product has one more step, [`STUTTER`]: from a deadlock to itself while the automaton moves
//! on the deadlock's valuation. Without it, only infinite runs of the system count (the RERS
//! reading), and a product state without successors drops out of the fair states.

use oxidd::bdd::BDDFunction;
use oxidd::{BooleanFunction, BooleanFunctionQuant};

use super::product::Product;
use crate::automata::valuations::ValuationTgba;
use crate::automata::LetterSet;
use crate::error::{Error, Result};
use crate::limits::Budget;
use crate::model::LabelId;
use crate::symbolic::context::SystemCtx;
use crate::symbolic::encoding::{bottom_up, BddResult};
use crate::symbolic::{Block, Encoding, Relation};

/// The step of a deadlock to itself under the stuttering reading: it is no label of the
/// system, and a counterexample names it where a label would be.
pub const STUTTER: LabelId = LabelId::MAX;

/// Builds the product of the system of `ctx` with `aut`, whose proposition `i` holds in the
/// system states `props[i]`; `stutter`: the deadlocks, which then repeat forever.
pub(crate) fn build_state_product<'c>(
    ctx: &'c SystemCtx,
    aut: &ValuationTgba,
    props: &[BDDFunction],
    stutter: Option<&BDDFunction>,
    budget: &Budget,
) -> Result<Product<'c>> {
    let enc = &ctx.enc;
    let ab = ctx.aut_block;
    if aut.num_states > ctx.aut_capacity() {
        return Err(Error::Usage(format!(
            "the automaton has {} states but the encoding reserves room for {}",
            aut.num_states,
            ctx.aut_capacity()
        )));
    }
    if props.len() != aut.atoms
        || aut.num_acc > 64
        || aut.initial >= aut.num_states.max(1)
        || aut
            .edges
            .iter()
            .any(|e| e.from >= aut.num_states || e.to >= aut.num_states)
    {
        return Err(Error::Internal(format!(
            "malformed automaton over {} propositions ({} given): {} acceptance sets, initial \
             state {} of {}",
            aut.atoms,
            props.len(),
            aut.num_acc,
            aut.initial,
            aut.num_states
        )));
    }
    // the blocks the propositions read: the guards' support
    let mut reads: Vec<usize> = Vec::new();
    for p in props {
        for b in blocks_read(enc, p, ab)? {
            if !reads.contains(&b) {
                reads.push(b);
            }
        }
        budget.check(enc)?;
    }
    reads.sort_unstable();
    // A and A_i, and each state's self-loop guard
    let mut moves = enc.f();
    let mut acc_moves = vec![enc.f(); aut.num_acc];
    let mut loop_guard = vec![enc.f(); aut.num_states];
    let mut guards = GuardCache::default();
    for e in &aut.edges {
        let g = guards.of(enc, props, &e.vals)?;
        if e.from == e.to {
            loop_guard[e.from] = loop_guard[e.from].or(&g)?;
        }
        let m = enc
            .value(ab, e.from, false)?
            .and(&enc.value(ab, e.to, true)?)
            .and_then(|f| f.and(&g))?;
        moves = moves.or(&m)?;
        for (i, acc) in acc_moves.iter_mut().enumerate() {
            if e.acc >> i & 1 == 1 {
                *acc = acc.or(&m)?;
            }
        }
        // an automaton can have many edges (see `build_product`)
        budget.check(enc)?;
    }
    let mut rels = Vec::new();
    let mut acc_rels: Vec<Vec<(LabelId, Relation)>> =
        (0..aut.num_acc).map(|_| Vec::new()).collect();
    let mut add = |l: LabelId, rel: &BDDFunction, support: Vec<usize>| -> Result<()> {
        let r = rel.and(&moves)?;
        if !r.satisfiable() {
            return Ok(());
        }
        rels.push((l, enc.relation(r, support.clone())?));
        for (i, a) in acc_moves.iter().enumerate() {
            let r = rel.and(a)?;
            if r.satisfiable() {
                acc_rels[i].push((l, enc.relation(r, support.clone())?));
            }
        }
        budget.check(enc)
    };
    // Lowest labels first, as in reachability: the closures chain in this order.
    for (k, l) in bottom_up(enc).into_iter().enumerate() {
        budget.phase("product (relations)", k);
        let sys_rel = &enc.labels[l];
        let frame: Vec<usize> = reads
            .iter()
            .copied()
            .filter(|b| !sys_rel.support.contains(b))
            .collect();
        let rel = sys_rel.rel.and(&enc.identity(&frame)?)?;
        let mut support = sys_rel.support.clone();
        support.extend(&frame);
        support.push(ab);
        add(l, &rel, support)?;
    }
    if let Some(dead) = stutter {
        if dead.satisfiable() {
            let all: Vec<usize> = (0..enc.blocks.len()).filter(|&b| b != ab).collect();
            let rel = dead.and(&enc.identity(&all)?)?;
            let mut support = all;
            support.push(ab);
            add(STUTTER, &rel, support)?;
        }
    }
    let init = enc.initial.and(&enc.value(ab, aut.initial, false)?)?;
    // every system label on every self-loop, taken from the loop's guard only
    let labels: Vec<usize> = rels
        .iter()
        .map(|&(l, _)| l)
        .filter(|&l| l != STUTTER)
        .collect();
    let mut self_loops = Vec::with_capacity(aut.num_states);
    let mut self_guards = Vec::with_capacity(aut.num_states);
    for g in loop_guard {
        if !g.satisfiable() {
            self_loops.push(Vec::new());
            self_guards.push(None);
        } else {
            self_loops.push(labels.clone());
            self_guards.push((g != enc.t()).then_some(g));
        }
    }
    Product::assemble(ctx, rels, acc_rels, init, (self_loops, self_guards), budget)
}

/// The component blocks (not `skip`) whose variables `f` depends on.
fn blocks_read(enc: &Encoding, f: &BDDFunction, skip: usize) -> BddResult<Vec<usize>> {
    let mut out = Vec::new();
    for (b, vars) in enc.blocks.iter().enumerate() {
        if b == skip || !matches!(vars.block, Block::Component(_)) {
            continue;
        }
        if f.exists(&enc.cube(&[b], false)?)? != *f {
            out.push(b);
        }
    }
    Ok(out)
}

/// The guards of valuation sets, each built once: `G_V = ⋁_{m ∈ V} ⋀_i (p_i if bit i of m
/// else ¬p_i)`, by Shannon expansion over the propositions (a range of valuations that lies
/// wholly inside or outside `V` is a constant).
#[derive(Default)]
struct GuardCache {
    built: Vec<(LetterSet, BDDFunction)>,
}

impl GuardCache {
    fn of(
        &mut self,
        enc: &Encoding,
        props: &[BDDFunction],
        vals: &LetterSet,
    ) -> BddResult<BDDFunction> {
        if let Some((_, g)) = self.built.iter().find(|(v, _)| v == vals) {
            return Ok(g.clone());
        }
        let g = expand(enc, props, vals, props.len(), 0)?;
        self.built.push((vals.clone(), g.clone()));
        Ok(g)
    }
}

/// The guard of `vals` among the valuations `base .. base + 2^k` (`base` has its low `k` bits
/// clear): those that agree with `base` on the propositions `k..`, whatever `0..k` are. The
/// caller restricts to that agreement; the result reads the propositions `0..k` only.
fn expand(
    enc: &Encoding,
    props: &[BDDFunction],
    vals: &LetterSet,
    k: usize,
    base: usize,
) -> BddResult<BDDFunction> {
    // the valuations base .. base + 2^k, which agree on the propositions k.. and leave 0..k open
    let range = base..base + (1usize << k);
    let inside = range.clone().filter(|&m| vals.contains(m)).count();
    if inside == 0 {
        return Ok(enc.f());
    }
    if inside == range.len() {
        return Ok(enc.t());
    }
    // split on proposition k - 1, the highest open one
    let lo = expand(enc, props, vals, k - 1, base)?;
    let hi = expand(enc, props, vals, k - 1, base + (1 << (k - 1)))?;
    Ok(props[k - 1].ite(&hi, &lo)?)
}
