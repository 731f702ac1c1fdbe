//! Witnesses and counterexamples for symbolic CTL: one replayable path of labels.
//!
//! Method: the witness construction of E. M. Clarke, O. Grumberg, K. L. McMillan, X. Zhao,
//! "Efficient generation of counterexamples and witnesses in symbolic model checking", DAC 1995:
//! breadth-first layers of forward images from the current state, intersected with the target
//! set, then states picked backwards through the layers; a fair cycle is found by shrinking to a
//! state that reaches itself. WHY one path: a CTL verdict in general needs a tree (a true AG, a
//! false EF), which no trace shows; we give the path that shows the *existential* part of the
//! verdict (a path to a violation, a lasso or deadlock-ending path that avoids a goal, a path to
//! a witness state), continue it into subformulas at its end where that is again a single path,
//! and say in a sentence what the rest would need. Paths on maximal-path semantics may end in a
//! deadlock, which [`CtlEvidence::ends_in_deadlock`] records.

use oxidd::bdd::BDDFunction;
use oxidd::BooleanFunction;

use super::fixpoints::CtlChecker;
use crate::error::{Error, Result};
use crate::limits::Budget;
use crate::logic::ctl::Ctl;
use crate::model::{LabelId, StateId, System};
use crate::symbolic::encoding::BddResult;
use crate::symbolic::shortest::Graph;
pub use crate::symbolic::shortest::{Bound, CycleAmong};
use crate::symbolic::{Encoding, Relation};

fn bx(f: Ctl) -> Box<Ctl> {
    Box::new(f)
}

/// Whether the evidence shows the property true or false at the initial state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EvidenceKind {
    /// The property holds; the path shows why (or the explanation says no path can).
    Witness,
    /// The property fails; the path leads to a violation.
    Counterexample,
}

/// A path from the initial state that shows a CTL verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CtlEvidence {
    pub kind: EvidenceKind,
    /// Labels fired from the initial state.
    pub path: Vec<LabelId>,
    /// If present, labels that lead from the end of `path` back to it, forever (a lasso).
    pub cycle: Option<Vec<LabelId>>,
    /// The path ends in a deadlock: it is a finite maximal path.
    pub ends_in_deadlock: bool,
    /// The global states visited: `path.len() + 1` states, then one per cycle label (the last
    /// equal to the state at the end of `path`). Makes the evidence checkable label by label
    /// although labels can be nondeterministic.
    pub states: Vec<Vec<StateId>>,
    /// What the path shows, step by step, in words.
    pub explanation: String,
    /// How short the part of the path that ends in the cycle or deadlock is (see
    /// [`CtlShortness`]); `None` when the path has no such part.
    pub shortest: Option<CtlShortness>,
}

/// How short the last part of a CTL path is, when it is a lasso or a path into a deadlock
/// (`EG`, a false `AF` or `AU`, an `EW` without its goal): from step `from_step` on, the
/// nearest deadlock when it is no farther than the lasso's whole length, else the shortest
/// cycle reachable inside the set the path must stay in, entered after the fewest steps (the
/// ranking of [`super::lasso`]). Every other part of a CTL path is a shortest path from where it
/// starts to where it must go (breadth-first layers), one part after the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CtlShortness {
    pub from_step: usize,
    /// Steps after `from_step` to the cycle's first state or the deadlock.
    pub prefix: Bound,
    /// The cycle, when the path ends in one.
    pub cycle: Option<Bound>,
    /// Which cycles `cycle` is the shortest among.
    pub cycle_among: CycleAmong,
}

/// The work of the search for the shortest lasso or path into a deadlock, in BDD nodes
/// created; when it runs out, the path is found as before it ([`CtlChecker::any_lasso`]) and
/// the bounds proved so far are reported.
pub const LASSO_WORK: usize = 1 << 25;

impl Graph for CtlChecker<'_> {
    fn enc(&self) -> &Encoding {
        self.enc
    }
    fn post(&self, s: &BDDFunction, budget: &Budget) -> BddResult<BDDFunction> {
        self.clusters.post(self.enc, s, budget)
    }
    fn pre(&self, s: &BDDFunction, budget: &Budget) -> BddResult<BDDFunction> {
        self.clusters.pre(self.enc, s, budget)
    }
    fn num_acc(&self) -> usize {
        0
    }
    fn pre_acc(&self, _: usize, _: &BDDFunction, _: &Budget) -> BddResult<BDDFunction> {
        Ok(self.enc.f())
    }
    fn until(
        &self,
        within: &BDDFunction,
        target: &BDDFunction,
        b: &Budget,
    ) -> BddResult<BDDFunction> {
        self.chain(target, within, false, b)
    }
    fn forward(
        &self,
        from: &BDDFunction,
        within: &BDDFunction,
        b: &Budget,
    ) -> BddResult<BDDFunction> {
        self.chain(from, within, true, b)
    }
    fn labelled(&self) -> Vec<(LabelId, &Relation)> {
        self.active
            .iter()
            .map(|&l| (l, &self.enc.labels[l]))
            .collect()
    }
    fn labelled_acc(&self, _: usize) -> Vec<(LabelId, &Relation)> {
        Vec::new()
    }
}

