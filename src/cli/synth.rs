//! `ltsym synth`: a benchmark problem with verdicts by construction, written into a folder
//! (see `ltsym::synth` and docs/synth.md). Prints the path of every file written.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use ltsym::synth::bisim::generate_bisim;
use ltsym::synth::decompose::SyncStyle;
use ltsym::synth::extension::Mode;
use ltsym::synth::naming::Naming;
use ltsym::synth::{generate, manifest, output, Knobs};
use ltsym::write::OutputFormat;
use ltsym::Error;

#[derive(clap::Args)]
pub struct Args {
    /// The folder to write into (created if missing): problem.dot, problem.pml,
    /// problem-ltl-properties.txt, problem-ctl-properties.txt, manifest.json.
    #[arg(short, long, value_name = "DIR")]
    output: PathBuf,
    /// The random seed: the same knobs, seed and version give the same bytes.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Components of the system.
    #[arg(long, default_value_t = 4)]
    components: usize,
    /// How many components come from modal-contract decompositions; the others are
    /// alphabet extensions (default: half of those beyond the first).
    #[arg(long)]
    decompositions: Option<usize>,
    /// LTL and CTL properties each (--ltl-properties and --ctl-properties set one).
    #[arg(long, default_value_t = 10)]
    properties: usize,
    #[arg(long)]
    ltl_properties: Option<usize>,
    #[arg(long)]
    ctl_properties: Option<usize>,
    /// The share of false properties.
    #[arg(long, default_value_t = 0.5)]
    false_share: f64,
    /// Structural properties: always true, not written, they shape the behaviour.
    #[arg(long, default_value_t = 1)]
    structural: usize,
    /// Labels the properties use (default: from the number of properties).
    #[arg(long)]
    core_labels: Option<usize>,
    /// At most this many states in the base modal transition system.
    #[arg(long, default_value_t = 16)]
    core_states: usize,
    /// Each label in at most two components (RERS 2016/2017), or in any number (2018-2020).
    #[arg(long, value_enum, default_value_t = SyncStyle::Pairwise)]
    sync: SyncStyle,
    /// How components grow with fresh labels: free (keeps LTL and CTL verdicts, exact state
    /// counts), cut (the thesis's cut points; CTL computed on the final system), divergent
    /// (nonconvergent; CTL computed on the final system).
    #[arg(long, value_enum, default_value_t = Mode::Free)]
    extension: Mode,
    /// At most this many fresh labels per extension.
    #[arg(long, default_value_t = 3)]
    fresh_labels: usize,
    /// At most this many states per extension (without --target-states).
    #[arg(long, default_value_t = 5)]
    extension_states: usize,
    /// The number of reachable states to aim at, as an order of magnitude (e.g. 1e20).
    #[arg(long, value_name = "N")]
    target_states: Option<f64>,
    /// Red transitions per decomposition (behaviour the context must forbid).
    #[arg(long, default_value_t = 3)]
    red: usize,
    /// The chance that an LTS keeps a may transition that is not a must transition.
    #[arg(long, default_value_t = 0.6)]
    keep_may: f64,
    /// Deep errors: no violation of a false property shows within M steps, one does within
    /// N (M,N).
    #[arg(long, value_name = "M,N", value_parser = parse_depth)]
    depth: Option<(usize, usize)>,
    /// Label names: rers2016 (c3_t4__c0_t1) or rers2019 (a17); default by --sync.
    #[arg(long, value_enum)]
    naming: Option<Naming>,
    /// Write a weak-bisimulation task instead (thesis Def. 30): a.dot and b.dot over the same
    /// visible labels, and whether they are weakly bisimilar in manifest.json.
    #[arg(long)]
    bisim: bool,
    /// With --bisim: the answer to make (default: decided by the seed).
    #[arg(long, requires = "bisim", value_name = "true|false")]
    bisimilar: Option<bool>,
    /// More formats of the system beside .dot and .pml (pnml, mcrl2, exp, pml-flat as
    /// problem-flat.pml: SPIN's input when labels are shared by more than two), comma-separated.
    #[arg(long, value_enum, value_delimiter = ',')]
    formats: Vec<OutputFormat>,
    /// Make again what a manifest.json describes (its knobs, seed, formats; --bisim and
    /// --bisimilar for a weak-bisimulation task): the same bytes when the generator version is
    /// the same.
    #[arg(long, value_name = "MANIFEST", conflicts_with_all = [
        "seed", "components", "decompositions", "properties", "ltl_properties",
        "ctl_properties", "false_share", "structural", "core_labels", "core_states", "sync",
        "extension", "fresh_labels", "extension_states", "target_states", "red", "keep_may",
        "depth", "naming", "bisim", "bisimilar", "formats",
    ])]
    from: Option<PathBuf>,
}

fn parse_depth(s: &str) -> Result<(usize, usize), String> {
    let (m, n) = s
        .split_once(',')
        .ok_or_else(|| format!("`{s}`: expected M,N (e.g. 8,20)"))?;
    let num = |x: &str| {
        x.trim()
            .parse::<usize>()
            .map_err(|_| format!("`{x}` is not a number of steps"))
    };
    Ok((num(m)?, num(n)?))
}

/// `--from`: the files a manifest's recipe makes.
fn from_manifest(path: &Path) -> Result<Vec<(String, String)>, Error> {
    let text = std::fs::read_to_string(path).map_err(|source| Error::Io {
        file: path.to_path_buf(),
        source,
    })?;
    let recipe =
        manifest::recipe(&text).map_err(|e| Error::Usage(format!("{}: {e}", path.display())))?;
    if recipe.version != manifest::VERSION {
        log::warn!(
            "{}: made by generator version {}, this is version {}: the bytes will differ",
            path.display(),
            recipe.version,
            manifest::VERSION
        );
    }
    output::recipe_files(&recipe)
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    if let Some(path) = &args.from {
        for path in output::write_files(&args.output, from_manifest(path)?)? {
            outln!("{}", path.display());
        }
        return Ok(ExitCode::SUCCESS);
    }
    let knobs = Knobs {
        seed: args.seed,
        components: args.components,
        decompositions: args.decompositions,
        ltl_properties: args.ltl_properties.unwrap_or(args.properties),
        ctl_properties: args.ctl_properties.unwrap_or(args.properties),
        false_share: args.false_share,
        structural: args.structural,
        core_labels: args.core_labels,
        core_states: args.core_states,
        sync: args.sync,
        extension: args.extension,
        fresh_labels: args.fresh_labels,
        extension_states: args.extension_states,
        target_states: args.target_states,
        red: args.red,
        keep_may: args.keep_may,
        depth: args.depth,
        naming: args.naming.unwrap_or(match args.sync {
            SyncStyle::Pairwise => Naming::Rers2016,
            SyncStyle::Multiway => Naming::Rers2019,
        }),
    };
    let files = if args.bisim {
        output::bisim_files(&generate_bisim(&knobs, args.bisimilar)?, &args.formats)?
    } else {
        output::files(&generate(&knobs)?, &args.formats)?
    };
    for path in output::write_files(&args.output, files)? {
        outln!("{}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}
