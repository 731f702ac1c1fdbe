//! The structural engine (`src/structural/`): its exact certificate check on hand-made
//! certificates, and every proof it finds on random systems × random formulas against the
//! explicit engine (a proof of a property the explicit engine finds violated is a wrong verdict).

use std::cell::Cell;

use proptest::prelude::*;

use crate::compositional::props;
use crate::support::arb::{self, SMALL};
use crate::support::prop;
use ltsym::automata::translate;
use ltsym::check::{check, CheckOptions, Engine};
use ltsym::logic::Ltl;
use ltsym::structural::net::{Edge, Net, Relaxation};
use ltsym::structural::{prove, verify, Certificate, Limits};

/// `P`: one state with an accepting loop on label 0; `C`: label 0 in its alphabet but no cycle
/// on it (one state, no edge). No fair cycle exists: `C` never moves on 0.
fn relaxation() -> Relaxation {
    Relaxation {
        nets: vec![
            Net {
                name: "P".into(),
                states: 1,
                edges: vec![Edge {
                    from: 0,
                    slot: 0,
                    to: 0,
                    acc: 1,
                }],
                slots: vec![vec![0]],
            },
            Net {
                name: "C".into(),
                states: 1,
                edges: vec![],
                slots: vec![vec![0]],
            },
        ],
        num_labels: 1,
        num_acc: 1,
    }
}

#[test]
fn the_verifier_takes_a_valid_certificate_and_rejects_broken_ones() {
    let rel = relaxation();
    let good = Certificate {
        phi: vec![vec![0], vec![0]],
        w: vec![vec![1], vec![-1]],
        lambda: vec![1],
    };
    assert!(verify(&rel, &good));
    // no multiplier: (2) proves nothing
    let mut c = good.clone();
    c.lambda = vec![0];
    assert!(!verify(&rel, &c));
    // (1) broken: the weights of label 0 sum to 1
    let mut c = good.clone();
    c.w[1][0] = 0;
    assert!(!verify(&rel, &c));
    // (2) broken on P's loop
    let mut c = good.clone();
    c.w[0][0] = 0;
    c.w[1][0] = 0;
    assert!(!verify(&rel, &c));
    // a negative multiplier
    let mut c = good.clone();
    c.lambda = vec![-1];
    assert!(!verify(&rel, &c));
    // wrong shapes
    let mut c = good;
    c.phi.pop();
    assert!(!verify(&rel, &c));
    // with C moving on 0 in a loop there is a fair cycle: no weights make a certificate
    let mut rel = relaxation();
    rel.nets[1].edges.push(Edge {
        from: 0,
        slot: 0,
        to: 0,
        acc: 0,
    });
    for wp in -3..=3 {
        for wc in -3..=3 {
            let c = Certificate {
                phi: vec![vec![0], vec![0]],
                w: vec![vec![wp], vec![wc]],
                lambda: vec![1],
            };
            assert!(!verify(&rel, &c), "{wp} {wc}");
        }
    }
}

#[test]
fn every_structural_proof_holds_by_the_explicit_engine() {
    let proved = Cell::new(0);
    let cases = arb::systems(SMALL).prop_flat_map(|sys| {
        let formulas = arb::formulas_over(&sys.build(), 3, 3, 8);
        (Just(sys), formulas)
    });
    prop::check(
        "structural::every_structural_proof_holds_by_the_explicit_engine",
        150,
        cases,
        |(sys, formulas)| {
            let sys = sys.build();
            let opts = CheckOptions {
                engine: Engine::Explicit,
                ..CheckOptions::default()
            };
            let report =
                check(&sys, "random", None, &props(&formulas), &opts).expect("the check runs");
            for (k, f) in formulas.iter().enumerate() {
                let neg = translate(&Ltl::not(f.clone())).expect("translates");
                if let Some(proof) = prove(&sys, &neg, &Limits::default()) {
                    proved.set(proved.get() + 1);
                    assert_eq!(
                        report.results[k].outcome.as_bool(),
                        Some(true),
                        "proved by {:?}: {f}",
                        proof.merged
                    );
                }
            }
        },
    );
    assert!(proved.get() > 100, "{} proofs", proved.get());
}

/// Every structural proof on the RERS 2016 problems with official verdicts (101–115) is of a
/// property RERS says is true, and the engine proves some of them (so the test can fail). Each
/// try is bounded (a fifth of a second, the default sizes), which keeps the test short.
#[test]
fn every_structural_proof_on_rers_2016_is_of_a_true_property() {
    use crate::support::data::rers;
    use ltsym::parse::{dot, ltl};
    let limits = Limits {
        time: std::time::Duration::from_millis(200),
        ..Limits::default()
    };
    let (mut proved, mut tried) = (0, 0);
    for n in 101..=115 {
        let dot_path = rers(&format!("2016/problem{n}.dot"));
        let props_path = rers(&format!("2016/problem{n}-properties.txt"));
        let sys = dot::parse(&std::fs::read_to_string(&dot_path).unwrap(), &dot_path)
            .expect("a RERS system parses");
        let ps = ltl::parse_properties(&std::fs::read_to_string(&props_path).unwrap(), &props_path)
            .expect("RERS properties parse");
        for p in &ps {
            let Some(expected) = p.expected else { continue };
            let neg = translate(&Ltl::not(p.formula.clone())).expect("translates");
            tried += 1;
            if let Some(proof) = prove(&sys, &neg, &limits) {
                proved += 1;
                assert!(
                    expected,
                    "2016/{n} #{}: proved by {:?}, but RERS says false",
                    p.number, proof.merged
                );
            }
        }
    }
    eprintln!("{proved} of {tried} RERS 2016 properties proved structurally");
    assert!(proved >= 20, "only {proved} of {tried} proved");
}
