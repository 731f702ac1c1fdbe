//! The `ltsym` command line: parses the arguments and runs the subcommand (see [`cli`]).

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .format_timestamp_millis()
        .init();
    match cli::command::Cli::try_parse() {
        Ok(cli) => cli::command::exit_code(cli.command.run()),
        Err(e) => {
            // --help and --version are not errors
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            ExitCode::from(code)
        }
    }
}
