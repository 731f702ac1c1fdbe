//! Probe of the bounded explicit hunt (measurement aid): per LTL property of a RERS file, the
//! hunt at a bound of states (`MODE=guided`: the guided hunt; `MODE=walk`: the walks, the bound
//! in steps), with what it found, the states it found and its time.
//!
//! ```text
//! cargo run --release --example hunt_probe -- FILE.dot PROPS.txt MAX_STATES [N ...]
//! ```

use std::path::Path;
use std::time::Instant;

use ltsym::automata::translate;
use ltsym::explicit::hunt::{hunt_lasso, hunt_lasso_guided, hunt_lasso_walks, Hunt};
use ltsym::limits::Budget;
use ltsym::logic::{Ltl, Properties};
use ltsym::parse::{load_properties, load_system, LoadOptions};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let sys = load_system(Path::new(&args[1]), &LoadOptions::default()).expect("system");
    let Properties::Ltl(ps) = load_properties(Path::new(&args[2]), None).expect("props") else {
        panic!("not LTL")
    };
    let max: usize = args[3].parse().expect("max");
    let only: Vec<u32> = args[4..].iter().map(|a| a.parse().expect("n")).collect();
    let budget = Budget::unlimited();
    for p in &ps {
        if !only.is_empty() && !only.contains(&p.number) {
            continue;
        }
        let neg = translate(&Ltl::not(p.formula.clone())).expect("translate");
        let t = Instant::now();
        let h = match std::env::var("MODE").as_deref() {
            Ok("guided") => hunt_lasso_guided(&sys, &neg, max, &budget),
            Ok("walk") => hunt_lasso_walks(&sys, &neg, max, &budget),
            _ => hunt_lasso(&sys, &neg, max, &budget),
        }
        .expect("hunt");
        let s = t.elapsed().as_secs_f64();
        match h {
            Hunt::Lasso {
                prefix,
                cycle,
                states,
            } => println!(
                "#{} lasso prefix {} cycle {} states {states} {s:.4}s",
                p.number,
                prefix.len(),
                cycle.len()
            ),
            Hunt::Empty { states } => println!("#{} empty states {states} {s:.4}s", p.number),
            Hunt::Bound => println!("#{} bound {s:.4}s", p.number),
        }
    }
}
