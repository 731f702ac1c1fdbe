//! The BDD encoding of a system: variables, per-label transition relations, image and preimage.
//!
//! Each *block* (a component, or an extra block such as the automaton state of an LTL product)
//! holds a number in `ceil(log2 n)` bits, most significant bit on top. Every bit has a current
//! and a next variable, interleaved (`x0 x0' x1 x1' ...`), and the bits of one block stay together.
//! The variable order is therefore a permutation of the blocks; oxidd places variables in
//! creation order, so an [`Encoding`] starts in the order it was built for. Group sifting
//! ([`super::reorder`]) may move whole blocks later: block indices then name blocks, not
//! positions ([`Positions`] says where each block is now), and a relation's top level is
//! asked of the manager ([`Relation::top_level`]).
//!
//! The transition relation is **partitioned per label**: the relation of label `l` constrains only
//! the current and next variables of the components that have `l` (its *support*), so the image
//! quantifies and renames only those blocks and leaves every other block untouched (the frame
//! condition costs nothing). This is what makes the LTS-network encoding cheap compared with one
//! relation per Petri transition: a RERS problem has a few dozen labels, the MCC net of RERS 2020
//! problem 103 has 31,658 transitions.

use std::cell::Cell;

use num_bigint::BigUint;
use oxidd::bdd::{BDDFunction, BDDManagerRef};
use oxidd::util::OptBool;
use oxidd::{
    BooleanFunction, BooleanFunctionQuant, BooleanOperator, Function, Manager, ManagerRef, VarNo,
};

use super::manager::ManagerOptions;
use super::reorder::{group_sift, set_group_order, Reorderer, SiftOptions, SiftStats};
use crate::error::{Error, Limit};
use crate::limits::NodeStore;
use crate::model::{CompId, LabelId, StateId, Sync, System};

/// A hash map keyed by function handles (and small integers): FxHash, as oxidd's own tables,
/// instead of the default SipHash, whose DoS resistance buys nothing on node indices and
/// costs a few percent of a saturation that looks up a memo for every sub-diagram it visits.
pub(crate) type FxMap<K, V> =
    std::collections::HashMap<K, V, std::hash::BuildHasherDefault<oxidd::util::FxHasher>>;

/// Result of BDD work: a full node store becomes [`Limit::Memory`].
pub type BddResult<T> = Result<T, Error>;

/// `a ∧ ¬b`.
pub(crate) fn minus(a: &BDDFunction, b: &BDDFunction) -> BddResult<BDDFunction> {
    Ok(b.imp_strict(a)?)
}

/// One block of the variable order, top to bottom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Block {
    /// The local state of a component.
    Component(CompId),
    /// A number in `0..size` that is not a component, e.g. the automaton state of a product.
    Extra { name: String, size: usize },
}

/// The variables of one block.
#[derive(Clone, Debug)]
pub struct BlockVars {
    pub block: Block,
    /// Number of values the block can take.
    pub size: usize,
    /// `(current, next)` variable of each bit, most significant bit first.
    pub bits: Vec<(VarNo, VarNo)>,
}

/// The relation of one label (or, in a product, of one label combined with automaton moves).
pub struct Relation {
    /// Over the current and next variables of the support blocks.
    pub rel: BDDFunction,
    /// The blocks the relation reads and writes, ascending block index.
    pub support: Vec<usize>,
    /// Conjunction of the support's current variables (quantified by the image).
    pub cur_cube: BDDFunction,
    /// Conjunction of the support's next variables (quantified by the preimage).
    pub next_cube: BDDFunction,
    /// `x <-> x'` for every bit of the support: the image renames next to current variables
    /// by a relational product with it (`∃x'. img ∧ (x <-> x')`), the preimage current to
    /// next. Not by oxidd's `substitute`: its setup costs one step per level above the lowest
    /// renamed variable, on every call, which made the images of a system of n components
    /// cost O(n) each (reach on 4,000 two-state components: eleven times slower than this way).
    eq: BDDFunction,
    /// The states where the relation can fire: `∃ next. rel`.
    pub enabled: BDDFunction,
    /// The top variable of each support block that has variables. Levels change when the
    /// variables are reordered; variables do not.
    tops: Vec<VarNo>,
}

