//! `ltsym automaton`: the automaton ltsym builds for the negation of an LTL property (the one
//! its LTL check searches the product with), in HOA v1, or its statistics.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use ltsym::automata::translate;
use ltsym::logic::{Ltl, Properties};
use ltsym::parse::{self, Logic};
use ltsym::Error;

#[derive(clap::Args)]
pub struct Args {
    /// The property, in Spot's LTL syntax (the automaton is that of its negation).
    #[arg(short, long, value_name = "FORMULA", conflicts_with = "property")]
    formula: Option<String>,
    /// The property of this number from the property file FILE.
    #[arg(long, value_name = "N", requires = "file")]
    property: Option<u32>,
    /// An LTL property file (with --property).
    file: Option<PathBuf>,
    /// Print statistics instead of the automaton, as Spot's tools do: `%s` states, `%e`
    /// edges, `%t` transitions (the letters the edges read), `%a` acceptance sets, `%f` the
    /// negated formula, `%%` a percent sign.
    #[arg(long, value_name = "FORMAT", num_args = 0..=1,
          default_missing_value = "%s states, %e edges, %t transitions, %a acceptance sets")]
    stats: Option<String>,
}

/// Spot's `--stats` format: `%s`, `%e`, `%t`, `%a`, `%f`, `%%`; any other `%x` stays as it is.
fn stats_line(format: &str, aut: &ltsym::automata::Tgba, formula: &Ltl) -> String {
    let mut out = String::new();
    let mut chars = format.chars();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('s') => out.push_str(&aut.num_states.to_string()),
            Some('e') => out.push_str(&aut.edges.len().to_string()),
            Some('t') => out.push_str(&aut.num_transitions().to_string()),
            Some('a') => out.push_str(&aut.num_acc.to_string()),
            Some('f') => out.push_str(&formula.to_string()),
            Some('%') => out.push('%'),
            Some(o) => {
                out.push('%');
                out.push(o);
            }
            None => out.push('%'),
        }
    }
    out
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let formula = match (&args.formula, args.property, &args.file) {
        (Some(f), None, None) => parse::ltl::parse_formula(f, Path::new("<formula>"))?,
        (None, Some(n), Some(file)) => {
            let Properties::Ltl(ps) = parse::load_properties(file, Some(Logic::Ltl))? else {
                return Err(Error::Internal("an LTL file read as CTL".into()));
            };
            match ps.into_iter().find(|p| p.number == n) {
                Some(p) => p.formula,
                None => {
                    return Err(Error::Usage(format!(
                        "{}: no property #{n}",
                        file.display()
                    )))
                }
            }
        }
        _ => {
            return Err(Error::Usage(
                "give a formula (-f FORMULA) or a property of a file (--property N FILE)".into(),
            ))
        }
    };
    let negated = Ltl::not(formula);
    let aut = translate(&negated)?;
    match &args.stats {
        Some(format) => outln!("{}", stats_line(format, &aut, &negated)),
        None => out!("{}", aut.to_hoa()),
    }
    Ok(ExitCode::SUCCESS)
}
