//! The relaxation for a set `M` of merged components: the explicit product `P` of the
//! negation's automaton with `M` (reachable part), and every other component alone.
//!
//! `P` reads every label of the system (the automaton reads every step). A label in `M`'s
//! alphabet moves the automaton and the components of `M` that have it (every combination of
//! their local moves: for a label synchronised by explicit tuples this is more than the real
//! moves, which only weakens the relaxation); a label outside `M`'s alphabet moves the automaton
//! alone, and all those that are no atom of the formula are one letter to it, so they share one
//! slot and one edge per automaton move ([`super::net`]). Every net is then cut down to the
//! edges inside its strongly connected components ([`restrict`]), and `P` to the components that
//! meet every acceptance set: a fair cycle of the system never leaves them.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// Maps keyed by states and small integers: FxHash (oxidd's), not SipHash, which took a quarter
/// of a failed proof's time on RERS 2016/105 (`perf`), the product's states being hashed as found.
type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<oxidd::util::FxHasher>>;

use super::intern::Interner;
use super::net::{restrict, Edge, Net, Relaxation};
use crate::automata::Tgba;
use crate::model::{CompId, LabelId, System, Transition};

/// Why no relaxation was built: `P` would pass `max_states`.
#[derive(Debug)]
pub struct TooLarge;

/// The relaxation for merging `merged` (ascending, no duplicates) with the automaton `neg`;
/// `P` gets at most `max_states` states.
pub fn relaxation(
    sys: &System,
    neg: &Tgba,
    merged: &[CompId],
    max_states: usize,
) -> Result<Relaxation, TooLarge> {
    relaxation_built(sys, neg, merged, max_states).map(|(rel, _)| rel)
}

/// [`relaxation`], and the number of states of `P` built (before the cut to its strongly
/// connected parts): the work of the try, which [`super::refine`] budgets.
pub fn relaxation_built(
    sys: &System,
    neg: &Tgba,
    merged: &[CompId],
    max_states: usize,
) -> Result<(Relaxation, usize), TooLarge> {
    let nl = sys.labels().len();
    let is_merged = |c: CompId| merged.binary_search(&c).is_ok();
    let letter: Vec<usize> = sys
        .labels()
        .iter()
        .map(|l| {
            if l.is_silent() {
                neg.other()
            } else {
                neg.letter_of(&l.name)
            }
        })
        .collect();
    // P's slots: one per label moving `M` or named by an atom, one shared by the rest
    let mut slot_of = vec![u32::MAX; nl];
    let mut slots: Vec<Vec<LabelId>> = Vec::new();
    let mut own: Vec<LabelId> = Vec::new();
    let mut rest: Vec<LabelId> = Vec::new();
    for (l, lab) in sys.labels().iter().enumerate() {
        if letter[l] != neg.other() || lab.components.iter().any(|&c| is_merged(c)) {
            slot_of[l] = slots.len() as u32;
            slots.push(vec![l]);
            own.push(l);
        } else {
            rest.push(l);
        }
    }
    let rest_slot = slots.len() as u32;
    let has_rest = !rest.is_empty();
    if has_rest {
        slots.push(rest);
    }
    // the automaton's moves per state and letter
    let nq = neg.num_states;
    let mut moves: Vec<Vec<Vec<(usize, u64)>>> = vec![vec![Vec::new(); neg.num_letters()]; nq];
    for e in &neg.edges {
        for a in e.letters.iter() {
            moves[e.from][a].push((e.to, e.acc));
        }
    }
    let (num_states, edges) = explore(
        sys, merged, &own, &letter, &slot_of, rest_slot, has_rest, &moves, neg, max_states,
    )?;
    log::trace!(
        "structural: P has {num_states} states, {} edges",
        edges.len()
    );
    let num_acc = neg.num_acc.max(1);
    let full: u64 = if num_acc == 64 {
        u64::MAX
    } else {
        (1 << num_acc) - 1
    };
    let mut p = Net {
        name: "P".into(),
        states: num_states,
        edges,
        slots,
    };
    restrict(&mut p, 0, |mask| mask == full);
    let mut nets = vec![p];
    for (c, comp) in sys.components().iter().enumerate() {
        if is_merged(c) {
            continue;
        }
        let mut slot = FxMap::default();
        for (s, &l) in comp.alphabet.iter().enumerate() {
            slot.insert(l, s as u32);
        }
        let mut net = Net {
            name: comp.name.clone(),
            states: comp.num_states(),
            edges: comp
                .transitions
                .iter()
                .map(|t| Edge {
                    from: t.from,
                    slot: slot[&t.label],
                    to: t.to,
                    acc: 0,
                })
                .collect(),
            slots: comp.alphabet.iter().map(|&l| vec![l]).collect(),
        };
        restrict(&mut net, comp.start, |_| true);
        nets.push(net);
    }
    let rel = Relaxation {
        nets,
        num_labels: nl,
        num_acc,
    };
    Ok((rel, num_states))
}

