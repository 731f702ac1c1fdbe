//! Reduced LTSs back as a [`System`]: the network `ltsym reduce` writes, and what the symbolic
//! engine gets when a composition stays too large.
//!
//! Each node of the reduction becomes one component; a label keeps its name and synchronises
//! the nodes that have it in their interface, as it synchronised their components. A label
//! chosen for hiding that several nodes still share cannot become internal inside one of them:
//! it becomes a silent label of those nodes together (CADP's `i` as a vector result), so it
//! still synchronises them but no formula can name it. A node's internal steps are its own
//! silent steps.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::rc::Rc;

use super::lts::{Act, TAU};
use super::realise::JointStep;
use super::tree::{act, leaf, quotient, Node};
use super::Equivalence;
use crate::error::{Error, Result};
use crate::explicit::graph::successors;
use crate::model::{LabelId, StateId, System, SystemBuilder};

/// Each component of `sys` minimised modulo `eq` on its own, the labels `hide` picks that are
/// its alone (and its silent ones) made internal first.
pub fn leaves(
    sys: &System,
    hide: &dyn Fn(LabelId) -> bool,
    eq: &Equivalence,
) -> Result<Vec<Rc<Node>>> {
    (0..sys.components().len())
        .map(|c| {
            let local = |l: LabelId| hide(l) && sys.label(l).components == [c];
            let l = leaf(sys, c, &local)?;
            Ok(Rc::new(quotient(Rc::new(l), eq)))
        })
        .collect()
}

/// The nodes as the components of one system (see the module documentation); the labels
/// `hide` picks become silent (joint) labels. Component `i` is named `names[i]`. A label that
/// some node has in its interface but no transition on can never fire, and is left out.
/// Also returns the action of each of its labels ([`TAU`] for a node's internal steps).
pub fn as_system(
    sys: &System,
    nodes: &[Rc<Node>],
    names: &[String],
    hide: &dyn Fn(LabelId) -> bool,
) -> Result<(System, Vec<Act>)> {
    // for each label: the nodes that take part, and those with a transition on it
    let mut takes_part: BTreeMap<Act, (usize, usize)> = BTreeMap::new();
    for node in nodes {
        for &a in node.lts.interface() {
            takes_part.entry(a).or_default().0 += 1;
        }
        let mut moving: Vec<Act> = node
            .lts
            .transitions()
            .map(|(_, a, _)| a)
            .filter(|&a| a != TAU)
            .collect();
        moving.sort_unstable();
        moving.dedup();
        for a in moving {
            takes_part.entry(a).or_default().1 += 1;
        }
    }
    let fires = |a: Act| takes_part.get(&a).is_some_and(|&(p, m)| p == m);
    let mut b = SystemBuilder::new();
    // the local moves of each label kept as a joint silent label: (component, from, to)
    let mut joint: BTreeMap<Act, Vec<(usize, StateId, StateId)>> = BTreeMap::new();
    for (i, node) in nodes.iter().enumerate() {
        let c = b.add_component(&names[i]);
        for s in 0..node.lts.num_states() {
            b.add_state(c, &s.to_string()).map_err(Error::Internal)?;
        }
        b.set_start(c, node.lts.initial());
        for (s, a, t) in node.lts.transitions() {
            if a == TAU {
                b.add_transition(c, s, "", t);
            } else if !fires(a) {
                continue;
            } else if hide(a as LabelId) || sys.label(a as LabelId).name.is_empty() {
                joint.entry(a).or_default().push((c, s, t));
            } else {
                b.add_transition(c, s, &sys.label(a as LabelId).name, t);
            }
        }
    }
    let mut joint_acts: Vec<(LabelId, Act)> = Vec::new();
    for (a, moves) in joint {
        joint_acts.push((b.add_silent_product_label(&moves), a));
    }
    let net = b.build().map_err(Error::Internal)?;
    let mut acts: Vec<Act> = net
        .labels()
        .iter()
        .map(|l| match sys.label_id(&l.name) {
            Some(id) if !l.is_silent() => act(id),
            _ => TAU,
        })
        .collect();
    for (l, a) in joint_acts {
        acts[l] = a;
    }
    Ok((net, acts))
}

