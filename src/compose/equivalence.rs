//! The bisimulations the compositional engine minimises and compares modulo.

use super::lts::Act;

/// A bisimulation to minimise or compare modulo.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Equivalence {
    /// Strong bisimulation: `τ` is a label like any other.
    Strong,
    /// Branching bisimulation (van Glabbeek and Weijland 1996).
    Branching,
    /// Divergence-preserving branching bisimulation: branching, and a state that can move
    /// internally forever inside its class is told apart from one that cannot.
    DivBranching,
    /// Weak bisimulation (Milner 1989).
    Weak,
    /// Sharp bisimulation (Lang, Mateescu and Mazzanti, TACAS 2020): strong for the listed
    /// actions (ascending; [`TAU`](super::TAU) among them makes it strong bisimulation), divergence-preserving
    /// branching for the others.
    Sharp(Vec<Act>),
}

impl Equivalence {
    /// Its name on the command line.
    pub fn name(&self) -> &'static str {
        match self {
            Equivalence::Strong => "strong",
            Equivalence::Branching => "branching",
            Equivalence::DivBranching => "dpbranching",
            Equivalence::Weak => "weak",
            Equivalence::Sharp(_) => "sharp",
        }
    }
}
