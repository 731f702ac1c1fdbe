//! The MCC examinations on random one-safe nets with nested units: the symbolic engine
//! against the explicit one (`--engine both` in the library: a disagreement is an internal
//! error) on every examination, with random formulas.
//!
//! The nets: a few processes, each a unit `P` with two subunits `A` and `B` (so units nest and
//! can be empty). A process's token moves inside `P`, forks from a place of `P` into one place
//! each of `A` and `B`, moves inside `A` and `B`, and joins back from one place each of `A` and
//! `B` into `P`; transitions of two processes move both tokens at once. Every transition keeps
//! exactly one token in `P`, or one in each of `A` and `B`, so the nets are one-safe and respect
//! their units by construction; random choices give dead transitions, deadlocks, and markings
//! that are not home states.

use std::path::{Path, PathBuf};

use ltsym::check::Engine;
use ltsym::error::Error;
use ltsym::gen::rng::Rng;
use ltsym::limits::Budget;
use ltsym::mcc::{examine, examine_explicit, examine_symbolic, examine_with, Answer};
use ltsym::mcc::{Deadlocks, MccOptions, Model};
use ltsym::mcc::{Examination, Formula, FormulaLogic, IntExpr, NetSpace, Property, Query, Value};
use ltsym::parse::{pnml, PnmlLabels};

/// The places of process `i`'s units: `P`, `A`, `B`.
fn places(i: usize, k: usize) -> [Vec<String>; 3] {
    ["p", "a", "b"].map(|u| (0..k).map(|j| format!("{u}{i}_{j}")).collect())
}

fn random_net(rng: &mut Rng) -> String {
    random_net_with(rng, false)
}

/// A random net; with `start`, every process's unit `P` begins on an extra place `s<i>`
/// instead, and one transition moves every process from there to `p<i>_0` (the start step of
/// the RERS nets of the MCC).
fn random_net_with(rng: &mut Rng, start: bool) -> String {
    let procs = 1 + rng.below(3);
    let k = 2 + rng.below(2);
    let mut nodes = String::new();
    let mut units = String::new();
    let mut ntrans = 0;
    let mut add = |nodes: &mut String, pre: &[&str], post: &[&str]| {
        let id = format!("t{ntrans}");
        ntrans += 1;
        nodes.push_str(&format!("<transition id=\"{id}\"/>\n"));
        for p in pre {
            nodes.push_str(&format!(
                "<arc id=\"{id}i{p}\" source=\"{p}\" target=\"{id}\"/>\n"
            ));
        }
        for p in post {
            nodes.push_str(&format!(
                "<arc id=\"{id}o{p}\" source=\"{id}\" target=\"{p}\"/>\n"
            ));
        }
    };
    let mut roots = Vec::new();
    for i in 0..procs {
        let [p, a, b] = places(i, k);
        if start {
            nodes.push_str(&format!(
                "<place id=\"s{i}\"><initialMarking><text>1</text></initialMarking></place>\n"
            ));
        }
        for (u, ps) in [("P", &p), ("A", &a), ("B", &b)] {
            for (j, place) in ps.iter().enumerate() {
                let m = u8::from(u == "P" && j == 0 && !start);
                nodes.push_str(&format!(
                    "<place id=\"{place}\"><initialMarking><text>{m}</text></initialMarking></place>\n"
                ));
            }
        }
        for _ in 0..2 + rng.below(3) {
            let (x, y) = (rng.below(k), rng.below(k));
            match rng.below(4) {
                0 => add(&mut nodes, &[&p[x]], &[&p[y]]),
                1 => add(&mut nodes, &[&a[x]], &[&a[y]]),
                2 => add(&mut nodes, &[&b[x]], &[&b[y]]),
                _ => add(&mut nodes, &[&p[x]], &[&p[y]]),
            }
        }
        let f = rng.below(k);
        add(&mut nodes, &[&p[f]], &[&a[rng.below(k)], &b[rng.below(k)]]);
        if rng.chance(0.8) {
            add(
                &mut nodes,
                &[&a[rng.below(k)], &b[rng.below(k)]],
                &[&p[rng.below(k)]],
            );
        }
        let start_place = if start {
            format!("s{i} ")
        } else {
            String::new()
        };
        units.push_str(&format!(
            "<unit id=\"P{i}\"><places>{start_place}{}</places><subunits>A{i} B{i}</subunits></unit>\n\
             <unit id=\"A{i}\"><places>{}</places><subunits/></unit>\n\
             <unit id=\"B{i}\"><places>{}</places><subunits/></unit>\n",
            p.join(" "),
            a.join(" "),
            b.join(" ")
        ));
        roots.push(format!("P{i}"));
    }
    // synchronisations of two processes' P places
    for _ in 0..rng.below(3) {
        if procs < 2 {
            break;
        }
        let (i, j) = (rng.below(procs), rng.below(procs));
        if i == j {
            continue;
        }
        let (pi, pj) = (&places(i, k)[0], &places(j, k)[0]);
        let (x, y) = (&pi[rng.below(k)], &pj[rng.below(k)]);
        let (x2, y2) = (&pi[rng.below(k)], &pj[rng.below(k)]);
        add(&mut nodes, &[x, y], &[x2, y2]);
    }
    if start {
        let from: Vec<String> = (0..procs).map(|i| format!("s{i}")).collect();
        let to: Vec<String> = (0..procs).map(|i| places(i, k)[0][0].clone()).collect();
        let from: Vec<&str> = from.iter().map(String::as_str).collect();
        let to: Vec<&str> = to.iter().map(String::as_str).collect();
        add(&mut nodes, &from, &to);
    }
    nupn_pnml(
        &nodes,
        procs * 3 * k + if start { procs } else { 0 },
        ntrans,
        1 + procs * 3,
        &roots.join(" "),
        &units,
    )
}

