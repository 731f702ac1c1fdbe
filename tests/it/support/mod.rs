//! What the integration tests share, written once: running the binary ([`cli`]), where the
//! test data lives and skipping politely when a large data set is absent ([`data`]), scratch
//! files ([`scratch`]), the model's semantics read literally as an oracle ([`oracle`]), and
//! random systems, automata and formulas as `proptest` strategies run under one fixed
//! configuration ([`arb`], [`prop`]); weak bisimilarity by brute force ([`weak`]).
#![allow(dead_code)]

pub mod arb;
pub mod cli;
pub mod data;
pub mod oracle;
pub mod prop;
pub mod scratch;
pub mod weak;

pub use data::{input, mcc, mcc_training_dir, repo, repo_path, rers, rers_dir};
