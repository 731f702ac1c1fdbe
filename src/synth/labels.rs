//! The label table of a problem under construction: where each label came from.
//!
//! The construction works on label indices ([`super::mts::Lb`]). The first labels are the
//! *core* alphabet, the one the properties speak about (Def. 15: the actions `a ∈ Σ`); each
//! alphabet extension (Def. 52) adds fresh labels `Σ_E`, which no property mentions. Names
//! are given at the end ([`super::naming`]), once it is known which components share which
//! label; until then a core label is written `a<i>` in formulas.

use super::mts::Lb;

/// Where a label came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The `i`-th label of the core alphabet.
    Core(usize),
    /// A fresh label of alphabet extension number `ext`.
    Fresh { ext: usize },
}

/// The labels of a problem, by index.
#[derive(Clone, Debug, Default)]
pub struct Labels {
    pub origins: Vec<Origin>,
}

impl Labels {
    /// A table with `n` core labels.
    pub fn with_core(n: usize) -> Labels {
        Labels {
            origins: (0..n).map(Origin::Core).collect(),
        }
    }

    pub fn len(&self) -> usize {
        self.origins.len()
    }

    pub fn is_empty(&self) -> bool {
        self.origins.is_empty()
    }

    /// The core labels, ascending.
    pub fn core(&self) -> Vec<Lb> {
        (0..self.len() as Lb)
            .filter(|&l| matches!(self.origins[l as usize], Origin::Core(_)))
            .collect()
    }

    /// `n` fresh labels for extension `ext`.
    pub fn fresh(&mut self, ext: usize, n: usize) -> Vec<Lb> {
        (0..n)
            .map(|_| {
                self.origins.push(Origin::Fresh { ext });
                self.origins.len() as Lb - 1
            })
            .collect()
    }
}

/// The placeholder atom of core label `l` in formulas before naming.
pub fn core_atom(l: Lb) -> String {
    format!("a{l}")
}

/// The core label a placeholder atom names.
pub fn atom_label(atom: &str) -> Option<Lb> {
    atom.strip_prefix('a')?.parse().ok()
}
