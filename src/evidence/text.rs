//! Evidence as text: one step per line, short lines.
//!
//! ```text
//! counterexample: an infinite trace that violates the property: 24 steps, then a cycle of 3 steps forever
//!   start:  component0=1 component1=14 component2=3
//!   step  1  a12_x        component1 14->15
//!   step  2  c0_t1__c2_t3 component0 1->2, component2 3->5
//!   ...
//!   step 25  a73_SIGKILL  component2 9->11   <- violation
//!            `a73_SIGKILL`: after this step no continuation can satisfy the property
//!   cycle, repeated forever from here:
//!   step 26  ...
//!   (after step 28 the system is back in the state before step 26)
//! ```
//!
//! Every line stays under [`MAX_LINE`] characters whatever the system: the start state and a
//! step with many moving components wrap onto continuation lines.

use super::record::{CycleAmong, Evidence, Shortest};

/// The longest line the rendering writes (with the caller's indent of up to 8 characters).
pub const MAX_LINE: usize = 200;

/// Where long content wraps: leaves room for the indent and a continuation prefix.
const WRAP: usize = 150;

/// `words` joined by `sep`, broken into lines of at most [`WRAP`] characters (a single longer
/// word stands on its own line, cut to fit).
fn wrap(words: &[String], sep: &str) -> Vec<String> {
    let mut lines = vec![String::new()];
    for w in words {
        let w: String = if w.chars().count() > WRAP {
            w.chars().take(WRAP - 3).chain("...".chars()).collect()
        } else {
            w.clone()
        };
        let cur = lines.last_mut().expect("lines is never empty");
        if cur.is_empty() {
            *cur = w;
        } else if cur.chars().count() + sep.len() + w.chars().count() <= WRAP {
            cur.push_str(sep);
            cur.push_str(&w);
        } else {
            lines.push(w);
        }
    }
    lines
}

/// Cuts `s` to `n` characters, marking the cut.
fn cut(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        s.chars().take(n - 3).chain("...".chars()).collect()
    }
}

/// The evidence as text, every line starting with `indent`.
pub fn render(ev: &Evidence, indent: &str) -> String {
    let mut out = String::new();
    let mut line = |s: &str| {
        out.push_str(indent);
        out.push_str(s);
        out.push('\n');
    };
    let shape = match ev.cycle_start {
        Some(_) => format!(
            "{} step{} to a cycle of {} step{} repeated forever",
            ev.prefix_len(),
            plural(ev.prefix_len()),
            ev.cycle_len(),
            plural(ev.cycle_len())
        ),
        None if ev.ends_in_deadlock => format!(
            "{} step{} into a deadlock",
            ev.steps.len(),
            plural(ev.steps.len())
        ),
        None => format!("{} step{}", ev.steps.len(), plural(ev.steps.len())),
    };
    // the first line of the explanation is the headline; each further line (a CTL note on
    // what one step shows) goes on lines of its own, after a dash
    let mut parts = ev.explanation.split('\n');
    let headline = parts.next().unwrap_or("");
    let words = |s: &str| s.split(' ').map(str::to_string).collect::<Vec<_>>();
    let head = format!("{}: {headline} ({shape})", ev.kind.as_str());
    for (i, l) in wrap(&words(&head), " ").iter().enumerate() {
        line(&format!("{}{l}", if i == 0 { "" } else { "    " }));
    }
    for note in parts {
        for (i, l) in wrap(&words(note), " ").iter().enumerate() {
            line(&format!("{}{l}", if i == 0 { "  - " } else { "    " }));
        }
    }
    if let Some(sh) = &ev.shortest {
        for (i, l) in wrap(&words(&shortest_line(sh)), " ").iter().enumerate() {
            line(&format!("{}{l}", if i == 0 { "  " } else { "    " }));
        }
    }
    let start: Vec<String> = ev
        .components
        .iter()
        .zip(&ev.initial)
        .map(|(c, s)| format!("{c}={s}"))
        .collect();
    for (i, l) in wrap(&start, " ").iter().enumerate() {
        line(&format!(
            "  {} {l}",
            if i == 0 { "start:" } else { "      " }
        ));
    }
    let num_w = ev.steps.len().to_string().len();
    let label_w = ev
        .steps
        .iter()
        .map(|s| shown(&s.label).chars().count())
        .max()
        .unwrap_or(0)
        .min(40);
    // continuation lines start where the moves do: after "  step N  LABEL  "
    let pad = " ".repeat(num_w + label_w + 11);
    for s in &ev.steps {
        if ev.cycle_start == Some(s.step) {
            line("  cycle, repeated forever from here:");
        }
        let moves: Vec<String> = s
            .moves
            .iter()
            .map(|m| format!("{} {}->{}", m.component, m.from, m.to))
            .collect();
        let violation = ev.violation.as_ref().filter(|v| v.step == s.step);
        let lines = wrap(&moves, ", ");
        for (i, mv) in lines.iter().enumerate() {
            let last = i + 1 == lines.len();
            let tail = if last && violation.is_some() {
                "   <- violation"
            } else {
                ""
            };
            let sep = if last { "" } else { "," };
            if i == 0 {
                line(&format!(
                    "  step {:>num_w$}  {:<label_w$}  {mv}{sep}{tail}",
                    s.step,
                    cut(shown(&s.label), 40)
                ));
            } else {
                line(&format!("{pad}{mv}{sep}{tail}"));
            }
        }
        if let Some(v) = violation {
            for l in wrap(
                &v.reason.split(' ').map(str::to_string).collect::<Vec<_>>(),
                " ",
            ) {
                line(&format!("{pad}{l}"));
            }
        }
    }
    match (ev.cycle_start, ev.steps.last()) {
        (Some(c), Some(last)) => line(&format!(
            "  (after step {} the system is back in the state before step {c})",
            last.step
        )),
        (None, _) if ev.ends_in_deadlock => line(&format!(
            "  (deadlock: no label can fire after {}; the path ends here)",
            match ev.steps.last() {
                Some(s) => format!("step {}", s.step),
                None => "the start".to_string(),
            }
        )),
        _ => {}
    }
    out
}

