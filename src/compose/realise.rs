//! A run of a reduced LTS made a run of the original system, step by step down the reduction
//! tree (`super::tree`).
//!
//! A step `s -a-> t` of a node, from a system state `x` that the node sees as `s`, becomes a
//! sequence of system steps ending in a state the node sees as `t`:
//! * a leaf's step is the component's own transition (for an internal one, a transition on one
//!   of the labels it hid);
//! * a composition's step is its operands' steps: both for a synchronised action (their
//!   realisations, then the one shared step that moves both), one for an interleaved one;
//! * a quotient's step `C -a-> C'` from a state `u` of class `C` is a path of the node below:
//!   internal steps inside `C`, then a step on `a` into `C'` (the branching bisimulations
//!   guarantee one from every state of the class; strong steps, and steps on a sharp
//!   bisimulation's strong actions, are taken directly, as strong bisimulation guarantees).
//!   A divergent class's internal self-loop is an internal step inside the class, which every
//!   state of a divergent class has.
//!
//! So a step on a visible action becomes internal steps and then that action, and an internal
//! step becomes one or more internal steps: the realised run has the same erased word.
//!
//! A lasso `prefix · cycle^ω` of the top node is realised by realising the cycle again and again
//! from where the last round ended, until a round starts in a system state where an earlier
//! one started (the rounds are a function of their start state, and there are finitely many).

use std::collections::{HashMap, VecDeque};

use super::lts::{Act, TAU};
use super::tree::{is_local_silent, Node, Origin};
use super::Equivalence;
use crate::error::{Error, Result};
use crate::model::{LabelId, StateId, System};

/// A step of a node's LTS: `(from, action, to)`.
pub type Step = (u32, Act, u32);

/// Rounds of a cycle tried before giving up (far more than any real reduction needs).
const MAX_ROUNDS: usize = 1 << 20;

fn internal(msg: String) -> Error {
    Error::Internal(format!("realising a run of the reduced system: {msg}"))
}

/// The lasso `prefix · cycle^ω` of `node` (from its initial state) as a lasso of the system:
/// its labels before the cycle and on the cycle.
pub fn realise_lasso(
    sys: &System,
    node: &Node,
    prefix: &[Step],
    cycle: &[Step],
) -> Result<(Vec<LabelId>, Vec<LabelId>)> {
    if cycle.is_empty() {
        return Err(internal("the cycle is empty".into()));
    }
    let mut x: Vec<StateId> = sys.initial_state();
    let mut pre = Vec::new();
    realise_path(sys, node, &mut x, prefix, &mut pre)?;
    close_cycle(x, pre, &mut |x, out| realise_path(sys, node, x, cycle, out))
}

/// One step of a network of nodes: the action, and the `(node, from, to)` steps of the nodes
/// that take part (several for a shared action, which they take together).
pub type JointStep = (Act, Vec<(usize, u32, u32)>);

/// The lasso `prefix · cycle^ω` of the network of `nodes` (from their initial states) as a
/// lasso of the system.
pub fn realise_network_lasso(
    sys: &System,
    nodes: &[std::rc::Rc<Node>],
    prefix: &[JointStep],
    cycle: &[JointStep],
) -> Result<(Vec<LabelId>, Vec<LabelId>)> {
    if cycle.is_empty() {
        return Err(internal("the cycle is empty".into()));
    }
    let steps = |x: &mut Vec<StateId>, steps: &[JointStep], out: &mut Vec<LabelId>| -> Result<()> {
        for (a, moves) in steps {
            let mut buffers: Vec<Vec<LabelId>> = Vec::with_capacity(moves.len());
            for &(i, from, to) in moves {
                let mut buf = Vec::new();
                realise_step(sys, &nodes[i], x, from, *a, to, &mut buf)?;
                buffers.push(buf);
            }
            if buffers.len() == 1 {
                out.append(&mut buffers[0]);
                continue;
            }
            let last: Vec<Option<LabelId>> = buffers.iter_mut().map(|b| b.pop()).collect();
            if last.iter().any(|&l| l.is_none() || l != last[0]) {
                return Err(internal(
                    "a shared step realised as different labels".into(),
                ));
            }
            for b in &mut buffers {
                out.append(b);
            }
            out.push(last[0].expect("checked above"));
        }
        Ok(())
    };
    let mut x: Vec<StateId> = sys.initial_state();
    let mut pre = Vec::new();
    steps(&mut x, prefix, &mut pre)?;
    close_cycle(x, pre, &mut |x, out| steps(x, cycle, out))
}

