//! The top-level parser and the dispatch to one subcommand file each.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use ltsym::Error;

use super::{check, gen, info, mcc, props, reach};

#[derive(Parser)]
#[command(
    name = "ltsym",
    version,
    about = "Symbolic model checker for parallel systems of labeled transition systems (RERS)"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// More progress on stderr: -v what each property costs, -vv every phase.
    #[arg(short, long, global = true, action = clap::ArgAction::Count)]
    pub verbose: u8,
    /// Only errors on stderr, no warnings.
    #[arg(short, long, global = true, conflicts_with = "verbose")]
    pub quiet: bool,
}

impl Cli {
    /// The log level the flags ask for (`RUST_LOG`, when set, wins).
    pub fn log_level(&self) -> &'static str {
        match (self.quiet, self.verbose) {
            (true, _) => "error",
            (false, 0) => "warn",
            (false, 1) => "info",
            (false, _) => "debug",
        }
    }
}

#[derive(Subcommand)]
pub enum Command {
    /// Print the components, labels and sizes of a system.
    Info(info::Args),
    /// Print each property of a property file back in canonical form.
    Props(props::Args),
    /// Compute the reachable states (exact count), deadlocks and BDD statistics.
    Reach(reach::Args),
    /// Check LTL or CTL properties; exit code 0 all hold, 1 some violated, 3 a limit was hit.
    Check(check::Args),
    /// Write a generated system in RERS .dot format.
    Gen(gen::Args),
    /// Answer Model Checking Contest examinations on a model folder, in the contest's output
    /// lines; exit code 3 when a limit left results unanswered.
    Mcc(mcc::Args),
}

impl Command {
    pub fn run(self) -> Result<ExitCode, Error> {
        match self {
            Command::Info(args) => info::run(args),
            Command::Props(args) => props::run(args),
            Command::Reach(args) => reach::run(args),
            Command::Check(args) => check::run(args),
            Command::Gen(args) => gen::run(args),
            Command::Mcc(args) => mcc::run(args),
        }
    }
}

/// The exit code of a run: its own on success, else the error's (printed first).
pub fn exit_code(result: Result<ExitCode, Error>) -> ExitCode {
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("ltsym: {e}");
            ExitCode::from(e.exit_code() as u8)
        }
    }
}
