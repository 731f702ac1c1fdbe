//! The system model: a parallel composition of labeled transition systems (LTSs).
//!
//! A [`System`] is a list of components ([`Lts`]) over one interned label alphabet. A label `l`
//! can fire iff every component whose alphabet contains `l` can move on `l` from its current
//! state; those components move together, all others stay (the RERS rule). One label fires per
//! step.
//!
//! How a label's components move together is given by its [`Sync`]:
//! * [`Sync::Product`]: every combination of the participating components' local `l`-moves is a
//!   global move. This is the RERS rule, and what `.dot` and Promela inputs always give.
//! * [`Sync::Tuples`]: an explicit list of synchronised move tuples, one local move per
//!   participating component. A Petri net whose transitions of one label are not exactly the
//!   product of their local moves keeps its exact semantics this way.
//!
//! Labels with an empty name are *silent*: RERS 2016 calls them automaton-internal, never
//! synchronised with another component. Each is its own label (several may share the empty
//! name), and no formula atom can name one. A RERS start marker (an empty-labelled edge out of a
//! dummy node) is **not** a silent transition: readers drop it and record its target as the start
//! state; [`System::with_start_steps`] puts it back as a real silent step where a semantics needs it.

mod bitcode;
pub mod factor;
pub mod net;

pub use net::{PetriNet, PetriTransition, Place};

use std::collections::HashMap;

use num_bigint::BigUint;

/// Index of a local state within its component.
pub type StateId = u32;
/// Index of a component within its system.
pub type CompId = usize;
/// Index of a label within its system.
pub type LabelId = usize;
/// One synchronised move: a `(from, to)` per participating component.
pub type MoveTuple = Vec<(StateId, StateId)>;

/// Every combination of one move from each list: the synchronised moves of a product label
/// whose participants have these local moves (`local[i]` for its `i`-th component).
pub fn product_tuples(local: &[Vec<(StateId, StateId)>]) -> Vec<MoveTuple> {
    let mut acc: Vec<MoveTuple> = vec![Vec::new()];
    for moves in local {
        acc = acc
            .iter()
            .flat_map(|prefix| {
                moves.iter().map(move |&m| {
                    let mut t = prefix.clone();
                    t.push(m);
                    t
                })
            })
            .collect();
    }
    acc
}

/// A local transition of one component.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Transition {
    pub from: StateId,
    pub label: LabelId,
    pub to: StateId,
}

/// One component of the system.
#[derive(Clone, Debug)]
pub struct Lts {
    /// The name given in the input (e.g. `component3`, `Proc3`, `ucomponent3`).
    pub name: String,
    /// Names of the local states; a state's index is its [`StateId`].
    pub states: Vec<String>,
    pub start: StateId,
    /// Local transitions, sorted and without duplicates. For a [`Sync::Tuples`] label these are
    /// the projections of its tuples.
    pub transitions: Vec<Transition>,
    /// The labels this component takes part in, ascending.
    pub alphabet: Vec<LabelId>,
}

impl Lts {
    pub fn num_states(&self) -> usize {
        self.states.len()
    }
}

/// How the participating components of a label move together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sync {
    /// All combinations of the components' local moves (the RERS rule).
    Product,
    /// Exactly these tuples: `tuple[i]` is the `(from, to)` move of `Label::components[i]`.
    /// Sorted, without duplicates.
    Tuples(Vec<Vec<(StateId, StateId)>>),
}

#[derive(Clone, Debug)]
pub struct Label {
    /// The label's name; empty for a silent (automaton-internal) label.
    pub name: String,
    /// The components whose alphabet contains the label, ascending.
    pub components: Vec<CompId>,
    pub sync: Sync,
    /// `local[i]`: the `(from, to)` moves of `components[i]` on this label, sorted.
    pub local: Vec<Vec<(StateId, StateId)>>,
}

impl Label {
    pub fn is_silent(&self) -> bool {
        self.name.is_empty()
    }

    /// A label shared by more than one component.
    pub fn is_synchronised(&self) -> bool {
        self.components.len() > 1
    }

    /// The name as printed in traces: silent labels print as `""`.
    pub fn display_name(&self) -> &str {
        if self.name.is_empty() {
            "\"\""
        } else {
            &self.name
        }
    }
}

/// A parallel system of LTSs. Build one with [`SystemBuilder`].
#[derive(Clone, Debug)]
pub struct System {
    components: Vec<Lts>,
    labels: Vec<Label>,
    by_name: HashMap<String, LabelId>,
}

impl System {
    pub fn components(&self) -> &[Lts] {
        &self.components
    }

    pub fn component(&self, c: CompId) -> &Lts {
        &self.components[c]
    }

