//! The command line: argument definitions, the argument groups subcommands share, and output.
//!
//! One file per subcommand, each an `Args` struct and a `run(args) -> Result<ExitCode>` that
//! loads its inputs, calls the library, and prints. Anything a test would want to call lives
//! in the library, not here. A new subcommand is a new file and one variant of
//! [`command::Command`] (the dispatch, in its own file so that this module, which the
//! subcommands import, imports none of them); a new flag shared by several subcommands goes
//! into an argument group here (`#[command(flatten)]`).
//!
//! Exit codes: 0 all properties hold, 1 some property is violated, 2 usage or input error,
//! 3 a resource limit was hit, 4 internal error.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::ValueEnum;

use ltsym::limits::Budget;
use ltsym::memory::{Machine, MemoryLimit};
use ltsym::model::factor::{factor, Factored};
use ltsym::parse::{self, Format, LoadOptions, PnmlLabels};
use ltsym::progress::Progress;
use ltsym::symbolic::order::OrderSpec;
use ltsym::symbolic::reorder::ReorderMode;
use ltsym::symbolic::ManagerOptions;
use ltsym::{Error, System};

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

/// `print!` through [`emit`].
macro_rules! out {
    ($($arg:tt)*) => { $crate::cli::emit(format_args!($($arg)*)) };
}

/// `println!` through [`emit`].
macro_rules! outln {
    ($($arg:tt)*) => { $crate::cli::emit(format_args!("{}\n", format_args!($($arg)*))) };
}

mod automaton;
mod check;
pub mod command;
mod compare;
mod completions;
mod convert;
#[cfg(test)]
mod docs_check;
mod gen;
mod info;
mod man;
mod mcc;
mod props;
mod reach;
mod reduce;
mod synth;

/// The output format of `info` and `reach`: `--format text|json` (`jsonl` is `json`: one
/// object on one line), and `--json`, the old spelling, kept hidden.
#[derive(clap::Args)]
struct OutputArgs {
    /// Output: text, or one JSON object (json or jsonl: the same line); csv is for `check`.
    #[arg(long, value_enum, default_value_t)]
    format: OutputFormat,
    /// Same as --format json.
    #[arg(long, hide = true)]
    json: bool,
}

impl OutputArgs {
    /// Whether to print JSON.
    fn json(&self) -> Result<bool, Error> {
        match self.format {
            _ if self.json => Ok(true),
            OutputFormat::Text => Ok(false),
            OutputFormat::Json | OutputFormat::Jsonl => Ok(true),
            OutputFormat::Csv => Err(Error::Usage(
                "--format csv is the RERS submission format of `check`; here: text or json".into(),
            )),
        }
    }
}

/// The system file and how to read it.
#[derive(clap::Args)]
struct SystemArgs {
    /// System file: RERS .dot, RERS Promela (.pml), PNML (.pnml), an .exp network of .aut
    /// files, or one .aut file.
    system: PathBuf,
    /// Format of the system file (default: from its extension).
    #[arg(long, value_enum)]
    input_format: Option<Format>,
    /// How PNML transition names become labels: `mcc` takes what follows `t_<n>_`.
    #[arg(long, value_enum, default_value_t)]
    pnml_labels: PnmlLabels,
}

impl SystemArgs {
    fn load(&self) -> Result<System, Error> {
        load_system(&self.system, self.input_format, self.pnml_labels)
    }
}

fn load_system(
    path: &Path,
    format: Option<Format>,
    pnml_labels: PnmlLabels,
) -> Result<System, Error> {
    parse::load_system(
        path,
        &LoadOptions {
            format,
            pnml_labels,
        },
    )
}

/// A bisimulation, as the command line names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum EquivalenceName {
    /// Strong bisimulation: the internal action is a label like any other.
    Strong,
    /// Branching bisimulation.
    Branching,
    /// Divergence-preserving branching bisimulation: also tells an internal loop from none.
    Dpbranching,
    /// Weak bisimulation.
    Weak,
    /// Sharp bisimulation: strong for the labels of --strong, divergence-preserving branching
    /// for the others.
    Sharp,
}

/// The bisimulation of `reduce` and `compare`.
#[derive(clap::Args)]
struct EquivalenceArgs {
    /// The bisimulation to minimise or compare modulo (required, unless a property of a
    /// property file picks it).
    #[arg(long, value_enum)]
    equivalence: Option<EquivalenceName>,
    /// With --equivalence sharp: the labels that stay strong (`i`: the internal action, which
    /// makes it strong bisimulation).
    #[arg(long, value_name = "L,..", value_delimiter = ',')]
    strong: Vec<String>,
}

