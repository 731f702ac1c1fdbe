//! The integration tests: one crate (one binary to link, one process to run), one module per
//! subject, and the helpers they share in [`support`]: running the binary, the test data,
//! scratch files, the model's semantics as an oracle, and random systems, automata and
//! formulas as `proptest` strategies under a fixed configuration.
//!
//! Run all with `cargo test --release`, one subject with `cargo test --release --test it
//! symbolic_ltl::`, the mutation fuzzing campaign with `scripts/fuzz.sh`.

mod support;

mod architecture;
mod auto_engine;
mod bad_input;
mod cli;
mod cli_evidence;
mod cli_properties;
mod cli_stream;
mod compose_minimise;
mod compose_restrict;
mod compositional;
mod convert;
mod docs;
mod explicit;
mod explicit_vs_translate;
mod factor;
mod fuzz;
mod hoa;
mod hunt;
mod limits;
mod ltl_translation;
mod mcc;
mod mcc_random;
mod progress;
mod read_dot_pml;
mod read_formulas;
mod read_pnml;
mod rers_ltl;
mod spin_semantics;
mod structural;
mod symbolic_ctl;
mod symbolic_ltl;
mod symbolic_reach;
mod synth;