/// The PNML text of a one-safe net: its places, transitions and arcs (`nodes`), and a NUPN
/// whose root unit `R` has no places and the units `roots` below it (`units`, each a
/// `<unit>` element).
fn nupn_pnml(nodes: &str, np: usize, ntrans: usize, nu: usize, roots: &str, units: &str) -> String {
    format!(
        r#"<?xml version="1.0"?>
<pnml xmlns="http://www.pnml.org/version-2009/grammar/pnml">
  <net id="n" type="http://www.pnml.org/version-2009/grammar/ptnet">
    <page id="page0">
{nodes}
    <toolspecific tool="nupn" version="1.1">
      <size places="{np}" transitions="{ntrans}" arcs="0"/>
      <structure units="{nu}" root="R" safe="true">
        <unit id="R"><places/><subunits>{roots}</subunits></unit>
{units}
      </structure>
    </toolspecific>
    </page>
  </net>
</pnml>
"#
    )
}

fn random_state(rng: &mut Rng, np: usize, nt: usize, depth: usize) -> Formula {
    let tokens =
        |rng: &mut Rng| IntExpr::Tokens((0..1 + rng.below(3)).map(|_| rng.below(np)).collect());
    match if depth == 0 {
        rng.below(2)
    } else {
        rng.below(5)
    } {
        0 => {
            let c = IntExpr::Const(rng.below(3) as u64);
            if rng.chance(0.5) {
                Formula::Le(tokens(rng), c)
            } else {
                Formula::Le(c, tokens(rng))
            }
        }
        1 => Formula::Fireable((0..1 + rng.below(2)).map(|_| rng.below(nt)).collect()),
        2 => Formula::Not(Box::new(random_state(rng, np, nt, depth - 1))),
        3 => Formula::And(vec![
            random_state(rng, np, nt, depth - 1),
            random_state(rng, np, nt, depth - 1),
        ]),
        _ => Formula::Le(tokens(rng), tokens(rng)),
    }
}

