//! Printing a [`Tgba`] in the Hanoi Omega-Automata format (HOA v1, Babiak et al., CAV 2015), so
//! automata can be inspected and compared with other tools (e.g. Spot's `autfilt`).
//!
//! HOA edges are labelled by Boolean formulas over atomic propositions, not by letters. With
//! one proposition per atom, letter `i` is "`i` holds and no other atom does", and the *other*
//! letter is "no atom holds"; an edge's label is the disjunction over its letters. Valuations
//! with two atoms true never occur on action traces, and no edge reads them.

use std::fmt;

use super::{LetterSet, Tgba};

impl Tgba {
    /// The HOA text of the automaton.
    pub fn to_hoa(&self) -> String {
        self.to_string()
    }

    fn hoa_label(&self, letters: &LetterSet) -> String {
        let n = self.atoms.len();
        if n == 0 {
            return "t".into();
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
        let all = LetterSet::full(self.num_letters());
        if *letters == all {
            // every action letter: at most one atom holds
            return "t".into();
        }
        letters.iter().map(cube).collect::<Vec<_>>().join(" | ")
    }
}

/// HOA v1; the state names are the obligation sets.
impl fmt::Display for Tgba {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "HOA: v1")?;
        writeln!(f, "States: {}", self.num_states)?;
        writeln!(f, "Start: {}", self.initial)?;
        write!(f, "AP: {}", self.atoms.len())?;
        for a in &self.atoms {
            write!(f, " \"{}\"", a.replace('\\', "\\\\").replace('"', "\\\""))?;
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
            writeln!(f, "State: {s} \"{}\"", name.replace('"', "'"))?;
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
