//! `ltsym synth`: every claimed verdict of generated problems against both engines.
//!
//! Each problem is generated over a grid of knobs, written to files, read back from those
//! files (`.dot`, and `.pml` where written), and every LTL and CTL property is checked with
//! `Engine::Both` (a disagreement between the engines is an error) against the verdict the
//! file claims. A claim that fails is a test failure, never skipped. The manifest's claims are
//! checked too: the reachable state count (explicit search) and that each inserted
//! counterexample is an infinite trace of the system (with fresh labels in between where the
//! extension needs them).
//!
//! The same knobs and seed give the same bytes in two separate processes (hash maps are
//! seeded per process, so an order that leaked from one would show here).

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::Path;

use ltsym::check::{check, CheckOptions, Engine};
use ltsym::model::{StateId, System};
use ltsym::parse::{load_properties, load_system, LoadOptions};
use ltsym::symbolic::ManagerOptions;
use ltsym::synth::decompose::SyncStyle;
use ltsym::synth::extension::Mode;
use ltsym::synth::naming::Naming;
use ltsym::synth::{generate, output, Knobs};

use crate::support::scratch::scratch;
use crate::support::{cli, oracle, weak};

/// The grid of small problems: every synchronisation style and extension, 1 to 7
/// components, a spread of property counts and shares, several seeds.
fn grid() -> Vec<Knobs> {
    let mut out = Vec::new();
    let mut seed = 100;
    for components in [1, 2, 3, 4, 5, 7] {
        for sync in [SyncStyle::Pairwise, SyncStyle::Multiway] {
            for extension in [Mode::Free, Mode::Cut, Mode::Divergent] {
                for variant in 0..2 {
                    seed += 1;
                    out.push(Knobs {
                        seed,
                        components,
                        ltl_properties: 6 + 4 * variant,
                        ctl_properties: 6 + 2 * variant,
                        false_share: [0.5, 0.3][variant],
                        sync,
                        extension,
                        naming: match sync {
                            SyncStyle::Pairwise => Naming::Rers2016,
                            SyncStyle::Multiway => Naming::Rers2019,
                        },
                        extension_states: 3,
                        decompositions: (variant == 1).then_some(components / 3),
                        ..Knobs::default()
                    });
                }
            }
        }
    }
    out
}

/// Checks every property of `file` on `sys` with both engines; returns how many verdicts
/// were confirmed.
/// The most global states the brute-force bisimulation check explores.
const MAX_BRUTE: usize = 200_000;

fn confirm(sys: &System, file: &Path, what: &str) -> usize {
    let props = load_properties(file, None).unwrap();
    let opts = CheckOptions {
        engine: Engine::Both,
        manager: ManagerOptions::for_system(sys),
        max_states: Some(2_000_000),
        ..CheckOptions::default()
    };
    let report = check(sys, "synth", None, &props, &opts)
        .unwrap_or_else(|e| panic!("{what}: {}: {e}", file.display()));
    for r in &report.results {
        assert!(r.expected.is_some(), "{what}: #{} has no verdict", r.number);
        assert_eq!(
            r.matches_expected(),
            Some(true),
            "{what}: {} #{} `{}` claimed {:?}, engines say {}",
            file.display(),
            r.number,
            r.formula,
            r.expected,
            r.outcome
        );
    }
    report.results.len()
}

