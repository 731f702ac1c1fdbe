//! The files of a problem: the system as RERS `.dot` and Promela (and any other format
//! `ltsym convert` writes, on request), the LTL and CTL property files with verdicts in the
//! RERS layout (`#N: <tab> true`, the formula on the next line, a blank line), and
//! `manifest.json` ([`super::manifest`]).

use std::path::Path;

use crate::error::{Error, Result};
use crate::model::System;
use crate::write::{self, OutputFormat};

use super::bisim::{BisimTask, Side};
use super::extension::Mode;
use super::manifest::{
    format_name, BaseFacts, BisimBase, BisimManifest, Construction, Counterexample, CtlEntry,
    DecompositionFacts, DepthFacts, DistinguishingTrace, ExtensionFacts, Generator, LtlEntry,
    Manifest, Recipe, SideFacts, SystemFacts,
};
use super::mts::Lb;
use super::patterns::{CTL, LTL};
use super::{LtlClaim, Problem};

/// The stem of every file.
pub const STEM: &str = "problem";

/// The files of `sys` named after `stem`: `.dot` always; `.pml` when the Promela dialect can
/// express the system (each label in at most two components); the `extra` formats
/// (`pml-flat` as `STEM-flat.pml`).
fn system_files(sys: &System, stem: &str, extra: &[OutputFormat]) -> Result<Vec<(String, String)>> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut formats = vec![OutputFormat::Dot, OutputFormat::Promela];
    for &f in extra {
        if !formats.contains(&f) {
            formats.push(f);
        }
    }
    for f in formats {
        // the flat Promela shares `.pml` with the RERS dialect: it gets its own name
        let path = match f {
            OutputFormat::PromelaFlat => format!("{stem}-flat.pml"),
            _ => format!("{stem}.{}", f.extension()),
        };
        match write::render(sys, f, Path::new(&path)) {
            Ok(files) => {
                for (path, text) in files {
                    let name = path
                        .file_name()
                        .and_then(|n| n.to_str())
                        .unwrap_or_default()
                        .to_string();
                    out.push((name, text));
                }
            }
            Err(e) if f == OutputFormat::Promela && !extra.contains(&f) => {
                log::info!("synth: no Promela file: {e}");
            }
            Err(e) => return Err(e),
        }
    }
    Ok(out)
}

/// The manifest as text, with a final newline.
fn json<T: serde::Serialize>(m: &T) -> Result<String> {
    let mut json =
        serde_json::to_string_pretty(m).map_err(|e| Error::Internal(format!("manifest: {e}")))?;
    json.push('\n');
    Ok(json)
}

/// The files of `p` as `(file name, text)`, the manifest last.
pub fn files(p: &Problem, extra: &[OutputFormat]) -> Result<Vec<(String, String)>> {
    let mut out = system_files(&p.system, STEM, extra)?;
    out.push((format!("{STEM}-ltl-properties.txt"), ltl_file(p)));
    out.push((format!("{STEM}-ctl-properties.txt"), ctl_file(p)));
    let mut names: Vec<String> = out.iter().map(|(n, _)| n.clone()).collect();
    names.push("manifest.json".into());
    out.push(("manifest.json".into(), json(&manifest(p, names, extra))?));
    Ok(out)
}

/// The files of a weak-bisimulation task: `a.*`, `b.*`, the manifest last.
pub fn bisim_files(t: &BisimTask, extra: &[OutputFormat]) -> Result<Vec<(String, String)>> {
    let mut out = system_files(&t.a.system, "a", extra)?;
    out.extend(system_files(&t.b.system, "b", extra)?);
    let mut names: Vec<String> = out.iter().map(|(n, _)| n.clone()).collect();
    names.push("manifest.json".into());
    out.push((
        "manifest.json".into(),
        json(&bisim_manifest(t, names, extra))?,
    ));
    Ok(out)
}

/// The files a manifest's recipe makes: the same bytes as the files it came with when the
/// generator version is the same.
pub fn recipe_files(r: &Recipe) -> Result<Vec<(String, String)>> {
    match r.bisim {
        Some(answer) => bisim_files(&super::bisim::generate_bisim(&r.knobs, answer)?, &r.formats),
        None => files(&super::generate(&r.knobs)?, &r.formats),
    }
}

