//! Modal transition systems (thesis Def. 3–9, 18, 20–24), the data every stage of the
//! synthesis hands to the next.
//!
//! An [`Mts`] has may transitions and, among them, must transitions (Def. 3: `−→ ⊆ 99K`): an
//! [`Edge`] is one may transition, and `must` marks it as a must transition too. An LTS is an
//! MTS whose every transition is a must transition (Def. 5). Labels are indices into the
//! problem's label table (see [`super::labels`]); names are given only when the problem is
//! written.
//!
//! What lives here is what several stages share: normal form (sorted, one edge per
//! `(from, label, to)`, must winning), the reachable part renumbered in breadth-first order
//! (so that equal inputs give equal numbers: the generator's output must not depend on
//! anything but the knobs and the seed), parallel composition (Def. 8), hiding by views and
//! the powerset construction over a view (Def. 20–23, used by the green and red contexts),
//! strong bisimulation minimisation of the LTS view (Def. 50–51: may and must are different
//! letters, so a minimised MTS is bisimilar to the original and refines it both ways, Prop.
//! 16), and modal refinement (Def. 18) for the checks in tests.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// A state of an MTS.
pub type St = u32;
/// A label: an index into the problem's label table.
pub type Lb = u32;

/// What a state offers in a bisimulation round: `(label, must, class of the target)`.
type Signature = Vec<(Lb, bool, u32)>;

/// One may transition; `must` makes it a must transition as well.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Edge {
    pub from: St,
    pub label: Lb,
    pub to: St,
    pub must: bool,
}

/// A rooted modal transition system (Def. 3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mts {
    pub states: usize,
    pub initial: St,
    /// The alphabet, ascending. A label need not occur on a transition (Def. 3, footnote).
    pub alphabet: Vec<Lb>,
    /// In normal form after [`Mts::normalize`]: sorted by `(from, label, to)`, one edge per
    /// triple.
    pub edges: Vec<Edge>,
}

impl Mts {
    /// An MTS with `states` states and no transitions.
    pub fn new(states: usize, initial: St, mut alphabet: Vec<Lb>) -> Mts {
        alphabet.sort_unstable();
        alphabet.dedup();
        Mts {
            states,
            initial,
            alphabet,
            edges: Vec::new(),
        }
    }

    pub fn add(&mut self, from: St, label: Lb, to: St, must: bool) {
        self.edges.push(Edge {
            from,
            label,
            to,
            must,
        });
    }

    /// Sorts the edges and merges duplicates (a triple given as may and as must is must).
    pub fn normalize(&mut self) {
        self.edges
            .sort_unstable_by_key(|e| (e.from, e.label, e.to, !e.must));
        self.edges
            .dedup_by(|b, a| (a.from, a.label, a.to) == (b.from, b.label, b.to));
    }

    /// The same MTS with every transition a must transition: the must LTS of an LTS, or
    /// the LTS an MTS is read as when all its may behaviour is required.
    pub fn all_must(mut self) -> Mts {
        for e in &mut self.edges {
            e.must = true;
        }
        self
    }

    /// Whether every transition is a must transition (Def. 5).
    pub fn is_lts(&self) -> bool {
        self.edges.iter().all(|e| e.must)
    }

    /// Edge positions per source state (the edges must be normalised).
    pub fn index(&self) -> Vec<std::ops::Range<usize>> {
        let mut out = vec![0..0; self.states];
        let mut i = 0;
        while i < self.edges.len() {
            let s = self.edges[i].from;
            let j = i + self.edges[i..].iter().take_while(|e| e.from == s).count();
            out[s as usize] = i..j;
            i = j;
        }
        out
    }

    /// Whether no state has two transitions with one label (to different states).
    pub fn is_deterministic(&self) -> bool {
        self.edges
            .windows(2)
            .all(|w| (w[0].from, w[0].label) != (w[1].from, w[1].label))
    }

    /// The reachable part, states renumbered in breadth-first order from the initial state
    /// (successors in edge order): a canonical numbering for equal inputs. The edges come out
    /// normalised.
    pub fn reachable(&self) -> Mts {
        let mut m = self.clone();
        m.normalize();
        let idx = m.index();
        let mut num = vec![u32::MAX; m.states];
        let mut order = Vec::new();
        let mut queue = VecDeque::new();
        num[m.initial as usize] = 0;
        order.push(m.initial);
        queue.push_back(m.initial);
        while let Some(s) = queue.pop_front() {
            for e in &m.edges[idx[s as usize].clone()] {
                if num[e.to as usize] == u32::MAX {
                    num[e.to as usize] = order.len() as u32;
                    order.push(e.to);
                    queue.push_back(e.to);
                }
            }
        }
        let mut out = Mts::new(order.len(), 0, m.alphabet.clone());
        for e in &m.edges {
            if num[e.from as usize] != u32::MAX {
                out.add(num[e.from as usize], e.label, num[e.to as usize], e.must);
            }
        }
        out.normalize();
        out
    }

    /// The labels on transitions.
    pub fn used_labels(&self) -> BTreeSet<Lb> {
        self.edges.iter().map(|e| e.label).collect()
    }

