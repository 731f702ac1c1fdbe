//! `ltsym reach`: the reachable states (exact count), deadlocks and BDD statistics.

use std::process::ExitCode;

use ltsym::check::order_candidates;
use ltsym::report::ExplicitReach;
use ltsym::symbolic::reach::{race_reach, Strategy};
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

pub fn run(args: Args, stack: usize) -> Result<ExitCode, Error> {
    let memory = args.limits.memory();
    let sys = args.system.load()?;
    if args.explicit {
        let t = std::time::Instant::now();
        let counts = ltsym::explicit::graph::reach_within(
            &sys,
            args.limits.max_states,
            &args.limits.budget(memory)?,
        )
        .map_err(|e| e.with_memory_limit(memory))?;
        let r = ExplicitReach::new(&counts, t.elapsed().as_secs_f64());
        if args.output.json()? {
            outln!("{}", r.to_json());
        } else {
            out!("{}", r.to_text());
        }
        return Ok(ExitCode::SUCCESS);
    }
    let fsys = args.limits.factored(&sys);
    let budget = args.limits.budget(memory)?;
    let orders = order_candidates(&args.limits.order, args.limits.reorder, &fsys, &budget)?;
    let (_, _, stats) = race_reach(
        &fsys,
        args.strategy,
        &orders,
        args.limits.manager(&sys, memory, stack),
        &budget,
    )
    .map_err(|e| e.with_memory_limit(memory))?;
    log::info!("{}", stats.profile());
    if args.output.json()? {
        outln!("{}", stats.to_json());
    } else {
        outln!("{stats}");
    }
    Ok(ExitCode::SUCCESS)
}
