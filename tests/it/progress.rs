//! Progress of long computations (src/progress.rs): each long loop of every engine names its
//! phase, and a line says the phase, its iteration, a size (states or nodes) and the time.
//! In the library the lines are recorded with no interval between them, so every loop that
//! ticks leaves a line; on the command line, `-v` on a property of a few seconds shows them and
//! no `-v` shows nothing.

use std::process::Output;
use std::sync::Arc;
use std::time::Duration;

use ltsym::check::{check, CheckOptions, Engine};
use ltsym::gen::philosophers;
use ltsym::parse::{inline_properties, Logic};
use ltsym::progress::Progress;
use ltsym::symbolic::ManagerOptions;

/// The progress lines of `ltsym check --engine both --witness` on 4 philosophers.
fn lines(formulas: &[&str], logic: Logic) -> Vec<String> {
    let sys = philosophers(4).unwrap();
    let formulas: Vec<String> = formulas.iter().map(|f| f.to_string()).collect();
    let props = inline_properties(&formulas, Some(logic)).unwrap();
    let progress = Arc::new(Progress::recording(Duration::ZERO));
    let opts = CheckOptions {
        engine: Engine::Both,
        witness: true,
        manager: ManagerOptions::small(),
        progress: Some(progress.clone()),
        ..CheckOptions::default()
    };
    check(&sys, "philosophers", None, &props, &opts).unwrap();
    progress.lines()
}

/// Every line has the shape `progress: PHASE, iteration N, SIZE, T s`, SIZE in states or nodes.
fn assert_shape(lines: &[String]) {
    for l in lines {
        let rest = l
            .strip_prefix("progress: ")
            .unwrap_or_else(|| panic!("{l}"));
        let (phase, rest) = rest
            .split_once(", iteration ")
            .unwrap_or_else(|| panic!("{l}"));
        assert!(!phase.is_empty(), "{l}");
        let (n, rest) = rest.split_once(", ").unwrap_or_else(|| panic!("{l}"));
        assert!(n.parse::<usize>().is_ok(), "{l}");
        let (size, time) = rest.rsplit_once(", ").unwrap_or_else(|| panic!("{l}"));
        assert!(size.contains(" states") || size.contains(" nodes"), "{l}");
        let secs = time.strip_suffix(" s").unwrap_or_else(|| panic!("{l}"));
        assert!(secs.parse::<f64>().is_ok(), "{l}");
    }
}

fn phases(lines: &[String]) -> Vec<String> {
    let mut p: Vec<String> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("progress: "))
        .filter_map(|l| l.split_once(", iteration ").map(|(p, _)| p.to_string()))
        .collect();
    p.dedup();
    p
}

#[test]
fn the_ltl_loops_report_their_phases() {
    // violated (philosopher 0 may think forever), so a lasso is extracted and shortened
    let lines = lines(
        &["G F take_left_0", "G (take_left_0 -> F release_right_0)"],
        Logic::Ltl,
    );
    assert_shape(&lines);
    let phases = phases(&lines);
    for want in [
        "reachability",
        "product (relations)",
        "Emerson-Lei round",
        "Emerson-Lei trim",
        "shortest evidence (BFS layer)",
        "explicit exploration (states expanded)",
    ] {
        assert!(
            phases.iter().any(|p| p == want),
            "no {want:?} in {phases:?}"
        );
    }
    assert!(
        phases.iter().any(|p| p.starts_with("lasso (")),
        "{phases:?}"
    );
}

#[test]
fn the_ctl_fixpoints_report_their_phases() {
    let lines = lines(
        &[
            "AG(EF(<take_left_0> true))",
            "EG([take_left_0] false)",
            "AF(<take_left_0> true)",
        ],
        Logic::Ctl,
    );
    assert_shape(&lines);
    let phases = phases(&lines);
    for want in [
        "reachability",
        "CTL fixpoint (greatest)",
        "CTL fixpoint (least)",
    ] {
        assert!(
            phases.iter().any(|p| p == want),
            "no {want:?} in {phases:?}"
        );
    }
}

/// No recording and no `info` logging: nothing is computed for a line (the size closure is
/// not called), and nothing is kept.
#[test]
fn a_progress_nobody_reads_stays_silent() {
    let p = Progress::new(Duration::ZERO);
    p.phase("reachability", 1);
    p.tick(|| panic!("the size of a line nobody reads was computed"));
    assert!(p.lines().is_empty());
}

fn ltsym(args: &[&str]) -> Output {
    crate::support::cli::ltsym()
        .args(args)
        .current_dir(crate::support::repo_path(""))
        .env_remove("RUST_LOG")
        // a line every 50 ms: the property's fixpoint takes about half a second since the
        // probe saturates its slices (2026-11-26), and a line every half second missed it
        .env("LTSYM_PROGRESS_EVERY", "0.05")
        .output()
        .expect("ltsym runs")
}

/// 2016 problem 115 #1 spends about half a second in its Emerson-Lei fixpoint (after half a
/// second of reachability): `-v` shows lines from inside the property, with phase, iteration,
/// nodes and time; without `-v` stderr stays empty.
#[test]
fn verbose_shows_progress_inside_a_long_property_and_quiet_shows_nothing() {
    let args = [
        "check",
        "bench-data/rers/2016/problem115.dot",
        "bench-data/rers/2016/problem115-properties.txt",
        "--property",
        "1",
    ];
    let o = ltsym(&[&args[..], &["-v"]].concat());
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    let lines: Vec<String> = err
        .lines()
        .filter_map(|l| l.split_once("] ").map(|(_, m)| m.to_string()))
        .filter(|m| m.starts_with("progress: "))
        .collect();
    assert!(!lines.is_empty(), "no progress line:\n{err}");
    assert_shape(&lines);
    // at least one from inside the property, after the reachable states were known
    assert!(
        lines
            .iter()
            .any(|l| !l.starts_with("progress: reachability")),
        "{err}"
    );
    let o = ltsym(&args);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&o.stderr), "", "stderr without -v");
}
