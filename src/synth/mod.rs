//! `ltsym synth`: RERS-style parallel benchmark problems with verdicts by construction, after
//! the thesis in `../shared/thesis/` (chapters 5 and 6: property → Büchi automaton → MTS →
//! parallel decomposition → alphabet extension → LTSs).
//!
//! The stages, one file each, plain data between them:
//! 1. [`properties`], [`patterns`], [`interruptible`]: LTL pattern instances over a core
//!    alphabet, each interruptible (§5.1, Def. 31, Thm. 2), and which are to be false;
//! 2. [`buchi`]: the Büchi automaton of the properties, by our LTL translation (§5.1);
//! 3. [`base`]: the base MTS, whose every infinite path satisfies all properties (§5.4);
//! 4. [`counterexample`]: a counterexample lasso with a handle per false property, as must
//!    transitions (§5.2, Def. 33);
//! 5. [`decompose`] with [`green`], [`red`], [`conjunction`]: iterated parallel decomposition
//!    by modal contracts (§6.1);
//! 6. [`refine`]: LTS component refinement (Def. 29);
//! 7. [`verify`], [`ctl`]: both engines confirm every LTL claim on the unextended system and
//!    compute the CTL verdicts;
//! 8. [`extension`]: alphabet extension (§6.2, Lemma 8, Thm. 9, Thm. 10);
//! 9. [`naming`]: RERS names; [`manifest`], [`output`]: the files.
//!
//! Everything random comes from one [`Rng`] seeded by the knobs, and every collection that is
//! iterated is ordered: the same knobs, seed and version give the same bytes.

pub mod base;
pub mod bisim;
pub mod buchi;
pub mod conjunction;
pub mod counterexample;
pub mod ctl;
pub mod decompose;
pub mod deep;
pub mod extension;
pub mod green;
pub mod interruptible;
pub mod knobs;
pub mod labels;
pub mod manifest;
pub mod mts;
pub mod naming;
pub mod output;
pub mod patterns;
pub mod properties;
pub mod red;
pub mod refine;
pub mod verify;

use std::collections::BTreeMap;

use num_bigint::BigUint;

use crate::automata::translate::translate;
use crate::automata::Tgba;
use crate::error::{Error, Result};
use crate::gen::rng::Rng;
use crate::logic::Ltl;
use crate::model::System;

pub use knobs::Knobs;

use base::{base_mts, Shape};
use buchi::Conjunction;
use counterexample::Inserted;
use decompose::{decompose_iteratively, eligible, Step, SyncStyle};
use extension::Mode;
use labels::{core_atom, Labels};
use mts::{Lb, Mts};
use naming::Names;
use patterns::Instance;
use properties::LtlDrawer;

/// Attempts at a base MTS and its counterexamples before giving up.
const ATTEMPTS: usize = 60;
/// The largest communication alphabet of a decomposition step.
const MAX_GAMMA: usize = 3;
/// The largest extension a target size may ask for.
const MAX_EXTENSION_STATES: usize = 4096;

/// One LTL property of a problem and what the construction says about it.
#[derive(Clone, Debug)]
pub struct LtlClaim {
    pub instance: Instance,
    pub verdict: bool,
    /// For a false property: the lasso inserted (core labels).
    pub counterexample: Option<Inserted>,
}

/// One CTL property and its verdict.
#[derive(Clone, Debug)]
pub struct CtlClaim {
    pub instance: Instance,
    pub verdict: bool,
}

/// One alphabet extension, for the manifest.
#[derive(Clone, Debug)]
pub struct ExtStep {
    /// The extension's component index.
    pub component: usize,
    pub gamma: Vec<Lb>,
    pub fresh: Vec<Lb>,
    pub states: usize,
    /// Merged into the component (which grew) rather than added as a new one.
    pub grown: bool,
}

/// A synthesised problem: the system, its properties with verdicts, and how it was made.
pub struct Problem {
    pub knobs: Knobs,
    pub system: System,
    pub names: Names,
    pub ltl: Vec<LtlClaim>,
    pub ctl: Vec<CtlClaim>,
    pub structural: Vec<Instance>,
    pub base_states: usize,
    pub core_states: usize,
    pub steps: Vec<Step>,
    pub extensions: Vec<ExtStep>,
    /// Core labels the system has.
    pub core_labels: Vec<Lb>,
    pub unextended_states: u64,
    /// The reachable states, when the construction knows them exactly.
    pub reachable: Option<BigUint>,
}

