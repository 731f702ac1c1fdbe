//! Evidence on the command line: readable counterexamples, evidence files (Graphviz, Aldebaran,
//! JSON), CTL paths only where they show something, and the guard against a property file
//! paired with the wrong system.

use crate::support;

use std::path::Path;
use std::process::Command;

use crate::support::cli::{run as ltsym, stderr, stdout};
use crate::support::scratch::scratch;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Checks the Graphviz syntax we write: one `digraph` block, every edge between declared
/// nodes, and renders it with `dot -Tsvg` where Graphviz is installed.
fn check_dot(path: &Path, steps: usize) {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.starts_with("digraph "), "{text}");
    assert!(text.trim_end().ends_with('}'));
    let nodes: std::collections::HashSet<&str> = text
        .lines()
        .filter_map(|l| l.trim().split_once(" [label="))
        .map(|(n, _)| n)
        .collect();
    let mut step_labels = 0;
    for l in text.lines().filter(|l| l.contains(" -> ")) {
        let (from, rest) = l.trim().split_once(" -> ").unwrap();
        let to = rest.split([' ', ';']).next().unwrap();
        assert!(from == "start" || nodes.contains(from), "{l}");
        assert!(nodes.contains(to), "{l}");
        if let Some((_, label)) = l.split_once("label=\"") {
            let numbers = label.split(':').next().unwrap();
            step_labels += numbers
                .split(", ")
                .filter(|n| n.parse::<usize>().is_ok())
                .count();
        }
    }
    assert!(
        step_labels > 0 && step_labels <= steps,
        "{step_labels} of {steps}"
    );
    match Command::new("dot")
        .args(["-Tsvg", s(path), "-o", s(&path.with_extension("svg"))])
        .output()
    {
        Ok(o) => assert!(o.status.success(), "dot -Tsvg: {}", stderr(&o)),
        Err(_) => eprintln!("SKIPPED rendering: Graphviz's `dot` is not installed"),
    }
}

/// Checks the Aldebaran syntax: `des (0, T, S)`, then T lines `(from, "label", to)` with states
/// below S; and loads it with mCRL2's `ltsinfo` where it is on the PATH.
fn check_aut(path: &Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    let header = lines.next().unwrap();
    let nums: Vec<usize> = header
        .strip_prefix("des (")
        .and_then(|h| h.strip_suffix(')'))
        .unwrap_or_else(|| panic!("bad header {header}"))
        .split(", ")
        .map(|n| n.parse().unwrap())
        .collect();
    let (init, trans, states) = (nums[0], nums[1], nums[2]);
    assert!(init < states);
    let rest: Vec<&str> = lines.collect();
    assert_eq!(rest.len(), trans);
    for l in rest {
        let inner = l
            .strip_prefix('(')
            .and_then(|l| l.strip_suffix(')'))
            .unwrap();
        let (from, rest) = inner.split_once(", \"").unwrap();
        let (label, to) = rest.rsplit_once("\", ").unwrap();
        assert!(from.parse::<usize>().unwrap() < states, "{l}");
        assert!(to.parse::<usize>().unwrap() < states, "{l}");
        assert!(!label.contains('"'), "{l}");
    }
    match Command::new("ltsinfo").arg(path).output() {
        Ok(o) => assert!(o.status.success(), "ltsinfo: {}", stderr(&o)),
        Err(_) => eprintln!("SKIPPED loading: mCRL2's `ltsinfo` is not on the PATH"),
    }
}

