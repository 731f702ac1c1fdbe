//! Recovering the bit code of a component: a numbering of its `2^k` states by `k`-bit codes
//! under which every label is a guarded assignment (enabled on a subcube, setting some bits to
//! constants), for the factoring of [`super::factor`], which verifies what is found here.
//!
//! The states come in no useful order, so the bits must be found.
//! 1. *Subcubes.* Under a good numbering every label's domain and image are subcubes, and so
//!    are images, preimages and intersections of subcubes. Closing the domains and images under
//!    these operations gives a family of subcubes, and those of half the size are single bits
//!    `{bit j = v}`. A set of a size that is not a power of two proves that no numbering exists.
//! 2. *Search.* A bit that no label tests or writes on its own never shows up as a half (a
//!    four-state cycle in Gray code has one such bit). The missing bits are found one at a time
//!    by a bounded depth-first search over 0/1 colourings that halve every class of the bits
//!    found so far and under which every label either keeps the bit or writes one constant to it.
//!
//! Why subcubes first and search second: the closure (at most 3^k subcubes, see
//! [`MAX_BITS`]) finds every bit some label tests or writes alone; the search, exponential in
//! the worst case and bounded by a step limit, is left only the few bits it misses.

use std::collections::HashSet;

use super::StateId;

/// Components of up to 2^MAX_BITS states are searched: the subcube family of a k-bit component
/// has up to 3^k members, and each new member is intersected with all others.
pub(super) const MAX_BITS: u32 = 8;

/// Depth-first search steps allowed per missing bit.
const SEARCH_STEPS: usize = 200_000;

/// A set of at most 2^MAX_BITS states.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Set([u64; 4]);

