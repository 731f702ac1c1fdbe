//! The Model Checking Contest's examinations and formulas, over the places and transitions of
//! a Petri net.
//!
//! Unlike the RERS logics, whose atoms are actions, MCC formulas speak about *states*
//! (markings): `tokens-count` sums the tokens on some places, `integer-le` compares two such
//! sums or constants, `is-fireable` holds where one of some transitions is enabled. Temporal
//! operators and path quantifiers come as the XML nests them (`grammar/mcc-formula.ebnf`): a
//! CTL formula puts a path quantifier right above each temporal operator, an LTL formula is
//! one `all-paths` above a path formula, a reachability formula is `AG` or `EF` of a state
//! formula. [`Formula`] keeps the nesting as read, with places and transitions resolved to
//! their indices in the [`crate::model::PetriNet`].
//!
//! Deadlocks and finite runs: the contest's rules do not fix in the formula files what a path
//! is when a marking has no successor. [`Deadlocks`] names the readings, and `docs/mcc.md`
//! ("Deadlocks and finite runs") gives which one the contest's agreed answers need, with the evidence.

use std::fmt;
use std::str::FromStr;

use crate::model::PetriNet;

/// The examinations of the contest on P/T nets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Examination {
    StateSpace,
    ReachabilityDeadlock,
    OneSafe,
    QuasiLiveness,
    StableMarking,
    Liveness,
    UpperBounds,
    ReachabilityCardinality,
    ReachabilityFireability,
    CtlCardinality,
    CtlFireability,
    LtlCardinality,
    LtlFireability,
}

impl Examination {
    pub const ALL: [Examination; 13] = [
        Examination::StateSpace,
        Examination::ReachabilityDeadlock,
        Examination::OneSafe,
        Examination::QuasiLiveness,
        Examination::StableMarking,
        Examination::Liveness,
        Examination::UpperBounds,
        Examination::ReachabilityCardinality,
        Examination::ReachabilityFireability,
        Examination::CtlCardinality,
        Examination::CtlFireability,
        Examination::LtlCardinality,
        Examination::LtlFireability,
    ];

    /// The name the contest gives it (`BK_EXAMINATION`, the formula file's stem).
    pub fn name(self) -> &'static str {
        match self {
            Examination::StateSpace => "StateSpace",
            Examination::ReachabilityDeadlock => "ReachabilityDeadlock",
            Examination::OneSafe => "OneSafe",
            Examination::QuasiLiveness => "QuasiLiveness",
            Examination::StableMarking => "StableMarking",
            Examination::Liveness => "Liveness",
            Examination::UpperBounds => "UpperBounds",
            Examination::ReachabilityCardinality => "ReachabilityCardinality",
            Examination::ReachabilityFireability => "ReachabilityFireability",
            Examination::CtlCardinality => "CTLCardinality",
            Examination::CtlFireability => "CTLFireability",
            Examination::LtlCardinality => "LTLCardinality",
            Examination::LtlFireability => "LTLFireability",
        }
    }

    /// The short name of the oracle files (`<model>-<short>.out`).
    pub fn short(self) -> &'static str {
        match self {
            Examination::StateSpace => "SS",
            Examination::ReachabilityDeadlock => "RD",
            Examination::OneSafe => "OS",
            Examination::QuasiLiveness => "QL",
            Examination::StableMarking => "SM",
            Examination::Liveness => "L",
            Examination::UpperBounds => "UB",
            Examination::ReachabilityCardinality => "RC",
            Examination::ReachabilityFireability => "RF",
            Examination::CtlCardinality => "CTLC",
            Examination::CtlFireability => "CTLF",
            Examination::LtlCardinality => "LTLC",
            Examination::LtlFireability => "LTLF",
        }
    }

    /// Whether the examination comes with a formula file `<name>.xml`.
    pub fn has_formulas(self) -> bool {
        matches!(
            self,
            Examination::UpperBounds
                | Examination::ReachabilityCardinality
                | Examination::ReachabilityFireability
                | Examination::CtlCardinality
                | Examination::CtlFireability
                | Examination::LtlCardinality
                | Examination::LtlFireability
        )
    }

    /// The shape its formulas must have.
    pub fn logic(self) -> Option<FormulaLogic> {
        match self {
            Examination::ReachabilityCardinality | Examination::ReachabilityFireability => {
                Some(FormulaLogic::Reachability)
            }
            Examination::CtlCardinality | Examination::CtlFireability => Some(FormulaLogic::Ctl),
            Examination::LtlCardinality | Examination::LtlFireability => Some(FormulaLogic::Ltl),
            _ => None,
        }
    }
}

