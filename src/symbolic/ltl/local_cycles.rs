//! The steps of a product that can lie on a cycle inside a set `z`, found block by block: the
//! relations of the trim cut to the moves that stay inside one strongly connected component of
//! every block's local graph.
//!
//! Why: a trim `νY. Y ∧ Pre(Y) ∧ z` takes as many rounds as the longest finite path inside `z`,
//! thousands on the RERS problems whose `z` is acyclic (docs/benchmarks.md, "Emerson-Lei
//! fixpoint"). Project every step inside `z` on one block (a component, or the automaton
//! state): the block's values and the moves between them form a small explicit graph `G_b`,
//! and a cycle of the product projects on every block to a closed walk of `G_b`, which never
//! leaves one strongly connected component of `G_b`. So a step that moves some block between
//! two components of its `G_b` lies on no cycle, and along an infinite path inside `z` each
//! block takes such a step at most as often as `G_b` has components: after finitely many
//! steps the path takes only the remaining ones. Hence, with `R_c` the relations cut to the
//! moves inside components,
//!
//! ```text
//! νY. Y ∧ Pre_R(Y) ∧ z  =  E_R[z U νY. Y ∧ Pre_Rc(Y) ∧ z]
//! ```
//!
//! (`⊇`: `R_c ⊆ R`, and a state that reaches an infinite path inside `z` has one; `⊆`: the
//! suffix above). The right-hand trim is over paths of `R_c` only, the left-hand closure a
//! saturation. The cut is applied again to the cut relations (a block's graph loses moves when
//! another block's move is cut, and may split), until nothing changes. Any superset of the moves
//! inside `z` would do as `G_b`; the exact one cuts most.

use std::time::Instant;

use oxidd::bdd::BDDFunction;
use oxidd::{BooleanFunction, BooleanFunctionQuant, BooleanOperator};

use crate::automata::lasso::sccs;
use crate::limits::Budget;
use crate::symbolic::cluster::Clusters;
use crate::symbolic::encoding::BddResult;
use crate::symbolic::Encoding;

/// At most this many passes of the cut (each one projection per cluster and block; on the
/// MCC's RERS 2020 problem 103, LTLCardinality-01, a pass takes some 20 ms, and passes 2 to 4
/// still cut).
const MAX_PASSES: usize = 16;

/// `rels` cut to the steps that stay inside one strongly connected component of every block's
/// graph of moves inside `z` (see the module), repeated until nothing changes; `None` when the
/// first pass cuts nothing. Clusters left without a step inside `z` are dropped (for every
/// `y ⊆ z`, the trim asks only for `Pre(y) ∧ z`): `Some` with no clusters says that `z` has no
/// cycle. Also `None` when `deadline` passes first: the cut is then abandoned.
pub(crate) fn cycle_steps(
    enc: &Encoding,
    rels: &Clusters,
    z: &BDDFunction,
    deadline: Option<Instant>,
    budget: &Budget,
) -> BddResult<Option<Clusters>> {
    let t0 = Instant::now();
    // checked after every step that can take long: a projection of a large set of steps
    // creates few nodes, so a limit on nodes would not stop it
    let late = || deadline.is_some_and(|d| Instant::now() > d);
    let nblocks = enc.blocks.len();
    let all: Vec<usize> = (0..nblocks).collect();
    // per block: every variable but the block's, quantified by its projection
    let mut others = Vec::with_capacity(nblocks);
    for b in 0..nblocks {
        let rest: Vec<usize> = all.iter().copied().filter(|&c| c != b).collect();
        others.push(enc.cube(&rest, true)?);
    }
    // per cluster: its relation and its steps inside `z`, both cut pass after pass
    let mut cur = Vec::new();
    for r in &rels.rels {
        let to = z.apply_exists(
            BooleanOperator::And,
            &enc.identity(&r.support)?,
            &enc.cube(&r.support, false)?,
        )?;
        let steps = r.rel.and(z)?.and(&to)?;
        budget.check(enc)?;
        if late() {
            return Ok(None);
        }
        if steps.satisfiable() {
            cur.push((r.rel.clone(), steps, &r.support));
        }
    }
    let mut changed = cur.len() < rels.rels.len();
    for pass in 0..MAX_PASSES {
        // the moves of each block on the steps
        let mut moves = vec![enc.f(); nblocks];
        for (_, steps, support) in &cur {
            for &b in support.iter() {
                moves[b] = moves[b].or(&steps.exists(&others[b])?)?;
                budget.check(enc)?;
                if late() {
                    return Ok(None);
                }
            }
        }
        // the moves between two components of their block's graph
        let mut across = vec![enc.f(); nblocks];
        let mut cut = 0;
        for b in 0..nblocks {
            let edges = edges_of(enc, b, &moves[b])?;
            let comp = components(1 << enc.blocks[b].bits.len(), &edges);
            for &(v, w) in edges.iter().filter(|&&(v, w)| comp[v] != comp[w]) {
                let m = enc.value(b, v, false)?.and(&enc.value(b, w, true)?)?;
                across[b] = across[b].or(&m)?;
                cut += 1;
            }
            budget.check(enc)?;
        }
        log::debug!(
            "cycle steps: pass {pass}: {cut} local moves between components ({:.3} s)",
            t0.elapsed().as_secs_f64()
        );
        if cut == 0 {
            break;
        }
        changed = true;
        let mut next = Vec::with_capacity(cur.len());
        for (rel, steps, support) in cur {
            let mut no = enc.f();
            for &b in support.iter() {
                no = no.or(&across[b])?;
            }
            let steps = no.imp_strict(&steps)?;
            budget.check(enc)?;
            if steps.satisfiable() {
                next.push((no.imp_strict(&rel)?, steps, support));
            }
        }
        cur = next;
        if cur.is_empty() {
            break;
        }
    }
    if !changed {
        return Ok(None);
    }
    let rels = cur
        .into_iter()
        .map(|(rel, _, support)| enc.relation(rel, support.clone()))
        .collect::<BddResult<_>>()?;
    Ok(Some(Clusters { rels }))
}

