//! Running the `ltsym` binary. `assert_cmd` finds the binary cargo built for these tests
//! (`CARGO_BIN_EXE_ltsym`), whatever the target directory or profile.

use std::path::Path;
use std::process::Output;
use std::time::Instant;

/// The binary under test.
pub fn bin() -> &'static Path {
    assert_cmd::cargo::cargo_bin!("ltsym")
}

/// A command for the binary, to add arguments, environment or standard input to.
pub fn ltsym() -> assert_cmd::Command {
    assert_cmd::Command::new(bin())
}

/// A `std::process::Command` for the binary, for tests that talk to a running child (pipes,
/// signals).
pub fn spawnable() -> std::process::Command {
    std::process::Command::new(bin())
}

/// Runs `ltsym args` to the end.
pub fn run(args: &[&str]) -> Output {
    ltsym().args(args).output().expect("ltsym runs")
}

/// Runs `ltsym args` with only errors logged (`RUST_LOG=error`), for tests that read stderr
/// line by line.
pub fn run_quiet(args: &[&str]) -> Output {
    ltsym()
        .args(args)
        .env("RUST_LOG", "error")
        .output()
        .expect("ltsym runs")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A finished run with its wall time (the limit tests bound it loosely).
pub struct Timed {
    pub code: Option<i32>,
    pub out: String,
    pub err: String,
    pub seconds: f64,
}

/// Runs `cmd` to the end and times it.
pub fn timed(mut cmd: std::process::Command) -> Timed {
    let t = Instant::now();
    let o = cmd.output().expect("the command runs");
    Timed {
        code: o.status.code(),
        out: stdout(&o),
        err: stderr(&o),
        seconds: t.elapsed().as_secs_f64(),
    }
}