    pub fn labels(&self) -> &[Label] {
        &self.labels
    }

    pub fn label(&self, l: LabelId) -> &Label {
        &self.labels[l]
    }

    /// The label with this (non-empty) name.
    pub fn label_id(&self, name: &str) -> Option<LabelId> {
        self.by_name.get(name).copied()
    }

    /// The start state vector.
    pub fn initial_state(&self) -> Vec<StateId> {
        self.components.iter().map(|c| c.start).collect()
    }

    /// The product of the component sizes: an upper bound on the reachable states.
    pub fn product_size(&self) -> BigUint {
        self.components.iter().map(|c| c.num_states()).product()
    }

    /// The same system with each component's start marker turned into a real step: every
    /// component begins in a fresh state `start` and reaches its old start state by a silent,
    /// local step. This is the RERS 2016 reading, where empty labels are trace letters.
    pub fn with_start_steps(&self) -> System {
        let mut b = SystemBuilder::new();
        for (ci, comp) in self.components.iter().enumerate() {
            let c = b.add_component(&comp.name);
            debug_assert_eq!(c, ci);
            for s in &comp.states {
                b.add_state(c, s)
                    .expect("state names are unique in a valid system");
            }
            let pre = b.add_fresh_state(c, "start");
            b.set_start(c, pre);
            b.add_transition(c, pre, "", comp.start);
        }
        for label in &self.labels {
            match &label.sync {
                Sync::Product => {
                    for (i, &c) in label.components.iter().enumerate() {
                        for &(from, to) in &label.local[i] {
                            if label.is_silent() {
                                b.add_transition(c, from, "", to);
                            } else {
                                b.add_transition(c, from, &label.name, to);
                            }
                        }
                    }
                }
                Sync::Tuples(tuples) => {
                    b.add_tuple_label(&label.name, label.components.clone(), tuples.clone())
                        .expect("tuples of a valid system are valid");
                }
            }
        }
        b.build()
            .expect("adding start steps keeps a valid system valid")
    }
}

/// Builds a [`System`] and checks it.
///
/// Readers add components, states, transitions and tuple labels in any order; [`build`]
/// interns the labels, works out each label's components and checks that every component has a
/// start state. Errors are plain messages: the reader adds the file and position.
///
/// [`build`]: SystemBuilder::build
#[derive(Default)]
pub struct SystemBuilder {
    comps: Vec<CompBuilder>,
    label_names: Vec<String>,
    by_name: HashMap<String, LabelId>,
    /// Silent label of each component, created on first use.
    silent: HashMap<CompId, LabelId>,
    tuples: HashMap<LabelId, (Vec<CompId>, Vec<MoveTuple>)>,
}

struct CompBuilder {
    name: String,
    states: Vec<String>,
    by_name: HashMap<String, StateId>,
    start: Option<StateId>,
    transitions: Vec<Transition>,
}

impl SystemBuilder {
    pub fn new() -> SystemBuilder {
        SystemBuilder::default()
    }

    pub fn add_component(&mut self, name: &str) -> CompId {
        self.comps.push(CompBuilder {
            name: name.to_string(),
            states: Vec::new(),
            by_name: HashMap::new(),
            start: None,
            transitions: Vec::new(),
        });
        self.comps.len() - 1
    }

    pub fn num_components(&self) -> usize {
        self.comps.len()
    }

    /// Adds a state; a name used twice in one component is an error.
    pub fn add_state(&mut self, c: CompId, name: &str) -> Result<StateId, String> {
        let comp = &mut self.comps[c];
        if comp.by_name.contains_key(name) {
            return Err(format!(
                "state `{name}` declared twice in component `{}`",
                comp.name
            ));
        }
        let id = comp.states.len() as StateId;
        comp.states.push(name.to_string());
        comp.by_name.insert(name.to_string(), id);
        Ok(id)
    }

    /// Adds a state named `base`, or `base'`, `base''`, ... if that name is taken.
    pub fn add_fresh_state(&mut self, c: CompId, base: &str) -> StateId {
        let mut name = base.to_string();
        while self.comps[c].by_name.contains_key(&name) {
            name.push('\'');
        }
        self.add_state(c, &name).expect("name is fresh")
    }

    /// The state of this name, if declared.
    pub fn state(&self, c: CompId, name: &str) -> Option<StateId> {
        self.comps[c].by_name.get(name).copied()
    }

    /// The state of this name, declared on first use.
    pub fn state_or_add(&mut self, c: CompId, name: &str) -> StateId {
        match self.state(c, name) {
            Some(s) => s,
            None => self.add_state(c, name).expect("state is new"),
        }
    }

