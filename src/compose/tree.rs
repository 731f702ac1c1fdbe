//! The reduction tree: every LTS the compositional engine makes, with where it came from.
//!
//! A [`Node`] is a component of the system with its local labels hidden (a leaf), the
//! composition of two nodes with the labels hidden that no other component shares, or the
//! quotient of a node by a bisimulation. Each keeps what it needs to map its states back down
//! (the pair of operand states, the class of each state), which is how a counterexample found
//! on the last, small LTS becomes a run of the original system (`super::realise`).
//!
//! Actions are the system's label ids; a label with an empty name that only one component
//! takes part in (a silent, automaton-internal label) is [`TAU`] from the start.

use std::collections::HashMap;
use std::rc::Rc;

use super::lts::{Act, Lts, TAU};
use super::product::product;
use super::restrict::{restrict, restricted_product, Env};
use super::{minimise, Equivalence};
use crate::error::{Error, Result};
use crate::model::{CompId, LabelId, Sync, System};

/// An LTS of the reduction and its origin.
#[derive(Debug)]
pub struct Node {
    pub lts: Lts,
    /// The system's components under this node, ascending.
    pub comps: Vec<CompId>,
    pub origin: Origin,
}

/// How a [`Node`] was made.
#[derive(Clone, Debug)]
pub enum Origin {
    /// Component `comp`, its states as they are; its silent labels and `hidden` made internal.
    Leaf { comp: CompId, hidden: Vec<Act> },
    /// The composition of two nodes with `hidden` made internal; `pairs[s]` is the pair of
    /// operand states of state `s`.
    Product {
        left: Rc<Node>,
        right: Rc<Node>,
        pairs: Vec<(u32, u32)>,
        index: HashMap<(u32, u32), u32>,
        hidden: Vec<Act>,
    },
    /// The quotient of `child` by `eq`: `class[s]` is the state of child state `s`
    /// (`u32::MAX`: unreachable).
    Quotient {
        child: Rc<Node>,
        class: Vec<u32>,
        eq: Equivalence,
    },
}

/// Whether label `l` of `sys` is internal from the start: silent, and one component's only.
pub fn is_local_silent(sys: &System, l: LabelId) -> bool {
    let label = sys.label(l);
    label.is_silent() && label.components.len() <= 1
}

/// The labels of `sys` the compositional engine cannot take apart: tuple-synchronised labels
/// of several components (a Petri net's transitions that are not the product of their local
/// moves). Their names, for the message that says so.
pub fn unsupported_labels(sys: &System) -> Vec<String> {
    sys.labels()
        .iter()
        .filter(|l| matches!(l.sync, Sync::Tuples(_)) && l.components.len() > 1)
        .map(|l| l.display_name().to_string())
        .collect()
}

/// The label ids as actions (a system with more than `u32::MAX - 1` labels cannot be built).
pub fn act(l: LabelId) -> Act {
    Act::try_from(l).expect("label ids fit an action")
}

/// Component `c` of `sys` as a leaf, the labels `hide` picks (and its silent ones) internal.
pub fn leaf(sys: &System, c: CompId, hide: &dyn Fn(LabelId) -> bool) -> Result<Node> {
    let comp = sys.component(c);
    let internal = |l: LabelId| is_local_silent(sys, l) || hide(l);
    let mut hidden: Vec<Act> = Vec::new();
    let mut interface: Vec<Act> = Vec::new();
    for &l in &comp.alphabet {
        if matches!(sys.label(l).sync, Sync::Tuples(_)) && sys.label(l).components.len() > 1 {
            return Err(Error::Usage(format!(
                "the compositional engine cannot take label `{}` apart: it synchronises \
                 components by a list of move tuples, not by the product of their moves",
                sys.label(l).display_name()
            )));
        }
        if internal(l) {
            if !is_local_silent(sys, l) {
                hidden.push(act(l));
            }
        } else {
            interface.push(act(l));
        }
    }
    let transitions = comp
        .transitions
        .iter()
        .map(|t| {
            let a = if internal(t.label) { TAU } else { act(t.label) };
            (t.from, a, t.to)
        })
        .collect();
    let lts = Lts::new(comp.num_states() as u32, comp.start, transitions, interface);
    Ok(Node {
        lts,
        comps: vec![c],
        origin: Origin::Leaf { comp: c, hidden },
    })
}