/// Whether `prefix · cycle^ω` (label names) is an infinite trace of `sys`, where steps on
/// labels outside `letters` may come in between.
fn lasso_is_trace(
    sys: &System,
    prefix: &[String],
    cycle: &[String],
    letters: &BTreeSet<String>,
) -> bool {
    let word: Vec<&String> = prefix.iter().chain(cycle).collect();
    let next_pos = |p: usize| {
        if p + 1 < word.len() {
            p + 1
        } else {
            prefix.len()
        }
    };
    type Node = (Vec<StateId>, usize);
    let start: Node = (sys.initial_state(), 0);
    let mut ids: BTreeMap<Node, usize> = BTreeMap::new();
    let mut nodes = vec![start.clone()];
    ids.insert(start, 0);
    let mut edges: Vec<(usize, usize, bool)> = Vec::new();
    let mut i = 0;
    while i < nodes.len() {
        assert!(nodes.len() < 2_000_000, "lasso product too large");
        let (state, pos) = nodes[i].clone();
        for (l, t) in oracle::moves(sys, &state) {
            let name = &sys.label(l).name;
            let (np, letter) = if name == word[pos] {
                (next_pos(pos), true)
            } else if !letters.contains(name) {
                (pos, false)
            } else {
                continue;
            };
            let key = (t.clone(), np);
            let n = nodes.len();
            let j = *ids.entry(key.clone()).or_insert(n);
            if j == n {
                nodes.push(key);
            }
            // only letter steps inside the cycle part count for an infinite trace
            edges.push((i, j, letter && pos >= prefix.len()));
        }
        i += 1;
    }
    // an infinite trace: a letter step of the cycle on a cycle of the product
    let mut succ = vec![Vec::new(); nodes.len()];
    for &(f, t, _) in &edges {
        succ[f].push(t);
    }
    edges.iter().filter(|e| e.2).any(|&(f, t, _)| {
        let mut seen = vec![false; nodes.len()];
        let mut q = VecDeque::from([t]);
        seen[t] = true;
        while let Some(x) = q.pop_front() {
            if x == f {
                return true;
            }
            for &y in &succ[x] {
                if !seen[y] {
                    seen[y] = true;
                    q.push_back(y);
                }
            }
        }
        false
    })
}

#[test]
fn claimed_verdicts_hold_on_both_engines() {
    let scratch = scratch();
    let dir = scratch.dir();
    let mut problems = 0;
    let mut verdicts = 0;
    let mut lassos = 0;
    for (n, knobs) in grid().into_iter().enumerate() {
        let what = format!("problem {n} ({knobs:?})");
        let p = generate(&knobs).unwrap_or_else(|e| panic!("{what}: {e}"));
        let out = dir.join(format!("p{n}"));
        output::write_all(&p, &out, &[]).unwrap();
        let sys = load_system(&out.join("problem.dot"), &LoadOptions::default()).unwrap();
        verdicts += confirm(&sys, &out.join("problem-ltl-properties.txt"), &what);
        verdicts += confirm(&sys, &out.join("problem-ctl-properties.txt"), &what);
        let pml = out.join("problem.pml");
        if knobs.sync == SyncStyle::Pairwise {
            assert!(pml.exists(), "{what}: no Promela file");
        }
        if pml.exists() {
            let sys_pml = load_system(&pml, &LoadOptions::default()).unwrap();
            verdicts += confirm(&sys_pml, &out.join("problem-ltl-properties.txt"), &what);
        }
        let manifest: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(out.join("manifest.json")).unwrap())
                .unwrap();
        let states = ltsym::explicit::reach(&sys, Some(2_000_000))
            .unwrap()
            .states;
        if let Some(claimed) = manifest["system"]["reachable_states"].as_str() {
            assert_eq!(claimed, states.to_string(), "{what}: reachable states");
        }
        let core: BTreeSet<String> = manifest["system"]["core_labels"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect();
        for entry in manifest["ltl"].as_array().unwrap() {
            if entry["verdict"].as_bool() == Some(false) {
                let cx = &entry["counterexample"];
                let names = |k: &str| -> Vec<String> {
                    cx[k]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|v| v.as_str().unwrap().to_string())
                        .collect()
                };
                assert!(
                    lasso_is_trace(&sys, &names("prefix"), &names("cycle"), &core),
                    "{what}: the counterexample of #{} is no trace",
                    entry["number"]
                );
                lassos += 1;
            }
        }
        problems += 1;
    }
    eprintln!("synth: {problems} problems, {verdicts} claimed verdicts confirmed by both engines, {lassos} counterexamples replayed");
    assert!(problems >= 60);
}

