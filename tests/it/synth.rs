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

use ltsym::automata::translate::translate;
use ltsym::automata::Tgba;
use ltsym::check::{check, CheckOptions, Engine};
use ltsym::limits::Budget;
use ltsym::model::factor::Factored;
use ltsym::model::{StateId, System};
use ltsym::parse::ltl::parse_formula;
use ltsym::parse::{load_properties, load_system, LoadOptions};
use ltsym::symbolic::{run_reach, ManagerOptions, OrderSpec, Strategy};
use ltsym::synth::decompose::SyncStyle;
use ltsym::synth::extension::Mode;
use ltsym::synth::naming::Naming;
use ltsym::synth::{generate, manifest, output, Knobs};

use crate::support::scratch::scratch;
use crate::support::{cli, data, oracle, weak};

/// The grid of small problems (216): every synchronisation style and extension, 1 to 7
/// components, a spread of property counts, shares of false ones, fresh labels and
/// decompositions, two seeds each.
fn grid() -> Vec<Knobs> {
    let mut out = Vec::new();
    let mut seed = 100;
    for round in 0..2 {
        for components in [1, 2, 3, 4, 5, 7] {
            for sync in [SyncStyle::Pairwise, SyncStyle::Multiway] {
                for extension in [Mode::Free, Mode::Cut, Mode::Divergent] {
                    for variant in 0..3 {
                        seed += 1;
                        out.push(Knobs {
                            seed: seed + 1000 * round,
                            components,
                            ltl_properties: [6, 10, 5][variant],
                            ctl_properties: [6, 8, 5][variant],
                            false_share: [0.5, 0.3, 0.8][variant],
                            fresh_labels: [3, 3, 1][variant],
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
    }
    out
}

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
        let core: BTreeSet<String> = label_names(&manifest["system"]["core_labels"])
            .into_iter()
            .collect();
        for entry in manifest["ltl"].as_array().unwrap() {
            if entry["verdict"].as_bool() == Some(false) {
                let cx = &entry["counterexample"];
                let names = |k: &str| label_names(&cx[k]);
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
    assert!(problems >= 200, "{problems} problems");
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
            .args(["--formats", "pnml,mcrl2,exp,pml-flat"])
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

/// The shipped suite (`bench-data/synth/`): its small members are what the generator makes
/// from their manifests, byte for byte (the script `scripts/synth-suite.sh` does all of them).
/// Catches generator drift: an order, a random draw, a writer that changed.
#[test]
fn shipped_suite_regenerates_byte_for_byte() {
    let suite = data::repo_path("bench-data/synth");
    let mut dirs: Vec<_> = std::fs::read_dir(&suite)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("manifest.json").exists())
        .collect();
    dirs.sort();
    assert!(
        dirs.len() >= 10,
        "{}: {} problems",
        suite.display(),
        dirs.len()
    );
    let mut checked = 0;
    for dir in &dirs {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(dir.join("manifest.json")).unwrap();
        let recipe = manifest::recipe(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let rule = "if the change of the generator's output is intended, bump VERSION in \
                    src/synth/manifest.rs and regenerate the suite in the same commit \
                    (scripts/synth-suite.sh --regenerate); otherwise the generator drifted";
        assert_eq!(
            recipe.version,
            manifest::VERSION,
            "bench-data/synth/{name} was made by generator version {}, this is {}: {rule}",
            recipe.version,
            manifest::VERSION
        );
        let m: serde_json::Value = serde_json::from_str(&text).unwrap();
        let components = m["system"]["components"]
            .as_u64()
            .or(m["a"]["components"].as_u64())
            .unwrap();
        // the small members: the large ones take seconds each (the script does them)
        if components > 12 {
            continue;
        }
        let made = output::recipe_files(&recipe).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut shipped: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        shipped.sort();
        let mut names: Vec<String> = made.iter().map(|(n, _)| n.clone()).collect();
        names.sort();
        assert_eq!(
            shipped, names,
            "bench-data/synth/{name}: other files: {rule}"
        );
        for (file, bytes) in &made {
            let old = std::fs::read_to_string(dir.join(file)).unwrap();
            assert!(
                &old == bytes,
                "bench-data/synth/{name}/{file} is not what the generator makes from its \
                 manifest now: {rule}"
            );
        }
        checked += 1;
    }
    eprintln!("synth: {checked} shipped problems regenerated byte for byte");
    assert!(checked >= 5, "{checked} small problems in the suite");
}

/// The automaton states of `a` from which some infinite word over `letters` is accepted
/// (generalised Büchi: a reachable cycle through every acceptance set). Computed here, not
/// taken from the translation's own pruning.
fn live_states(a: &Tgba, letters: &BTreeSet<usize>) -> Vec<bool> {
    let n = a.num_states;
    let usable: Vec<&ltsym::automata::TgbaEdge> = a
        .edges
        .iter()
        .filter(|e| letters.iter().any(|&l| e.letters.contains(l)))
        .collect();
    // reach[q][r]: r reachable from q in zero or more steps
    let mut reach = vec![vec![false; n]; n];
    for (q, row) in reach.iter_mut().enumerate() {
        row[q] = true;
        let mut stack = vec![q];
        while let Some(x) = stack.pop() {
            for e in usable.iter().filter(|e| e.from == x) {
                if !row[e.to] {
                    row[e.to] = true;
                    stack.push(e.to);
                }
            }
        }
    }
    let all: u64 = if a.num_acc == 0 {
        0
    } else {
        u64::MAX >> (64 - a.num_acc)
    };
    let accepting_scc = |q: usize| {
        let inside = |x: usize| reach[q][x] && reach[x][q];
        let edges: Vec<_> = usable
            .iter()
            .filter(|e| inside(e.from) && inside(e.to))
            .collect();
        !edges.is_empty() && edges.iter().fold(0, |acc, e| acc | e.acc) & all == all
    };
    let good: Vec<bool> = (0..n).map(accepting_scc).collect();
    (0..n)
        .map(|q| (0..n).any(|r| reach[q][r] && good[r]))
        .collect()
}

/// Prefix violation (Def. 34) tracked on sets of live automaton states, over the core labels
/// (depth counts core labels; other labels are skipped: the properties are interruptible).
struct Violation {
    aut: Tgba,
    live: Vec<bool>,
}

impl Violation {
    fn new(formula: &str, core: &BTreeSet<String>) -> Violation {
        let f = parse_formula(formula, Path::new("manifest")).unwrap();
        let aut = translate(&f).unwrap();
        assert!(aut.num_states <= 64, "{formula}: automaton too large");
        let letters = core.iter().map(|c| aut.letter_of(c)).collect();
        let live = live_states(&aut, &letters);
        Violation { aut, live }
    }
    fn start(&self) -> u64 {
        if self.live[self.aut.initial] {
            1 << self.aut.initial
        } else {
            0
        }
    }
    /// The set after a core label (empty: the prefix violates the property).
    fn step(&self, set: u64, label: &str) -> u64 {
        let letter = self.aut.letter_of(label);
        self.aut
            .edges
            .iter()
            .filter(|e| set >> e.from & 1 == 1 && e.letters.contains(letter) && self.live[e.to])
            .fold(0, |acc, e| acc | 1 << e.to)
    }
    /// The length of the shortest violating prefix of `prefix · cycle^ω`, looking `limit`
    /// letters far.
    fn on_lasso(&self, prefix: &[String], cycle: &[String], limit: usize) -> Option<usize> {
        let mut set = self.start();
        let word = prefix.iter().chain(cycle.iter().cycle()).take(limit);
        for (i, l) in word.enumerate() {
            set = self.step(set, l);
            if set == 0 {
                return Some(i + 1);
            }
        }
        None
    }
    /// The length of the shortest violating prefix (in core labels) of a trace of `sys`, if
    /// one of at most `bound` exists: breadth first over (global state, live set).
    fn shortest_in(&self, sys: &System, core: &BTreeSet<String>, bound: usize) -> Option<usize> {
        type Node = (Vec<StateId>, u64);
        let start: Node = (sys.initial_state(), self.start());
        if start.1 == 0 {
            return Some(0);
        }
        let mut dist: BTreeMap<Node, usize> = BTreeMap::from([(start.clone(), 0)]);
        // 0-1 breadth first: a label outside the core costs nothing
        let mut queue = VecDeque::from([start]);
        while let Some(node) = queue.pop_front() {
            let d = dist[&node];
            assert!(dist.len() < 3_000_000, "depth product too large");
            for (l, t) in oracle::moves(sys, &node.0) {
                let name = &sys.label(l).name;
                let (set, d2) = if core.contains(name) {
                    (self.step(node.1, name), d + 1)
                } else {
                    (node.1, d)
                };
                if set == 0 {
                    return Some(d2);
                }
                if d2 >= bound {
                    continue;
                }
                let next = (t, set);
                if dist.get(&next).is_none_or(|&old| d2 < old) {
                    dist.insert(next.clone(), d2);
                    if d2 == d {
                        queue.push_front(next);
                    } else {
                        queue.push_back(next);
                    }
                }
            }
        }
        None
    }
}

/// The manifest of a generated problem, as the CLI would write it.
fn manifest_of(p: &ltsym::synth::Problem) -> serde_json::Value {
    let files = output::files(p, &[]).unwrap();
    let (_, text) = files.iter().find(|(n, _)| n == "manifest.json").unwrap();
    serde_json::from_str(text).unwrap()
}

fn core_of(m: &serde_json::Value) -> BTreeSet<String> {
    m["system"]["core_labels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

/// `--depth M,N` (§5.3, Def. 35): no trace of the final system has a prefix of at most `M`
/// core labels that violates a false property with a safety part, and the inserted
/// counterexample violates it within `N` (the depth the manifest states). Checked by a
/// search over the explicit system times sets of automaton states, sharing nothing with the
/// generator's trackers. The same knobs without `--depth` show a violation within `M`: the
/// search finds shallow violations where there are some.
#[test]
fn depth_hides_every_violation_for_m_steps() {
    let (m, n) = (4, 14);
    let mut deep_props = 0;
    let mut shallow_without = 0;
    let mut seed = 500;
    for sync in [SyncStyle::Pairwise, SyncStyle::Multiway] {
        for extension in [Mode::Free, Mode::Cut, Mode::Divergent] {
            for components in [2, 4] {
                seed += 1;
                let mut knobs = Knobs {
                    seed,
                    components,
                    ltl_properties: 6,
                    ctl_properties: 0,
                    sync,
                    extension,
                    naming: match sync {
                        SyncStyle::Pairwise => Naming::Rers2016,
                        SyncStyle::Multiway => Naming::Rers2019,
                    },
                    extension_states: 3,
                    depth: Some((m, n)),
                    ..Knobs::default()
                };
                let what = format!("{knobs:?}");
                let p = generate(&knobs).unwrap_or_else(|e| panic!("{what}: {e}"));
                let man = manifest_of(&p);
                let core = core_of(&man);
                for e in man["ltl"].as_array().unwrap() {
                    if e["depth"].is_null() {
                        continue;
                    }
                    assert_eq!(e["verdict"], false, "{what}: a depth for a true property");
                    let v = Violation::new(e["formula"].as_str().unwrap(), &core);
                    let ctx = format!("{what}: #{} {}", e["number"], e["formula"]);
                    assert_eq!(
                        v.shortest_in(&p.system, &core, m),
                        None,
                        "{ctx}: a trace violates it within {m} core labels"
                    );
                    let cx = &e["counterexample"];
                    let names = |k: &str| label_names(&cx[k]);
                    let k = v.on_lasso(&names("prefix"), &names("cycle"), 4 * n);
                    assert!(
                        k.is_some_and(|k| m < k && k <= n),
                        "{ctx}: the counterexample's shortest violating prefix is {k:?}, not in ({m}, {n}]"
                    );
                    assert_eq!(
                        e["depth"]["counterexample_violating_prefix"].as_u64(),
                        k.map(|k| k as u64),
                        "{ctx}"
                    );
                    deep_props += 1;
                }
                // the control: without the depth guard
                knobs.depth = None;
                let p = generate(&knobs).unwrap_or_else(|e| panic!("{what}: {e}"));
                let man = manifest_of(&p);
                let core = core_of(&man);
                shallow_without += man["ltl"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|e| e["verdict"] == false)
                    .filter(|e| {
                        Violation::new(e["formula"].as_str().unwrap(), &core)
                            .shortest_in(&p.system, &core, m)
                            .is_some()
                    })
                    .count();
            }
        }
    }
    eprintln!(
        "synth: {deep_props} deep false properties, none violated within {m} core labels; \
         without --depth {shallow_without} are"
    );
    assert!(deep_props >= 12, "{deep_props} properties with a depth");
    assert!(
        shallow_without >= 6,
        "{shallow_without}: the search finds nothing"
    );
}

/// `--target-states T` (docs/synth.md: "an order of magnitude, exact with `free`, an upper
/// bound otherwise"): the reachable states, counted by symbolic reachability, lie within a
/// factor of ten of `T` with the free extension and below `10 T` with the others; a free
/// problem's manifest count is the symbolic count.
#[test]
fn target_states_gives_the_order_of_magnitude() {
    let mut n = 0;
    let mut refusals = 0;
    for (components, target) in [(3, 1e3), (6, 1e6), (12, 1e10), (30, 1e20), (40, 1e30)] {
        for extension in [Mode::Free, Mode::Cut, Mode::Divergent] {
            n += 1;
            let knobs = Knobs {
                seed: 700 + n,
                components,
                ltl_properties: 4,
                ctl_properties: 0,
                sync: [SyncStyle::Pairwise, SyncStyle::Multiway][(n % 2) as usize],
                extension,
                target_states: Some(target),
                ..Knobs::default()
            };
            let what = format!("{knobs:?}");
            let p = generate(&knobs).unwrap_or_else(|e| panic!("{what}: {e}"));
            // a target below what the components give is refused, not missed by far
            let small = generate(&Knobs {
                target_states: Some(1e3),
                ..knobs.clone()
            });
            let refused = matches!(&small, Err(ltsym::Error::Usage(_)));
            if let Ok(q) = &small {
                let least = q
                    .extensions
                    .iter()
                    .map(|e| e.states as f64)
                    .product::<f64>();
                assert!(
                    least * q.unextended_states as f64 <= 1e4,
                    "{what}: a target of 1e3 gives up to {:e} states",
                    least * q.unextended_states as f64
                );
            }
            refusals += refused as usize;
            let f = Factored::none(&p.system);
            let order = OrderSpec::Force.compute_for(&f).unwrap();
            let (_, _, st) = run_reach(
                &f,
                Strategy::Sat,
                &order,
                "force",
                ManagerOptions::for_system(&p.system),
                &Budget::unlimited(),
            )
            .unwrap();
            let states: f64 = st.states.to_string().parse().unwrap();
            let ratio = states / target;
            assert!(
                ratio < 10.0,
                "{what}: {states:e} reachable states, not within an order of magnitude of {target:e}"
            );
            if extension == Mode::Free {
                assert!(
                    ratio > 0.1,
                    "{what}: {states:e} reachable states, not within an order of magnitude of {target:e}"
                );
                assert_eq!(
                    manifest_of(&p)["system"]["reachable_states"].as_str(),
                    Some(st.states.to_string().as_str()),
                    "{what}"
                );
            }
        }
    }
    // 30 and 40 components cannot make 1e3 states (two or more per extension)
    assert!(refusals >= 6, "{refusals} small targets refused");
}

/// The label names of a manifest's JSON array (a counterexample's `prefix` or `cycle`).
fn label_names(v: &serde_json::Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}