impl Set {
    fn full(n: usize) -> Set {
        let mut s = Set::default();
        for i in 0..n {
            s.insert(i);
        }
        s
    }
    fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
    fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
    fn and(&self, o: &Set) -> Set {
        Set(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
    fn minus(&self, o: &Set) -> Set {
        Set(std::array::from_fn(|i| self.0[i] & !o.0[i]))
    }
}

/// A numbering of `n = 2^k` states by k-bit codes under which every label (given by its local
/// moves) is a guarded assignment, or `None`.
pub(super) fn find_code(n: usize, moves: &[&[(StateId, StateId)]]) -> Option<Vec<u32>> {
    let bits = n.trailing_zeros() as usize;
    // a guarded assignment is a function, and idempotent where it can fire twice
    let mut funcs: Vec<Vec<Option<usize>>> = Vec::with_capacity(moves.len());
    for m in moves {
        let mut f = vec![None; n];
        for &(a, b) in m.iter() {
            if f[a as usize].replace(b as usize).is_some() {
                return None;
            }
        }
        for s in 0..n {
            if let Some(t) = f[s] {
                if f[t].is_some_and(|u| u != t) {
                    return None;
                }
            }
        }
        funcs.push(f);
    }
    let full = Set::full(n);
    let mut chosen: Vec<Set> = Vec::with_capacity(bits);
    let mut classes = vec![full];
    for h in halves(n, &funcs)? {
        if let Some(split) = halve(&classes, &h) {
            chosen.push(h);
            classes = split;
        }
    }
    while chosen.len() < bits {
        let h = search_bit(n, &funcs, &classes)?;
        classes = halve(&classes, &h)?;
        chosen.push(h);
    }
    let codes: Vec<u32> = (0..n)
        .map(|s| {
            chosen
                .iter()
                .enumerate()
                .fold(0, |acc, (j, h)| acc | (u32::from(h.contains(s)) << j))
        })
        .collect();
    let mut seen = codes.clone();
    seen.sort_unstable();
    seen.dedup();
    (seen.len() == n).then_some(codes)
}

/// Every class cut in two halves by `h`, or `None` if `h` does not halve some class.
fn halve(classes: &[Set], h: &Set) -> Option<Vec<Set>> {
    let mut out = Vec::with_capacity(2 * classes.len());
    for c in classes {
        let a = c.and(h);
        if 2 * a.len() != c.len() {
            return None;
        }
        out.push(a);
        out.push(c.minus(h));
    }
    Some(out)
}

/// The sets of half the states in the closure of the labels' domains and images under images,
/// preimages and intersection (step 1 of the module documentation), in a fixed order. `None`
/// when a set of the closure is not a subcube (its size is not a power of two) or the closure
/// outgrows the 3^k subcubes of k bits.
fn halves(n: usize, funcs: &[Vec<Option<usize>>]) -> Option<Vec<Set>> {
    let image = |f: &[Option<usize>], x: &Set| {
        let mut r = Set::default();
        for (s, t) in f.iter().enumerate() {
            if let Some(t) = *t {
                if x.contains(s) {
                    r.insert(t);
                }
            }
        }
        r
    };
    let preimage = |f: &[Option<usize>], x: &Set| {
        let mut r = Set::default();
        for (s, t) in f.iter().enumerate() {
            if t.is_some_and(|t| x.contains(t)) {
                r.insert(s);
            }
        }
        r
    };
    let full = Set::full(n);
    let mut cl = Closure {
        cap: 3usize.pow(n.trailing_zeros()),
        ..Closure::default()
    };
    cl.add(full)?;
    for f in funcs {
        cl.add(preimage(f, &full))?;
        cl.add(image(f, &full))?;
    }
    while let Some(x) = cl.work.pop() {
        for f in funcs {
            cl.add(image(f, &x))?;
            cl.add(preimage(f, &x))?;
        }
        for i in 0..cl.list.len() {
            cl.add(x.and(&cl.list[i]))?;
        }
    }
    let mut halves: Vec<Set> = cl.list.into_iter().filter(|s| 2 * s.len() == n).collect();
    halves.sort_unstable();
    Some(halves)
}

/// The family of subcubes being closed, and the members still to be combined.
#[derive(Default)]
struct Closure {
    cap: usize,
    family: HashSet<Set>,
    list: Vec<Set>,
    work: Vec<Set>,
}

impl Closure {
    /// Adds a set; `None` when it proves the family is no family of subcubes.
    fn add(&mut self, s: Set) -> Option<()> {
        let len = s.len();
        if len == 0 || self.family.contains(&s) {
            return Some(());
        }
        if !len.is_power_of_two() || self.family.len() >= self.cap {
            return None;
        }
        self.family.insert(s);
        self.list.push(s);
        self.work.push(s);
        Some(())
    }
}

/// Step 2 of the module documentation: a 0/1 colouring of the states (the states coloured 1)
/// that halves every class and under which every label keeps the colour or writes one colour.
fn search_bit(n: usize, funcs: &[Vec<Option<usize>>], classes: &[Set]) -> Option<Set> {
    let mut class_of = vec![0; n];
    for (i, c) in classes.iter().enumerate() {
        for (s, slot) in class_of.iter_mut().enumerate() {
            if c.contains(s) {
                *slot = i;
            }
        }
    }
    let mut labels_of: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (l, f) in funcs.iter().enumerate() {
        for (s, t) in f.iter().enumerate() {
            if let Some(t) = *t {
                labels_of[s].push(l);
                labels_of[t].push(l);
                adj[s].push(t);
                adj[t].push(s);
            }
        }
    }
    for v in labels_of.iter_mut() {
        v.sort_unstable();
        v.dedup();
    }
    // colour in breadth-first order, so that constraints bite early
    let mut order = Vec::with_capacity(n);
    let mut seen = vec![false; n];
    for root in 0..n {
        if seen[root] {
            continue;
        }
        seen[root] = true;
        let first = order.len();
        order.push(root);
        let mut i = first;
        while i < order.len() {
            let u = order[i];
            i += 1;
            for &v in &adj[u] {
                if !seen[v] {
                    seen[v] = true;
                    order.push(v);
                }
            }
        }
    }
    let mut s = Search {
        funcs,
        class_of,
        half: classes.iter().map(|c| c.len() / 2).collect(),
        count: vec![[0; 2]; classes.len()],
        colour: vec![None; n],
        labels_of,
        order,
        steps: 0,
    };
    if !s.dfs(0) {
        return None;
    }
    let mut h = Set::default();
    for (st, c) in s.colour.iter().enumerate() {
        if *c == Some(true) {
            h.insert(st);
        }
    }
    Some(h)
}

struct Search<'a> {
    funcs: &'a [Vec<Option<usize>>],
    class_of: Vec<usize>,
    half: Vec<usize>,
    count: Vec<[usize; 2]>,
    colour: Vec<Option<bool>>,
    labels_of: Vec<Vec<usize>>,
    order: Vec<usize>,
    steps: usize,
}

impl Search<'_> {
    /// Label `l` can still keep the colour everywhere or write one colour everywhere.
    fn consistent(&self, l: usize) -> bool {
        let mut keeps = true;
        let mut writes = true;
        let mut written = None;
        for (s, t) in self.funcs[l].iter().enumerate() {
            let Some(t) = *t else { continue };
            let (cs, ct) = (self.colour[s], self.colour[t]);
            if let (Some(a), Some(b)) = (cs, ct) {
                keeps &= a == b;
            }
            if let Some(b) = ct {
                writes &= *written.get_or_insert(b) == b;
            }
            if !keeps && !writes {
                return false;
            }
        }
        true
    }

    fn dfs(&mut self, i: usize) -> bool {
        self.steps += 1;
        if self.steps > SEARCH_STEPS {
            return false;
        }
        let Some(&s) = self.order.get(i) else {
            return true;
        };
        let c = self.class_of[s];
        // the first state's colour is free: a colouring and its complement are the same bit
        let values: &[bool] = if i == 0 { &[false] } else { &[false, true] };
        for &v in values {
            if self.count[c][v as usize] >= self.half[c] {
                continue;
            }
            self.colour[s] = Some(v);
            self.count[c][v as usize] += 1;
            if self.labels_of[s].iter().all(|&l| self.consistent(l)) && self.dfs(i + 1) {
                return true;
            }
            self.colour[s] = None;
            self.count[c][v as usize] -= 1;
            if self.steps > SEARCH_STEPS {
                return false;
            }
        }
        false
    }
}
