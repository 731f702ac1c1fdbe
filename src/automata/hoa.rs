//! Printing a [`Tgba`] in the Hanoi Omega-Automata format (HOA v1, Babiak et al., CAV 2015), so
//! the automata ltsym builds can be read by other tools (Spot's `autfilt`, Owl, ...).
//!
//! HOA edges are labelled by Boolean formulas over atomic propositions, ltsym's by letters: at
//! each step exactly one label fires. The encoding keeps the language exactly: one proposition
//! per atom of the formula, letter `i` is the valuation where proposition `i` alone holds, and
//! the *other* letter (a label that is no atom) is the valuation where none holds. An edge is
//! labelled by the disjunction of the cubes of its letters, so no edge reads a valuation with
//! two propositions true: such valuations never occur on action traces, and a HOA tool that
//! reads the automaton accepts exactly the words (sequences of valuations) that correspond to
//! the action words ltsym's automaton accepts. The header says so in a comment.

use std::fmt;

use super::{LetterSet, Tgba};

impl Tgba {
    /// The HOA text of the automaton.
    pub fn to_hoa(&self) -> String {
        self.to_string()
    }

    /// The HOA label of an edge reading `letters`: the disjunction of one cube per letter.
    fn hoa_label(&self, letters: &LetterSet) -> String {
        let n = self.atoms.len();
        if n == 0 {
            // the only letter is "other"
            return if letters.contains(0) { "t" } else { "f" }.into();
        }
        let cube = |l: usize| {
            (0..n)
                .map(|i| {
                    if i == l {
                        format!("{i}")
                    } else {
                        format!("!{i}")
                    }
                })
                .collect::<Vec<_>>()
                .join("&")
        };
        let cubes: Vec<String> = letters.iter().map(cube).collect();
        if cubes.is_empty() {
            return "f".into();
        }
        cubes.join(" | ")
    }

    /// The number of letters the edges read: Spot's transition count (`%t`), which counts
    /// each valuation an edge reads once, for the valuations of action traces.
    pub fn num_transitions(&self) -> usize {
        self.edges.iter().map(|e| e.letters.iter().count()).sum()
    }
}

fn hoa_string(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// HOA v1; the state names are the obligation sets.
impl fmt::Display for Tgba {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "HOA: v1")?;
        writeln!(f, "tool: \"ltsym\" \"{}\"", env!("CARGO_PKG_VERSION"))?;
        writeln!(
            f,
            "/* One action per step: every edge reads valuations with exactly one AP true (that \
             label fires) or none (a label that is no AP fires); no edge reads two APs true. */"
        )?;
        writeln!(f, "States: {}", self.num_states)?;
        writeln!(f, "Start: {}", self.initial)?;
        write!(f, "AP: {}", self.atoms.len())?;
        for a in &self.atoms {
            write!(f, " {}", hoa_string(a))?;
        }
        writeln!(f)?;
        write!(f, "Acceptance: {}", self.num_acc)?;
        if self.num_acc == 0 {
            write!(f, " t")?;
        }
        for i in 0..self.num_acc {
            write!(f, "{}Inf({i})", if i == 0 { " " } else { "&" })?;
        }
        writeln!(f)?;
        writeln!(f, "acc-name: generalized-Buchi {}", self.num_acc)?;
        writeln!(f, "properties: trans-labels explicit-labels trans-acc")?;
        writeln!(f, "--BODY--")?;
        for s in 0..self.num_states {
            let name = self.state_names.get(s).map(String::as_str).unwrap_or("");
            writeln!(f, "State: {s} {}", hoa_string(name))?;
            for e in self.edges.iter().filter(|e| e.from == s) {
                write!(f, "[{}] {}", self.hoa_label(&e.letters), e.to)?;
                let sets: Vec<String> = (0..self.num_acc)
                    .filter(|i| e.acc >> i & 1 == 1)
                    .map(|i| i.to_string())
                    .collect();
                if !sets.is_empty() {
                    write!(f, " {{{}}}", sets.join(" "))?;
                }
                writeln!(f)?;
            }
        }
        writeln!(f, "--END--")
    }
}
