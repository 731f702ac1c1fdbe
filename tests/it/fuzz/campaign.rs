//! A long fuzzing campaign on the `ltsym` binary: each mutant is one or two command lines, run
//! as a child process with its output in files, killed when it runs far past its limit. So
//! an abort (a signal), a panic (exit 101), a hang, an internal error (exit 4) and a rejection
//! without a position inside the input (exit 2) are each told apart and saved, with the
//! command that reproduces them. A hang or an overrun of the time limit is run again before it
//! counts: one that does not happen again was the machine (counted as a stall).
//!
//! Configured by the environment (`scripts/fuzz.sh` sets it):
//! `LTSYM_FUZZ_SEED` (default 1), `LTSYM_FUZZ_COUNT` (inputs, default 10,000),
//! `LTSYM_FUZZ_SECONDS` (stop after this long instead), `LTSYM_FUZZ_JOBS` (parallel runs,
//! default 1), `LTSYM_FUZZ_OUT` (failures go here, default target/fuzz), `LTSYM_FUZZ_CHECK`
//! (the share of inputs that also run `check` under tight limits, default 0.1).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use ltsym::gen::rng::Rng;

use super::seeds::{Kind, Seed};

/// The time limit of the runs that take one, and the limit's tolerance (5 % + 1 s): a run past
/// that is counted as an overrun; a run past [`HANG`] is killed and counted as a hang.
const TIMEOUT: f64 = 1.0;
const HANG: Duration = Duration::from_secs(60);

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// How one command ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Class {
    Accepted,
    Rejected,
    Limit,
    /// Finished, later than its time limit plus 5 % + 1 s.
    Overrun,
    /// A hang or overrun that did not happen again: the machine, not the input.
    Stall,
    Panic,
    Abort,
    Hang,
    Internal,
    /// Exit 2 without `file:line:column` of an input, or a position outside the file.
    Unlocated,
    /// Any other exit code.
    Other,
}

impl Class {
    fn failure(self) -> bool {
        !matches!(
            self,
            Class::Accepted | Class::Rejected | Class::Limit | Class::Overrun | Class::Stall
        )
    }
}

struct Job<'a> {
    bin: PathBuf,
    seeds: &'a [Seed],
    seed: u64,
    check_share: f64,
    out: PathBuf,
}

/// The commands to run on a mutant at `m` of `seed`, and whether each has a time limit.
fn commands(s: &Seed, m: &Path, rng: &mut Rng, check_share: f64) -> Vec<(Vec<String>, bool)> {
    let m = m.display().to_string();
    let sys = s.system.display().to_string();
    let props = s.properties.display().to_string();
    let limits = |v: &mut Vec<String>| {
        v.extend(
            [
                "--timeout",
                &TIMEOUT.to_string(),
                "--max-nodes",
                "300000",
                "--max-states",
                "100000",
            ]
            .map(String::from),
        )
    };
    let words = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let mut out = Vec::new();
    let check = rng.chance(check_share);
    let check_cmd = |system: &str, properties: &str, rng: &mut Rng| {
        // a mutated system rarely has the property file's labels: check it anyway (main's
        // pairing guard would reject it, without a position, before the engines run)
        let mut v = words(&["check", system, properties, "--allow-unknown-atoms"]);
        limits(&mut v);
        match rng.below(4) {
            0 => v.extend(words(&["--engine", "explicit"])),
            1 => v.extend(words(&["--engine", "both"])),
            _ => {}
        }
        if rng.chance(0.5) {
            v.push("--witness".into());
        }
        (v, true)
    };
    match s.kind {
        Kind::Dot | Kind::Pml | Kind::Pnml => {
            out.push((words(&["info", &m]), false));
            if check {
                out.push(check_cmd(&m, &props, rng));
            }
        }
        Kind::Ltl | Kind::Ctl => {
            let mut v = words(&["props", &sys, &m]);
            if s.kind == Kind::Ltl && rng.chance(0.3) {
                v.push("--spin".into());
            }
            out.push((v, false));
            if check {
                out.push(check_cmd(&sys, &m, rng));
            }
        }
        Kind::Order => {
            let mut v = words(&["reach", &sys, "--order", &format!("file:{m}")]);
            limits(&mut v);
            out.push((v, true));
        }
    }
    out
}

