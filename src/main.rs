//! The `ltsym` command line: parses arguments, calls the library, prints, and maps results to
//! exit codes (0 all properties hold, 1 some property is violated, 2 usage or input error,
//! 3 a resource limit was hit, 4 internal error).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use ltsym::check::{CheckOptions, Engine, LtlSemantics, StartSteps};
use ltsym::logic::Properties;
use ltsym::model::factor::{factor, Factored};
use ltsym::parse::{self, Format, LoadOptions, Logic, PnmlLabels};
use ltsym::report::{Json, SystemInfo};
use ltsym::symbolic::ltl::{AutPosition, Space};
use ltsym::symbolic::order::OrderSpec;
use ltsym::symbolic::reach::{race_reach, Strategy};
use ltsym::symbolic::{Budget, ManagerOptions};
use ltsym::{Error, System};

#[derive(Parser)]
#[command(
    name = "ltsym",
    version,
    about = "Symbolic model checker for parallel systems of labeled transition systems (RERS)"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print the components, labels and sizes of a system.
    Info {
        #[command(flatten)]
        system: SystemArgs,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Print each property of a property file back in canonical form.
    Props {
        #[command(flatten)]
        system: SystemArgs,
        /// LTL or CTL property file.
        properties: PathBuf,
        /// The logic of the property file (default: detected from its syntax).
        #[arg(long, value_parser = parse_from_str::<Logic>)]
        logic: Option<Logic>,
        /// Print LTL formulas in SPIN's syntax over the RERS Promela encoding
        /// (`(lastAction == a)` atoms), as `ltl pN { ... }` claims.
        #[arg(long)]
        spin: bool,
    },
    /// Compute the reachable states (exact count), deadlocks and BDD statistics.
    Reach {
        #[command(flatten)]
        system: SystemArgs,
        /// Fixpoint strategy: saturation-style, chaining, or breadth-first.
        #[arg(long, value_name = "sat|chain|bfs", default_value_t = Strategy::default(),
              value_parser = parse_from_str::<Strategy>)]
        strategy: Strategy,
        #[command(flatten)]
        limits: LimitArgs,
        /// Count with the explicit-state engine instead (small systems; the test oracle).
        #[arg(long)]
        explicit: bool,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Check LTL or CTL properties; exit code 0 all hold, 1 some violated, 3 a limit was hit.
    Check {
        /// System file: RERS .dot, RERS Promela (.pml) or PNML (.pnml).
        system: PathBuf,
        /// LTL or CTL property file (the logic is detected from its syntax).
        properties: PathBuf,
        /// Output: text (with comparisons against expected verdicts), json, or the RERS CSV.
        #[arg(long, value_name = "text|json|csv", default_value = "text",
              value_parser = ["text", "json", "csv"])]
        format: String,
        /// Format of the system file (default: from its extension).
        #[arg(long, value_name = "dot|pml|pnml|exp|aut", value_parser = parse_from_str::<Format>)]
        input_format: Option<Format>,
        /// How PNML transition names become labels.
        #[arg(long, value_name = "auto|name|mcc", default_value = "auto",
              value_parser = parse_from_str::<PnmlLabels>)]
        pnml_labels: PnmlLabels,
        /// The logic of the property file (default: detected from its syntax).
        #[arg(long, value_parser = parse_from_str::<Logic>)]
        logic: Option<Logic>,
        /// Print a counterexample or witness path for each property.
        #[arg(long)]
        witness: bool,
        /// symbolic (BDDs), explicit (small systems), or both (and fail if they disagree).
        #[arg(long, value_name = "symbolic|explicit|both", default_value = "symbolic",
              value_parser = parse_from_str::<Engine>)]
        engine: Engine,
        /// Reachability strategy of the symbolic engine.
        #[arg(long, value_name = "sat|chain|bfs", default_value_t = Strategy::default(),
              value_parser = parse_from_str::<Strategy>)]
        strategy: Strategy,
        /// LTL: whether each component's start marker is a (silent) step of the trace.
        /// `skip` matches the official RERS 2016 answers (see README.md).
        #[arg(long, value_name = "skip|trace", default_value = "skip",
              value_parser = parse_from_str::<StartSteps>)]
        start_steps: StartSteps,
        /// LTL: how a formula reads the runs: `rers` (infinite runs of labels) or `spin` (SPIN
        /// on the RERS Promela files: a first position before any label, runs into a deadlock
        /// count with their last position repeated; X refused).
        #[arg(long, value_name = "rers|spin", default_value = "rers",
              value_parser = parse_from_str::<LtlSemantics>)]
        ltl_semantics: LtlSemantics,
        /// LTL: where the automaton's variables go in the BDD order.
        #[arg(long, value_name = "top|middle|bottom", default_value = "top",
              value_parser = parse_from_str::<AutPosition>)]
        aut_position: AutPosition,
        /// LTL: the system states the fixpoints range over: `reach` the reachable states,
        /// `over` an over-approximation (no reachability; the same verdicts), `auto` the
        /// reachable states unless the reachability takes long.
        #[arg(long, value_name = "auto|reach|over", default_value = "auto",
              value_parser = parse_from_str::<Space>)]
        space: Space,
        #[command(flatten)]
        limits: LimitArgs,
    },
    /// Write a generated system in RERS .dot format.
    Gen {
        /// philosophers:N, ring:N, random:components=C,states=S,transitions=T,share=P,deadlocks=BOOL,seed=N
        /// or bits:components=C,bits=B,labels=L,share=P,seed=N (components that are products of
        /// two-state machines, like RERS 2017 110-115)
        spec: String,
        /// Output file (default: standard output).
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
}

