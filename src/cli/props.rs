//! `ltsym props`: each property of a property file in canonical form, or as a SPIN claim; as
//! text or one JSON object (`--format json`).

use std::path::PathBuf;
use std::process::ExitCode;

use ltsym::logic::Properties;
use ltsym::parse::{self, Logic};
use ltsym::report::{PropertyFileInfo, PropertyInfo};
use ltsym::Error;

use super::{warn_unknown_atoms, OutputArgs, SystemArgs};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    system: SystemArgs,
    /// LTL or CTL property file.
    properties: PathBuf,
    /// The logic of the property file (default: detected from its syntax).
    #[arg(long, value_enum)]
    logic: Option<Logic>,
    /// Print LTL formulas in SPIN's syntax over the RERS Promela encoding
    /// (`(lastAction == a)` atoms), as `ltl pN { ... }` claims.
    #[arg(long)]
    spin: bool,
    #[command(flatten)]
    output: OutputArgs,
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let json = args.output.json()?;
    let sys = args.system.load()?;
    let props = parse::load_properties(&args.properties, args.logic)?;
    let info = |number: u32, expected: Option<bool>, formula: String, atoms: Vec<String>| {
        warn_unknown_atoms(&sys, &args.properties, &atoms);
        PropertyInfo {
            number,
            formula,
            expected,
            spin: None,
            unknown_atoms: atoms
                .into_iter()
                .filter(|a| sys.label_id(a).is_none())
                .collect(),
        }
    };
    let (logic, properties) = match props {
        Properties::Ctl(_) if args.spin => {
            return Err(Error::Usage(
                "--spin applies to LTL property files only".into(),
            ));
        }
        Properties::Ltl(ps) => (
            "LTL",
            ps.iter()
                .map(|p| PropertyInfo {
                    spin: args.spin.then(|| ltsym::logic::ltl::to_spin(&p.formula)),
                    ..info(
                        p.number,
                        p.expected,
                        p.formula.to_string(),
                        p.formula.atoms(),
                    )
                })
                .collect::<Vec<_>>(),
        ),
        Properties::Ctl(ps) => (
            "CTL",
            ps.iter()
                .map(|p| {
                    info(
                        p.number,
                        p.expected,
                        p.formula.to_string(),
                        p.formula.atoms(),
                    )
                })
                .collect(),
        ),
    };
    let file = PropertyFileInfo {
        file: args.properties.display().to_string(),
        logic: logic.into(),
        properties,
    };
    if json {
        outln!("{}", file.to_json());
    } else if args.spin {
        for p in &file.properties {
            outln!(
                "ltl p{} {{ {} }}",
                p.number,
                p.spin.as_deref().unwrap_or("")
            );
        }
    } else {
        outln!("# {}, {} properties", file.logic, file.properties.len());
        for p in &file.properties {
            let exp = p
                .expected
                .map_or(String::new(), |e| format!("  (expected: {e})"));
            outln!("#{}: {}{exp}", p.number, p.formula);
        }
    }
    Ok(ExitCode::SUCCESS)
}
