//! The Petri net behind a system read from PNML: which local state of which component each
//! place is, and which move each Petri transition makes.
//!
//! The MCC examinations speak about places (`tokens-count`, `place-bound`) and Petri
//! transitions (`is-fireable`, QuasiLiveness, the edges of the reachability graph), while the
//! engines work on the LTS network rebuilt from the net's units (`src/parse/nupn.rs`). This is
//! the dictionary between the two. It is plain data, read by the explicit engine and the
//! symbolic one alike.
//!
//! The encoding, and why it is exact. Every NUPN unit that owns places is one component whose
//! local state is which of its own places holds the token, or `none` when none does (a unit that
//! always holds exactly one token has no `none` state). A place is marked iff its unit is in
//! the place's state, so a marking is a global state, and every place holds at most one token.
//! A Petri transition becomes one move: in each unit it touches, from the place it takes a
//! token from (or `none`, if it takes none there) to the place it puts one into (or `none`).
//! Its *guard*, the from-states, is where the encoding lets it fire. The guard is Petri
//! enabledness (every input place marked) plus, for a unit the transition only puts a token
//! into, "that unit is empty": in a one-safe NUPN net that is implied, since a second token in
//! a unit would break the unit's one-token invariant. A transition that takes two tokens from
//! one unit can never be enabled in such a net; one that puts two tokens into one unit must
//! never be enabled: neither gets a move. Both implications are claims of the file, so they are
//! checked on the reachable markings ([`PetriNet::needs_check`]): a marking where a transition
//! is Petri-enabled but not by its guard proves the net is not one-safe under its units, and is
//! an error. With no such marking, the reachable markings of the net and of the encoding are
//! the same by induction over the firing sequences.

use std::collections::HashMap;

use super::{CompId, LabelId, StateId};

/// A place: the local state of one component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The PNML id (what MCC formulas name).
    pub id: String,
    pub comp: CompId,
    pub state: StateId,
}

/// A Petri transition and the move it makes in the encoding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PetriTransition {
    /// The PNML id (what MCC formulas name).
    pub id: String,
    /// Input places, ascending, without duplicates.
    pub pre: Vec<usize>,
    /// Output places, ascending, without duplicates.
    pub post: Vec<usize>,
    /// The label whose relation holds this transition's move; `None` when the encoding never
    /// fires it (it needs two tokens from one unit, or puts two into one).
    pub label: Option<LabelId>,
    /// `(component, from, to)` for every unit it touches, ascending component; empty when
    /// `label` is `None`.
    pub moves: Vec<(CompId, StateId, StateId)>,
}

impl PetriTransition {
    /// Whether the encoding lets it fire in `state` (its guard holds).
    pub fn fires_in(&self, state: &[StateId]) -> bool {
        self.label.is_some() && self.moves.iter().all(|&(c, from, _)| state[c] == from)
    }
}

/// The places and transitions of a net, mapped onto the components of its system.
#[derive(Clone, Debug, Default)]
pub struct PetriNet {
    pub places: Vec<Place>,
    pub transitions: Vec<PetriTransition>,
    /// The `none` state of each component, for units that can be empty.
    pub empty_state: Vec<Option<StateId>>,
    place_index: HashMap<String, usize>,
    transition_index: HashMap<String, usize>,
}

impl PetriNet {
    pub fn new(
        places: Vec<Place>,
        transitions: Vec<PetriTransition>,
        empty_state: Vec<Option<StateId>>,
    ) -> PetriNet {
        let place_index = places
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id.clone(), i))
            .collect();
        let transition_index = transitions
            .iter()
            .enumerate()
            .map(|(i, t)| (t.id.clone(), i))
            .collect();
        PetriNet {
            places,
            transitions,
            empty_state,
            place_index,
            transition_index,
        }
    }

    /// The place with this id.
    pub fn place(&self, id: &str) -> Option<usize> {
        self.place_index.get(id).copied()
    }

    /// The transition with this id.
    pub fn transition(&self, id: &str) -> Option<usize> {
        self.transition_index.get(id).copied()
    }

    /// Whether place `p` holds a token in global state `state`.
    pub fn marked(&self, state: &[StateId], p: usize) -> bool {
        let place = &self.places[p];
        state[place.comp] == place.state
    }

    /// The number of tokens on the places `ps` (each at most 1).
    pub fn tokens(&self, state: &[StateId], ps: &[usize]) -> u64 {
        ps.iter().filter(|&&p| self.marked(state, p)).count() as u64
    }

    /// Petri enabledness: every input place of `t` is marked (the definition, not the guard).
    pub fn enabled(&self, state: &[StateId], t: usize) -> bool {
        self.transitions[t]
            .pre
            .iter()
            .all(|&p| self.marked(state, p))
    }

    /// The transitions whose guard may be stronger than Petri enabledness: those that put a
    /// token into a unit they take none from, and those the encoding never fires although
    /// they can be Petri-enabled (two output places in one unit). On every reachable state,
    /// [`PetriNet::enabled`] and [`PetriTransition::fires_in`] must agree for them (see the
    /// module documentation); for all others they agree by construction.
    pub fn needs_check(&self) -> impl Iterator<Item = usize> + '_ {
        self.transitions.iter().enumerate().filter_map(|(i, t)| {
            let check = match t.label {
                // the guard adds "empty" for the units it only puts a token into (a move from
                // `none` is only made for those)
                Some(_) => t
                    .moves
                    .iter()
                    .any(|&(c, from, _)| self.empty_state[c] == Some(from)),
                None => !self.two_inputs_in_one_unit(t),
            };
            check.then_some(i)
        })
    }

    /// Whether `t` takes tokens from two places of one unit (then no marking of the encoding
    /// enables it).
    fn two_inputs_in_one_unit(&self, t: &PetriTransition) -> bool {
        let mut comps: Vec<CompId> = t.pre.iter().map(|&p| self.places[p].comp).collect();
        comps.sort_unstable();
        comps.windows(2).any(|w| w[0] == w[1])
    }

    /// The first transition of [`PetriNet::needs_check`] that is Petri-enabled in `state`
    /// without its guard holding there: a witness that the net is not one-safe under its
    /// units.
    pub fn unsafe_transition(&self, state: &[StateId]) -> Option<usize> {
        self.needs_check()
            .find(|&t| self.enabled(state, t) && !self.transitions[t].fires_in(state))
    }

    /// The error for a reachable marking `state` where transition `t` is Petri-enabled but its
    /// guard does not hold: the net is not one-safe under its units (both engines report it so).
    pub fn not_one_safe(&self, t: usize, state: &[StateId]) -> crate::error::Error {
        let tr = &self.transitions[t];
        let marked: Vec<&str> = (0..self.places.len())
            .filter(|&p| self.marked(state, p))
            .map(|p| self.places[p].id.as_str())
            .collect();
        crate::error::Error::Invalid {
            file: std::path::PathBuf::from("model.pnml"),
            message: format!(
                "the net is not one-safe under its NUPN units: transition `{}` is enabled in the \
                 reachable marking {{{}}} and would put a second token into a unit",
                tr.id,
                marked.join(", ")
            ),
        }
    }

    /// The number of transitions Petri-enabled in `state`: its out-edges in the reachability
    /// graph, counted per Petri transition (two transitions between the same markings are two
    /// edges).
    pub fn enabled_count(&self, state: &[StateId]) -> u64 {
        (0..self.transitions.len())
            .filter(|&t| self.enabled(state, t))
            .count() as u64
    }
}
