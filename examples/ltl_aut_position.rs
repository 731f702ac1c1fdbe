//! Measures where the automaton block of the LTL product costs least (top, middle or bottom of
//! the variable order) on RERS `.dot` systems, with hand-built automata of typical RERS
//! negated properties. Usage:
//!
//! ```text
//! cargo run --release --example ltl_aut_position -- FILE.dot [top|middle|bottom ...] [product|system]
//! ```
//!
//! Prints, per position: reachability time of the system, then per automaton the product
//! states, product BDD nodes, relation nodes, EL iterations and seconds per phase.

use std::time::Instant;

use ltsym::automata::{LetterSet, Tgba, TgbaEdge};
use ltsym::limits::Budget;
use ltsym::model::{System, SystemBuilder};
use ltsym::parse::{load_system, LoadOptions};
use ltsym::symbolic::context::{AutPosition, SystemCtx};
use ltsym::symbolic::ltl::{check_ltl_with, LtlOptions, Universe};
use ltsym::symbolic::ManagerOptions;

/// A minimal RERS `.dot` reader, used only while the real reader is not merged.
fn mini_dot(text: &str) -> System {
    let mut b = SystemBuilder::new();
    let mut comp = None;
    let mut edges: Vec<(usize, String, String, String)> = Vec::new();
    let mut nodes: Vec<(usize, String)> = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("subgraph ") {
            let name = rest.trim_end_matches('{').trim();
            comp = Some(b.add_component(name));
        } else if let Some(c) = comp {
            if let Some((lhs, rhs)) = line.split_once("->") {
                let from = lhs.trim().to_string();
                let to = rhs.split_whitespace().next().unwrap_or("").to_string();
                let label = rhs
                    .split("label=\"")
                    .nth(1)
                    .and_then(|r| r.split('"').next())
                    .unwrap_or("")
                    .to_string();
                edges.push((c, from, label, to));
            } else if line.contains("[label=") {
                let id = line.split_whitespace().next().unwrap_or("").to_string();
                nodes.push((c, id));
            }
        }
    }
    let targets: std::collections::HashSet<&String> = edges.iter().map(|e| &e.3).collect();
    let mut starts = std::collections::HashSet::new();
    for (c, from, label, to) in &edges {
        if label.is_empty() && !targets.contains(from) {
            starts.insert(from.clone());
            let s = b.state_or_add(*c, to);
            b.set_start(*c, s);
        }
    }
    for (c, id) in &nodes {
        if !starts.contains(id) {
            b.state_or_add(*c, id);
        }
    }
    for (c, from, label, to) in &edges {
        if starts.contains(from) {
            continue;
        }
        let f = b.state_or_add(*c, from);
        let t = b.state_or_add(*c, to);
        b.add_transition(*c, f, label, t);
    }
    b.build().expect("valid RERS file")
}

fn edge(from: usize, to: usize, letters: &[usize], n: usize, acc: u64) -> TgbaEdge {
    let mut s = LetterSet::empty(n);
    for &l in letters {
        s.insert(l);
    }
    TgbaEdge {
        from,
        to,
        letters: s,
        acc,
    }
}

fn aut(atoms: Vec<String>, n: usize, num_acc: usize, edges: Vec<TgbaEdge>) -> Tgba {
    Tgba {
        atoms,
        num_states: n,
        initial: 0,
        num_acc,
        edges,
        state_names: (0..n).map(|q| format!("q{q}")).collect(),
    }
}

