//! Strong, branching, divergence-preserving branching and sharp bisimulation by signature
//! refinement.
//!
//! **Signature refinement** (Blom and Orzan, "A distributed algorithm for strong bisimulation
//! reduction of state spaces", 2003; for branching bisimulation, Blom and Orzan, "Distributed
//! branching bisimulation reduction of state spaces", 2003): start from one block, give each state
//! a *signature* (what it can do, in terms of the current blocks), split every block by
//! signature, repeat until no block splits. The result is the coarsest bisimulation. Here with
//! the worklist of Laveaux and Martens (the `merc_reduction` crate's sigref): only a block
//! holding a predecessor of a state that moved is signed again, and a split block keeps its
//! number for its largest part, so that the states of that part did not "move".
//!
//! **Sharp bisimulation** (Lang, Mateescu and Mazzanti, "Sharp congruences adequate with temporal
//! logics combining weak and strong modalities", TACAS 2020) takes a set `A_s` of *strong*
//! actions. With `τ ∈ A_s` it is strong bisimulation. Otherwise `p ~ q` requires:
//! * `p -a-> p'` with `a ∈ A_s`: `q -a-> q'` with `p' ~ q'` (no internal steps before);
//! * `p -a-> p'` with `a ∉ A_s`: `a = τ` and `p' ~ q`, or `q -τ*-> q'' -a-> q'` with `p' ~ q'`
//!   and `p` related to every state of the path `q -τ*-> q''` (branching; for branching
//!   bisimilarity itself, relating the last state only is the same by the stuttering lemma, but
//!   a strong action can tell an intermediate state apart);
//! * an infinite internal path from `p` within its class exists iff one from `q` does
//!   (divergence).
//!
//! With `A_s = ∅` that is divergence-preserving branching bisimulation (DPBB, "branching
//! bisimulation with explicit divergence", van Glabbeek and Weijland 1996); without the last
//! clause, branching bisimulation. So one signature covers the family: for a state `s` of block
//! `B(s)`,
//!
//! ```text
//! sig(s) = { (a, B(t)) | s -a-> t, a ∈ A_s }                                   strong part
//!        ∪ inh(s)
//! inh(s) = { (a, B(t)) | s -a-> t, a ∉ A_s, not (a = τ and B(t) = B(s)) }      direct weak part
//!        ∪ ⋃ { inh(t) | s -τ-> t, B(t) = B(s) }                               inherited (inert τ)
//!        ∪ { δ | s lies on an inert τ-cycle }                                 divergence mark
//! ```
//!
//! `inh` is computed per block on the strongly connected components of its inert τ-steps
//! (Tarjan's algorithm lists them sinks first, so a component's successors are done before it);
//! every state of a component shares its `inh`. For branching and divergence-preserving
//! branching bisimulation (no strong actions but none) the states of one τ-cycle are
//! equivalent, so the τ-cycles are collapsed first, each into one state with an internal
//! self-loop under DPBB (the divergence it keeps); with no strong part `sig(s) = inh(s)`, which
//! is then interned once. States of one τ-cycle need not be sharp bisimilar (their strong parts
//! may differ), so sharp bisimulation with strong actions refines the LTS as it is.
//!
//! The quotient has a transition `B(s) -a-> B(t)` for every transition `s -a-> t` but the inert
//! internal ones, and, for the divergence-preserving relations, an internal self-loop on every
//! block whose states diverge.

use super::fx::{FxMap, Interner};
use super::lts::{Act, Lts, TAU};
use super::scc::components;
use super::Equivalence;

/// How the branching-family signature treats each action (see the module documentation).
struct Mode<'a> {
    /// τ is strong: strong bisimulation, no inert steps.
    tau_strong: bool,
    /// The visible strong actions, ascending.
    strong: &'a [Act],
    divergence: bool,
}

impl Mode<'_> {
    fn of(eq: &Equivalence) -> Mode<'_> {
        match eq {
            Equivalence::Strong => Mode {
                tau_strong: true,
                strong: &[],
                divergence: false,
            },
            Equivalence::Branching => Mode {
                tau_strong: false,
                strong: &[],
                divergence: false,
            },
            Equivalence::DivBranching => Mode {
                tau_strong: false,
                strong: &[],
                divergence: true,
            },
            Equivalence::Sharp(strong) => Mode {
                tau_strong: strong.contains(&TAU),
                strong,
                divergence: true,
            },
            Equivalence::Weak => unreachable!("weak bisimulation has its own refinement"),
        }
    }

    /// No action is strong: the signature is the inherited part alone, and the states of an
    /// internal cycle are equivalent.
    fn all_weak(&self) -> bool {
        !self.tau_strong && self.strong.is_empty()
    }

    fn is_strong(&self, a: Act) -> bool {
        if a == TAU {
            self.tau_strong
        } else {
            self.tau_strong || self.strong.binary_search(&a).is_ok()
        }
    }
}