/// The pairs `(v, w)` of values of block `b` in `moves` (a set over the block's current and
/// next variables), by a walk over its bits.
fn edges_of(enc: &Encoding, b: usize, moves: &BDDFunction) -> BddResult<Vec<(usize, usize)>> {
    let bits = &enc.blocks[b].bits;
    let mut out = Vec::new();
    // (function left, bits decided, value so far, next value so far)
    let mut stack = vec![(moves.clone(), 0usize, 0usize, 0usize)];
    while let Some((f, k, v, w)) = stack.pop() {
        if !f.satisfiable() {
            continue;
        }
        if k == bits.len() {
            out.push((v, w));
            continue;
        }
        let (c, n) = bits[k];
        let (cv, nv) = (enc.var(c)?, enc.var(n)?);
        for (a, an) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
            let lit_c = if a == 1 { cv.clone() } else { cv.not()? };
            let lit_n = if an == 1 { nv.clone() } else { nv.not()? };
            let g = f.and(&lit_c)?.and(&lit_n)?;
            stack.push((g, k + 1, v << 1 | a, w << 1 | an));
        }
    }
    Ok(out)
}

/// The strongly connected component of each of the values `0..n` of a graph given by its
/// `edges` ([`sccs`], Tarjan's algorithm); values on no edge get a component of their own.
fn components(n: usize, edges: &[(usize, usize)]) -> Vec<usize> {
    let mut succ = vec![Vec::new(); n];
    for &(v, w) in edges {
        if v < n && w < n {
            succ[v].push(w);
        }
    }
    sccs(n, &succ)
}

#[cfg(test)]
mod tests {
    use super::components;

    #[test]
    fn components_of_small_graphs() {
        // 0 -> 1 -> 2 -> 0, 2 -> 3, 3 -> 3, 4 alone
        let c = components(5, &[(0, 1), (1, 2), (2, 0), (2, 3), (3, 3)]);
        assert!(c[0] == c[1] && c[1] == c[2]);
        assert!(c[3] != c[0] && c[4] != c[0] && c[4] != c[3]);
        // a chain: every value its own component
        let c = components(4, &[(0, 1), (1, 2), (2, 3)]);
        let mut d = c.clone();
        d.sort_unstable();
        d.dedup();
        assert_eq!(d.len(), 4);
    }
}