fn random_ctl(rng: &mut Rng, np: usize, nt: usize, depth: usize) -> Formula {
    if depth == 0 || rng.chance(0.25) {
        return random_state(rng, np, nt, 1);
    }
    let sub = |rng: &mut Rng| Box::new(random_ctl(rng, np, nt, depth - 1));
    match rng.below(7) {
        0 => Formula::Not(sub(rng)),
        1 => Formula::Or(vec![*sub(rng), *sub(rng)]),
        _ => {
            let path = match rng.below(4) {
                0 => Formula::Next(sub(rng)),
                1 => Formula::Globally(sub(rng)),
                2 => Formula::Finally(sub(rng)),
                _ => Formula::Until(sub(rng), sub(rng)),
            };
            if rng.chance(0.5) {
                Formula::AllPaths(Box::new(path))
            } else {
                Formula::ExistsPath(Box::new(path))
            }
        }
    }
}

/// A path formula of LTL over random state formulas: temporal operators nest, and Boolean
/// connectives mix state and path subformulas.
fn random_ltl(rng: &mut Rng, np: usize, nt: usize, depth: usize) -> Formula {
    if depth == 0 || rng.chance(0.2) {
        return random_state(rng, np, nt, 1);
    }
    let sub = |rng: &mut Rng| Box::new(random_ltl(rng, np, nt, depth - 1));
    match rng.below(8) {
        0 => Formula::Not(sub(rng)),
        1 => Formula::And(vec![*sub(rng), *sub(rng)]),
        2 => Formula::Or(vec![*sub(rng), *sub(rng)]),
        3 => Formula::Next(sub(rng)),
        4 => Formula::Globally(sub(rng)),
        5 => Formula::Finally(sub(rng)),
        _ => Formula::Until(sub(rng), sub(rng)),
    }
}

/// The model of the `i`-th net `text` of a test, named `{prefix}-{i}`.
fn model_of(text: &str, prefix: &str, i: usize) -> Model {
    let (sys, net) = pnml::parse_net(text, Path::new("random.pnml"), PnmlLabels::Auto)
        .unwrap_or_else(|e| panic!("net {i}: {e}\n{text}"));
    Model {
        dir: PathBuf::from("."),
        name: format!("{prefix}-{i}"),
        sys,
        net,
    }
}

/// Six random formulas of the shape `ex` asks for (none for an examination without formulas).
fn random_props(rng: &mut Rng, ex: Examination, np: usize, nt: usize) -> Vec<Property> {
    if !ex.has_formulas() {
        return Vec::new();
    }
    (0..6)
        .map(|j| Property {
            id: format!("f{j}"),
            query: match ex {
                Examination::UpperBounds => {
                    Query::Bound((0..1 + rng.below(3)).map(|_| rng.below(np)).collect())
                }
                Examination::ReachabilityCardinality | Examination::ReachabilityFireability => {
                    let f = Box::new(random_state(rng, np, nt, 2));
                    Query::Holds(if rng.chance(0.5) {
                        Formula::AllPaths(Box::new(Formula::Globally(f)))
                    } else {
                        Formula::ExistsPath(Box::new(Formula::Finally(f)))
                    })
                }
                Examination::LtlCardinality | Examination::LtlFireability => {
                    Query::Holds(Formula::AllPaths(Box::new(random_ltl(rng, np, nt, 4))))
                }
                _ => Query::Holds(random_ctl(rng, np, nt, 3)),
            },
        })
        .collect()
}

#[test]
fn symbolic_and_explicit_agree_on_random_nested_unit_nets() {
    let mut rng = Rng::new(0x4E55);
    let mut answered = 0;
    for i in 0..40 {
        let text = random_net(&mut rng);
        let model = model_of(&text, "random", i);
        let (np, nt) = (model.net.places.len(), model.net.transitions.len());
        let opts = MccOptions {
            engine: Engine::Both,
            ..MccOptions::default()
        };
        for ex in Examination::ALL {
            let props = random_props(&mut rng, ex, np, nt);
            let answers = examine(&model, ex, &props, &opts, &Budget::unlimited())
                .unwrap_or_else(|e| panic!("net {i} {ex}: {e}\n{text}"));
            assert!(answers.iter().all(|a| a.value.is_some()), "net {i} {ex}");
            answered += answers.len();
        }
    }
    assert!(answered > 1000, "{answered}");
}