impl Relation {
    /// The level of the topmost variable of the relation's support in the current order
    /// (smaller = higher; the number of variables when the support has none).
    pub fn top_level(&self) -> u32 {
        self.rel.with_manager_shared(|m, _| {
            self.tops
                .iter()
                .map(|&v| m.var_to_level(v))
                .min()
                .unwrap_or(m.num_levels())
        })
    }

    /// Successors of `s` under this relation.
    pub fn image(&self, s: &BDDFunction) -> BddResult<BDDFunction> {
        s.apply_exists(BooleanOperator::And, &self.rel, &self.cur_cube)
            .and_then(|n| n.apply_exists(BooleanOperator::And, &self.eq, &self.next_cube))
            .map_err(Error::from)
    }

    /// Predecessors of `s` under this relation.
    pub fn preimage(&self, s: &BDDFunction) -> BddResult<BDDFunction> {
        s.apply_exists(BooleanOperator::And, &self.eq, &self.cur_cube)
            .and_then(|n| n.apply_exists(BooleanOperator::And, &self.rel, &self.next_cube))
            .map_err(Error::from)
    }
}

/// A system encoded in BDDs under one block order.
pub struct Encoding {
    pub manager: BDDManagerRef,
    /// Blocks top to bottom.
    pub blocks: Vec<BlockVars>,
    /// Block index of each component.
    pub block_of_comp: Vec<usize>,
    /// One relation per label of the system, indexed by [`LabelId`].
    pub labels: Vec<Relation>,
    /// The initial state.
    pub initial: BDDFunction,
    /// The valid codes of every block (`value < size` for each block), over current variables.
    pub valid: BDDFunction,
    /// When the variables are reordered (off unless set).
    pub reorderer: Reorderer,
    /// Wall seconds spent in [`Encoding::collect_garbage`].
    pub gc_seconds: Cell<f64>,
    /// The most nodes the manager held at a budget check since [`Encoding::restart_peak`].
    peak_nodes: Cell<usize>,
    num_vars: u32,
}

impl Encoding {
    /// Encodes `sys` with the components in `order` (top to bottom), followed by no extra blocks.
    pub fn new(sys: &System, order: &[CompId], opts: ManagerOptions) -> BddResult<Encoding> {
        let blocks: Vec<Block> = order.iter().map(|&c| Block::Component(c)).collect();
        Encoding::with_blocks(sys, &blocks, opts)
    }

    /// Encodes `sys` with the given block order, which must name every component exactly once
    /// and may add extra blocks anywhere.
    pub fn with_blocks(sys: &System, order: &[Block], opts: ManagerOptions) -> BddResult<Encoding> {
        let ncomp = sys.components().len();
        let mut block_of_comp = vec![usize::MAX; ncomp];
        for (i, b) in order.iter().enumerate() {
            if let Block::Component(c) = b {
                if *c >= ncomp || block_of_comp[*c] != usize::MAX {
                    return Err(Error::Usage(format!(
                        "variable order names component {c} twice or out of range"
                    )));
                }
                block_of_comp[*c] = i;
            }
        }
        if let Some(c) = block_of_comp.iter().position(|&b| b == usize::MAX) {
            return Err(Error::Usage(format!(
                "variable order leaves out component {c} (`{}`)",
                sys.component(c).name
            )));
        }
        let mut blocks = Vec::with_capacity(order.len());
        let mut names = Vec::new();
        for b in order {
            let (size, name) = match b {
                Block::Component(c) => (
                    sys.component(*c).num_states(),
                    sys.component(*c).name.clone(),
                ),
                Block::Extra { name, size } => (*size, name.clone()),
            };
            let nbits = bits_for(size);
            let mut bits = Vec::with_capacity(nbits);
            for k in 0..nbits {
                let v = names.len() as VarNo;
                names.push(format!("{name}.{k}"));
                names.push(format!("{name}.{k}'"));
                bits.push((v, v + 1));
            }
            blocks.push(BlockVars {
                block: b.clone(),
                size,
                bits,
            });
        }
        let num_vars = names.len() as u32;
        if let Some(stack) = opts.stack {
            if names.len() * crate::memory::STACK_PER_LEVEL > stack {
                return Err(Error::Limit(Limit::Stack {
                    variables: names.len(),
                    stack,
                }));
            }
        }
        let manager = opts.create(num_vars)?;
        manager.with_manager_exclusive(|m| {
            // Block names can repeat (extra blocks named by the caller), so names are a hint only.
            if m.add_named_vars(names.iter().cloned()).is_err() {
                m.add_vars(num_vars);
            }
        });
        let t = manager.with_manager_shared(|m| BDDFunction::t(m));
        let mut enc = Encoding {
            manager,
            blocks,
            block_of_comp,
            labels: Vec::new(),
            initial: t.clone(),
            valid: t,
            reorderer: Reorderer::new(opts.node_capacity, opts.reorder),
            gc_seconds: Cell::new(0.0),
            peak_nodes: Cell::new(0),
            num_vars,
        };
        enc.initial = enc.state_cube(&sys.initial_state())?;
        enc.valid = enc.valid_codes()?;
        let mut labels = Vec::with_capacity(sys.labels().len());
        for l in 0..sys.labels().len() {
            let rel = enc.label_relation(sys, l)?;
            let support = sys
                .label(l)
                .components
                .iter()
                .map(|&c| enc.block_of_comp[c])
                .collect();
            labels.push(enc.relation(rel, support)?);
        }
        enc.labels = labels;
        Ok(enc)
    }

