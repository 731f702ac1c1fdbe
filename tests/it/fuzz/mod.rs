//! Mutation fuzzing (issue 21): no input, however malformed, makes ltsym panic, abort or hang,
//! and every rejection of a file names a position inside it.
//!
//! Two quick tests with fixed seeds run in process, so that they fit in `cargo test --release`
//! (a few thousand mutants of every reader, a few hundred `check` runs under tight limits);
//! the ignored test `campaign` runs the binary on each mutant for as long as asked, which
//! also catches aborts and hangs: `scripts/fuzz.sh` starts it.
//!
//! The mutants of one seed and index are the same on every machine ([`mutate`]), so a failure
//! is reproduced from the two numbers; the tests also save each failing input.

mod campaign;
mod mutate;
mod oracle;
mod seeds;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use ltsym::check::Engine;
use ltsym::gen::rng::Rng;

use oracle::{Outcome, Tight};
use seeds::{Kind, Seed};

/// Where generated seeds and failing inputs go.
fn work_dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(name)
}

/// The `index`th mutant of a run with `seed`: which seed file, and its bytes. One in `gentle`
/// is a gentle one ([`mutate::mutate_gently`]), which more often gets past the reader.
pub fn mutant<'s>(
    seeds: &'s [Seed],
    kinds: &[Kind],
    gentle: usize,
    seed: u64,
    index: u64,
) -> (&'s Seed, Vec<u8>) {
    let mut rng = Rng::new(seed ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let kind = kinds[(index % kinds.len() as u64) as usize];
    let of_kind: Vec<&Seed> = seeds.iter().filter(|s| s.kind == kind).collect();
    let s = of_kind[rng.below(of_kind.len())];
    let other = of_kind[rng.below(of_kind.len())];
    let bytes = if rng.below(gentle) == 0 {
        mutate::mutate_gently(&mut rng, &s.bytes)
    } else {
        mutate::mutate(&mut rng, &s.bytes, &other.bytes)
    };
    (s, bytes)
}

/// Counts of outcomes, and the failures (saved under `dir`).
#[derive(Default)]
struct Tally {
    accepted: usize,
    rejected: usize,
    limits: usize,
    failures: Vec<String>,
    slowest: Duration,
}

impl Tally {
    fn add(&mut self, outcome: Outcome, what: &str, dir: &Path, bytes: &[u8], ext: &str) {
        match outcome {
            Outcome::Accepted => self.accepted += 1,
            Outcome::Rejected => self.rejected += 1,
            Outcome::Limit => self.limits += 1,
            Outcome::Failure(m) => {
                std::fs::create_dir_all(dir).expect("failure dir");
                let file = dir.join(format!("failure-{}.{ext}", self.failures.len()));
                std::fs::write(&file, bytes).expect("failure saved");
                self.failures
                    .push(format!("{what} (saved as {}): {m}", file.display()));
            }
        }
    }

    fn assert_clean(&self, name: &str) {
        eprintln!(
            "{name}: {} accepted, {} rejected with a position, {} limits, {} failures; slowest run {:.2} s",
            self.accepted,
            self.rejected,
            self.limits,
            self.failures.len(),
            self.slowest.as_secs_f64()
        );
        assert!(
            self.failures.is_empty(),
            "{} failures:\n{}",
            self.failures.len(),
            self.failures.join("\n")
        );
    }
}

/// Every reader (dot, pml, pnml, LTL, CTL, order files) on 6,000 mutants.
#[test]
fn every_reader_survives_mutants() {
    let dir = work_dir("fuzz-readers");
    let seeds = seeds::seeds(&dir.join("seeds"));
    let mut tally = Tally::default();
    for index in 0..6_000 {
        let (seed, bytes) = mutant(&seeds, &Kind::ALL, 4, 21, index);
        let path = dir.join(format!("mutant.{}", seed.kind.extension()));
        let t = Instant::now();
        let outcome = oracle::read(seed, &path, &bytes);
        tally.slowest = tally.slowest.max(t.elapsed());
        let what = format!(
            "seed 21 index {index}: {:?} mutant of {}",
            seed.kind, seed.origin
        );
        tally.add(outcome, &what, &dir, &bytes, seed.kind.extension());
    }
    tally.assert_clean("readers");
    // every kind is both accepted and rejected sometimes: the mutants reach past the first token
    assert!(
        tally.accepted > 300 && tally.rejected > 1_000,
        "too few of one outcome"
    );
}

/// `check` on 300 mutants of systems and property files, under a time limit of 0.2 s and
/// small node and state limits, with each engine and with witnesses.
#[test]
fn check_survives_mutants_under_tight_limits() {
    let dir = work_dir("fuzz-check");
    let seeds = seeds::seeds(&dir.join("seeds"));
    let kinds = [Kind::Dot, Kind::Pml, Kind::Pnml, Kind::Ltl, Kind::Ctl];
    let mut tally = Tally::default();
    for index in 0..300 {
        let (seed, bytes) = mutant(&seeds, &kinds, 2, 2121, index);
        let path = dir.join(format!("mutant.{}", seed.kind.extension()));
        let tight = Tight {
            timeout: 0.2,
            max_nodes: 1 << 17,
            max_states: 5_000,
            engine: [Engine::Symbolic, Engine::Explicit, Engine::Both][(index / 5 % 3) as usize],
            witness: index % 2 == 0,
        };
        let t = Instant::now();
        let outcome = oracle::check(seed, &path, &bytes, &tight);
        let took = t.elapsed();
        tally.slowest = tally.slowest.max(took);
        let what = format!(
            "seed 2121 index {index}: {:?} mutant of {}",
            seed.kind, seed.origin
        );
        // not a timing assertion: a run this far past its limit is a hang
        let outcome = if took > Duration::from_secs(30) {
            Outcome::Failure(format!(
                "ran {:.1} s under --timeout 0.2",
                took.as_secs_f64()
            ))
        } else {
            outcome
        };
        tally.add(outcome, &what, &dir, &bytes, seed.kind.extension());
    }
    tally.assert_clean("check");
}

/// A long campaign on the binary (see `scripts/fuzz.sh`); configured by the environment.
#[test]
#[ignore = "long; run by scripts/fuzz.sh"]
fn campaign() {
    campaign::run();
}

/// The oracle fails what it must: a rejection without a position, or with one outside the file.
#[test]
fn the_oracle_catches_unlocated_rejections() {
    use ltsym::error::{Error, ParseError};
    let p = Path::new("x.dot");
    let text = b"a\nb\n";
    assert!(oracle::located(&Error::invalid(p, "no position"), &[(p, text)]).is_err());
    let at = |line, column| {
        Error::Parse(ParseError::new(
            ltsym::error::Location {
                file: p.to_path_buf(),
                line,
                column,
            },
            "m",
        ))
    };
    assert!(oracle::located(&at(3, 1), &[(p, text)]).is_ok());
    assert!(oracle::located(&at(4, 1), &[(p, text)]).is_err());
    assert!(oracle::located(&at(1, 0), &[(p, text)]).is_err());
    assert!(oracle::located(&at(1, 1), &[(Path::new("y.dot"), text)]).is_err());
}