/// The divergence mark in a signature: no block has this number.
const DIVERGES: (Act, u32) = (TAU, u32::MAX);

/// The blocks as ranges of one array of states (a refinable partition: Valmari and Lehtinen,
/// "Efficient minimization of DFAs with partial transition functions", 2008), so that moving a
/// state to a new block costs a swap.
struct Blocks {
    elements: Vec<u32>,
    pos: Vec<u32>,
    block: Vec<u32>,
    begin: Vec<u32>,
    end: Vec<u32>,
}

impl Blocks {
    fn one(n: usize) -> Blocks {
        Blocks {
            elements: (0..n as u32).collect(),
            pos: (0..n as u32).collect(),
            block: vec![0; n],
            begin: vec![0],
            end: vec![n as u32],
        }
    }

    fn len(&self, b: u32) -> usize {
        (self.end[b as usize] - self.begin[b as usize]) as usize
    }

    fn states(&self, b: u32) -> &[u32] {
        &self.elements[self.begin[b as usize] as usize..self.end[b as usize] as usize]
    }

    /// Moves `part` (states of block `x`) to a new block, returned.
    fn split_off(&mut self, x: u32, part: &[u32]) -> u32 {
        let new = self.begin.len() as u32;
        let old_end = self.end[x as usize];
        for &s in part {
            let last = self.end[x as usize] - 1;
            let (ps, pl) = (self.pos[s as usize], last);
            let other = self.elements[pl as usize];
            self.elements.swap(ps as usize, pl as usize);
            self.pos[other as usize] = ps;
            self.pos[s as usize] = pl;
            self.end[x as usize] = last;
            self.block[s as usize] = new;
        }
        self.begin.push(self.end[x as usize]);
        self.end.push(old_end);
        new
    }
}

/// The coarsest bisimulation of `eq` (not weak) on `lts`: the class of each state, classes
/// numbered `0..k` in the order of their first state.
///
/// Each block is stable (all its states have one signature) except for its *marked* states,
/// those with a successor that moved to another block since they were signed (and, for the
/// inherited part, every state of the block with an inert path to one). Only marked states
/// are signed again; the unmarked ones keep their signature. A block splits into the states
/// that kept its signature and one part per new signature; the largest part keeps the block,
/// so a state moves O(log n) times.
pub fn partition(lts: &Lts, eq: &Equivalence) -> Vec<u32> {
    let mode = Mode::of(eq);
    if mode.all_weak() {
        if let Some((collapsed, node)) = collapse_tau_cycles(lts, mode.divergence) {
            let class = refine(&collapsed, &mode);
            let per_state: Vec<u32> = node.iter().map(|&v| class[v as usize]).collect();
            return renumber(&per_state);
        }
    }
    refine(lts, &mode)
}

/// `lts` with each internal strongly connected component made one state (its internal steps
/// dropped, or one internal self-loop kept with `divergence` when it has a cycle), and the
/// state of each original state; `None` when no two states share a component.
fn collapse_tau_cycles(lts: &Lts, divergence: bool) -> Option<(Lts, Vec<u32>)> {
    if !lts.has_tau() {
        return None;
    }
    let comps = components(lts, &|_, a, _| a == TAU);
    if comps.len() == lts.num_states() {
        return None;
    }
    let mut node = vec![0u32; lts.num_states()];
    for (v, c) in comps.iter().enumerate() {
        for &s in c {
            node[s as usize] = v as u32;
        }
    }
    // grouped by source, so that building the LTS sorts each row alone
    let mut transitions = Vec::with_capacity(lts.num_transitions());
    for (v, c) in comps.iter().enumerate() {
        let v = v as u32;
        let cyclic = c.len() > 1;
        for &s in c {
            for &(a, t) in lts.out(s) {
                let u = node[t as usize];
                if a == TAU && u == v {
                    if divergence {
                        transitions.push((v, TAU, v));
                    }
                } else {
                    transitions.push((v, a, u));
                }
            }
        }
        if cyclic && divergence {
            transitions.push((v, TAU, v));
        }
    }
    let collapsed = Lts::new(
        comps.len() as u32,
        node[lts.initial() as usize],
        transitions,
        lts.interface().to_vec(),
    );
    Some((collapsed, node))
}