impl CtlEvidence {
    /// The evidence as text: the labels by name, the cycle in parentheses, and the explanation,
    /// e.g. `a1 a5 (a7 a2)^w: at step 0: ...`.
    pub fn describe(&self, sys: &System) -> String {
        let names = |ls: &[LabelId]| -> Vec<String> {
            ls.iter()
                .map(|&l| sys.label(l).display_name().to_string())
                .collect()
        };
        let mut parts = names(&self.path);
        if let Some(c) = &self.cycle {
            parts.push(format!("({})^w", names(c).join(" ")));
        }
        if self.ends_in_deadlock {
            parts.push("[deadlock]".to_string());
        }
        let trace = if parts.is_empty() {
            "(initial state)".to_string()
        } else {
            parts.join(" ")
        };
        format!("{trace}: {}", self.explanation)
    }
}

impl CtlChecker<'_> {
    /// Evidence for the verdict of `f` at the initial state.
    pub fn evidence(&mut self, f: &Ctl, budget: &Budget) -> Result<CtlEvidence> {
        self.evidence_within(f, budget, LASSO_WORK)
    }

    /// [`CtlChecker::evidence`], its shortest lasso searched within `work` BDD nodes created
    /// (0: not searched; the lasso is found as before the search existed, with no claim).
    pub fn evidence_within(
        &mut self,
        f: &Ctl,
        budget: &Budget,
        work: usize,
    ) -> Result<CtlEvidence> {
        let holds = self.holds(f, budget)?;
        let init = self
            .enc
            .pick_state(&self.enc.initial)
            .ok_or_else(|| Error::Internal("empty initial state".into()))?;
        let mut b = Builder {
            path: Vec::new(),
            states: vec![init],
            cycle: None,
            dead: false,
            notes: Vec::new(),
            shortest: None,
            work,
        };
        self.explain(f, holds, &mut b, budget)?;
        let kind = if holds {
            EvidenceKind::Witness
        } else {
            EvidenceKind::Counterexample
        };
        Ok(CtlEvidence {
            kind,
            path: b.path,
            cycle: b.cycle,
            ends_in_deadlock: b.dead,
            states: b.states,
            // one note per line: each says what one step of the path shows
            explanation: b.notes.join("\n"),
            shortest: b.shortest,
        })
    }

    fn state_set(&self, s: &[StateId]) -> Result<BDDFunction> {
        self.enc.state_cube(s)
    }

    fn name(&self, l: LabelId) -> String {
        self.sys.label(l).display_name().to_string()
    }

    /// Extends `b` from its last state to show that `f` has value `want` there.
    fn explain(&mut self, f: &Ctl, want: bool, b: &mut Builder, budget: &Budget) -> Result<()> {
        use Ctl::*;
        let at = b.path.len();
        let cur = self.state_set(b.last())?;
        let set = self.sat(f, budget)?;
        if cur.and(&set)?.satisfiable() != want {
            return Err(Error::Internal(format!(
                "CTL evidence: `{f}` does not have value {want} at step {at}"
            )));
        }
        let verdict = if want { "holds" } else { "fails" };
        match (f, want) {
            (True, _) | (False, _) => {
                if b.notes.is_empty() {
                    b.note(at, format!("`{f}` {verdict} trivially"));
                }
            }
            (Not(a), _) => self.explain(a, !want, b, budget)?,
            (And(x, y), false) | (Or(x, y), true) => {
                let pick = if self.value_at(x, &cur, budget)? == want {
                    x
                } else {
                    y
                };
                self.explain(pick, want, b, budget)?;
            }
            (Implies(x, y), true) => {
                if !self.value_at(x, &cur, budget)? {
                    self.explain(x, false, b, budget)?;
                } else {
                    self.explain(y, true, b, budget)?;
                }
            }
            (Implies(x, y), false) => {
                b.note(at, format!("`{x}` holds and `{y}` fails"));
                self.explain(y, false, b, budget)?;
            }
            (Diamond(l, g), true) | (Box(l, g), false) => {
                let target = self.sat(g, budget)?;
                let target = if want { target } else { self.not(&target)? };
                let labels: Vec<LabelId> = match l {
                    Some(name) => self.sys.label_id(name).into_iter().collect(),
                    None => self.active.clone(),
                };
                let (lab, next) = self
                    .step_into(&cur, &labels, &target)?
                    .ok_or_else(|| Error::Internal(format!("no step for `{f}`")))?;
                b.note(
                    at,
                    format!(
                        "`{f}` {verdict}: step `{}` reaches a state where `{g}` {verdict}",
                        self.name(lab)
                    ),
                );
                b.push(lab, next);
                self.explain(g, want, b, budget)?;
            }
            (EF(g), true) | (AG(g), false) => {
                let target = self.sat(g, budget)?;
                let target = if want { target } else { self.not(&target)? };
                let r = self.reach.clone();
                self.path_into(&cur, &r, &target, b, budget)?;
                b.note(
                    at,
                    format!(
                        "`{f}` {verdict}: {} `{g}` {verdict}",
                        after(b.path.len() - at)
                    ),
                );
                self.explain(g, want, b, budget)?;
            }
            (EU(x, y), true) => {
                let (fx, fy) = (self.sat(x, budget)?, self.sat(y, budget)?);
                self.path_into(&cur, &fx, &fy, b, budget)?;
                b.note(
                    at,
                    format!(
                        "`{f}` holds: `{x}` for {}, then `{y}`",
                        steps(b.path.len() - at)
                    ),
                );
                self.explain(y, true, b, budget)?;
            }
            (AW(x, y), false) => {
                self.until_violation(f, x, y, b, budget)?;
            }
            (AU(x, y), false) => {
                // ¬A(x U y) = E(¬y U (¬x ∧ ¬y)) ∨ EG(x ∧ ¬y)
                let ny = Not(y.clone());
                let stop = And(bx(Not(x.clone())), bx(ny.clone()));
                let reach_stop = EU(bx(ny), bx(stop));
                if self.value_at(&reach_stop, &cur, budget)? {
                    self.until_violation(f, x, y, b, budget)?;
                } else {
                    let avoid = And(x.clone(), bx(Not(y.clone())));
                    let eg = self.sat(&EG(bx(avoid)), budget)?;
                    self.lasso(&eg, b, budget)?;
                    b.note(
                        at,
                        format!(
                            "`{f}` fails: {} along which `{x}` holds and `{y}` never does",
                            b.shape()
                        ),
                    );
                }
            }
            (AF(g), false) | (EG(g), true) => {
                let eg = if want {
                    self.sat(f, budget)?
                } else {
                    self.sat(&EG(bx(Not(g.clone()))), budget)?
                };
                self.lasso(&eg, b, budget)?;
                b.note(
                    at,
                    format!(
                        "`{f}` {verdict}: {} on which `{g}` {verdict} throughout",
                        b.shape()
                    ),
                );
            }
            (EW(x, y), true) => {
                let (fx, fy) = (self.sat(x, budget)?, self.sat(y, budget)?);
                if self.value_at(&EU(x.clone(), y.clone()), &cur, budget)? {
                    self.path_into(&cur, &fx, &fy, b, budget)?;
                    b.note(
                        at,
                        format!(
                            "`{f}` holds: `{x}` for {}, then `{y}`",
                            steps(b.path.len() - at)
                        ),
                    );
                    self.explain(y, true, b, budget)?;
                } else {
                    let eg = self.sat(&EG(x.clone()), budget)?;
                    self.lasso(&eg, b, budget)?;
                    b.note(
                        at,
                        format!("`{f}` holds: {} on which `{x}` holds throughout", b.shape()),
                    );
                }
            }
            _ => {
                let why = match (f, want) {
                    (And(..), true) | (Equiv(..), _) => "every part of it has to be shown",
                    (Or(..), false) => "every disjunct fails here",
                    (Box(..), true)
                    | (AG(..), true)
                    | (AF(..), true)
                    | (AU(..), true)
                    | (AW(..), true) => "it is a claim about all paths, no single path shows it",
                    _ => "no path from here has it: an absence, which no single path can show",
                };
                b.note(at, format!("`{f}` {verdict} here ({why})"));
            }
        }
        Ok(())
    }

    /// The path of a false A(x W y) (or the first case of a false A(x U y)): through x ∧ ¬y
    /// states to a ¬x ∧ ¬y state.
    fn until_violation(
        &mut self,
        f: &Ctl,
        x: &Ctl,
        y: &Ctl,
        b: &mut Builder,
        budget: &Budget,
    ) -> Result<()> {
        let at = b.path.len();
        let cur = self.state_set(b.last())?;
        let (fx, fy) = (self.sat(x, budget)?, self.sat(y, budget)?);
        let stop = self.not(&fx.or(&fy)?)?;
        let ny = self.not(&fy)?;
        self.path_into(&cur, &ny, &stop, b, budget)?;
        b.note(
            at,
            format!(
                "`{f}` fails: {} with `{x}` and without `{y}`, both fail",
                after(b.path.len() - at)
            ),
        );
        self.explain(x, false, b, budget)
    }

    fn value_at(&mut self, f: &Ctl, cur: &BDDFunction, budget: &Budget) -> Result<bool> {
        let s = self.sat(f, budget)?;
        Ok(cur.and(&s)?.satisfiable())
    }

    /// Successors of `s` in one step, within `within`.
    fn post(&self, s: &BDDFunction, within: &BDDFunction) -> Result<BDDFunction> {
        let acc = self.clusters.post(self.enc, s, &Budget::unlimited())?;
        Ok(acc.and(within)?)
    }

    /// A label among `labels` and a state in `target` one step from the single state `cur`.
    fn step_into(
        &self,
        cur: &BDDFunction,
        labels: &[LabelId],
        target: &BDDFunction,
    ) -> Result<Option<(LabelId, Vec<StateId>)>> {
        for &l in labels {
            let img = self.enc.labels[l].image(cur)?.and(target)?;
            if let Some(s) = self.enc.pick_state(&img) {
                return Ok(Some((l, s)));
            }
        }
        Ok(None)
    }

    /// Extends `b` by a shortest path from `start` (a set holding the last state of `b`, or
    /// successors of it) through `within`-states to a `target` state.
    fn path_into(
        &self,
        start: &BDDFunction,
        within: &BDDFunction,
        target: &BDDFunction,
        b: &mut Builder,
        budget: &Budget,
    ) -> Result<()> {
        let (labels, states) = self.shortest(start, within, target, budget)?;
        for (l, s) in labels.into_iter().zip(states.into_iter().skip(1)) {
            b.push(l, s);
        }
        Ok(())
    }

    /// A shortest path from the single state `start` to `target`, intermediate states in
    /// `within`: labels and the states (start first).
    fn shortest(
        &self,
        start: &BDDFunction,
        within: &BDDFunction,
        target: &BDDFunction,
        budget: &Budget,
    ) -> Result<Segment> {
        let mut layers = vec![start.clone()];
        let mut seen = start.clone();
        loop {
            let last = layers.last().cloned().unwrap_or_else(|| self.enc.f());
            let hit = last.and(target)?;
            if hit.satisfiable() {
                break;
            }
            let from = last.and(within)?;
            let next = self.post(&from, &self.reach)?;
            let new = next.and(&seen.not()?)?;
            if !new.satisfiable() {
                return Err(Error::Internal("CTL evidence: target not reachable".into()));
            }
            seen = seen.or(&new)?;
            layers.push(new);
            budget.check(self.enc)?;
        }
        let k = layers.len() - 1;
        let hit = layers[k].and(target)?;
        let mut s = self
            .enc
            .pick_state(&hit)
            .ok_or_else(|| Error::Internal("empty layer".into()))?;
        let mut states = vec![s.clone()];
        let mut labels = Vec::with_capacity(k);
        for i in (0..k).rev() {
            let to = self.state_set(&s)?;
            let from = layers[i].and(within)?;
            let mut found = None;
            for &l in &self.active {
                let p = self.enc.labels[l].preimage(&to)?.and(&from)?;
                if let Some(ps) = self.enc.pick_state(&p) {
                    found = Some((l, ps));
                    break;
                }
            }
            let (l, ps) = found.ok_or_else(|| Error::Internal("broken BFS layers".into()))?;
            labels.push(l);
            states.push(ps.clone());
            s = ps;
        }
        labels.reverse();
        states.reverse();
        Ok((labels, states))
    }

    /// Extends `b` from its last state (in `set`) by a path inside `set` that ends in a
    /// deadlock, or else reaches a cycle inside `set` (recorded in `b.cycle`), with no claim to
    /// be short: the fallback of [`CtlChecker::lasso`]. `set` must be an EG-set.
    pub(super) fn any_lasso(
        &self,
        set: &BDDFunction,
        b: &mut Builder,
        budget: &Budget,
    ) -> Result<()> {
        let cur = self.state_set(b.last())?;
        // states reachable from here inside the set
        let inside = self.chain(&cur, set, true, budget)?;
        let dead = inside.and(&self.dead)?;
        if dead.satisfiable() {
            self.path_into(&cur, set, &dead, b, budget)?;
            b.dead = true;
            return Ok(());
        }
        // no deadlock: every state has a successor in `inside`, so a cycle exists. Shrink to
        // a state that reaches itself: if x does not, pick the next x among its descendants
        // (their descendants are a strictly smaller set, as x is not among them).
        let mut x = self
            .enc
            .pick_state(&cur)
            .ok_or_else(|| Error::Internal("empty state".into()))?;
        loop {
            let xs = self.state_set(&x)?;
            let mut layer = self.post(&xs, &inside)?;
            let mut desc = layer.clone();
            let mut deepest = layer.clone();
            let mut returns = false;
            while layer.satisfiable() {
                if xs.and(&layer)?.satisfiable() {
                    returns = true;
                    break;
                }
                deepest = layer.clone();
                layer = self.post(&layer, &inside)?.and(&desc.not()?)?;
                desc = desc.or(&layer)?;
                budget.check(self.enc)?;
            }
            if returns {
                break;
            }
            x = self
                .enc
                .pick_state(&deepest)
                .ok_or_else(|| Error::Internal("no successor in an EG set".into()))?;
        }
        let xs = self.state_set(&x)?;
        self.path_into(&cur, &inside, &xs, b, budget)?;
        // the cycle: one step out of x into a state that leads back, then a shortest way back
        let back = self.chain(&xs, &inside, false, budget)?;
        let (l, next) = self
            .step_into(&xs, &self.active, &back)?
            .ok_or_else(|| Error::Internal("cycle not closed".into()))?;
        let ns = self.state_set(&next)?;
        let (labels, states) = self.shortest(&ns, &inside, &xs, budget)?;
        let mut cyc = vec![l];
        cyc.extend(labels);
        b.states.extend(states);
        b.cycle = Some(cyc);
        Ok(())
    }

    /// The states of `within` reachable from `start` (`forward`) or reaching it (backward),
    /// by chaining the labels; `start` is included.
    pub(super) fn chain(
        &self,
        start: &BDDFunction,
        within: &BDDFunction,
        forward: bool,
        budget: &Budget,
    ) -> Result<BDDFunction> {
        let mut z = start.clone();
        loop {
            let before = z.clone();
            for &l in &self.active {
                let r = &self.enc.labels[l];
                let step = if forward {
                    r.image(&z)?
                } else {
                    r.preimage(&z)?
                };
                z = z.or(&step.and(within)?)?;
                budget.check(self.enc)?;
            }
            if z == before {
                return Ok(z);
            }
        }
    }
}

