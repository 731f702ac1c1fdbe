//! The Model Checking Contest's examinations against the contest's agreed answers, on the small
//! models of the training set (`../shared/mcc`, see `common::mcc_training_dir`; the whole set is
//! `scripts/mcc-check.sh`), and the evidence for the reading of deadlocks the answers need.

mod common;

use std::path::Path;

use ltsym::limits::Budget;
use ltsym::logic::mcc::{Deadlocks, Examination};
use ltsym::mcc::{examine_explicit, load_model, load_properties, MccOptions};
use ltsym::report::mcc::{compare, parse_oracle, Comparison};

/// Models of the training set with at most a few thousand reachable markings, among them
/// nets with deadlocks, units that can be empty, nested units and dead transitions.
const SMALL: &[&str] = &[
    "ERK-PT-000001",
    "ResAllocation-PT-R003C002",
    "ShieldRVt-PT-001A",
    "Sudoku-PT-AN02",
    "StigmergyElection-PT-02a",
    "Angiogenesis-PT-01",
    "CircadianClock-PT-000001",
    "DatabaseWithMutex-PT-02",
    "TokenRing-PT-005",
    "ShieldRVs-PT-001A",
    "IOTPpurchase-PT-C01M01P01D01",
    "AutonomousCar-PT-01a",
    "Philosophers-PT-000005",
    "AutoFlight-PT-01a",
    "LamportFastMutEx-PT-2",
    "NQueens-PT-05",
    "StigmergyCommit-PT-02a",
    "SimpleLoadBal-PT-02",
    "RwMutex-PT-r0010w0010",
    "ShieldIIPt-PT-001A",
    "GPUForwardProgress-PT-04a",
    "Railroad-PT-005",
    "SharedMemory-PT-000005",
    "IBM319-PT-none",
    "EGFr-PT-02010",
];

fn run(
    mcc: &Path,
    model: &str,
    ex: Examination,
    opts: &MccOptions,
) -> (ltsym::report::mcc::Comparison, usize) {
    let m = load_model(&mcc.join("models").join(model)).expect("model loads");
    let props = load_properties(&m, ex).expect("formulas load");
    let answers = examine_explicit(&m, ex, &props, opts, &Budget::unlimited()).expect("answers");
    let oracle = std::fs::read_to_string(
        mcc.join("oracle")
            .join(format!("{model}-{}.out", ex.short())),
    )
    .expect("oracle file");
    (compare(&answers, &parse_oracle(&oracle)), answers.len())
}

#[test]
fn explicit_engine_gives_the_agreed_answers_on_small_models() {
    let Some(mcc) = common::mcc_training_dir() else {
        return;
    };
    let opts = MccOptions::default();
    let (mut asked, mut matches, mut bad) = (0, 0, Vec::new());
    for model in SMALL {
        for ex in Examination::ALL {
            let (c, n) = run(&mcc, model, ex, &opts);
            asked += n;
            matches += c.matches;
            assert!(c.unanswered.is_empty(), "{model} {ex}: {c:?}");
            assert!(c.not_in_oracle.is_empty(), "{model} {ex}: {c:?}");
            bad.extend(
                c.mismatches
                    .iter()
                    .map(|(id, v, o)| format!("{model} {ex} {id}: {v}, agreed {o}")),
            );
        }
    }
    assert!(bad.is_empty(), "mismatches:\n{}", bad.join("\n"));
    // every result has an agreed answer on these models, so all were compared
    assert_eq!(matches, asked);
    assert!(asked > 2000, "{asked}");
}

/// The readings of a path into a deadlock, tried on the LTL answers of small models with
/// deadlocks: only `stutter` (a deadlock repeats forever) gives every agreed answer.
#[test]
fn ltl_answers_need_deadlocks_to_stutter() {
    let Some(mcc) = common::mcc_training_dir() else {
        return;
    };
    let models = [
        "Angiogenesis-PT-01",
        "AutoFlight-PT-01a",
        "AutonomousCar-PT-01a",
        "GPUForwardProgress-PT-04a",
        "IBM319-PT-none",
        "Sudoku-PT-AN02",
    ];
    let mismatches = |deadlocks: Deadlocks| -> usize {
        let opts = MccOptions {
            ltl_deadlocks: deadlocks,
            ..MccOptions::default()
        };
        models
            .iter()
            .flat_map(|m| {
                [Examination::LtlCardinality, Examination::LtlFireability]
                    .map(|ex| run(&mcc, m, ex, &opts).0)
            })
            .map(|c: Comparison| c.mismatches.len())
            .sum()
    };
    assert_eq!(mismatches(Deadlocks::Stutter), 0);
    assert!(mismatches(Deadlocks::Finite) >= 5);
    assert!(mismatches(Deadlocks::Infinite) >= 5);
}

/// The same for CTL: only `finite` (a path may end in a deadlock, which has no successor:
/// `EX true` is false there) gives every agreed answer.
#[test]
fn ctl_answers_need_paths_that_end_in_deadlocks() {
    let Some(mcc) = common::mcc_training_dir() else {
        return;
    };
    let models = [
        "Angiogenesis-PT-01",
        "AutoFlight-PT-01a",
        "Philosophers-PT-000005",
        "Sudoku-PT-AN02",
    ];
    let mismatches = |deadlocks: Deadlocks| -> usize {
        let opts = MccOptions {
            ctl_deadlocks: deadlocks,
            ..MccOptions::default()
        };
        models
            .iter()
            .flat_map(|m| {
                [Examination::CtlCardinality, Examination::CtlFireability]
                    .map(|ex| run(&mcc, m, ex, &opts).0)
            })
            .map(|c: Comparison| c.mismatches.len())
            .sum()
    };
    assert_eq!(mismatches(Deadlocks::Finite), 0);
    assert!(mismatches(Deadlocks::Stutter) >= 5);
    assert!(mismatches(Deadlocks::Infinite) >= 5);
}
