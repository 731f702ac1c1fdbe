//! The RERS `.dot` and Promela readers and the `.dot` writer on the real RERS files, plus
//! malformed inputs that must give located errors.

use crate::support;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use ltsym::model::System;
use ltsym::parse::{dot, load_system, promela, LoadOptions};
use ltsym::write::dot::write as write_dot;

fn load(path: &Path) -> System {
    match load_system(path, &LoadOptions::default()) {
        Ok(s) => s,
        Err(e) => panic!("{}: {e}", path.display()),
    }
}

/// All `.dot` and `.pml` files of the RERS years.
fn rers_systems() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for year in ["2016", "2017", "2019"] {
        let dir = support::rers(year);
        for entry in std::fs::read_dir(&dir).expect("RERS year directory") {
            let path = entry.expect("directory entry").path();
            if matches!(
                path.extension().and_then(|e| e.to_str()),
                Some("dot" | "pml")
            ) {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn every_rers_system_loads() {
    let files = rers_systems();
    // 20 + 15 dot files, 5 + 2 + 1 Promela files
    assert_eq!(files.len(), 43);
    for f in &files {
        let sys = load(f);
        assert!(!sys.components().is_empty(), "{}", f.display());
        for c in sys.components() {
            assert!(
                c.num_states() > 0 && !c.transitions.is_empty(),
                "{}",
                f.display()
            );
        }
    }
}

#[test]
fn component_counts() {
    for k in 1..=20 {
        let sys = load(&support::rers(&format!("2016/problem{}.dot", 100 + k)));
        assert_eq!(sys.components().len(), k, "2016 problem {}", 100 + k);
        for (i, c) in sys.components().iter().enumerate() {
            assert_eq!(c.name, format!("component{i}"));
        }
    }
    let sys = load(&support::rers("2017/problem115.dot"));
    assert_eq!(sys.components().len(), 19);
    assert_eq!(
        load(&support::rers("2019/problem101.pml"))
            .components()
            .len(),
        8
    );
}

/// The 2016 problem 101 as written: start marker `0 -> 6` is not a transition, `0` not a state.
#[test]
fn start_marker_is_dropped() {
    let sys = load(&support::rers("2016/problem101.dot"));
    let c = sys.component(0);
    assert_eq!(c.states, (1..=9).map(|i| i.to_string()).collect::<Vec<_>>());
    assert_eq!(c.states[c.start as usize], "6");
    assert_eq!(c.transitions.len(), 10);
    assert!(sys.labels().iter().all(|l| !l.is_silent()));
}

/// A component as names only: (state names, start name, transitions as name triples).
type Named = (Vec<String>, String, BTreeSet<(String, String, String)>);

fn named(sys: &System) -> Vec<Named> {
    sys.components()
        .iter()
        .map(|c| {
            let trans = c
                .transitions
                .iter()
                .map(|t| {
                    (
                        c.states[t.from as usize].clone(),
                        sys.label(t.label).name.clone(),
                        c.states[t.to as usize].clone(),
                    )
                })
                .collect();
            (c.states.clone(), c.states[c.start as usize].clone(), trans)
        })
        .collect()
}

/// Label name -> names of the components that take part in it.
fn label_components(sys: &System) -> BTreeMap<String, Vec<usize>> {
    sys.labels()
        .iter()
        .map(|l| (l.name.clone(), l.components.clone()))
        .collect()
}

#[test]
fn dot_and_promela_give_the_same_system() {
    let problems = [
        "2016/problem101",
        "2016/problem102",
        "2016/problem103",
        "2016/problem104",
        "2016/problem105",
        "2017/problem101",
        "2017/problem102",
    ];
    for p in problems {
        let d = load(&support::rers(&format!("{p}.dot")));
        let m = load(&support::rers(&format!("{p}.pml")));
        assert_eq!(d.components().len(), m.components().len(), "{p}");
        assert_eq!(d.labels().len(), m.labels().len(), "{p}");
        // same labels, shared by the same components (component i is `componenti` / `Proci`)
        assert_eq!(label_components(&d), label_components(&m), "{p}");
        for (i, (dc, mc)) in d.components().iter().zip(m.components()).enumerate() {
            assert_eq!(dc.name, format!("component{i}"), "{p}");
            assert_eq!(mc.name, format!("Proc{i}"), "{p}");
            assert_eq!(dc.num_states(), mc.num_states(), "{p} component {i}");
        }
        // The state numbers coincide in the two files, so the transitions are equal by name;
        // both readers list states in ascending number order here, so even the ids agree.
        assert_eq!(named(&d), named(&m), "{p}");
        assert_eq!(d.initial_state(), m.initial_state(), "{p}");
    }
}

fn write_read(sys: &System) -> System {
    let text = match write_dot(sys) {
        Ok(t) => t,
        Err(e) => panic!("write: {e}"),
    };
    match dot::parse(&text, Path::new("written.dot")) {
        Ok(s) => s,
        Err(e) => panic!("{e}\n{text}"),
    }
}

#[test]
fn written_dot_reads_back_to_the_same_system() {
    for f in [
        "2016/problem105.dot",
        "2017/problem101.dot",
        "2017/problem113.dot",
        "2017/problem102.pml",
        "2019/problem101.pml",
    ] {
        let sys = load(&support::rers(f));
        let back = write_read(&sys);
        let names = |s: &System| {
            s.components()
                .iter()
                .map(|c| c.name.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(names(&sys), names(&back), "{f}");
        assert_eq!(named(&sys), named(&back), "{f}");
        assert_eq!(label_components(&sys), label_components(&back), "{f}");
    }
}

#[test]
fn writer_quotes_names_and_keeps_silent_steps() {
    use ltsym::model::SystemBuilder;
    let mut b = SystemBuilder::new();
    let c = b.add_component("my comp");
    let s0 = b.add_state(c, "node").unwrap(); // a DOT keyword
    let s1 = b.add_state(c, "x \"y\" \\ z").unwrap();
    let s2 = b.add_state(c, "-1.5").unwrap();
    b.set_start(c, s0);
    b.add_transition(c, s0, "a b", s1);
    b.add_transition(c, s1, "", s2); // silent, not a start marker (s1 has incoming edges)
    b.add_transition(c, s2, "", s2);
    b.add_transition(c, s2, "q\"", s0);
    let d = b.add_component("D");
    let t0 = b.add_state(d, "t0").unwrap();
    b.set_start(d, t0);
    b.add_transition(d, t0, "a b", t0);
    let sys = b.build().unwrap();
    let back = write_read(&sys);
    assert_eq!(named(&sys), named(&back));
    assert_eq!(back.component(0).name, "my comp");
    assert_eq!(back.labels().iter().filter(|l| l.is_silent()).count(), 1);
    assert_eq!(
        back.label(back.label_id("a b").unwrap()).components,
        vec![0, 1]
    );
}

#[test]
fn writer_refuses_what_dot_cannot_express() {
    use ltsym::model::SystemBuilder;
    // explicit synchronisation tuples
    let mut b = SystemBuilder::new();
    for name in ["u0", "u1"] {
        let c = b.add_component(name);
        b.add_state(c, "p").unwrap();
        b.set_start(c, 0);
    }
    b.add_tuple_label("t", vec![0, 1], vec![vec![(0, 0), (0, 0)]])
        .unwrap();
    let err = write_dot(&b.build().unwrap()).unwrap_err();
    assert!(
        err.contains("label `t` synchronises by explicit tuples"),
        "{err}"
    );
    // a silent step out of a state with no other edges would read back as a start marker
    let mut b = SystemBuilder::new();
    let c = b.add_component("c");
    let s0 = b.add_state(c, "0").unwrap();
    let s1 = b.add_state(c, "1").unwrap();
    b.set_start(c, s0);
    b.add_transition(c, s1, "", s0);
    let err = write_dot(&b.build().unwrap()).unwrap_err();
    assert!(err.contains("second start marker"), "{err}");
}

#[test]
fn shared_state_names_are_qualified() {
    let sys = load(&support::rers("2017/problem101.pml"));
    // Promela state numbers are unique over the file: written as they are
    let text = write_dot(&sys).unwrap();
    assert!(text.contains("\n36->37 [label=\"c0_t12__c3_t1\""), "{text}");
    use ltsym::model::SystemBuilder;
    let mut b = SystemBuilder::new();
    for name in ["A", "B"] {
        let c = b.add_component(name);
        let s = b.add_state(c, "0").unwrap();
        b.set_start(c, s);
        b.add_transition(c, s, "x", s);
    }
    let back = write_read(&b.build().unwrap());
    assert_eq!(back.component(0).states, vec!["A.0"]);
    assert_eq!(back.component(1).states, vec!["B.0"]);
    assert_eq!(
        back.label(back.label_id("x").unwrap()).components,
        vec![0, 1]
    );
}

// ---------------------------------------------------------------------------------------------
// Malformed inputs: located errors, never panics
// ---------------------------------------------------------------------------------------------

fn dot_err(text: &str) -> String {
    match dot::parse(text, Path::new("bad.dot")) {
        Ok(_) => panic!("no error for:\n{text}"),
        Err(e) => e.to_string(),
    }
}

fn pml_err(text: &str) -> String {
    match promela::parse(text, Path::new("bad.pml")) {
        Ok(_) => panic!("no error for:\n{text}"),
        Err(e) => e.to_string(),
    }
}

/// Every prefix of a real file that cuts off its last `}` is an error with a location.
#[test]
fn truncated_files_give_located_errors() {
    for f in [
        "2016/problem102.dot",
        "2016/problem101.pml",
        "2016/problem102.pml",
    ] {
        let path = support::rers(f);
        let text = std::fs::read_to_string(&path).unwrap();
        let pml = f.ends_with(".pml");
        let last = if pml {
            // the closing brace of the last process (the `#define`s follow it)
            text.find("\n#define")
                .and_then(|i| text[..i].rfind('}'))
                .unwrap()
        } else {
            text.rfind('}').unwrap()
        };
        let mut i = 0;
        while i <= last {
            let cut = &text[..i];
            let e = if pml { pml_err(cut) } else { dot_err(cut) };
            let prefix = if pml { "bad.pml:" } else { "bad.dot:" };
            assert!(e.starts_with(prefix), "cut at {i}: {e}");
            i += 1;
        }
    }
    // at the end of a truncated file the error points at the end
    let text = std::fs::read_to_string(support::rers("2016/problem101.dot")).unwrap();
    let cut = text.find("6->1 [label=\"c0_t5\" co").unwrap() + "6->1 [label=\"c0_t5\" co".len();
    assert_eq!(
        dot_err(&text[..cut]),
        "bad.dot:18:23: expected `]` to close the attribute list opened at line 18:6, found end of file"
    );
    let cut = text.find("4->7").unwrap();
    assert_eq!(
        dot_err(&text[..cut]),
        "bad.dot:22:1: expected `}` to close the subgraph opened at line 2:23, found end of file"
    );
}

#[test]
fn dot_syntax_errors() {
    // missing edge target
    assert_eq!(
        dot_err("digraph G {\n  subgraph c {\n0; 1;\n0 -> [label=\"a\"];\n  }\n}\n"),
        "bad.dot:4:6: expected a node ID after `->`, found `[`"
    );
    // unbalanced braces and brackets
    assert_eq!(
        dot_err("digraph G {\n  subgraph c {\n0 [label=\"0\"];\n}\n"),
        "bad.dot:5:1: expected `}` to close the graph opened at line 1:11, found end of file"
    );
    assert_eq!(
        dot_err("digraph G {\n  subgraph c {\n0 [label=\"0\";\n1 [label=\"1\"];\n}}\n"),
        "bad.dot:4:3: expected an attribute name or `]`, found `[`"
    );
    assert_eq!(
        dot_err("digraph G { subgraph c { i; 0; i -> 0 [label=\"\"]; } } }"),
        "bad.dot:1:55: expected end of file after the graph's closing `}`, found `}`"
    );
    assert_eq!(
        dot_err("digraph G { subgraph c { 0 ] } }"),
        "bad.dot:1:28: expected `->`, `[` or `;` after `0`, found `]`"
    );
    // unknown keyword / header
    assert_eq!(
        dot_err("diagraph G { }"),
        "bad.dot:1:1: expected `digraph` or `graph`, found `diagraph`"
    );
    assert_eq!(
        dot_err("digraph G { subgraph c { node 0; } }"),
        "bad.dot:1:31: expected `[` after `node`, found `0`"
    );
    assert_eq!(
        dot_err("digraph G { subgraph c { 0; strict; } }"),
        "bad.dot:1:29: unexpected keyword `strict` here: expected a node, edge, `subgraph` or attribute statement"
    );
    assert!(dot_err("digraph G { subgraph c { 0 -- 1 } }")
        .starts_with("bad.dot:1:28: `--` is the undirected edge operator"));
    assert!(dot_err("digraph G { subgraph c { a; b; c; a -> b -> c } }")
        .starts_with("bad.dot:1:42: edge chains"));
    assert!(
        dot_err("digraph G { 0; }").starts_with("bad.dot:1:13: node statement outside a subgraph")
    );
    assert!(dot_err("digraph G { subgraph c { subgraph d { } } }")
        .starts_with("bad.dot:1:26: nested subgraph"));
    assert!(dot_err("digraph G { /* open").starts_with("bad.dot:1:13: comment `/*` is not closed"));
    assert!(dot_err("digraph G { subgraph c { 0 [label=<b>] } }")
        .starts_with("bad.dot:1:35: HTML-like strings"));
    assert!(dot_err("digraph G { }").contains("no subgraphs"));
}

#[test]
fn dot_validation_errors() {
    let start = "digraph G {\n  subgraph c {\n";
    // missing start marker
    assert_eq!(
        dot_err(&format!("{start}0; 1;\n0 -> 1 [label=\"a\"];\n1 -> 0 [label=\"\"];\n  }}\n}}\n")),
        "bad.dot:2:12: subgraph `c` has no start marker: an edge with label \"\" out of a node with no other edges, pointing at the start state"
    );
    // two start markers
    assert_eq!(
        dot_err(&format!("{start}i; j; 0; 1;\ni -> 0 [label=\"\"];\n0 -> 1 [label=\"a\"];\nj -> 1 [label=\"\"];\n  }}\n}}\n")),
        "bad.dot:6:1: subgraph `c` has a second start marker (the first is at line 4:1): only one state can be the start"
    );
    // duplicate node, also across subgraphs
    assert_eq!(
        dot_err(&format!("{start}i; 0;\n0 [label=\"again\"];\n  }}\n}}\n")),
        "bad.dot:4:1: node `0` declared twice (first at line 3:4, in subgraph `c`)"
    );
    assert_eq!(
        dot_err("digraph G {\nsubgraph a { i; 0; i -> 0 [label=\"\"] }\nsubgraph b { 0 }\n}"),
        "bad.dot:3:14: node `0` declared twice (first at line 2:17, in subgraph `a`)"
    );
    // undeclared node
    assert_eq!(
        dot_err(&format!("{start}i; 0;\ni -> 0 [label=\"\"];\n0 -> 7 [label=\"a\"];\n  }}\n}}\n")),
        "bad.dot:5:6: edge endpoint `7` is not a declared node (declare `7 [...]` in subgraph `c` before its edges)"
    );
    // edge between subgraphs
    assert_eq!(
        dot_err("digraph G {\nsubgraph a { i; 0; i -> 0 [label=\"\"] }\nsubgraph b { j; 1; j -> 1 [label=\"\"]; 1 -> 0 [label=\"x\"] }\n}"),
        "bad.dot:3:44: edge in subgraph `b` joins node `0` of subgraph `a`: components do not share edges"
    );
    // subgraph declared twice
    assert!(
        dot_err("digraph G { subgraph a { i; 0; i -> 0 } subgraph a { } }")
            .starts_with("bad.dot:1:50: subgraph `a` declared twice")
    );
}

/// The 2016 problem 101 Promela file with one piece replaced.
fn pml_with(from: &str, to: &str) -> String {
    let text = std::fs::read_to_string(support::rers("2016/problem101.pml")).unwrap();
    assert!(text.contains(from), "{from}");
    text.replacen(from, to, 1)
}

#[test]
fn promela_errors() {
    assert_eq!(
        pml_err(&pml_with("chan p0 = [0] of {mtype};", "chan p0 = [1] of {mtype};")),
        "bad.pml:7:12: channel `p0` has buffer size 1: only rendezvous channels `[0]` are supported"
    );
    assert_eq!(
        pml_err(&pml_with("/* Action channel */", "int x = 0;")),
        "bad.pml:27:1: expected `mtype`, `chan`, `active proctype`, `#define` or `ltl` (the RERS Promela dialect), found `int`"
    );
    // unknown statement in a process
    assert_eq!(
        pml_err(&pml_with(
            "        act ! c0_t5;\n",
            "        printf(\"x\");\n"
        )),
        "bad.pml:61:9: `printf` is not a declared channel"
    );
    // unbalanced: a missing `fi`
    assert_eq!(
        pml_err(&pml_with(
            "        state = 1;\n      fi\n",
            "        state = 1;\n\n"
        )),
        "bad.pml:64:5: expected `::` or `fi`, found `}`"
    );
    // truncated in the middle of a move
    let text = pml_with("", "");
    let cut = text.find("act ! c0_t5;").unwrap() + 4;
    assert_eq!(
        pml_err(&text[..cut]),
        "bad.pml:61:13: expected `!`, found end of file"
    );
    // no start move
    assert_eq!(
        pml_err(&pml_with(":: p0 ? nop ->", ":: p0 ? c0_t1 ->")),
        "bad.pml:47:15: process `Proc0`: the initial state 0 must have exactly one move, `? nop`, leading to the start state"
    );
    assert_eq!(
        pml_err(&pml_with("  int state = 0;", "  int state = 3;")),
        "bad.pml:52:15: `nop` may only be received in the initial state 3 (it marks the start)"
    );
    assert_eq!(
        pml_err(&pml_with("  :: p0 ! c0_t5\n", "")),
        "bad.pml:59:15: the environment never sends `c0_t5` on `p0`: this receive could never happen"
    );
    // undeclared message
    assert_eq!(
        pml_err(&pml_with("      :: p0 ? c0_t5 ->", "      :: p0 ? zz ->")),
        "bad.pml:60:15: `zz` is not declared in an `mtype = { ... }` list"
    );
    // a process sending on an environment channel
    assert!(pml_err(&pml_with(
        "      :: p0 ? c0_t5 ->",
        "      :: p0 ! c0_t5 ->"
    ))
    .contains("sends on `p0`, an environment channel"));
}

/// Small edits of real files (deleting, inserting or replacing one character) never panic,
/// and every error names the file.
#[test]
fn mutated_files_never_panic() {
    const INSERTS: [char; 14] = [
        '{', '}', '[', ']', '"', ';', '-', '>', '/', '*', 'é', '0', 'x', '\n',
    ];
    let mut rng = ltsym::gen::rng::Rng::new(0x2545_f491_4f6c_dd1d);
    let mut rand = move |n: usize| rng.below(n);
    for f in ["2016/problem102.dot", "2016/problem102.pml"] {
        let text = std::fs::read_to_string(support::rers(f)).unwrap();
        let chars: Vec<char> = text.chars().collect();
        let mut errors = 0;
        for _ in 0..1500 {
            let mut m = chars.clone();
            let i = rand(m.len());
            match rand(3) {
                0 => {
                    m.remove(i);
                }
                1 => m.insert(i, INSERTS[rand(INSERTS.len())]),
                _ => m[i] = INSERTS[rand(INSERTS.len())],
            }
            let m: String = m.into_iter().collect();
            let r = if f.ends_with(".dot") {
                dot::parse(&m, Path::new("m"))
            } else {
                promela::parse(&m, Path::new("m"))
            };
            if let Err(e) = r {
                errors += 1;
                assert!(e.to_string().starts_with("m:"), "{e}");
            }
        }
        // most single edits break these files (edits in comments or attributes may not)
        assert!(
            errors > 500,
            "{f}: only {errors} of 1500 edits gave an error"
        );
    }
}