/// "n steps (the fewest)": the parts of a path that lead somewhere are shortest paths from
/// where they start (breadth-first layers).
fn steps(n: usize) -> String {
    if n == 1 {
        "1 step (the fewest)".to_string()
    } else {
        format!("{n} steps (the fewest)")
    }
}

/// "here" or "after n steps (the fewest)".
fn after(n: usize) -> String {
    if n == 0 {
        "here".to_string()
    } else {
        format!("after {}", steps(n))
    }
}

/// A piece of path: its labels and the states it visits (first state included).
type Segment = (Vec<LabelId>, Vec<Vec<StateId>>);

pub(super) struct Builder {
    pub(super) path: Vec<LabelId>,
    pub(super) states: Vec<Vec<StateId>>,
    pub(super) cycle: Option<Vec<LabelId>>,
    pub(super) dead: bool,
    notes: Vec<String>,
    pub(super) shortest: Option<CtlShortness>,
    /// The work of the search for the shortest lasso (see [`CtlChecker::evidence_within`]).
    pub(super) work: usize,
}

impl Builder {
    pub(super) fn last(&self) -> &[StateId] {
        self.states.last().map(|s| s.as_slice()).unwrap_or(&[])
    }

    pub(super) fn push(&mut self, l: LabelId, s: Vec<StateId>) {
        self.path.push(l);
        self.states.push(s);
    }

    fn note(&mut self, step: usize, text: String) {
        self.notes.push(format!("at step {step}: {text}"));
    }

    /// What `lasso` built, in words.
    fn shape(&self) -> &'static str {
        if self.dead {
            "a path into a deadlock"
        } else {
            "a path into a cycle"
        }
    }
}