impl fmt::Display for Examination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Examination {
    type Err = String;
    fn from_str(s: &str) -> Result<Examination, String> {
        Examination::ALL
            .into_iter()
            .find(|e| e.name() == s || e.short() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Examination::ALL.iter().map(|e| e.name()).collect();
                format!(
                    "unknown examination `{s}` (expected one of {})",
                    names.join(", ")
                )
            })
    }
}

/// The shape of the formulas of an examination.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormulaLogic {
    /// `AG f` or `EF f` of a state formula.
    Reachability,
    /// Every temporal operator right below a path quantifier.
    Ctl,
    /// One `all-paths` above a formula without path quantifiers.
    Ltl,
}

/// What a path is when it reaches a deadlock (a marking without successors).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Deadlocks {
    /// A deadlock repeats forever: every maximal path is infinite, `X f` at a deadlock is `f`
    /// there, `EX true` holds everywhere.
    Stutter,
    /// A path ends at its deadlock: finite maximal paths count, `X f` needs a next position
    /// (`EX true` is false at a deadlock, `AX false` true), `G f` holds on a finite path when
    /// every position satisfies `f`. The RERS CTL reading.
    Finite,
    /// Only infinite paths count: a path into a deadlock is no path (LTL as RERS reads it; an
    /// `A` formula holds vacuously where every run ends in a deadlock; in CTL, the fairness
    /// constraint "infinite": `EX`, `EF`, `E U` need a witness that can go on forever, `EG`
    /// an infinite path).
    Infinite,
}

impl Deadlocks {
    pub fn name(self) -> &'static str {
        match self {
            Deadlocks::Stutter => "stutter",
            Deadlocks::Finite => "finite",
            Deadlocks::Infinite => "infinite",
        }
    }
}

/// An integer expression: a constant, or the number of tokens on some places (indices into
/// the net's places; a place listed twice counts twice, as the sum the XML writes).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IntExpr {
    Const(u64),
    Tokens(Vec<usize>),
}

/// A formula as the MCC XML nests it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Formula {
    True,
    False,
    Not(Box<Formula>),
    And(Vec<Formula>),
    Or(Vec<Formula>),
    /// `a <= b`
    Le(IntExpr, IntExpr),
    /// Some of these transitions (indices into the net's transitions) is enabled; false for
    /// none.
    Fireable(Vec<usize>),
    AllPaths(Box<Formula>),
    ExistsPath(Box<Formula>),
    Next(Box<Formula>),
    Globally(Box<Formula>),
    Finally(Box<Formula>),
    Until(Box<Formula>, Box<Formula>),
}

/// What a property asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Query {
    /// Whether the formula holds in the initial marking.
    Holds(Formula),
    /// The most tokens these places hold together in a reachable marking (UpperBounds).
    Bound(Vec<usize>),
}

/// One property of an examination file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Property {
    /// The `<id>` as the file gives it; answers are printed with it.
    pub id: String,
    pub query: Query,
}

impl Formula {
    /// No temporal operator and no path quantifier: true or false in each marking.
    pub fn is_state(&self) -> bool {
        match self {
            Formula::True | Formula::False | Formula::Le(..) | Formula::Fireable(_) => true,
            Formula::Not(f) => f.is_state(),
            Formula::And(fs) | Formula::Or(fs) => fs.iter().all(Formula::is_state),
            _ => false,
        }
    }

    /// Whether the formula is CTL: every temporal operator is the only child of a path
    /// quantifier, and every path quantifier has a temporal operator as its child.
    pub fn is_ctl(&self) -> bool {
        match self {
            Formula::True | Formula::False | Formula::Le(..) | Formula::Fireable(_) => true,
            Formula::Not(f) => f.is_ctl(),
            Formula::And(fs) | Formula::Or(fs) => fs.iter().all(Formula::is_ctl),
            Formula::AllPaths(p) | Formula::ExistsPath(p) => match &**p {
                Formula::Next(f) | Formula::Globally(f) | Formula::Finally(f) => f.is_ctl(),
                Formula::Until(a, b) => a.is_ctl() && b.is_ctl(),
                _ => false,
            },
            _ => false,
        }
    }

