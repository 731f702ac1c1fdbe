//! The product of a system and a transition-based generalised Büchi automaton, found on the
//! fly by the hunts for an accepting lasso ([`super::hunt`], [`super::walk`]): states interned
//! in the order found, the moves out of a state computed when asked for.

use std::collections::HashMap;

use super::guide::Guide;
use super::index::SuccessorIndex;
use super::ltl::letters;
use crate::automata::{AccSet, Tgba};
use crate::model::{StateId, System};

/// A product edge: its label, acceptance sets and target state.
#[derive(Clone, Copy)]
pub(super) struct Move {
    pub(super) label: u32,
    pub(super) acc: AccSet,
    pub(super) target: u32,
}

/// The reachable product as far as it was found: states interned in the order found, each a
/// system state vector followed by the automaton state.
pub(super) struct Product<'a> {
    index: SuccessorIndex<'a>,
    pub(super) tgba: &'a Tgba,
    /// `by_state[q]`: the automaton's edges out of `q`.
    by_state: Vec<Vec<usize>>,
    pub(super) letter: Vec<usize>,
    pub(super) width: usize,
    ids: HashMap<Box<[StateId]>, u32>,
    pub(super) keys: Vec<Box<[StateId]>>,
    /// A state vector to reuse.
    scratch: Vec<StateId>,
}

impl Product<'_> {
    fn intern(&mut self, key: &[StateId]) -> u32 {
        if let Some(&id) = self.ids.get(key) {
            return id;
        }
        let id = self.keys.len() as u32;
        let key: Box<[StateId]> = key.into();
        self.keys.push(key.clone());
        self.ids.insert(key, id);
        id
    }

    /// The product edges out of state `v`, appended to `out`.
    pub(super) fn moves(&mut self, v: u32, out: &mut Vec<Move>) {
        let mut key = std::mem::take(&mut self.scratch);
        key.clear();
        key.extend_from_slice(&self.keys[v as usize]);
        let q = key[self.width] as usize;
        self.index.successors(&key[..self.width]);
        for i in 0..self.index.len() {
            let (l, next) = self.index.get(i);
            let letter = self.letter[l];
            key.truncate(self.width);
            key.copy_from_slice(next);
            key.push(0);
            for k in 0..self.by_state[q].len() {
                let ae = &self.tgba.edges[self.by_state[q][k]];
                if !ae.letters.contains(letter) {
                    continue;
                }
                let acc = ae.acc;
                key[self.width] = ae.to as StateId;
                let target = self.intern(&key);
                out.push(Move {
                    label: l as u32,
                    acc,
                    target,
                });
            }
        }
        self.scratch = key;
    }
}

impl<'a> Product<'a> {
    pub(super) fn new(sys: &'a System, tgba: &'a Tgba) -> Product<'a> {
        let by_state = tgba.edges_by_source();
        let mut p = Product {
            index: SuccessorIndex::new(sys),
            tgba,
            by_state,
            letter: letters(sys, tgba),
            width: sys.components().len(),
            ids: HashMap::new(),
            keys: Vec::new(),
            scratch: Vec::new(),
        };
        let mut init = sys.initial_state();
        init.push(tgba.initial as StateId);
        p.intern(&init);
        p
    }

    /// The guide's rank of product state `v`.
    pub(super) fn rank(&self, guide: &Guide, v: u32) -> u64 {
        let key = &self.keys[v as usize];
        guide.rank(&key[..self.width], key[self.width] as usize)
    }
}