/// The refinement proper (see [`partition`]).
fn refine(lts: &Lts, mode: &Mode) -> Vec<u32> {
    let n = lts.num_states();
    let (inc_off, inc) = lts.incoming();
    let incoming = |s: u32| &inc[inc_off[s as usize]..inc_off[s as usize + 1]];
    // the internal predecessors alone, which the inert closure below walks
    let mut tau_off = Vec::with_capacity(n + 1);
    let mut tau_pred = Vec::new();
    tau_off.push(0);
    for s in 0..n as u32 {
        tau_pred.extend(
            incoming(s)
                .iter()
                .filter(|&&(a, _)| a == TAU)
                .map(|&(_, p)| p),
        );
        tau_off.push(tau_pred.len());
    }
    let tau_incoming = |s: u32| &tau_pred[tau_off[s as usize]..tau_off[s as usize + 1]];
    let mut blocks = Blocks::one(n);
    let mut marked = vec![true; n];
    let mut marks: Vec<Vec<u32>> = vec![(0..n as u32).collect()];
    let mut queued = vec![true];
    let mut queue = vec![0u32];
    let mut signer = Signer::new(n);
    while let Some(x) = queue.pop() {
        queued[x as usize] = false;
        let mut m = std::mem::take(&mut marks[x as usize]);
        if !mode.tau_strong {
            // states with an inert path to a marked state inherit from it
            let mut stack = m.clone();
            while let Some(s) = stack.pop() {
                for &p in tau_incoming(s) {
                    if blocks.block[p as usize] == x && !marked[p as usize] {
                        marked[p as usize] = true;
                        m.push(p);
                        stack.push(p);
                    }
                }
            }
        }
        signer.sign(lts, mode, &blocks.block, x, &m, &marked);
        // the signature of the unmarked states, if any
        let unmarked = blocks.len(x) - m.len();
        let stable = if unmarked > 0 {
            blocks
                .states(x)
                .iter()
                .find(|&&s| !marked[s as usize])
                .map(|&s| signer.sig_id[s as usize])
        } else {
            None
        };
        let mut groups: FxMap<u32, Vec<u32>> = FxMap::default();
        let mut stable_size = unmarked;
        for &s in &m {
            marked[s as usize] = false;
            let id = signer.sig_id[s as usize];
            if Some(id) == stable {
                stable_size += 1;
            } else {
                groups.entry(id).or_default().push(s);
            }
        }
        let parts = groups.len() + usize::from(stable.is_some());
        if parts <= 1 {
            continue;
        }
        let mut groups: Vec<Vec<u32>> = groups.into_values().collect();
        groups.sort_unstable_by_key(|g| g[0]);
        // the largest part keeps the block: the stable one (None) or a group
        let largest_group = (0..groups.len()).max_by_key(|&g| groups[g].len());
        let keeper = match (stable, largest_group) {
            (Some(_), Some(g)) if groups[g].len() > stable_size => Some(g),
            (Some(_), _) => None,
            (None, g) => g,
        };
        let mut moved: Vec<u32> = Vec::new();
        if let (Some(id), Some(_)) = (stable, keeper) {
            let part: Vec<u32> = blocks
                .states(x)
                .iter()
                .copied()
                .filter(|&s| signer.sig_id[s as usize] == id)
                .collect();
            blocks.split_off(x, &part);
            moved.extend_from_slice(&part);
        }
        for (g, part) in groups.iter().enumerate() {
            if Some(g) != keeper {
                blocks.split_off(x, part);
                moved.extend_from_slice(part);
            }
        }
        marks.resize(blocks.begin.len(), Vec::new());
        queued.resize(blocks.begin.len(), false);
        let mut mark = |s: u32, block: &[u32]| {
            if !marked[s as usize] {
                marked[s as usize] = true;
                let b = block[s as usize];
                marks[b as usize].push(s);
                if !queued[b as usize] {
                    queued[b as usize] = true;
                    queue.push(b);
                }
            }
        };
        for &s in &moved {
            // a predecessor's signature names the block of s
            for &(_, p) in incoming(s) {
                mark(p, &blocks.block);
            }
            // an internal step of s that was inert may be inert no longer
            if !mode.tau_strong
                && lts
                    .out(s)
                    .iter()
                    .any(|&(a, t)| a == TAU && blocks.block[t as usize] != blocks.block[s as usize])
            {
                mark(s, &blocks.block);
            }
        }
    }
    renumber(&blocks.block)
}

/// Classes renumbered `0..k` in the order of their first state.
pub(super) fn renumber(block: &[u32]) -> Vec<u32> {
    let mut map: FxMap<u32, u32> = FxMap::default();
    block
        .iter()
        .map(|&b| {
            let next = map.len() as u32;
            *map.entry(b).or_insert(next)
        })
        .collect()
}