/// What `ltsym mcc` prints as soon as it is decided: every engine hands each answer with a
/// value to the sink exactly once, in the order it returns them (with no limit, the order of
/// the results), the same answer it returns; the symbolic engine's are the explicit one's.
#[test]
fn each_answer_reaches_the_sink_once_and_as_returned() {
    let mut rng = Rng::new(0x57EA);
    let mut streamed = 0;
    for i in 0..10 {
        let text = random_net_with(&mut rng, i % 3 == 0);
        let model = model_of(&text, "stream", i);
        let (np, nt) = (model.net.places.len(), model.net.transitions.len());
        for ex in Examination::ALL {
            let props = random_props(&mut rng, ex, np, nt);
            let mut by_engine = Vec::new();
            for engine in [Engine::Explicit, Engine::Symbolic, Engine::Auto] {
                let opts = MccOptions {
                    engine,
                    ..MccOptions::default()
                };
                let mut sunk: Vec<Answer> = Vec::new();
                let answers = examine_with(
                    &model,
                    ex,
                    &props,
                    &opts,
                    &Budget::unlimited(),
                    &mut None,
                    &mut |a| sunk.push(a.clone()),
                )
                .unwrap_or_else(|e| panic!("net {i} {ex} {engine:?}: {e}\n{text}"));
                assert!(answers.iter().all(|a| a.value.is_some()), "net {i} {ex}");
                assert_eq!(sunk, answers, "net {i} {ex} {engine:?}\n{text}");
                streamed += sunk.len();
                by_engine.push(answers.into_iter().map(|a| a.value).collect::<Vec<_>>());
            }
            assert!(
                by_engine.iter().all(|v| *v == by_engine[0]),
                "net {i} {ex}\n{text}"
            );
        }
    }
    assert!(streamed > 600, "{streamed}");
}

/// StateSpace from the marking after a start step (`ltsym::mcc::start`: the system without
/// the start places, the initial marking added back) against the explicit engine on the
/// whole net: states, edges and token maxima equal.
#[test]
fn state_space_after_the_start_step_agrees_with_explicit() {
    let mut rng = Rng::new(0x5747);
    for i in 0..40 {
        let text = random_net_with(&mut rng, true);
        let model = model_of(&text, "start", i);
        let after = ltsym::mcc::start::after_start(&model.sys, &model.net)
            .unwrap_or_else(|| panic!("net {i}: no start step found\n{text}"));
        assert_eq!(after.initial_edges, 1, "net {i}");
        assert!(after.sys.components().iter().all(|c| c.num_states() > 0));
        let opts = MccOptions::default();
        let budget = Budget::unlimited();
        let ex = Examination::StateSpace;
        let sym = examine_symbolic(&model, ex, &[], &opts, &budget, &mut None, &mut |_| {})
            .unwrap_or_else(|e| panic!("net {i}: {e}\n{text}"));
        let exp = examine_explicit(&model, ex, &[], &opts, &budget, &mut |_| {})
            .unwrap_or_else(|e| panic!("net {i}: {e}\n{text}"));
        let values =
            |a: &[ltsym::mcc::Answer]| a.iter().map(|a| a.value.clone()).collect::<Vec<_>>();
        assert!(values(&sym).iter().all(Option::is_some), "net {i}");
        assert_eq!(values(&sym), values(&exp), "net {i}\n{text}");
    }
}