    /// The quotient by strong bisimilarity of the LTS view (Def. 50: a must transition is a
    /// letter of its own), reachable part: bisimilar to the original (Def. 51), so it refines
    /// it and is refined by it (Prop. 16). Naive partition refinement by signatures; the MTSs
    /// of the synthesis have at most a few thousand states.
    pub fn minimize(&self) -> Mts {
        let m = self.reachable();
        let idx = m.index();
        let mut class = vec![0u32; m.states];
        let mut count = 1;
        loop {
            let mut ids: BTreeMap<(u32, Signature), u32> = BTreeMap::new();
            let mut next = vec![0u32; m.states];
            for s in 0..m.states {
                let mut sig: Signature = m.edges[idx[s].clone()]
                    .iter()
                    .map(|e| (e.label, e.must, class[e.to as usize]))
                    .collect();
                sig.sort_unstable();
                sig.dedup();
                let n = ids.len() as u32;
                next[s] = *ids.entry((class[s], sig)).or_insert(n);
            }
            let n = ids.len();
            class = next;
            if n == count {
                break;
            }
            count = n;
        }
        let mut out = Mts::new(count, class[m.initial as usize], m.alphabet.clone());
        for e in &m.edges {
            out.add(
                class[e.from as usize],
                e.label,
                class[e.to as usize],
                e.must,
            );
        }
        out.reachable()
    }

    /// The parallel composition `self || other` (Def. 8), reachable part: shared labels
    /// synchronise, the others interleave; a composed transition is must iff every part of it
    /// is must.
    pub fn compose(&self, other: &Mts) -> Mts {
        let a = self.reachable();
        let b = other.reachable();
        let (ia, ib) = (a.index(), b.index());
        let in_a: BTreeSet<Lb> = a.alphabet.iter().copied().collect();
        let in_b: BTreeSet<Lb> = b.alphabet.iter().copied().collect();
        let alphabet: Vec<Lb> = in_a.union(&in_b).copied().collect();
        let mut ids: BTreeMap<(St, St), St> = BTreeMap::new();
        let mut pairs: Vec<(St, St)> = Vec::new();
        let mut edges = Vec::new();
        let mut queue = VecDeque::new();
        ids.insert((a.initial, b.initial), 0);
        pairs.push((a.initial, b.initial));
        queue.push_back(0u32);
        let mut id_of = |p: (St, St), pairs: &mut Vec<(St, St)>, queue: &mut VecDeque<St>| {
            *ids.entry(p).or_insert_with(|| {
                pairs.push(p);
                queue.push_back(pairs.len() as St - 1);
                pairs.len() as St - 1
            })
        };
        while let Some(s) = queue.pop_front() {
            let (p, q) = pairs[s as usize];
            for ea in &a.edges[ia[p as usize].clone()] {
                if in_b.contains(&ea.label) {
                    for eb in &b.edges[ib[q as usize].clone()] {
                        if eb.label == ea.label {
                            let t = id_of((ea.to, eb.to), &mut pairs, &mut queue);
                            edges.push((s, ea.label, t, ea.must && eb.must));
                        }
                    }
                } else {
                    let t = id_of((ea.to, q), &mut pairs, &mut queue);
                    edges.push((s, ea.label, t, ea.must));
                }
            }
            for eb in &b.edges[ib[q as usize].clone()] {
                if !in_a.contains(&eb.label) {
                    let t = id_of((p, eb.to), &mut pairs, &mut queue);
                    edges.push((s, eb.label, t, eb.must));
                }
            }
        }
        let mut out = Mts::new(pairs.len(), 0, alphabet);
        for (f, l, t, m) in edges {
            out.add(f, l, t, m);
        }
        out.reachable()
    }
}

/// The composition of all `parts` (Def. 8 is associative and commutative).
pub fn compose_all(parts: &[Mts]) -> Mts {
    let mut it = parts.iter();
    let first = it.next().expect("at least one component").reachable();
    it.fold(first, |acc, m| acc.compose(m))
}

/// The powerset construction over the view `[m]_visible` (Def. 21): labels outside `visible`
/// are τ (Def. 20), and a set of states moves on a visible label to the τ-closure of the
/// label's successors (Def. 23). Only may transitions are followed; `extra` adds more
/// (the red transitions of a contract, when a caller wants paths through them).
pub struct Powerset {
    /// The subsets, each sorted; `sets[0]` is the τ-closure of the initial state.
    pub sets: Vec<Vec<St>>,
    /// `(subset, label, subset)` for every visible label with a non-empty successor set.
    pub moves: Vec<(usize, Lb, usize)>,
}

