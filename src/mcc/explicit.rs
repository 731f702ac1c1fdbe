//! The Model Checking Contest's examinations on the explicit reachability graph of a net: the
//! oracle for the symbolic side, and `ltsym mcc --engine explicit`.
//!
//! The graph is the [`StateGraph`] of the system rebuilt from the net: its states are the
//! reachable markings ([`crate::model::net`] says why the two are the same, under a check made
//! here on every reachable marking: [`NetSpace::build`]). Everything is computed from the
//! definitions, each argued where it is done:
//! * the examinations without formulas by one pass over the states, and Liveness from the
//!   bottom strongly connected components;
//! * CTL from the path definitions, as in [`crate::explicit::ctl`] (path to a target, path within a set
//!   to a deadlock or a cycle), never by fixpoint iteration;
//! * LTL by the automata-theoretic approach: the automaton of the negation
//!   ([`translate_valuations`]) reads the valuation of the formula's maximal state subformulas
//!   in each state of a path, and a path violates the formula iff the product has a reachable
//!   strongly connected component meeting every acceptance set.
//!
//! Deadlocks ([`Deadlocks`]): `Stutter` gives every deadlock a self-loop; `Finite` lets a path
//! end at a deadlock (for LTL the path goes on into an extra state `end`, where a proposition
//! `alive` is false, and the formula is rewritten to speak about alive positions only, with a
//! strong next: the classical embedding of finite-trace LTL, De Giacomo & Vardi, IJCAI 2013);
//! `Infinite` drops paths into deadlocks.

use crate::explicit::backward::Predecessors;
use std::collections::HashMap;

use super::formula::{atom_name, Deadlocks, Formula, FormulaLogic, IntExpr};
use crate::automata::valuations::{translate_valuations, ValuationTgba};
use crate::error::{Error, Result};
use crate::explicit::graph::StateGraph;
use crate::explicit::scc::sccs;
use crate::limits::Budget;
use crate::logic::Ltl;
use crate::model::{PetriNet, StateId, System};

/// The figures of the StateSpace examination.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateSpaceFigures {
    pub states: u64,
    /// Edges of the reachability graph, one per (marking, enabled Petri transition).
    pub transitions: u64,
    pub max_token_in_place: u64,
    pub max_token_per_marking: u64,
}

/// The reachable markings of a net and its reachability graph.
pub struct NetSpace<'a> {
    pub sys: &'a System,
    pub net: &'a PetriNet,
    pub graph: StateGraph,
    /// Incoming edges, for the backward searches.
    pred: Predecessors,
}

/// The value of an integer expression in a state.
fn int(net: &PetriNet, state: &[StateId], e: &IntExpr) -> u64 {
    match e {
        IntExpr::Const(n) => *n,
        IntExpr::Tokens(ps) => net.tokens(state, ps),
    }
}

/// The truth of a state formula (no temporal operator) in a state.
pub fn eval_state(net: &PetriNet, state: &[StateId], f: &Formula) -> bool {
    match f {
        Formula::True => true,
        Formula::False => false,
        Formula::Not(g) => !eval_state(net, state, g),
        Formula::And(gs) => gs.iter().all(|g| eval_state(net, state, g)),
        Formula::Or(gs) => gs.iter().any(|g| eval_state(net, state, g)),
        Formula::Le(a, b) => int(net, state, a) <= int(net, state, b),
        Formula::Fireable(ts) => ts.iter().any(|&t| net.enabled(state, t)),
        _ => panic!("eval_state on a temporal formula"),
    }
}

fn not(v: &[bool]) -> Vec<bool> {
    v.iter().map(|b| !b).collect()
}

fn zip(a: &[bool], b: &[bool], op: impl Fn(bool, bool) -> bool) -> Vec<bool> {
    a.iter().zip(b).map(|(&x, &y)| op(x, y)).collect()
}