    pub fn num_vars(&self) -> u32 {
        self.num_vars
    }

    pub fn t(&self) -> BDDFunction {
        self.manager.with_manager_shared(|m| BDDFunction::t(m))
    }

    pub fn f(&self) -> BDDFunction {
        self.manager.with_manager_shared(|m| BDDFunction::f(m))
    }

    /// The function that is `hi` where the variable at `level` is true and `lo` where it is
    /// false: how both saturations put a node back together after closing its cofactors.
    pub fn node_at(
        &self,
        level: oxidd::LevelNo,
        hi: &BDDFunction,
        lo: &BDDFunction,
    ) -> BddResult<BDDFunction> {
        let var = self
            .manager
            .with_manager_shared(|m| BDDFunction::var(m, m.level_to_var(level)))?;
        Ok(var.ite(hi, lo)?)
    }

    pub(crate) fn var(&self, v: VarNo) -> BddResult<BDDFunction> {
        self.manager
            .with_manager_shared(|m| BDDFunction::var(m, v))
            .map_err(Error::from)
    }

    /// The conjunction of the current variables of `blocks`, and of their next variables too
    /// when `with_next`: what an existential quantification of those blocks takes.
    pub fn cube(&self, blocks: &[usize], with_next: bool) -> BddResult<BDDFunction> {
        // bottom up (see `state_cube`)
        let mut blocks = blocks.to_vec();
        blocks.sort_unstable_by(|a, b| b.cmp(a));
        let mut f = self.t();
        for b in blocks {
            for &(c, n) in self.blocks[b].bits.iter().rev() {
                if with_next {
                    f = self.var(n)?.and(&f)?;
                }
                f = self.var(c)?.and(&f)?;
            }
        }
        Ok(f)
    }

    /// `value` of block `b` as a cube over its current (`next == false`) or next variables.
    pub fn value(&self, b: usize, value: usize, next: bool) -> BddResult<BDDFunction> {
        let bits = &self.blocks[b].bits;
        let mut f = self.t();
        for (k, &(c, n)) in bits.iter().enumerate().rev() {
            let v = self.var(if next { n } else { c })?;
            let bit = (value >> (bits.len() - 1 - k)) & 1 == 1;
            f = if bit {
                v.and(&f)
            } else {
                v.not().and_then(|nv| nv.and(&f))
            }?;
        }
        Ok(f)
    }

    /// A state vector (one local state per component) as a cube over current variables.
    ///
    /// Conjunctions over many blocks are built bottom up: each step puts a block on top of what
    /// is there, creating only its own nodes. Top down, each step would copy everything above
    /// the new block: n components cost n^2/2 nodes (32 million for 8,000).
    pub fn state_cube(&self, state: &[StateId]) -> BddResult<BDDFunction> {
        let mut f = self.t();
        for b in (0..self.blocks.len()).rev() {
            if let Block::Component(c) = self.blocks[b].block {
                f = self.value(b, state[c] as usize, false)?.and(&f)?;
            }
        }
        Ok(f)
    }

