//! Temporal logics: the formula types and numbered property lists.

pub mod ctl;
pub mod eval;
pub mod ltl;
pub mod nnf;

pub use ctl::Ctl;
pub use ltl::Ltl;

/// One numbered property of a property file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Property<F> {
    /// The number from the `#N:` header; properties without a header are numbered from 1 on,
    /// in file order.
    pub number: u32,
    pub formula: F,
    /// The verdict the file gives after the header (`#N: true`), if any.
    pub expected: Option<bool>,
    /// The 1-based line of the formula's first character.
    pub line: usize,
}

/// A parsed property file, LTL or CTL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Properties {
    Ltl(Vec<Property<Ltl>>),
    Ctl(Vec<Property<Ctl>>),
}

impl Properties {
    /// The atoms of all formulas, sorted, each once.
    pub fn atoms(&self) -> Vec<String> {
        let mut atoms: Vec<String> = match self {
            Properties::Ltl(ps) => ps.iter().flat_map(|p| p.formula.atoms()).collect(),
            Properties::Ctl(ps) => ps.iter().flat_map(|p| p.formula.atoms()).collect(),
        };
        atoms.sort();
        atoms.dedup();
        atoms
    }
}
