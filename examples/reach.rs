//! Reachability statistics as one JSON line, for scripts/bench-reach.sh until the CLI's
//! `ltsym reach --json` exists.
//!
//! `cargo run --release --example reach -- FILE [STRATEGY] [ORDER] [TIMEOUT_S]`
//!
//! Reads FILE with `ltsym::parse::load_system`; while the `.dot` reader is not in this branch,
//! falls back to a minimal line-based reader of the RERS `.dot` layout (one statement per line),
//! good enough for the published problems and for nothing else.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use ltsym::model::{System, SystemBuilder};
use ltsym::parse::{load_system, LoadOptions};
use ltsym::symbolic::{run_reach, Budget, ManagerOptions, OrderSpec, Strategy};

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("info")).init();
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 2 {
        eprintln!(
            "usage: reach FILE [bfs|chain|sat] [given|force|sloan|random:N|file:P] [TIMEOUT_S]"
        );
        std::process::exit(2);
    }
    let path = Path::new(&args[1]);
    let strategy: Strategy = args
        .get(2)
        .map(|s| s.parse().unwrap_or_else(|e: String| die(&e)))
        .unwrap_or_default();
    let spec: OrderSpec = args
        .get(3)
        .map(|s| s.parse().unwrap_or_else(|e: String| die(&e)))
        .unwrap_or_default();
    let timeout: Option<f64> = args.get(4).and_then(|s| s.parse().ok());
    let sys = match load_system(path, &LoadOptions::default()) {
        Ok(s) => s,
        Err(e) => {
            if path.extension().is_some_and(|x| x == "dot") {
                quick_dot(path).unwrap_or_else(|m| die(&m))
            } else {
                die(&e.to_string())
            }
        }
    };
    let order = spec.compute(&sys).unwrap_or_else(|e| die(&e.to_string()));
    let budget = Budget::new(timeout, None);
    match run_reach(
        &sys,
        strategy,
        &order,
        &spec.to_string(),
        ManagerOptions::default(),
        &budget,
    ) {
        Ok((_, _, stats)) => println!("{}", stats.to_json()),
        Err(e) => {
            println!(
                "{{\"strategy\": \"{strategy}\", \"order_spec\": \"{spec}\", \"error\": \"{e}\", \"time_s\": {:.3}}}",
                budget.elapsed().as_secs_f64()
            );
            std::process::exit(e.exit_code());
        }
    }
}

fn die(m: &str) -> ! {
    eprintln!("reach: {m}");
    std::process::exit(2)
}

/// The RERS `.dot` layout: `subgraph NAME {`, `ID [label=...];`, `A->B [label="x" ...];`.
fn quick_dot(path: &Path) -> Result<System, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    struct Comp {
        name: String,
        nodes: Vec<String>,
        edges: Vec<(String, String, String)>,
    }
    let mut comps: Vec<Comp> = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("subgraph ") {
            comps.push(Comp {
                name: rest.trim_end_matches('{').trim().to_string(),
                nodes: Vec::new(),
                edges: Vec::new(),
            });
            continue;
        }
        let Some(c) = comps.last_mut() else { continue };
        if let Some((lhs, attrs)) = line.split_once('[') {
            let label = attrs
                .split_once("label=\"")
                .and_then(|(_, r)| r.split_once('"'))
                .map(|(l, _)| l.to_string())
                .unwrap_or_default();
            if let Some((a, b)) = lhs.split_once("->") {
                c.edges
                    .push((a.trim().to_string(), b.trim().to_string(), label));
            } else {
                c.nodes.push(lhs.trim().to_string());
            }
        }
    }
    let mut b = SystemBuilder::new();
    for comp in comps {
        let ci = b.add_component(&comp.name);
        let targets: HashSet<&str> = comp.edges.iter().map(|e| e.1.as_str()).collect();
        let mut starts: HashSet<&str> = HashSet::new();
        let mut start = None;
        for (a, t, l) in &comp.edges {
            if l.is_empty() && !targets.contains(a.as_str()) {
                starts.insert(a);
                start = Some(t.clone());
            }
        }
        let mut ids: HashMap<String, u32> = HashMap::new();
        for n in comp
            .nodes
            .iter()
            .chain(comp.edges.iter().flat_map(|e| [&e.0, &e.1]))
        {
            if !starts.contains(n.as_str()) && !ids.contains_key(n) {
                let id = b.add_state(ci, n)?;
                ids.insert(n.clone(), id);
            }
        }
        let start = start.ok_or(format!("{}: no start marker", comp.name))?;
        b.set_start(ci, ids[&start]);
        for (a, t, l) in &comp.edges {
            if !starts.contains(a.as_str()) {
                b.add_transition(ci, ids[a], l, ids[t]);
            }
        }
    }
    b.build()
}
