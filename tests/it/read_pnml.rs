//! The PNML reader: the two MCC nets of RERS problems, and small hand-written nets for each
//! error and for a label that is not a product.

use crate::support;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use ltsym::error::Error;
use ltsym::model::{Sync, System};
use ltsym::parse::{pnml, PnmlLabels};

/// An MCC net (not shipped with the repository): `None`, said on stderr, when it is absent.
fn load(rel: &str, labels: PnmlLabels) -> Option<(String, System)> {
    let path = support::mcc(rel)?;
    let text = std::fs::read_to_string(&path).expect("MCC net readable");
    let sys = pnml::parse(&text, &path, labels).expect("MCC net loads");
    Some((text, sys))
}

/// The number of distinct global moves a label stands for.
fn moves(sys: &System, l: usize) -> u64 {
    let label = sys.label(l);
    match &label.sync {
        Sync::Product => label.local.iter().map(|m| m.len() as u64).product(),
        Sync::Tuples(t) => t.len() as u64,
    }
}

#[test]
fn pb103_is_eight_sequential_units_and_42_product_labels() {
    let Some((text, sys)) = load("RERS2020-PT-pb103/model.pnml", PnmlLabels::Auto) else {
        return;
    };
    assert_eq!(sys.components().len(), 8);
    let places: usize = sys.components().iter().map(|c| c.num_states()).sum();
    assert_eq!(places, 520);
    assert_eq!(text.matches("<place ").count(), 520);
    // every unit starts in its p__start place
    for c in sys.components() {
        assert!(
            c.states[c.start as usize].starts_with("p__start"),
            "{} starts in {}",
            c.name,
            c.states[c.start as usize]
        );
    }
    assert_eq!(sys.labels().len(), 42);
    let by_width = |n: usize| {
        sys.labels()
            .iter()
            .filter(|l| l.components.len() == n)
            .count()
    };
    assert_eq!(by_width(1), 11);
    assert_eq!(by_width(2), 30);
    assert_eq!(by_width(8), 1);
    assert!(sys.labels().iter().all(|l| l.sync == Sync::Product));
    // the one silent label is t_0_, moving all 8 units from p__start to the real start
    let silent: Vec<_> = sys.labels().iter().filter(|l| l.is_silent()).collect();
    assert_eq!(silent.len(), 1);
    assert_eq!(silent[0].components.len(), 8);
    for (i, &c) in silent[0].components.iter().enumerate() {
        assert_eq!(silent[0].local[i].len(), 1);
        assert_eq!(silent[0].local[i][0].0, sys.component(c).start);
    }
    // 31,658 Petri transitions; the 80 of `l4` that repeat a move tuple are the only duplicates
    let transitions = text.matches("<transition ").count();
    assert_eq!(transitions, 31_658);
    let total: u64 = (0..sys.labels().len()).map(|l| moves(&sys, l)).sum();
    assert_eq!(total, 31_658 - 80);
    let l4 = sys.label_id("l4").expect("label l4");
    let l4_transitions = text
        .match_indices("<transition id=\"t_")
        .filter(|(i, _)| {
            let rest = &text[i + "<transition id=\"t_".len()..];
            let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
            rest.starts_with("_l4\"")
        })
        .count() as u64;
    assert_eq!(l4_transitions, moves(&sys, l4) + 80);
}

#[test]
fn pb103_label_modes() {
    let Some((_, sys)) = load("RERS2020-PT-pb103/model.pnml", PnmlLabels::Name) else {
        return;
    };
    // each Petri transition its own label, `t_0_` included (its name is not empty)
    assert_eq!(sys.labels().len(), 31_658);
    assert!(sys.labels().iter().all(|l| !l.is_silent()));
    assert!(sys.labels().iter().all(|l| l.sync == Sync::Product));
    assert!((0..sys.labels().len()).all(|l| moves(&sys, l) == 1));
    assert_eq!(sys.label(sys.label_id("t_0_").unwrap()).components.len(), 8);
    assert!(sys.label_id("t_23708_l20").is_some());

    let Some((_, mcc)) = load("RERS2020-PT-pb103/model.pnml", PnmlLabels::Mcc) else {
        return;
    };
    let Some((_, auto)) = load("RERS2020-PT-pb103/model.pnml", PnmlLabels::Auto) else {
        return;
    };
    let names = |s: &System| -> Vec<String> { s.labels().iter().map(|l| l.name.clone()).collect() };
    assert_eq!(names(&mcc), names(&auto));
    assert!(mcc.label_id("l20").is_some());
    assert!(mcc.label_id("t_23708_l20").is_none());
}

