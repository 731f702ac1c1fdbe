//! `ltsym check`: the verdicts of a property file, as text, JSON or the RERS CSV.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use ltsym::check::Event;
use ltsym::check::{CheckOptions, Engine, LtlSemantics, StartSteps};
use ltsym::logic::{Properties, Property};
use ltsym::parse::{self, Format, Logic, PnmlLabels};
use ltsym::report::stream::{Format as Printed, Pending, Printer};
use ltsym::report::CheckReport;
use ltsym::symbolic::context::{AutPosition, Space};
use ltsym::symbolic::reach::Strategy;
use ltsym::Error;

use super::{load_system, LimitArgs, OutputFormat};

#[derive(clap::Args)]
pub struct Args {
    /// System file: RERS .dot, RERS Promela (.pml), PNML (.pnml), an .exp network of .aut
    /// files, or one .aut file.
    system: PathBuf,
    /// LTL or CTL property file (the logic is detected from its syntax); `-` reads standard
    /// input. Not with -f.
    #[arg(required_unless_present = "formula", conflicts_with = "formula")]
    properties: Option<PathBuf>,
    /// A formula to check instead of a property file (repeatable: numbered 1, 2, ... in the
    /// order given; the logic is detected, or --logic).
    #[arg(short = 'f', long = "formula", value_name = "FORMULA")]
    formula: Vec<String>,
    /// Check only these properties of the file, by number: `--property 3` or `--property 2,5,7`.
    #[arg(long, value_name = "N[,M..]", value_delimiter = ',')]
    property: Vec<u32>,
    /// Output: text (with comparisons against expected verdicts), json (one document at the
    /// end), jsonl (one object per result as it is decided), or the RERS CSV. Text, jsonl and
    /// CSV print each result the moment it is decided; SIGINT or SIGTERM prints what is
    /// decided, the rest as unknown, and exits with 3.
    #[arg(long, value_enum, default_value_t)]
    format: OutputFormat,
    /// The RERS problem number for the CSV and JSON (default: the digits in the system's file
    /// name, or its folder's).
    #[arg(long, value_name = "N")]
    problem: Option<u32>,
    /// Format of the system file (default: from its extension).
    #[arg(long, value_enum)]
    input_format: Option<Format>,
    /// How PNML transition names become labels.
    #[arg(long, value_enum, default_value_t)]
    pnml_labels: PnmlLabels,
    /// The logic of the property file (default: detected from its syntax).
    #[arg(long, value_enum)]
    logic: Option<Logic>,
    /// Print a counterexample or witness for each property: one step per line, with the
    /// components that move and their states.
    #[arg(long)]
    witness: bool,
    /// Write each counterexample or witness to a file, in the format the extension names:
    /// .dot (Graphviz), .aut (Aldebaran: CADP, mCRL2), .json or .txt; repeat for several
    /// formats. With several properties, property N goes to PATH with `-N` before the
    /// extension.
    #[arg(long, value_name = "PATH")]
    witness_out: Vec<PathBuf>,
    /// With --witness or --witness-out: the shortest counterexample for every violated LTL
    /// property (the fewest steps to the violation, then the shortest cycle, then the fewest
    /// steps to it; docs/evidence.md). Under --engine auto the properties the explicit hunt or
    /// the compositional engine found violated are then decided again by the symbolic engine,
    /// which can cost many times the check (RERS 2017 problem 113: 30 times); without it
    /// their counterexamples are made shorter on the explicit product only, and the
    /// `shortest:` line says what was proved.
    #[arg(long)]
    shortest: bool,
    /// Check even when no atom of the property file is a label of the system (by default
    /// an input error: the files do not seem to belong together).
    #[arg(long)]
    allow_unknown_atoms: bool,
    /// auto (per property the compositional engine where its compositions stay small, else a
    /// bounded explicit hunt for a counterexample (which proves a property whose product it
    /// explores whole), else a structural proof of truth, else walks for a long
    /// counterexample, then symbolic; CTL and --ltl-semantics spin: symbolic), symbolic (BDDs), explicit (small
    /// systems), both (and fail if they disagree), or compositional (hide, minimise, compose
    /// per property: LTL under the RERS reading). Without --engine, an option of the symbolic
    /// engine (--order, --reorder, --factor, --strategy, --space, --aut-position) makes it
    /// symbolic, so that the option holds for every property (-v says so); with --engine auto
    /// it holds for the properties the symbolic engine checks.
    #[arg(long, value_enum, default_value_t)]
    engine: Engine,
    /// Reachability strategy of the symbolic engine.
    #[arg(long, value_enum, default_value_t)]
    strategy: Strategy,
    /// LTL: whether each component's start marker is a (silent) step of the trace.
    /// `skip` matches the official RERS 2016 answers (docs/semantics.md).
    #[arg(long, value_enum, default_value_t)]
    start_steps: StartSteps,
    /// LTL: how a formula reads the runs: `rers` (the labels of infinite runs) or `spin`
    /// (SPIN on the RERS Promela files: a first position before any label, runs into a
    /// deadlock count with their last label repeated; X refused).
    #[arg(long, value_enum, default_value_t)]
    ltl_semantics: LtlSemantics,
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
    /// Whether --engine was given (not its default).
    #[arg(skip)]
    engine_given: bool,
    /// The options of the symbolic engine the command line gave, as flags (`--order`).
    #[arg(skip)]
    symbolic_given: Vec<&'static str>,
}

