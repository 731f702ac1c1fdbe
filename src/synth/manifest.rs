//! `manifest.json`: what was made and why its verdicts are right. Plain data, serialised in
//! field order (no map iterates in an order that could change between runs).
//!
//! Per property: the formula as written, its pattern, its verdict, the construction steps
//! and theorems the verdict rests on (`basis`), and for a false LTL property the
//! counterexample the construction inserted (a lasso over the final label names).

use serde::{Deserialize, Serialize};

use crate::write::OutputFormat;

use super::knobs::Knobs;

/// The manifest's format version: bump when a field changes meaning.
pub const FORMAT: u32 = 2;

/// The generator's version: the same knobs, seed and version give the same bytes. Bump it
/// in the commit that changes the bytes made from some knobs and seed (here or in anything
/// the generator uses: the LTL translation, the engines, the writers), and regenerate the
/// shipped suite `bench-data/synth/` in that same commit (`scripts/synth-suite.sh --regenerate`).
/// Independent of the crate's version, so that a release alone changes no problem.
pub const VERSION: u32 = 1;

#[derive(Serialize)]
pub struct Manifest {
    pub generator: Generator,
    pub knobs: Knobs,
    /// The formats asked for beside `.dot` and `.pml` (`--formats`).
    pub formats: Vec<String>,
    pub files: Vec<String>,
    pub system: SystemFacts,
    pub construction: Construction,
    pub ltl: Vec<LtlEntry>,
    pub ctl: Vec<CtlEntry>,
}

#[derive(Serialize)]
pub struct Generator {
    pub name: &'static str,
    pub version: u32,
    pub format: u32,
}

impl Generator {
    pub fn this() -> Generator {
        Generator {
            name: "ltsym synth",
            version: VERSION,
            format: FORMAT,
        }
    }
}

#[derive(Serialize)]
pub struct SystemFacts {
    pub components: usize,
    /// States per component, in file order.
    pub component_states: Vec<usize>,
    pub transitions: usize,
    pub labels: usize,
    /// Labels of more than one component.
    pub synchronised_labels: usize,
    /// The most components any label has (2 for RERS 2016/2017 style).
    pub max_label_components: usize,
    /// The labels the properties may use.
    pub core_labels: Vec<String>,
    /// Reachable states of the final system, as a decimal string (it may exceed 2^64).
    pub reachable_states: Option<String>,
    /// How `reachable_states` is known.
    pub reachable_states_basis: String,
    /// Reachable states before alphabet extension (explicit search).
    pub unextended_reachable_states: u64,
}

#[derive(Serialize)]
pub struct Construction {
    pub base: BaseFacts,
    pub decompositions: Vec<DecompositionFacts>,
    pub extensions: Vec<ExtensionFacts>,
}

#[derive(Serialize)]
pub struct BaseFacts {
    /// States of the base MTS (§5.4) before the counterexamples were inserted.
    pub states: usize,
    /// States after inserting them (§5.2).
    pub states_with_counterexamples: usize,
    /// The structural properties the base satisfies (not in the property files).
    pub structural: Vec<String>,
}

#[derive(Serialize)]
pub struct DecompositionFacts {
    /// The component that was decomposed (it became the system `M_s`), by final name.
    pub system: String,
    /// The context `M_c` it produced, by final name.
    pub context: String,
    pub gamma: Vec<String>,
    pub red_transitions: usize,
    pub context_states: usize,
}

#[derive(Serialize)]
pub struct ExtensionFacts {
    /// The extension component, by final name (the component it was merged into when
    /// `grown`).
    pub component: String,
    pub grown: bool,
    pub mode: super::extension::Mode,
    pub gamma: Vec<String>,
    pub fresh: Vec<String>,
    pub states: usize,
}

#[derive(Serialize)]
pub struct LtlEntry {
    pub number: u32,
    pub formula: String,
    pub pattern: &'static str,
    pub verdict: bool,
    pub basis: Vec<String>,
    pub counterexample: Option<Counterexample>,
    /// With `--depth m,n`, for a false property with a safety part (§5.3, Def. 35).
    pub depth: Option<DepthFacts>,
}

#[derive(Serialize)]
pub struct DepthFacts {
    /// No word of the system has a violating prefix of at most `m` labels (of the core
    /// alphabet: fresh labels in between only make prefixes longer).
    pub m: usize,
    /// The counterexample has one of at most `n` core labels.
    pub n: usize,
    /// The length of the counterexample's shortest violating prefix.
    pub counterexample_violating_prefix: usize,
}