    /// `value < size` for every block, over current variables.
    fn valid_codes(&self) -> BddResult<BDDFunction> {
        // bottom up (see `state_cube`)
        let mut f = self.t();
        for b in (0..self.blocks.len()).rev() {
            let size = self.blocks[b].size;
            if size.is_power_of_two() || size <= 1 {
                continue;
            }
            let mut valid = self.f();
            for v in 0..size {
                valid = valid.or(&self.value(b, v, false)?)?;
            }
            f = valid.and(&f)?;
        }
        Ok(f)
    }

    /// The relation of a system label over its support's current and next variables.
    fn label_relation(&self, sys: &System, l: LabelId) -> BddResult<BDDFunction> {
        let label = sys.label(l);
        let mov = |c: CompId, from: StateId, to: StateId| -> BddResult<BDDFunction> {
            let b = self.block_of_comp[c];
            self.value(b, from as usize, false)?
                .and(&self.value(b, to as usize, true)?)
                .map_err(Error::from)
        };
        match &label.sync {
            Sync::Product => {
                let mut rel = self.t();
                for (i, &c) in label.components.iter().enumerate() {
                    let mut local = self.f();
                    for &(from, to) in &label.local[i] {
                        local = local.or(&mov(c, from, to)?)?;
                    }
                    rel = rel.and(&local)?;
                }
                Ok(rel)
            }
            Sync::Tuples(tuples) => {
                let mut rel = self.f();
                for t in tuples {
                    let mut m = self.t();
                    for (i, &(from, to)) in t.iter().enumerate() {
                        m = m.and(&mov(label.components[i], from, to)?)?;
                    }
                    rel = rel.or(&m)?;
                }
                Ok(rel)
            }
        }
    }

    /// Wraps a relation over the current and next variables of `support` (block indices).
    pub fn relation(&self, rel: BDDFunction, mut support: Vec<usize>) -> BddResult<Relation> {
        support.sort_unstable();
        support.dedup();
        let mut cur_cube = self.t();
        let mut next_cube = self.t();
        let mut eq = self.t();
        // bottom up (see `state_cube`)
        for &b in support.iter().rev() {
            for &(c, n) in self.blocks[b].bits.iter().rev() {
                let (cf, nf) = (self.var(c)?, self.var(n)?);
                cur_cube = cf.and(&cur_cube)?;
                next_cube = nf.and(&next_cube)?;
                eq = cf.equiv(&nf).and_then(|e| e.and(&eq))?;
            }
        }
        let enabled = rel.exists(&next_cube)?;
        let tops = support
            .iter()
            .filter_map(|&b| self.blocks[b].bits.first().map(|&(c, _)| c))
            .collect();
        Ok(Relation {
            rel,
            cur_cube,
            next_cube,
            eq,
            enabled,
            support,
            tops,
        })
    }

    /// The reflexive-transitive closure of the relations `rels`, all over block `b` alone: one
    /// relation that takes each value of `b` to every value those relations reach from it. A
    /// block has few values, so the closure is built value by value from the images.
    pub fn local_closure(&self, b: usize, rels: &[&Relation]) -> BddResult<Relation> {
        debug_assert!(rels.iter().all(|r| r.support == [b]));
        // renaming current to next by a relational product, not `substitute`, whose cost
        // grows with the number of levels above the block (see `Relation::eq`)
        let eq = self.identity(&[b])?;
        let mut cur_cube = self.t();
        for &(c, _) in &self.blocks[b].bits {
            cur_cube = cur_cube.and(&self.var(c)?)?;
        }
        let mut closure = self.f();
        for v in 0..self.blocks[b].size {
            let from = self.value(b, v, false)?;
            let mut reached = from.clone();
            let mut frontier = from.clone();
            while frontier.satisfiable() {
                let mut img = self.f();
                for r in rels {
                    img = img.or(&r.image(&frontier)?)?;
                }
                frontier = reached.imp_strict(&img)?;
                reached = reached.or(&frontier)?;
            }
            let to = reached.apply_exists(BooleanOperator::And, &eq, &cur_cube)?;
            let pairs = from.and(&to)?;
            closure = closure.or(&pairs)?;
        }
        self.relation(closure, vec![b])
    }

