//! Reader for order files (`--order file:PATH`): the component order, top to bottom, that a
//! BDD encoding is to use, as component names or 0-based indices separated by whitespace or
//! newlines; `#` starts a comment. The engine gets the order as plain data (a list of
//! components); reading the file is the caller's part, as for every input.

use std::path::Path;

use super::read_file;
use crate::error::{Error, ParseError, Result};
use crate::model::factor::Part;
use crate::model::{CompId, System};

/// Reads the order file `path` for `sys` ([`parse_order`]).
pub fn read_order(sys: &System, parts: &[Part], path: &Path) -> Result<Vec<CompId>> {
    parse_order(sys, parts, &read_file(path)?, path)
}

/// Reads an order: component names or 0-based indices, separated by whitespace or newlines;
/// `#` starts a comment. Every component must appear exactly once. With `parts` (a factored
/// system), a name or index may also denote a component of the input, standing for all of its
/// bits.
pub fn parse_order(sys: &System, parts: &[Part], text: &str, file: &Path) -> Result<Vec<CompId>> {
    let n = sys.components().len();
    let n_given = if parts.is_empty() { n } else { parts.len() };
    let resolve = |word: &str| -> Option<Vec<CompId>> {
        if let Some(c) = sys.components().iter().position(|c| c.name == word) {
            return Some(vec![c]);
        }
        if let Some(p) = parts.iter().find(|p| p.name == word) {
            return Some(p.comps.clone());
        }
        let i = word.parse::<usize>().ok().filter(|&i| i < n_given)?;
        Some(parts.get(i).map_or(vec![i], |p| p.comps.clone()))
    };
    let mut seen = vec![false; n];
    let mut order = Vec::with_capacity(n);
    let err = |offset: usize, msg: String| Error::Parse(ParseError::at(file, text, offset, msg));
    let mut line_start = 0;
    for line in text.split_inclusive('\n') {
        let content = line.split('#').next().unwrap_or("");
        let mut rest = content;
        while let Some(skip) = rest.find(|c: char| !c.is_whitespace()) {
            let word_start = content.len() - rest.len() + skip;
            let word = content[word_start..]
                .split(char::is_whitespace)
                .next()
                .unwrap_or("");
            let offset = line_start + word_start;
            rest = &content[word_start + word.len()..];
            let cs = resolve(word).ok_or_else(|| {
                err(
                    offset,
                    format!("`{word}` is neither a component name nor an index below {n_given}"),
                )
            })?;
            for c in cs {
                if seen[c] {
                    return Err(err(
                        offset,
                        format!("component `{}` appears twice", sys.component(c).name),
                    ));
                }
                seen[c] = true;
                order.push(c);
            }
        }
        line_start += line.len();
    }
    if let Some(c) = seen.iter().position(|&s| !s) {
        // where the missing names would go
        return Err(err(
            text.len(),
            format!(
                "the order leaves out component `{}` (and maybe more): {} of {n} given",
                sys.component(c).name,
                order.len()
            ),
        ));
    }
    Ok(order)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::SystemBuilder;

    /// Components `c0`, `c1`, `c2` of one state each.
    fn three() -> System {
        let mut b = SystemBuilder::new();
        for i in 0..3 {
            let c = b.add_component(&format!("c{i}"));
            b.add_state(c, "0").unwrap();
            b.set_start(c, 0);
        }
        b.build().unwrap()
    }

    #[test]
    fn file_orders_by_name_or_index_with_clear_errors() {
        let sys = three();
        let f = Path::new("o.txt");
        assert_eq!(
            parse_order(&sys, &[], "c2\n0 # comment\n c1", f).unwrap(),
            vec![2, 0, 1]
        );
        let e = parse_order(&sys, &[], "c2 c0", f).unwrap_err().to_string();
        assert!(
            e.starts_with("o.txt:1:6: ") && e.contains("leaves out component `c1`"),
            "{e}"
        );
        let e = parse_order(&sys, &[], "c2 c0 c0 c1", f)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("o.txt:1:7: ") && e.contains("twice"), "{e}");
        let e = parse_order(&sys, &[], "c2\nc9", f).unwrap_err().to_string();
        assert!(e.starts_with("o.txt:2:1: ") && e.contains("`c9`"), "{e}");
    }

    #[test]
    fn file_orders_of_a_factored_system_name_bits_or_whole_components() {
        // c0 is a four-cycle: two bits
        let mut b = SystemBuilder::new();
        let c0 = b.add_component("c0");
        let c1 = b.add_component("c1");
        for s in 0..4 {
            b.add_state(c0, &s.to_string()).unwrap();
        }
        b.add_state(c1, "x").unwrap();
        b.add_state(c1, "y").unwrap();
        b.set_start(c0, 0);
        b.set_start(c1, 0);
        for (i, l) in ["a", "b", "c", "d"].iter().enumerate() {
            b.add_transition(c0, i as u32, l, ((i + 1) % 4) as u32);
        }
        b.add_transition(c1, 0, "a", 1);
        let f = crate::model::factor::factor(&b.build().unwrap());
        assert_eq!(f.system.components().len(), 3);
        let p = Path::new("o.txt");
        let order = |text: &str| parse_order(&f.system, &f.parts, text, p);
        assert_eq!(order("c1 c0").unwrap(), vec![2, 0, 1]);
        assert_eq!(order("c0.b1 c1 c0.b0").unwrap(), vec![1, 2, 0]);
        assert_eq!(order("1 0").unwrap(), vec![2, 0, 1]);
        let e = order("c0 c0.b1 c1").unwrap_err().to_string();
        assert!(e.contains("`c0.b1` appears twice"), "{e}");
        // and `given` keeps each input component's bits in its place
        let given = crate::symbolic::OrderSpec::Given.compute_for(&f).unwrap();
        assert_eq!(given, vec![0, 1, 2]);
    }
}
