//! Reachability statistics as one JSON line, for scripts/bench-reach.sh until the CLI's
//! `ltsym reach --json` exists.
//!
//! `cargo run --release --example reach -- FILE [STRATEGY] [ORDER] [TIMEOUT_S]`
//! (STRATEGY `order` prints the order and its span only).
//!
//! Reads FILE with `ltsym::parse::load_system` (.dot, .pml, .pnml).

use std::path::Path;

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
    let only_order = args.get(2).is_some_and(|s| s == "order");
    let strategy: Strategy = args
        .get(2)
        .filter(|_| !only_order)
        .map(|s| s.parse().unwrap_or_else(|e: String| die(&e)))
        .unwrap_or_default();
    let spec: OrderSpec = args
        .get(3)
        .map(|s| s.parse().unwrap_or_else(|e: String| die(&e)))
        .unwrap_or_default();
    let timeout: Option<f64> = args.get(4).and_then(|s| s.parse().ok());
    let sys = load_system(path, &LoadOptions::default()).unwrap_or_else(|e| die(&e.to_string()));
    let order = spec.compute(&sys).unwrap_or_else(|e| die(&e.to_string()));
    if only_order {
        let names: Vec<&str> = order
            .iter()
            .map(|&c| sys.component(c).name.as_str())
            .collect();
        println!(
            "{{\"order_spec\": \"{spec}\", \"order_span\": {}, \"order\": {names:?}}}",
            ltsym::symbolic::order::total_span(&sys, &order)
        );
        return;
    }
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