/// One round of a cycle: realises it from a system state (updated), appending its labels.
type Round<'a> = dyn FnMut(&mut Vec<StateId>, &mut Vec<LabelId>) -> Result<()> + 'a;

/// Realises the cycle (`round`) again and again from the system state `x`, until a round
/// starts where an earlier one started; `pre` is the realised prefix.
fn close_cycle(
    mut x: Vec<StateId>,
    mut pre: Vec<LabelId>,
    round: &mut Round<'_>,
) -> Result<(Vec<LabelId>, Vec<LabelId>)> {
    let mut starts: HashMap<Vec<StateId>, usize> = HashMap::new();
    let mut rounds: Vec<Vec<LabelId>> = Vec::new();
    loop {
        if let Some(&i) = starts.get(&x) {
            for r in &rounds[..i] {
                pre.extend_from_slice(r);
            }
            let cyc: Vec<LabelId> = rounds[i..].iter().flatten().copied().collect();
            return Ok((pre, cyc));
        }
        if rounds.len() >= MAX_ROUNDS {
            return Err(internal("the cycle does not close".into()));
        }
        starts.insert(x.clone(), rounds.len());
        let mut r = Vec::new();
        round(&mut x, &mut r)?;
        rounds.push(r);
    }
}

/// Realises the steps of `node` one after the other from the system state `x` (updated).
pub fn realise_path(
    sys: &System,
    node: &Node,
    x: &mut Vec<StateId>,
    steps: &[Step],
    out: &mut Vec<LabelId>,
) -> Result<()> {
    for &(from, a, to) in steps {
        realise_step(sys, node, x, from, a, to, out)?;
    }
    Ok(())
}

