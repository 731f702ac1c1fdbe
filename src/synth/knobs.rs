//! The knobs of a synthesised problem: everything the bytes of a problem depend on besides
//! the generator's version. Plain data; the manifest records every field.

use serde::{Deserialize, Serialize};

use super::decompose::SyncStyle;
use super::extension::Mode;
use super::naming::Naming;

/// What to make. [`Knobs::default`] gives a small problem.
/// Read back from a manifest ([`super::manifest::Recipe`]): a knob this version does not
/// know is an error, never ignored.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Knobs {
    pub seed: u64,
    /// Components of the final system (at least 1).
    pub components: usize,
    /// How many of them come from modal-contract decompositions (§6.1); the rest are
    /// alphabet extensions (§6.2). Default: half of the components beyond the first.
    pub decompositions: Option<usize>,
    /// LTL properties and CTL properties.
    pub ltl_properties: usize,
    pub ctl_properties: usize,
    /// The share of false properties (of each logic), rounded.
    pub false_share: f64,
    /// Structural properties: always satisfied, not written; they shape the base (§5.1).
    pub structural: usize,
    /// Labels of the core alphabet, the one the properties use. Default: from the number
    /// of properties.
    pub core_labels: Option<usize>,
    /// At most this many states in the base MTS (§5.4).
    pub core_states: usize,
    pub sync: SyncStyle,
    pub extension: Mode,
    /// At most this many fresh labels per extension ("how far the alphabet is extended").
    pub fresh_labels: usize,
    /// At most this many states per extension (without a target size).
    pub extension_states: usize,
    /// The wanted number of reachable states, as a power of ten (`--target-states 1e20`).
    pub target_states: Option<f64>,
    /// Red transitions per decomposition (§6.1.2).
    pub red: usize,
    /// The chance that an LTS keeps a may-only transition (Def. 29).
    pub keep_may: f64,
    /// Deep errors (§5.3): no prefix of at most `m` steps shows a violation of a false
    /// property; one of at most `n` does. `None`: no depth guarantee.
    pub depth: Option<(usize, usize)>,
    pub naming: Naming,
}

impl Default for Knobs {
    fn default() -> Knobs {
        Knobs {
            seed: 1,
            components: 4,
            decompositions: None,
            ltl_properties: 10,
            ctl_properties: 10,
            false_share: 0.5,
            structural: 1,
            core_labels: None,
            core_states: 16,
            sync: SyncStyle::Pairwise,
            extension: Mode::Free,
            fresh_labels: 3,
            extension_states: 5,
            target_states: None,
            red: 3,
            keep_may: 0.6,
            depth: None,
            naming: Naming::Rers2016,
        }
    }
}

impl Knobs {
    /// The number of core labels: given, or enough for the properties to spread out.
    pub fn core_label_count(&self) -> usize {
        self.core_labels
            .unwrap_or_else(|| (6 + self.ltl_properties.max(self.ctl_properties) / 2).min(40))
    }

    /// The decompositions asked for.
    pub fn decomposition_count(&self) -> usize {
        let beyond = self.components.saturating_sub(1);
        self.decompositions
            .unwrap_or(beyond.div_ceil(2))
            .min(beyond)
    }

    /// Checks the values; the message says what is wrong.
    pub fn validate(&self) -> Result<(), String> {
        if self.components == 0 {
            return Err("--components must be at least 1".into());
        }
        if !(0.0..=1.0).contains(&self.false_share) {
            return Err("--false-share must lie between 0 and 1".into());
        }
        if !(0.0..=1.0).contains(&self.keep_may) {
            return Err("--keep-may must lie between 0 and 1".into());
        }
        if self.core_label_count() < 2 {
            return Err("--core-labels must be at least 2".into());
        }
        if self.core_states < 2 {
            return Err("--core-states must be at least 2".into());
        }
        if self.fresh_labels == 0 || self.extension_states < 2 {
            return Err("--fresh-labels must be at least 1, --extension-states at least 2".into());
        }
        if let Some((m, n)) = self.depth {
            if m >= n {
                return Err(format!(
                    "--depth {m},{n}: the first bound must be below the second"
                ));
            }
        }
        if let Some(t) = self.target_states {
            if !(t >= 1.0 && t.is_finite()) {
                return Err("--target-states must be a number of states, e.g. 1e20".into());
            }
        }
        if let Some(d) = self.decompositions {
            if d + 1 > self.components {
                return Err(format!(
                    "--decompositions {d} needs at least {} components",
                    d + 1
                ));
            }
        }
        Ok(())
    }
}