    /// `x' = x` for every bit of `blocks`: the frame condition of a relation that leaves them
    /// unchanged.
    pub fn identity(&self, blocks: &[usize]) -> BddResult<BDDFunction> {
        let mut f = self.t();
        for &b in blocks.iter().rev() {
            for &(c, n) in self.blocks[b].bits.iter().rev() {
                let eq = self.var(c)?.equiv(&self.var(n)?)?;
                f = eq.and(&f)?;
            }
        }
        Ok(f)
    }

    /// States (over current variables) from which some label can fire.
    pub fn enabled_any(&self) -> BddResult<BDDFunction> {
        let mut f = self.f();
        for r in &self.labels {
            f = f.or(&r.enabled)?;
        }
        Ok(f)
    }

    /// The number of states in `s` (a set over current variables), exactly.
    pub fn count(&self, s: &BDDFunction) -> BigUint {
        let n: BigUint = s.sat_count(self.num_vars, &mut SatCache::default());
        // every state is counted once for each assignment of the (free) next variables
        n >> (self.num_vars / 2)
    }

    /// [`Encoding::count`] for many sets in a row: `cache` keeps the counts of the nodes they
    /// share (oxidd invalidates it itself on garbage collection).
    pub fn count_cached(&self, s: &BDDFunction, cache: &mut SatCache) -> BigUint {
        let n: BigUint = s.sat_count(self.num_vars, cache);
        n >> (self.num_vars / 2)
    }

    /// Some state of `s` as one value per block (top to bottom), if `s` is not empty.
    pub fn pick(&self, s: &BDDFunction) -> Option<Vec<usize>> {
        let cube = s.pick_cube(|_, _, _| false)?;
        Some(
            self.blocks
                .iter()
                .map(|b| {
                    b.bits.iter().fold(0usize, |acc, &(c, _)| {
                        (acc << 1) | usize::from(cube[c as usize] == OptBool::True)
                    })
                })
                .collect(),
        )
    }

    /// Some state of `s` as a state vector (one local state per component).
    pub fn pick_state(&self, s: &BDDFunction) -> Option<Vec<StateId>> {
        let values = self.pick(s)?;
        Some(
            self.block_of_comp
                .iter()
                .map(|&b| values[b] as StateId)
                .collect(),
        )
    }

    /// Collects dead nodes. oxidd clears the whole apply cache on every collection, so call
    /// this rarely (a collection whenever the nodes doubled made BFS many times slower).
    pub fn collect_garbage(&self) {
        let t0 = std::time::Instant::now();
        self.manager.with_manager_shared(|m| m.gc());
        self.gc_seconds
            .set(self.gc_seconds.get() + t0.elapsed().as_secs_f64());
    }

    /// The most nodes the manager held at a budget check (or at [`Encoding::restart_peak`])
    /// since the last [`Encoding::restart_peak`].
    pub fn peak_nodes(&self) -> usize {
        self.peak_nodes.get().max(self.manager_nodes())
    }

    /// Starts a new peak from the nodes held now and returns the old one, for a caller that
    /// measures a part of a run: it restores the outer peak with [`Encoding::note_peak`].
    pub fn restart_peak(&self) -> usize {
        self.peak_nodes.replace(self.manager_nodes())
    }

    /// Raises the peak to at least `nodes` (see [`Encoding::restart_peak`]).
    pub fn note_peak(&self, nodes: usize) {
        self.peak_nodes.set(self.peak_nodes.get().max(nodes));
    }

    /// Garbage collections of the manager so far: [`Encoding::collect_garbage`]'s and those
    /// oxidd starts itself when its node store fills up.
    pub fn gc_count(&self) -> u64 {
        self.manager.with_manager_shared(|m| m.gc_count())
    }

