//! The net as the PNML reader ([`super::pnml`]) leaves it for the NUPN rebuild
//! ([`super::nupn`]): places, transitions, arcs and units with their file positions, plain data
//! of its own so that neither of the two files imports the other.

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

pub(super) struct Place {
    pub(super) id: String,
    pub(super) pos: usize,
    /// Initial marking and the position of its text.
    pub(super) marking: u64,
    pub(super) marking_pos: usize,
}

pub(super) struct Transition {
    pub(super) id: String,
    pub(super) name: Option<String>,
    pub(super) pos: usize,
}

pub(super) struct Arc {
    pub(super) id: String,
    pub(super) source: String,
    pub(super) target: String,
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
pub(super) struct Net {
    pub(super) pos: usize,
    pub(super) places: Vec<Place>,
    pub(super) transitions: Vec<Transition>,
    pub(super) arcs: Vec<Arc>,
    pub(super) nupn: Option<Nupn>,
}
