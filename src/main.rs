//! The `ltsym` command line: parses the arguments and runs the subcommand (see [`cli`]).

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    match cli::command::Cli::try_parse() {
        Ok(cli) => {
            let level = cli.log_level();
            env_logger::Builder::from_env(env_logger::Env::default().default_filter_or(level))
                .format_timestamp_millis()
                .init();
            cli::command::exit_code(cli.command.run())
        }
        Err(e) => {
            // --help and --version are not errors
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            ExitCode::from(code)
        }
    }
}
