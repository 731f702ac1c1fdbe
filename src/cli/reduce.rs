//! `ltsym reduce`: a system minimised modulo a bisimulation, after hiding: each component on
//! its own (an `.exp` network of `.aut` files), or the whole composed (one `.aut` file).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::rc::Rc;
use std::time::Instant;

use ltsym::automata::translate::translate;
use ltsym::compose::ltl::reduction_for;
use ltsym::compose::network::{as_system, leaves};
use ltsym::compose::smart::{reduce, Bounds, Cache, Reduced};
use ltsym::compose::tree::Node;
use ltsym::compose::{Equivalence, Lts, TAU};
use ltsym::limits::Budget;
use ltsym::logic::{Ltl, Properties};
use ltsym::model::LabelId;
use ltsym::parse::{self, Logic};
use ltsym::write::{self, aut, OutputFormat};
use ltsym::{Error, System};

use super::{EquivalenceArgs, SystemArgs};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    system: SystemArgs,
    #[command(flatten)]
    equivalence: EquivalenceArgs,
    /// Hide these labels (make them internal): a label of one component at once, a label
    /// that several share once they are composed (without --compose: a joint internal label
    /// of the components that share it).
    #[arg(
        long,
        value_name = "L,..",
        value_delimiter = ',',
        conflicts_with = "keep"
    )]
    hide: Vec<String>,
    /// Hide every label but these.
    #[arg(long, value_name = "L,..", value_delimiter = ',')]
    keep: Vec<String>,
    /// Reduce as the compositional engine of `check` does for property --property of this LTL
    /// file: its labels kept, every other hidden, modulo the bisimulation that keeps its
    /// verdict (dpbranching where the property is interruptible, else strong); instead of
    /// --equivalence, --hide and --keep.
    #[arg(long, value_name = "FILE", requires = "property",
          conflicts_with_all = ["hide", "keep", "equivalence"])]
    properties: Option<PathBuf>,
    /// The number of the property of --properties.
    #[arg(long, value_name = "N", requires = "properties")]
    property: Option<u32>,
    /// Compose the components (in a smart order, minimising as it goes) and write the whole
    /// system as one .aut file; without it, each component is minimised on its own and the
    /// network is written as an .exp file with one .aut file per component beside it.
    #[arg(long)]
    compose: bool,
    /// With --compose: restrict each component, and each composition as it is built, to the
    /// behaviour the LTSs it shares labels with allow (CADP's projection; the same result,
    /// sometimes smaller on the way).
    #[arg(long, requires = "compose")]
    restrict: bool,
    /// With --compose: stop (exit code 3) rather than build an LTS of more states.
    #[arg(long, value_name = "N", value_parser = super::count, default_value = "10000000")]
    max_states: u64,
    /// With --compose: also write the largest LTS made on the way (a composition before it
    /// was minimised, as a rule) to this .aut file, e.g. to minimise it with another tool;
    /// written also when the state limit stops the composition.
    #[arg(long, value_name = "PATH.aut", requires = "compose")]
    largest_out: Option<PathBuf>,
    /// The file to write: .exp (with its .aut files beside it, named after it), or .aut with
    /// --compose.
    #[arg(short, long, value_name = "OUT")]
    output: PathBuf,
}

