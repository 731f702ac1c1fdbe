//! Tests of the breadth-first layers of [`super::shortest::Layers`] against breadth-first
//! search on the explicit state graph, both ways of taking the images (of the last layer, of
//! the ball): the layers must be the same.

use std::collections::{HashMap, VecDeque};

use oxidd::BooleanFunction;

use super::ctl::CtlChecker;
use super::shortest::{pick, Layers};
use super::{reachable, Encoding, ManagerOptions};
use crate::limits::Budget;
use crate::model::{StateId, Sync, System, SystemBuilder};

/// `n` cyclic components of `len` states that step on their own (`tK`) and skip a state now
/// and then (`sK`), with labels `pK` that two neighbours take together; a pseudo-random choice
/// of which transitions exist, from `seed`. Their interleavings spread the layers out, which is
/// where the images of the ball pay.
fn interleaving(n: usize, len: usize, seed: u64) -> System {
    let mut x = seed | 1;
    let mut coin = |k: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x.is_multiple_of(k)
    };
    let mut b = SystemBuilder::new();
    for c in 0..n {
        let id = b.add_component(&format!("c{c}"));
        for s in 0..len {
            b.add_state(id, &s.to_string()).unwrap();
        }
        b.set_start(id, 0);
    }
    for c in 0..n {
        for s in 0..len as StateId {
            let len = len as StateId;
            if !coin(5) {
                b.add_transition(c, s, &format!("t{c}"), (s + 1) % len);
            }
            if coin(3) {
                b.add_transition(c, s, &format!("s{c}"), (s + 2) % len);
            }
            if c + 1 < n && coin(4) {
                b.add_transition(c, s, &format!("p{c}"), (s + 1) % len);
                b.add_transition(c + 1, s, &format!("p{c}"), s);
            }
        }
    }
    b.build().unwrap()
}

/// The successors of `state`, straight from the components' local moves: a label fires when
/// every component in its alphabet has a move on it, with every combination of their moves
/// (written here rather than imported: the symbolic engine does not import the explicit one).
fn successors(sys: &System, state: &[StateId], out: &mut Vec<((), Vec<StateId>)>) {
    out.clear();
    for label in sys.labels() {
        assert!(
            matches!(label.sync, Sync::Product),
            "the generator synchronises by product"
        );
        if label.components.is_empty() {
            continue;
        }
        let mut next = vec![state.to_vec()];
        for (i, &c) in label.components.iter().enumerate() {
            let moves: Vec<StateId> = label.local[i]
                .iter()
                .filter(|&&(f, _)| f == state[c])
                .map(|&(_, t)| t)
                .collect();
            next = next
                .iter()
                .flat_map(|s| {
                    moves.iter().map(move |&t| {
                        let mut s = s.clone();
                        s[c] = t;
                        s
                    })
                })
                .collect();
        }
        out.extend(next.into_iter().map(|s| ((), s)));
    }
}

/// The explicit breadth-first distance of every reachable state from the initial one.
fn distances(sys: &System) -> HashMap<Vec<StateId>, usize> {
    let init = sys.initial_state();
    let mut dist = HashMap::from([(init.clone(), 0)]);
    let mut queue = VecDeque::from([init]);
    let mut out = Vec::new();
    while let Some(s) = queue.pop_front() {
        let d = dist[&s];
        successors(sys, &s, &mut out);
        for (_, t) in out.drain(..) {
            if !dist.contains_key(&t) {
                dist.insert(t.clone(), d + 1);
                queue.push_back(t);
            }
        }
    }
    dist
}

#[test]
fn layers_are_the_explicit_distances_from_the_layer_or_the_ball() {
    let budget = Budget::unlimited();
    let mut switched = 0;
    for seed in 0..24u64 {
        let (n, len) = (2 + seed as usize % 3, 3 + seed as usize % 5);
        let sys = interleaving(n, len, seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let order: Vec<usize> = (0..n).collect();
        let enc = Encoding::new(&sys, &order, ManagerOptions::small()).unwrap();
        let reach = reachable(&enc, &budget).unwrap();
        let g = CtlChecker::new(&enc, &reach, &sys).unwrap();
        let dist = distances(&sys);
        let depth = dist.values().copied().max().unwrap();
        for ratio in [0, super::shortest::REVISIT_RATIO, usize::MAX] {
            let ctx = format!("seed {seed}, {n} components of {len} states, ratio {ratio}");
            let init = enc.state_cube(&sys.initial_state()).unwrap();
            let mut layers = Layers::new(&init).with_revisit_ratio(ratio);
            while layers.grow(&g, &reach, &budget).unwrap() {}
            assert_eq!(layers.depth(), depth, "{ctx}");
            assert!(layers.exhausted, "{ctx}");
            for (s, &d) in &dist {
                let cube = enc.state_cube(s).unwrap();
                for (e, l) in layers.layers.iter().enumerate() {
                    let inside = l.and(&cube).unwrap().satisfiable();
                    assert_eq!(inside, e == d, "{ctx}: state {s:?} at {d}, layer {e}");
                }
            }
            // every layer is made of reachable states only, and a path to the deepest
            // state has as many steps as its layer
            let all = layers.ball(depth).unwrap();
            assert!(all == reach, "{ctx}");
            let t = pick(&enc, &layers.layers[depth]).unwrap();
            let (start, steps) = layers.path_to(&g, depth, t, &budget).unwrap();
            assert_eq!(steps.len(), depth, "{ctx}");
            let start: Vec<StateId> = start.values.iter().map(|&v| v as StateId).collect();
            assert_eq!(dist[&start], 0, "{ctx}");
            if ratio == super::shortest::REVISIT_RATIO {
                switched += usize::from(layers.takes_ball_images());
            }
            assert!(
                ratio != 0 || depth < 2 || layers.takes_ball_images(),
                "{ctx}"
            );
            assert!(ratio != usize::MAX || !layers.takes_ball_images(), "{ctx}");
        }
    }
    // the default ratio takes the ball on some of these systems, not only when forced
    assert!(switched > 2, "the ball taken in {switched} searches");
}