fn realise_step(
    sys: &System,
    node: &Node,
    x: &mut Vec<StateId>,
    from: u32,
    a: Act,
    to: u32,
    out: &mut Vec<LabelId>,
) -> Result<()> {
    if node.state_of(x) != Some(from) {
        return Err(internal(format!(
            "the system is not in state {from} of a node"
        )));
    }
    match &node.origin {
        Origin::Leaf { comp, hidden } => {
            let label = if a != TAU {
                a as LabelId
            } else {
                let ts = &sys.component(*comp).transitions;
                let lo = ts.partition_point(|t| t.from < from);
                ts[lo..]
                    .iter()
                    .take_while(|t| t.from == from)
                    .find(|t| {
                        t.to == to
                            && (is_local_silent(sys, t.label)
                                || hidden.binary_search(&(t.label as Act)).is_ok())
                    })
                    .map(|t| t.label)
                    .ok_or_else(|| internal("no hidden transition at a leaf".into()))?
            };
            out.push(label);
            x[*comp] = to;
            Ok(())
        }
        Origin::Product {
            left,
            right,
            pairs,
            hidden,
            ..
        } => {
            let ((s1, s2), (t1, t2)) = (pairs[from as usize], pairs[to as usize]);
            let in_l = |b: Act| left.lts.interface().binary_search(&b).is_ok();
            let in_r = |b: Act| right.lts.interface().binary_search(&b).is_ok();
            let has =
                |n: &Node, s: u32, b: Act, t: u32| n.lts.out(s).binary_search(&(b, t)).is_ok();
            let label = if a != TAU {
                Some(a)
            } else {
                // which operand step (or shared hidden step) this internal step was
                let alone_l =
                    s2 == t2
                        && left.lts.out(s1).iter().any(|&(b, t)| {
                            t == t1 && (b == TAU || hidden.contains(&b) && !in_r(b))
                        });
                let alone_r =
                    s1 == t1
                        && right.lts.out(s2).iter().any(|&(b, t)| {
                            t == t2 && (b == TAU || hidden.contains(&b) && !in_l(b))
                        });
                if alone_l {
                    let b = left
                        .lts
                        .out(s1)
                        .iter()
                        .find(|&&(b, t)| t == t1 && (b == TAU || hidden.contains(&b) && !in_r(b)))
                        .map(|&(b, _)| b);
                    return realise_step(sys, left, x, s1, b.unwrap_or(TAU), t1, out);
                }
                if alone_r {
                    let b = right
                        .lts
                        .out(s2)
                        .iter()
                        .find(|&&(b, t)| t == t2 && (b == TAU || hidden.contains(&b) && !in_l(b)))
                        .map(|&(b, _)| b);
                    return realise_step(sys, right, x, s2, b.unwrap_or(TAU), t2, out);
                }
                hidden
                    .iter()
                    .copied()
                    .find(|&b| in_l(b) && in_r(b) && has(left, s1, b, t1) && has(right, s2, b, t2))
            };
            let b = label.ok_or_else(|| internal("no operand step for a hidden step".into()))?;
            match (in_l(b), in_r(b)) {
                (true, true) => {
                    let (mut lo, mut ro) = (Vec::new(), Vec::new());
                    realise_step(sys, left, x, s1, b, t1, &mut lo)?;
                    realise_step(sys, right, x, s2, b, t2, &mut ro)?;
                    let (l_last, r_last) = (lo.pop(), ro.pop());
                    if l_last != r_last || l_last != Some(b as LabelId) {
                        return Err(internal("a shared step realised as two labels".into()));
                    }
                    out.extend(lo);
                    out.extend(ro);
                    out.push(b as LabelId);
                    Ok(())
                }
                (true, false) => realise_step(sys, left, x, s1, b, t1, out),
                _ => realise_step(sys, right, x, s2, b, t2, out),
            }
        }
        Origin::Quotient { child, class, eq } => {
            let u = child
                .state_of(x)
                .ok_or_else(|| internal("a state outside the quotient's child".into()))?;
            let direct = match eq {
                Equivalence::Strong => true,
                Equivalence::Sharp(strong) => strong.contains(&TAU) || strong.contains(&a),
                Equivalence::Weak => {
                    return Err(internal("weak quotients are not realised".into()))
                }
                _ => false,
            };
            let path = if direct {
                let t = child
                    .lts
                    .out(u)
                    .iter()
                    .find(|&&(b, t)| b == a && class[t as usize] == to)
                    .map(|&(_, t)| t)
                    .ok_or_else(|| internal("a strong step with no match below".into()))?;
                vec![(u, a, t)]
            } else {
                inert_path(child, class, u, from, a, to)
                    .ok_or_else(|| internal("a branching step with no match below".into()))?
            };
            realise_path(sys, child, x, &path, out)
        }
    }
}

/// A path of `child` from `u`: internal steps inside class `c`, then a step on `a` into class
/// `to` (breadth-first, so the shortest).
fn inert_path(child: &Node, class: &[u32], u: u32, c: u32, a: Act, to: u32) -> Option<Vec<Step>> {
    let mut parent: HashMap<u32, (u32, Act)> = HashMap::new();
    let mut queue = VecDeque::from([u]);
    parent.insert(u, (u, TAU));
    while let Some(v) = queue.pop_front() {
        if let Some(&(_, t)) = child
            .lts
            .out(v)
            .iter()
            .find(|&&(b, t)| b == a && class[t as usize] == to)
        {
            let mut path = vec![(v, a, t)];
            let mut w = v;
            while w != u {
                let (p, b) = parent[&w];
                path.push((p, b, w));
                w = p;
            }
            path.reverse();
            return Some(path);
        }
        for &(b, t) in child.lts.out(v) {
            if b == TAU && class[t as usize] == c && !parent.contains_key(&t) {
                parent.insert(t, (v, TAU));
                queue.push_back(t);
            }
        }
    }
    None
}