/// The reachable part of the automaton × the merged components: its number of states and its
/// edges, or [`TooLarge`] once it passes `max_states` states. States are numbered breadth
/// first, edges listed per state: the rest's moves, then each label of `own` in order, the
/// merged components' moves in the order of their transitions (sorted by (from, label, to)).
#[allow(clippy::too_many_arguments)]
fn explore(
    sys: &System,
    merged: &[CompId],
    own: &[LabelId],
    letter: &[usize],
    slot_of: &[u32],
    rest_slot: u32,
    has_rest: bool,
    moves: &[Vec<Vec<(usize, u64)>>],
    neg: &Tgba,
    max_states: usize,
) -> Result<(usize, Vec<Edge>), TooLarge> {
    // `merged[k]`'s transitions from `s`: `trans[k][first[k][s]..first[k][s + 1]]`
    let trans: Vec<&[Transition]> = merged
        .iter()
        .map(|&c| sys.component(c).transitions.as_slice())
        .collect();
    let first: Vec<Vec<usize>> = merged
        .iter()
        .map(|&c| {
            let comp = sys.component(c);
            let mut f = vec![0usize; comp.num_states() + 1];
            for t in &comp.transitions {
                f[t.from as usize + 1] += 1;
            }
            for s in 0..comp.num_states() {
                f[s + 1] += f[s];
            }
            f
        })
        .collect();
    // each label of `own` with the positions in `merged` of its components
    let at: Vec<(LabelId, Vec<usize>)> = own
        .iter()
        .map(|&l| {
            let ks = sys
                .label(l)
                .components
                .iter()
                .filter_map(|c| merged.binary_search(c).ok())
                .collect();
            (l, ks)
        })
        .collect();
    let all_acc = neg.all_acc();
    let acc_of = |a: u64| if neg.num_acc == 0 { 1 } else { a & all_acc };
    // state = (automaton state, local state of each merged component)
    let width = 1 + merged.len();
    let mut ids = Interner::new(width);
    let init: Vec<u32> = std::iter::once(neg.initial as u32)
        .chain(merged.iter().map(|&c| sys.component(c).start))
        .collect();
    ids.intern(&init);
    let mut edges = Vec::new();
    let mut cur = vec![0u32; width];
    let mut to = vec![0u32; width];
    let mut ranges: Vec<&[Transition]> = Vec::with_capacity(merged.len());
    let mut idx: Vec<usize> = Vec::with_capacity(merged.len());
    let mut i = 0u32;
    while (i as usize) < ids.len() {
        cur.copy_from_slice(ids.get(i));
        let q = cur[0] as usize;
        if has_rest {
            to.copy_from_slice(&cur);
            for &(q2, acc) in &moves[q][neg.other()] {
                to[0] = q2 as u32;
                let (id, _) = ids.intern(&to);
                edges.push(Edge {
                    from: i,
                    slot: rest_slot,
                    to: id,
                    acc: acc_of(acc),
                });
            }
        }
        'labels: for (l, ks) in &at {
            let l = *l;
            let am = &moves[q][letter[l]];
            if am.is_empty() {
                continue;
            }
            ranges.clear();
            for &k in ks {
                let s = cur[1 + k] as usize;
                let ts = &trans[k][first[k][s]..first[k][s + 1]];
                let a = ts.partition_point(|t| t.label < l);
                let b = a + ts[a..].partition_point(|t| t.label == l);
                if a == b {
                    continue 'labels;
                }
                ranges.push(&ts[a..b]);
            }
            // every combination of the merged components' moves on `l`, the last fastest
            idx.clear();
            idx.resize(ranges.len(), 0);
            to.copy_from_slice(&cur);
            'combinations: loop {
                for (j, &k) in ks.iter().enumerate() {
                    to[1 + k] = ranges[j][idx[j]].to;
                }
                for &(q2, acc) in am {
                    to[0] = q2 as u32;
                    let (id, _) = ids.intern(&to);
                    edges.push(Edge {
                        from: i,
                        slot: slot_of[l],
                        to: id,
                        acc: acc_of(acc),
                    });
                }
                let mut j = ranges.len();
                loop {
                    if j == 0 {
                        break 'combinations;
                    }
                    j -= 1;
                    idx[j] += 1;
                    if idx[j] < ranges[j].len() {
                        break;
                    }
                    idx[j] = 0;
                }
            }
        }
        if ids.len() > max_states {
            return Err(TooLarge);
        }
        i += 1;
    }
    Ok((ids.len(), edges))
}