/// The options of the symbolic engine alone, by clap id and flag: under `--engine auto` they
/// would not hold for the properties the compositional engine answers.
const SYMBOLIC_OPTIONS: [(&str, &str); 6] = [
    ("order", "--order"),
    ("reorder", "--reorder"),
    ("factor", "--factor"),
    ("strategy", "--strategy"),
    ("space", "--space"),
    ("aut_position", "--aut-position"),
];

impl Args {
    /// Notes which of --engine and the symbolic engine's options `matches` gave on the
    /// command line (a default is not given).
    pub fn note_given(&mut self, matches: &clap::ArgMatches) {
        let given = |id: &str| {
            matches!(
                matches.value_source(id),
                Some(clap::parser::ValueSource::CommandLine)
            )
        };
        self.engine_given = given("engine");
        self.symbolic_given = SYMBOLIC_OPTIONS
            .iter()
            .filter(|(id, _)| given(id))
            .map(|&(_, flag)| flag)
            .collect();
    }

    /// The engine: --engine, else `auto`, or `symbolic` when an option of the symbolic engine
    /// was given, so that it holds for every property (issue 31: nothing a user gave is
    /// silently not applied).
    fn engine(&self) -> Engine {
        if self.engine_given || self.symbolic_given.is_empty() {
            if self.engine == Engine::Auto && !self.symbolic_given.is_empty() {
                log::info!(
                    "{} given: for the properties the symbolic engine checks",
                    self.symbolic_given.join(", ")
                );
            }
            return self.engine;
        }
        log::info!(
            "engine symbolic, not auto: {} given, for every property",
            self.symbolic_given.join(", ")
        );
        Engine::Symbolic
    }
}