/// Makes the problem the knobs describe.
pub fn generate(knobs: &Knobs) -> Result<Problem> {
    knobs.validate().map_err(Error::Usage)?;
    let mut rng = Rng::new(knobs.seed);
    let mut labels = Labels::with_core(knobs.core_label_count());
    let core = labels.core();
    // §5.1, §5.4, §5.2
    let made = core_mts(knobs, &core, &mut rng)?;
    log::info!(
        "synth: base MTS of {} states, {} with counterexamples",
        made.base_states,
        made.mts.states
    );
    // §6.1, Def. 29
    let Unextended {
        lts,
        steps,
        system: unextended,
        states: unextended_states,
        core_labels,
    } = unextended(&made.mts, knobs, &labels, &mut rng)?;
    let claims: Vec<(Ltl, bool)> = made
        .claims
        .iter()
        .map(|c| Ok((c.instance.ltl()?, c.verdict)))
        .collect::<Result<_>>()?;
    verify::confirm_ltl(&unextended, &claims)?;
    // CTL on the unextended system (kept by the free extension; computed again below otherwise)
    let mut ctl = if knobs.extension == Mode::Free {
        ctl::choose(
            &unextended,
            &core_labels,
            knobs.ctl_properties,
            knobs.false_share,
            &core_atom,
            &mut rng,
        )?
    } else {
        Vec::new()
    };
    // §6.2
    let extension_count = knobs.components - lts.len();
    let (parts, extensions) = extend(
        knobs,
        lts,
        &mut labels,
        extension_count,
        unextended_states,
        &mut rng,
    )?;
    let reachable = (knobs.extension == Mode::Free).then(|| {
        extensions
            .iter()
            .fold(BigUint::from(unextended_states), |acc, e| acc * e.states)
    });
    // names and the final system
    let names = naming::choose(&parts, labels.len(), &core, knobs.naming, &mut rng);
    let system = naming::system(&parts, &names)?;
    if knobs.extension != Mode::Free && knobs.ctl_properties > 0 {
        // an upper bound of the final system's states: fail at once rather than after the
        // explicit engine has filled its limit
        let bound = extensions
            .iter()
            .fold(BigUint::from(unextended_states), |acc, e| acc * e.states);
        if bound > BigUint::from(verify::MAX_STATES) {
            return Err(ctl_too_large(
                knobs.extension,
                &format!("up to {bound} states"),
            ));
        }
        let name = |l: Lb| names.label[l as usize].clone();
        ctl = ctl::choose(
            &system,
            &core_labels,
            knobs.ctl_properties,
            knobs.false_share,
            &name,
            &mut rng,
        )
        .map_err(|e| match e {
            Error::Limit(l) => ctl_too_large(knobs.extension, &l.to_string()),
            e => e,
        })?;
    }
    Ok(Problem {
        knobs: knobs.clone(),
        system,
        names,
        ltl: made.claims,
        ctl: ctl
            .into_iter()
            .map(|(instance, verdict)| CtlClaim { instance, verdict })
            .collect(),
        structural: made.structural,
        base_states: made.base_states,
        core_states: made.mts.states,
        steps,
        extensions,
        core_labels,
        unextended_states,
        reachable,
    })
}

/// The decomposed, refined components before alphabet extension and the system they make
/// (labels named by their placeholders).
struct Unextended {
    lts: Vec<Mts>,
    steps: Vec<Step>,
    system: System,
    states: u64,
    /// The core labels the system has.
    core_labels: Vec<Lb>,
}