    pub fn start(&self, c: CompId) -> Option<StateId> {
        self.comps[c].start
    }

    pub fn set_start(&mut self, c: CompId, s: StateId) {
        self.comps[c].start = Some(s);
    }

    fn intern(&mut self, name: &str) -> LabelId {
        if let Some(&l) = self.by_name.get(name) {
            return l;
        }
        let l = self.label_names.len();
        self.label_names.push(name.to_string());
        self.by_name.insert(name.to_string(), l);
        l
    }

    fn silent_label(&mut self, c: CompId) -> LabelId {
        if let Some(&l) = self.silent.get(&c) {
            return l;
        }
        let l = self.label_names.len();
        self.label_names.push(String::new());
        self.silent.insert(c, l);
        l
    }

    /// Adds a local transition on the named label (RERS rule: product synchronisation).
    /// An empty name is the component's silent label.
    pub fn add_transition(&mut self, c: CompId, from: StateId, label: &str, to: StateId) {
        let label = if label.is_empty() {
            self.silent_label(c)
        } else {
            self.intern(label)
        };
        self.comps[c]
            .transitions
            .push(Transition { from, label, to });
    }

    /// Adds a fresh silent label over several components with product synchronisation: every
    /// combination of the listed local moves `(component, from, to)` is a global move. A
    /// component's own silent label (an empty name in
    /// [`add_transition`](SystemBuilder::add_transition)) never synchronises; this one does,
    /// which a PNML transition with an empty label that moves several units at once needs.
    pub fn add_silent_product_label(&mut self, moves: &[(CompId, StateId, StateId)]) -> LabelId {
        let l = self.label_names.len();
        self.label_names.push(String::new());
        for &(c, from, to) in moves {
            self.comps[c]
                .transitions
                .push(Transition { from, label: l, to });
        }
        l
    }

    /// Adds a label given as an explicit list of synchronised move tuples over `components`
    /// (ascending). A label may be added this way only once, and never also by
    /// [`add_transition`](SystemBuilder::add_transition). An empty name makes a fresh silent label.
    pub fn add_tuple_label(
        &mut self,
        name: &str,
        components: Vec<CompId>,
        mut tuples: Vec<Vec<(StateId, StateId)>>,
    ) -> Result<LabelId, String> {
        if components.is_empty() || components.windows(2).any(|w| w[0] >= w[1]) {
            return Err(format!(
                "label `{name}`: components must be non-empty and ascending"
            ));
        }
        if tuples.iter().any(|t| t.len() != components.len()) {
            return Err(format!(
                "label `{name}`: a tuple does not have one move per component"
            ));
        }
        let l = if name.is_empty() {
            let l = self.label_names.len();
            self.label_names.push(String::new());
            l
        } else {
            if let Some(&l) = self.by_name.get(name) {
                if self.tuples.contains_key(&l) {
                    return Err(format!("label `{name}` given as tuples twice"));
                }
            }
            self.intern(name)
        };
        tuples.sort();
        tuples.dedup();
        for t in &tuples {
            for (i, &(from, to)) in t.iter().enumerate() {
                self.comps[components[i]]
                    .transitions
                    .push(Transition { from, label: l, to });
            }
        }
        self.tuples.insert(l, (components, tuples));
        Ok(l)
    }