impl<'a> NetSpace<'a> {
    /// Explores the reachable markings. Fails when the net is not one-safe under its units (a
    /// reachable marking enables a transition whose guard does not hold there), and on the
    /// limits.
    pub fn build(
        sys: &'a System,
        net: &'a PetriNet,
        max_states: Option<u64>,
        budget: &Budget,
    ) -> Result<NetSpace<'a>> {
        let graph = StateGraph::build_within(sys, max_states, budget)?;
        if net.needs_check().next().is_some() {
            for s in 0..graph.num_states() as u32 {
                let state = graph.state(s);
                if let Some(t) = net.unsafe_transition(&state) {
                    return Err(net.not_one_safe(t, &state));
                }
            }
        }
        let pred = Predecessors::of(&graph);
        Ok(NetSpace {
            sys,
            net,
            graph,
            pred,
        })
    }

    fn n(&self) -> usize {
        self.graph.num_states()
    }

    /// The states, each as its local state vector, one after the other.
    fn for_each_state(&self, mut f: impl FnMut(u32, &[StateId])) {
        for s in 0..self.n() as u32 {
            f(s, &self.graph.state(s));
        }
    }

    /// [`NetSpace::for_each_state`], looking at `budget`'s time and memory every
    /// [`CHECK_EVERY`] states.
    fn for_each_state_within(
        &self,
        budget: &Budget,
        mut f: impl FnMut(u32, &[StateId]),
    ) -> Result<()> {
        for s in 0..self.n() as u32 {
            if (s as usize).is_multiple_of(CHECK_EVERY) {
                budget.check_time()?;
            }
            f(s, &self.graph.state(s));
        }
        Ok(())
    }

    pub fn state_space(&self) -> StateSpaceFigures {
        let mut transitions = 0u64;
        let mut per_marking = 0u64;
        let empty = &self.net.empty_state;
        self.for_each_state(|_, state| {
            transitions += self.net.enabled_count(state);
            let marked = state
                .iter()
                .zip(empty)
                .filter(|&(&s, e)| *e != Some(s))
                .count() as u64;
            per_marking = per_marking.max(marked);
        });
        StateSpaceFigures {
            states: self.n() as u64,
            transitions,
            // one-safe (checked in `build`): a place holds one token iff some place is marked
            max_token_in_place: u64::from(per_marking > 0),
            max_token_per_marking: per_marking,
        }
    }

    /// A reachable marking where no transition is enabled.
    pub fn deadlock(&self) -> bool {
        (0..self.n() as u32).any(|s| self.graph.is_deadlock(s))
    }

    /// Every transition is enabled in some reachable marking.
    pub fn quasi_live(&self) -> bool {
        let mut seen = vec![false; self.net.transitions.len()];
        self.for_each_state(|_, state| {
            for (t, s) in seen.iter_mut().enumerate() {
                *s = *s || self.net.enabled(state, t);
            }
        });
        seen.iter().all(|&b| b)
    }

    /// Some place has the same marking in every reachable marking.
    pub fn stable_marking(&self) -> bool {
        let np = self.net.places.len();
        let (mut ever, mut never_empty) = (vec![false; np], vec![true; np]);
        self.for_each_state(|_, state| {
            for p in 0..np {
                let m = self.net.marked(state, p);
                ever[p] |= m;
                never_empty[p] &= m;
            }
        });
        (0..np).any(|p| !ever[p] || never_empty[p])
    }

    /// Every transition is live: from every reachable marking, a marking enabling it is
    /// reachable (AG EF fireable). Every path of a finite graph ends in a bottom strongly
    /// connected component (one no edge leaves), every state reaches one, and from a bottom
    /// component exactly its own states are reachable: so `t` is live iff every bottom
    /// component has a state enabling `t`.
    pub fn live(&self) -> bool {
        let g = &self.graph;
        let all = vec![true; self.n()];
        let comps = sccs(self.n(), &all, |v| g.edge_range(v), |e| g.edge_at(e).target);
        let mut comp_of = vec![0usize; self.n()];
        for (i, c) in comps.iter().enumerate() {
            for &s in c {
                comp_of[s as usize] = i;
            }
        }
        let nt = self.net.transitions.len();
        for (i, c) in comps.iter().enumerate() {
            let bottom = c
                .iter()
                .all(|&s| g.edges(s).iter().all(|e| comp_of[e.target as usize] == i));
            if !bottom {
                continue;
            }
            let mut enabled = vec![false; nt];
            for &s in c {
                let state = g.state(s);
                for (t, e) in enabled.iter_mut().enumerate() {
                    *e = *e || self.net.enabled(&state, t);
                }
            }
            if enabled.contains(&false) {
                return false;
            }
        }
        true
    }

    /// The most tokens the places `ps` hold together in a reachable marking; watches
    /// `budget` every [`CHECK_EVERY`] markings.
    pub fn bound(&self, ps: &[usize], budget: &Budget) -> Result<u64> {
        let mut best = 0;
        self.for_each_state_within(budget, |_, state| {
            best = best.max(self.net.tokens(state, ps))
        })?;
        Ok(best)
    }

    /// The truth of `f` in the initial marking, read as a formula of `logic` (an LTL formula
    /// `A p` is read over the paths of `deadlocks`, even where `p` is also CTL). The LTL search
    /// watches `budget` (time, memory, and the state limit `max_states` on the product's
    /// states) as it goes, CTL every [`CHECK_EVERY`] states of each pass over the graph and
    /// between the operators; a hit limit is [`Error::Limit`].
    pub fn holds(
        &self,
        f: &Formula,
        logic: FormulaLogic,
        deadlocks: Deadlocks,
        max_states: Option<u64>,
        budget: &Budget,
    ) -> Result<bool> {
        if !f.fits(logic) {
            return Err(Error::Usage(format!(
                "the formula does not have the shape of {logic:?} formulas"
            )));
        }
        match (logic, f) {
            (FormulaLogic::Ltl, Formula::AllPaths(p)) => self.ltl(p, deadlocks, max_states, budget),
            _ => Ok(self.ctl(f, deadlocks, budget)?[self.graph.initial() as usize]),
        }
    }

    /// The truth of a state formula in every state.
    fn states_where(&self, f: &Formula, budget: &Budget) -> Result<Vec<bool>> {
        let mut out = vec![false; self.n()];
        self.for_each_state_within(budget, |s, state| {
            out[s as usize] = eval_state(self.net, state, f)
        })?;
        Ok(out)
    }

    /// The truth of a CTL formula in every state.
    ///
    /// Under `Infinite` the path quantifiers range over the infinite paths only (CTL with the
    /// fairness constraint "the path is infinite"): a path formula is witnessed by an
    /// infinite path, so every witness of `EX`, `EF`, `E U` must end in a *fair* state (one
    /// with an infinite path, `EG true`), and the `A` forms are the duals.
    ///
    /// Watches `budget` (time and memory) every [`CHECK_EVERY`] states of a pass that reads
    /// the markings and after every operator (each a linear pass over the graph).
    pub fn ctl(&self, f: &Formula, deadlocks: Deadlocks, budget: &Budget) -> Result<Vec<bool>> {
        let fair = (deadlocks == Deadlocks::Infinite)
            .then(|| self.exists_maximal_path_within(&vec![true; self.n()], deadlocks));
        self.ctl_in(f, deadlocks, fair.as_deref(), budget)
    }

    fn ctl_in(
        &self,
        f: &Formula,
        deadlocks: Deadlocks,
        fair: Option<&[bool]>,
        budget: &Budget,
    ) -> Result<Vec<bool>> {
        budget.check_time()?;
        if f.is_state() {
            return self.states_where(f, budget);
        }
        let n = self.n();
        let all = vec![true; n];
        let rec = |g: &Formula| self.ctl_in(g, deadlocks, fair, budget);
        // a witness path must be able to go on forever from its last state (Infinite only)
        let end = |v: &[bool]| match fair {
            Some(fair) => zip(v, fair, |x, y| x && y),
            None => v.to_vec(),
        };
        Ok(match f {
            Formula::Not(g) => not(&rec(g)?),
            Formula::And(gs) => gs.iter().try_fold(all, |a, g| -> Result<Vec<bool>> {
                Ok(zip(&a, &rec(g)?, |x, y| x && y))
            })?,
            Formula::Or(gs) => gs
                .iter()
                .try_fold(vec![false; n], |a, g| -> Result<Vec<bool>> {
                    Ok(zip(&a, &rec(g)?, |x, y| x || y))
                })?,
            Formula::ExistsPath(p) | Formula::AllPaths(p) => {
                let exists = matches!(f, Formula::ExistsPath(_));
                match &**p {
                    // AX g = !EX !g
                    Formula::Next(g) => {
                        let v = rec(g)?;
                        if exists {
                            self.exists_next(&end(&v), deadlocks)
                        } else {
                            not(&self.exists_next(&end(&not(&v)), deadlocks))
                        }
                    }
                    // EF g = E(true U g); AF g = !EG !g
                    Formula::Finally(g) => {
                        let v = rec(g)?;
                        if exists {
                            self.exists_path_to(&end(&v), &all)
                        } else {
                            not(&self.exists_maximal_path_within(&not(&v), deadlocks))
                        }
                    }
                    // AG g = !EF !g (every reachable state lies on a path); EG g: a path
                    // within g
                    Formula::Globally(g) => {
                        let v = rec(g)?;
                        if exists {
                            self.exists_maximal_path_within(&v, deadlocks)
                        } else {
                            not(&self.exists_path_to(&end(&not(&v)), &all))
                        }
                    }
                    Formula::Until(a, b) => {
                        let va = rec(a)?;
                        let vb = rec(b)?;
                        if exists {
                            self.exists_path_to(&end(&vb), &va)
                        } else {
                            // a path fails a U b iff G !b, or !b U (!a & !b) (see
                            // crate::explicit::ctl, AU): A(a U b) = !(EG !b | E(!b U (!a & !b)))
                            let nb = not(&vb);
                            let bad = zip(&not(&va), &nb, |x, y| x && y);
                            not(&zip(
                                &self.exists_maximal_path_within(&nb, deadlocks),
                                &self.exists_path_to(&end(&bad), &nb),
                                |x, y| x || y,
                            ))
                        }
                    }
                    _ => panic!("ctl on a formula that is not CTL"),
                }
            }
            _ => panic!("ctl on a formula that is not CTL"),
        })
    }

    /// `EX v`: some successor is in `v`. A deadlock has no successor (`Finite`, `Infinite`)
    /// or is its own (`Stutter`).
    fn exists_next(&self, v: &[bool], deadlocks: Deadlocks) -> Vec<bool> {
        (0..self.n() as u32)
            .map(|s| {
                let edges = self.graph.edges(s);
                if edges.is_empty() && deadlocks == Deadlocks::Stutter {
                    return v[s as usize];
                }
                edges.iter().any(|e| v[e.target as usize])
            })
            .collect()
    }

    /// `E(through U target)`: the states with a finite path `s0 ... sk` with `target(sk)` and
    /// `through(si)` for `i < k`, by backward search from the targets (every finite path
    /// extends to a maximal one).
    fn exists_path_to(&self, target: &[bool], through: &[bool]) -> Vec<bool> {
        self.pred.exists_path_to(target, through)
    }

    /// `EG v`: a path within `v` that is maximal, i.e. a path within `v` to a `v`-deadlock or
    /// to a state on a cycle of the `v`-subgraph (see [`crate::explicit::ctl`]). The same under
    /// `Stutter` (a deadlock's self-loop is such a cycle) and `Finite`; under `Infinite` a path
    /// into a deadlock is no path, so only the cycles count.
    fn exists_maximal_path_within(&self, v: &[bool], deadlocks: Deadlocks) -> Vec<bool> {
        let g = &self.graph;
        let comps = sccs(self.n(), v, |s| g.edge_range(s), |e| g.edge_at(e).target);
        let mut goal = vec![false; self.n()];
        for c in comps {
            let cyclic = c.len() > 1 || g.edges(c[0]).iter().any(|e| e.target == c[0]);
            for s in c {
                goal[s as usize] = cyclic || (g.is_deadlock(s) && deadlocks != Deadlocks::Infinite);
            }
        }
        self.exists_path_to(&goal, v)
    }

    /// `A p` for a path formula `p`: no path satisfies `!p`.
    fn ltl(
        &self,
        p: &Formula,
        deadlocks: Deadlocks,
        max_states: Option<u64>,
        budget: &Budget,
    ) -> Result<bool> {
        let atoms = p.state_atoms();
        let mut names: Vec<String> = (0..atoms.len()).map(atom_name).collect();
        let body = p.to_ltl(&atoms);
        let (body, alive) = if deadlocks == Deadlocks::Finite {
            let alive = atom_name(atoms.len());
            names.push(alive.clone());
            (finite_paths(&body, &Ltl::atom(&alive)), Some(atoms.len()))
        } else {
            (body, None)
        };
        let tgba = translate_valuations(&Ltl::not(body), &names)?;
        budget.check_time()?;
        // valuation of each state; `end` (Finite only) is state n, where nothing holds
        let n = self.n();
        let mut val = vec![0usize; n + 1];
        self.for_each_state(|s, state| {
            let mut m = 0;
            for (i, a) in atoms.iter().enumerate() {
                if eval_state(self.net, state, a) {
                    m |= 1 << i;
                }
            }
            if let Some(i) = alive {
                m |= 1 << i;
            }
            val[s as usize] = m;
        });
        let end = n as u32;
        let succ = |s: u32, out: &mut Vec<u32>| {
            out.clear();
            if s == end {
                out.push(end);
                return;
            }
            out.extend(self.graph.edges(s).iter().map(|e| e.target));
            if out.is_empty() {
                match deadlocks {
                    Deadlocks::Stutter => out.push(s),
                    Deadlocks::Finite => out.push(end),
                    Deadlocks::Infinite => {}
                }
            }
        };
        let limits = SearchLimits { max_states, budget };
        Ok(!has_accepting_run(
            &tgba,
            self.graph.initial(),
            &val,
            succ,
            &limits,
        )?)
    }
}