/// §6.1 and Def. 29: decomposes `m0` by modal contracts and refines the components to LTSs.
fn unextended(m0: &Mts, knobs: &Knobs, labels: &Labels, rng: &mut Rng) -> Result<Unextended> {
    let (parts, steps) = decompose_iteratively(
        m0,
        knobs.decomposition_count(),
        MAX_GAMMA,
        knobs.red,
        knobs.sync,
        rng,
    );
    let lts = refine::to_lts(&parts, knobs.keep_may, rng);
    let placeholder = Names {
        label: (0..labels.len() as Lb).map(core_atom).collect(),
        order: (0..lts.len()).collect(),
    };
    let system = naming::system(&lts, &placeholder)?;
    let states = crate::explicit::reach(&system, Some(50_000_000))?.states;
    let core = labels.core();
    let mut core_labels: Vec<Lb> = lts
        .iter()
        .flat_map(|p| p.alphabet.iter().copied())
        .filter(|l| core.binary_search(l).is_ok())
        .collect();
    core_labels.sort_unstable();
    core_labels.dedup();
    Ok(Unextended {
        lts,
        steps,
        system,
        states,
        core_labels,
    })
}

/// The core MTS: base plus counterexamples, and the LTL claims.
struct CoreMts {
    mts: Mts,
    claims: Vec<LtlClaim>,
    structural: Vec<Instance>,
    base_states: usize,
}

/// §5.1 + §5.4 + §5.2: draws the properties, builds the base MTS of their automaton and
/// inserts a counterexample for each false one; a property that makes the base empty or that
/// has no counterexample is replaced by a new draw.
fn core_mts(knobs: &Knobs, core: &[Lb], rng: &mut Rng) -> Result<CoreMts> {
    let verdicts = properties::verdicts(knobs.ltl_properties, knobs.false_share, rng);
    let mut drawer = LtlDrawer::new();
    let mut chosen: Vec<Instance> = Vec::new();
    let mut formulas: Vec<Ltl> = Vec::new();
    let total = knobs.structural + knobs.ltl_properties;
    while chosen.len() < total {
        let structural = chosen.len() < knobs.structural;
        let Some((i, f)) = drawer.next(core, &chosen, structural, rng)? else {
            return Err(Error::Usage(format!(
                "cannot find {total} distinct interruptible properties over {} core labels: \
                 raise --core-labels",
                core.len()
            )));
        };
        chosen.push(i);
        formulas.push(f);
    }
    let mut autos: BTreeMap<usize, (Tgba, Tgba)> = BTreeMap::new();
    let shape = Shape {
        max_states: knobs.core_states,
        keep_label: 0.5,
        branch: 0.15,
    };
    for _ in 0..ATTEMPTS {
        // order: structural, true, false; `keep` is the first part
        let s = knobs.structural;
        let mut order: Vec<usize> = (0..s).collect();
        order.extend(
            (0..knobs.ltl_properties)
                .filter(|&k| verdicts[k])
                .map(|k| s + k),
        );
        let keep_width = order.len();
        order.extend(
            (0..knobs.ltl_properties)
                .filter(|&k| !verdicts[k])
                .map(|k| s + k),
        );
        for &k in &order {
            if let std::collections::btree_map::Entry::Vacant(e) = autos.entry(k) {
                let pos = translate(&formulas[k])?;
                let neg = translate(&Ltl::not(formulas[k].clone()))?;
                e.insert((pos, neg));
            }
        }
        let pos: Vec<Tgba> = order.iter().map(|k| autos[k].0.clone()).collect();
        let redraw = |k: usize,
                      chosen: &mut Vec<Instance>,
                      formulas: &mut Vec<Ltl>,
                      autos: &mut BTreeMap<usize, (Tgba, Tgba)>,
                      drawer: &mut LtlDrawer,
                      rng: &mut Rng|
         -> Result<()> {
            let others: Vec<Instance> = chosen.clone();
            if let Some((i, f)) = drawer.next(core, &others, k < knobs.structural, rng)? {
                chosen[k] = i;
                formulas[k] = f;
                autos.remove(&k);
            }
            Ok(())
        };
        let all = match Conjunction::of(pos.clone(), core) {
            Ok(c) if !c.is_empty() => c,
            _ => {
                let k = order[rng.below(order.len())];
                redraw(k, &mut chosen, &mut formulas, &mut autos, &mut drawer, rng)?;
                continue;
            }
        };
        let Some(base) = base_mts(&all, shape, rng) else {
            let k = order[rng.below(order.len())];
            redraw(k, &mut chosen, &mut formulas, &mut autos, &mut drawer, rng)?;
            continue;
        };
        let keep = Conjunction::of(pos[..keep_width].to_vec(), core)?;
        let mut mts = base.mts.clone();
        let mut inserted: BTreeMap<usize, Inserted> = BTreeMap::new();
        let mut failed = None;
        // §5.3: the prefix trackers of the false properties that have a safety part
        let deep: Vec<(usize, deep::Tracker)> = match knobs.depth {
            None => Vec::new(),
            Some(_) => order[keep_width..]
                .iter()
                .filter_map(|&k| {
                    deep::Tracker::new(&autos[&k].0, core)
                        .filter(|t| t.has_safety_part())
                        .map(|t| (k, t))
                })
                .collect(),
        };
        let trackers: Vec<deep::Tracker> = deep.iter().map(|(_, t)| t.clone()).collect();
        for &k in &order[keep_width..] {
            let guard = knobs.depth.map(|(m, n)| counterexample::Depth {
                trackers: &trackers,
                own: deep.iter().position(|(j, _)| *j == k),
                m,
                n,
            });
            match counterexample::insert(
                &mut mts,
                &base,
                &keep,
                keep_width,
                &autos[&k].1,
                guard.as_ref(),
            )? {
                Some(i) => {
                    inserted.insert(k, i);
                }
                None => {
                    failed = Some(k);
                    break;
                }
            }
        }
        if let Some(k) = failed {
            redraw(k, &mut chosen, &mut formulas, &mut autos, &mut drawer, rng)?;
            continue;
        }
        if let Some((m, _)) = knobs.depth {
            // Thm. 5: no word of the result m-violates a deep property
            mts = deep::unfold(&mts, &trackers, m);
        }
        if knobs.extension == Mode::Divergent {
            if let Some(k) = diverging_true_property(&mts, &order[s..keep_width], &formulas)? {
                redraw(k, &mut chosen, &mut formulas, &mut autos, &mut drawer, rng)?;
                continue;
            }
        }
        let claims = (0..knobs.ltl_properties)
            .map(|k| LtlClaim {
                instance: chosen[s + k].clone(),
                verdict: verdicts[k],
                counterexample: inserted.remove(&(s + k)),
            })
            .collect();
        return Ok(CoreMts {
            base_states: base.mts.states,
            mts,
            claims,
            structural: chosen[..s].to_vec(),
        });
    }
    Err(Error::Usage(format!(
        "no base system found for these properties in {ATTEMPTS} attempts: try another \
         --seed, more --core-labels or more --core-states"
    )))
}