/// Node count, node set and labelled edges per `subgraph componentK` of a RERS .dot file,
/// read with a few string splits (the .dot reader is tested on its own).
struct DotComponent {
    nodes: BTreeSet<String>,
    edges: BTreeSet<(String, String, String)>,
    start_edge: Option<(String, String)>,
}

fn dot_components(text: &str) -> BTreeMap<String, DotComponent> {
    let mut out = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("subgraph ") {
            let name = rest.trim_end_matches('{').trim().to_string();
            out.insert(
                name.clone(),
                DotComponent {
                    nodes: BTreeSet::new(),
                    edges: BTreeSet::new(),
                    start_edge: None,
                },
            );
            current = Some(name);
            continue;
        }
        let Some(c) = current.as_ref().and_then(|c| out.get_mut(c)) else {
            continue;
        };
        if let Some((from, rest)) = line.split_once("->") {
            let (to, rest) = rest.split_once(' ').unwrap();
            let label = rest.split('"').nth(1).unwrap().to_string();
            if label.is_empty() {
                c.start_edge = Some((from.to_string(), to.to_string()));
            } else {
                c.edges.insert((from.to_string(), label, to.to_string()));
            }
        } else if let Some((node, _)) = line.split_once(" [label=") {
            c.nodes.insert(node.to_string());
        }
    }
    out
}

#[test]
fn rers17_pb113_net_is_problem113_dot() {
    let Some((text, sys)) = load("RERS17pb113-PT-1/model.pnml", PnmlLabels::Auto) else {
        return;
    };
    assert_eq!(sys.components().len(), 13);
    assert_eq!(text.matches("<transition ").count(), 31_353);
    // the 13 start places are the start places of the 13 units
    let marked = text.matches("<initialMarking><text>1</text>").count();
    assert_eq!(marked, 13);
    let silent: Vec<_> = sys.labels().iter().filter(|l| l.is_silent()).collect();
    assert_eq!(silent.len(), 1);
    assert_eq!(silent[0].components.len(), 13);
    assert!(sys.labels().iter().all(|l| l.sync == Sync::Product));

    // Same system as 2017/problem113.dot: place `pN` is dot node `N`, unit `ucomponentK` is
    // `componentK`, the marked place is the dummy start node, `t_0_` is the start edge, and
    // every other local move is a dot edge with the same label.
    let dot = std::fs::read_to_string(support::rers("2017/problem113.dot")).unwrap();
    let dot = dot_components(&dot);
    assert_eq!(dot.len(), 13);
    let silent_label = sys.labels().iter().position(|l| l.is_silent()).unwrap();
    for (ci, c) in sys.components().iter().enumerate() {
        let k = c.name.strip_prefix("u").expect("unit named ucomponentK");
        let d = &dot[k];
        let places: BTreeSet<String> = c
            .states
            .iter()
            .map(|s| s.strip_prefix('p').unwrap().to_string())
            .collect();
        assert_eq!(places, d.nodes, "places of {}", c.name);
        let (dummy, start) = d.start_edge.clone().unwrap();
        assert_eq!(c.states[c.start as usize], format!("p{dummy}"));
        let mut edges = BTreeSet::new();
        for t in &c.transitions {
            let from = c.states[t.from as usize][1..].to_string();
            let to = c.states[t.to as usize][1..].to_string();
            if t.label == silent_label {
                assert_eq!(
                    (from, to),
                    (dummy.clone(), start.clone()),
                    "start of {}",
                    c.name
                );
            } else {
                edges.insert((from, sys.label(t.label).name.clone(), to));
            }
        }
        assert_eq!(edges, d.edges, "edges of {}", c.name);
        assert!(sys.label(silent_label).components.contains(&ci));
    }
}

// ---------------------------------------------------------------------------------------------
// Hand-written nets

/// A net with units `u0 = {a0, a1}` (start a0) and `u1 = {b0, b1}` (start b0), the given
/// transitions and arcs, and `nupn` in place of the NUPN block.
fn net(marking_a0: &str, nodes: &str, nupn: &str) -> String {
    format!(
        r#"<?xml version="1.0"?>
<pnml xmlns="http://www.pnml.org/version-2009/grammar/pnml">
  <net id="n" type="http://www.pnml.org/version-2009/grammar/ptnet">
    <page id="page0">
      <place id="a0"><name><text>a0</text></name><initialMarking><text>{marking_a0}</text></initialMarking></place>
      <place id="a1"/>
      <place id="b0"><initialMarking><text>1</text></initialMarking></place>
      <place id="b1"/>
{nodes}
{nupn}
    </page>
  </net>
</pnml>
"#
    )
}