impl EquivalenceArgs {
    /// The equivalence, its strong labels looked up by `id` (`i` is the internal action).
    fn equivalence_by(
        &self,
        id: &dyn Fn(&str) -> Option<ltsym::compose::Act>,
    ) -> Result<ltsym::compose::Equivalence, Error> {
        use ltsym::compose::{Equivalence, TAU};
        let Some(name) = self.equivalence else {
            return Err(Error::Usage(
                "--equivalence is required: strong, branching, dpbranching, weak or sharp".into(),
            ));
        };
        if !self.strong.is_empty() && name != EquivalenceName::Sharp {
            return Err(Error::Usage(
                "--strong names the strong labels of --equivalence sharp".into(),
            ));
        }
        Ok(match name {
            EquivalenceName::Strong => Equivalence::Strong,
            EquivalenceName::Branching => Equivalence::Branching,
            EquivalenceName::Dpbranching => Equivalence::DivBranching,
            EquivalenceName::Weak => Equivalence::Weak,
            EquivalenceName::Sharp => {
                let mut strong = Vec::new();
                for name in &self.strong {
                    if name == "i" {
                        strong.push(TAU);
                        continue;
                    }
                    match id(name) {
                        Some(a) => strong.push(a),
                        None => {
                            return Err(Error::Usage(format!(
                                "--strong: no label `{}`",
                                ltsym::error::escape_controls(name)
                            )))
                        }
                    }
                }
                strong.sort_unstable();
                strong.dedup();
                Equivalence::Sharp(strong)
            }
        })
    }

    /// The equivalence over the labels of `sys`.
    fn equivalence(&self, sys: &System) -> Result<ltsym::compose::Equivalence, Error> {
        self.equivalence_by(&|n| sys.label_id(n).map(ltsym::compose::tree::act))
    }
}

/// The variable order, the factoring, and the resource limits of a run.
#[derive(clap::Args)]
struct LimitArgs {
    /// BDD variable order over the components; `auto` races `force` and `hubs` in doubling
    /// work slices.
    #[arg(long, value_name = "auto|force|hubs|force-span|sloan|given|random:SEED|file:PATH",
          default_value = "auto", value_parser = OrderSpec::from_str, long_help = ORDER_HELP)]
    order: OrderSpec,
    /// Wall-clock limit in seconds from the start (0: stop at the first check); exit code 3
    /// when hit.
    #[arg(long, value_name = "S", value_parser = seconds, allow_hyphen_values = true)]
    timeout: Option<f64>,
    /// Count --timeout in the CPU time the process has used (user and system, from its start)
    /// instead of wall-clock time: on a machine shared with other work, the run gets the
    /// computing time it was given.
    #[arg(long)]
    cpu_time: bool,
    /// Limit on BDD nodes in the manager (live and dead); exit code 3 when hit.
    #[arg(long, value_name = "N", value_parser = count, allow_hyphen_values = true)]
    max_nodes: Option<u64>,
    /// Reordering of the BDD variables: `start` replaces an order given with --order
    /// (given, random:SEED, file:PATH) that spans more than twice FORCE's by the default order
    /// before encoding; `once` and `auto` also sift groups (each component's bits move as one)
    /// the first time the manager holds 2^20 nodes (`once`) or whenever its nodes have doubled
    /// since (`auto`); `off` keeps the order as given.
    #[arg(long, value_enum, default_value_t)]
    reorder: ReorderMode,
    /// Limit on explicit states (explicit engine); exit code 3 when hit.
    #[arg(long, value_name = "N", value_parser = count, allow_hyphen_values = true)]
    max_states: Option<u64>,
    /// Memory limit, e.g. 4G or 300M (powers of 1024); exit code 3 when hit. Default: the
    /// smallest of physical memory, the cgroup's memory limit (a Slurm job's memory request) and
    /// RLIMIT_AS (ulimit -v), less a margin.
    #[arg(long, value_name = "SIZE", value_parser = ltsym::memory::parse_size,
          allow_hyphen_values = true)]
    max_memory: Option<u64>,
    /// When the program started (the arguments are read first thing): the time limit counts
    /// from here, reading the input included.
    #[arg(skip = Instant::now())]
    started: Instant,
    /// Symbolic engine: split each component that is a product of two-state machines into
    /// them (`bits`), or keep every component whole (`none`). Counts and verdicts are the same.
    #[arg(long, value_enum, default_value_t)]
    factor: Factor,
}