/// The first true property (index into `formulas`) that a run stopping after some finite
/// behaviour of `mts` would violate (Thm. 9 keeps true verdicts only for the others).
fn diverging_true_property(mts: &Mts, trues: &[usize], formulas: &[Ltl]) -> Result<Option<usize>> {
    let edges: Vec<(usize, Option<String>, usize)> = mts
        .edges
        .iter()
        .map(|e| (e.from as usize, Some(core_atom(e.label)), e.to as usize))
        .collect();
    for &k in trues {
        if !interruptible::survives_divergence(&formulas[k], mts.initial as usize, &edges)? {
            return Ok(Some(k));
        }
    }
    Ok(None)
}

/// §6.2: `count` alphabet extensions of `parts`, each a new component synchronising with
/// labels of one component (under the pairwise style, labels only that component has). When
/// no component has such a label left, an extension is merged into a component instead
/// (Thm. 1 with `M' = M || M_E`: the component grows, with fresh labels of its own that the
/// next extensions can synchronise with), and one more extension follows.
fn extend(
    knobs: &Knobs,
    mut parts: Vec<Mts>,
    labels: &mut Labels,
    count: usize,
    unextended_states: u64,
    rng: &mut Rng,
) -> Result<(Vec<Mts>, Vec<ExtStep>)> {
    let mut sizes = extension_sizes(knobs, count, unextended_states, rng)?.into_iter();
    let mut steps: Vec<ExtStep> = Vec::new();
    let mut attached = 0;
    while attached < count {
        let options: Vec<(usize, Vec<Lb>)> = (0..parts.len())
            .map(|c| (c, eligible(&parts, c, knobs.sync)))
            .filter(|(_, e)| !e.is_empty())
            .collect();
        let grow = options.is_empty();
        let (c, mut pool) = if grow {
            // a component that has labels (one without transitions has nothing to grow on)
            let live: Vec<usize> = (0..parts.len())
                .filter(|&c| !parts[c].used_labels().is_empty())
                .collect();
            let c = if live.is_empty() {
                rng.below(parts.len())
            } else {
                live[rng.below(live.len())]
            };
            (c, parts[c].used_labels().into_iter().collect())
        } else {
            options[rng.below(options.len())].clone()
        };
        if pool.is_empty() {
            return Err(Error::Usage(
                "no label is left to synchronise an alphabet extension with: use fewer \
                 --decompositions or --sync multiway"
                    .into(),
            ));
        }
        rng.shuffle(&mut pool);
        let mut gamma: Vec<Lb> = pool[..1 + rng.below(pool.len().min(2))].to_vec();
        gamma.sort_unstable();
        let fresh = labels.fresh(steps.len(), 1 + rng.below(knobs.fresh_labels));
        // a grown component gets a small extension: the sizes are for the new components
        let size = if grow { 2 } else { sizes.next().unwrap_or(2) };
        let me = extension::extension(knobs.extension, &gamma, &fresh, size, rng);
        let states = me.states;
        let component = if grow {
            parts[c] = parts[c].compose(&me);
            c
        } else {
            parts.push(me);
            attached += 1;
            parts.len() - 1
        };
        steps.push(ExtStep {
            component,
            gamma,
            fresh,
            states,
            grown: grow,
        });
    }
    Ok((parts, steps))
}