const NUPN: &str = r#"<toolspecific tool="nupn" version="1.1">
      <size places="4" transitions="2" arcs="8"/>
      <structure units="3" root="r" safe="true">
        <unit id="r"><places/><subunits>u0 u1</subunits></unit>
        <unit id="u0"><places>a0 a1</places><subunits/></unit>
        <unit id="u1"><places>b0 b1</places><subunits/></unit>
      </structure>
    </toolspecific>"#;

/// A transition `id` moving `from -> to` in each listed unit.
fn trans(id: &str, moves: &[(&str, &str)]) -> String {
    let mut s = format!("<transition id=\"{id}\"><name><text>{id}</text></name></transition>\n");
    for (from, to) in moves {
        s += &format!("<arc id=\"i{id}{from}\" source=\"{from}\" target=\"{id}\"/>\n");
        s += &format!(
            "<arc id=\"o{id}{to}\" source=\"{id}\" target=\"{to}\"><inscription><text>1</text></inscription></arc>\n"
        );
    }
    s
}

fn parse(text: &str) -> ltsym::error::Result<System> {
    pnml::parse(text, Path::new("t.pnml"), PnmlLabels::Auto)
}

fn parse_net(text: &str) -> ltsym::error::Result<(System, ltsym::model::PetriNet)> {
    pnml::parse_net(text, Path::new("t.pnml"), PnmlLabels::Auto)
}

