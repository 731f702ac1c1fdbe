//! `ltsym completions SHELL`: the shell's completion script, generated from the argument
//! definitions by `clap_complete`, so that it names exactly the subcommands, flags and values
//! the parser takes.

use std::process::ExitCode;

use clap_complete::Shell;

use ltsym::Error;

#[derive(clap::Args)]
pub struct Args {
    /// The shell to complete for. Install: bash `ltsym completions bash >
    /// ~/.local/share/bash-completion/completions/ltsym`; zsh into a folder on `$fpath` as
    /// `_ltsym`; fish `> ~/.config/fish/completions/ltsym.fish`.
    #[arg(value_enum)]
    shell: Shell,
}

/// Prints the script for `cli`, the whole command line's definition (the dispatch passes it:
/// this file does not import the parser, which imports it).
pub fn run(args: Args, mut cli: clap::Command) -> Result<ExitCode, Error> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut cli, "ltsym", &mut script);
    out!("{}", String::from_utf8_lossy(&script));
    Ok(ExitCode::SUCCESS)
}
