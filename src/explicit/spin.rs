//! LTL under SPIN's reading of the RERS Promela files (`--ltl-semantics spin`), on the
//! explicit state graph, from the definition of the words SPIN checks.
//!
//! In the Promela encoding the atom `a` is `lastAction == a`, a state predicate, and SPIN
//! checks every maximal run of the Promela model, a finite one (a deadlock) extended by
//! repeating its last state forever. So the word of a run `s0 -l1-> s1 -l2-> ...` of the
//! system is
//! * `⊥ l1 l2 l3 ...` for an infinite run, where `⊥` is the position before any label
//!   (`lastAction == nop`: no atom holds);
//! * `⊥ l1 ... lk lk lk ...` for a run ending in a deadlock after `k` labels (`⊥ ⊥ ...` when
//!   the initial state is a deadlock).
//!
//! The encoding's intermediate steps repeat a position (they do not change `lastAction`), which
//! no X-free formula can see; formulas with X are refused before they get here (see
//! `crate::check`).
//!
//! This file builds the graph whose paths spell exactly these words, and leaves the
//! emptiness check to the same product and SCC search as the RERS reading
//! (`super::ltl::accepting_lasso`): a fresh first node reading `⊥`, then the state graph, each
//! edge reading its label's letter, except that an edge into a deadlock goes to a copy of the
//! deadlock that remembers the label, and that copy loops reading the label forever.

use std::collections::HashMap;

use super::graph::StateGraph;
use super::ltl::{accepting_lasso, letters, WordGraph};
use crate::automata::Tgba;
use crate::model::{LabelId, System};

/// A run that violates the property under SPIN's reading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpinViolation {
    /// An infinite run: `prefix`, then `cycle` forever (never empty).
    Lasso {
        prefix: Vec<LabelId>,
        cycle: Vec<LabelId>,
    },
    /// A run that ends in a deadlock after these labels; its word repeats the last label (or
    /// `⊥`, for an empty path) forever.
    Deadlock { path: Vec<LabelId> },
}

/// The tag of the first step, which reads `⊥`.
const FIRST: usize = usize::MAX - 1;
/// The tag of a deadlock's loop.
const STUTTER: usize = usize::MAX;

/// The graph of SPIN's words: node 0 reads `⊥`; node `1 + s` is graph state `s` (not a
/// deadlock); the nodes after those are the deadlocks with the label that entered them.
struct SpinWords<'g> {
    graph: &'g StateGraph,
    letter: Vec<usize>,
    /// The letter `⊥` is read as: no atom holds.
    other: usize,
    /// (deadlock state, entering label or `None` for the initial state) -> node
    dead: HashMap<(u32, Option<LabelId>), u32>,
    /// node - first dead node -> (state, entering label)
    dead_nodes: Vec<(u32, Option<LabelId>)>,
}

impl<'g> SpinWords<'g> {
    fn new(graph: &'g StateGraph, sys: &System, tgba: &Tgba) -> SpinWords<'g> {
        let mut w = SpinWords {
            graph,
            letter: letters(sys, tgba),
            other: tgba.other(),
            dead: HashMap::new(),
            dead_nodes: Vec::new(),
        };
        let add = |key: (u32, Option<LabelId>), w: &mut SpinWords| {
            if !w.dead.contains_key(&key) {
                let node = (1 + graph.num_states() + w.dead_nodes.len()) as u32;
                w.dead.insert(key, node);
                w.dead_nodes.push(key);
            }
        };
        if graph.is_deadlock(graph.initial()) {
            add((graph.initial(), None), &mut w);
        }
        for s in 0..graph.num_states() as u32 {
            for e in graph.edges(s) {
                if graph.is_deadlock(e.target) {
                    add((e.target, Some(e.label())), &mut w);
                }
            }
        }
        w
    }

    /// The node a step with `label` (`None`: the first step) into state `s` reaches.
    fn node(&self, s: u32, label: Option<LabelId>) -> u32 {
        if self.graph.is_deadlock(s) {
            self.dead[&(s, label)]
        } else {
            1 + s
        }
    }
}

impl WordGraph for SpinWords<'_> {
    fn initial(&self) -> u32 {
        0
    }

    fn for_each_edge(&self, v: u32, f: &mut dyn FnMut(usize, usize, u32)) {
        let n = self.graph.num_states() as u32;
        if v == 0 {
            f(self.other, FIRST, self.node(self.graph.initial(), None));
        } else if v <= n {
            for e in self.graph.edges(v - 1) {
                f(
                    self.letter[e.label()],
                    e.label(),
                    self.node(e.target, Some(e.label())),
                );
            }
        } else {
            let (_, label) = self.dead_nodes[(v - n - 1) as usize];
            let letter = label.map_or(self.other, |l| self.letter[l]);
            f(letter, STUTTER, v);
        }
    }
}

/// A run of `sys` whose SPIN word `tgba` (the automaton of the negated property) accepts, or
/// `None` if there is none, i.e. if the property holds under SPIN's reading.
pub fn find_spin_violation(graph: &StateGraph, sys: &System, tgba: &Tgba) -> Option<SpinViolation> {
    let words = SpinWords::new(graph, sys, tgba);
    let lasso = accepting_lasso(&words, tgba)?;
    let (prefix, cycle) = (lasso.prefix, lasso.cycle);
    debug_assert_eq!(prefix.first(), Some(&FIRST));
    let labels = |tags: &[usize]| -> Vec<LabelId> {
        tags.iter()
            .copied()
            .filter(|&t| t != FIRST && t != STUTTER)
            .collect()
    };
    // A deadlock's copy has no edge but its loop, so a cycle is all loops or has none.
    if cycle.contains(&STUTTER) {
        debug_assert!(cycle.iter().all(|&t| t == STUTTER));
        Some(SpinViolation::Deadlock {
            path: labels(&prefix),
        })
    } else {
        Some(SpinViolation::Lasso {
            prefix: labels(&prefix),
            cycle: labels(&cycle),
        })
    }
}
