//! The meaning of an EXP behaviour: its `.aut` files read, hidden and renamed, and composed by
//! synchronisation vectors or label sets into a [`System`] (the rules are in `exp/mod.rs`).

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::rc::Rc;

use super::syntax::{first_offset, Beh, ExpParser, Name, Vector, INTERNAL};
use crate::error::{Error, Result};
use crate::model::{product_tuples, CompId, MoveTuple, StateId, System, SystemBuilder};
use crate::parse::aut::{self, AutLts};

/// Tuples a label given by several vectors may expand to before ltsym gives up.
const MAX_TUPLES: usize = 10_000_000;

// ---------------------------------------------------------------------------------------------
// Meaning
// ---------------------------------------------------------------------------------------------

/// One component: its `.aut` file's LTS after the hiding and renaming around it.
struct Branch {
    name: String,
    lts: AutLts,
}

/// A kind of step of the network: `label` (`None`: silent) by the components of `parts`
/// together, each on one of its listed local moves.
struct Event {
    label: Option<String>,
    parts: Vec<(CompId, Vec<(StateId, StateId)>)>,
    /// Where it was written, for errors.
    offset: usize,
}

/// A hiding (the labels hidden) or a renaming (old label to new), applied to step labels.
enum Relabel<'a> {
    Hide(HashSet<&'a str>),
    /// Each renamed label to its new name (`None`: the internal action), stored once.
    Rename(HashMap<&'a str, Option<Rc<str>>>),
}

pub(super) struct Network<'p, 'a> {
    pub(super) p: &'p ExpParser<'a>,
}

impl Network<'_, '_> {
    fn err(&self, offset: usize, msg: impl Into<String>) -> Error {
        self.p.err_at(offset, msg)
    }

    fn hiding<'n>(&self, names: &'n [Name]) -> Result<Relabel<'n>> {
        if let Some((_, off)) = names.iter().find(|(n, _)| n == INTERNAL) {
            return Err(self.err(*off, "the internal action `i` is hidden already"));
        }
        Ok(Relabel::Hide(
            names.iter().map(|(n, _)| n.as_str()).collect(),
        ))
    }

    fn renaming<'n>(&self, pairs: &'n [(Name, Name)]) -> Result<Relabel<'n>> {
        let mut map = HashMap::new();
        for ((from, off), (to, _)) in pairs {
            if from == INTERNAL {
                return Err(self.err(*off, "the internal action `i` cannot be renamed"));
            }
            let to = (to != INTERNAL).then(|| Rc::from(to.as_str()));
            if map.insert(from.as_str(), to).is_some() {
                return Err(self.err(*off, format!("`{from}` is renamed twice")));
            }
        }
        Ok(Relabel::Rename(map))
    }

    /// A step label after `op`; `None` is silent.
    fn relabel(label: Option<Rc<str>>, op: &Relabel) -> Option<Rc<str>> {
        let l = label?;
        match op {
            Relabel::Hide(names) => (!names.contains(&*l)).then_some(l),
            Relabel::Rename(map) => match map.get(&*l) {
                Some(to) => to.clone(),
                None => Some(l),
            },
        }
    }

    /// Reads a branch: an `.aut` file, with the hiding and renaming around it.
    fn branch(&self, beh: &Beh) -> Result<Branch> {
        match beh {
            Beh::File((name, _)) => {
                let dir = self.p.file.parent().unwrap_or(Path::new(""));
                let path: PathBuf = dir.join(name);
                let lts = aut::read_lts(&path)?;
                let stem = Path::new(name)
                    .file_stem()
                    .and_then(|s| s.to_str())
                    .unwrap_or(name)
                    .to_string();
                Ok(Branch { name: stem, lts })
            }
            Beh::Hide(names, body) => {
                let op = self.hiding(names)?;
                let mut b = self.branch(body)?;
                for t in &mut b.lts.transitions {
                    t.1 = Self::relabel(t.1.take(), &op);
                }
                Ok(b)
            }
            Beh::Rename(pairs, body) => {
                let op = self.renaming(pairs)?;
                let mut b = self.branch(body)?;
                for t in &mut b.lts.transitions {
                    t.1 = Self::relabel(t.1.take(), &op);
                }
                Ok(b)
            }
            Beh::VectorPar { vectors, .. } => Err(self.err(
                vectors.first().map_or(0, |v| v.offset),
                "a composition inside a composition is outside the EXP subset ltsym reads",
            )),
            Beh::LntPar { branches, .. } => Err(self.err(
                branches.first().map_or(0, |b| first_offset(&b.1)),
                "a composition inside a composition is outside the EXP subset ltsym reads",
            )),
        }
    }

    /// The local moves of `b` on `label`.
    fn moves(b: &Branch, label: &str) -> Vec<(StateId, StateId)> {
        let mut m: Vec<(StateId, StateId)> = b
            .lts
            .transitions
            .iter()
            .filter(|t| t.1.as_deref() == Some(label))
            .map(|t| (t.0, t.2))
            .collect();
        m.sort_unstable();
        m.dedup();
        m
    }

    /// Each branch's silent transitions, one local silent event per branch.
    fn silent_events(branches: &[Branch]) -> Vec<Event> {
        branches
            .iter()
            .enumerate()
            .filter_map(|(c, b)| {
                let moves: Vec<(StateId, StateId)> = b
                    .lts
                    .transitions
                    .iter()
                    .filter(|t| t.1.is_none())
                    .map(|t| (t.0, t.2))
                    .collect();
                (!moves.is_empty()).then(|| Event {
                    label: None,
                    parts: vec![(c, moves)],
                    offset: 0,
                })
            })
            .collect()
    }

    fn vector_events(&self, vectors: &[Vector], branches: &[Branch]) -> Result<Vec<Event>> {
        let mut used: Vec<HashSet<&str>> = vec![HashSet::new(); branches.len()];
        let mut events = Self::silent_events(branches);
        for v in vectors {
            if v.entries.len() != branches.len() {
                return Err(self.err(
                    v.offset,
                    format!(
                        "this vector has {} entries but the composition has {} behaviours",
                        v.entries.len(),
                        branches.len()
                    ),
                ));
            }
            let mut parts = Vec::new();
            for (c, e) in v.entries.iter().enumerate() {
                if let Some((l, off)) = e {
                    if l == INTERNAL {
                        return Err(self.err(
                            *off,
                            "the internal action `i` is never synchronised: it cannot be a \
                             vector entry",
                        ));
                    }
                    used[c].insert(l.as_str());
                    parts.push((c, Self::moves(&branches[c], l)));
                }
            }
            if parts.is_empty() {
                return Err(self.err(v.offset, "a vector of `_` only takes no step"));
            }
            let (r, _) = &v.result;
            events.push(Event {
                label: (r != INTERNAL).then(|| r.clone()),
                parts,
                offset: v.offset,
            });
        }
        for (c, b) in branches.iter().enumerate() {
            let labels: BTreeSet<&str> = b
                .lts
                .transitions
                .iter()
                .filter_map(|t| t.1.as_deref())
                .collect();
            for l in labels {
                if !used[c].contains(l) {
                    log::warn!(
                        "{}: label `{l}` of `{}` is in no synchronisation vector: its \
                         transitions never fire",
                        self.p.file.display(),
                        b.name
                    );
                }
            }
        }
        Ok(events)
    }

    fn lnt_events(
        &self,
        sync: &[Name],
        interfaces: &[&[Name]],
        branches: &[Branch],
        offset: usize,
    ) -> Result<Vec<Event>> {
        let mut events = Self::silent_events(branches);
        let has: Vec<BTreeSet<&str>> = branches
            .iter()
            .map(|b| {
                b.lts
                    .transitions
                    .iter()
                    .filter_map(|t| t.1.as_deref())
                    .collect()
            })
            .collect();
        let global: HashSet<&str> = sync.iter().map(|(n, _)| n.as_str()).collect();
        let all: BTreeSet<&str> = has.iter().flatten().copied().collect();
        for (n, off) in sync.iter().chain(interfaces.iter().flat_map(|i| i.iter())) {
            if n == INTERNAL {
                return Err(self.err(*off, "the internal action `i` is never synchronised"));
            }
        }
        for l in all {
            let holders: Vec<CompId> = (0..branches.len())
                .filter(|&c| has[c].contains(l))
                .collect();
            let listing: Vec<CompId> = (0..branches.len())
                .filter(|&c| interfaces[c].iter().any(|(n, _)| n == l))
                .collect();
            let parts: Vec<CompId> = if global.contains(l) {
                (0..branches.len()).collect()
            } else if !listing.is_empty() {
                if let Some(&free) = holders.iter().find(|c| !listing.contains(c)) {
                    return Err(self.err(
                        offset,
                        format!(
                            "label `{l}` synchronises the behaviours that list it but also \
                             runs alone in `{}`: ltsym's systems give a label one set of \
                             components",
                            branches[free].name
                        ),
                    ));
                }
                listing
            } else if holders.len() == 1 {
                holders.clone()
            } else {
                return Err(self.err(
                    offset,
                    format!(
                        "label `{l}` is in no synchronisation set but `{}` and `{}` both have \
                         it: ltsym's systems cannot interleave two components' steps of one \
                         label name",
                        branches[holders[0]].name, branches[holders[1]].name
                    ),
                ));
            };
            events.push(Event {
                label: Some(l.to_string()),
                parts: parts
                    .iter()
                    .map(|&c| (c, Self::moves(&branches[c], l)))
                    .collect(),
                offset,
            });
        }
        Ok(events)
    }

    pub(super) fn build(&self, beh: Beh) -> Result<System> {
        // The hiding and renaming around the composition, outermost first.
        let mut around: Vec<Relabel> = Vec::new();
        let mut inner = &beh;
        loop {
            match inner {
                Beh::Hide(n, b) => {
                    around.push(self.hiding(n)?);
                    inner = b;
                }
                Beh::Rename(p, b) => {
                    around.push(self.renaming(p)?);
                    inner = b;
                }
                _ => break,
            }
        }
        let (branches, mut events) = match inner {
            Beh::VectorPar { vectors, branches } => {
                let bs = branches
                    .iter()
                    .map(|b| self.branch(b))
                    .collect::<Result<Vec<_>>>()?;
                let ev = self.vector_events(vectors, &bs)?;
                (bs, ev)
            }
            Beh::LntPar { sync, branches } => {
                let bs = branches
                    .iter()
                    .map(|(_, b)| self.branch(b))
                    .collect::<Result<Vec<_>>>()?;
                let interfaces: Vec<&[Name]> = branches.iter().map(|(i, _)| i.as_slice()).collect();
                let offset = branches.first().map_or(0, |b| first_offset(&b.1));
                let ev = self.lnt_events(sync, &interfaces, &bs, offset)?;
                (bs, ev)
            }
            // a single file: a system of one component
            _ => {
                let b = self.branch(&beh)?;
                around.clear();
                let bs = vec![b];
                let none: &[Name] = &[];
                let ev = self.lnt_events(&[], &[none], &bs, first_offset(&beh))?;
                (bs, ev)
            }
        };
        for op in around.iter().rev() {
            for e in &mut events {
                e.label = Self::relabel(e.label.take().map(Rc::from), op).map(|l| l.to_string());
            }
        }
        // An event with a component that has no move on it never fires.
        events.retain(|e| {
            let stuck = e.parts.iter().find(|(_, m)| m.is_empty());
            if let (Some((c, _)), Some(l)) = (stuck, &e.label) {
                log::warn!(
                    "{}: label `{l}` never fires: `{}` has no transition on its part of it",
                    self.p.file.display(),
                    branches[*c].name
                );
            }
            stuck.is_none()
        });

        let mut b = SystemBuilder::new();
        for br in &branches {
            let c = b.add_component(&br.name);
            aut::add_states(&mut b, c, &br.lts);
        }
        let mut by_label: BTreeMap<&str, Vec<&Event>> = BTreeMap::new();
        for e in &events {
            match &e.label {
                Some(l) => by_label.entry(l).or_default().push(e),
                None if e.parts.len() == 1 => {
                    let (c, moves) = &e.parts[0];
                    for &(from, to) in moves {
                        b.add_transition(*c, from, "", to);
                    }
                }
                None => {
                    let moves: Vec<(CompId, StateId, StateId)> = e
                        .parts
                        .iter()
                        .flat_map(|(c, m)| m.iter().map(move |&(f, t)| (*c, f, t)))
                        .collect();
                    b.add_silent_product_label(&moves);
                }
            }
        }
        for (label, evs) in by_label {
            let comps: Vec<CompId> = evs[0].parts.iter().map(|p| p.0).collect();
            if let Some(other) = evs
                .iter()
                .find(|e| e.parts.iter().map(|p| p.0).ne(comps.iter().copied()))
            {
                let names = |cs: &mut dyn Iterator<Item = CompId>| {
                    cs.map(|c| branches[c].name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                return Err(self.err(
                    other.offset,
                    format!(
                        "label `{label}` is the result of steps of {{{}}} and of {{{}}}: ltsym's \
                         systems give a label one set of components",
                        names(&mut comps.iter().copied()),
                        names(&mut other.parts.iter().map(|p| p.0))
                    ),
                ));
            }
            let same = evs
                .iter()
                .all(|e| e.parts.iter().zip(&evs[0].parts).all(|(x, y)| x.1 == y.1));
            if same {
                for (c, moves) in &evs[0].parts {
                    for &(from, to) in moves {
                        b.add_transition(*c, from, label, to);
                    }
                }
                continue;
            }
            // Several vectors: the union of their products.
            let mut total = 0usize;
            for e in &evs {
                let n = e
                    .parts
                    .iter()
                    .fold(1usize, |n, p| n.saturating_mul(p.1.len()));
                total = total.saturating_add(n);
            }
            if total > MAX_TUPLES {
                return Err(self.err(
                    evs[1].offset,
                    format!(
                        "label `{label}`: its vectors give {total} combinations of local moves, \
                         more than ltsym expands ({MAX_TUPLES})"
                    ),
                ));
            }
            let mut tuples: BTreeSet<MoveTuple> = BTreeSet::new();
            for e in &evs {
                let local: Vec<Vec<(StateId, StateId)>> =
                    e.parts.iter().map(|(_, m)| m.clone()).collect();
                tuples.extend(product_tuples(&local));
            }
            let projections: Vec<BTreeSet<(StateId, StateId)>> = (0..comps.len())
                .map(|i| tuples.iter().map(|t| t[i]).collect())
                .collect();
            let product = projections
                .iter()
                .fold(1usize, |n, p| n.saturating_mul(p.len()));
            if product == tuples.len() {
                for (i, &c) in comps.iter().enumerate() {
                    for &(from, to) in &projections[i] {
                        b.add_transition(c, from, label, to);
                    }
                }
            } else {
                b.add_tuple_label(label, comps.clone(), tuples.into_iter().collect())
                    .map_err(|m| Error::invalid(self.p.file, m))?;
            }
        }
        b.build().map_err(|m| Error::invalid(self.p.file, m))
    }
}
