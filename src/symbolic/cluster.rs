//! Clustered disjunctive partitions: the per-label relations merged into a few larger ones for
//! the fixpoints that need the union of *all* labels' images or preimages in every step.
//!
//! Reachability and the least fixpoints run saturation-style on per-label relations, which is
//! where the partitioning pays. The greatest fixpoints (the trim of Emerson-Lei, CTL's `EG`
//! and `AX`), breadth-first searches and counterexample paths instead take `⋃_l Pre_l(S)` in
//! every round, and with one relation per label each round renames `S` and runs a relational
//! product once per label. Merging consecutive relations (in the order of their top variable)
//! into clusters over the union of their supports, each label with the frame condition on the
//! blocks it does not touch, trades many small products for a few larger ones, as in the
//! partitioned transition relations of J. R. Burch, E. M. Clarke and D. E. Long ("Symbolic model
//! checking with partitioned transition relations", VLSI 1991), with the size threshold of
//! R. K. Ranjan, A. Aziz, R. K. Brayton, B. Plessier and C. Pixley ("Efficient BDD algorithms
//! for FSM synthesis and verification", IWLS 1995).
//!
//! On a long trim (RERS 2017 problem 113, LTL #4) one cluster instead of the per-label
//! relations took a fifth of the time and a third of the memory
//! (docs/benchmarks.md, "Clusters").

use oxidd::bdd::BDDFunction;
use oxidd::{BooleanFunction, Function};

use super::encoding::BddResult;
use super::{Encoding, Relation};
use crate::limits::Budget;

/// A cluster is closed when adding the next relation would make it larger than this.
pub const CLUSTER_NODES: usize = 5_000;

/// ... or when its support would span more blocks than this. Each merge rebuilds the frame
/// condition over the cluster's support and a union as large as the cluster, so a cluster of
/// k small relations costs O(k^2): on a system of thousands of two-state components a few
/// clusters of a thousand relations or more were slow to build
/// (docs/benchmarks.md, "Clusters"). The RERS problems have at most a few dozen blocks (after
/// `--factor bits`), so their clusters never reach this.
pub const CLUSTER_BLOCKS: usize = 256;

/// Relations merged into clusters; the union of their images (preimages) is the union of the
/// images (preimages) of the relations they were built from.
pub struct Clusters {
    pub rels: Vec<Relation>,
}

impl Clusters {
    /// Merges `rels`, in the order given, into clusters of at most `max_nodes` nodes (a single
    /// relation larger than that is a cluster of its own).
    pub fn new<'r>(
        enc: &Encoding,
        rels: impl IntoIterator<Item = &'r Relation>,
        max_nodes: usize,
        budget: &Budget,
    ) -> BddResult<Clusters> {
        let mut out = Vec::new();
        let mut cur: Option<(BDDFunction, Vec<usize>)> = None;
        for r in rels {
            // one merge per relation: 40,000 of them for 20,000 components
            budget.check(enc)?;
            let Some((rel, support)) = cur.take() else {
                cur = Some((r.rel.clone(), r.support.clone()));
                continue;
            };
            let mut all = support.clone();
            all.extend(&r.support);
            all.sort_unstable();
            all.dedup();
            let frame = |s: &[usize]| -> BddResult<BDDFunction> {
                let rest: Vec<usize> = all.iter().copied().filter(|b| !s.contains(b)).collect();
                enc.identity(&rest)
            };
            let a = rel.and(&frame(&support)?)?;
            let b = r.rel.and(&frame(&r.support)?)?;
            let merged = a.or(&b)?;
            cur = Some(
                if all.len() > CLUSTER_BLOCKS || merged.node_count() > max_nodes {
                    out.push(enc.relation(rel, support)?);
                    (r.rel.clone(), r.support.clone())
                } else {
                    (merged, all)
                },
            );
        }
        if let Some((rel, support)) = cur {
            out.push(enc.relation(rel, support)?);
        }
        Ok(Clusters { rels: out })
    }

    /// `⋃ Pre(s)` over all clusters.
    pub fn pre(&self, enc: &Encoding, s: &BDDFunction, budget: &Budget) -> BddResult<BDDFunction> {
        self.union(enc, budget, |r| r.preimage(s))
    }

    /// `⋃ Img(s)` over all clusters.
    pub fn post(&self, enc: &Encoding, s: &BDDFunction, budget: &Budget) -> BddResult<BDDFunction> {
        self.union(enc, budget, |r| r.image(s))
    }

    fn union(
        &self,
        enc: &Encoding,
        budget: &Budget,
        step: impl Fn(&Relation) -> BddResult<BDDFunction>,
    ) -> BddResult<BDDFunction> {
        let mut out = enc.f();
        for r in &self.rels {
            out = out.or(&step(r)?)?;
            budget.check(enc)?;
        }
        Ok(out)
    }

    /// Total nodes of the clusters (shared nodes counted once per cluster).
    pub fn nodes(&self) -> usize {
        self.rels.iter().map(|r| r.rel.node_count()).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::SystemBuilder;
    use crate::symbolic::{reachable, ManagerOptions};

    #[test]
    fn clusters_have_the_union_of_the_labels_images_and_preimages() {
        // three components, labels local and shared, some never enabled
        let mut b = SystemBuilder::new();
        for c in 0..3 {
            let id = b.add_component(&format!("c{c}"));
            for s in 0..3 {
                b.add_state(id, &s.to_string()).unwrap();
            }
            b.set_start(id, 0);
        }
        b.add_transition(0, 0, "a", 1);
        b.add_transition(0, 1, "s", 2);
        b.add_transition(1, 0, "s", 1);
        b.add_transition(1, 1, "b", 0);
        b.add_transition(2, 0, "t", 2);
        b.add_transition(1, 1, "t", 2);
        b.add_transition(2, 2, "c", 0);
        b.add_transition(0, 2, "z", 2);
        b.add_transition(2, 1, "z", 0);
        let sys = b.build().unwrap();
        let enc =
            crate::symbolic::Encoding::new(&sys, &[1, 0, 2], ManagerOptions::small()).unwrap();
        let budget = Budget::unlimited();
        let reach = reachable(&enc, &budget).unwrap();
        let all = enc.valid.clone();
        for max in [0, 10, 40, usize::MAX] {
            let cl = Clusters::new(&enc, &enc.labels, max, &budget).unwrap();
            assert!(max != usize::MAX || cl.rels.len() == 1);
            for s in [&reach, &all, &enc.initial] {
                let (mut pre, mut post) = (enc.f(), enc.f());
                for r in &enc.labels {
                    pre = pre.or(&r.preimage(s).unwrap()).unwrap();
                    post = post.or(&r.image(s).unwrap()).unwrap();
                }
                assert!(cl.pre(&enc, s, &budget).unwrap() == pre, "max {max}");
                assert!(cl.post(&enc, s, &budget).unwrap() == post, "max {max}");
            }
        }
    }
}