/// Automata of negated RERS-like properties over labels `a < b`.
fn automata(a: &str, b: &str) -> Vec<(String, Tgba)> {
    let ab = vec![a.to_string(), b.to_string()];
    // letters: 0 = a, 1 = b, 2 = other
    vec![
        (
            format!("!G F {a}"),
            aut(
                vec![a.to_string()],
                2,
                1,
                vec![
                    edge(0, 0, &[0, 1], 2, 0),
                    edge(0, 1, &[1], 2, 0),
                    edge(1, 1, &[1], 2, 1),
                ],
            ),
        ),
        (
            format!("!G({a} -> F {b})"),
            aut(
                ab.clone(),
                2,
                1,
                vec![
                    edge(0, 0, &[0, 1, 2], 3, 0),
                    edge(0, 1, &[0], 3, 0),
                    edge(1, 1, &[0, 2], 3, 1),
                ],
            ),
        ),
        (
            format!("!(!{b} W {a})"),
            // = (!a U (b & !a)) : q0 -other-> q0, q0 -b-> q1, q1 -any-> q1 acc
            aut(
                ab.clone(),
                2,
                1,
                vec![
                    edge(0, 0, &[2], 3, 0),
                    edge(0, 1, &[1], 3, 0),
                    edge(1, 1, &[0, 1, 2], 3, 1),
                ],
            ),
        ),
        (
            format!("!(G F {a} | G F {b})"),
            // F G !a & F G !b: q0 any loop, q0 -other-> q1, q1 other loop acc
            aut(
                ab,
                2,
                1,
                vec![
                    edge(0, 0, &[0, 1, 2], 3, 0),
                    edge(0, 1, &[2], 3, 0),
                    edge(1, 1, &[2], 3, 1),
                ],
            ),
        ),
    ]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = std::path::PathBuf::from(&args[0]);
    let sys = match load_system(&path, &LoadOptions::default()) {
        Ok(s) => s,
        Err(_) => mini_dot(&std::fs::read_to_string(&path).expect("readable file")),
    };
    let mut positions: Vec<AutPosition> = args[1..]
        .iter()
        .filter_map(|s| clap::ValueEnum::from_str(s, false).ok())
        .collect();
    if positions.is_empty() {
        positions = vec![AutPosition::Top, AutPosition::Middle, AutPosition::Bottom];
    }
    let universe: Universe = args[1..]
        .iter()
        .find_map(|s| clap::ValueEnum::from_str(s, false).ok())
        .unwrap_or_default();
    // two labels of different components, as atoms
    let mut names: Vec<&str> = sys
        .labels()
        .iter()
        .filter(|l| !l.is_silent())
        .map(|l| l.name.as_str())
        .collect();
    names.sort();
    let (a, b) = (names[0], names[names.len() / 2]);
    let auts = automata(a, b);
    let order: Vec<usize> = (0..sys.components().len()).collect();
    println!(
        "{}: {} components, {} labels; atoms {a}, {b}; universe {universe:?}",
        path.display(),
        sys.components().len(),
        sys.labels().len()
    );
    for pos in positions {
        let t0 = Instant::now();
        let budget = Budget::new(Some(600.0), None);
        let ctx = SystemCtx::new(&sys, &order, pos, 4, ManagerOptions::default(), &budget)
            .expect("system reach");
        println!(
            "{pos:?}: system states {} reach {:.3}s",
            ctx.space_states().expect("count"),
            ctx.reach_seconds
        );
        for (name, aut) in &auts {
            let opts = LtlOptions {
                universe,
                ..LtlOptions::default()
            };
            let r = check_ltl_with(&ctx, &sys, aut, &budget, &opts).expect("check");
            let s = &r.stats;
            println!(
                "  {name:<28} holds={:<5} prod_states={:?} prod_nodes={} rel_nodes={} el_it={} build={:.3} reach={:.3} el={:.3} wit={:.3} cex_len={}",
                r.holds,
                s.product_states,
                s.product_nodes,
                s.relation_nodes,
                s.el_iterations,
                s.build_seconds,
                s.reach_seconds,
                s.el_seconds,
                s.witness_seconds,
                r.counterexample.as_ref().map_or(0, |l| l.prefix.len() + l.cycle.len()),
            );
        }
        println!("  total {pos:?} {:.3}s", t0.elapsed().as_secs_f64());
    }
}
