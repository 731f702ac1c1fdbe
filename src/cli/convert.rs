//! `ltsym convert`: a system in another format (`.dot`, `.pml`, `.pnml`, `.mcrl2`, `.exp` with
//! its `.aut` files), and optionally its property file as the peers of that format read it.
//! Prints the path of every file written, one per line.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use ltsym::logic::Properties;
use ltsym::parse::{self, Logic};
use ltsym::write::props::{ltsmin_lines, mu_calculus, spin_claims, LtsminAtoms};
use ltsym::write::{self, OutputFormat};
use ltsym::Error;

use super::{warn_unknown_atoms, SystemArgs};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    system: SystemArgs,
    /// The file to write; a .exp network's .aut files go beside it, named after it.
    #[arg(short, long, value_name = "OUT")]
    output: PathBuf,
    /// The format to write (default: from the extension of OUT).
    #[arg(long, alias = "format", value_enum)]
    to: Option<OutputFormat>,
    /// A property file to translate for the peers of the output format: LTL for .pml (SPIN
    /// claims in OUT-claims.pml, LTSmin formulas over `lastAction` in OUT.ltsmin) and .pnml
    /// (LTSmin formulas over the edge label in OUT.ltsmin), CTL for .mcrl2 (one modal
    /// mu-calculus formula per property, OUT-N.mcf).
    #[arg(long, value_name = "FILE")]
    properties: Option<PathBuf>,
    /// The logic of the property file (default: detected from its syntax).
    #[arg(long, value_enum)]
    logic: Option<Logic>,
}

/// `out` with its extension replaced by `suffix` (which includes any separator).
fn beside(out: &Path, suffix: &str) -> PathBuf {
    let stem = out.file_stem().and_then(|s| s.to_str()).unwrap_or("system");
    out.with_file_name(format!("{stem}{suffix}"))
}

fn write_file(path: &Path, text: &str) -> Result<(), Error> {
    std::fs::write(path, text).map_err(|source| Error::Io {
        file: path.to_path_buf(),
        source,
    })?;
    outln!("{}", path.display());
    Ok(())
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let to = match args.to.or_else(|| OutputFormat::from_path(&args.output)) {
        Some(f) => f,
        None => {
            return Err(Error::Usage(format!(
                "{}: cannot tell the output format from the file name; use --to \
                 dot|pml|pml-flat|pnml|mcrl2|exp",
                args.output.display()
            )))
        }
    };
    let sys = args.system.load()?;
    // the properties are read, and whether the output format has a translation for them
    // checked, before anything is written
    let props = match &args.properties {
        Some(p) => Some((p, parse::load_properties(p, args.logic)?)),
        None => None,
    };
    if let Some((path, props)) = &props {
        let fits = matches!(
            (to, props),
            (
                OutputFormat::Promela | OutputFormat::PromelaFlat | OutputFormat::Pnml,
                Properties::Ltl(_)
            ) | (OutputFormat::Mcrl2, Properties::Ctl(_))
        );
        if !fits {
            let logic = match props {
                Properties::Ltl(_) => "LTL",
                Properties::Ctl(_) => "CTL",
            };
            return Err(Error::Usage(format!(
                "{}: no {logic} translation for .{} output: LTL goes with .pml (SPIN, LTSmin) \
                 and .pnml (LTSmin), CTL with .mcrl2 (mCRL2)",
                path.display(),
                to.extension()
            )));
        }
    }
    for path in write::write_system(&sys, to, &args.output)? {
        outln!("{}", path.display());
    }
    let Some((path, props)) = props else {
        return Ok(ExitCode::SUCCESS);
    };
    warn_unknown_atoms(&sys, path, &props.atoms());
    let out = &args.output;
    match (to, &props) {
        (OutputFormat::Promela | OutputFormat::PromelaFlat, Properties::Ltl(ps)) => {
            write_file(&beside(out, "-claims.pml"), &spin_claims(ps, &sys))?;
            write_file(
                &beside(out, ".ltsmin"),
                &ltsmin_lines(ps, &sys, &LtsminAtoms::promela()),
            )?;
        }
        (OutputFormat::Pnml, Properties::Ltl(ps)) => {
            write_file(
                &beside(out, ".ltsmin"),
                &ltsmin_lines(ps, &sys, &LtsminAtoms::pnml_edge()),
            )?;
        }
        (OutputFormat::Mcrl2, Properties::Ctl(ps)) => {
            for p in ps {
                let text = format!("{}\n", mu_calculus(&p.formula, &sys));
                write_file(&beside(out, &format!("-{}.mcf", p.number)), &text)?;
            }
        }
        _ => return Err(Error::Internal("property translation checked above".into())),
    }
    Ok(ExitCode::SUCCESS)
}
