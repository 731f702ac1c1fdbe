//! Results as they are decided: text, JSON lines and CSV streams, SIGINT keeping what is
//! decided, CSV unknowns said on stderr, the problem number.

use crate::support;

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};

use crate::support::cli::{run as ltsym, spawnable, stderr, stdout};
use crate::support::scratch::scratch;

/// SIGINT after the first result on RERS 2017 problem 108 (whose first properties are settled
/// after some seconds of work): that result stays printed, the rest is unknown, exit 3.
#[test]
fn sigint_after_the_first_result_keeps_it_and_exits_3() {
    let sys = support::rers("2017/problem108.dot");
    let props = support::rers("2017/problem108-properties.txt");
    let mut child = spawnable()
        .args(["check", sys.to_str().unwrap(), props.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ltsym runs");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut seen = String::new();
    let first = loop {
        let mut line = String::new();
        assert!(out.read_line(&mut line).unwrap() > 0, "no result: {seen}");
        seen += &line;
        if line.starts_with('#') {
            break line;
        }
    };
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(kill.success());
    let mut rest = String::new();
    out.read_to_string(&mut rest).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(3), "{seen}{rest}");
    let all = seen + &rest;
    assert!(!first.contains("unknown"), "{all}");
    assert_eq!(all.matches(first.as_str()).count(), 1, "{all}");
    assert!(all.contains("unknown (interrupted by SIGINT)"), "{all}");
    assert!(all.lines().last().unwrap().contains(" unknown ("), "{all}");
    // every property is reported once
    for n in 1..=20 {
        let tag = format!("#{n}: ");
        assert_eq!(
            all.lines().filter(|l| l.starts_with(&tag)).count(),
            1,
            "{all}"
        );
    }
}

#[test]
fn jsonl_prints_one_object_per_result() {
    let sys = support::rers("2016/problem103.dot");
    let props = support::rers("2016/problem103-properties.txt");
    let o = ltsym(&[
        "check",
        sys.to_str().unwrap(),
        props.to_str().unwrap(),
        "--format",
        "jsonl",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 22);
    assert_eq!(lines[0]["event"], "start");
    assert_eq!(lines[0]["problem"], "103");
    assert!(lines[1..21].iter().all(|v| v["event"] == "result"));
    assert_eq!(lines[21]["event"], "end");
    assert_eq!(lines[21]["mismatches"], 0);
    assert_eq!(lines[21]["violated"], 12);
}

/// Unknown properties are left out of the CSV, as RERS submissions need, and said on stderr.
#[test]
fn csv_says_on_stderr_which_properties_it_left_out() {
    let sys = support::rers("2017/problem108.dot");
    let props = support::rers("2017/problem108-properties.txt");
    let o = ltsym(&[
        "check",
        sys.to_str().unwrap(),
        props.to_str().unwrap(),
        "--format",
        "csv",
        "--timeout",
        "2",
        // the default engine answers all 20 within the limit now: the symbolic one does not
        "--engine",
        "symbolic",
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(e.contains("left out of the CSV, unknown: #"), "{e}");
    assert!(e.contains("time limit"), "{e}");
    let answered = stdout(&o).lines().count();
    let left: usize = e
        .split("ltsym: ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{e}"));
    assert_eq!(answered + left, 20, "{e}");
}

#[test]
fn problem_numbers_come_from_the_name_or_the_flag() {
    // the number is looked for in the file name, then its folder's: neither has one here
    let tmp = scratch();
    let d = tmp.dir();
    std::fs::create_dir_all(d.join("plain")).unwrap();
    let small = d.join("plain/small.dot");
    std::fs::copy(support::rers("2016/problem101.dot"), &small).unwrap();
    let props = support::rers("2016/problem101-properties.txt");
    let (s, p) = (small.to_str().unwrap(), props.to_str().unwrap());
    let o = ltsym(&["check", s, p, "--format", "csv"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("--problem N"), "{}", stderr(&o));
    assert!(stderr(&o).contains("small.dot"), "{}", stderr(&o));
    let o = ltsym(&["check", s, p, "--format", "csv", "--problem", "7"]);
    assert!(stdout(&o).starts_with("7,"), "{}", stdout(&o));
    let o = ltsym(&["check", s, p, "--format", "json", "--problem", "7"]);
    assert!(stdout(&o).contains(r#""problem":"7""#), "{}", stdout(&o));
    std::fs::remove_dir_all(d).unwrap();
}