    /// Nodes currently held by the manager (live and not yet collected). oxidd's running count,
    /// not `num_inner_nodes`, which adds up the unique table of every level: called after
    /// every image and at every budget check, that sum made reachability on n components cost
    /// O(n^2) (8,000 two-state components: twelve times the CPU time of this way). With one
    /// thread the running count is exact: equal to the sum at all 86,325 calls of a check of 2016
    /// problem 105.
    pub fn manager_nodes(&self) -> usize {
        self.manager
            .with_manager_shared(|m| m.approx_num_inner_nodes())
    }

    /// Where the blocks are in the current variable order.
    pub fn positions(&self) -> Positions {
        Positions::of(self)
    }

    /// How many times the variables have been reordered: what the level-dependent structures
    /// (block positions, memos keyed by position) remember to know they are still valid.
    pub fn reorder_count(&self) -> u64 {
        self.manager.with_manager_shared(|m| m.reorder_count())
    }

    /// Reorders the variables now, by group sifting within [`super::reorder::TIME_LIMIT`],
    /// and records it in [`Encoding::reorderer`]. Every function handle stays valid; what
    /// depends on levels or block positions checks [`Encoding::reorder_count`].
    pub fn reorder_now(&self) -> SiftStats {
        let opts = SiftOptions {
            time_limit: super::reorder::TIME_LIMIT,
            capacity: self.reorderer.capacity,
            ..SiftOptions::default()
        };
        let st = self.sift(&opts);
        self.reorderer.record(&st);
        log::info!(
            "reordering {}: {} -> {} live nodes in {:.2} s ({} swaps{})",
            self.reorderer.done.get(),
            st.before,
            st.after,
            st.seconds,
            st.swaps,
            if st.complete { "" } else { ", cut short" }
        );
        st
    }

    /// Group sifting with every block as a group (see [`super::reorder`]).
    pub fn sift(&self, opts: &SiftOptions) -> SiftStats {
        let (groups, _) = self.groups();
        self.manager
            .with_manager_exclusive(|m| group_sift(m, &groups, opts))
    }

    /// Moves the blocks into `order` (every block with variables once, top to bottom; blocks
    /// without variables may be left out), as a reordering does. `false` (and the variables
    /// possibly reordered part of the way) when `order` is not such a list or the node store
    /// could overflow.
    pub fn set_block_order(&self, order: &[usize]) -> bool {
        let (groups, block_of_group) = self.groups();
        let mut group_of_block = vec![usize::MAX; self.blocks.len()];
        for (g, &b) in block_of_group.iter().enumerate() {
            group_of_block[b] = g;
        }
        let target: Vec<usize> = order
            .iter()
            .filter_map(|&b| group_of_block.get(b).copied())
            .filter(|&g| g != usize::MAX)
            .collect();
        let capacity = self.reorderer.capacity;
        self.manager
            .with_manager_exclusive(|m| set_group_order(m, &groups, &target, capacity))
    }

    /// The blocks with variables as groups of the reordering (current and next variable of
    /// each bit, top bit first), and the block of each group.
    fn groups(&self) -> (Vec<Vec<VarNo>>, Vec<usize>) {
        self.blocks
            .iter()
            .enumerate()
            .filter(|(_, bv)| !bv.bits.is_empty())
            .map(|(b, bv)| (bv.bits.iter().flat_map(|&(c, n)| [c, n]).collect(), b))
            .unzip()
    }
}

/// The blocks in the current variable order: a block's index in [`Encoding::blocks`] names
/// it for good, its position says where it is now (0 = top). The algorithms that walk the
/// order (saturation, the level-ordered closures) work in positions.
///
/// A block without variables (a component with one state) has no level; it keeps its place
/// just above the block that followed it when the encoding was built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Positions {
    /// The block at each position, top to bottom.
    pub order: Vec<usize>,
    /// The position of each block.
    pub pos: Vec<usize>,
}

impl Positions {
    fn of(enc: &Encoding) -> Positions {
        let nb = enc.blocks.len();
        let mut key = vec![(u32::MAX, 0); nb];
        enc.manager.with_manager_shared(|m| {
            let mut next = u32::MAX;
            for b in (0..nb).rev() {
                if let Some(&(c, _)) = enc.blocks[b].bits.first() {
                    next = m.var_to_level(c);
                }
                key[b] = (next, b);
            }
        });
        let mut order: Vec<usize> = (0..nb).collect();
        order.sort_unstable_by_key(|&b| key[b]);
        let mut pos = vec![0; nb];
        for (i, &b) in order.iter().enumerate() {
            pos[b] = i;
        }
        Positions { order, pos }
    }
}

