//! The net as the PNML reader ([`super::pnml`]) leaves it for the NUPN rebuild
//! ([`super::nupn`]): places, transitions, arcs and units with their file positions, plain data
//! of its own so that neither of the two files imports the other. Ids and names borrow from
//! the file's text where it holds them verbatim (no character reference): an MCC file has
//! over 100,000 arcs, three ids each.

use std::borrow::Cow;

/// How PNML transition names become labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum PnmlLabels {
    /// `mcc` when every transition name has the MCC form `t_<n>_<label>`, else `name`.
    #[default]
    Auto,
    /// The transition's name text is its label (the id where there is no name).
    Name,
    /// The label is what follows `t_<n>_` in the name.
    Mcc,
}

pub(super) struct Place<'t> {
    pub(super) id: Cow<'t, str>,
    pub(super) pos: usize,
    /// Initial marking and the position of its text.
    pub(super) marking: u64,
    pub(super) marking_pos: usize,
}

pub(super) struct Transition<'t> {
    pub(super) id: Cow<'t, str>,
    pub(super) name: Option<String>,
    pub(super) pos: usize,
}

pub(super) struct Arc<'t> {
    pub(super) id: Cow<'t, str>,
    pub(super) source: Cow<'t, str>,
    pub(super) target: Cow<'t, str>,
    pub(super) pos: usize,
}

pub(super) struct Unit {
    pub(super) id: String,
    pub(super) pos: usize,
    pub(super) places: Vec<String>,
    pub(super) subunits: Vec<String>,
}

pub(super) struct Nupn {
    pub(super) pos: usize,
    pub(super) root: Option<String>,
    pub(super) units: Vec<Unit>,
}

/// The net as read, before any check that needs the whole file.
#[derive(Default)]
pub(super) struct Net<'t> {
    pub(super) pos: usize,
    pub(super) places: Vec<Place<'t>>,
    pub(super) transitions: Vec<Transition<'t>>,
    pub(super) arcs: Vec<Arc<'t>>,
    pub(super) nupn: Option<Nupn>,
}
