//! The `ltsym` command line: parses arguments, calls the library, prints, and maps results to
//! exit codes (0 all properties hold, 1 some property is violated, 2 usage or input error,
//! 3 a resource limit was hit, 4 internal error).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use ltsym::logic::Properties;
use ltsym::parse::{self, Format, LoadOptions, Logic, PnmlLabels};
use ltsym::report::SystemInfo;
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
}

#[derive(Args)]
struct SystemArgs {
    /// System file: RERS .dot, RERS Promela (.pml) or PNML (.pnml).
    system: PathBuf,
    /// Format of the system file (default: from its extension).
    #[arg(long = "format", alias = "input-format", value_name = "dot|pml|pnml",
          value_parser = parse_from_str::<Format>)]
    format: Option<Format>,
    /// How PNML transition names become labels: `mcc` takes what follows `t_<n>_`.
    #[arg(long, value_name = "auto|name|mcc", default_value = "auto",
          value_parser = parse_from_str::<PnmlLabels>)]
    pnml_labels: PnmlLabels,
}

fn parse_from_str<T: std::str::FromStr<Err = String>>(s: &str) -> Result<T, String> {
    s.parse()
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

fn run(cli: Cli) -> Result<ExitCode, Error> {
    match cli.command {
        Command::Info { system, json } => {
            let sys = system.load()?;
            let info = SystemInfo::of(&sys);
            if json {
                println!("{}", info.to_json());
            } else {
                print!("{}", info.to_text());
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
                println!("#{number}: {text}{exp}");
            };
            match props {
                Properties::Ltl(ps) if spin => {
                    for p in ps {
                        warn_unknown_atoms(&sys, &properties, &p.formula.atoms());
                        println!(
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
                    println!("# LTL, {} properties", ps.len());
                    for p in ps {
                        warn_unknown_atoms(&sys, &properties, &p.formula.atoms());
                        print(p.number, p.expected, p.formula.to_string());
                    }
                }
                Properties::Ctl(ps) => {
                    println!("# CTL, {} properties", ps.len());
                    for p in ps {
                        warn_unknown_atoms(&sys, &properties, &p.formula.atoms());
                        print(p.number, p.expected, p.formula.to_string());
                    }
                }
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