/// Writes `files` into `dir` (created if missing); returns their paths.
pub fn write_files(dir: &Path, files: Vec<(String, String)>) -> Result<Vec<std::path::PathBuf>> {
    std::fs::create_dir_all(dir).map_err(|source| Error::Io {
        file: dir.to_path_buf(),
        source,
    })?;
    let mut written = Vec::new();
    for (name, text) in files {
        let path = dir.join(&name);
        std::fs::write(&path, text).map_err(|source| Error::Io {
            file: path.clone(),
            source,
        })?;
        written.push(path);
    }
    Ok(written)
}

/// Writes the files of `p` into `dir` (created if missing); returns their paths.
pub fn write_all(
    p: &Problem,
    dir: &Path,
    extra: &[OutputFormat],
) -> Result<Vec<std::path::PathBuf>> {
    write_files(dir, files(p, extra)?)
}

fn name_of(p: &Problem) -> impl Fn(Lb) -> String + '_ {
    move |l| p.names.label[l as usize].clone()
}

/// The LTL property file.
pub fn ltl_file(p: &Problem) -> String {
    let name = name_of(p);
    let mut s = String::new();
    for (i, c) in p.ltl.iter().enumerate() {
        s += &format!(
            "#{}: \t {}\n( {} )\n\n",
            i + 1,
            c.verdict,
            c.instance.text(LTL, &name)
        );
    }
    s
}

/// The CTL property file.
pub fn ctl_file(p: &Problem) -> String {
    let name = name_of(p);
    let mut s = String::new();
    for (i, c) in p.ctl.iter().enumerate() {
        s += &format!(
            "#{}: \t {}\n{}\n\n",
            i + 1,
            c.verdict,
            c.instance.text(CTL, &name)
        );
    }
    s
}

fn extension_basis(mode: Mode, verdict: bool) -> String {
    match (mode, verdict) {
        (Mode::Free, _) => "§6.2 alphabet extension in the strong form of Lemma 8 (every \
                            synchronisation label enabled in every state, no cycle of fresh \
                            labels): convergent, so both languages are kept (Thm. 8), and \
                            the property is interruptible (Thm. 2)"
            .into(),
        (Mode::Cut, _) => "§6.2 alphabet extension by Thm. 10 (cut points): convergent, so \
                           both languages are kept (Thm. 8), and the property is \
                           interruptible (Thm. 2)"
            .into(),
        (Mode::Divergent, true) => "§6.2 nonconvergent alphabet extension by Thm. 9: the \
                                    infinite words with infinitely many core labels are \
                                    kept; the others stop seeing anything after a finite \
                                    behaviour, after which the property still holds \
                                    (checked on the base MTS)"
            .into(),
        (Mode::Divergent, false) => "§6.2 nonconvergent alphabet extension by Thm. 9 keeps \
                                     the counterexample's word up to inserted fresh labels \
                                     (weak bisimulation), and the property is interruptible \
                                     (Thm. 2)"
            .into(),
    }
}

fn ltl_basis(p: &Problem, c: &LtlClaim) -> Vec<String> {
    let verdict = c.verdict;
    let mut b = vec![
        "§5.1 instance of an interruptible pattern (Thm. 2's condition \
                      decided on its automata)"
            .to_string(),
    ];
    if verdict {
        b.push(
            "§5.4 base MTS: every infinite may path is accepted by the Büchi automaton of \
             the properties (non-accepting cycles cut)"
                .into(),
        );
        b.push(
            "§5.2 the counterexamples of the false properties run in the automaton of the \
             true ones"
                .into(),
        );
        b.push(
            "§6.1 decomposition by modal contracts refines (Thm. 6, Prop. 8): the maximal \
             language only shrinks (Prop. 4)"
                .into(),
        );
        b.push("Def. 29 LTS component refinement: the maximal language only shrinks".into());
    } else {
        b.push(
            "§5.2 counterexample lasso inserted with a handle (Def. 33) as must transitions".into(),
        );
        b.push(
            "§6.1 decomposition by modal contracts refines (Thm. 6, Prop. 8): must \
             transitions are kept (Prop. 4)"
                .into(),
        );
        b.push("Def. 29 LTS component refinement keeps every must transition".into());
    }
    if let Some((m, n)) = p.knobs.depth {
        let deep = c
            .counterexample
            .as_ref()
            .is_some_and(|x| x.violation_depth.is_some());
        if deep {
            b.push(format!(
                "§5.3 deep error: the system lies in the prefix tree of depth {m} of the \
                 property (Thm. 5: no word {m}-violates it) and the counterexample's first \
                 violation comes within {n} steps (Def. 35)"
            ));
        } else if !verdict {
            b.push(
                "§5.3: no depth: no finite prefix violates this property (it has no safety \
                 part, Def. 13)"
                    .into(),
            );
        }
    }
    if !p.extensions.is_empty() {
        b.push(extension_basis(p.knobs.extension, verdict));
    }
    b.push("confirmed on the unextended system by the explicit and the symbolic engine".into());
    b
}