/// The number of states of each extension: random up to the knob, or, with a target, sizes
/// whose product brings the unextended system's states to the target's order of magnitude
/// (exact with the free extension, an upper bound otherwise).
fn extension_sizes(knobs: &Knobs, count: usize, base: u64, rng: &mut Rng) -> Result<Vec<usize>> {
    let Some(target) = knobs.target_states else {
        return Ok((0..count)
            .map(|_| 2 + rng.below(knobs.extension_states - 1))
            .collect());
    };
    let mut left = target.log10() - (base.max(1) as f64).log10();
    if count == 0 {
        if left > 0.5 {
            return Err(Error::Usage(format!(
                "--target-states {target:e} needs alphabet extensions: raise --components \
                 (the unextended system has {base} states)"
            )));
        }
        return Ok(Vec::new());
    }
    // every extension has at least two states: below that product the target is missed by
    // more than the promised order of magnitude
    let least = count as f64 * 2f64.log10();
    if least > left + 1.0 {
        return Err(Error::Usage(format!(
            "--target-states {target:e} is below what {count} alphabet extensions give (at least \
             {:.0e} states: each has two or more, and the unextended system has {base}): lower \
             --components, raise --decompositions, or aim higher",
            10f64.powf(least) * base.max(1) as f64
        )));
    }
    let max = (MAX_EXTENSION_STATES as f64).log10();
    if left > max * count as f64 {
        return Err(Error::Usage(format!(
            "--target-states {target:e} needs more than {MAX_EXTENSION_STATES} states per \
             extension: raise --components"
        )));
    }
    let mut out = Vec::with_capacity(count);
    for i in 0..count {
        let share = (left / (count - i) as f64).max(2f64.log10());
        let size = (10f64.powf(share).round() as usize).clamp(2, MAX_EXTENSION_STATES);
        left -= (size as f64).log10();
        out.push(size);
    }
    Ok(out)
}

/// The error when the CTL verdicts of a system extended by `mode` are to be computed on a
/// final system too large for the explicit engine (`size`: its bound, or the limit hit).
fn ctl_too_large(mode: Mode, size: &str) -> Error {
    let mode = match mode {
        Mode::Free => "free",
        Mode::Cut => "cut",
        Mode::Divergent => "divergent",
    };
    Error::Usage(format!(
        "the CTL verdicts of a system extended with --extension {mode} are computed on the \
         final system by both engines, and it is too large for the explicit engine ({size}; \
         at most {} states): use --extension free (which keeps the CTL verdicts of the \
         small unextended system) or --ctl-properties 0",
        verify::MAX_STATES
    ))
}

/// The sync style's name in messages.
pub fn style_name(s: SyncStyle) -> &'static str {
    match s {
        SyncStyle::Pairwise => "pairwise",
        SyncStyle::Multiway => "multiway",
    }
}