/// See [`Powerset`].
pub fn powerset(m: &Mts, visible: &[Lb]) -> Powerset {
    let idx = m.index();
    let vis: BTreeSet<Lb> = visible.iter().copied().collect();
    let closure = |seed: BTreeSet<St>| -> Vec<St> {
        let mut set = seed;
        let mut stack: Vec<St> = set.iter().copied().collect();
        while let Some(s) = stack.pop() {
            for e in &m.edges[idx[s as usize].clone()] {
                if !vis.contains(&e.label) && set.insert(e.to) {
                    stack.push(e.to);
                }
            }
        }
        set.into_iter().collect()
    };
    let mut ids: BTreeMap<Vec<St>, usize> = BTreeMap::new();
    let first = closure(BTreeSet::from([m.initial]));
    ids.insert(first.clone(), 0);
    let mut sets = vec![first];
    let mut moves = Vec::new();
    let mut i = 0;
    while i < sets.len() {
        let mut by_label: BTreeMap<Lb, BTreeSet<St>> = BTreeMap::new();
        for &s in &sets[i] {
            for e in &m.edges[idx[s as usize].clone()] {
                if vis.contains(&e.label) {
                    by_label.entry(e.label).or_default().insert(e.to);
                }
            }
        }
        for (l, targets) in by_label {
            let t = closure(targets);
            let n = sets.len();
            let j = *ids.entry(t.clone()).or_insert(n);
            if j == n {
                sets.push(t);
            }
            moves.push((i, l, j));
        }
        i += 1;
    }
    Powerset { sets, moves }
}

/// Whether `imp` refines `spec` (Def. 18): the greatest relation in which every may
/// transition of the refining side is matched by a may transition of the refined one and every
/// must transition of the refined side by a must transition of the refining one, and that
/// relates the initial states. Both alphabets must agree on the labels that occur.
pub fn refines(imp: &Mts, spec: &Mts) -> bool {
    let a = imp.reachable();
    let b = spec.reachable();
    let (ia, ib) = (a.index(), b.index());
    let mut rel = vec![vec![true; b.states]; a.states];
    loop {
        let mut changed = false;
        for p in 0..a.states {
            for q in 0..b.states {
                if !rel[p][q] {
                    continue;
                }
                let may_ok = a.edges[ia[p].clone()].iter().all(|e| {
                    b.edges[ib[q].clone()]
                        .iter()
                        .any(|f| f.label == e.label && rel[e.to as usize][f.to as usize])
                });
                let must_ok = b.edges[ib[q].clone()].iter().filter(|f| f.must).all(|f| {
                    a.edges[ia[p].clone()]
                        .iter()
                        .any(|e| e.must && e.label == f.label && rel[e.to as usize][f.to as usize])
                });
                if !(may_ok && must_ok) {
                    rel[p][q] = false;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    rel[a.initial as usize][b.initial as usize]
}

/// `[m]_visible` as an MTS whose hidden transitions carry the label `tau` (Def. 20, 21).
pub fn view(m: &Mts, visible: &[Lb], tau: Lb) -> Mts {
    let vis: BTreeSet<Lb> = visible.iter().copied().collect();
    let mut alphabet: Vec<Lb> = m
        .alphabet
        .iter()
        .copied()
        .filter(|l| vis.contains(l))
        .collect();
    alphabet.push(tau);
    let mut out = Mts::new(m.states, m.initial, alphabet);
    for e in &m.edges {
        let l = if vis.contains(&e.label) { e.label } else { tau };
        out.add(e.from, l, e.to, e.must);
    }
    out.normalize();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lts(n: usize, edges: &[(St, Lb, St)]) -> Mts {
        let mut m = Mts::new(n, 0, edges.iter().map(|e| e.1).collect());
        for &(f, l, t) in edges {
            m.add(f, l, t, true);
        }
        m.normalize();
        m
    }

    #[test]
    fn minimise_merges_bisimilar_states() {
        // 0 -a-> 1 -b-> 0, 0 -a-> 2 -b-> 0: states 1 and 2 are bisimilar
        let m = lts(3, &[(0, 0, 1), (1, 1, 0), (0, 0, 2), (2, 1, 0)]);
        let q = m.minimize();
        assert_eq!(q.states, 2);
        assert!(refines(&q, &m) && refines(&m, &q));
    }

    #[test]
    fn composition_synchronises_shared_labels() {
        let a = lts(2, &[(0, 0, 1), (1, 1, 0)]);
        let b = lts(2, &[(0, 1, 1), (1, 2, 0)]);
        let c = a.compose(&b);
        // a, then the shared b, then c; interleaved a/c afterwards
        assert_eq!(c.alphabet, vec![0, 1, 2]);
        assert_eq!(c.states, 4);
        let may_only = {
            let mut m = a.clone();
            m.edges[0].must = false;
            m
        };
        assert!(refines(&a, &may_only));
        assert!(!refines(&may_only, &a));
    }

    #[test]
    fn powerset_follows_tau_closure() {
        // 0 -h-> 1, 0 -a-> 2, 1 -a-> 0: hidden h, visible a
        let m = lts(3, &[(0, 9, 1), (0, 0, 2), (1, 0, 0)]);
        let p = powerset(&m, &[0]);
        assert_eq!(p.sets[0], vec![0, 1]);
        // {0,1} -a-> {0,1,2} (2, and 0 from 1 with its closure 1), which loops on a
        assert_eq!(p.sets[1], vec![0, 1, 2]);
        assert_eq!(p.moves, vec![(0, 0, 1), (1, 0, 1)]);
    }
}
