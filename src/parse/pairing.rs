//! Does a property file belong to a system? The atoms of the formulas against the labels.
//!
//! An atom that names no label of the system is never true, which is a legal reading (a RERS
//! property may mention a label a component never uses) and stays a warning. But when *no*
//! atom of a whole file names a label, the file was almost certainly paired with the wrong
//! system (`mcc/RERS2020-PT-pb103/model.pnml` with `2016/problem103-properties.txt`: the net's
//! labels are `l20`, the file's atoms `c0_t2`), and every verdict would be a confident answer
//! to a question nobody asked. That is an input error naming both files, unless the user says
//! it is meant (`--allow-unknown-atoms`).

use std::path::Path;

use crate::error::{Error, Result};
use crate::model::System;

/// The atoms of one property that name no label of the system.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownAtoms {
    /// The property's number in its file.
    pub property: u32,
    /// Sorted, without duplicates.
    pub atoms: Vec<String>,
}

impl UnknownAtoms {
    /// The warning, in words.
    pub fn message(&self) -> String {
        let list: Vec<String> = self.atoms.iter().map(|a| format!("`{a}`")).collect();
        format!(
            "#{}: {} {} of the system; {} never true",
            self.property,
            list.join(", "),
            if self.atoms.len() == 1 {
                "is not a label"
            } else {
                "are not labels"
            },
            if self.atoms.len() == 1 {
                "it is"
            } else {
                "they are"
            }
        )
    }
}

/// Checks the atoms of each property (`(number, atoms)`) against the labels of `sys`: the
/// properties with unknown atoms, for warnings; an error naming both files when the file has
/// atoms and none of them is a label, unless `allow` is set.
pub fn check_atoms(
    sys: &System,
    system_path: &Path,
    properties_path: &Path,
    properties: &[(u32, Vec<String>)],
    allow: bool,
) -> Result<Vec<UnknownAtoms>> {
    let mut unknown = Vec::new();
    let (mut atoms, mut known) = (0usize, 0usize);
    for (number, list) in properties {
        let mut missing: Vec<String> = list
            .iter()
            .filter(|a| sys.label_id(a).is_none())
            .cloned()
            .collect();
        missing.sort();
        missing.dedup();
        atoms += list.len();
        known += list.len() - list.iter().filter(|a| sys.label_id(a).is_none()).count();
        if !missing.is_empty() {
            unknown.push(UnknownAtoms {
                property: *number,
                atoms: missing,
            });
        }
    }
    if atoms > 0 && known == 0 && !allow {
        let mut sample: Vec<&String> = unknown.iter().flat_map(|u| &u.atoms).collect();
        sample.sort();
        sample.dedup();
        let sample: Vec<String> = sample.iter().take(3).map(|a| format!("`{a}`")).collect();
        let labels: Vec<String> = sys
            .labels()
            .iter()
            .filter(|l| !l.is_silent())
            .take(3)
            .map(|l| format!("`{}`", l.name))
            .collect();
        return Err(Error::Usage(format!(
            "no atom of {} is a label of {} (atoms such as {}; labels such as {}): the \
             property file does not seem to belong to this system. --allow-unknown-atoms checks \
             it anyway, reading every unknown atom as never true",
            properties_path.display(),
            system_path.display(),
            sample.join(", "),
            if labels.is_empty() {
                "none".to_string()
            } else {
                labels.join(", ")
            }
        )));
    }
    Ok(unknown)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::tests::two;

    fn props(list: &[&[&str]]) -> Vec<(u32, Vec<String>)> {
        list.iter()
            .enumerate()
            .map(|(i, a)| (i as u32 + 1, a.iter().map(|s| s.to_string()).collect()))
            .collect()
    }

    #[test]
    fn unknown_atoms_are_warnings_while_some_atom_is_known() {
        let sys = two();
        let u = check_atoms(
            &sys,
            Path::new("s.dot"),
            Path::new("p.txt"),
            &props(&[&["a", "x"], &["s"], &["y", "x", "y"]]),
            false,
        )
        .unwrap();
        assert_eq!(u.len(), 2);
        assert_eq!(
            u[0].message(),
            "#1: `x` is not a label of the system; it is never true"
        );
        assert_eq!(
            u[1].message(),
            "#3: `x`, `y` are not labels of the system; they are never true"
        );
    }

    #[test]
    fn a_file_without_any_known_atom_is_an_error_naming_both_files() {
        let sys = two();
        let p = props(&[&["c0_t2"], &["c1_t5", "c0_t2"]]);
        let e = check_atoms(&sys, Path::new("s.dot"), Path::new("p.txt"), &p, false).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        let m = e.to_string();
        assert!(m.contains("no atom of p.txt is a label of s.dot"), "{m}");
        assert!(m.contains("`c0_t2`, `c1_t5`"), "{m}");
        assert!(m.contains("--allow-unknown-atoms"), "{m}");
        // allowed: warnings only
        let u = check_atoms(&sys, Path::new("s.dot"), Path::new("p.txt"), &p, true).unwrap();
        assert_eq!(u.len(), 2);
        // a file without atoms (`G true`) is no wrong pairing
        assert!(check_atoms(&sys, Path::new("s"), Path::new("p"), &props(&[&[]]), false).is_ok());
    }
}
