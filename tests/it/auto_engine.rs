//! `check`'s default engine, `auto` (issue 31): what the command line makes of it (an option
//! of the symbolic engine alone, given without `--engine`, makes the engine symbolic; a
//! counterexample asked for with `--shortest` is the symbolic engine's, the shortest, and where
//! the symbolic engine runs into a limit the compositional one's, without a `shortest` claim;
//! without `--shortest` the deciding engine's, made shorter on the explicit product), and the long
//! differential campaign behind the change of default (`scripts/differential-auto.sh`; ignored
//! by `cargo test`).

use std::cell::Cell;
use std::collections::HashSet;

use proptest::prelude::*;

use crate::compositional::{props, NO_TUPLES};
use crate::support::arb::{self, AnySys};
use crate::support::cli::{ltsym, stderr, stdout};
use crate::support::data::rers;
use crate::support::prop;
use crate::support::scratch::scratch;
use ltsym::automata::{translate, Tgba};
use ltsym::check::{
    check, CheckOptions, Engine, AUTO_COMPOSE_WORK, HUNT_GUIDED_STATES, HUNT_MAX_STATES,
    MAX_COMPOSED_STATES,
};
use ltsym::explicit::StateGraph;
use ltsym::logic::Ltl;
use ltsym::report::CheckReport;
use ltsym::System;

/// `check` of 2016/103 `G !c0_t2` (violated; the compositional engine answers it) with `args`:
/// the JSON report and stderr.
fn check_103(args: &[&str]) -> (serde_json::Value, String) {
    let s = scratch();
    let p = s.file("p.txt", "#2:\nG !c0_t2\n");
    let o = ltsym()
        .arg("check")
        .arg(rers("2016/problem103.dot"))
        .arg(&p)
        .args(["--format", "json", "-v"])
        .args(args)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
    let json = serde_json::from_str(&stdout(&o)).expect("JSON");
    (json, stderr(&o))
}

#[test]
fn the_default_engine_is_auto_and_a_symbolic_option_makes_it_symbolic() {
    let (r, _) = check_103(&[]);
    assert_eq!(r["engine"], "auto");
    assert_eq!(r["results"][0]["engine"], "compositional");
    // the compositional engine never counts the reachable states
    assert!(r["states"].is_null(), "{r}");
    for option in [
        &["--order", "force"][..],
        &["--order", "auto"],
        &["--reorder", "off"],
        &["--factor", "none"],
        &["--strategy", "bfs"],
        &["--space", "reach"],
        &["--aut-position", "top"],
    ] {
        let (r, err) = check_103(option);
        assert_eq!(r["engine"], "symbolic", "{option:?}");
        assert!(r["results"][0]["engine"].is_null(), "{option:?}");
        assert_eq!(r["states"], "804", "{option:?}");
        assert!(
            err.contains(&format!("engine symbolic, not auto: {} given", option[0])),
            "{option:?}: {err}"
        );
        // said explicitly, `auto` stays, the option for the symbolic engine's properties
        let (r, err) = check_103(&[option, &["--engine", "auto"]].concat());
        assert_eq!(r["engine"], "auto", "{option:?}");
        assert_eq!(r["results"][0]["engine"], "compositional", "{option:?}");
        assert!(
            err.contains("given: for the properties the symbolic engine checks"),
            "{err}"
        );
    }
    // a limit is no option of the symbolic engine: it holds, whichever engine answers
    let (r, _) = check_103(&["--max-nodes", "100000"]);
    assert_eq!(r["engine"], "auto");
}