    /// Whether the formula has no path quantifier (a path formula of LTL).
    pub fn is_path(&self) -> bool {
        match self {
            Formula::True | Formula::False | Formula::Le(..) | Formula::Fireable(_) => true,
            Formula::Not(f) | Formula::Next(f) | Formula::Globally(f) | Formula::Finally(f) => {
                f.is_path()
            }
            Formula::And(fs) | Formula::Or(fs) => fs.iter().all(Formula::is_path),
            Formula::Until(a, b) => a.is_path() && b.is_path(),
            Formula::AllPaths(_) | Formula::ExistsPath(_) => false,
        }
    }

    /// Whether the formula has the shape `logic` asks for (see [`FormulaLogic`]).
    pub fn fits(&self, logic: FormulaLogic) -> bool {
        match logic {
            FormulaLogic::Reachability => match self {
                Formula::AllPaths(p) => matches!(&**p, Formula::Globally(f) if f.is_state()),
                Formula::ExistsPath(p) => matches!(&**p, Formula::Finally(f) if f.is_state()),
                _ => false,
            },
            FormulaLogic::Ctl => self.is_ctl(),
            FormulaLogic::Ltl => matches!(self, Formula::AllPaths(p) if p.is_path()),
        }
    }

    /// The maximal state subformulas of a path formula, each once, in first-seen order: the
    /// atoms of its LTL form ([`Formula::to_ltl`]).
    pub fn state_atoms(&self) -> Vec<Formula> {
        let mut out = Vec::new();
        self.collect_state_atoms(&mut out);
        out
    }

    fn collect_state_atoms(&self, out: &mut Vec<Formula>) {
        if let Formula::Not(g) = self {
            // a negated state formula is the negation of its atom: one atom, not two
            return g.collect_state_atoms(out);
        }
        if self.is_state() {
            if !matches!(self, Formula::True | Formula::False) && !out.contains(self) {
                out.push(self.clone());
            }
            return;
        }
        match self {
            Formula::Not(f)
            | Formula::Next(f)
            | Formula::Globally(f)
            | Formula::Finally(f)
            | Formula::AllPaths(f)
            | Formula::ExistsPath(f) => f.collect_state_atoms(out),
            Formula::And(fs) | Formula::Or(fs) => {
                fs.iter().for_each(|f| f.collect_state_atoms(out))
            }
            Formula::Until(a, b) => {
                a.collect_state_atoms(out);
                b.collect_state_atoms(out);
            }
            _ => {}
        }
    }

    /// A path formula as LTL whose atom `p<i>` stands for `atoms[i]` (from
    /// [`Formula::state_atoms`]). Panics on a path quantifier (check [`Formula::is_path`]).
    pub fn to_ltl(&self, atoms: &[Formula]) -> crate::logic::Ltl {
        use crate::logic::Ltl;
        if let Formula::Not(f) = self {
            return Ltl::not(f.to_ltl(atoms));
        }
        if self.is_state() {
            match self {
                Formula::True => return Ltl::True,
                Formula::False => return Ltl::False,
                _ => {
                    let i = atoms
                        .iter()
                        .position(|a| a == self)
                        .expect("every maximal state subformula is an atom");
                    return Ltl::Atom(atom_name(i));
                }
            }
        }
        let fold = |fs: &[Formula], op: fn(Ltl, Ltl) -> Ltl| {
            fs.iter()
                .map(|f| f.to_ltl(atoms))
                .reduce(op)
                .expect("a non-state conjunction has operands")
        };
        match self {
            Formula::Not(f) => Ltl::not(f.to_ltl(atoms)),
            Formula::And(fs) => fold(fs, Ltl::and),
            Formula::Or(fs) => fold(fs, Ltl::or),
            Formula::Next(f) => Ltl::Next(Box::new(f.to_ltl(atoms))),
            Formula::Globally(f) => Ltl::Globally(Box::new(f.to_ltl(atoms))),
            Formula::Finally(f) => Ltl::Finally(Box::new(f.to_ltl(atoms))),
            Formula::Until(a, b) => {
                Ltl::Until(Box::new(a.to_ltl(atoms)), Box::new(b.to_ltl(atoms)))
            }
            _ => panic!("to_ltl on a formula with a path quantifier"),
        }
    }
}

/// The name of LTL atom `i` in [`Formula::to_ltl`].
pub fn atom_name(i: usize) -> String {
    format!("p{i}")
}

/// The formula in the contest's text syntax (the `.txt` files), places and transitions named
/// by their ids in `net`.
pub fn display<'a>(f: &'a Formula, net: &'a PetriNet) -> impl fmt::Display + 'a {
    Show { f, net }
}

