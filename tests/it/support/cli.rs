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

/// A finished run with its wall time and the CPU time it used (user + system, its own and its
/// children's). The limit tests bound the CPU time: on a loaded machine a run gets less of
/// the processor per second, so its wall time grows with the load and its CPU time does not,
/// while a run that works on past its limit uses CPU time whatever the load.
pub struct Timed {
    pub code: Option<i32>,
    pub out: String,
    pub err: String,
    pub seconds: f64,
    pub cpu_seconds: f64,
}

/// Runs `cmd` to the end (standard input empty, output captured, as `Command::output`) and
/// times it. The child is reaped with `wait4`, which gives the resource usage of that one
/// process: `getrusage(RUSAGE_CHILDREN)` would add up every test's children.
// the child is reaped by `wait4` below, which clippy does not see
#[allow(clippy::zombie_processes)]
pub fn timed(mut cmd: std::process::Command) -> Timed {
    use std::io::Read;
    use std::os::unix::process::ExitStatusExt;
    use std::process::{ExitStatus, Stdio};

    let t = Instant::now();
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the command runs");
    let mut out_pipe = child.stdout.take().expect("piped");
    let mut err_pipe = child.stderr.take().expect("piped");
    let err = std::thread::spawn(move || {
        let mut v = Vec::new();
        err_pipe.read_to_end(&mut v).expect("stderr is read");
        v
    });
    let mut out = Vec::new();
    out_pipe.read_to_end(&mut out).expect("stdout is read");
    let err = err.join().expect("the stderr reader ends");
    let pid = libc::pid_t::try_from(child.id()).expect("a pid");
    let mut status: libc::c_int = 0;
    // SAFETY: rusage is plain data, all zeroes is a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: wait4 writes the status and the usage into the two places it is given,
        // which live here; the child is ours and not yet reaped (std's `Child` does not wait
        // on drop).
        let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if r == pid {
            break;
        }
        let e = std::io::Error::last_os_error();
        assert_eq!(e.kind(), std::io::ErrorKind::Interrupted, "wait4: {e}");
    }
    let seconds = t.elapsed().as_secs_f64();
    let time = |tv: libc::timeval| tv.tv_sec as f64 + tv.tv_usec as f64 / 1e6;
    Timed {
        code: ExitStatus::from_raw(status).code(),
        out: String::from_utf8_lossy(&out).into_owned(),
        err: String::from_utf8_lossy(&err).into_owned(),
        seconds,
        cpu_seconds: time(usage.ru_utime) + time(usage.ru_stime),
    }
}