/// A time limit: a finite number of seconds, not negative.
pub(super) fn seconds(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok(v),
        Ok(_) => Err(format!(
            "`{s}` is not a usable time limit: give seconds, 0 or more"
        )),
        Err(_) => Err(format!("`{s}` is not a number of seconds")),
    }
}

/// A limit on a count (nodes, states): at least 1, since any run holds one.
pub(super) fn count(s: &str) -> Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(0) => Err("a limit of 0 stops every run before it starts: give at least 1".into()),
        Ok(v) => Ok(v),
        Err(_) => Err(format!("`{s}` is not a whole number")),
    }
}

/// The long help of `--order`: its forms, laid out as clap lays out possible values
/// ([`OrderSpec`] carries data, so it is no `ValueEnum`).
const ORDER_HELP: &str = "BDD variable order over the components

Possible values:
- auto:        `force` and `hubs` race in doubling work slices; the LTL check takes the first (`sloan` in place of `force` where it spans less)
- force:       FORCE: interacting components close together
- hubs:        The components in the most synchronisations first
- force-span:  FORCE, then a greedy search on the total span
- sloan:       Sloan's profile reduction on the component interaction graph
- given:       The order of the input file
- random:SEED: A seeded shuffle
- file:PATH:   Component names or indices in a file, whitespace separated";

/// How the symbolic engine splits components ([`ltsym::model::factor`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
enum Factor {
    /// Split each component that is a product of two-state machines into them.
    #[default]
    Bits,
    /// Keep every component whole.
    None,
}

impl LimitArgs {
    fn factor(&self) -> bool {
        self.factor == Factor::Bits
    }

    fn factored(&self, sys: &System) -> Factored {
        if self.factor() {
            factor(sys)
        } else {
            Factored::none(sys)
        }
    }

    /// The time and node limits, the clock started at the start of the program (or the
    /// process's CPU time under `--cpu-time`), and the memory limit.
    fn budget(&self, memory: Option<MemoryLimit>) -> Result<Budget, Error> {
        let mut b = Budget::new(self.timeout, self.max_nodes)
            .started_at(self.started)
            .with_memory(memory);
        if let Some(p) = progress() {
            b = b.with_progress(p);
        }
        if self.cpu_time {
            b = b
                .cpu_time_from_start()
                .ok_or_else(ltsym::check::no_cpu_clock)?;
        }
        Ok(b)
    }

    /// The memory limit to work within: `--max-memory`, or what the machine allows.
    fn memory(&self) -> Option<MemoryLimit> {
        let limit = Machine::read().limit(self.max_memory);
        match limit {
            Some(l) => log::info!("memory limit {l}"),
            None => log::info!("no memory limit known: give --max-memory to set one"),
        }
        limit
    }

    /// The BDD manager's sizes for `sys`, within the memory limit and the worker's stack.
    fn manager(&self, sys: &System, memory: Option<MemoryLimit>, stack: usize) -> ManagerOptions {
        ManagerOptions::for_system(sys)
            .with_reorder(self.reorder)
            .within(memory.map(|l| l.bytes), Some(stack))
    }
}

/// The progress lines' interval when `LTSYM_PROGRESS_EVERY` (seconds) sets one, for a run that
/// wants them more or less often than every few seconds (the tests, a cluster job's log).
fn progress() -> Option<Arc<Progress>> {
    let v = std::env::var("LTSYM_PROGRESS_EVERY").ok()?;
    match v.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && s >= 0.0 => {
            Some(Arc::new(Progress::new(Duration::from_secs_f64(s))))
        }
        _ => {
            log::warn!("LTSYM_PROGRESS_EVERY={v:?} is not a number of seconds; ignored");
            None
        }
    }
}

/// How results are printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
enum OutputFormat {
    /// For people.
    #[default]
    Text,
    /// One JSON object.
    Json,
    /// `check`: one JSON object per line, each result as it is decided.
    Jsonl,
    /// The RERS submission CSV: a `problem,property,verdict` line per answered property.
    Csv,
}

/// Warns about atoms that name no label of the system: they are never true.
fn warn_unknown_atoms(sys: &System, path: &Path, atoms: &[String]) {
    for a in atoms {
        if sys.label_id(a).is_none() {
            // the target it has always had (for RUST_LOG filters), not `ltsym::cli`
            log::warn!(
                target: "ltsym",
                "{}: `{a}` is not a label of the system; it never fires (atoms naming it are false)",
                path.display()
            );
        }
    }
}
