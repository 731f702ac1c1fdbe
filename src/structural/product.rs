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

use super::net::{restrict, Edge, Net, Relaxation};
use crate::automata::Tgba;
use crate::model::{CompId, LabelId, StateId, System};

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
    // the merged components' local moves per (state, label)
    let local: Vec<FxMap<(StateId, LabelId), Vec<StateId>>> = merged
        .iter()
        .map(|&c| {
            let mut m: FxMap<(StateId, LabelId), Vec<StateId>> = FxMap::default();
            for t in &sys.component(c).transitions {
                m.entry((t.from, t.label)).or_default().push(t.to);
            }
            m
        })
        .collect();
    let pos: FxMap<CompId, usize> = merged.iter().enumerate().map(|(i, &c)| (c, i)).collect();
    let all_acc = neg.all_acc();
    let acc_of = |a: u64| if neg.num_acc == 0 { 1 } else { a & all_acc };
    // state = (automaton state, local state of each merged component)
    let mut ids: FxMap<Vec<u32>, u32> = FxMap::default();
    let mut states: Vec<Vec<u32>> = Vec::new();
    let init: Vec<u32> = std::iter::once(neg.initial as u32)
        .chain(merged.iter().map(|&c| sys.component(c).start))
        .collect();
    ids.insert(init.clone(), 0);
    states.push(init);
    let mut edges = Vec::new();
    let mut i = 0;
    while i < states.len() {
        let st = states[i].clone();
        let q = st[0] as usize;
        let mut add = |to: Vec<u32>, slot: u32, acc: u64, edges: &mut Vec<Edge>| {
            let next = ids.len() as u32;
            let id = *ids.entry(to.clone()).or_insert_with(|| {
                states.push(to);
                next
            });
            edges.push(Edge {
                from: i as u32,
                slot,
                to: id,
                acc: acc_of(acc),
            });
        };
        if has_rest {
            for &(q2, acc) in &moves[q][neg.other()] {
                let mut to = st.clone();
                to[0] = q2 as u32;
                add(to, rest_slot, acc, &mut edges);
            }
        }
        for &l in &own {
            let am = &moves[q][letter[l]];
            if am.is_empty() {
                continue;
            }
            // every combination of the merged components' moves on `l`
            let mut targets: Vec<Vec<u32>> = vec![st.clone()];
            for &c in &sys.label(l).components {
                let Some(&k) = pos.get(&c) else { continue };
                let Some(ds) = local[k].get(&(st[1 + k], l)) else {
                    targets.clear();
                    break;
                };
                targets = targets
                    .iter()
                    .flat_map(|t| {
                        ds.iter().map(move |&d| {
                            let mut t = t.clone();
                            t[1 + k] = d;
                            t
                        })
                    })
                    .collect();
            }
            for t in targets {
                for &(q2, acc) in am {
                    let mut to = t.clone();
                    to[0] = q2 as u32;
                    add(to, slot_of[l], acc, &mut edges);
                }
            }
        }
        if states.len() > max_states {
            return Err(TooLarge);
        }
        i += 1;
    }
    let num_acc = neg.num_acc.max(1);
    let full: u64 = if num_acc == 64 {
        u64::MAX
    } else {
        (1 << num_acc) - 1
    };
    let mut p = Net {
        name: "P".into(),
        states: states.len(),
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
    Ok(Relaxation {
        nets,
        num_labels: nl,
        num_acc,
    })
}