/// LTL alone, on more nets and formulas, in both readings of a deadlock the symbolic engine
/// has (a deadlock repeats forever, the contest's; a path into a deadlock is no path, RERS's):
/// the symbolic product must answer every formula itself (no fallback to the explicit engine,
/// as `--engine both` would take on a limit) and agree with the explicit search.
#[test]
fn symbolic_ltl_over_state_atoms_agrees_with_explicit_on_random_nets() {
    let mut rng = Rng::new(0x171C);
    let (mut compared, mut violated) = (0, 0);
    for i in 0..60 {
        let text = random_net(&mut rng);
        let model = model_of(&text, "random", i);
        let (np, nt) = (model.net.places.len(), model.net.transitions.len());
        let props: Vec<Property> = (0..8)
            .map(|j| Property {
                id: format!("f{j}"),
                query: Query::Holds(Formula::AllPaths(Box::new(random_ltl(&mut rng, np, nt, 4)))),
            })
            .collect();
        for deadlocks in [Deadlocks::Stutter, Deadlocks::Infinite] {
            let opts = MccOptions {
                ltl_deadlocks: deadlocks,
                ..MccOptions::default()
            };
            let ex = if i % 2 == 0 {
                Examination::LtlCardinality
            } else {
                Examination::LtlFireability
            };
            let budget = Budget::unlimited();
            let sym = examine_symbolic(&model, ex, &props, &opts, &budget, &mut None, &mut |_| {})
                .unwrap_or_else(|e| panic!("net {i} {deadlocks:?}: {e}\n{text}"));
            let exp = examine_explicit(&model, ex, &props, &opts, &budget, &mut |_| {})
                .unwrap_or_else(|e| panic!("net {i} {deadlocks:?}: {e}\n{text}"));
            for ((s, e), p) in sym.iter().zip(&exp).zip(&props) {
                assert!(
                    s.value.is_some(),
                    "net {i} {deadlocks:?} {}: unanswered",
                    p.id
                );
                assert_eq!(
                    s.value, e.value,
                    "net {i} {deadlocks:?} {}: {:?}\n{text}",
                    p.id, p.query
                );
                compared += 1;
                violated += usize::from(s.value == Some(Value::Bool(false)));
            }
        }
    }
    // both verdicts occur often: the formulas are not all trivially true or false
    assert!(compared == 960, "{compared}");
    assert!(
        violated > 150 && violated < 810,
        "{violated} of {compared} violated"
    );
}

/// The explicit LTL search watches its limits inside one formula: under a state limit of the
/// net's reachable markings, a formula whose product has more states (`A G p0_0 = 0`: the
/// initial marking has `p0_0`, so the negation's automaton moves on to its accepting sink
/// there, and the product holds the initial marking twice, where it is reached again) is
/// unanswered, and the next one,
/// whose product is the markings themselves (`A F G p0_0 = 0`, a one-state automaton of the
/// negation), is still answered.
#[test]
fn a_limit_inside_the_explicit_ltl_search_leaves_the_next_formula_to_run() {
    let mut rng = Rng::new(0x11A1);
    let mut hit = 0;
    for i in 0..10 {
        let text = random_net(&mut rng);
        let model = model_of(&text, "limits", i);
        let p = model.net.place("p0_0").expect("place p0_0");
        let budget = Budget::unlimited();
        let mut opts = MccOptions {
            engine: Engine::Explicit,
            ..MccOptions::default()
        };
        let ss = examine_explicit(
            &model,
            Examination::StateSpace,
            &[],
            &opts,
            &budget,
            &mut |_| {},
        )
        .unwrap();
        let Some(Value::Number(states)) = &ss[0].value else {
            panic!("net {i}: no state count")
        };
        opts.max_states = Some(u64::try_from(states).unwrap());
        let empty = || Formula::Le(IntExpr::Tokens(vec![p]), IntExpr::Const(0));
        let props = vec![
            Property {
                id: "big".into(),
                query: Query::Holds(Formula::AllPaths(Box::new(Formula::Globally(Box::new(
                    empty(),
                ))))),
            },
            Property {
                id: "small".into(),
                query: Query::Holds(Formula::AllPaths(Box::new(Formula::Finally(Box::new(
                    Formula::Globally(Box::new(empty())),
                ))))),
            },
        ];
        let answers = examine(&model, Examination::LtlCardinality, &props, &opts, &budget)
            .unwrap_or_else(|e| panic!("net {i}: {e}\n{text}"));
        // where the initial marking is never reached again, the first product fits too
        hit += usize::from(answers[0].value.is_none());
        assert!(
            answers[1].value.is_some(),
            "net {i}: the next formula did not run"
        );
    }
    assert!(hit >= 5, "the state limit stopped {hit} of 10 searches");
}

