//! `ltsym reach`: the reachable states (exact count), deadlocks and BDD statistics.

use std::process::ExitCode;

use ltsym::report::ExplicitReach;
use ltsym::symbolic::reach::{race_reach, Strategy};
use ltsym::symbolic::ManagerOptions;
use ltsym::Error;

use super::{LimitArgs, OutputArgs, SystemArgs};

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
    #[command(flatten)]
    output: OutputArgs,
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let sys = args.system.load()?;
    if args.explicit {
        let t = std::time::Instant::now();
        let counts = ltsym::explicit::graph::reach(&sys, args.limits.max_states)?;
        let r = ExplicitReach::new(&counts, t.elapsed().as_secs_f64());
        if args.output.json()? {
            outln!("{}", r.to_json());
        } else {
            out!("{}", r.to_text());
        }
        return Ok(ExitCode::SUCCESS);
    }
    let fsys = args.limits.factored(&sys);
    let orders = args.limits.order.candidates_for(&fsys)?;
    let (_, _, stats) = race_reach(
        &fsys,
        args.strategy,
        &orders,
        ManagerOptions::for_system(&sys).with_reorder(args.limits.reorder),
        &args.limits.budget(),
    )?;
    if args.output.json()? {
        outln!("{}", stats.to_json());
    } else {
        outln!("{stats}");
    }
    Ok(ExitCode::SUCCESS)
}