/// The labels `names` of `sys`, ascending; an unknown name is a usage error.
fn label_ids(sys: &System, names: &[String], flag: &str) -> Result<Vec<LabelId>, Error> {
    let mut out = Vec::new();
    for n in names {
        match sys.label_id(n) {
            Some(l) => out.push(l),
            None => {
                return Err(Error::Usage(format!(
                    "{flag}: the system has no label `{}`",
                    ltsym::error::escape_controls(n)
                )))
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let t0 = Instant::now();
    let sys = args.system.load()?;
    let (eq, kept, keep_given) = match (&args.properties, args.property) {
        (Some(file), Some(n)) => {
            let (eq, kept) = for_property(&sys, file, n)?;
            (eq, kept, true)
        }
        _ => (
            args.equivalence.equivalence(&sys)?,
            label_ids(&sys, &args.keep, "--keep")?,
            !args.keep.is_empty(),
        ),
    };
    let hidden = label_ids(&sys, &args.hide, "--hide")?;
    let hide = |l: LabelId| {
        if keep_given {
            kept.binary_search(&l).is_err()
        } else {
            hidden.binary_search(&l).is_ok()
        }
    };
    let before: (usize, usize) = sys
        .components()
        .iter()
        .map(|c| (c.num_states(), c.transitions.len()))
        .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    let ext = args
        .output
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("");
    if args.compose {
        if ext != "aut" {
            return Err(Error::Usage(format!(
                "with --compose the output is one .aut file, not `{}`",
                args.output.display()
            )));
        }
        let keep_all: Vec<LabelId> = (0..sys.labels().len())
            .filter(|&l| !sys.label(l).is_silent() && !hide(l))
            .collect();
        let done = composed(&sys, &keep_all, &eq, args.max_states, args.restrict)?;
        if let Some(path) = &args.largest_out {
            write_aut(&sys, &done.largest().lts, path)?;
        }
        let largest = done.largest();
        let largest = (
            largest.lts.num_states(),
            largest.lts.num_transitions(),
            largest.comps.len(),
        );
        let node = match done {
            Composed::Whole(node) => node,
            Composed::Stopped { left, max_states } => {
                outln!(
                    "{} components, {} states and {} transitions in all, composed and minimised \
                     modulo {} until the state limit: {} reduced LTSs left ({}), composing two \
                     more needs at least {} states (largest LTS on the way: {} states, {} \
                     transitions, {} of the components) in {:.2} s",
                    sys.components().len(),
                    before.0,
                    before.1,
                    eq.name(),
                    left.len(),
                    left.iter()
                        .map(|n| format!("{} states", n.lts.num_states()))
                        .collect::<Vec<_>>()
                        .join(", "),
                    smallest_product(&left),
                    largest.0,
                    largest.1,
                    largest.2,
                    t0.elapsed().as_secs_f64()
                );
                if let Some(path) = &args.largest_out {
                    outln!("wrote {}", path.display());
                }
                return Err(Error::Limit(ltsym::error::Limit::States {
                    max: max_states,
                }));
            }
        };
        write_aut(&sys, &node.lts, &args.output)?;
        outln!(
            "{} components, {} states and {} transitions in all, composed and minimised modulo {}: \
             {} states, {} transitions (largest LTS on the way: {} states, {} transitions, {} of \
             the components) in {:.2} s",
            sys.components().len(),
            before.0,
            before.1,
            eq.name(),
            node.lts.num_states(),
            node.lts.num_transitions(),
            largest.0,
            largest.1,
            largest.2,
            t0.elapsed().as_secs_f64()
        );
        outln!("wrote {}", args.output.display());
        if let Some(path) = &args.largest_out {
            outln!("wrote {}", path.display());
        }
        return Ok(ExitCode::SUCCESS);
    }
    if ext != "exp" {
        return Err(Error::Usage(format!(
            "without --compose the output is an .exp network, not `{}` (--compose writes one .aut)",
            args.output.display()
        )));
    }
    let nodes = leaves(&sys, &hide, &eq)?;
    let names: Vec<String> = sys.components().iter().map(|c| c.name.clone()).collect();
    let (net, _) = as_system(&sys, &nodes, &names, &|l| hide(l))?;
    for (c, node) in nodes.iter().enumerate() {
        let comp = sys.component(c);
        outln!(
            "{:<14} {:>7} states {:>8} transitions  ->  {:>7} states {:>8} transitions",
            comp.name,
            comp.num_states(),
            comp.transitions.len(),
            node.lts.num_states(),
            node.lts.num_transitions()
        );
    }
    let after = nodes
        .iter()
        .map(|n| (n.lts.num_states(), n.lts.num_transitions()))
        .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    outln!(
        "in all: {} states, {} transitions  ->  {} states, {} transitions (modulo {}, {:.2} s)",
        before.0,
        before.1,
        after.0,
        after.1,
        eq.name(),
        t0.elapsed().as_secs_f64()
    );
    for path in write::write_system(&net, OutputFormat::Exp, &args.output)? {
        log::info!("wrote {}", path.display());
    }
    outln!("wrote {} and its .aut files", args.output.display());
    Ok(ExitCode::SUCCESS)
}

/// What [`composed`] built: the whole system, or what was left when the state limit stopped it.
pub(super) enum Composed {
    /// The whole system, composed and minimised.
    Whole(Rc<Node>),
    /// The reduced LTSs left when composing any two more would pass `max_states` states.
    Stopped {
        left: Vec<Rc<Node>>,
        max_states: u64,
    },
}

impl Composed {
    /// The whole system, or the state limit (exit code 3) that stopped its composition.
    pub(super) fn whole(self) -> Result<Rc<Node>, Error> {
        match self {
            Composed::Whole(node) => Ok(node),
            Composed::Stopped { max_states, .. } => {
                Err(Error::Limit(ltsym::error::Limit::States {
                    max: max_states,
                }))
            }
        }
    }

    /// The LTS with the most states (then transitions) made on the way: in the reduction tree
    /// of the whole system, or in the trees of the LTSs left.
    pub(super) fn largest(&self) -> &Node {
        let size = |n: &Node| (n.lts.num_states(), n.lts.num_transitions());
        match self {
            Composed::Whole(node) => node.largest(),
            Composed::Stopped { left, .. } => left
                .iter()
                .map(|n| n.largest())
                .max_by_key(|n| size(n))
                .expect("a system has a component"),
        }
    }
}

/// `sys` composed and minimised modulo `eq` in a smart order, the labels not in `kept`
/// (ascending) hidden as soon as every component that has them is in, building no LTS of more
/// than `max_states` states, restricting each LTS to what its environment allows if `restrict`.
pub(super) fn composed(
    sys: &System,
    kept: &[LabelId],
    eq: &Equivalence,
    max_states: u64,
    restrict: bool,
) -> Result<Composed, Error> {
    let max = usize::try_from(max_states).unwrap_or(usize::MAX);
    let bounds = Bounds {
        restrict,
        ..Bounds::states(max)
    };
    Ok(
        match reduce(
            sys,
            kept,
            eq,
            bounds,
            &mut Cache::new(),
            &Budget::unlimited(),
        )? {
            Reduced::Final(node, _) => Composed::Whole(node),
            Reduced::Network(left, _, _) => {
                log::info!(
                    "{} reduced LTSs left; composing two more needs at least {} states",
                    left.len(),
                    smallest_product(&left)
                );
                Composed::Stopped { left, max_states }
            }
        },
    )
}

/// The equivalence and the kept labels (ascending) of LTL property `n` of `file` on `sys`, as
/// the compositional engine picks them.
fn for_property(sys: &System, file: &Path, n: u32) -> Result<(Equivalence, Vec<LabelId>), Error> {
    let Properties::Ltl(ps) = parse::load_properties(file, Some(Logic::Ltl))? else {
        return Err(Error::Internal("an LTL file read as CTL".into()));
    };
    let Some(p) = ps.into_iter().find(|p| p.number == n) else {
        return Err(Error::Usage(format!(
            "{}: no property #{n}",
            file.display()
        )));
    };
    let neg = translate(&Ltl::not(p.formula.clone()))?;
    let pos = translate(&p.formula)?;
    let (eq, kept) = reduction_for(sys, &neg, &pos);
    log::info!(
        "property #{n}: modulo {} keeping {} labels",
        eq.name(),
        kept.len()
    );
    Ok((eq, kept))
}

/// Writes `lts` (over the labels of `sys`) to the `.aut` file `path`.
fn write_aut(sys: &System, lts: &Lts, path: &Path) -> Result<(), Error> {
    let transitions: Vec<aut::AutTransition> = lts
        .transitions()
        .map(|(s, a, t)| {
            let label = (a != TAU).then(|| sys.label(a as LabelId).name.as_str());
            (s, label, t)
        })
        .collect();
    let text = aut::write(lts.initial(), lts.num_states(), &transitions)
        .map_err(|e| Error::Usage(format!("cannot write {}: {e}", path.display())))?;
    std::fs::write(path, text).map_err(|source| Error::Io {
        file: path.to_path_buf(),
        source,
    })
}

/// The fewest states of a product of two of the nodes: what the state limit must allow for
/// the next composition.
fn smallest_product(nodes: &[Rc<Node>]) -> u64 {
    let mut sizes: Vec<u64> = nodes.iter().map(|n| n.lts.num_states() as u64).collect();
    sizes.sort_unstable();
    sizes.iter().take(2).product()
}