/// The labels bottom-most first: by top level descending, then by how deep they reach. The
/// order in which every chaining loop fires them (reachability, the LTL product's relations,
/// the CTL closures): low, cheap labels close the local behaviour before high ones copy it up.
pub(crate) fn bottom_up(enc: &Encoding) -> Vec<usize> {
    let pos = enc.positions().pos;
    let mut ls: Vec<usize> = (0..enc.labels.len()).collect();
    let key = |l: usize| {
        let r = &enc.labels[l];
        let bottom = r
            .support
            .iter()
            .map(|&b| pos[b])
            .max()
            .unwrap_or(usize::MAX);
        (std::cmp::Reverse(r.top_level()), std::cmp::Reverse(bottom))
    };
    ls.sort_by_cached_key(|&l| key(l));
    ls
}

/// The budget watches the manager's nodes.
impl NodeStore for Encoding {
    /// The manager's nodes, noted for [`Encoding::peak_nodes`] (every budget check asks).
    fn nodes(&self) -> usize {
        let n = self.manager_nodes();
        self.peak_nodes.set(self.peak_nodes.get().max(n));
        n
    }

    fn collect_garbage(&self) {
        Encoding::collect_garbage(self)
    }

    fn reorder_due(&self, nodes: usize) -> bool {
        self.reorderer.due(nodes)
    }
}

/// Number of bits to hold `0..n`.
pub fn bits_for(n: usize) -> usize {
    if n <= 1 {
        0
    } else {
        (usize::BITS - (n - 1).leading_zeros()) as usize
    }
}

pub type SatCache =
    oxidd::util::SatCountCache<BigUint, std::hash::BuildHasherDefault<oxidd::util::FxHasher>>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::SystemBuilder;

    #[test]
    fn bits() {
        assert_eq!(bits_for(1), 0);
        assert_eq!(bits_for(2), 1);
        assert_eq!(bits_for(3), 2);
        assert_eq!(bits_for(4), 2);
        assert_eq!(bits_for(5), 3);
    }

    fn sys() -> System {
        // c0: 0 -a-> 1 -s-> 2 -b-> 0 ; c1: 0 -s-> 1 (3 states so codes are not all valid)
        let mut b = SystemBuilder::new();
        let c0 = b.add_component("c0");
        let c1 = b.add_component("c1");
        for c in [c0, c1] {
            for s in ["0", "1", "2"] {
                b.add_state(c, s).unwrap();
            }
            b.set_start(c, 0);
        }
        b.add_transition(c0, 0, "a", 1);
        b.add_transition(c0, 1, "s", 2);
        b.add_transition(c0, 2, "b", 0);
        b.add_transition(c1, 0, "s", 1);
        b.build().unwrap()
    }

    #[test]
    fn image_and_preimage_follow_the_labels() {
        let sys = sys();
        for order in [[0, 1], [1, 0]] {
            let enc = Encoding::new(&sys, &order, ManagerOptions::small()).unwrap();
            let a = &enc.labels[sys.label_id("a").unwrap()];
            let s = &enc.labels[sys.label_id("s").unwrap()];
            let b = &enc.labels[sys.label_id("b").unwrap()];
            let after_a = a.image(&enc.initial).unwrap();
            assert!(after_a == enc.state_cube(&[1, 0]).unwrap());
            let after_s = s.image(&after_a).unwrap();
            assert!(after_s == enc.state_cube(&[2, 1]).unwrap());
            assert!(!s.image(&enc.initial).unwrap().satisfiable());
            assert!(b.preimage(&enc.state_cube(&[0, 1]).unwrap()).unwrap() == after_s);
            assert_eq!(
                enc.count(&after_s.or(&enc.initial).unwrap()).to_string(),
                "2"
            );
            assert_eq!(enc.pick_state(&after_s), Some(vec![2, 1]));
            assert_eq!(enc.count(&enc.valid).to_string(), "9");
        }
    }
}