    /// Checks the system and builds it.
    pub fn build(self) -> Result<System, String> {
        let nlabels = self.label_names.len();
        let mut components = Vec::with_capacity(self.comps.len());
        let mut label_comps: Vec<Vec<CompId>> = vec![Vec::new(); nlabels];
        let mut local: Vec<Vec<Vec<(StateId, StateId)>>> = vec![Vec::new(); nlabels];
        for (ci, comp) in self.comps.into_iter().enumerate() {
            let start = comp
                .start
                .ok_or_else(|| format!("component `{}` has no start state", comp.name))?;
            if comp.states.is_empty() {
                return Err(format!("component `{}` has no states", comp.name));
            }
            let n = comp.states.len() as StateId;
            let mut transitions = comp.transitions;
            for t in &transitions {
                if t.from >= n || t.to >= n || start >= n {
                    return Err(format!(
                        "component `{}`: transition refers to an undeclared state",
                        comp.name
                    ));
                }
            }
            transitions.sort_by_key(|t| (t.label, t.from, t.to));
            transitions.dedup();
            // One pass over the transitions (sorted by label), not one per label: a PNML net
            // read with one label per Petri transition has 31k labels.
            let mut alphabet: Vec<LabelId> = Vec::new();
            for run in transitions.chunk_by(|a, b| a.label == b.label) {
                let l = run[0].label;
                alphabet.push(l);
                label_comps[l].push(ci);
                local[l].push(run.iter().map(|t| (t.from, t.to)).collect());
            }
            transitions.sort();
            components.push(Lts {
                name: comp.name,
                states: comp.states,
                start,
                transitions,
                alphabet,
            });
        }
        let mut tuples = self.tuples;
        let mut labels = Vec::with_capacity(nlabels);
        for (l, name) in self.label_names.into_iter().enumerate() {
            let sync = match tuples.remove(&l) {
                Some((comps, t)) => {
                    if comps != label_comps[l] {
                        return Err(format!(
                            "label `{name}` is given as tuples and also as local transitions"
                        ));
                    }
                    Sync::Tuples(t)
                }
                None => Sync::Product,
            };
            labels.push(Label {
                name,
                components: std::mem::take(&mut label_comps[l]),
                sync,
                local: std::mem::take(&mut local[l]),
            });
        }
        Ok(System {
            components,
            labels,
            by_name: self.by_name,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two components synchronising on `s`; component 0 also has a local `a`.
    pub(crate) fn two_components() -> System {
        let mut b = SystemBuilder::new();
        let c0 = b.add_component("c0");
        let c1 = b.add_component("c1");
        let p0 = b.add_state(c0, "0").unwrap();
        let p1 = b.add_state(c0, "1").unwrap();
        let q0 = b.add_state(c1, "0").unwrap();
        let q1 = b.add_state(c1, "1").unwrap();
        b.set_start(c0, p0);
        b.set_start(c1, q0);
        b.add_transition(c0, p0, "a", p1);
        b.add_transition(c0, p1, "s", p0);
        b.add_transition(c1, q0, "s", q1);
        b.build().unwrap()
    }

    /// The product of component sizes is exact beyond u128 (40 components of 100 states:
    /// 10^80), as RERS products are.
    #[test]
    fn product_size_is_exact_beyond_u128() {
        let mut b = SystemBuilder::new();
        for i in 0..40 {
            let c = b.add_component(&format!("c{i}"));
            for s in 0..100 {
                b.add_state(c, &s.to_string()).unwrap();
            }
            b.set_start(c, 0);
        }
        let sys = b.build().unwrap();
        assert_eq!(
            sys.product_size().to_string(),
            format!("1{}", "0".repeat(80))
        );
    }

    #[test]
    fn labels_know_their_components() {
        let sys = two_components();
        let a = sys.label_id("a").unwrap();
        let s = sys.label_id("s").unwrap();
        assert_eq!(sys.label(a).components, vec![0]);
        assert_eq!(sys.label(s).components, vec![0, 1]);
        assert!(sys.label(s).is_synchronised());
        assert_eq!(sys.label(s).local, vec![vec![(1, 0)], vec![(0, 1)]]);
        assert_eq!(sys.product_size().to_string(), "4");
    }

    #[test]
    fn start_steps_add_a_silent_local_step_per_component() {
        let sys = two_components().with_start_steps();
        assert_eq!(sys.component(0).num_states(), 3);
        let silent: Vec<_> = sys.labels().iter().filter(|l| l.is_silent()).collect();
        assert_eq!(silent.len(), 2);
        assert!(silent.iter().all(|l| l.components.len() == 1));
        assert_eq!(sys.initial_state(), vec![2, 2]);
        assert!(sys.label_id("").is_none());
    }

    #[test]
    fn missing_start_is_an_error() {
        let mut b = SystemBuilder::new();
        let c = b.add_component("c");
        b.add_state(c, "0").unwrap();
        assert!(b.build().unwrap_err().contains("no start state"));
    }

    #[test]
    fn duplicate_state_is_an_error() {
        let mut b = SystemBuilder::new();
        let c = b.add_component("c");
        b.add_state(c, "0").unwrap();
        assert!(b.add_state(c, "0").unwrap_err().contains("declared twice"));
    }

    #[test]
    fn tuple_labels_project_to_local_transitions() {
        let mut b = SystemBuilder::new();
        let c0 = b.add_component("u0");
        let c1 = b.add_component("u1");
        for c in [c0, c1] {
            b.add_state(c, "p").unwrap();
            b.add_state(c, "q").unwrap();
            b.set_start(c, 0);
        }
        // only the "diagonal" pairs, not the product
        b.add_tuple_label(
            "t",
            vec![0, 1],
            vec![vec![(0, 1), (0, 1)], vec![(1, 0), (1, 0)]],
        )
        .unwrap();
        let sys = b.build().unwrap();
        let t = sys.label_id("t").unwrap();
        assert_eq!(sys.component(0).transitions.len(), 2);
        assert!(matches!(&sys.label(t).sync, Sync::Tuples(v) if v.len() == 2));
    }
}