#[derive(Args)]
struct LimitArgs {
    /// BDD variable order over the components; `auto` races `force` and `hubs` in doubling
    /// work slices.
    #[arg(long, value_name = "auto|force|hubs|force-span|sloan|given|random:SEED|file:PATH", default_value = "auto",
          value_parser = parse_from_str::<OrderSpec>)]
    order: OrderSpec,
    /// Wall-clock limit in seconds; exit code 3 when hit.
    #[arg(long, value_name = "S")]
    timeout: Option<f64>,
    /// Limit on BDD nodes in the manager (live and dead); exit code 3 when hit.
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// Limit on explicit states (explicit engine); exit code 3 when hit.
    #[arg(long, value_name = "N")]
    max_states: Option<u64>,
    /// Symbolic engine: split each component that is a product of two-state machines into
    /// them (`bits`), or keep every component whole (`none`). Counts and verdicts are the same.
    #[arg(long, value_name = "bits|none", default_value = "bits",
          value_parser = ["bits", "none"])]
    factor: String,
}

impl LimitArgs {
    fn factor(&self) -> bool {
        self.factor == "bits"
    }
}

#[derive(Args)]
struct SystemArgs {
    /// System file: RERS .dot, RERS Promela (.pml) or PNML (.pnml).
    system: PathBuf,
    /// Format of the system file (default: from its extension).
    #[arg(long = "format", alias = "input-format", value_name = "dot|pml|pnml|exp|aut",
          value_parser = parse_from_str::<Format>)]
    format: Option<Format>,
    /// How PNML transition names become labels: `mcc` takes what follows `t_<n>_`.
    #[arg(long, value_name = "auto|name|mcc", default_value = "auto",
          value_parser = parse_from_str::<PnmlLabels>)]
    pnml_labels: PnmlLabels,
}

fn parse_from_str<T: std::str::FromStr>(s: &str) -> Result<T, String>
where
    T::Err: std::fmt::Display,
{
    s.parse().map_err(|e: T::Err| e.to_string())
}

impl SystemArgs {
    fn load(&self) -> Result<System, Error> {
        parse::load_system(
            &self.system,
            &LoadOptions {
                format: self.format,
                pnml_labels: self.pnml_labels,
            },
        )
    }
}

/// Warns about atoms that name no label of the system: they are never true.
fn warn_unknown_atoms(sys: &System, path: &Path, atoms: &[String]) {
    for a in atoms {
        if sys.label_id(a).is_none() {
            log::warn!(
                "{}: `{a}` is not a label of the system; it never fires (atoms naming it are false)",
                path.display()
            );
        }
    }
}

/// Writes to standard output. A reader that went away (`ltsym ... | head`) is not an error:
/// the rest of the output is dropped and the exit code still gives the verdict. Any other
/// write error is reported, since it means output the user asked for is missing.
fn emit(args: std::fmt::Arguments) {
    use std::io::Write;
    if let Err(e) = std::io::stdout().lock().write_fmt(args) {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("ltsym: cannot write the output: {e}");
        }
    }
}

macro_rules! out {
    ($($arg:tt)*) => { emit(format_args!($($arg)*)) };
}

macro_rules! outln {
    ($($arg:tt)*) => { emit(format_args!("{}\n", format_args!($($arg)*))) };
}

