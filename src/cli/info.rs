//! `ltsym info`: the components, labels and sizes of a system.

use std::process::ExitCode;

use ltsym::report::SystemInfo;
use ltsym::Error;

use super::SystemArgs;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    system: SystemArgs,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let info = SystemInfo::of(&args.system.load()?);
    if args.json {
        outln!("{}", info.to_json());
    } else {
        out!("{}", info.to_text());
    }
    Ok(ExitCode::SUCCESS)
}
