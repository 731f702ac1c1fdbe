//! `ltsym reach`: the reachable states (exact count), deadlocks and BDD statistics.

use std::process::ExitCode;

use ltsym::report::Json;
use ltsym::symbolic::reach::{race_reach, Strategy};
use ltsym::symbolic::ManagerOptions;
use ltsym::Error;

use super::{LimitArgs, SystemArgs};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    system: SystemArgs,
    /// Fixpoint strategy: saturation-style, chaining, or breadth-first.
    #[arg(long, value_enum, default_value_t)]
    strategy: Strategy,
    #[command(flatten)]
    limits: LimitArgs,
    /// Count with the explicit-state engine instead (small systems; the test oracle).
    #[arg(long)]
    explicit: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let sys = args.system.load()?;
    if args.explicit {
        let t = std::time::Instant::now();
        let r = ltsym::explicit::graph::reach(&sys, args.limits.max_states)?;
        let time_s = t.elapsed().as_secs_f64();
        if args.json {
            outln!(
                "{}",
                Json::obj([
                    ("states", Json::str(r.states.to_string())),
                    ("deadlocks", Json::str(r.deadlocks.to_string())),
                    ("transitions", Json::str(r.transitions.to_string())),
                    ("engine", Json::str("explicit")),
                    ("time_s", Json::float(time_s)),
                ])
            );
        } else {
            outln!("reachable states: {}", r.states);
            outln!("deadlock states:  {}", r.deadlocks);
            outln!("transitions:      {}", r.transitions);
            outln!("time: {time_s:.3} s (explicit engine)");
        }
        return Ok(ExitCode::SUCCESS);
    }
    let fsys = args.limits.factored(&sys);
    let orders = args.limits.order.candidates_for(&fsys)?;
    let (_, _, stats) = race_reach(
        &fsys,
        args.strategy,
        &orders,
        ManagerOptions::for_system(&sys),
        &args.limits.budget(),
    )?;
    if args.json {
        outln!("{}", stats.to_json());
    } else {
        outln!("{stats}");
    }
    Ok(ExitCode::SUCCESS)
}
