//! Dining philosophers as a parallel system of LTSs: `n` philosophers and `n` forks, `4n`
//! labels, each shared by one philosopher and one fork (Dijkstra's problem in the encoding
//! used to measure the BDD package before the symbolic engine was written).
//!
//! Philosopher `i` takes its left fork (fork `i`), then its right fork (fork `i+1 mod n`),
//! eats, puts the left fork back, then the right one:
//!
//! ```text
//! think -take_left_i-> left -take_right_i-> eat -release_left_i-> right -release_right_i-> think
//! ```
//!
//! Fork `i` is `free` or `taken`; it takes part in `take_left_i`/`release_left_i` (philosopher
//! `i`) and `take_right_{i-1}`/`release_right_{i-1}` (philosopher `i-1`).
//!
//! **Reachable states: 3^n − 1** (for `n ≥ 1`). The fork states are determined by the
//! philosophers', so count philosopher vectors: a vector is consistent iff no fork is held
//! twice, i.e. never `p_i ∈ {left, eat}` while `p_{i-1} ∈ {eat, right}`. The transfer matrix of
//! that cyclic constraint has eigenvalues 3, 0, 0, 0, so there are 3^n consistent vectors.
//! Every one is reachable except "all philosophers in `right`": the last philosopher `j` to
//! enter `right` did so from `eat`, holding fork `j`, while philosopher `j-1` was already in
//! `right` holding fork `j` too. The single deadlock is "all in `left`".

use crate::model::{System, SystemBuilder};

/// `n` dining philosophers (`n ≥ 1`); components alternate `phil0, fork0, phil1, fork1, ...`.
pub fn philosophers(n: usize) -> Result<System, String> {
    if n == 0 {
        return Err("philosophers: need at least 1 philosopher".into());
    }
    let mut b = SystemBuilder::new();
    let mut phil = Vec::new();
    let mut fork = Vec::new();
    for i in 0..n {
        let p = b.add_component(&format!("phil{i}"));
        for s in ["think", "left", "eat", "right"] {
            b.add_state(p, s)?;
        }
        b.set_start(p, 0);
        phil.push(p);
        let f = b.add_component(&format!("fork{i}"));
        for s in ["free", "taken"] {
            b.add_state(f, s)?;
        }
        b.set_start(f, 0);
        fork.push(f);
    }
    for i in 0..n {
        let p = phil[i];
        let (l, r) = (fork[i], fork[(i + 1) % n]);
        let tl = format!("take_left_{i}");
        let tr = format!("take_right_{i}");
        let rl = format!("release_left_{i}");
        let rr = format!("release_right_{i}");
        b.add_transition(p, 0, &tl, 1);
        b.add_transition(p, 1, &tr, 2);
        b.add_transition(p, 2, &rl, 3);
        b.add_transition(p, 3, &rr, 0);
        b.add_transition(l, 0, &tl, 1);
        b.add_transition(l, 1, &rl, 0);
        b.add_transition(r, 0, &tr, 1);
        b.add_transition(r, 1, &rr, 0);
    }
    b.build()
}
