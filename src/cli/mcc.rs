//! `ltsym mcc`: the Model Checking Contest's examinations on a model folder, answered in the
//! contest's output lines, each written (and flushed) the moment it is decided: the contest's
//! harness kills a tool at its time limit, and what was printed before counts.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use ltsym::check::Engine;
use ltsym::limits::Budget;
use ltsym::mcc::{
    asked, compare, examine_with, load_model, load_properties, parse_oracle, unanswered, Answer,
    Deadlocks, Examination, LineStream, MccOptions, Property,
};
use ltsym::memory::Machine;
use ltsym::Error;

#[derive(clap::Args)]
pub struct Args {
    /// The model folder: model.pnml and the examinations' <Examination>.xml files.
    model: PathBuf,
    /// The examinations, comma separated: StateSpace, ReachabilityDeadlock, OneSafe,
    /// QuasiLiveness, StableMarking, Liveness, UpperBounds, ReachabilityCardinality,
    /// ReachabilityFireability, CTLCardinality, CTLFireability, LTLCardinality,
    /// LTLFireability; GlobalProperties stands for the five global properties.
    #[arg(long, short = 'e', value_name = "EX[,EX...]", value_parser = parse_examinations)]
    examination: Examinations,
    /// auto (the explicit engine where a search of 262,144 markings, or --max-states if
    /// fewer, finds them all, else the symbolic one), symbolic (BDDs), explicit (small nets),
    /// or both (and fail if they disagree); the compositional engine is for `ltsym check` only.
    #[arg(long, value_enum, default_value_t = Engine::Auto, hide_possible_values = true)]
    engine: Engine,
    /// CTL: what a path into a deadlock is. `finite` (it ends there) gives the contest's
    /// agreed answers (docs/mcc.md).
    #[arg(long, value_enum, default_value = "finite")]
    ctl_deadlocks: Deadlocks,
    /// LTL: what a path into a deadlock is. `stutter` (the deadlock repeats forever) gives
    /// the contest's agreed answers.
    #[arg(long, value_enum, default_value = "stutter")]
    ltl_deadlocks: Deadlocks,
    /// Compare the answers with the contest's: an oracle file `<model>-<EX>.out`, or a folder
    /// of them. The comparison goes to standard error; exit code 1 on a mismatch.
    #[arg(long, value_name = "FILE|DIR")]
    oracle: Option<PathBuf>,
    /// Wall-clock limit in seconds for each examination; what it leaves unanswered is
    /// reported by CANNOT_COMPUTE, exit code 3.
    #[arg(long, value_name = "S", value_parser = super::seconds, allow_hyphen_values = true)]
    timeout: Option<f64>,
    /// Count --timeout in CPU time of the process (user and system) instead of wall-clock
    /// time: on a machine shared with other work, each examination gets the computing time
    /// it was given.
    #[arg(long)]
    cpu_time: bool,
    /// Limit on BDD nodes in the manager.
    #[arg(long, value_name = "N", value_parser = super::count, allow_hyphen_values = true)]
    max_nodes: Option<u64>,
    /// Limit on explicit states (explicit engine).
    #[arg(long, value_name = "N", value_parser = super::count, allow_hyphen_values = true)]
    max_states: Option<u64>,
    /// Memory limit, e.g. 4G or 300M (powers of 1024); what it leaves unanswered is reported
    /// by CANNOT_COMPUTE, exit code 3. Default: the smallest of physical memory, the cgroup's
    /// memory limit and RLIMIT_AS, less a margin.
    #[arg(long, value_name = "SIZE", value_parser = ltsym::memory::parse_size,
          allow_hyphen_values = true)]
    max_memory: Option<u64>,
    /// Only these formulas of the examinations with formulas, comma separated: each an id of
    /// the examination file, or the number at its end (`5` for `...-LTLCardinality-05`).
    #[arg(long, value_name = "ID|N[,...]", value_delimiter = ',')]
    formula: Vec<String>,
}

/// Whether the property `id` is one of `wanted` (see [`Args::formula`]); all are without any.
fn wanted(id: &str, wanted: &[String]) -> bool {
    let number = |s: &str| s.trim().parse::<u64>().ok();
    let suffix = id.rsplit('-').next().and_then(number);
    wanted.is_empty()
        || wanted
            .iter()
            .any(|w| w.trim() == id || (number(w).is_some() && number(w) == suffix))
}

#[derive(Clone, Debug)]
struct Examinations(Vec<Examination>);

fn parse_examinations(s: &str) -> Result<Examinations, String> {
    let mut out = Vec::new();
    for name in s.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        if name == "GlobalProperties" {
            out.extend([
                Examination::ReachabilityDeadlock,
                Examination::OneSafe,
                Examination::QuasiLiveness,
                Examination::StableMarking,
                Examination::Liveness,
            ]);
        } else {
            out.push(name.parse()?);
        }
    }
    if out.is_empty() {
        return Err("no examination given".into());
    }
    Ok(Examinations(out))
}