/// The finite-path reading of LTL over infinite words (see the module documentation): the
/// word goes on with `!alive` forever after the path's last state, and the formula speaks of
/// alive positions only, `X` needing an alive next position.
fn finite_paths(f: &Ltl, alive: &Ltl) -> Ltl {
    let t = |g: &Ltl| Box::new(finite_paths(g, alive));
    let live = |g: Ltl| Ltl::and(alive.clone(), g);
    match f {
        Ltl::True | Ltl::False | Ltl::Atom(_) => f.clone(),
        Ltl::Not(g) => Ltl::Not(t(g)),
        Ltl::And(a, b) => Ltl::And(t(a), t(b)),
        Ltl::Or(a, b) => Ltl::Or(t(a), t(b)),
        Ltl::Implies(a, b) => Ltl::Implies(t(a), t(b)),
        Ltl::Equiv(a, b) => Ltl::Equiv(t(a), t(b)),
        Ltl::Xor(a, b) => Ltl::Xor(t(a), t(b)),
        Ltl::Next(g) => Ltl::Next(Box::new(live(finite_paths(g, alive)))),
        Ltl::Finally(g) => Ltl::Finally(Box::new(live(finite_paths(g, alive)))),
        // G g = !F !g
        Ltl::Globally(g) => Ltl::not(Ltl::Finally(Box::new(live(Ltl::not(finite_paths(
            g, alive,
        )))))),
        Ltl::Until(a, b) => Ltl::Until(t(a), Box::new(live(finite_paths(b, alive)))),
        // a W b = a U b | G a; a R b = !(!a U !b); a M b = b U (a & b)
        Ltl::WeakUntil(a, b) => finite_paths(
            &Ltl::or(Ltl::Until(a.clone(), b.clone()), Ltl::Globally(a.clone())),
            alive,
        ),
        Ltl::Release(a, b) => finite_paths(
            &Ltl::not(Ltl::Until(
                Box::new(Ltl::not((**a).clone())),
                Box::new(Ltl::not((**b).clone())),
            )),
            alive,
        ),
        Ltl::StrongRelease(a, b) => finite_paths(
            &Ltl::Until(b.clone(), Box::new(Ltl::and((**a).clone(), (**b).clone()))),
            alive,
        ),
    }
}