/// Runs one command; its output goes to files in `dir`.
fn run_command(
    bin: &Path,
    args: &[String],
    dir: &Path,
    inputs: &[&Path],
    limited: bool,
) -> (Class, String) {
    let stdout = std::fs::File::create(dir.join("stdout")).expect("stdout file");
    let stderr_path = dir.join("stderr");
    let stderr = std::fs::File::create(&stderr_path).expect("stderr file");
    let start = Instant::now();
    let mut child = Command::new(bin)
        .args(args)
        .env("RUST_LOG", "error")
        .env("RUST_BACKTRACE", "0")
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(stderr)
        .spawn()
        .expect("ltsym starts");
    let status = loop {
        if let Some(st) = child.try_wait().expect("wait") {
            break Some(st);
        }
        if start.elapsed() > HANG {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let took = start.elapsed().as_secs_f64();
    let err = std::fs::read(&stderr_path).unwrap_or_default();
    let err = String::from_utf8_lossy(&err).to_string();
    let Some(status) = status else {
        return (Class::Hang, format!("killed after {took:.0} s"));
    };
    let class = match status.code() {
        None => Class::Abort,
        Some(0 | 1) => Class::Accepted,
        Some(2) => located(&err, inputs),
        Some(3) => Class::Limit,
        Some(4) => Class::Internal,
        Some(101) => Class::Panic,
        Some(_) => Class::Other,
    };
    let class = if matches!(class, Class::Accepted | Class::Limit | Class::Rejected)
        && limited
        && took > TIMEOUT * 1.05 + 1.0
    {
        Class::Overrun
    } else {
        class
    };
    (
        class,
        format!("{status} after {took:.2} s: {}", err.trim_end()),
    )
}

/// A rejection's first line must be `ltsym: FILE:LINE:COLUMN: ...` for one of `inputs`, with
/// the line inside the file.
fn located(err: &str, inputs: &[&Path]) -> Class {
    let line = err.lines().next().unwrap_or("");
    for input in inputs {
        let prefix = format!("ltsym: {}:", input.display());
        let Some(rest) = line.strip_prefix(&prefix) else {
            continue;
        };
        let mut parts = rest.splitn(3, ':');
        let (Some(l), Some(c)) = (parts.next(), parts.next()) else {
            continue;
        };
        let (Ok(l), Ok(c)) = (l.parse::<usize>(), c.parse::<usize>()) else {
            continue;
        };
        let bytes = std::fs::read(input).unwrap_or_default();
        let lines = bytes.iter().filter(|&&b| b == b'\n').count() + 1;
        if l >= 1 && c >= 1 && l <= lines {
            return Class::Rejected;
        }
    }
    Class::Unlocated
}

/// Runs mutant `index`: returns the classes of its commands (the worst first).
fn one(job: &Job, index: u64, dir: &Path) -> Vec<(Class, String)> {
    let (s, bytes) = super::mutant(job.seeds, &Kind::ALL, 4, job.seed, index);
    let m = dir.join(format!("mutant.{}", s.kind.extension()));
    std::fs::write(&m, &bytes).expect("mutant written");
    let mut rng = Rng::new(
        job.seed
            .wrapping_add(index)
            .wrapping_mul(0xd1b5_4a32_d192_ed03),
    );
    let mut classes = Vec::new();
    for (args, limited) in commands(s, &m, &mut rng, job.check_share) {
        let inputs = [m.as_path(), s.system.as_path(), s.properties.as_path()];
        let (mut class, mut detail) = run_command(&job.bin, &args, dir, &inputs, limited);
        if matches!(class, Class::Hang | Class::Overrun) {
            // Once more: a shared machine can stall every process for a minute (two jobs
            // "hung" together on inputs read in 5 ms); a real hang or overrun happens again.
            let (again, d) = run_command(&job.bin, &args, dir, &inputs, limited);
            if !matches!(again, Class::Hang | Class::Overrun) {
                detail = format!("{detail}; {again:?} when run again: {d}");
                class = Class::Stall;
            }
        }
        if class.failure() || class == Class::Overrun {
            save(job, index, s, &bytes, &args, &m, class, &detail);
        }
        classes.push((class, detail));
    }
    classes
}

/// Saves a failing input in `out/<class>-s<seed>-i<index>/` with the command that reproduces
/// it (`cmd.sh`) and what it printed.
#[allow(clippy::too_many_arguments)]
fn save(
    job: &Job,
    index: u64,
    s: &Seed,
    bytes: &[u8],
    args: &[String],
    m: &Path,
    class: Class,
    detail: &str,
) {
    let dir = job
        .out
        .join(format!("{class:?}-s{}-i{index}", job.seed).to_lowercase());
    std::fs::create_dir_all(&dir).expect("failure dir");
    let name = format!("mutant.{}", s.kind.extension());
    std::fs::write(dir.join(&name), bytes).expect("mutant saved");
    let m = m.display().to_string();
    let quoted: Vec<String> = args
        .iter()
        .map(|a| {
            let a = a.replace(&m, &format!("$here/{name}"));
            format!("\"{a}\"")
        })
        .collect();
    let script = format!(
        "#!/bin/sh\n# {class:?}: mutant {index} of seed {} (scripts/fuzz.sh --seed {} replays the campaign), from {}\nhere=$(cd \"$(dirname \"$0\")\" && pwd)\nexec \"${{LTSYM:-{}}}\" {}\n",
        job.seed,
        job.seed,
        s.origin,
        job.bin.display(),
        quoted.join(" ")
    );
    std::fs::write(dir.join("cmd.sh"), script).expect("cmd saved");
    std::fs::write(dir.join("result.txt"), format!("{detail}\n")).expect("result saved");
}

/// Commands per outcome, inputs per kind, and inputs.
type Counts = (BTreeMap<Class, u64>, BTreeMap<String, u64>, u64);

pub fn run() {
    let seed: u64 = env("LTSYM_FUZZ_SEED", 1);
    let count: u64 = env("LTSYM_FUZZ_COUNT", 10_000);
    let seconds: f64 = env("LTSYM_FUZZ_SECONDS", f64::INFINITY);
    let jobs: usize = env("LTSYM_FUZZ_JOBS", 1usize).max(1);
    let check_share: f64 = env("LTSYM_FUZZ_CHECK", 0.1);
    let out: PathBuf = std::env::var("LTSYM_FUZZ_OUT").map_or_else(
        |_| Path::new(env!("CARGO_TARGET_TMPDIR")).join("../fuzz"),
        PathBuf::from,
    );
    std::fs::create_dir_all(&out).expect("output dir");
    let seeds = super::seeds::seeds(&out.join("seeds"));
    // a copy of the binary: a build during a campaign of hours must not change what it runs
    let bin = out.join(format!("ltsym-s{seed}"));
    std::fs::copy(env!("CARGO_BIN_EXE_ltsym"), &bin).expect("binary copied");
    let job = Job {
        bin,
        seeds: &seeds,
        seed,
        check_share,
        out: out.clone(),
    };
    eprintln!(
        "fuzz campaign: seed {seed}, {count} inputs or {seconds} s, {jobs} jobs, {} seeds, failures to {}",
        seeds.len(),
        out.display()
    );
    let next = AtomicU64::new(0);
    let start = Instant::now();
    let tally: Mutex<Counts> = Mutex::new((BTreeMap::new(), BTreeMap::new(), 0));
    std::thread::scope(|scope| {
        for j in 0..jobs {
            let (job, next, tally) = (&job, &next, &tally);
            let dir = out.join(format!("work-{j}"));
            std::fs::create_dir_all(&dir).expect("work dir");
            scope.spawn(move || loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= count || start.elapsed().as_secs_f64() > seconds {
                    break;
                }
                let classes = one(job, index, &dir);
                let kind = format!("{:?}", Kind::ALL[(index % Kind::ALL.len() as u64) as usize]);
                let mut t = tally.lock().expect("tally");
                for (c, detail) in &classes {
                    *t.0.entry(*c).or_default() += 1;
                    if c.failure() {
                        eprintln!("FAILURE {c:?} at index {index}: {detail}");
                    }
                }
                *t.1.entry(kind).or_default() += 1;
                t.2 += 1;
                if t.2 % 1000 == 0 {
                    eprintln!(
                        "{} inputs in {:.0} s: {:?}",
                        t.2,
                        start.elapsed().as_secs_f64(),
                        t.0
                    );
                }
            });
        }
    });
    let (classes, kinds, inputs) = tally.into_inner().expect("tally");
    let summary = format!(
        "seed {seed}: {inputs} inputs in {:.0} s ({kinds:?}); commands by outcome: {classes:?}\n",
        start.elapsed().as_secs_f64()
    );
    eprint!("{summary}");
    std::fs::write(out.join(format!("summary-s{seed}.txt")), &summary).expect("summary saved");
    let failures: u64 = classes
        .iter()
        .filter(|(c, _)| c.failure())
        .map(|(_, n)| n)
        .sum();
    assert_eq!(failures, 0, "failures saved in {}", out.display());
}
