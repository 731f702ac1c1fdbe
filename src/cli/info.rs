//! `ltsym info`: the components, labels and sizes of a system.

use std::process::ExitCode;

use ltsym::report::SystemInfo;
use ltsym::Error;

use super::{OutputArgs, SystemArgs};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    system: SystemArgs,
    #[command(flatten)]
    output: OutputArgs,
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let info = SystemInfo::of(&args.system.load()?);
    if args.output.json()? {
        outln!("{}", info.to_json());
    } else {
        out!("{}", info.to_text());
    }
    Ok(ExitCode::SUCCESS)
}