#[test]
fn a_counterexample_of_the_default_engine_is_the_shortest() {
    let (r, err) = check_103(&["--witness", "--shortest"]);
    let res = &r["results"][0];
    assert_eq!(res["engine"], "symbolic");
    assert_eq!(res["reduction"]["kept_labels"], 1, "{res}");
    let shortest = &res["evidence"]["shortest"];
    assert_eq!(shortest["violation"]["steps"], 14, "{res}");
    assert_eq!(shortest["violation"]["at_least"], 14, "{res}");
    assert!(
        err.contains("violated by the compositional engine; engine symbolic"),
        "{err}"
    );
    // the symbolic engine stopped by a limit: the compositional counterexample, which claims
    // no length
    let (r, err) = check_103(&["--witness", "--shortest", "--max-nodes", "100"]);
    let res = &r["results"][0];
    assert_eq!(res["engine"], "compositional");
    assert!(res["evidence"]["steps"].is_array(), "{res}");
    assert!(res["evidence"].get("shortest").is_none(), "{res}");
    assert!(err.contains("not proved shortest"), "{err}");
    // the text says the same: a `shortest:` line only under the shortest counterexample
    let s = scratch();
    let p = s.file("p.txt", "#2:\nG !c0_t2\n");
    for (args, shortest) in [(&[][..], true), (&["--max-nodes", "100"], false)] {
        let o = ltsym()
            .arg("check")
            .arg(rers("2016/problem103.dot"))
            .arg(&p)
            .args(["--witness", "--shortest"])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(1));
        assert_eq!(stdout(&o).contains("shortest:"), shortest, "{}", stdout(&o));
    }
}

/// Without `--shortest`, the compositional engine's counterexample made shorter on the explicit
/// product (`explicit/shorten.rs`): what its `shortest` record claims is about the cycle
/// through its first state only.
#[test]
fn a_counterexample_of_the_default_engine_without_shortest() {
    let (r, _) = check_103(&["--witness"]);
    let res = &r["results"][0];
    assert_eq!(res["engine"], "compositional", "{res}");
    let shortest = &res["evidence"]["shortest"];
    assert!(shortest["violation"].is_null(), "{res}");
    assert_eq!(shortest["prefix"]["at_least"], 0, "{res}");
    assert_eq!(shortest["cycle_among"], "through_first_state", "{res}");
    let c = &shortest["cycle"];
    assert!(c["at_least"].as_u64() <= c["steps"].as_u64(), "{res}");
}

/// The default engine under limits: each names itself, exit code 3.
#[test]
fn limits_hold_under_the_default_engine() {
    let dot = rers("2016/problem105.dot");
    let props = rers("2016/problem105-properties.txt");
    for (args, named) in [
        (&["--timeout", "0"][..], "time limit of 0 s"),
        (&["--timeout", "0", "--cpu-time"], "time limit of 0 s"),
        (&["--max-memory", "1M"], "memory limit of 1 MiB"),
    ] {
        let o = ltsym()
            .arg("check")
            .arg(&dot)
            .arg(&props)
            .args(args)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(3), "{args:?}: {}", stdout(&o));
        assert!(stdout(&o).contains(named), "{args:?}: {}", stdout(&o));
    }
}

/// The states of the reachable product of `sys` and `neg` (the automaton of a negated
/// property), counted here from the explicit state graph, independently of the hunt: the
/// bound a hunt needs to explore it whole.
fn product_states(sys: &System, neg: &Tgba) -> usize {
    let g = StateGraph::build(sys, None).expect("a small system");
    let letter = |l: usize| {
        let label = sys.label(l);
        if label.is_silent() {
            neg.other()
        } else {
            neg.letter_of(&label.name)
        }
    };
    let mut seen = HashSet::from([(g.initial(), neg.initial)]);
    let mut todo = vec![(g.initial(), neg.initial)];
    while let Some((s, q)) = todo.pop() {
        for e in g.edges(s) {
            let a = letter(e.label());
            for ae in neg.edges.iter().filter(|ae| ae.from == q) {
                if ae.letters.contains(a) && seen.insert((e.target, ae.to)) {
                    todo.push((e.target, ae.to));
                }
            }
        }
    }
    seen.len()
}

