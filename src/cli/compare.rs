//! `ltsym compare`: are two systems equivalent modulo a bisimulation? Each is composed and
//! minimised (all its visible labels kept), then the two results are compared; labels are
//! matched by name.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use ltsym::compose::compare::{compare, Difference};
use ltsym::compose::{Act, Lts, TAU};
use ltsym::model::LabelId;
use ltsym::{Error, System};

use super::reduce::composed;
use super::{load_system, EquivalenceArgs};
use ltsym::parse::{Format, PnmlLabels};

#[derive(clap::Args)]
pub struct Args {
    /// The first system: RERS .dot, Promela, PNML, an .exp network or one .aut file.
    first: PathBuf,
    /// The second system, in any of those formats.
    second: PathBuf,
    #[command(flatten)]
    equivalence: EquivalenceArgs,
    /// Format of both system files (default: from each extension).
    #[arg(long, value_enum)]
    input_format: Option<Format>,
    /// How PNML transition names become labels: `mcc` takes what follows `t_<n>_`.
    #[arg(long, value_enum, default_value_t)]
    pnml_labels: PnmlLabels,
    /// Hide every label but these (in both systems; e.g. the visible labels of a
    /// weak-bisimulation task that `ltsym synth` writes). Default: every label is kept.
    #[arg(long, value_name = "L,..", value_delimiter = ',')]
    keep: Vec<String>,
    /// Stop (exit code 3) rather than build an LTS of more states while composing either.
    #[arg(long, value_name = "N", value_parser = super::count, default_value = "10000000")]
    max_states: u64,
}

/// The visible labels of `sys` that `keep` names (every one when it is empty), ascending.
fn visible(sys: &System, keep: &[String]) -> Vec<LabelId> {
    (0..sys.labels().len())
        .filter(|&l| !sys.label(l).is_silent())
        .filter(|&l| keep.is_empty() || keep.contains(&sys.label(l).name))
        .collect()
}

/// `sys` composed and minimised modulo the equivalence, its actions renamed to their number in
/// `names` (every visible label name of both systems).
fn reduced(sys: &System, args: &Args, names: &BTreeMap<String, Act>) -> Result<Lts, Error> {
    let eq = args.equivalence.equivalence(sys)?;
    let node = composed(sys, &visible(sys, &args.keep), &eq, args.max_states, false)?.whole()?;
    Ok(node.lts.rename(|a| names[&sys.label(a as LabelId).name]))
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let t0 = Instant::now();
    let first = load_system(&args.first, args.input_format, args.pnml_labels)?;
    let second = load_system(&args.second, args.input_format, args.pnml_labels)?;
    let mut names: BTreeMap<String, Act> = BTreeMap::new();
    for sys in [&first, &second] {
        for l in visible(sys, &args.keep) {
            let next = names.len() as Act;
            names.entry(sys.label(l).name.clone()).or_insert(next);
        }
    }
    let eq = args
        .equivalence
        .equivalence_by(&|n| names.get(n).copied())?;
    let a = reduced(&first, &args, &names)?;
    let b = reduced(&second, &args, &names)?;
    let by_act: BTreeMap<Act, &str> = names.iter().map(|(n, &a)| (a, n.as_str())).collect();
    outln!(
        "{}: {} states, {} transitions; {}: {} states, {} transitions (minimised modulo {})",
        args.first.display(),
        a.num_states(),
        a.num_transitions(),
        args.second.display(),
        b.num_states(),
        b.num_transitions(),
        eq.name()
    );
    let verdict = match compare(&a, &b, &eq) {
        None => {
            outln!(
                "equivalent modulo {} ({:.2} s)",
                eq.name(),
                t0.elapsed().as_secs_f64()
            );
            return Ok(ExitCode::SUCCESS);
        }
        Some(d) => d,
    };
    outln!("not equivalent modulo {}", eq.name());
    match verdict {
        Difference::Trace { trace, first_can } => {
            let words: Vec<&str> = trace
                .iter()
                .map(|&x| if x == TAU { "i" } else { by_act[&x] })
                .collect();
            let (can, cannot) = if first_can {
                (&args.first, &args.second)
            } else {
                (&args.second, &args.first)
            };
            outln!(
                "distinguishing trace: {} can perform `{}`, {} cannot",
                can.display(),
                words.join(" "),
                cannot.display()
            );
        }
        Difference::SameTraces { searched } => outln!(
            "both have the same traces (searched {searched} pairs of state sets): they differ \
             in their branching or divergence"
        ),
    }
    Ok(ExitCode::from(1))
}
