//! Rebuilding the LTS network of a one-safe NUPN net (the net as read by [`super::pnml`]).
//!
//! NUPN (Garavel, "Nested-unit Petri nets", J. Log. Algebr. Methods Program. 2019): the places
//! are partitioned into *units* forming a tree, and in every reachable marking the marked places
//! lie in pairwise *disjoint* units: never two in one unit, never one in a unit and one in a
//! descendant of it (tokens in sibling subtrees coexist). The rebuild:
//!
//! * component = unit that owns places (in file order; the tree itself is not needed for the
//!   encoding, nested units are just more components); local state = which of its own places
//!   holds the token, named by the place id, plus a state `(none)` when the unit can be empty.
//!   A unit is *sequential* when it starts with exactly one token and every transition that
//!   touches it takes one token from it and puts one back: it is never empty and gets no
//!   `(none)` state. That is the whole of a RERS net, and the fast path: the system is the
//!   LTS network the net was made from.
//! * a Petri transition is one move over the units it touches, from the place it takes a token
//!   from (or `(none)`) to the place it puts one into (or `(none)`), see
//!   [`crate::model::net`] for why this is exact and what is checked on the reachable states;
//! * labels come from transition names ([`PnmlLabels`]). In the RERS nets of the MCC every
//!   transition is named `t_<n>_<label>`, and the transitions of one label are grouped into one
//!   label of the system (31,658 transitions of RERS 2020 pb103 are 42 labels); the empty label
//!   of `t_0_` (the step from the `p__start` places to the real start states) is silent, and
//!   silent transitions are grouped by the units they touch (never named, so unobservable).
//!   Elsewhere the name, normally unique, makes each transition its own label. A group whose
//!   tuples are exactly the product of its per-unit moves is a [`Sync::Product`] label (the RERS
//!   rule), otherwise it keeps its exact tuples; a transition of a group that does not touch
//!   one of the group's units stays there (its tuples get every `(s, s)` of that unit). The
//!   semantics is never changed.
//!
//! Errors name `file:line:column` of the element at fault.
//!
//! [`Sync::Product`]: crate::model::Sync

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::path::Path;

use super::pnml_net::{Net, PnmlLabels, Transition};
use crate::error::{Error, ParseError, Result};
use crate::model::{
    CompId, LabelId, MoveTuple, PetriNet, PetriTransition, Place, StateId, System, SystemBuilder,
};

/// A map keyed by ids and labels: FxHash (oxidd's), as an MCC net has over 100,000 arcs to
/// look up by their ends' ids and no key comes from an adversary that would need SipHash.
type IdMap<K, V> = HashMap<K, V, BuildHasherDefault<oxidd::util::FxHasher>>;

#[derive(Clone, Copy)]
enum Node {
    Place(usize),
    Transition(usize),
}

/// The MCC label of a transition name `t_<n>_<label>`, if it has that form.
pub(super) fn mcc_label(name: &str) -> Option<&str> {
    let rest = name.strip_prefix("t_")?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    rest[digits..].strip_prefix('_')
}

/// A transition's name text, or its id when it has no (or an empty) name.
fn transition_name<'a>(t: &'a Transition) -> &'a str {
    match t.name.as_deref().map(str::trim) {
        Some(n) if !n.is_empty() => n,
        _ => &t.id,
    }
}

/// An arc as the rebuild sorts them: by transition, unit, direction and place, so that the
/// arcs of a transition in one unit lie together, inputs first, and an arc given twice lies
/// next to its repeat.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct ArcEnd {
    transition: usize,
    unit: usize,
    out: bool,
    place: usize,
    /// The arc's index in the file.
    arc: usize,
}

/// The transitions of one label (or, for silent labels, of one set of units).
struct Group {
    name: String,
    /// Each transition's components and tuple.
    members: Vec<(Vec<CompId>, MoveTuple)>,
}

impl Group {
    fn same_units(&self) -> bool {
        self.members.windows(2).all(|w| w[0].0 == w[1].0)
    }
}