/// The lasso `prefix · cycle^ω` of labels of the network `net` (the system [`as_system`] made,
/// `acts` its actions) as steps of its nodes: a run of `net` that reads the word, found in the
/// product of `net`'s states and the positions of the word (few pairs, as the word fixes every
/// label): a pair at the cycle's start reachable from the initial pair, and a path from it
/// back to itself.
pub fn joint_lasso(
    net: &System,
    acts: &[Act],
    prefix: &[LabelId],
    cycle: &[LabelId],
) -> Result<(Vec<JointStep>, Vec<JointStep>)> {
    let word: Vec<LabelId> = prefix.iter().chain(cycle).copied().collect();
    let len = word.len();
    let p = prefix.len();
    if cycle.is_empty() {
        return Err(Error::Internal("a lasso without a cycle".into()));
    }
    let next = |k: usize| if k + 1 < len { k + 1 } else { p };
    let mut index: HashMap<(Vec<StateId>, usize), usize> = HashMap::new();
    let mut pairs: Vec<(Vec<StateId>, usize)> = vec![(net.initial_state(), 0)];
    index.insert(pairs[0].clone(), 0);
    let mut succ: Vec<Vec<usize>> = Vec::new();
    let mut tree_parent: Vec<usize> = vec![0];
    let mut out = Vec::new();
    let mut i = 0;
    while i < pairs.len() {
        let (x, k) = pairs[i].clone();
        successors(net, &x, &mut out);
        let mut row = Vec::new();
        for (l, y) in out.drain(..) {
            if l != word[k] {
                continue;
            }
            let key = (y, next(k));
            let j = match index.get(&key) {
                Some(&j) => j,
                None => {
                    pairs.push(key.clone());
                    tree_parent.push(i);
                    index.insert(key, pairs.len() - 1);
                    pairs.len() - 1
                }
            };
            row.push(j);
        }
        succ.push(row);
        i += 1;
    }
    for c in 0..pairs.len() {
        if pairs[c].1 != p {
            continue;
        }
        // a path of one or more steps from c back to c
        let mut parent = vec![usize::MAX; pairs.len()];
        let mut queue = VecDeque::new();
        let mut found = false;
        for &j in &succ[c] {
            if parent[j] == usize::MAX {
                parent[j] = c;
                queue.push_back(j);
            }
        }
        while let Some(v) = queue.pop_front() {
            if v == c {
                found = true;
                break;
            }
            for &j in &succ[v] {
                if parent[j] == usize::MAX {
                    parent[j] = v;
                    queue.push_back(j);
                }
            }
        }
        if !found {
            continue;
        }
        let mut cyc = vec![c];
        let mut v = parent[c];
        while v != c {
            cyc.push(v);
            v = parent[v];
        }
        cyc.push(c);
        cyc.reverse();
        let mut pre = vec![c];
        let mut v = c;
        while v != 0 {
            v = tree_parent[v];
            pre.push(v);
        }
        pre.reverse();
        let steps = |path: &[usize]| -> Vec<JointStep> {
            path.windows(2)
                .map(|w| {
                    let ((x, k), (y, _)) = (&pairs[w[0]], &pairs[w[1]]);
                    let l = word[*k];
                    let moves = net
                        .label(l)
                        .components
                        .iter()
                        .map(|&n| (n, x[n], y[n]))
                        .collect();
                    (acts[l], moves)
                })
                .collect()
        };
        return Ok((steps(&pre), steps(&cyc)));
    }
    Err(Error::Internal(
        "the counterexample of the reduced network is not a run of it".into(),
    ))
}