/// What is proved about how short the path is, in a sentence: each length, and whether it is
/// the least possible or which bound was proved when a limit stopped the search.
pub fn shortest_line(sh: &Shortest) -> String {
    let mut parts = Vec::new();
    let mut after_violation = false;
    if let Some(v) = sh.violation {
        parts.push(if v.steps == 0 {
            format!(
                "violated only in the limit (no bad prefix has fewer than {} steps)",
                v.at_least
            )
        } else if v.is_exact() {
            after_violation = true;
            format!("the violation at step {} (none sooner)", v.steps)
        } else {
            format!(
                "the violation at step {} (none before step {})",
                v.steps, v.at_least
            )
        });
    }
    let what = if sh.cycle.is_some() {
        "the cycle entered"
    } else {
        "the deadlock reached"
    };
    let (from, more) = match sh.from_step {
        0 => (String::new(), ""),
        n => (format!("after step {n}, "), " more"),
    };
    let p = sh.prefix;
    // a prefix searched from the initial state (the search from the violation ran out) may
    // enter the cycle before the violation
    let after_violation = after_violation && sh.violation.is_some_and(|v| p.steps >= v.steps);
    let among = sh.cycle.and(sh.cycle_among);
    parts.push(if p.is_exact() {
        let qual = match (among, after_violation) {
            (Some(CycleAmong::ThroughFirstState) | None, true) => " after that violation",
            (Some(CycleAmong::ThroughFirstState) | None, false) => "",
            (Some(_), true) => " to a cycle this short after that violation",
            (Some(_), false) => " to a cycle this short",
        };
        format!(
            "{from}{what} after {}{more} step{} (the fewest{qual})",
            p.steps,
            plural(p.steps)
        )
    } else if p.at_least == 0 {
        // nothing proved about the prefix (the explicit shortening: explicit/shorten.rs)
        format!(
            "{from}{what} after {}{more} step{}",
            p.steps,
            plural(p.steps)
        )
    } else {
        format!(
            "{from}{what} after {}{more} step{} (none sooner than {})",
            p.steps,
            plural(p.steps),
            p.at_least
        )
    });
    if let Some(c) = sh.cycle {
        let there = match (after_violation, sh.from_step) {
            (true, _) => "after the violation".to_string(),
            (false, 0) => "of the start".to_string(),
            (false, n) => format!("after step {n}"),
        };
        let n = c.steps;
        parts.push(match among {
            Some(CycleAmong::Reachable) if c.is_exact() => {
                let qual = if after_violation {
                    " after that violation"
                } else {
                    ""
                };
                format!(
                    "a cycle of {n} step{} (the shortest reachable{qual})",
                    plural(n)
                )
            }
            Some(CycleAmong::WithinSteps(d)) if c.is_exact() => format!(
                "a cycle of {n} step{} (none through a state within {d} step{} {there} is shorter)",
                plural(n),
                plural(d)
            ),
            _ if c.is_exact() => format!(
                "a cycle of {n} step{} (the shortest through its first state)",
                plural(n)
            ),
            _ => format!(
                "a cycle of {n} step{} (none through its first state is shorter than {})",
                plural(n),
                c.at_least
            ),
        });
    }
    format!("shortest: {}", parts.join("; "))
}

/// A label as printed: a silent one as `""`.
pub(crate) fn shown(label: &str) -> &str {
    if label.is_empty() {
        "\"\""
    } else {
        label
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::tests::{lasso, two};

    #[test]
    fn one_step_per_line_with_the_cycle_and_the_violation_marked() {
        let sys = two();
        let text = render(&lasso(&sys), "    ");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "    counterexample: a lasso (2 steps to a cycle of 4 steps repeated forever)"
        );
        assert_eq!(lines[1], "      start: p=p0 q=q0");
        assert_eq!(lines[2], "      step 1  a  p p0->p1   <- violation");
        assert_eq!(lines[3], format!("{}`a` fires", " ".repeat(17)));
        assert_eq!(lines[4], "      step 2  s  p p1->p0, q q0->q1");
        assert_eq!(lines[5], "      cycle, repeated forever from here:");
        assert_eq!(
            lines.last().unwrap(),
            &"      (after step 6 the system is back in the state before step 3)"
        );
        assert_eq!(lines.len(), 11);
    }

    #[test]
    fn long_contents_wrap_under_the_line_limit() {
        let sys = two();
        let mut ev = lasso(&sys);
        ev.components = (0..40).map(|i| format!("component{i}")).collect();
        ev.initial = (0..40).map(|i| format!("{}", i * 1000)).collect();
        let m = ev.steps[1].moves[0].clone();
        ev.steps[1].moves = vec![m; 30];
        ev.violation.as_mut().unwrap().reason = "word ".repeat(100);
        let text = render(&ev, "        ");
        assert!(text.lines().all(|l| l.chars().count() < MAX_LINE), "{text}");
        assert!(text.lines().count() > 14, "{text}");
    }
}