/// The limits of a product search: the budget's time and memory, and the explicit state
/// limit on the product's states.
struct SearchLimits<'b> {
    max_states: Option<u64>,
    budget: &'b Budget,
}

/// How many product states the search explores between two looks at its limits.
const CHECK_EVERY: usize = 1 << 12;

impl SearchLimits<'_> {
    /// Fails when a limit is hit, `states` product states (with `edges` edges) being held.
    fn check(&self, states: usize, edges: usize) -> Result<()> {
        if let Some(max) = self.max_states {
            if states as u64 > max {
                return Err(Error::Limit(crate::error::Limit::States { max }));
            }
        }
        self.budget.check_states(states)?;
        // the next stretch may double the tables: ask for room first
        let bytes = states * std::mem::size_of::<((u32, usize), u32)>() * 3
            + edges * std::mem::size_of::<(u32, u64)>() * 2;
        self.budget.room(bytes as u64)
    }
}

/// Whether some infinite path from `init` (successors by `succ`, the valuation of state `s`
/// being `val[s]`, read when leaving it) is accepted by `tgba`: the reachable product, then
/// Tarjan's strongly connected components; an accepting run ends inside one component whose
/// internal edges meet every acceptance set, and such a component carries one. The product
/// is built under `limits`, checked every [`CHECK_EVERY`] states.
fn has_accepting_run(
    tgba: &ValuationTgba,
    init: u32,
    val: &[usize],
    succ: impl Fn(u32, &mut Vec<u32>),
    limits: &SearchLimits,
) -> Result<bool> {
    let mut by_state: Vec<Vec<usize>> = vec![Vec::new(); tgba.num_states];
    for (i, e) in tgba.edges.iter().enumerate() {
        by_state[e.from].push(i);
    }
    let mut index: HashMap<(u32, usize), u32> = HashMap::new();
    let mut states: Vec<(u32, usize)> = vec![(init, tgba.initial)];
    index.insert(states[0], 0);
    let mut edge_start = vec![0usize];
    let mut edges: Vec<(u32, u64)> = Vec::new();
    let mut next = Vec::new();
    let mut i = 0;
    while i < states.len() {
        if i % CHECK_EVERY == 0 {
            limits.check(states.len(), edges.len())?;
        }
        let (s, q) = states[i];
        succ(s, &mut next);
        for &ei in &by_state[q] {
            let e = &tgba.edges[ei];
            if !e.vals.contains(val[s as usize]) {
                continue;
            }
            for &t in &next {
                let key = (t, e.to);
                let id = *index.entry(key).or_insert_with(|| {
                    states.push(key);
                    (states.len() - 1) as u32
                });
                edges.push((id, e.acc));
            }
        }
        edge_start.push(edges.len());
        i += 1;
    }
    let n = states.len();
    limits.check(n, edges.len())?;
    let mask = vec![true; n];
    let comps = sccs(
        n,
        &mask,
        |v| edge_start[v as usize]..edge_start[v as usize + 1],
        |e| edges[e].0,
    );
    let mut comp_of = vec![0usize; n];
    for (ci, c) in comps.iter().enumerate() {
        for &v in c {
            comp_of[v as usize] = ci;
        }
    }
    limits.budget.check_time()?;
    let all = tgba.all_acc();
    Ok(comps.iter().enumerate().any(|(ci, c)| {
        let mut acc = 0u64;
        let mut internal = false;
        for &v in c {
            for &(w, a) in &edges[edge_start[v as usize]..edge_start[v as usize + 1]] {
                if comp_of[w as usize] == ci {
                    internal = true;
                    acc |= a;
                }
            }
        }
        internal && acc & all == all
    }))
}