/// Two processes, same knobs: the same bytes; another seed: other bytes.
#[test]
fn same_knobs_same_bytes() {
    let scratch = scratch();
    let dir = scratch.dir();
    let run = |sub: &str, seed: &str| -> BTreeMap<String, Vec<u8>> {
        let out = dir.join(sub);
        let st = cli::spawnable()
            .args([
                "synth",
                "--components",
                "6",
                "--sync",
                "multiway",
                "--seed",
                seed,
                "-o",
            ])
            .arg(&out)
            .args(["--formats", "pnml,mcrl2,exp"])
            .output()
            .unwrap();
        assert!(
            st.status.success(),
            "{}",
            String::from_utf8_lossy(&st.stderr)
        );
        std::fs::read_dir(&out)
            .unwrap()
            .map(|e| {
                let p = e.unwrap().path();
                (
                    p.file_name().unwrap().to_string_lossy().into_owned(),
                    std::fs::read(&p).unwrap(),
                )
            })
            .collect()
    };
    let a = run("a", "5");
    let b = run("b", "5");
    assert!(a.len() >= 5, "{:?}", a.keys());
    assert_eq!(a.keys().collect::<Vec<_>>(), b.keys().collect::<Vec<_>>());
    for (k, v) in &a {
        assert!(
            v == &b[k],
            "{k} differs between two runs with the same knobs"
        );
    }
    let c = run("c", "6");
    assert_ne!(
        a["problem.dot"], c["problem.dot"],
        "another seed, the same system"
    );
}

#[test]
fn bisimulation_tasks_have_the_answer_they_claim() {
    use ltsym::synth::bisim::generate_bisim;
    let scratch = scratch();
    let dir = scratch.dir();
    let mut answers = [0usize; 2];
    let mut n = 0;
    for components in [1, 2, 3, 4] {
        for sync in [SyncStyle::Pairwise, SyncStyle::Multiway] {
            for extension in [Mode::Free, Mode::Cut, Mode::Divergent] {
                for seed in 0..2u64 {
                    n += 1;
                    let knobs = Knobs {
                        seed: 1000 + n,
                        components,
                        sync,
                        extension,
                        extension_states: 3,
                        core_states: 10,
                        ..Knobs::default()
                    };
                    let what = format!("bisim task {n} ({knobs:?})");
                    // half the tasks forced each way, half by the seed
                    let force = [None, Some(seed == 0)][(n % 2) as usize];
                    let t = generate_bisim(&knobs, force).unwrap_or_else(|e| panic!("{what}: {e}"));
                    let out = dir.join(format!("t{n}"));
                    output::write_files(&out, output::bisim_files(&t, &[]).unwrap()).unwrap();
                    let a = load_system(&out.join("a.dot"), &LoadOptions::default()).unwrap();
                    let b = load_system(&out.join("b.dot"), &LoadOptions::default()).unwrap();
                    assert_eq!(a.components().len(), b.components().len(), "{what}");
                    let m: serde_json::Value = serde_json::from_str(
                        &std::fs::read_to_string(out.join("manifest.json")).unwrap(),
                    )
                    .unwrap();
                    let visible: BTreeSet<String> = m["visible"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|v| v.as_str().unwrap().to_string())
                        .collect();
                    let claimed = m["bisimilar"].as_bool().unwrap();
                    assert_eq!(
                        weak::weakly_bisimilar(&a, &b, &visible, MAX_BRUTE),
                        claimed,
                        "{what}: the brute-force check disagrees"
                    );
                    if !claimed {
                        let d = &m["distinguishing_trace"];
                        let word: Vec<String> = d["trace"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .map(|v| v.as_str().unwrap().to_string())
                            .collect();
                        let (yes, no) = if d["trace_of"] == "a.dot" {
                            (&a, &b)
                        } else {
                            (&b, &a)
                        };
                        assert!(
                            weak::has_weak_trace(yes, &word, &visible, MAX_BRUTE),
                            "{what}: {word:?}"
                        );
                        assert!(
                            !weak::has_weak_trace(no, &word, &visible, MAX_BRUTE),
                            "{what}: {word:?}"
                        );
                    }
                    answers[claimed as usize] += 1;
                }
            }
        }
    }
    eprintln!(
        "synth: {n} bisimulation tasks, {} equivalent, {} not, each confirmed by brute force",
        answers[1], answers[0]
    );
    assert!(answers[0] >= 10 && answers[1] >= 10, "{answers:?}");
}
