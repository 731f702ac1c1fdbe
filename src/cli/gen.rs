//! `ltsym gen`: a generated system, written in RERS .dot format.

use std::path::PathBuf;
use std::process::ExitCode;

use ltsym::Error;

#[derive(clap::Args)]
pub struct Args {
    /// philosophers:N, ring:N, random:components=C,states=S,transitions=T,share=P,deadlocks=BOOL,seed=N
    /// or bits:components=C,bits=B,labels=L,share=P,seed=N (components that are products of
    /// two-state machines, like RERS 2017 110-115; L labels per component, the shared ones
    /// counted once per side, so the system has between C*L/2 and C*L labels)
    spec: String,
    /// Output file (default: standard output).
    #[arg(short, long)]
    output: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<ExitCode, Error> {
    let sys = ltsym::gen::family(&args.spec).map_err(Error::Usage)?;
    let text = ltsym::write::dot::write(&sys).map_err(Error::Usage)?;
    match args.output {
        Some(path) => std::fs::write(&path, text).map_err(|source| Error::Io {
            file: path.clone(),
            source,
        })?,
        None => out!("{text}"),
    }
    Ok(ExitCode::SUCCESS)
}