/// Small random systems (2–4 components), six formulas over their labels each, and one of
/// `choices` (the auto engine's limits or the hunt's bounds) per case.
fn small_systems_with(
    choices: Vec<(usize, usize)>,
) -> impl Strategy<Value = (AnySys, Vec<Ltl>, (usize, usize))> {
    arb::random_specs(2..=4, 3..=4, 4..=6, &[0.4], 0.5).prop_flat_map(move |spec| {
        let sys = AnySys::Generated(spec);
        (
            Just(sys.clone()),
            arb::formulas_over(&sys.build(), 3, 3, 6),
            proptest::sample::select(choices.clone()),
        )
    })
}

/// The explicit engine's verdicts, the symbolic engine's, and `auto`'s without and with a
/// counterexample asked for, under `limit` and `work` and the hunt's bounds `hunt` (guided,
/// plain; (0, 0): no hunt): every verdict is the explicit one, a result without a
/// counterexample asked for names the engine that gave it, and with one asked for every
/// violation is the symbolic engine's with its `shortest` record (the other properties as
/// without). The hunt proves a property only where its plain search explored the whole
/// product within its bound (counted by [`product_states`]). Counts the properties answered
/// compositionally, symbolically and violated into `counts`.
fn auto_agrees(
    sys: &System,
    formulas: &[ltsym::logic::Ltl],
    limit: usize,
    work: usize,
    hunt: (usize, usize),
) -> Counts {
    let p = props(formulas);
    let run = |engine: Engine, witness: bool| -> CheckReport {
        let opts = CheckOptions {
            engine,
            witness,
            shortest: witness,
            compose_max_states: limit,
            auto_compose_work: work,
            hunt_guided_states: hunt.0,
            hunt_max_states: hunt.1,
            ..CheckOptions::default()
        };
        check(sys, "random", None, &p, &opts).expect("the check runs")
    };
    let verdicts = |r: &CheckReport| -> Vec<Option<bool>> {
        r.results.iter().map(|r| r.outcome.as_bool()).collect()
    };
    let explicit = verdicts(&run(Engine::Explicit, false));
    assert_eq!(verdicts(&run(Engine::Symbolic, false)), explicit);
    let mut counts = Counts::default();
    let plain = run(Engine::Auto, false);
    let shown = run(Engine::Auto, true);
    // without `shortest`: each counterexample as found, made shorter on the explicit product
    // (replayed inside `check`), its engine the one that decided
    let quick = check(
        sys,
        "random",
        None,
        &p,
        &CheckOptions {
            witness: true,
            compose_max_states: limit,
            auto_compose_work: work,
            hunt_guided_states: hunt.0,
            hunt_max_states: hunt.1,
            ..CheckOptions::default()
        },
    )
    .expect("the check runs");
    assert_eq!(verdicts(&quick), explicit, "{formulas:?}");
    for (r, q) in plain.results.iter().zip(&quick.results) {
        assert_eq!(q.engine, r.engine, "{}", r.formula);
        assert_eq!(q.evidence.is_some(), q.outcome.as_bool() == Some(false));
    }
    assert_eq!(plain.engine, "auto");
    assert_eq!(verdicts(&plain), explicit, "{formulas:?}");
    assert_eq!(verdicts(&shown), explicit, "{formulas:?}");
    // the plain hunt can complete a product of at most this many states (its first state is
    // taken whatever the bound)
    let whole = hunt.1.max(1);
    let size = |k: usize| {
        let neg = translate(&Ltl::not(formulas[k].clone())).expect("an automaton");
        product_states(sys, &neg)
    };
    for (k, (r, w)) in plain.results.iter().zip(&shown.results).enumerate() {
        assert_eq!(r.number, k as u32 + 1);
        match r.engine.as_deref() {
            Some("compositional") => counts.compositional += 1,
            Some("symbolic") => counts.symbolic += 1,
            // the properties the compositional engine leaves: a structural proof is only ever
            // of a true property; the hunt's answer is a counterexample of a false one, or the
            // whole product within its bound of a true one
            Some("structural") => {
                assert_eq!(explicit[k], Some(true), "{}", formulas[k]);
                counts.structural += 1;
            }
            Some("explicit hunt") => {
                assert_ne!(
                    hunt,
                    (0, 0),
                    "a hunt without one asked for: {}",
                    formulas[k]
                );
                if explicit[k] == Some(true) {
                    let n = size(k);
                    assert!(
                        n <= whole,
                        "{}: the hunt proved it, its product has {n} states, the bound is \
                         {hunt:?}",
                        formulas[k]
                    );
                    counts.hunt_holds += 1;
                } else {
                    assert_eq!(explicit[k], Some(false), "{}", formulas[k]);
                    counts.hunt += 1;
                }
            }
            other => panic!("engine {other:?}"),
        }
        if r.engine.as_deref() == Some("compositional") {
            assert!(r.reduction.is_some(), "no reduction reported");
        }
        if hunt != (0, 0)
            && explicit[k] == Some(true)
            && matches!(r.engine.as_deref(), Some("structural" | "symbolic"))
            && size(k) > whole
        {
            // left by the hunt at its bound
            counts.beyond_bound += 1;
        }
        if explicit[k] == Some(false) {
            counts.violated += 1;
            assert_eq!(w.engine.as_deref(), Some("symbolic"), "{}", formulas[k]);
            let e = w.evidence.as_ref().expect("a violation without evidence");
            assert!(e.shortest.is_some(), "not the shortest: {}", formulas[k]);
        } else {
            assert_eq!(w.engine, r.engine, "{}", formulas[k]);
        }
    }
    counts
}

