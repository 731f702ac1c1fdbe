//! Evidence as a Graphviz picture (`dot -Tsvg x.dot -o x.svg`).
//!
//! One node per distinct global state of the path, numbered as in the text and JSON forms (0
//! the initial state, pointed at by an arrow from nowhere); one edge per distinct step, labelled
//! with its step numbers and label. The last step of a lasso is drawn back to the cycle's first
//! state in blue, the cycle's first state is doubly circled, the violating step is red, and a
//! deadlock at the end is a grey box. Each node's tooltip (shown on hover in the SVG) lists
//! every component's local state, each edge's the components that move.

use std::collections::BTreeMap;

use super::record::Evidence;
use super::text::shown;

/// A double-quoted Graphviz string.
fn quote(s: &str) -> String {
    let mut q = String::with_capacity(s.len() + 2);
    q.push('"');
    for c in s.chars() {
        match c {
            '"' => q.push_str("\\\""),
            '\\' => q.push_str("\\\\"),
            '\n' => q.push_str("\\n"),
            c => q.push(c),
        }
    }
    q.push('"');
    q
}

/// At most three step numbers, then how many there are.
fn step_list(steps: &[usize]) -> String {
    let shown: Vec<String> = steps.iter().take(3).map(|s| s.to_string()).collect();
    if steps.len() > 3 {
        format!("{}, ... ({} times)", shown.join(", "), steps.len())
    } else {
        shown.join(", ")
    }
}

pub fn render(ev: &Evidence) -> String {
    let mut out = format!("digraph {} {{\n", ev.kind.as_str());
    out += &format!("  // {}\n", ev.explanation.replace('\n', " "));
    if let Some(sh) = &ev.shortest {
        out += &format!("  // {}\n", super::text::shortest_line(sh));
    }
    out += "  node [shape=circle, fontsize=10];\n  edge [fontsize=10];\n";
    out += "  start [shape=point];\n  start -> s0;\n";
    let cycle_state = ev
        .cycle_start
        .map(|c| if c >= 2 { ev.steps[c - 2].state } else { 0 });
    let dead_state = ev.steps.last().map_or(0, |s| s.state).to_owned();
    for (i, s) in ev.states.iter().enumerate() {
        let tip: Vec<String> = ev
            .components
            .iter()
            .zip(s)
            .map(|(c, v)| format!("{c}={v}"))
            .collect();
        let mut attrs = vec![
            format!("label={}", quote(&i.to_string())),
            format!("tooltip={}", quote(&tip.join("\n"))),
        ];
        if cycle_state == Some(i) {
            attrs.push("peripheries=2".into());
            attrs.push("xlabel=\"cycle\"".into());
        }
        if ev.ends_in_deadlock && i == dead_state {
            attrs.push("shape=box, style=filled, fillcolor=lightgrey".into());
            attrs.push("xlabel=\"deadlock\"".into());
        }
        out += &format!("  s{i} [{}];\n", attrs.join(", "));
    }
    // distinct steps, in the order they first occur
    let mut edges: BTreeMap<(usize, &str, usize), (usize, Vec<usize>)> = BTreeMap::new();
    let mut from = 0;
    for (k, s) in ev.steps.iter().enumerate() {
        edges
            .entry((from, s.label.as_str(), s.state))
            .or_insert((k, Vec::new()))
            .1
            .push(s.step);
        from = s.state;
    }
    let mut ordered: Vec<_> = edges.into_iter().collect();
    ordered.sort_by_key(|(_, (first, _))| *first);
    let last = ev.steps.last().map(|s| s.step);
    for ((from, label, to), (first, steps)) in ordered {
        let moves: Vec<String> = ev.steps[first]
            .moves
            .iter()
            .map(|m| format!("{} {}->{}", m.component, m.from, m.to))
            .collect();
        let mut attrs = vec![
            format!(
                "label={}",
                quote(&format!("{}: {}", step_list(&steps), shown(label)))
            ),
            format!("tooltip={}", quote(&moves.join("\n"))),
        ];
        let violating = ev
            .violation
            .as_ref()
            .is_some_and(|v| steps.contains(&v.step));
        if violating {
            attrs.push("color=red, fontcolor=red, penwidth=2".into());
        }
        if !violating && ev.cycle_start.is_some() && steps.contains(&last.unwrap_or(0)) {
            // the loop drawn back (dot reverses it to lay the path out top to bottom; marking
            // it `constraint=false` instead crashes Graphviz 2.43 on the RERS 2017 lassos)
            attrs.push("color=blue, fontcolor=blue".into());
        }
        out += &format!("  s{from} -> s{to} [{}];\n", attrs.join(", "));
    }
    out += "}\n";
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::tests::{lasso, two};

    #[test]
    fn nodes_edges_the_loop_and_the_violation() {
        let sys = two();
        let dot = render(&lasso(&sys));
        assert!(dot.starts_with("digraph counterexample {\n"), "{dot}");
        assert!(dot.contains("start -> s0;"), "{dot}");
        // 4 global states; the cycle starts in the state after step 2
        assert_eq!(dot.matches("tooltip=\"p=").count(), 4, "{dot}");
        assert!(dot.contains("s2 [label=\"2\", tooltip=\"p=p0\\nq=q1\", peripheries=2"));
        // steps 1 and 5 are one edge; step 1 violates
        assert!(
            dot.contains("s0 -> s1 [label=\"1, 5: a\", tooltip=\"p p0->p1\", color=red"),
            "{dot}"
        );
        // the last step closes the loop
        assert!(
            dot.contains(
                "s1 -> s2 [label=\"2, 6: s\", tooltip=\"p p1->p0\\nq q0->q1\", color=blue"
            ),
            "{dot}"
        );
        assert!(dot.ends_with("}\n"));
    }

    #[test]
    fn quotes_and_backslashes_are_escaped() {
        assert_eq!(quote("a\"b\\c\nd"), "\"a\\\"b\\\\c\\nd\"");
    }
}