/// The issue's example: `G !a73_SIGKILL` on RERS 2017 problem 113, whose counterexample is a
/// lasso of about a thousand steps.
#[test]
fn problem113_counterexample_is_readable_and_renders() {
    let tmp = scratch();
    let d = tmp.dir();
    let props = d.join("p.txt");
    std::fs::write(&props, "#1:\nG !a73_SIGKILL\n").unwrap();
    let (dot, aut, json) = (d.join("x.dot"), d.join("x.aut"), d.join("x.json"));
    let sys = support::rers("2017/problem113.dot");
    let o = ltsym(&[
        "check",
        s(&sys),
        s(&props),
        "--witness",
        "--shortest",
        "--witness-out",
        s(&dot),
        "--witness-out",
        s(&aut),
        "--witness-out",
        s(&json),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.lines().all(|l| l.chars().count() < 200), "{out}");
    // numbered steps, one per line, 1, 2, 3, ...
    let steps: Vec<&str> = out
        .lines()
        .filter(|l| l.trim_start().starts_with("step "))
        .collect();
    assert!(steps.len() > 100, "{out}");
    for (i, l) in steps.iter().enumerate() {
        let n: usize = l.split_whitespace().nth(1).unwrap().parse().unwrap();
        assert_eq!(n, i + 1, "{l}");
    }
    // the moving components with their states: `componentK from->to`
    assert!(steps[0].contains("component12 634->631"), "{}", steps[0]);
    // the violating step is the one that fires a73_SIGKILL, and only it is marked
    let marked: Vec<&&str> = steps
        .iter()
        .filter(|l| l.contains("<- violation"))
        .collect();
    assert_eq!(marked.len(), 1, "{out}");
    assert!(marked[0].contains(" a73_SIGKILL "), "{}", marked[0]);
    let first_kill = steps
        .iter()
        .position(|l| l.contains(" a73_SIGKILL "))
        .unwrap();
    assert!(steps[first_kill].contains("<- violation"));
    // the shortest counterexample (src/symbolic/ltl/shorten.rs), and the proof that it is:
    // a73_SIGKILL fires after 22 steps, 20 more reach the system's cycle of 1009 steps
    assert!(
        out.contains("(43 steps to a cycle of 1009 steps repeated forever)"),
        "{out}"
    );
    assert_eq!(
        marked[0].split_whitespace().nth(1),
        Some("23"),
        "{}",
        marked[0]
    );
    let words = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains(
            "shortest: the violation at step 23 (none sooner); the cycle entered after 43 steps \
             (the fewest after that violation); a cycle of 1009 steps (the shortest through its \
             first state)"
        ),
        "{out}"
    );
    assert!(out.contains("cycle, repeated forever from here:"), "{out}");
    assert!(
        out.contains("the system is back in the state before step"),
        "{out}"
    );
    check_dot(&dot, steps.len());
    check_aut(&aut);
    let j = std::fs::read_to_string(&json).unwrap();
    assert!(j.contains(r#""label":"a73_SIGKILL""#), "{j}");
    assert!(j.contains(r#""violation":{"step":23,"#), "{j}");
    assert!(
        j.contains(
            r#""shortest":{"from_step":0,"violation":{"steps":23,"at_least":23},"prefix":{"steps":43,"at_least":43},"cycle":{"steps":1009,"at_least":1009},"cycle_among":"through_first_state"}}"#
        ),
        "{j}"
    );
    assert!(
        j.contains(r#"{"component":"component12","from":"634","to":"631"}"#),
        "{j}"
    );
    std::fs::remove_dir_all(d).unwrap();
}

/// Several properties: one file per property, named after it; a holding property has none.
#[test]
fn evidence_files_per_property_and_in_json_output() {
    let tmp = scratch();
    let d = tmp.dir();
    let sys = support::rers("2016/problem103.dot");
    let props = support::rers("2016/problem103-properties.txt");
    let out = d.join("cex.aut");
    let o = ltsym(&[
        "check",
        s(&sys),
        s(&props),
        "--witness-out",
        s(&out),
        "--format",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    // #2 is violated, #1 holds (the official answers)
    assert!(d.join("cex-2.aut").is_file());
    assert!(!d.join("cex-1.aut").exists());
    check_aut(&d.join("cex-2.aut"));
    // --witness-out alone writes files but does not print the evidence
    assert!(!stdout(&o).contains(r#""steps""#), "{}", stdout(&o));
    let o = ltsym(&["check", s(&sys), s(&props), "--witness", "--format", "json"]);
    let j = stdout(&o);
    assert!(j.contains(r#""cycle_start":"#), "{j}");
    assert!(j.contains(r#""moves":[{"component":"#), "{j}");
    assert!(j.contains(r#""warnings":[]"#), "{j}");
    // a bad extension is refused before anything runs
    let o = ltsym(&["check", s(&sys), s(&props), "--witness-out", "x.png"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains(".aut (Aldebaran)"), "{}", stderr(&o));
    std::fs::remove_dir_all(d).unwrap();
}

/// CTL: a path where it shows something (a witness of an E-formula, a counterexample of an
/// A-formula, a deadlock ending), saying which, with one line per note on what a step shows;
/// nothing where nothing can be shown (a holding A-formula, a failing E-formula).
#[test]
fn ctl_evidence_is_printed_only_where_a_path_shows_something() {
    let tmp = scratch();
    let d = tmp.dir();
    // philosophers: a reachable deadlock
    let sys = d.join("phil.dot");
    let o = ltsym(&["gen", "philosophers:3", "-o", s(&sys)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let props = d.join("p.txt");
    std::fs::write(
        &props,
        "#1:\n(AG(<> true))\n#2:\n(AG(true))\n#3:\n(EF(!(<> true)))\n#4:\n(<> false)\n\
         #5:\n(!(AG(<> true)))\n#6:\n(EG(<> true))\n",
    )
    .unwrap();
    let o = ltsym(&["check", s(&sys), s(&props), "--witness"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(!out.contains("(empty)"), "{out}");
    let block = |n: &str| -> String {
        let from = out.find(&format!("#{n}: ")).unwrap();
        let rest = &out[from + 1..];
        rest[..rest.find("\n#").unwrap_or(rest.len())].to_string()
    };
    // #1 fails: a path into the deadlock, a counterexample of the A-formula
    assert!(
        block("1").contains(
            "counterexample: the A-formula fails: it claims every path, and fails on this one"
        ),
        "{out}"
    );
    // what each step shows, one note per line
    assert!(
        block("1").contains("\n      - at step 0: `AG <> true` fails: after "),
        "{out}"
    );
    assert!(block("1").contains("into a deadlock"), "{out}");
    assert!(
        block("1").contains("(deadlock: no label can fire after step"),
        "{out}"
    );
    // #2 holds on all paths: nothing to show
    assert_eq!(block("2").lines().count(), 1, "{out}");
    // #3 holds: a witness path to the deadlock
    assert!(
        block("3").contains("witness: the E-formula holds: this path is one it claims exists"),
        "{out}"
    );
    assert!(block("3").contains("into a deadlock"), "{out}");
    assert!(block("3").contains("the path ends here)"), "{out}");
    // #4 fails, a claim that a path exists: nothing to show
    assert_eq!(block("4").lines().count(), 1, "{out}");
    // #5 holds, a negation at the top: the path shows it holds, and why step by step
    assert!(
        block("5").contains("witness: the property holds, as this path shows"),
        "{out}"
    );
    assert!(
        block("5").contains("- at step 0: `AG <> true` fails"),
        "{out}"
    );
    // paths to a goal are shortest from where they start
    assert!(block("3").contains("(the fewest)"), "{out}");
    // #6 holds: a lasso, with what is proved about its length (the cycle searched through the
    // states within the nearest lasso's length, src/symbolic/ctl/lasso.rs: 0 + 4 steps)
    assert!(
        block("6").contains("shortest: the cycle entered after 0 steps (the fewest to a cycle"),
        "{out}"
    );
    assert!(
        block("6").contains("a cycle of 4 steps (none through a state within 3 steps of the"),
        "{out}"
    );
    assert!(out.lines().all(|l| l.chars().count() <= 200), "{out}");
    std::fs::remove_dir_all(d).unwrap();
}

/// A property file none of whose atoms is a label of the system: exit 2 naming both files,
/// unless `--allow-unknown-atoms`; single unknown atoms are warnings that JSON carries.
#[test]
fn wrong_pairings_are_refused_and_unknown_atoms_reported() {
    let tmp = scratch();
    let d = tmp.dir();
    let sys = d.join("phil.dot");
    ltsym(&["gen", "philosophers:3", "-o", s(&sys)]);
    let props = support::rers("2016/problem103-properties.txt");
    let o = ltsym(&["check", s(&sys), s(&props), "--format", "csv"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(e.contains(s(&sys)) && e.contains(s(&props)), "{e}");
    assert!(e.contains("--allow-unknown-atoms"), "{e}");
    assert!(stdout(&o).is_empty());
    let o = ltsym(&["check", s(&sys), s(&props), "--allow-unknown-atoms"]);
    assert!(matches!(o.status.code(), Some(0 | 1)), "{}", stderr(&o));
    // one known atom, one unknown: a warning, in JSON too
    let labels = stdout(&ltsym(&["info", s(&sys), "--json"]));
    assert!(!labels.is_empty());
    let one = d.join("one.txt");
    std::fs::write(&one, "#1:\nG !(take_left_0 | nosuchlabel)\n").unwrap();
    let o = ltsym(&["check", s(&sys), s(&one), "--format", "json"]);
    assert!(matches!(o.status.code(), Some(0 | 1)), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("`nosuchlabel` is not a label"),
        "{}",
        stderr(&o)
    );
    assert!(
        stdout(&o).contains(r#""warnings":["#) && stdout(&o).contains("nosuchlabel"),
        "{}",
        stdout(&o)
    );
    std::fs::remove_dir_all(d).unwrap();
}

/// The issue's pairing: the MCC net of RERS 2020 problem 103 with the 2016 problem 103 file.
#[test]
fn the_mcc_net_with_a_2016_property_file_exits_2() {
    let Some(net) = support::mcc("RERS2020-PT-pb103/model.pnml") else {
        return;
    };
    let props = support::rers("2016/problem103-properties.txt");
    let o = ltsym(&["check", s(&net), s(&props), "--format", "csv"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("model.pnml"), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("problem103-properties.txt"),
        "{}",
        stderr(&o)
    );
}
