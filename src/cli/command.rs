//! The top-level parser and the dispatch to one subcommand file each.

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

use ltsym::Error;

use super::{
    automaton, check, compare, completions, convert, gen, info, man, mcc, props, reach, reduce,
    synth,
};

#[derive(Parser)]
#[command(
    name = "ltsym",
    version,
    about = "Symbolic model checker for parallel systems of labeled transition systems (RERS)",
    long_about = "Symbolic model checker for parallel systems of labeled transition systems \
                  (LTSs): the RERS Challenge parallel LTL and CTL benchmarks and anything shaped \
                  like them. Reads RERS .dot, RERS Promela, one-safe NUPN PNML and CADP .exp \
                  networks of .aut files; checks LTL (Spot syntax) and CTL (RERS syntax) \
                  property files with verdicts backed by replayed counterexamples; writes the \
                  systems for SPIN, LTSmin, mCRL2 and CADP; answers the Model Checking \
                  Contest's examinations.",
    after_help = "Exit codes: 0 all properties hold, 1 some property is violated, 2 usage or input \
                  error, 3 a resource limit was hit, 4 internal error. `ltsym help COMMAND` for \
                  each command; `ltsym man` for the manual pages."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// More on stderr: -v progress every few seconds and what each property costs, -vv every
    /// phase.
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
            // our own debug lines only: a dependency's (the LP solver's per-iteration lines) would drown
            // them (`RUST_LOG=debug` still shows everything)
            (false, _) => "warn,ltsym=debug",
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
    /// Write a system in another format (.dot, .pml, .pnml, .mcrl2, .exp with .aut files),
    /// and its properties as the peers of that format read them.
    Convert(convert::Args),
    /// Print the automaton of a negated LTL property in HOA v1 (or its statistics).
    Automaton(automaton::Args),
    /// Minimise a system modulo a bisimulation after hiding labels: each component (an .exp
    /// network) or the whole composition (one .aut).
    Reduce(reduce::Args),
    /// Are two systems equivalent modulo a bisimulation? Exit code 0 when they are, 1 (with a
    /// distinguishing trace where one exists) when they are not.
    Compare(compare::Args),
    /// Synthesise a RERS-style benchmark problem with verdicts by construction (system,
    /// LTL and CTL property files with verdicts, manifest.json).
    Synth(synth::Args),
    /// Answer Model Checking Contest examinations on a model folder, in the contest's output
    /// lines; exit code 3 when a limit left results unanswered.
    Mcc(mcc::Args),
    /// Print the shell completion script for bash, zsh, fish, elvish or powershell.
    Completions(completions::Args),
    /// Print a manual page (roff), or write them all into a folder.
    Man(man::Args),
}

impl Command {
    /// Tells the subcommand which options its command line gave, defaults apart: `check`'s
    /// engine depends on them ([`check::Args::note_given`]).
    pub fn note_given(&mut self, matches: &clap::ArgMatches) {
        if let (Command::Check(args), Some(("check", m))) = (self, matches.subcommand()) {
            args.note_given(m);
        }
    }

    /// Runs the subcommand; `stack` is the stack size of the thread it runs on (the engines'
    /// threads get the same).
    pub fn run(self, stack: usize) -> Result<ExitCode, Error> {
        match self {
            Command::Info(args) => info::run(args),
            Command::Props(args) => props::run(args),
            Command::Reach(args) => reach::run(args, stack),
            Command::Check(args) => check::run(args, stack),
            Command::Gen(args) => gen::run(args),
            Command::Convert(args) => convert::run(args),
            Command::Automaton(args) => automaton::run(args),
            Command::Reduce(args) => reduce::run(args),
            Command::Compare(args) => compare::run(args),
            Command::Mcc(args) => mcc::run(args),
            Command::Synth(args) => synth::run(args),
            Command::Completions(args) => completions::run(args, Cli::command()),
            Command::Man(args) => man::run(args, Cli::command()),
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

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::Cli;

    /// The flags a help text names: `--long` words, and `-x` single lowercase letters standing
    /// alone (not `-N` in a file name pattern, nor the `-` of standard input).
    fn flags_named(text: &str) -> Vec<String> {
        let mut found = Vec::new();
        let chars: Vec<char> = text.chars().collect();
        for i in 0..chars.len() {
            let boundary = i == 0 || " \t\n`'([,/".contains(chars[i - 1]);
            if chars[i] != '-' || !boundary {
                continue;
            }
            let word: String = chars[i..]
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric() || **c == '-')
                .collect();
            if let Some(long) = word.strip_prefix("--") {
                if long.starts_with(|c: char| c.is_ascii_lowercase()) {
                    found.push(word.trim_end_matches('-').to_string());
                }
            } else if word.len() == 2 && word.as_bytes()[1].is_ascii_lowercase() {
                found.push(word);
            }
        }
        found
    }

    /// `ltsym help SUB` (the long help, as `--help` prints it) names only flags that SUB takes:
    /// its own, the global ones, and `-h`/`--help`/`-V`/`--version`.
    #[test]
    fn every_help_text_names_only_flags_its_subcommand_takes() {
        let mut root = Cli::command();
        root.build();
        let mut checked = 0;
        for sub in root.get_subcommands() {
            let mut taken: Vec<String> = vec!["--help".into(), "-h".into()];
            for a in sub.get_arguments().chain(root.get_arguments()) {
                if let Some(l) = a.get_long() {
                    taken.push(format!("--{l}"));
                }
                for l in a.get_all_aliases().unwrap_or_default() {
                    taken.push(format!("--{l}"));
                }
                if let Some(s) = a.get_short() {
                    taken.push(format!("-{s}"));
                }
            }
            let help = sub.clone().render_long_help().to_string();
            for f in flags_named(&help) {
                assert!(
                    taken.contains(&f),
                    "`ltsym help {}` names {f}, which it does not take:\n{help}",
                    sub.get_name()
                );
                checked += 1;
            }
        }
        assert!(checked > 40, "only {checked} flags found in the help texts");
        let top = root.render_long_help().to_string();
        let subs: Vec<&str> = root.get_subcommands().map(|s| s.get_name()).collect();
        for name in ["info", "props", "reach", "check", "gen"] {
            assert!(subs.contains(&name) && top.contains(name), "{name}");
        }
    }

    #[test]
    fn flags_are_found_in_help_text() {
        let f = flags_named("Use --format json (`-f FORMULA`, not -N or `-`); -vv, --witness-out.");
        assert_eq!(f, ["--format", "-f", "--witness-out"]);
    }
}