/// The explicit engine watches its time limit inside a CTL formula and a bound, not only
/// between formulas: with the time spent, both are a hit limit (an unanswered formula, the
/// next one still run by `examine_explicit` with its share), and with time they answer.
#[test]
fn explicit_ctl_and_bounds_watch_the_time_limit_inside_a_formula() {
    let mut rng = Rng::new(0xC71B);
    let spent = Budget::new(Some(0.0), None);
    std::thread::sleep(std::time::Duration::from_millis(2));
    for i in 0..10 {
        let text = random_net(&mut rng);
        let model = model_of(&text, "ctl-limits", i);
        let (np, nt) = (model.net.places.len(), model.net.transitions.len());
        let free = Budget::unlimited();
        let space = NetSpace::build(&model.sys, &model.net, None, &free)
            .unwrap_or_else(|e| panic!("net {i}: {e}\n{text}"));
        let f = random_ctl(&mut rng, np, nt, 3);
        let ctl = |b: &Budget| space.holds(&f, FormulaLogic::Ctl, Deadlocks::Finite, None, b);
        assert!(ctl(&free).is_ok(), "net {i}: {f:?}");
        assert!(
            matches!(ctl(&spent), Err(Error::Limit(_))),
            "net {i}: {f:?}"
        );
        assert!(space.bound(&[0], &free).is_ok(), "net {i}");
        assert!(
            matches!(space.bound(&[0], &spent), Err(Error::Limit(_))),
            "net {i}"
        );
    }
}

/// `--engine auto`: a net whose markings all fit the probe goes to the explicit engine, one
/// that does not (the probe bounded by `max_states`) to the symbolic engine, and both give
/// the explicit engine's answers. The techniques printed say which engine answered.
#[test]
fn auto_takes_the_explicit_engine_exactly_where_the_markings_fit() {
    let mut rng = Rng::new(0xA070);
    let (mut explicit, mut symbolic) = (0, 0);
    for i in 0..20 {
        let text = random_net(&mut rng);
        let model = model_of(&text, "auto", i);
        let (np, nt) = (model.net.places.len(), model.net.transitions.len());
        let ex = Examination::CtlFireability;
        let props: Vec<Property> = (0..4)
            .map(|j| Property {
                id: format!("f{j}"),
                query: Query::Holds(random_ctl(&mut rng, np, nt, 3)),
            })
            .collect();
        let budget = Budget::unlimited();
        let with = |engine, max_states| MccOptions {
            engine,
            max_states,
            ..MccOptions::default()
        };
        let oracle = examine(&model, ex, &props, &with(Engine::Explicit, None), &budget)
            .unwrap_or_else(|e| panic!("net {i}: {e}\n{text}"));
        let states = ltsym::explicit::graph::reach_within(&model.sys, None, &budget)
            .unwrap_or_else(|e| panic!("net {i}: {e}\n{text}"))
            .states;
        // a bound below the markings sends auto to the symbolic engine
        for max in [None, Some(states.saturating_sub(1).max(1))] {
            let got = examine(&model, ex, &props, &with(Engine::Auto, max), &budget)
                .unwrap_or_else(|e| panic!("net {i}: {e}\n{text}"));
            let fits = max.is_none_or(|m| states <= m);
            let technique = if fits {
                "EXPLICIT"
            } else {
                "DECISION_DIAGRAMS"
            };
            for (g, o) in got.iter().zip(&oracle) {
                assert!(o.value.is_some(), "net {i}");
                assert_eq!(g.value, o.value, "net {i} {} max {max:?}\n{text}", g.id);
                assert!(
                    g.techniques.contains(&technique),
                    "net {i} max {max:?}: {:?}",
                    g.techniques
                );
            }
            if fits {
                explicit += 1;
            } else {
                symbolic += 1;
            }
        }
    }
    // every net fits without a bound; a one-marking net fits the bound of 1 as well
    assert!(
        explicit >= 20 && symbolic > 10 && explicit + symbolic == 40,
        "{explicit} {symbolic}"
    );
}

