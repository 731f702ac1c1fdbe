//! Regression inputs for the input side of issue 21: every rejection names `file:line:column`
//! (invalid UTF-8 at its first bad byte, whole-file errors included), PNML is read strictly,
//! messages escape control characters, and nothing here panics. The inputs are in
//! `tests/inputs/`; the long-name cases are generated.

use crate::support;

use crate::support::cli::run_quiet as ltsym;
use crate::support::scratch::scratch;
use crate::support::{input, repo};

/// Runs `args`, expects exit code 2 and one line `ltsym: FILE:LINE:COL: ...` naming `file` at
/// `line:col`, with `message` in it; returns the line.
fn rejects(args: &[&str], file: &str, line_col: &str, message: &str) -> String {
    let o = ltsym(args);
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    let expected = format!("ltsym: {file}:{line_col}: ");
    assert!(
        err.starts_with(&expected),
        "{args:?}: expected `{expected}...`, got {err}"
    );
    assert!(
        err.contains(message),
        "{args:?}: expected `{message}` in {err}"
    );
    assert_eq!(err.lines().count(), 1, "{args:?}: one line: {err}");
    err
}

#[test]
fn invalid_utf8_is_located_at_the_first_bad_byte_in_every_reader() {
    let bad = "invalid UTF-8 (byte 0x";
    let f = input("invalid-utf8.dot");
    rejects(&["info", &f], &f, "4:6", &format!("{bad}ff)"));
    let f = input("invalid-utf8.pml");
    rejects(&["info", &f], &f, "1:18", &format!("{bad}e9)"));
    let f = input("invalid-utf8.pnml");
    rejects(&["info", &f], &f, "6:19", &format!("{bad}c3)"));
    let sys = repo("bench-data/rers/2016/problem103.dot");
    let f = input("invalid-utf8-ltl.txt");
    rejects(&["props", &sys, &f], &f, "5:4", &format!("{bad}e2)"));
    rejects(&["check", &sys, &f], &f, "5:4", &format!("{bad}e2)"));
    let f = input("invalid-utf8-ctl.txt");
    rejects(&["props", &sys, &f], &f, "4:5", &format!("{bad}c0)"));
    let f = input("order-invalid-utf8.txt");
    let order = format!("file:{f}");
    rejects(
        &["reach", &sys, "--order", &order],
        &f,
        "2:10",
        &format!("{bad}fe)"),
    );
    let f = input("utf16.txt");
    rejects(&["props", &sys, &f], &f, "1:1", "the file is UTF-16");
}

#[test]
fn whole_file_errors_have_a_position() {
    // where the missing part would go: the graph's closing brace, the end of the file
    let f = input("no-subgraph.dot");
    rejects(&["info", &f], &f, "3:1", "the graph has no subgraphs");
    let f = input("empty.pml");
    rejects(&["info", &f], &f, "1:1", "no state-machine process");
    let sys = repo("bench-data/rers/2016/problem103.dot");
    for (name, at, message) in [
        ("order-twice.txt", "2:12", "appears twice"),
        (
            "order-unknown.txt",
            "2:1",
            "`not_a_component` is neither a component name",
        ),
        ("order-short.txt", "2:1", "the order leaves out component"),
    ] {
        let f = input(name);
        let order = format!("file:{f}");
        rejects(&["reach", &sys, "--order", &order], &f, at, message);
        let props = repo("bench-data/rers/2016/problem103-properties.txt");
        rejects(&["check", &sys, &props, "--order", &order], &f, at, message);
    }
}

#[test]
fn pnml_is_read_strictly() {
    let ok = input("net.pnml");
    let o = ltsym(&["info", &ok]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    for (name, at, message) in [
        (
            "pnml-duplicate-attribute.pnml",
            "6:22",
            "attribute `id` is given twice (first at line 6:14)",
        ),
        // also where the reader skips the element's content
        (
            "pnml-duplicate-attribute-in-graphics.pnml",
            "4:46",
            "attribute `x` is given twice",
        ),
        (
            "pnml-control-character.pnml",
            "6:19",
            "character U+0001 is not allowed in XML",
        ),
        (
            "pnml-control-reference.pnml",
            "6:14",
            "a character reference to U+0001",
        ),
        (
            "pnml-two-markings.pnml",
            "5:69",
            "a second <initialMarking> in <place> (the first is at line 5:22)",
        ),
        ("pnml-two-texts.pnml", "7:54", "a second <text>"),
    ] {
        let f = input(name);
        rejects(&["info", &f], &f, at, message);
    }
}

#[test]
fn messages_escape_control_characters() {
    let f = input("control-characters.dot");
    let err = rejects(
        &["info", &f],
        &f,
        "3:5",
        "subgraph `c\\u{1b}]0;pwned\\u{7}`",
    );
    assert!(!err.contains('\u{1b}') && !err.contains('\u{7}'), "{err:?}");
}

/// A component name of 65,536 characters or more made `info` panic in `format!` (width out of
/// range): in each format that names components.
#[test]
fn long_component_names_do_not_panic() {
    let long = "c".repeat(70_000);
    let read = |p: String| std::fs::read_to_string(p).expect("readable");
    let dot = read(repo("bench-data/rers/2016/problem103.dot")).replace("component0", &long);
    let pml =
        read(support::rers("2016/problem101.pml").display().to_string()).replace("Proc0", &long);
    let pnml = read(input("net.pnml")).replace("\"u0\"", &format!("\"{long}\""));
    assert!(pnml.contains(&long));
    let dir = scratch();
    for (name, text) in [("long.dot", dot), ("long.pml", pml), ("long.pnml", pnml)] {
        let f = dir.file(name, &text);
        let o = ltsym(&["info", &f.display().to_string()]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(0), "{name}: {err}");
        assert!(String::from_utf8_lossy(&o.stdout).contains(&long), "{name}");
    }
}
