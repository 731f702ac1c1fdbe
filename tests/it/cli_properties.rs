//! Properties from the command line: `-f FORMULA`, `--property N[,M..]`, `-` for stdin.

use crate::support;

use std::io::Write;
use std::process::Stdio;

use crate::support::cli::{run as ltsym, spawnable, stderr as err, stdout as out};

#[test]
fn inline_formulas_are_numbered_and_their_logic_detected() {
    let sys = support::rers("2016/problem103.dot");
    let s = sys.to_str().unwrap();
    // #2 of the file, `G !c0_t2`, is false; `G true` holds
    let o = ltsym(&[
        "check", s, "-f", "G !c0_t2", "-f", "G true", "--format", "csv",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert_eq!(out(&o), "103,1,false\n103,2,true\n");
    let o = ltsym(&["check", s, "-f", "AG(<c0_t2> true)", "--format", "json"]);
    assert!(out(&o).contains(r#""logic":"CTL""#), "{}", out(&o));
    let o = ltsym(&["check", s, "-f", "G !("]);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("-f 1:1:5:"), "{}", err(&o));
    // a file or -f, not both; one of them
    let props = support::rers("2016/problem103-properties.txt");
    let o = ltsym(&["check", s, props.to_str().unwrap(), "-f", "G !c0_t2"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(ltsym(&["check", s]).status.code(), Some(2));
}

#[test]
fn property_numbers_pick_from_the_file_and_stdin_reads_one() {
    let sys = support::rers("2016/problem103.dot");
    let props = support::rers("2016/problem103-properties.txt");
    let (s, p) = (sys.to_str().unwrap(), props.to_str().unwrap());
    let o = ltsym(&["check", s, p, "--property", "2,5", "--format", "csv"]);
    assert_eq!(out(&o), "103,2,false\n103,5,false\n");
    let o = ltsym(&["check", s, p, "--property", "21"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("has no property #21"), "{}", err(&o));
    let mut child = spawnable()
        .args(["check", s, "-", "--property", "1", "--format", "csv"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let text = std::fs::read_to_string(&props).unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(out(&o), "103,1,true\n", "{}", err(&o));
}

/// One vocabulary: `--input-format` for the system, `--format` for the output, `--json` kept;
/// `-q` silences warnings, `-v` shows progress.
#[test]
fn one_vocabulary_of_flags() {
    let sys = support::rers("2016/problem103.dot");
    let s = sys.to_str().unwrap();
    for sub in ["info", "reach"] {
        let json = out(&ltsym(&[sub, s, "--format", "json"]));
        assert!(json.starts_with('{'), "{sub}: {json}");
        assert!(out(&ltsym(&[sub, s, "--json"])).starts_with('{'), "{sub}");
        let o = ltsym(&[sub, s, "--format", "csv"]);
        assert_eq!(o.status.code(), Some(2), "{sub}");
        let o = ltsym(&[sub, s, "--input-format", "dot"]);
        assert_eq!(o.status.code(), Some(0), "{sub}: {}", err(&o));
    }
    let o = ltsym(&["check", s, "-f", "G !nosuchlabel | G !c0_t2", "-q"]);
    assert!(err(&o).is_empty(), "{}", err(&o));
    let o = ltsym(&["check", s, "-f", "G !nosuchlabel | G !c0_t2"]);
    assert!(err(&o).contains("nosuchlabel"), "{}", err(&o));
    let o = ltsym(&["check", s, "-f", "G !c0_t2", "-v"]);
    assert!(err(&o).contains("INFO"), "{}", err(&o));
}