/// The transitions that fire grouped into labels as `mode` names them (`Mcc` or `Name`), and
/// the group of each transition.
fn group(
    net: &Net,
    petri: &[PetriTransition],
    mode: PnmlLabels,
    err: &dyn Fn(usize, String) -> Error,
) -> Result<(Vec<Group>, Vec<Option<usize>>)> {
    let mut groups: Vec<Group> = Vec::new();
    let mut named: IdMap<&str, usize> = IdMap::default();
    let mut silent: IdMap<Vec<CompId>, usize> = IdMap::default();
    let mut group_of: Vec<Option<usize>> = vec![None; net.transitions.len()];
    for (ti, (t, pt)) in net.transitions.iter().zip(petri).enumerate() {
        let name = transition_name(t);
        let label = match mode {
            PnmlLabels::Mcc => mcc_label(name).ok_or_else(|| {
                err(
                    t.pos,
                    format!(
                        "transition `{}` is named `{name}`, not `t_<number>_<label>` as \
                         `--pnml-labels mcc` needs",
                        t.id
                    ),
                )
            })?,
            _ => name,
        };
        if pt.moves.is_empty() {
            continue;
        }
        let comps: Vec<CompId> = pt.moves.iter().map(|m| m.0).collect();
        let tuple: MoveTuple = pt.moves.iter().map(|m| (m.1, m.2)).collect();
        let g = if label.is_empty() {
            *silent.entry(comps.clone()).or_insert_with(|| {
                groups.push(Group {
                    name: String::new(),
                    members: Vec::new(),
                });
                groups.len() - 1
            })
        } else {
            *named.entry(label).or_insert_with(|| {
                groups.push(Group {
                    name: label.to_string(),
                    members: Vec::new(),
                });
                groups.len() - 1
            })
        };
        groups[g].members.push((comps, tuple));
        group_of[ti] = Some(g);
    }
    Ok((groups, group_of))
}

/// At most this many move tuples per label when a label's transitions touch different units
/// and each keeps the others as they are.
const MAX_STAY_TUPLES: usize = 1 << 20;

