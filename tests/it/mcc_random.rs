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
use ltsym::gen::rng::Rng;
use ltsym::limits::Budget;
use ltsym::mcc::{examine, MccOptions, Model};
use ltsym::mcc::{Examination, Formula, IntExpr, Property, Query};
use ltsym::parse::{pnml, PnmlLabels};

/// The places of process `i`'s units: `P`, `A`, `B`.
fn places(i: usize, k: usize) -> [Vec<String>; 3] {
    ["p", "a", "b"].map(|u| (0..k).map(|j| format!("{u}{i}_{j}")).collect())
}

fn random_net(rng: &mut Rng) -> String {
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
        for (u, ps) in [("P", &p), ("A", &a), ("B", &b)] {
            for (j, place) in ps.iter().enumerate() {
                let m = u8::from(u == "P" && j == 0);
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
        units.push_str(&format!(
            "<unit id=\"P{i}\"><places>{}</places><subunits>A{i} B{i}</subunits></unit>\n\
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
{units}      </structure>
    </toolspecific>
    </page>
  </net>
</pnml>
"#,
        np = procs * 3 * k,
        nu = 1 + procs * 3,
        roots = roots.join(" ")
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

#[test]
fn symbolic_and_explicit_agree_on_random_nested_unit_nets() {
    let mut rng = Rng::new(0x4E55);
    let mut answered = 0;
    for i in 0..40 {
        let text = random_net(&mut rng);
        let (sys, net) = pnml::parse_net(&text, Path::new("random.pnml"), PnmlLabels::Auto)
            .unwrap_or_else(|e| panic!("net {i}: {e}\n{text}"));
        let (np, nt) = (net.places.len(), net.transitions.len());
        let model = Model {
            dir: PathBuf::from("."),
            name: format!("random-{i}"),
            sys,
            net,
        };
        let opts = MccOptions {
            engine: Engine::Both,
            ..MccOptions::default()
        };
        for ex in Examination::ALL {
            let props: Vec<Property> = if !ex.has_formulas() {
                Vec::new()
            } else {
                (0..6)
                    .map(|j| Property {
                        id: format!("f{j}"),
                        query: match ex {
                            Examination::UpperBounds => {
                                Query::Bound((0..1 + rng.below(3)).map(|_| rng.below(np)).collect())
                            }
                            Examination::ReachabilityCardinality
                            | Examination::ReachabilityFireability => {
                                let f = Box::new(random_state(&mut rng, np, nt, 2));
                                Query::Holds(if rng.chance(0.5) {
                                    Formula::AllPaths(Box::new(Formula::Globally(f)))
                                } else {
                                    Formula::ExistsPath(Box::new(Formula::Finally(f)))
                                })
                            }
                            // LTL goes to the explicit engine alone: a CTL formula in its place
                            // still exercises that dispatch
                            Examination::LtlCardinality | Examination::LtlFireability => {
                                Query::Holds(Formula::AllPaths(Box::new(Formula::Finally(
                                    Box::new(random_state(&mut rng, np, nt, 1)),
                                ))))
                            }
                            _ => Query::Holds(random_ctl(&mut rng, np, nt, 3)),
                        },
                    })
                    .collect()
            };
            let answers = examine(&model, ex, &props, &opts, &Budget::unlimited())
                .unwrap_or_else(|e| panic!("net {i} {ex}: {e}\n{text}"));
            assert!(answers.iter().all(|a| a.value.is_some()), "net {i} {ex}");
            answered += answers.len();
        }
    }
    assert!(answered > 1000, "{answered}");
}