#[derive(Default)]
struct Counts {
    compositional: usize,
    symbolic: usize,
    structural: usize,
    /// violations the hunt found
    hunt: usize,
    /// true properties the hunt proved (the whole product within its bound)
    hunt_holds: usize,
    /// true properties whose product passes the hunt's bound, answered by another engine
    beyond_bound: usize,
    violated: usize,
}

/// [`auto_agrees`] on random systems × random formulas, in four settings: a composition limit
/// of 3 states (most properties pass it and go to the symbolic engine); the defaults (the
/// compositional engine answers); and a state limit out of reach with little work allowed for
/// compositions (`auto_compose_work` 120, and 40, where the work left cuts most compositions
/// off part way), where the properties whose compositions need more work (or that come after
/// the give-up point) go to the symbolic engine. Without the hunt (bounds 0): the products of
/// these systems are small, and the hunt would explore them whole and answer every property
/// the compositional engine leaves (its own test follows). Every branch is taken, and
/// counted: the symbolic answers of the last two settings are the work limit's doing.
#[test]
fn auto_engine_agrees_with_the_explicit_engine_and_names_its_choice() {
    let (comp, by_states, by_work, violated) =
        (Cell::new(0), Cell::new(0), Cell::new(0), Cell::new(0));
    let (structural, symbolic) = (Cell::new(0), Cell::new(0));
    let settings = vec![
        (3usize, AUTO_COMPOSE_WORK),
        (200_000, AUTO_COMPOSE_WORK),
        (1_000_000, 120),
        (1_000_000, 40),
    ];
    let cases = small_systems_with(settings);
    prop::check(
        "compositional::auto_engine_agrees_with_the_explicit_engine_and_names_its_choice",
        30,
        cases,
        |(sys, formulas, (limit, work))| {
            let c = auto_agrees(&sys.build(), &formulas, limit, work, (0, 0));
            comp.set(comp.get() + c.compositional);
            let sym = if work < AUTO_COMPOSE_WORK {
                &by_work
            } else {
                &by_states
            };
            // what the compositional engine left, whichever engine then answered
            sym.set(sym.get() + c.symbolic + c.structural);
            structural.set(structural.get() + c.structural);
            symbolic.set(symbolic.get() + c.symbolic);
            violated.set(violated.get() + c.violated);
        },
    );
    let (comp, by_states, by_work) = (comp.get(), by_states.get(), by_work.get());
    let (violated, structural, symbolic) = (violated.get(), structural.get(), symbolic.get());
    assert!(
        comp > 20
            && by_states > 10
            && by_work > 10
            && violated > 10
            && structural > 0
            && symbolic > 10,
        "compositional {comp}, left by the state limit {by_states}, by the work {by_work}, \
         violated {violated}, of those left proved structurally {structural}, answered by the \
         symbolic engine {symbolic}"
    );
}