pub fn run(args: Args, stack: usize) -> Result<ExitCode, Error> {
    let memory = args.limits.memory();
    let sys = load_system(&args.system, args.input_format, args.pnml_labels)?;
    for path in &args.witness_out {
        ltsym::evidence::file_format(path)?;
    }
    // where the properties come from, as messages name it
    let source = match &args.properties {
        Some(p) if p.as_os_str() == "-" => PathBuf::from("standard input"),
        Some(p) => p.clone(),
        None => PathBuf::from("the -f formulas"),
    };
    let props = match &args.properties {
        Some(p) => parse::load_properties(p, args.logic)?,
        None => parse::inline_properties(&args.formula, args.logic)?,
    };
    let props = parse::select_properties(props, &args.property, &source)?;
    let atoms: Vec<(u32, Vec<String>)> = match &props {
        Properties::Ltl(ps) => ps.iter().map(|p| (p.number, p.formula.atoms())).collect(),
        Properties::Ctl(ps) => ps.iter().map(|p| (p.number, p.formula.atoms())).collect(),
    };
    let unknown = parse::pairing::check_atoms(
        &sys,
        &args.system,
        &source,
        &atoms,
        args.allow_unknown_atoms,
    )?;
    let warnings: Vec<String> = unknown
        .iter()
        .map(|u| format!("{}: {}", source.display(), u.message()))
        .collect();
    for w in &warnings {
        log::warn!("{w}");
    }
    let opts = CheckOptions {
        engine: args.engine(),
        strategy: args.strategy,
        witness: args.witness || !args.witness_out.is_empty(),
        shortest: args.shortest,
        symbolic_shortening: true,
        timeout: args.limits.timeout,
        cpu_time: args.limits.cpu_time,
        max_nodes: args.limits.max_nodes,
        max_states: args.limits.max_states,
        memory,
        started: Some(args.limits.started),
        start_steps: args.start_steps,
        ltl_semantics: args.ltl_semantics,
        aut_position: args.aut_position,
        space: args.space,
        manager: args.limits.manager(&sys, memory, stack),
        factor: args.limits.factor(),
        order: args.limits.order,
        progress: super::progress(),
        ..CheckOptions::default()
    };
    let problem = match args.problem {
        Some(n) => Some(n.to_string()),
        None => ltsym::report::problem_number(&args.system),
    };
    if problem.is_none() && args.format == OutputFormat::Csv {
        return Err(Error::Usage(format!(
            "the RERS CSV needs the problem number, and `{}` has none in its name: give it \
             with --problem N",
            args.system.display()
        )));
    }
    let pending: Vec<Pending> = match &props {
        Properties::Ltl(ps) => ps.iter().map(pending).collect(),
        Properties::Ctl(ps) => ps.iter().map(pending).collect(),
    };
    let header = CheckReport {
        system: args.system.display().to_string(),
        problem: problem.clone(),
        logic: match &props {
            Properties::Ltl(_) => "LTL",
            Properties::Ctl(_) => "CTL",
        }
        .into(),
        ltl_semantics: match &props {
            Properties::Ltl(_) => Some(args.ltl_semantics.name().into()),
            Properties::Ctl(_) => None,
        },
        engine: String::new(),
        states: None,
        space_states: None,
        reach_time_s: 0.0,
        total_time_s: 0.0,
        results: Vec::new(),
        warnings: warnings.clone(),
    };
    let format = match args.format {
        OutputFormat::Text => Printed::Text,
        OutputFormat::Json => Printed::Json,
        OutputFormat::Jsonl => Printed::Jsonl,
        OutputFormat::Csv => Printed::Csv,
    };
    // Evidence files are written at the end; printed evidence goes with its result.
    let print_evidence = args.witness;
    let printer = Arc::new(Mutex::new(Printer::new(
        format,
        Box::new(std::io::stdout()),
        Box::new(std::io::stderr()),
        header,
        pending,
    )));
    watch_signals(Arc::clone(&printer))?;
    let lock = || printer.lock().unwrap_or_else(|e| e.into_inner());
    let mut report = ltsym::check::check_with(
        &sys,
        &args.system.display().to_string(),
        problem,
        &props,
        &opts,
        &mut |e| match e {
            Event::Decided(r) if !print_evidence && r.evidence.is_some() => {
                let mut r = r.clone();
                r.evidence = None;
                lock().event(Event::Decided(&r))
            }
            e => lock().event(e),
        },
    )
    .map_err(|e| e.with_memory_limit(memory))?;
    report.warnings = warnings;
    if !args.witness_out.is_empty() {
        let evidence: Vec<(u32, &ltsym::evidence::Evidence)> = report
            .results
            .iter()
            .filter_map(|r| Some((r.number, r.evidence.as_ref()?)))
            .collect();
        let one = report.results.len() == 1;
        for path in &args.witness_out {
            for f in ltsym::evidence::write_files(&evidence, path, one)? {
                log::info!("wrote {}", f.display());
            }
        }
    }
    if !print_evidence {
        for r in &mut report.results {
            r.evidence = None;
        }
    }
    let code = lock().finish(&report);
    Ok(ExitCode::from(code))
}

fn pending<F: std::fmt::Display>(p: &Property<F>) -> Pending {
    Pending {
        number: p.number,
        formula: p.formula.to_string(),
        expected: p.expected,
    }
}

/// On SIGINT or SIGTERM: completes the output with what is decided (the rest unknown,
/// interrupted) and exits with 3. A thread of its own waits for the signals, so the answer is
/// immediate however long the BDD operation under way takes; the printer's lock makes it wait
/// for a result being printed. signal-hook, because it is made for exactly this (a handler
/// that only wakes the thread, no unsafe code of ours; ctrlc covers SIGINT alone unless
/// built with its termination feature, and gives no signal name).
fn watch_signals(printer: Arc<Mutex<Printer>>) -> Result<(), Error> {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM])
        .map_err(|e| Error::Internal(format!("cannot watch for signals: {e}")))?;
    std::thread::spawn(move || {
        if let Some(sig) = signals.forever().next() {
            let name = if sig == SIGTERM { "SIGTERM" } else { "SIGINT" };
            let code = printer
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .interrupt(name);
            std::process::exit(code.into());
        }
    });
    Ok(())
}