fn ctl_basis(p: &Problem) -> Vec<String> {
    if p.knobs.extension == Mode::Free {
        let mut b = vec![
            "computed on the unextended system by the explicit and the symbolic \
                          engine (CTL over enabled actions is not interruptible in general, \
                          §4.2)"
                .to_string(),
        ];
        if !p.extensions.is_empty() {
            b.push(
                "§6.2 alphabet extension in the strong form of Lemma 8: the extended system \
                 is branching bisimilar to the unextended one with explicit divergence, \
                 fresh labels hidden, so every CTL formula over labelled modalities keeps \
                 its value (Def. 31)"
                    .into(),
            );
        }
        b
    } else {
        vec!["computed on the final system by the explicit and the symbolic engine".into()]
    }
}

fn manifest(p: &Problem, files: Vec<String>, extra: &[OutputFormat]) -> Manifest {
    let name = name_of(p);
    let names = |ls: &[Lb]| ls.iter().map(|&l| name(l)).collect::<Vec<_>>();
    // construction index -> final component name
    let mut comp_name = vec![String::new(); p.names.order.len()];
    for (i, &c) in p.names.order.iter().enumerate() {
        comp_name[c] = format!("component{i}");
    }
    let sys = &p.system;
    let trace = if p.extensions.is_empty() || p.knobs.extension == Mode::Free {
        "a trace of the system as it stands (the extensions never refuse it)"
    } else {
        "the system has a trace that is this lasso with fresh labels inserted"
    };
    let mut next_context = 1;
    let decompositions = p
        .steps
        .iter()
        .map(|s| {
            let d = DecompositionFacts {
                system: comp_name[s.component].clone(),
                context: comp_name[next_context].clone(),
                gamma: names(&s.gamma),
                red_transitions: s.red.len(),
                context_states: s.context_states,
            };
            next_context += 1;
            d
        })
        .collect();
    Manifest {
        generator: Generator::this(),
        knobs: p.knobs.clone(),
        formats: extra.iter().map(|&f| format_name(f)).collect(),
        files,
        system: SystemFacts {
            components: sys.components().len(),
            component_states: sys.components().iter().map(|c| c.num_states()).collect(),
            transitions: sys.components().iter().map(|c| c.transitions.len()).sum(),
            labels: sys.labels().len(),
            synchronised_labels: sys.labels().iter().filter(|l| l.is_synchronised()).count(),
            max_label_components: sys
                .labels()
                .iter()
                .map(|l| l.components.len())
                .max()
                .unwrap_or(0),
            core_labels: names(&p.core_labels),
            reachable_states: p.reachable.as_ref().map(|n| n.to_string()),
            reachable_states_basis: match &p.reachable {
                Some(_) if p.extensions.is_empty() => "explicit search".into(),
                Some(_) => "exact by construction: the unextended system's states (explicit \
                            search) times the states of each extension (§6.2, free)"
                    .into(),
                None => "not computed: count them with `ltsym reach`".into(),
            },
            unextended_reachable_states: p.unextended_states,
        },
        construction: Construction {
            base: BaseFacts {
                states: p.base_states,
                states_with_counterexamples: p.core_states,
                structural: p
                    .structural
                    .iter()
                    .map(|i| format!("( {} )", i.text(LTL, &name)))
                    .collect(),
            },
            decompositions,
            extensions: p
                .extensions
                .iter()
                .map(|e| ExtensionFacts {
                    component: comp_name[e.component].clone(),
                    grown: e.grown,
                    mode: p.knobs.extension,
                    gamma: names(&e.gamma),
                    fresh: names(&e.fresh),
                    states: e.states,
                })
                .collect(),
        },
        ltl: p
            .ltl
            .iter()
            .enumerate()
            .map(|(i, c)| LtlEntry {
                number: i as u32 + 1,
                formula: format!("( {} )", c.instance.text(LTL, &name)),
                pattern: LTL[c.instance.pattern].name,
                verdict: c.verdict,
                basis: ltl_basis(p, c),
                counterexample: c.counterexample.as_ref().map(|x| Counterexample {
                    prefix: names(&x.prefix),
                    cycle: names(&x.cycle),
                    handle: x.handle,
                    trace,
                }),
                depth: p.knobs.depth.and_then(|(m, n)| {
                    let k = c.counterexample.as_ref()?.violation_depth?;
                    Some(DepthFacts {
                        m,
                        n,
                        counterexample_violating_prefix: k,
                    })
                }),
            })
            .collect(),
        ctl: p
            .ctl
            .iter()
            .enumerate()
            .map(|(i, c)| CtlEntry {
                number: i as u32 + 1,
                formula: c.instance.text(CTL, &name),
                pattern: CTL[c.instance.pattern].name,
                verdict: c.verdict,
                basis: ctl_basis(p),
            })
            .collect(),
    }
}