/// [`auto_agrees`] with the hunt's real bounds ([`HUNT_GUIDED_STATES`], [`HUNT_MAX_STATES`]),
/// the compositional engine held back (a composition limit of 3 states, a little work, or
/// none at all): the products of these systems are small, so the hunt answers each property
/// left to it, a counterexample or the whole product without an accepting lasso, and both
/// happen often.
#[test]
fn the_hunt_of_the_auto_engine_agrees_with_the_explicit_engine() {
    let (hunt, hunt_holds, others) = (Cell::new(0), Cell::new(0), Cell::new(0));
    let settings = vec![
        (3usize, AUTO_COMPOSE_WORK),
        (1_000_000, 40),
        (MAX_COMPOSED_STATES, 0),
    ];
    let cases = small_systems_with(settings);
    prop::check(
        "auto_engine::the_hunt_of_the_auto_engine_agrees_with_the_explicit_engine",
        30,
        cases,
        |(sys, formulas, (limit, work))| {
            let bounds = (HUNT_GUIDED_STATES, HUNT_MAX_STATES);
            let c = auto_agrees(&sys.build(), &formulas, limit, work, bounds);
            hunt.set(hunt.get() + c.hunt);
            hunt_holds.set(hunt_holds.get() + c.hunt_holds);
            others.set(others.get() + c.structural + c.symbolic);
        },
    );
    let (hunt, hunt_holds, others) = (hunt.get(), hunt_holds.get(), others.get());
    assert!(
        hunt > 10 && hunt_holds > 10,
        "violations found by the hunt {hunt}, properties it proved {hunt_holds}, answered \
         structurally or symbolically {others}"
    );
}

/// A hunt stopped by its bound says nothing: with bounds of a few product states, the hunt
/// proves only the true properties whose whole product fits within its plain bound, and the
/// other true properties go on to the structural proof or the symbolic engine, on random
/// systems ([`auto_agrees`] asserts it of each property) and on a ring of 40 states.
#[test]
fn a_hunt_stopped_by_its_bound_never_answers_holds() {
    let (hunt_holds, beyond) = (Cell::new(0), Cell::new(0));
    let bounds = vec![(0usize, 8usize), (8, 8), (0, 40), (10, 40)];
    let cases = small_systems_with(bounds);
    prop::check(
        "auto_engine::a_hunt_stopped_by_its_bound_never_answers_holds",
        30,
        cases,
        |(sys, formulas, hunt)| {
            let c = auto_agrees(&sys.build(), &formulas, MAX_COMPOSED_STATES, 0, hunt);
            hunt_holds.set(hunt_holds.get() + c.hunt_holds);
            beyond.set(beyond.get() + c.beyond_bound);
        },
    );
    let (hunt_holds, beyond) = (hunt_holds.get(), beyond.get());
    assert!(
        hunt_holds > 5 && beyond > 5,
        "true properties proved by the hunt {hunt_holds}, left by it at its bound {beyond}"
    );
    // a ring of 40 states, whose label `zz` never fires: `G !zz` holds, its product has 40
    // states (the automaton of `F zz` waits in one state)
    let mut b = ltsym::model::SystemBuilder::new();
    let c = b.add_component("ring");
    for s in 0..40 {
        b.add_state(c, &format!("s{s}")).unwrap();
    }
    b.set_start(c, 0);
    for s in 0..40u32 {
        b.add_transition(c, s, &format!("t{s}"), (s + 1) % 40);
    }
    let sys = b.build().unwrap();
    let f = ltsym::parse::ltl::parse_formula("G !zz", std::path::Path::new("t")).unwrap();
    let neg = translate(&Ltl::not(f.clone())).unwrap();
    assert_eq!(product_states(&sys, &neg), 40);
    for (plain, proved) in [(10, false), (39, false), (40, true), (1_000, true)] {
        let opts = CheckOptions {
            engine: Engine::Auto,
            auto_compose_work: 0,
            hunt_guided_states: HUNT_GUIDED_STATES,
            hunt_max_states: plain,
            ..CheckOptions::default()
        };
        let r = check(&sys, "ring", None, &props(std::slice::from_ref(&f)), &opts)
            .expect("the check runs");
        let r = &r.results[0];
        assert_eq!(r.outcome.as_bool(), Some(true), "plain bound {plain}");
        assert_eq!(
            r.engine.as_deref() == Some("explicit hunt"),
            proved,
            "plain bound {plain}: engine {:?}",
            r.engine
        );
    }
}

