//! `ltsym check`: the verdicts of a property file, as text, JSON or the RERS CSV.

use std::path::PathBuf;
use std::process::ExitCode;

use ltsym::check::{CheckOptions, Engine, StartSteps};
use ltsym::parse::{self, Format, Logic, PnmlLabels};
use ltsym::symbolic::context::{AutPosition, Space};
use ltsym::symbolic::reach::Strategy;
use ltsym::symbolic::ManagerOptions;
use ltsym::Error;

use super::{load_system, warn_unknown_atoms, LimitArgs, OutputFormat};

#[derive(clap::Args)]
pub struct Args {
    /// System file: RERS .dot, RERS Promela (.pml) or PNML (.pnml).
    system: PathBuf,
    /// LTL or CTL property file (the logic is detected from its syntax).
    properties: PathBuf,
    /// Output: text (with comparisons against expected verdicts), json, or the RERS CSV.
    #[arg(long, value_enum, default_value_t)]
    format: OutputFormat,
    /// Format of the system file (default: from its extension).
    #[arg(long, value_enum)]
    input_format: Option<Format>,
    /// How PNML transition names become labels.
    #[arg(long, value_enum, default_value_t)]
    pnml_labels: PnmlLabels,
    /// The logic of the property file (default: detected from its syntax).
    #[arg(long, value_enum)]
    logic: Option<Logic>,
    /// Print a counterexample or witness path for each property.
    #[arg(long)]
    witness: bool,
    /// symbolic (BDDs), explicit (small systems), or both (and fail if they disagree).
    #[arg(long, value_enum, default_value_t)]
    engine: Engine,
    /// Reachability strategy of the symbolic engine.
    #[arg(long, value_enum, default_value_t)]
    strategy: Strategy,
    /// LTL: whether each component's start marker is a (silent) step of the trace.
    /// `skip` matches the official RERS 2016 answers (see README.md).
    #[arg(long, value_enum, default_value_t)]
    start_steps: StartSteps,
    /// LTL: where the automaton's variables go in the BDD order.
    #[arg(long, value_enum, default_value_t)]
    aut_position: AutPosition,
    /// LTL: the system states the fixpoints range over: `reach` the reachable states,
    /// `over` an over-approximation (no reachability; the same verdicts), `auto` the
    /// reachable states unless the reachability takes long.
    #[arg(long, value_enum, default_value_t)]
    space: Space,
    #[command(flatten)]
    limits: LimitArgs,
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let sys = load_system(&args.system, args.input_format, args.pnml_labels)?;
    let props = parse::load_properties(&args.properties, args.logic)?;
    warn_unknown_atoms(&sys, &args.properties, &props.atoms());
    let opts = CheckOptions {
        engine: args.engine,
        strategy: args.strategy,
        witness: args.witness,
        timeout: args.limits.timeout,
        max_nodes: args.limits.max_nodes,
        max_states: args.limits.max_states,
        start_steps: args.start_steps,
        aut_position: args.aut_position,
        space: args.space,
        manager: ManagerOptions::for_system(&sys),
        factor: args.limits.factor(),
        order: args.limits.order,
    };
    let report = ltsym::check::check(
        &sys,
        &args.system.display().to_string(),
        ltsym::report::problem_number(&args.system),
        &props,
        &opts,
    )?;
    match args.format {
        OutputFormat::Text => out!("{}", report.to_text()),
        OutputFormat::Json => outln!("{}", report.to_json()),
        OutputFormat::Csv => out!("{}", report.to_csv()),
    }
    Ok(ExitCode::from(report.exit_code()))
}