fn side_facts(s: &Side, file: &str) -> SideFacts {
    let sys = &s.system;
    SideFacts {
        file: file.to_string(),
        components: sys.components().len(),
        component_states: sys.components().iter().map(|c| c.num_states()).collect(),
        transitions: sys.components().iter().map(|c| c.transitions.len()).sum(),
        labels: sys.labels().len(),
        reachable_states: s.reachable.as_ref().map(|n| n.to_string()),
        unextended_reachable_states: s.unextended_states,
        decompositions: s.decompositions,
        extensions: s.extensions.len(),
    }
}

fn bisim_manifest(t: &BisimTask, files: Vec<String>, extra: &[OutputFormat]) -> BisimManifest {
    let name = |l: Lb| t.a.names.label[l as usize].clone();
    let mut basis = vec![
        "each system is decomposed from its base LTS by modal contracts and refined to LTSs \
         (Thm. 6, Prop. 8, Def. 29): a refinement of an LTS is bisimilar to it"
            .to_string(),
        format!(
            "alphabet extensions ({}) keep weak bisimilarity to the unextended system with the \
             fresh labels hidden (Def. 52, Lemma 8, Thm. 9, Thm. 10)",
            match t.knobs.extension {
                Mode::Free => "free: Lemma 8",
                Mode::Cut => "cut points: Thm. 10",
                Mode::Divergent => "nonconvergent: Thm. 9",
            }
        ),
    ];
    basis.push(if t.bisimilar {
        "both systems come from the same base LTS, so each is weakly bisimilar to it".into()
    } else {
        "one base has a transition the other lacks that makes a new trace (the distinguishing \
         trace); weak bisimilarity keeps weak traces"
            .into()
    });
    BisimManifest {
        generator: Generator::this(),
        knobs: t.knobs.clone(),
        task: "weak bisimulation (thesis Def. 30): are a and b weakly bisimilar once every \
               label outside `visible` is hidden?",
        formats: extra.iter().map(|&f| format_name(f)).collect(),
        files,
        bisimilar: t.bisimilar,
        bisimilar_flag: t.forced,
        visible: t.visible.clone(),
        distinguishing_trace: t.trace.as_ref().map(|(w, in_a)| {
            let (yes, no) = if *in_a { ("a", "b") } else { ("b", "a") };
            DistinguishingTrace {
                trace: w.clone(),
                trace_of: format!("{yes}.dot"),
                not_trace_of: format!("{no}.dot"),
            }
        }),
        basis,
        base: BisimBase {
            states: t.base_states,
            structural: t
                .structural
                .iter()
                .map(|i| format!("( {} )", i.text(LTL, &name)))
                .collect(),
        },
        a: side_facts(&t.a, "a.dot"),
        b: side_facts(&t.b, "b.dot"),
    }
}