#[derive(Serialize)]
pub struct Counterexample {
    pub prefix: Vec<String>,
    pub cycle: Vec<String>,
    /// The position in `prefix` of the handle (Def. 33): the first transition off the base.
    pub handle: usize,
    /// How the lasso relates to the final system's traces.
    pub trace: &'static str,
}

#[derive(Serialize)]
pub struct CtlEntry {
    pub number: u32,
    pub formula: String,
    pub pattern: &'static str,
    pub verdict: bool,
    pub basis: Vec<String>,
}

/// `manifest.json` of a weak-bisimulation task (Def. 30).
#[derive(Serialize)]
pub struct BisimManifest {
    pub generator: Generator,
    pub knobs: Knobs,
    pub task: &'static str,
    /// The formats asked for beside `.dot` and `.pml` (`--formats`).
    pub formats: Vec<String>,
    pub files: Vec<String>,
    /// The answer: whether `[a]_visible ≈ [b]_visible`.
    pub bisimilar: bool,
    /// The answer asked for (`--bisimilar`); `null` when the seed decided it.
    pub bisimilar_flag: Option<bool>,
    /// The visible labels; every other label is hidden (τ). They are exactly the labels the
    /// two systems share.
    pub visible: Vec<String>,
    pub distinguishing_trace: Option<DistinguishingTrace>,
    pub basis: Vec<String>,
    pub base: BisimBase,
    pub a: SideFacts,
    pub b: SideFacts,
}

#[derive(Serialize)]
pub struct DistinguishingTrace {
    /// Visible labels; hidden labels may come in between.
    pub trace: Vec<String>,
    /// The system that has this weak trace, and the one that has not.
    pub trace_of: String,
    pub not_trace_of: String,
}

#[derive(Serialize)]
pub struct BisimBase {
    /// States of the base LTS both systems come from.
    pub states: usize,
    pub structural: Vec<String>,
}

#[derive(Serialize)]
pub struct SideFacts {
    pub file: String,
    pub components: usize,
    pub component_states: Vec<usize>,
    pub transitions: usize,
    pub labels: usize,
    pub reachable_states: Option<String>,
    pub unextended_reachable_states: u64,
    pub decompositions: usize,
    pub extensions: usize,
}

/// What a manifest says to make: the knobs, the formats and, for a weak-bisimulation task,
/// the answer asked for. Making it again with the same generator version gives the same
/// bytes (`ltsym synth --from`, `scripts/synth-suite.sh`).
#[derive(Clone, Debug)]
pub struct Recipe {
    /// The generator version that made the manifest.
    pub version: u32,
    pub knobs: Knobs,
    pub formats: Vec<OutputFormat>,
    /// `Some(flag)` for a weak-bisimulation task: `--bisimilar`, or `None` (the seed decides).
    pub bisim: Option<Option<bool>>,
}

/// The part of a manifest a [`Recipe`] reads; the facts beside it are not needed.
#[derive(Deserialize)]
struct RecipeFields {
    generator: GeneratorFields,
    knobs: Knobs,
    formats: Vec<String>,
    /// Only in a weak-bisimulation task's manifest.
    #[serde(default)]
    task: Option<String>,
    #[serde(default)]
    bisimilar_flag: Option<bool>,
}

#[derive(Deserialize)]
struct GeneratorFields {
    name: String,
    version: u32,
    format: u32,
}

/// Reads the recipe of a manifest; the message says what is wrong.
pub fn recipe(text: &str) -> std::result::Result<Recipe, String> {
    let r: RecipeFields = serde_json::from_str(text).map_err(|e| e.to_string())?;
    if r.generator.name != "ltsym synth" || r.generator.format != FORMAT {
        return Err(format!(
            "made by `{}`, manifest format {}: this ltsym reads the manifests of `ltsym synth`, \
             format {FORMAT}",
            r.generator.name, r.generator.format
        ));
    }
    r.knobs.validate()?;
    let formats = r
        .formats
        .iter()
        .map(|f| {
            <OutputFormat as clap::ValueEnum>::from_str(f, false)
                .map_err(|_| format!("`{f}` is not a format ltsym writes"))
        })
        .collect::<std::result::Result<Vec<_>, _>>()?;
    Ok(Recipe {
        version: r.generator.version,
        knobs: r.knobs,
        formats,
        bisim: r.task.is_some().then_some(r.bisimilar_flag),
    })
}

/// The name of `f` as `--formats` takes it.
pub fn format_name(f: OutputFormat) -> String {
    clap::ValueEnum::to_possible_value(&f)
        .map(|v| v.get_name().to_string())
        .unwrap_or_default()
}