fn run(cli: Cli) -> Result<ExitCode, Error> {
    match cli.command {
        Command::Info { system, json } => {
            let sys = system.load()?;
            let info = SystemInfo::of(&sys);
            if json {
                outln!("{}", info.to_json());
            } else {
                out!("{}", info.to_text());
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Props {
            system,
            properties,
            logic,
            spin,
        } => {
            let sys = system.load()?;
            let props = parse::load_properties(&properties, logic)?;
            let print = |number: u32, expected: Option<bool>, text: String| {
                let exp = expected.map_or(String::new(), |e| format!("  (expected: {e})"));
                outln!("#{number}: {text}{exp}");
            };
            match props {
                Properties::Ltl(ps) if spin => {
                    for p in ps {
                        warn_unknown_atoms(&sys, &properties, &p.formula.atoms());
                        outln!(
                            "ltl p{} {{ {} }}",
                            p.number,
                            ltsym::logic::ltl::to_spin(&p.formula)
                        );
                    }
                }
                Properties::Ctl(_) if spin => {
                    return Err(Error::Usage(
                        "--spin applies to LTL property files only".into(),
                    ));
                }
                Properties::Ltl(ps) => {
                    outln!("# LTL, {} properties", ps.len());
                    for p in ps {
                        warn_unknown_atoms(&sys, &properties, &p.formula.atoms());
                        print(p.number, p.expected, p.formula.to_string());
                    }
                }
                Properties::Ctl(ps) => {
                    outln!("# CTL, {} properties", ps.len());
                    for p in ps {
                        warn_unknown_atoms(&sys, &properties, &p.formula.atoms());
                        print(p.number, p.expected, p.formula.to_string());
                    }
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Reach {
            system,
            strategy,
            limits,
            explicit,
            json,
        } => {
            let sys = system.load()?;
            if explicit {
                let t = std::time::Instant::now();
                let r = ltsym::explicit::graph::reach(&sys, limits.max_states)?;
                let time_s = t.elapsed().as_secs_f64();
                if json {
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
            let budget = Budget::new(limits.timeout, limits.max_nodes);
            let fsys = if limits.factor() {
                factor(&sys)
            } else {
                Factored::none(&sys)
            };
            let orders = limits.order.candidates_for(&fsys)?;
            let (_, _, stats) = race_reach(
                &fsys,
                strategy,
                &orders,
                ManagerOptions::for_system(&sys),
                &budget,
            )?;
            if json {
                outln!("{}", stats.to_json());
            } else {
                outln!("{stats}");
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Check {
            system,
            properties,
            format,
            input_format,
            pnml_labels,
            logic,
            witness,
            engine,
            strategy,
            start_steps,
            ltl_semantics,
            aut_position,
            space,
            limits,
        } => {
            let sys = SystemArgs {
                system: system.clone(),
                format: input_format,
                pnml_labels,
            }
            .load()?;
            let props = parse::load_properties(&properties, logic)?;
            let atoms = match &props {
                Properties::Ltl(ps) => ps.iter().flat_map(|p| p.formula.atoms()).collect(),
                Properties::Ctl(ps) => ps.iter().flat_map(|p| p.formula.atoms()).collect(),
            };
            let mut atoms: Vec<String> = atoms;
            atoms.sort();
            atoms.dedup();
            warn_unknown_atoms(&sys, &properties, &atoms);
            let factor = limits.factor();
            let opts = CheckOptions {
                engine,
                strategy,
                order: limits.order,
                witness,
                timeout: limits.timeout,
                max_nodes: limits.max_nodes,
                max_states: limits.max_states,
                start_steps,
                ltl_semantics,
                aut_position,
                space,
                manager: ManagerOptions::for_system(&sys),
                factor,
            };
            let report = ltsym::check::check(
                &sys,
                &system.display().to_string(),
                ltsym::report::problem_number(&system),
                &props,
                &opts,
            )?;
            match format.as_str() {
                "json" => outln!("{}", report.to_json()),
                "csv" => out!("{}", report.to_csv()),
                _ => out!("{}", report.to_text()),
            }
            Ok(ExitCode::from(report.exit_code()))
        }
        Command::Gen { spec, output } => {
            let sys = ltsym::gen::family(&spec).map_err(Error::Usage)?;
            let text = ltsym::write::dot::write(&sys).map_err(Error::Usage)?;
            match output {
                Some(path) => std::fs::write(&path, text).map_err(|source| Error::Io {
                    file: path.clone(),
                    source,
                })?,
                None => out!("{text}"),
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .format_timestamp_millis()
        .init();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // --help and --version are not errors
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("ltsym: {e}");
            ExitCode::from(e.exit_code() as u8)
        }
    }
}
