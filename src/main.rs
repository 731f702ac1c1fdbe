//! The `ltsym` command line: parses the arguments and runs the subcommand (see [`cli`]).

mod cli;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches};

#[global_allocator]
static ALLOCATOR: ltsym::reserve::Reserving = ltsym::reserve::Reserving;

fn main() -> ExitCode {
    // the matches too: what a default is may depend on which options were given
    // ([`cli::command::Command::note_given`])
    let parsed = cli::command::Cli::command()
        .try_get_matches()
        .and_then(|m| Ok((cli::command::Cli::from_arg_matches(&m)?, m)));
    let cli = match parsed {
        Ok((mut cli, matches)) => {
            cli.command.note_given(&matches);
            cli
        }
        Err(e) => {
            // --help and --version are not errors
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or(cli.log_level()))
        .format_timestamp_millis()
        .init();
    // oxidd gives its pool thread a 1 GiB stack unless told otherwise. With one thread the BDD
    // operations run on the calling thread, so the pool thread only takes address space: 1 GiB
    // of it, which under `ulimit -v` made the pool unbuildable (a panic). Set while this is the
    // only thread.
    if std::env::var_os("OXIDD_STACK_SIZE").is_none() {
        std::env::set_var("OXIDD_STACK_SIZE", (8usize << 20).to_string());
    }
    // Under RLIMIT_AS, a reserve of address space turns a failed allocation into a memory
    // limit instead of an abort (see `ltsym::reserve`): a sixteenth of the limit, taken before
    // anything is sized from what is left.
    if let Some(space) = ltsym::memory::address_space_limit() {
        ltsym::reserve::one_heap();
        ltsym::reserve::keep((space / 16).clamp(4 << 20, 256 << 20) as usize);
    }
    // The work runs on a thread whose stack fits the BDD operations, which recurse once per
    // variable level: the main thread's 8 MiB overflowed (an abort) at 40,000 variables.
    let stack = ltsym::memory::worker_stack();
    let worker = std::thread::Builder::new()
        .name("ltsym".into())
        .stack_size(stack)
        .spawn(move || cli::command::exit_code(cli.command.run(stack)));
    match worker.map(|w| w.join()) {
        Ok(Ok(code)) => code,
        Ok(Err(_)) => {
            // the panic message is out already
            eprintln!("ltsym: internal error (please report): the run panicked");
            ExitCode::from(4)
        }
        Err(e) => {
            eprintln!(
                "ltsym: cannot start the worker thread ({} of stack): {e}",
                ltsym::memory::format_size(stack as u64)
            );
            ExitCode::from(3)
        }
    }
}
