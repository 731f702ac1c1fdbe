//! `ltsym props`: each property of a property file in canonical form, or as a SPIN claim.

use std::path::PathBuf;
use std::process::ExitCode;

use ltsym::logic::Properties;
use ltsym::parse::{self, Logic};
use ltsym::Error;

use super::{warn_unknown_atoms, SystemArgs};

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
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let sys = args.system.load()?;
    let props = parse::load_properties(&args.properties, args.logic)?;
    let print = |number: u32, expected: Option<bool>, text: String| {
        let exp = expected.map_or(String::new(), |e| format!("  (expected: {e})"));
        outln!("#{number}: {text}{exp}");
    };
    match props {
        Properties::Ltl(ps) if args.spin => {
            for p in ps {
                warn_unknown_atoms(&sys, &args.properties, &p.formula.atoms());
                outln!(
                    "ltl p{} {{ {} }}",
                    p.number,
                    ltsym::logic::ltl::to_spin(&p.formula)
                );
            }
        }
        Properties::Ctl(_) if args.spin => {
            return Err(Error::Usage(
                "--spin applies to LTL property files only".into(),
            ));
        }
        Properties::Ltl(ps) => {
            outln!("# LTL, {} properties", ps.len());
            for p in ps {
                warn_unknown_atoms(&sys, &args.properties, &p.formula.atoms());
                print(p.number, p.expected, p.formula.to_string());
            }
        }
        Properties::Ctl(ps) => {
            outln!("# CTL, {} properties", ps.len());
            for p in ps {
                warn_unknown_atoms(&sys, &args.properties, &p.formula.atoms());
                print(p.number, p.expected, p.formula.to_string());
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
