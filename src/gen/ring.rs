//! A token ring: `n ≥ 2` processes pass one token around; only the holder may enter its
//! critical section, and processes without the token do independent local work.
//!
//! Process `i` (states `idle`, `work`, `token`, `crit`):
//!
//! ```text
//! idle -work_i-> work -rest_i-> idle          (local work, only without the token)
//! idle -pass_{i-1}-> token                    (receive, shared with process i-1)
//! token -enter_i-> crit -leave_i-> token      (critical section)
//! token -pass_i-> idle                        (hand on, shared with process i+1)
//! ```
//!
//! Process 0 starts with the token. **Reachable states: n · 2^n**: the token is at one of `n`
//! processes, which is in `token` or `crit`, and each of the other `n − 1` is `idle` or `work`,
//! all combinations reachable. No deadlocks. Labels: `5n`, `n` of them shared.

use crate::model::{System, SystemBuilder};

pub fn token_ring(n: usize) -> Result<System, String> {
    if n < 2 {
        return Err("ring: need at least 2 processes".into());
    }
    let mut b = SystemBuilder::new();
    for i in 0..n {
        let p = b.add_component(&format!("proc{i}"));
        for s in ["idle", "work", "token", "crit"] {
            b.add_state(p, s)?;
        }
        b.set_start(p, if i == 0 { 2 } else { 0 });
        let prev = (i + n - 1) % n;
        b.add_transition(p, 0, &format!("work_{i}"), 1);
        b.add_transition(p, 1, &format!("rest_{i}"), 0);
        b.add_transition(p, 0, &format!("pass_{prev}"), 2);
        b.add_transition(p, 2, &format!("enter_{i}"), 3);
        b.add_transition(p, 3, &format!("leave_{i}"), 2);
        b.add_transition(p, 2, &format!("pass_{i}"), 0);
    }
    b.build()
}