fn parse_err(text: &str) -> String {
    match parse(text) {
        Ok(_) => panic!("net accepted"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn product_label_from_hand_written_net() {
    // label x: u0 a0->a1 with u1 b0->b1 and b1->b0: all 2 combinations
    let nodes = trans("t_1_x", &[("a0", "a1"), ("b0", "b1")])
        + &trans("t_2_x", &[("a0", "a1"), ("b1", "b0")])
        + &trans("t_3_y", &[("a1", "a0")]);
    let sys = parse(&net("1", &nodes, NUPN)).unwrap();
    assert_eq!(sys.components().len(), 2);
    assert_eq!(sys.components()[0].name, "u0");
    assert_eq!(sys.initial_state(), vec![0, 0]);
    let x = sys.label(sys.label_id("x").unwrap());
    assert_eq!(x.components, vec![0, 1]);
    assert_eq!(x.sync, Sync::Product);
    assert_eq!(x.local, vec![vec![(0, 1)], vec![(0, 1), (1, 0)]]);
    let y = sys.label(sys.label_id("y").unwrap());
    assert_eq!(y.components, vec![0]);
}

#[test]
fn label_that_is_not_a_product_keeps_its_tuples() {
    // x: (a0->a1, b0->b1) and (a1->a0, b1->b0) only: not (a0->a1, b1->b0)
    let nodes = trans("t_1_x", &[("a0", "a1"), ("b0", "b1")])
        + &trans("t_2_x", &[("a1", "a0"), ("b1", "b0")])
        + &trans("t_3_x", &[("a0", "a1"), ("b0", "b1")]); // a duplicate tuple
    let sys = parse(&net("1", &nodes, NUPN)).unwrap();
    let x = sys.label(sys.label_id("x").unwrap());
    assert_eq!(x.components, vec![0, 1]);
    assert_eq!(
        x.sync,
        Sync::Tuples(vec![vec![(0, 1), (0, 1)], vec![(1, 0), (1, 0)]])
    );
}

#[test]
fn silent_transition_over_two_units_moves_them_together() {
    let nodes = trans("t_0_", &[("a0", "a1"), ("b0", "b1")]);
    let sys = parse(&net("1", &nodes, NUPN)).unwrap();
    assert_eq!(sys.labels().len(), 1);
    let l = &sys.labels()[0];
    assert!(l.is_silent());
    assert_eq!(l.components, vec![0, 1]);
    assert_eq!(l.sync, Sync::Product);
}

#[test]
fn name_mode_and_auto_detection() {
    // one name is not of the MCC form: auto falls back to names
    let nodes = trans("t_1_x", &[("a0", "a1")]) + &trans("go", &[("b0", "b1")]);
    let sys = parse(&net("1", &nodes, NUPN)).unwrap();
    assert!(sys.label_id("t_1_x").is_some());
    assert!(sys.label_id("go").is_some());
    let e = pnml::parse(
        &net("1", &nodes, NUPN),
        Path::new("t.pnml"),
        PnmlLabels::Mcc,
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("`go`") && e.contains("t_<number>_<label>"),
        "{e}"
    );
}

#[test]
fn a_unit_that_can_be_empty_gets_a_none_state() {
    // t takes a0 (u0 becomes empty) and moves b0 -> b1; back puts the token into a1
    let nodes = "<transition id=\"t\"/>\n<arc id=\"1\" source=\"a0\" target=\"t\"/>\n\
                 <arc id=\"2\" source=\"b0\" target=\"t\"/><arc id=\"3\" source=\"t\" target=\"b1\"/>\n\
                 <transition id=\"back\"/><arc id=\"4\" source=\"b1\" target=\"back\"/>\n\
                 <arc id=\"5\" source=\"back\" target=\"a1\"/><arc id=\"6\" source=\"back\" target=\"b0\"/>";
    let (sys, net) = parse_net(&net("1", nodes, NUPN)).unwrap();
    let u0 = sys.component(0);
    assert_eq!(u0.states, vec!["a0", "a1", "(none)"]);
    assert_eq!(net.empty_state, vec![Some(2), None]);
    // u1 stays sequential: two states, no `(none)`
    assert_eq!(sys.component(1).num_states(), 2);
    let t = &net.transitions[net.transition("t").unwrap()];
    assert_eq!(t.moves, vec![(0, 0, 2), (1, 0, 1)]);
    let back = &net.transitions[net.transition("back").unwrap()];
    assert_eq!(back.moves, vec![(0, 2, 1), (1, 1, 0)]);
    // `back` puts a token into u0 without taking one: its guard adds "u0 is empty"
    assert_eq!(net.needs_check().collect::<Vec<_>>(), vec![1]);
    let g = ltsym::explicit::StateGraph::build(&sys, None).unwrap();
    assert_eq!(g.num_states(), 3); // (a0,b0) (none,b1) (a1,b0)
}

#[test]
fn transitions_the_encoding_never_fires() {
    // `two_in` needs two tokens of u0 (never enabled in a one-safe net), `two_out` would put
    // two into u1; neither gets a label, and only `two_out` needs the check on reachable states
    let nodes = "<transition id=\"two_in\"/><arc id=\"1\" source=\"a0\" target=\"two_in\"/>\n\
                 <arc id=\"2\" source=\"a1\" target=\"two_in\"/><arc id=\"3\" source=\"two_in\" target=\"b1\"/>\n\
                 <transition id=\"two_out\"/><arc id=\"4\" source=\"a0\" target=\"two_out\"/>\n\
                 <arc id=\"5\" source=\"two_out\" target=\"b0\"/><arc id=\"6\" source=\"two_out\" target=\"b1\"/>";
    let (_, net) = parse_net(&net("1", nodes, NUPN)).unwrap();
    assert!(net.transitions.iter().all(|t| t.label.is_none()));
    let two_out = net.transition("two_out").unwrap();
    assert_eq!(net.needs_check().collect::<Vec<_>>(), vec![two_out]);
    // in the initial marking (a0, b0) two_out is Petri-enabled: a witness of unsafety
    assert_eq!(net.unsafe_transition(&[0, 0]), Some(two_out));
}

#[test]
fn repeated_arc_is_an_error() {
    let nodes =
        trans("t_1_x", &[("a0", "a1")]) + "<arc id=\"again\" source=\"a0\" target=\"t_1_x\"/>";
    let e = parse_err(&net("1", &nodes, NUPN));
    assert!(e.contains("arc `again` repeats arc `it_1_xa0`"), "{e}");
}

#[test]
fn the_first_bad_arc_in_the_file_is_the_one_named() {
    // the reader checks the arcs after reading them all: still the first at fault is named,
    // with its position
    let repeat =
        |t: &str, p: &str, id: &str| format!("<arc id=\"{id}\" source=\"{p}\" target=\"{t}\"/>\n");
    let unknown = "<arc id=\"bad\" source=\"zz\" target=\"t_1_x\"/>\n";
    let base = trans("t_1_x", &[("a0", "a1")]) + &trans("t_2_y", &[("b0", "b1")]);
    let text = net(
        "1",
        &(base.clone() + &repeat("t_1_x", "a0", "r1") + unknown),
        NUPN,
    );
    let e = parse_err(&text);
    assert!(e.contains("arc `r1` repeats arc `it_1_xa0`"), "{e}");
    let text = net(
        "1",
        &(base.clone() + unknown + &repeat("t_1_x", "a0", "r1")),
        NUPN,
    );
    let e = parse_err(&text);
    assert!(e.contains("arc `bad`: its source `zz`"), "{e}");
    // two repeats in two transitions (the second transition's first): its line is named
    let both = base.clone() + &repeat("t_2_y", "b0", "r2") + &repeat("t_1_x", "a0", "r1");
    let text = net("1", &both, NUPN);
    let line = text.lines().position(|l| l.contains("id=\"r2\"")).unwrap() + 1;
    let e = parse_err(&text);
    assert!(e.contains("arc `r2` repeats arc `it_2_yb0`"), "{e}");
    assert!(e.contains(&format!("t.pnml:{line}:")), "{e}");
    // a character reference in an id is resolved: `a&#48;` is the place `a0`
    let escaped = base.replace("source=\"a0\"", "source=\"a&#48;\"");
    assert_ne!(escaped, base);
    let (sys, _) = parse_net(&net("1", &escaped, NUPN)).expect("the net reads");
    let (plain, _) = parse_net(&net("1", &base, NUPN)).expect("the net reads");
    let shape = |s: &System| {
        (0..s.labels().len())
            .map(|l| (s.labels()[l].name.clone(), moves(s, l)))
            .collect::<Vec<_>>()
    };
    assert_eq!(shape(&sys), shape(&plain));
    assert!(shape(&sys).iter().any(|(n, m)| n == "x" && *m > 0));
}

#[test]
fn non_safe_marking_is_an_error() {
    let e = parse_err(&net("2", "", NUPN));
    assert!(
        e.contains("place `a0` has initial marking 2") && e.contains("one-safe"),
        "{e}"
    );
    assert!(e.starts_with("t.pnml:5:"), "{e}");
    let e = parse_err(&net(
        "1",
        "",
        &NUPN.replace("safe=\"true\"", "safe=\"false\""),
    ));
    assert!(e.contains("safe=\"false\""), "{e}");
    // two tokens in one unit
    let two = net("1", "", NUPN).replace(
        "<place id=\"a1\"/>",
        "<place id=\"a1\"><initialMarking><text>1</text></initialMarking></place>",
    );
    let e = parse_err(&two);
    assert!(
        e.contains("unit `u0` holds two tokens initially, on `a0` and `a1`"),
        "{e}"
    );
    // a token in a unit and one in its subunit
    let nested = NUPN
        .replace("<subunits>u0 u1</subunits>", "<subunits>u0</subunits>")
        .replace(
            "<unit id=\"u0\"><places>a0 a1</places><subunits/>",
            "<unit id=\"u0\"><places>a0 a1</places><subunits>u1</subunits>",
        );
    let e = parse_err(&net("1", "", &nested));
    assert!(
        e.contains("unit `u1` and its ancestor unit `u0` both hold a token initially"),
        "{e}"
    );
    // no token in u0: accepted, u0 starts empty
    let sys = parse(&net("0", "", NUPN)).unwrap();
    let u0 = sys.component(0);
    assert_eq!(u0.states[u0.start as usize], "(none)");
}

#[test]
fn arc_weight_other_than_one_is_an_error() {
    let nodes = trans("t", &[("a0", "a1")]).replace(
        "<text>1</text></inscription>",
        "<text>2</text></inscription>",
    );
    let e = parse_err(&net("1", &nodes, NUPN));
    assert!(e.contains("has weight `2`"), "{e}");
}

#[test]
fn truncated_file_is_an_error_with_a_position() {
    let nodes = trans("t_1_x", &[("a0", "a1")]).replace(
        "</transition>",
        "<graphics><position x=\"1\" y=\"2\"/></graphics></transition>",
    );
    let full = net("1", &nodes, NUPN);
    // cut inside the NUPN block, in the middle of a tag, and at each of many other places
    for cut in (1..full.len()).step_by(7) {
        if !full.is_char_boundary(cut) {
            continue;
        }
        let e = parse_err(&full[..cut]);
        assert!(e.starts_with("t.pnml:"), "cut at {cut}: {e}");
        let loc: Vec<&str> = e.splitn(4, ':').collect();
        assert!(
            loc[1].parse::<usize>().is_ok() && loc[2].parse::<usize>().is_ok(),
            "cut at {cut}: {e}"
        );
        // past the first line, the error points past it too (not at a default 1:1)
        if cut > full.find('\n').unwrap() + 1 {
            assert_ne!(loc[1], "1", "cut at {cut}: {e}");
        }
    }
    let cut = full.find("<unit id=\"u1\"").unwrap() + 5;
    let e = parse_err(&full[..cut]);
    assert!(e.contains("t.pnml:"), "{e}");
}

#[test]
fn net_without_nupn_is_an_error() {
    let nodes = trans("t_1_x", &[("a0", "a1")]);
    let e = parse_err(&net("1", &nodes, ""));
    assert!(
        e.contains("not a NUPN net: ltsym needs the units to rebuild the LTSs"),
        "{e}"
    );
    assert!(e.starts_with("t.pnml:3:3: "), "{e}");
}

#[test]
fn unit_errors() {
    // a place in two units
    let two = NUPN.replace("<places>b0 b1</places>", "<places>b0 b1 a1</places>");
    let e = parse_err(&net("1", "", &two));
    assert!(
        e.contains("place `a1` is in unit `u0` and again in unit `u1`"),
        "{e}"
    );
    // a place in no unit
    let none = NUPN.replace("<places>b0 b1</places>", "<places>b0</places>");
    let e = parse_err(&net("1", "", &none));
    assert!(e.contains("place `b1` is in no NUPN unit"), "{e}");
    // places in a unit with subunits: the unit is a component like any other
    let nested = NUPN
        .replace(
            "<places/><subunits>u0 u1",
            "<places>b1</places><subunits>u0 u1",
        )
        .replace("<places>b0 b1</places>", "<places>b0</places>");
    let sys = parse(&net("1", "", &nested)).unwrap();
    let names: Vec<&str> = sys.components().iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, vec!["r", "u0", "u1"]);
    assert_eq!(sys.component(0).states, vec!["b1", "(none)"]);
}

#[test]
fn arc_errors() {
    let unknown = "<transition id=\"t\"/><arc id=\"1\" source=\"zz\" target=\"t\"/>";
    let e = parse_err(&net("1", unknown, NUPN));
    assert!(
        e.contains("its source `zz` is not a place or transition"),
        "{e}"
    );
    let p2p = "<arc id=\"1\" source=\"a0\" target=\"a1\"/>";
    let e = parse_err(&net("1", p2p, NUPN));
    assert!(e.contains("an arc joins a place and a transition"), "{e}");
}

#[test]
fn a_label_over_different_units_leaves_the_others_as_they_are() {
    // x is a0 -> a1 (u1 stays) or b0 -> b1 (u0 stays)
    let nodes = trans("t_1_x", &[("a0", "a1")]) + &trans("t_2_x", &[("b0", "b1")]);
    let text = net("1", &nodes, NUPN);
    // auto groups MCC names only where each label's transitions touch the same units (the
    // RERS nets); here each transition stays its own label
    let sys = parse(&text).unwrap();
    assert!(sys.label_id("x").is_none());
    assert!(sys.label_id("t_1_x").is_some() && sys.label_id("t_2_x").is_some());
    let sys = pnml::parse(&text, Path::new("t.pnml"), PnmlLabels::Mcc).unwrap();
    let x = sys.label(sys.label_id("x").unwrap());
    assert_eq!(x.components, vec![0, 1]);
    assert_eq!(
        x.sync,
        Sync::Tuples(vec![
            vec![(0, 0), (0, 1)],
            vec![(0, 1), (0, 0)],
            vec![(0, 1), (1, 1)],
            vec![(1, 1), (0, 1)],
        ])
    );
    let g = ltsym::explicit::StateGraph::build(&sys, None).unwrap();
    assert_eq!(g.num_states(), 4);
}

#[test]
fn malformed_xml_is_an_error() {
    for bad in [
        "",
        "not xml",
        "<pnml><net type=\"ptnet\"></pnml>",
        "<pnml><net id=\"n\" type=\"x/symmetricnet\"></net></pnml>",
        "<pnml><net id=\"n\" type=\"ptnet\"><page><declaration/></page></net></pnml>",
    ] {
        let e = parse_err(bad);
        assert!(e.starts_with("t.pnml:"), "{bad}: {e}");
    }
    assert!(matches!(
        parse("<pnml><net id=\"n\" type=\"ptnet\"><page><place id=\"p\">x</place></page></net></pnml>"),
        Err(Error::Parse(_))
    ));
}