/// Every result of `ex` over the properties `props`, unanswered.
fn unanswered_answers(ex: Examination, props: &[Property]) -> Vec<Answer> {
    unanswered(ex, &asked(ex, props))
}

/// The oracle file of `ex` for `model`: `oracle` itself, or the file in the folder `oracle`.
fn oracle_file(oracle: &Path, model: &str, ex: Examination) -> PathBuf {
    if oracle.is_dir() {
        oracle.join(format!("{model}-{}.out", ex.short()))
    } else {
        oracle.to_path_buf()
    }
}

/// Writes one answer line and flushes it (standard output is line-buffered even into a pipe or
/// a file, but the line must be out before the next long computation starts).
fn write_line(line: &str) {
    use std::io::Write;
    outln!("{line}");
    // a failed flush is a failed write, which `emit` has reported
    let _ = std::io::stdout().flush();
}

/// On SIGINT or SIGTERM: `CANNOT_COMPUTE` for the examination under way (its decided answers
/// are out already) and exit 3, as `ltsym check` does (signal-hook: a handler that only wakes
/// this thread). SIGKILL cannot be caught: the lines written before it are what the run
/// leaves.
fn watch_signals(stream: Arc<Mutex<LineStream>>) -> Result<(), Error> {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM])
        .map_err(|e| Error::Internal(format!("cannot watch for signals: {e}")))?;
    std::thread::spawn(move || {
        if let Some(sig) = signals.forever().next() {
            let mut s = stream.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(l) = s.interrupt() {
                write_line(&l);
            }
            let name = if sig == SIGTERM { "SIGTERM" } else { "SIGINT" };
            eprintln!("ltsym: interrupted by {name}");
            std::process::exit(3);
        }
    });
    Ok(())
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let model = load_model(&args.model)?;
    let opts = MccOptions {
        engine: args.engine,
        ctl_deadlocks: args.ctl_deadlocks,
        ltl_deadlocks: args.ltl_deadlocks,
        max_states: args.max_states,
    };
    let (mut unanswered, mut mismatched) = (false, false);
    // the reachable markings, computed once for all examinations of the run
    let mut space = None;
    let memory = Machine::read().limit(args.max_memory);
    let stream = Arc::new(Mutex::new(LineStream::new()));
    watch_signals(Arc::clone(&stream))?;
    // the lock is held while a line is written, so that a signal's CANNOT_COMPUTE comes after it
    let lock = || stream.lock().unwrap_or_else(|e| e.into_inner());
    for &ex in &args.examination.0 {
        let all = load_properties(&model, ex)?;
        let props: Vec<_> = all
            .iter()
            .filter(|p| wanted(&p.id, &args.formula))
            .cloned()
            .collect();
        if !all.is_empty() && props.is_empty() {
            return Err(Error::Usage(format!(
                "no formula of {} is one of --formula {}",
                ex.name(),
                args.formula.join(",")
            )));
        }
        let mut budget = Budget::new(args.timeout, args.max_nodes).with_memory(memory);
        if args.cpu_time {
            budget = budget
                .clone()
                .cpu_time()
                .ok_or_else(|| Error::Usage("no CPU clock on this system: --cpu-time".into()))?;
        }
        lock().begin();
        let answers = examine_with(&model, ex, &props, &opts, &budget, &mut space, &mut |a| {
            let mut s = lock();
            if let Some(l) = s.answer(a) {
                write_line(&l);
            }
        })?;
        {
            let mut s = lock();
            for l in s.finish(&answers)? {
                write_line(&l);
            }
        }
        unanswered |= answers.iter().any(|a| a.value.is_none());
        if let Some(oracle) = &args.oracle {
            let path = oracle_file(oracle, &model.name, ex);
            let text = ltsym::parse::read_file(&path)?;
            // the oracle numbers the results by their rank among all ids of the file
            let mut full = unanswered_answers(ex, &all);
            for a in answers {
                if let Some(slot) = full.iter_mut().find(|f| f.id == a.id) {
                    *slot = a;
                } else {
                    full.push(a);
                }
            }
            let mut c = compare(&full, &parse_oracle(&text));
            c.unanswered.retain(|id| wanted(id, &args.formula));
            eprintln!(
                "oracle {} {}: {} match, {} mismatch, {} beyond the contest (?), {} unanswered",
                model.name,
                ex.name(),
                c.matches,
                c.mismatches.len(),
                c.beyond.len(),
                c.unanswered.len()
            );
            for (id, ours, agreed) in &c.mismatches {
                eprintln!("MISMATCH {id} {ours} agreed {agreed}");
            }
            for (id, ours) in &c.beyond {
                eprintln!("BEYOND {id} {ours}");
            }
            for id in &c.not_in_oracle {
                eprintln!("NOT-IN-ORACLE {id}");
            }
            mismatched |= !c.mismatches.is_empty();
        }
    }
    Ok(if mismatched {
        ExitCode::from(1)
    } else if unanswered {
        ExitCode::from(3)
    } else {
        ExitCode::SUCCESS
    })
}