/// The campaign behind the default (`scripts/differential-auto.sh`): `LTSYM_CAMPAIGN_CASES`
/// (default 1000) random systems, small ones and generated ones of up to 6 components of up
/// to 6 states, each with 6 random formulas, under the default settings (3 cases in 4) or the
/// three others of the test above, and the hunt's real bounds (1 case in 2), none, or a few
/// states; the counts go to stderr.
#[test]
#[ignore]
fn campaign() {
    let cases: u32 = std::env::var("LTSYM_CAMPAIGN_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000);
    let (comp, sym, violated, n) = (Cell::new(0), Cell::new(0), Cell::new(0), Cell::new(0));
    let systems = prop_oneof![
        1 => arb::systems(NO_TUPLES).prop_map(AnySys::Small),
        3 => arb::random_specs(2..=6, 2..=6, 3..=9, &[0.2, 0.4, 0.7], 0.5)
            .prop_map(AnySys::Generated),
    ];
    let settings = prop_oneof![
        9 => Just((200_000usize, AUTO_COMPOSE_WORK)),
        1 => Just((3, AUTO_COMPOSE_WORK)),
        1 => Just((1_000_000, 120)),
        1 => Just((1_000_000, 40)),
    ];
    // the hunt's bounds: the real ones, none (the steps after it), a few states (cut short)
    let hunts = prop_oneof![
        2 => Just((HUNT_GUIDED_STATES, HUNT_MAX_STATES)),
        1 => Just((0usize, 0usize)),
        1 => Just((0, 8)),
    ];
    let cases_s = (systems, settings, hunts).prop_flat_map(|(sys, setting, hunt)| {
        let formulas = arb::formulas_over(&sys.build(), 4, 4, 6);
        (Just(sys), formulas, Just(setting), Just(hunt))
    });
    prop::check(
        "auto_engine::campaign",
        cases,
        cases_s,
        |(sys, formulas, (limit, work), hunt)| {
            let c = auto_agrees(&sys.build(), &formulas, limit, work, hunt);
            comp.set(comp.get() + c.compositional);
            sym.set(sym.get() + c.symbolic + c.structural + c.hunt + c.hunt_holds);
            violated.set(violated.get() + c.violated);
            n.set(n.get() + formulas.len());
        },
    );
    eprintln!(
        "auto campaign: {cases} systems, {} properties: {} compositional, {} left to the others \
         (without a counterexample asked for), {} violated; every verdict the explicit \
         engine's and the symbolic engine's",
        n.get(),
        comp.get(),
        sym.get(),
        violated.get()
    );
}
