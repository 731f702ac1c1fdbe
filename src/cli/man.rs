//! `ltsym man`: the manual pages, generated from the argument definitions by `clap_mangen`,
//! one page per subcommand (`ltsym.1`, `ltsym-check.1`, ...), as git and cargo ship theirs.
//!
//! Why a subcommand and not a build script: the definitions live in the binary (`src/cli/`),
//! which a build script cannot call without compiling the command line twice; the binary can
//! write its own pages wherever it is installed, with no source tree. The repository keeps a
//! copy in `docs/man/` for readers and packagers; a test of the binary regenerates the pages
//! and fails when that copy differs (the fix is `cargo run --release -- man -o docs/man`).
//!
//! To the sections `clap_mangen` writes (name, synopsis, description, options, subcommands,
//! version) every page adds EXIT STATUS and SEE ALSO, and the top page ENVIRONMENT.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use ltsym::Error;

#[derive(clap::Args)]
pub struct Args {
    /// The page to print: `ltsym` (the default) or a subcommand's, e.g. `check`.
    #[arg(value_name = "PAGE")]
    page: Option<String>,
    /// Write every page into DIR (created if missing) instead, one file `ltsym-<command>.1`
    /// per subcommand, and print each path written.
    #[arg(short, long, value_name = "DIR", conflicts_with = "page")]
    output: Option<PathBuf>,
}

/// Prints one page or writes them all; `cli` is the whole command line's definition (the
/// dispatch passes it: this file does not import the parser, which imports it).
pub fn run(args: Args, cli: clap::Command) -> Result<ExitCode, Error> {
    let pages = pages(cli);
    if let Some(dir) = args.output {
        std::fs::create_dir_all(&dir).map_err(|source| Error::Io {
            file: dir.clone(),
            source,
        })?;
        for (name, text) in &pages {
            let path = dir.join(name);
            std::fs::write(&path, text).map_err(|source| Error::Io {
                file: path.clone(),
                source,
            })?;
            outln!("{}", path.display());
        }
        return Ok(ExitCode::SUCCESS);
    }
    let wanted = match args.page.as_deref() {
        None | Some("ltsym") => "ltsym.1".to_string(),
        Some(p) => format!("ltsym-{}.1", p.strip_prefix("ltsym-").unwrap_or(p)),
    };
    match pages.iter().find(|(name, _)| *name == wanted) {
        Some((_, text)) => {
            out!("{}", String::from_utf8_lossy(text));
            Ok(ExitCode::SUCCESS)
        }
        None => Err(Error::Usage(format!(
            "no manual page `{}`; there are: {}",
            args.page.unwrap_or_default(),
            pages
                .iter()
                .map(|(n, _)| n.trim_end_matches(".1"))
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// Every page, file name and roff text: the top page first, then one per visible subcommand
/// in the order `ltsym --help` lists them. The text depends on nothing but the definitions
/// (no date, no machine), so a copy in the repository can be compared byte for byte.
pub fn pages(cli: clap::Command) -> Vec<(String, Vec<u8>)> {
    let mut cli = cli.disable_help_subcommand(true);
    cli.build();
    let subs: Vec<clap::Command> = cli
        .get_subcommands()
        .filter(|s| !s.is_hide_set())
        .cloned()
        .collect();
    let source = format!("ltsym {}", cli.get_version().unwrap_or_default());
    let mut out = vec![page(cli, &subs, &source)];
    for sub in &subs {
        out.push(page(sub.clone(), &[], &source));
    }
    out
}

/// One page: `clap_mangen`'s sections, then ours. `subs` is non-empty for the top page only.
/// `source` (the program and its version) goes into every page's title line.
fn page(cmd: clap::Command, subs: &[clap::Command], source: &str) -> (String, Vec<u8>) {
    let versioned = cmd.get_version().is_some();
    let man = clap_mangen::Man::new(cmd)
        .manual("ltsym manual")
        .source(source);
    let name = man.get_filename();
    let mut text = Vec::new();
    // writing to a Vec cannot fail
    let _ = write_page(&man, &mut text, subs, versioned);
    (name, text)
}

fn write_page(
    man: &clap_mangen::Man,
    w: &mut Vec<u8>,
    subs: &[clap::Command],
    versioned: bool,
) -> std::io::Result<()> {
    man.render_title(w)?;
    man.render_name_section(w)?;
    man.render_synopsis_section(w)?;
    man.render_description_section(w)?;
    man.render_options_section(w)?;
    if !subs.is_empty() {
        man.render_subcommands_section(w)?;
    }
    w.write_all(EXIT_STATUS.as_bytes())?;
    if !subs.is_empty() {
        w.write_all(ENVIRONMENT.as_bytes())?;
    }
    w.write_all(b".SH \"SEE ALSO\"\n")?;
    // the top page names every subcommand's page, a subcommand's page the top page
    let also: Vec<String> = if subs.is_empty() {
        vec![r"\fBltsym\fR(1)".into()]
    } else {
        subs.iter()
            .map(|s| format!(r"\fBltsym\-{}\fR(1)", s.get_name()))
            .collect()
    };
    writeln!(w, "{}", also.join(", "))?;
    w.write_all(SEE_ALSO_DOCS.as_bytes())?;
    if versioned {
        man.render_version_section(w)?;
    }
    Ok(())
}

/// The exit codes, the same on every subcommand (README.md, "Exit codes").
const EXIT_STATUS: &str = r#".SH "EXIT STATUS"
.TP
\fB0\fR
Every property holds (or the command did what it was asked).
.TP
\fB1\fR
Some property is violated (\fBmcc\fR: a mismatch with the contest's answers under \fB\-\-oracle\fR).
.TP
\fB2\fR
Usage or input error; bad input is named with file:line:column.
.TP
\fB3\fR
A resource limit was hit (time, memory, BDD nodes, explicit states) or the run was interrupted; what was answered before is printed. Takes precedence over 1.
.TP
\fB4\fR
Internal error (please report), or the symbolic and explicit engines disagree under \fB\-\-engine both\fR.
"#;

/// The environment variables the binary reads.
const ENVIRONMENT: &str = r#".SH ENVIRONMENT
.TP
\fBRUST_LOG\fR
Log filter for stderr (env_logger syntax, e.g. \fBinfo\fR or \fBltsym=debug\fR); overrides \fB\-v\fR and \fB\-q\fR.
.TP
\fBLTSYM_PROGRESS_EVERY\fR
Seconds between progress lines (default 3) under \fB\-v\fR.
.TP
\fBLTSYM_CACHE_LOG2\fR
The BDD apply cache's size as a power of two, 10 to 30 (experiments; by default it follows the system's size).
"#;

/// Where the rest is written down.
const SEE_ALSO_DOCS: &str = r#".PP
README.md and the pages in docs/ of the source repository: semantics, limits, evidence, MCC, formats and peer tools, benchmarks.
"#;