struct Show<'a> {
    f: &'a Formula,
    net: &'a PetriNet,
}

impl<'a> Show<'a> {
    fn sub(&self, f: &'a Formula) -> Show<'a> {
        Show { f, net: self.net }
    }

    fn int(&self, e: &IntExpr, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        match e {
            IntExpr::Const(n) => write!(out, "{n}"),
            IntExpr::Tokens(ps) => {
                let names: Vec<String> = ps
                    .iter()
                    .map(|&p| format!("\"{}\"", self.net.places[p].id))
                    .collect();
                write!(out, "tokens-count({})", names.join(", "))
            }
        }
    }
}

impl fmt::Display for Show<'_> {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |out: &mut fmt::Formatter<'_>, fs: &[Formula], op: &str, empty: &str| {
            if fs.is_empty() {
                return write!(out, "{empty}");
            }
            write!(out, "(")?;
            for (i, f) in fs.iter().enumerate() {
                if i > 0 {
                    write!(out, " {op} ")?;
                }
                write!(out, "{}", self.sub(f))?;
            }
            write!(out, ")")
        };
        match self.f {
            Formula::True => write!(out, "true"),
            Formula::False => write!(out, "false"),
            Formula::Not(f) => write!(out, "(! {})", self.sub(f)),
            Formula::And(fs) => list(out, fs, "&", "true"),
            Formula::Or(fs) => list(out, fs, "|", "false"),
            Formula::Le(a, b) => {
                write!(out, "(")?;
                self.int(a, out)?;
                write!(out, " <= ")?;
                self.int(b, out)?;
                write!(out, ")")
            }
            Formula::Fireable(ts) => {
                let names: Vec<String> = ts
                    .iter()
                    .map(|&t| format!("\"{}\"", self.net.transitions[t].id))
                    .collect();
                write!(out, "is-fireable({})", names.join(", "))
            }
            Formula::AllPaths(f) => write!(out, "A {}", self.sub(f)),
            Formula::ExistsPath(f) => write!(out, "E {}", self.sub(f)),
            Formula::Next(f) => write!(out, "(X {})", self.sub(f)),
            Formula::Globally(f) => write!(out, "(G {})", self.sub(f)),
            Formula::Finally(f) => write!(out, "(F {})", self.sub(f)),
            Formula::Until(a, b) => write!(out, "({} U {})", self.sub(a), self.sub(b)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn le(p: usize, n: u64) -> Formula {
        Formula::Le(IntExpr::Tokens(vec![p]), IntExpr::Const(n))
    }

    #[test]
    fn shapes() {
        let ag = Formula::AllPaths(Box::new(Formula::Globally(Box::new(le(0, 0)))));
        assert!(ag.fits(FormulaLogic::Reachability));
        assert!(ag.fits(FormulaLogic::Ctl));
        assert!(ag.fits(FormulaLogic::Ltl));
        // A (F p & G q): LTL, not CTL
        let ltl = Formula::AllPaths(Box::new(Formula::And(vec![
            Formula::Finally(Box::new(le(0, 0))),
            Formula::Globally(Box::new(le(1, 0))),
        ])));
        assert!(ltl.fits(FormulaLogic::Ltl) && !ltl.fits(FormulaLogic::Ctl));
        // AG EF p: CTL, not LTL
        let ctl = Formula::AllPaths(Box::new(Formula::Globally(Box::new(Formula::ExistsPath(
            Box::new(Formula::Finally(Box::new(le(0, 0)))),
        )))));
        assert!(ctl.fits(FormulaLogic::Ctl) && !ctl.fits(FormulaLogic::Ltl));
        assert!(!ctl.fits(FormulaLogic::Reachability));
    }

    #[test]
    fn ltl_atoms_are_the_maximal_state_subformulas() {
        let s = Formula::And(vec![le(0, 0), Formula::Fireable(vec![2])]);
        let f = Formula::Until(
            Box::new(s.clone()),
            Box::new(Formula::Next(Box::new(Formula::Not(Box::new(s.clone()))))),
        );
        let atoms = f.state_atoms();
        assert_eq!(atoms, vec![s]);
        assert_eq!(f.to_ltl(&atoms).to_string(), "(p0 U X !p0)");
    }

    #[test]
    fn examination_names() {
        for e in Examination::ALL {
            assert_eq!(e.name().parse::<Examination>(), Ok(e));
            assert_eq!(e.short().parse::<Examination>(), Ok(e));
        }
        assert!("CTL".parse::<Examination>().is_err());
    }
}