/// The signatures of the states (see the module documentation), interned, and the scratch
/// space to compute them.
struct Signer {
    sig_id: Vec<u32>,
    inh_id: Vec<u32>,
    sigs: Interner,
    inhs: Interner,
    /// Position of each state among the marked states being signed (`u32::MAX`: not marked).
    pos: Vec<u32>,
    /// Tarjan's state per position.
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    /// The inert component (its number) of each position, and `inh` of each component.
    comp: Vec<u32>,
    comp_inh: Vec<u32>,
    buf: Vec<(Act, u32)>,
    /// Scratch space of `close_component`: the component's positions, its direct weak part,
    /// the `inh` ids it inherits.
    members: Vec<u32>,
    inh_buf: Vec<(Act, u32)>,
    sources: Vec<u32>,
}

impl Signer {
    fn new(n: usize) -> Signer {
        Signer {
            sig_id: vec![u32::MAX; n],
            inh_id: vec![u32::MAX; n],
            sigs: Interner::default(),
            inhs: Interner::default(),
            pos: vec![u32::MAX; n],
            index: Vec::new(),
            low: Vec::new(),
            on_stack: Vec::new(),
            stack: Vec::new(),
            comp: Vec::new(),
            comp_inh: Vec::new(),
            buf: Vec::new(),
            members: Vec::new(),
            inh_buf: Vec::new(),
            sources: Vec::new(),
        }
    }

    /// Signs the states `m` of block `x` (`marked` flags them; the other states of `x` keep
    /// their `inh`).
    fn sign(&mut self, lts: &Lts, mode: &Mode, block: &[u32], x: u32, m: &[u32], marked: &[bool]) {
        for (i, &s) in m.iter().enumerate() {
            self.pos[s as usize] = i as u32;
        }
        if !mode.tau_strong {
            self.inherited(lts, mode, block, x, m, marked);
        }
        if mode.all_weak() {
            for (i, &s) in m.iter().enumerate() {
                let id = self.comp_inh[self.comp[i] as usize];
                self.inh_id[s as usize] = id;
                self.sig_id[s as usize] = id;
            }
            for &s in m {
                self.pos[s as usize] = u32::MAX;
            }
            return;
        }
        for (i, &s) in m.iter().enumerate() {
            self.buf.clear();
            for &(a, t) in lts.out(s) {
                if mode.is_strong(a) {
                    self.buf.push((a, block[t as usize]));
                }
            }
            if !mode.tau_strong {
                let inh = self.inhs.get(self.comp_inh[self.comp[i] as usize]);
                self.buf.extend_from_slice(inh);
                self.inh_id[s as usize] = self.comp_inh[self.comp[i] as usize];
            }
            self.buf.sort_unstable();
            self.buf.dedup();
            self.sig_id[s as usize] = self.sigs.id(&self.buf);
        }
        for &s in m {
            self.pos[s as usize] = u32::MAX;
        }
    }

    /// Computes `comp` and `comp_inh` for the marked states (Tarjan on their inert steps,
    /// iteratively; an inert step to an unmarked state inherits its stored `inh`).
    fn inherited(
        &mut self,
        lts: &Lts,
        mode: &Mode,
        block: &[u32],
        x: u32,
        m: &[u32],
        marked: &[bool],
    ) {
        let k = m.len();
        self.index.clear();
        self.index.resize(k, u32::MAX);
        self.low.clear();
        self.low.resize(k, 0);
        self.on_stack.clear();
        self.on_stack.resize(k, false);
        self.comp.clear();
        self.comp.resize(k, u32::MAX);
        self.comp_inh.clear();
        self.stack.clear();
        let inert = |a: Act, t: u32| a == TAU && block[t as usize] == x;
        let mut counter = 0u32;
        // explicit call stack: (position, next edge index)
        let mut calls: Vec<(u32, usize)> = Vec::new();
        for root in 0..k as u32 {
            if self.index[root as usize] != u32::MAX {
                continue;
            }
            calls.push((root, 0));
            self.index[root as usize] = counter;
            self.low[root as usize] = counter;
            counter += 1;
            self.stack.push(root);
            self.on_stack[root as usize] = true;
            while let Some(&mut (v, ref mut e)) = calls.last_mut() {
                let out = lts.out(m[v as usize]);
                let mut descended = false;
                while *e < out.len() {
                    let (a, t) = out[*e];
                    *e += 1;
                    if !inert(a, t) || !marked[t as usize] {
                        continue;
                    }
                    let w = self.pos[t as usize];
                    if self.index[w as usize] == u32::MAX {
                        self.index[w as usize] = counter;
                        self.low[w as usize] = counter;
                        counter += 1;
                        self.stack.push(w);
                        self.on_stack[w as usize] = true;
                        calls.push((w, 0));
                        descended = true;
                        break;
                    } else if self.on_stack[w as usize] {
                        self.low[v as usize] = self.low[v as usize].min(self.index[w as usize]);
                    }
                }
                if descended {
                    continue;
                }
                calls.pop();
                if let Some(&(parent, _)) = calls.last() {
                    self.low[parent as usize] = self.low[parent as usize].min(self.low[v as usize]);
                }
                if self.low[v as usize] == self.index[v as usize] {
                    self.close_component(lts, mode, block, m, marked, &inert, v);
                }
            }
        }
    }