/// The composition of two nodes, the actions `hide` picks internal, restricted to what the
/// environments `envs` allow (`super::restrict`; none: the whole composition); `None` past
/// `max_states` states (with environments: triples of states explored). Also returns the
/// number of states explored.
pub fn compose(
    left: Rc<Node>,
    right: Rc<Node>,
    hide: &dyn Fn(Act) -> bool,
    envs: &[&Env],
    max_states: usize,
) -> Option<(Node, usize)> {
    let (lts, pairs, explored) = if envs.is_empty() {
        let (lts, pairs) = product(&left.lts, &right.lts, hide, max_states)?;
        let n = pairs.len();
        (lts, pairs, n)
    } else {
        restricted_product(&left.lts, &right.lts, hide, envs, max_states)?
    };
    let hidden: Vec<Act> = left
        .lts
        .interface()
        .iter()
        .chain(right.lts.interface())
        .copied()
        .filter(|&a| hide(a))
        .collect();
    let mut comps: Vec<CompId> = left.comps.iter().chain(&right.comps).copied().collect();
    comps.sort_unstable();
    let index = pairs
        .iter()
        .enumerate()
        .map(|(i, &p)| (p, i as u32))
        .collect();
    let node = Node {
        lts,
        comps,
        origin: Origin::Product {
            left,
            right,
            pairs,
            index,
            hidden,
        },
    };
    Some((node, explored))
}

/// `node` with only the transitions its composition with the environments `envs` uses
/// (`super::restrict`): the same states and origin, so that its runs are realised as before.
pub fn restricted(node: &Node, envs: &[&Env]) -> Node {
    Node {
        lts: restrict(&node.lts, envs),
        comps: node.comps.clone(),
        origin: node.origin.clone(),
    }
}

/// `node` minimised modulo `eq`.
pub fn quotient(node: Rc<Node>, eq: &Equivalence) -> Node {
    let (lts, class) = minimise(&node.lts, eq);
    Node {
        lts,
        comps: node.comps.clone(),
        origin: Origin::Quotient {
            child: node,
            class,
            eq: eq.clone(),
        },
    }
}

impl Node {
    /// The state of this node that the system's local states `x` (one per component of the
    /// system) are in.
    pub fn state_of(&self, x: &[u32]) -> Option<u32> {
        match &self.origin {
            Origin::Leaf { comp, .. } => Some(x[*comp]),
            Origin::Product {
                left, right, index, ..
            } => {
                let p = (left.state_of(x)?, right.state_of(x)?);
                index.get(&p).copied()
            }
            Origin::Quotient { child, class, .. } => {
                let c = class[child.state_of(x)? as usize];
                (c != u32::MAX).then_some(c)
            }
        }
    }

    /// The node of the tree below and including this one with the most states (then
    /// transitions).
    pub fn largest(&self) -> &Node {
        let mut best = self;
        let mut stack = vec![self];
        while let Some(n) = stack.pop() {
            let key = |n: &Node| (n.lts.num_states(), n.lts.num_transitions());
            if key(n) > key(best) {
                best = n;
            }
            match &n.origin {
                Origin::Leaf { .. } => {}
                Origin::Product { left, right, .. } => {
                    stack.push(left);
                    stack.push(right);
                }
                Origin::Quotient { child, .. } => stack.push(child),
            }
        }
        best
    }

    /// The LTSs of the tree below and including this one, as (states, transitions), largest
    /// first by states.
    pub fn sizes(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        self.collect_sizes(&mut out);
        out.sort_unstable_by(|a, b| b.cmp(a));
        out
    }

    fn collect_sizes(&self, out: &mut Vec<(usize, usize)>) {
        out.push((self.lts.num_states(), self.lts.num_transitions()));
        match &self.origin {
            Origin::Leaf { .. } => {}
            Origin::Product { left, right, .. } => {
                left.collect_sizes(out);
                right.collect_sizes(out);
            }
            Origin::Quotient { child, .. } => child.collect_sizes(out),
        }
    }
}