/// A random net whose units all have at most two local states, as Solitaire's: `n` units of
/// two places `x<i>` and `y<i>` (one of them marked) and a few units of a single place `z<i>`
/// (marked at first, emptied for good); each transition swaps the token of one to three pair
/// units (either way) and may empty a single-place unit. One-safe and unit-respecting by
/// construction.
fn random_two_state_net(rng: &mut Rng) -> String {
    let (pairs, singles) = (2 + rng.below(4), rng.below(3));
    let mut nodes = String::new();
    let mut units = Vec::new();
    for i in 0..pairs {
        let m = rng.below(2);
        for (p, marked) in [("x", m), ("y", 1 - m)] {
            nodes.push_str(&format!(
                "<place id=\"{p}{i}\"><initialMarking><text>{marked}</text></initialMarking></place>\n"
            ));
        }
        units.push(format!(
            "<unit id=\"U{i}\"><places>x{i} y{i}</places><subunits/></unit>"
        ));
    }
    for i in 0..singles {
        nodes.push_str(&format!(
            "<place id=\"z{i}\"><initialMarking><text>1</text></initialMarking></place>\n"
        ));
        units.push(format!(
            "<unit id=\"Z{i}\"><places>z{i}</places><subunits/></unit>"
        ));
    }
    let ntrans = 3 + rng.below(6);
    for t in 0..ntrans {
        nodes.push_str(&format!("<transition id=\"t{t}\"/>\n"));
        let mut arc = |from: String, to: String| {
            nodes.push_str(&format!(
                "<arc id=\"a{t}{from}{to}\" source=\"{from}\" target=\"{to}\"/>\n"
            ));
        };
        let mut moved = Vec::new();
        for _ in 0..1 + rng.below(3) {
            let i = rng.below(pairs);
            if moved.contains(&i) {
                continue;
            }
            moved.push(i);
            let (a, b) = if rng.chance(0.5) {
                ("x", "y")
            } else {
                ("y", "x")
            };
            arc(format!("{a}{i}"), format!("t{t}"));
            arc(format!("t{t}"), format!("{b}{i}"));
        }
        if singles > 0 && rng.chance(0.3) {
            arc(format!("z{}", rng.below(singles)), format!("t{t}"));
        }
    }
    let ids: Vec<String> = (0..pairs)
        .map(|i| format!("U{i}"))
        .chain((0..singles).map(|i| format!("Z{i}")))
        .collect();
    nupn_pnml(
        &nodes,
        2 * pairs + singles,
        ntrans,
        1 + pairs + singles,
        &ids.join(" "),
        &units.join("\n"),
    )
}

/// Nets whose units all have at most two states take their own way to the reachable
/// markings (chaining in the given order, `ltsym::mcc::symbolic::places_strategy`), in the
/// examinations on the reachable set and in LTL's encoding: every examination with random
/// formulas, the symbolic engine answering all itself, equals the explicit engine.
#[test]
fn nets_of_two_state_units_agree_with_explicit() {
    let mut rng = Rng::new(0x2575);
    let (mut compared, mut falses) = (0, 0);
    for i in 0..30 {
        let text = random_two_state_net(&mut rng);
        let model = model_of(&text, "pairs", i);
        assert!(ltsym::mcc::symbolic::two_state_units(&model.sys), "net {i}");
        let (np, nt) = (model.net.places.len(), model.net.transitions.len());
        let (opts, budget) = (MccOptions::default(), Budget::unlimited());
        for ex in Examination::ALL {
            let props = random_props(&mut rng, ex, np, nt);
            let sym = examine_symbolic(&model, ex, &props, &opts, &budget, &mut None, &mut |_| {})
                .unwrap_or_else(|e| panic!("net {i} {ex}: {e}\n{text}"));
            let exp = examine_explicit(&model, ex, &props, &opts, &budget, &mut |_| {})
                .unwrap_or_else(|e| panic!("net {i} {ex}: {e}\n{text}"));
            for (s, e) in sym.iter().zip(&exp) {
                assert!(s.value.is_some(), "net {i} {ex} {}: unanswered", s.id);
                assert_eq!(s.value, e.value, "net {i} {ex} {}\n{text}", s.id);
                compared += 1;
                falses += usize::from(s.value == Some(Value::Bool(false)));
            }
        }
    }
    assert!(compared > 1000, "{compared}");
    assert!(falses > 100, "{falses} of {compared} false");
}