pub(super) fn build(
    net: &Net,
    text: &str,
    file: &Path,
    labels: PnmlLabels,
) -> Result<(System, PetriNet)> {
    let err = |pos: usize, msg: String| Error::Parse(ParseError::at(file, text, pos, msg));
    let Some(nupn) = &net.nupn else {
        return Err(err(
            net.pos,
            "not a NUPN net: ltsym needs the units to rebuild the LTSs \
             (no <toolspecific tool=\"nupn\"> block)"
                .to_string(),
        ));
    };

    // Node ids.
    let mut nodes: IdMap<&str, Node> = IdMap::with_capacity_and_hasher(
        net.places.len() + net.transitions.len(),
        Default::default(),
    );
    for (i, p) in net.places.iter().enumerate() {
        if nodes.insert(&p.id, Node::Place(i)).is_some() {
            return Err(err(p.pos, format!("id `{}` is used twice", p.id)));
        }
    }
    for (i, t) in net.transitions.iter().enumerate() {
        if nodes.insert(&t.id, Node::Transition(i)).is_some() {
            return Err(err(t.pos, format!("id `{}` is used twice", t.id)));
        }
    }

    // The unit tree.
    let mut unit_ids: IdMap<&str, usize> = IdMap::default();
    for (i, u) in nupn.units.iter().enumerate() {
        if unit_ids.insert(&u.id, i).is_some() {
            return Err(err(u.pos, format!("unit `{}` is declared twice", u.id)));
        }
    }
    let root_id = nupn.root.as_deref().unwrap_or_default();
    let Some(&root) = unit_ids.get(root_id) else {
        return Err(err(
            nupn.pos,
            format!("the NUPN root unit `{root_id}` is not declared"),
        ));
    };
    let mut parent: Vec<Option<usize>> = vec![None; nupn.units.len()];
    for (i, u) in nupn.units.iter().enumerate() {
        for s in &u.subunits {
            let Some(&j) = unit_ids.get(s.as_str()) else {
                return Err(err(
                    u.pos,
                    format!("unit `{}` names an undeclared subunit `{s}`", u.id),
                ));
            };
            if j == root || parent[j].is_some() {
                return Err(err(
                    u.pos,
                    format!("unit `{s}` is a subunit twice (the units must form a tree)"),
                ));
            }
            parent[j] = Some(i);
        }
    }
    for (i, u) in nupn.units.iter().enumerate() {
        // Every unit must lead up to the root (a cycle never does).
        let mut v = i;
        let mut steps = 0;
        while v != root {
            match parent[v] {
                Some(p) if steps <= nupn.units.len() => v = p,
                _ => {
                    return Err(err(
                        u.pos,
                        format!("unit `{}` is not below the root unit `{root_id}`", u.id),
                    ))
                }
            }
            steps += 1;
        }
    }

    // Places: their unit, and the initial marking (at most one token per place and per unit
    // with its descendants, as the NUPN claims).
    let mut unit_of: Vec<Option<usize>> = vec![None; net.places.len()];
    let mut unit_places: Vec<Vec<usize>> = vec![Vec::new(); nupn.units.len()];
    for (ui, u) in nupn.units.iter().enumerate() {
        for pid in &u.places {
            let p = match nodes.get(pid.as_str()) {
                Some(&Node::Place(p)) => p,
                _ => {
                    return Err(err(
                        u.pos,
                        format!("unit `{}` lists `{pid}`, which is not a place", u.id),
                    ))
                }
            };
            if let Some(u0) = unit_of[p] {
                return Err(err(
                    u.pos,
                    format!(
                        "place `{pid}` is in unit `{}` and again in unit `{}`",
                        nupn.units[u0].id, u.id
                    ),
                ));
            }
            unit_of[p] = Some(ui);
            unit_places[ui].push(p);
        }
    }
    // The marked places: at most one token per place, and no two tokens in one unit or in a
    // unit and one of its ancestors (the NUPN's claim; tokens in sibling subtrees coexist).
    let mut marked_in: Vec<Option<usize>> = vec![None; nupn.units.len()];
    for (p, place) in net.places.iter().enumerate() {
        let Some(u) = unit_of[p] else {
            return Err(err(
                place.pos,
                format!("place `{}` is in no NUPN unit", place.id),
            ));
        };
        match place.marking {
            0 => {}
            1 => {
                if let Some(other) = marked_in[u] {
                    return Err(err(
                        place.marking_pos,
                        format!(
                            "unit `{}` holds two tokens initially, on `{}` and `{}`: a NUPN \
                             unit holds at most one (the net is not one-safe under its units)",
                            nupn.units[u].id, net.places[other].id, place.id
                        ),
                    ));
                }
                marked_in[u] = Some(p);
            }
            m => {
                return Err(err(
                    place.marking_pos,
                    format!(
                        "place `{}` has initial marking {m}: ltsym reads one-safe nets only",
                        place.id
                    ),
                ))
            }
        }
    }
    for (u, marked) in marked_in.iter().enumerate() {
        let Some(p) = *marked else { continue };
        let mut v = parent[u];
        while let Some(a) = v {
            if let Some(q) = marked_in[a] {
                return Err(err(
                    net.places[p].marking_pos,
                    format!(
                        "unit `{}` and its ancestor unit `{}` both hold a token initially, on \
                         `{}` and `{}`: a NUPN unit and its subunits hold at most one (the net \
                         is not one-safe under its units)",
                        nupn.units[u].id, nupn.units[a].id, net.places[p].id, net.places[q].id
                    ),
                ));
            }
            v = parent[a];
        }
    }

    // Arcs, sorted (see `ArcEnd`).
    let mut arcs: Vec<ArcEnd> = Vec::with_capacity(net.arcs.len());
    let mut bad_arc = None;
    for (ai, a) in net.arcs.iter().enumerate() {
        let node = |id: &str, what: &str| match nodes.get(id) {
            Some(&n) => Ok(n),
            None => Err(err(
                a.pos,
                format!(
                    "arc `{}`: its {what} `{id}` is not a place or transition of the net",
                    a.id
                ),
            )),
        };
        let joined = node(&a.source, "source").and_then(|s| {
            Ok(match (s, node(&a.target, "target")?) {
                (Node::Place(p), Node::Transition(t)) => (p, t, false),
                (Node::Transition(t), Node::Place(p)) => (p, t, true),
                _ => {
                    return Err(err(
                        a.pos,
                        format!(
                            "arc `{}` joins `{}` to `{}`: an arc joins a place and a transition",
                            a.id, a.source, a.target
                        ),
                    ))
                }
            })
        });
        match joined {
            Ok((place, transition, out)) => arcs.push(ArcEnd {
                transition,
                unit: unit_of[place].unwrap_or_default(),
                out,
                place,
                arc: ai,
            }),
            Err(e) => {
                bad_arc = Some(e);
                break;
            }
        }
    }
    arcs.sort_unstable();
    // The first arc in the file that repeats an earlier one (all before a bad arc, if any).
    let repeat = arcs
        .windows(2)
        .filter(|w| {
            (w[0].transition, w[0].out, w[0].place) == (w[1].transition, w[1].out, w[1].place)
        })
        .map(|w| (w[1].arc, w[0].arc))
        .min();
    if let Some((ai, other)) = repeat {
        // sorted by arc within a run, so `other` is the first arc of the run
        let (a, first) = (&net.arcs[ai], &net.arcs[other]);
        return Err(err(
            a.pos,
            format!(
                "arc `{}` repeats arc `{}` from `{}` to `{}`: ltsym reads nets whose arcs \
                 all have weight 1",
                a.id, first.id, a.source, a.target
            ),
        ));
    }
    if let Some(e) = bad_arc {
        return Err(e);
    }

    // What each transition does per unit (its runs of `arcs`), and which units are
    // sequential.
    let mut per_unit: Vec<&[ArcEnd]> = Vec::new();
    let mut unit_runs: Vec<std::ops::Range<usize>> = vec![0..0; net.transitions.len()];
    let mut sequential: Vec<bool> = marked_in.iter().map(Option::is_some).collect();
    for run in arcs.chunk_by(|x, y| x.transition == y.transition) {
        let start = per_unit.len();
        for unit in run.chunk_by(|x, y| x.unit == y.unit) {
            let ins = unit.iter().filter(|x| !x.out).count();
            if ins != 1 || unit.len() - ins != 1 {
                sequential[unit[0].unit] = false;
            }
            per_unit.push(unit);
        }
        unit_runs[run[0].transition] = start..per_unit.len();
    }
    if let Some(t) = unit_runs.iter().position(|r| r.is_empty()) {
        return Err(err(
            net.transitions[t].pos,
            format!(
                "transition `{}` has no arcs: ltsym needs every transition to touch a unit",
                net.transitions[t].id
            ),
        ));
    }

    // Components: the units owning places, in file order.
    let mut b = SystemBuilder::new();
    let mut comp_of_unit: Vec<Option<CompId>> = vec![None; nupn.units.len()];
    let mut state_of: Vec<StateId> = vec![0; net.places.len()];
    let mut empty_state: Vec<Option<StateId>> = Vec::new();
    let mut unit_of_comp: Vec<usize> = Vec::new();
    for (ui, u) in nupn.units.iter().enumerate() {
        if u.places.is_empty() {
            continue;
        }
        let c = b.add_component(&u.id);
        comp_of_unit[ui] = Some(c);
        unit_of_comp.push(ui);
        for &p in &unit_places[ui] {
            let s = b
                .add_state(c, &net.places[p].id)
                .map_err(|m| err(u.pos, m))?;
            state_of[p] = s;
            if net.places[p].marking == 1 {
                b.set_start(c, s);
            }
        }
        let empty = (!sequential[ui]).then(|| b.add_fresh_state(c, "(none)"));
        if let Some(e) = empty {
            if b.start(c).is_none() {
                b.set_start(c, e);
            }
        }
        empty_state.push(empty);
    }
    let comp = |u: usize| comp_of_unit[u].expect("a unit with places is a component");

    // Each transition's move tuple (or none), then the groups of one label.
    let mut petri: Vec<PetriTransition> = Vec::with_capacity(net.transitions.len());
    for (ti, t) in net.transitions.iter().enumerate() {
        let mut pre: Vec<usize> = Vec::new();
        let mut post: Vec<usize> = Vec::new();
        let mut moves = Vec::new();
        let mut fires = true;
        for unit in &per_unit[unit_runs[ti].clone()] {
            let (ins, outs) = unit.split_at(unit.iter().filter(|x| !x.out).count());
            pre.extend(ins.iter().map(|x| x.place));
            post.extend(outs.iter().map(|x| x.place));
            let c = comp(unit[0].unit);
            let none = empty_state[c];
            let end = |ps: &[ArcEnd]| match ps {
                [] => none,
                [p] => Some(state_of[p.place]),
                _ => None,
            };
            match (end(ins), end(outs)) {
                (Some(from), Some(to)) => moves.push((c, from, to)),
                _ => fires = false,
            }
        }
        pre.sort_unstable();
        post.sort_unstable();
        if !fires {
            moves.clear();
        }
        petri.push(PetriTransition {
            id: t.id.to_string(),
            pre,
            post,
            label: None,
            moves,
        });
    }
    // In auto mode, MCC names group transitions only when each label's transitions touch the
    // same units, as in the RERS nets: other nets with names of that form (`t_0_1`) number
    // their transitions, they do not label them.
    let (groups, group_of) = match labels {
        PnmlLabels::Auto => {
            let all_mcc = net
                .transitions
                .iter()
                .all(|t| mcc_label(transition_name(t)).is_some());
            let mcc = if all_mcc && !net.transitions.is_empty() {
                Some(group(net, &petri, PnmlLabels::Mcc, &err)?)
            } else {
                None
            };
            match mcc {
                Some((g, of)) if g.iter().all(Group::same_units) => (g, of),
                _ => group(net, &petri, PnmlLabels::Name, &err)?,
            }
        }
        m => group(net, &petri, m, &err)?,
    };

    // Each group becomes a product label when it is one, else an exact tuple label.
    let num_states: Vec<StateId> = (0..unit_of_comp.len())
        .map(|c| {
            let u = &nupn.units[unit_of_comp[c]];
            (u.places.len() + usize::from(empty_state[c].is_some())) as StateId
        })
        .collect();
    let mut silent_ids: Vec<Option<LabelId>> = vec![None; groups.len()];
    for (gi, g) in groups.iter().enumerate() {
        let mut comps: Vec<CompId> = g.members.iter().flat_map(|m| m.0.clone()).collect();
        comps.sort_unstable();
        comps.dedup();
        let mut tuples: Vec<Vec<(StateId, StateId)>> = Vec::new();
        for (mc, mt) in &g.members {
            if *mc == comps {
                tuples.push(mt.clone());
                continue;
            }
            // The transition leaves the group's other units as they are: every (s, s) there.
            let mut partial: Vec<Vec<(StateId, StateId)>> = vec![Vec::new()];
            for &c in &comps {
                let choices: Vec<(StateId, StateId)> = match mc.iter().position(|&x| x == c) {
                    Some(i) => vec![mt[i]],
                    None => (0..num_states[c]).map(|s| (s, s)).collect(),
                };
                partial = partial
                    .into_iter()
                    .flat_map(|t| {
                        choices.iter().map(move |&m| {
                            let mut t = t.clone();
                            t.push(m);
                            t
                        })
                    })
                    .collect();
            }
            tuples.extend(partial);
            if tuples.len() > MAX_STAY_TUPLES {
                return Err(Error::invalid(
                    file,
                    format!(
                        "label `{}`: its transitions touch different units, and leaving the \
                         other units as they are takes over {MAX_STAY_TUPLES} move tuples; \
                         `--pnml-labels name` makes each transition its own label",
                        g.name
                    ),
                ));
            }
        }
        tuples.sort_unstable();
        tuples.dedup();
        let mut product: u128 = 1;
        let mut local: Vec<Vec<(StateId, StateId)>> = Vec::with_capacity(comps.len());
        for i in 0..comps.len() {
            let mut moves: Vec<(StateId, StateId)> = tuples.iter().map(|t| t[i]).collect();
            moves.sort_unstable();
            moves.dedup();
            product = product.saturating_mul(moves.len() as u128);
            local.push(moves);
        }
        // The distinct tuples are a subset of the product of their projections: equal counts
        // mean equal sets.
        if product == tuples.len() as u128 {
            if g.name.is_empty() {
                let moves: Vec<(CompId, StateId, StateId)> = comps
                    .iter()
                    .zip(&local)
                    .flat_map(|(&c, m)| m.iter().map(move |&(f, t)| (c, f, t)))
                    .collect();
                silent_ids[gi] = Some(b.add_silent_product_label(&moves));
            } else {
                for (&c, moves) in comps.iter().zip(&local) {
                    for &(from, to) in moves {
                        b.add_transition(c, from, &g.name, to);
                    }
                }
            }
        } else {
            let l = b.add_tuple_label(&g.name, comps, tuples).map_err(|m| {
                // at the group's first transition
                let first = group_of.iter().position(|&x| x == Some(gi));
                err(first.map_or(net.pos, |ti| net.transitions[ti].pos), m)
            })?;
            if g.name.is_empty() {
                silent_ids[gi] = Some(l);
            }
        }
    }
    // checks of the whole system (the ones above are more precise): at the <net>
    let sys = b.build().map_err(|m| err(net.pos, m))?;
    for (ti, t) in petri.iter_mut().enumerate() {
        if let Some(g) = group_of[ti] {
            let name = &groups[g].name;
            t.label = if name.is_empty() {
                silent_ids[g]
            } else {
                sys.label_id(name)
            };
            debug_assert!(t.label.is_some());
        }
    }
    let places = net
        .places
        .iter()
        .enumerate()
        .map(|(p, place)| Place {
            id: place.id.to_string(),
            comp: comp(unit_of[p].expect("every place is in a unit")),
            state: state_of[p],
        })
        .collect();
    Ok((sys, PetriNet::new(places, petri, empty_state)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mcc_labels() {
        assert_eq!(mcc_label("t_23708_l20"), Some("l20"));
        assert_eq!(mcc_label("t_14231_a9_SIGCONT"), Some("a9_SIGCONT"));
        assert_eq!(mcc_label("t_0_"), Some(""));
        assert_eq!(mcc_label("t_0"), None);
        assert_eq!(mcc_label("t__x"), None);
        assert_eq!(mcc_label("s_1_x"), None);
    }
}