    /// Pops the component rooted at `root` off Tarjan's stack and computes its `inh`.
    #[allow(clippy::too_many_arguments)]
    fn close_component(
        &mut self,
        lts: &Lts,
        mode: &Mode,
        block: &[u32],
        m: &[u32],
        marked: &[bool],
        inert: &dyn Fn(Act, u32) -> bool,
        root: u32,
    ) {
        let c = self.comp_inh.len() as u32;
        self.members.clear();
        loop {
            let w = self
                .stack
                .pop()
                .expect("Tarjan's stack holds the component");
            self.on_stack[w as usize] = false;
            self.comp[w as usize] = c;
            self.members.push(w);
            if w == root {
                break;
            }
        }
        // the direct part in `inh_buf`, the inherited parts by their ids in `sources`
        self.inh_buf.clear();
        self.sources.clear();
        let mut cycle = self.members.len() > 1;
        for &w in &self.members {
            for &(a, t) in lts.out(m[w as usize]) {
                if inert(a, t) {
                    let from = if !marked[t as usize] {
                        self.inh_id[t as usize]
                    } else {
                        let ct = self.comp[self.pos[t as usize] as usize];
                        if ct == c {
                            cycle = true;
                            continue;
                        }
                        self.comp_inh[ct as usize]
                    };
                    self.sources.push(from);
                } else if !mode.is_strong(a) {
                    self.inh_buf.push((a, block[t as usize]));
                }
            }
        }
        if cycle && mode.divergence {
            self.inh_buf.push(DIVERGES);
        }
        self.sources.sort_unstable();
        self.sources.dedup();
        // one inert successor's `inh` and nothing of its own (a chain of internal steps): the
        // same list, not copied
        if self.inh_buf.is_empty() && self.sources.len() == 1 {
            self.comp_inh.push(self.sources[0]);
            return;
        }
        for &from in &self.sources {
            self.inh_buf.extend_from_slice(self.inhs.get(from));
        }
        // sorted runs end to end: the stable sort merges runs
        self.inh_buf.sort();
        self.inh_buf.dedup();
        let id = self.inhs.id(&self.inh_buf);
        self.comp_inh.push(id);
    }
}

/// The quotient of `lts` by the classes `class` (numbered `0..k`) of `eq`: see the module
/// documentation.
pub fn quotient(lts: &Lts, class: &[u32], eq: &Equivalence) -> Lts {
    let k = class.iter().map(|&c| c + 1).max().unwrap_or(1);
    let keep_inert = match eq {
        Equivalence::Strong => true,
        Equivalence::Sharp(s) => s.contains(&TAU),
        _ => false,
    };
    let divergence = matches!(eq, Equivalence::DivBranching | Equivalence::Sharp(_)) && !keep_inert;
    let mut transitions = Vec::new();
    for (s, a, t) in lts.transitions() {
        let (cs, ct) = (class[s as usize], class[t as usize]);
        if a == TAU && cs == ct && !keep_inert {
            continue;
        }
        transitions.push((cs, a, ct));
    }
    if divergence {
        for c in divergent_classes(lts, class) {
            transitions.push((c, TAU, c));
        }
    }
    Lts::new(
        k,
        class[lts.initial() as usize],
        transitions,
        lts.interface().to_vec(),
    )
}

/// The classes with an internal cycle inside them (their states diverge without leaving).
pub(super) fn divergent_classes(lts: &Lts, class: &[u32]) -> Vec<u32> {
    let inside = |s: u32, a: Act, t: u32| a == TAU && class[s as usize] == class[t as usize];
    let on_cycle = super::scc::on_cycle(lts, &inside);
    let mut out: Vec<u32> = (0..lts.num_states())
        .filter(|&s| on_cycle[s])
        .map(|s| class[s])
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}