/// The symbolic engine's CTL sets under conjunctions and disjunctions of temporal
/// subformulas (cut short at an empty conjunction or a full disjunction, the operands with
/// fewer temporal operators first) and with subformulas shared by the formulas of an
/// examination (each set computed once): symbolic = explicit, on random nets and random
/// subformulas built into formulas whose conjunctions are often empty and disjunctions full.
#[test]
fn ctl_short_cuts_and_shared_subformulas_agree_with_explicit() {
    use Formula::{AllPaths, And, ExistsPath, Finally, Globally, Next, Not, Or, Until};
    let b = |f: Formula| Box::new(f);
    let ef = |f: Formula| ExistsPath(b(Finally(b(f))));
    let ex = |f: Formula| ExistsPath(b(Next(b(f))));
    let ax = |f: Formula| AllPaths(b(Next(b(f))));
    let ag = |f: Formula| AllPaths(b(Globally(b(f))));
    let eg = |f: Formula| ExistsPath(b(Globally(b(f))));
    let not = |f: Formula| Not(b(f));
    let mut rng = Rng::new(0xC712);
    let (mut compared, mut falses) = (0, 0);
    for i in 0..30 {
        let text = random_net(&mut rng);
        let model = model_of(&text, "ctl-cuts", i);
        let (np, nt) = (model.net.places.len(), model.net.transitions.len());
        let p = random_ctl(&mut rng, np, nt, 2);
        let q = random_ctl(&mut rng, np, nt, 2);
        let formulas = [
            ex(And(vec![ag(p.clone()), q.clone()])),
            ex(And(vec![ef(p.clone()), not(ef(p.clone()))])),
            ax(Or(vec![eg(q.clone()), not(eg(q.clone())), p.clone()])),
            AllPaths(b(Until(
                b(Or(vec![p.clone(), q.clone()])),
                b(And(vec![q.clone(), ef(p.clone())])),
            ))),
            ef(And(vec![ag(p.clone()), not(q.clone())])),
            Or(vec![
                eg(And(vec![p.clone(), not(q.clone())])),
                ex(Or(vec![p, q])),
            ]),
        ];
        let props: Vec<Property> = formulas
            .into_iter()
            .enumerate()
            .map(|(j, f)| Property {
                id: format!("f{j}"),
                query: Query::Holds(f),
            })
            .collect();
        let (opts, budget) = (MccOptions::default(), Budget::unlimited());
        let exam = Examination::CtlCardinality;
        let sym = examine_symbolic(&model, exam, &props, &opts, &budget, &mut None, &mut |_| {})
            .unwrap_or_else(|e| panic!("net {i}: {e}\n{text}"));
        let exp = examine_explicit(&model, exam, &props, &opts, &budget, &mut |_| {})
            .unwrap_or_else(|e| panic!("net {i}: {e}\n{text}"));
        for (s, e) in sym.iter().zip(&exp) {
            assert!(s.value.is_some(), "net {i} {}: unanswered", s.id);
            assert_eq!(s.value, e.value, "net {i} {} {:?}\n{text}", s.id, props);
            compared += 1;
            falses += usize::from(s.value == Some(Value::Bool(false)));
        }
    }
    assert_eq!(compared, 180);
    assert!((20..160).contains(&falses), "{falses} of {compared} false");
}
