//! Counterexamples and witnesses as a person reads them, and as other tools load them.
//!
//! The engines give evidence as a path of labels from the initial state, maybe ending in a
//! cycle (a lasso) or in a deadlock. This stage turns it into something a researcher can read
//! and take elsewhere:
//! 1. [`replay()`]: the labels are fired one by one on the explicit system (the successor
//!    relation of [`crate::explicit::graph`], nothing symbolic), which gives the global state
//!    after every step and checks the path is real: a lasso must close, a deadlock must be one.
//!    Evidence that does not replay is an internal error, never printed.
//! 2. [`Evidence::new`]: per step, the label and the local state change of every component that
//!    takes part in it, with component and state names as in the input (`.dot` node ids,
//!    Promela state numbers, PNML place ids); where the cycle starts; the step that violates
//!    the property, when [`violation`] can say so soundly.
//! 3. The renderers: [`text`] (one step per line), [`dot`] (Graphviz, the loop drawn back),
//!    [`aut`] (Aldebaran, for CADP and mCRL2) and JSON (the [`Evidence`] value itself, through
//!    serde).
//!
//! Steps are numbered from 1: step `k` fires the `k`-th label and leads from global state
//! `k - 1` to global state `k`; state 0 is the initial state.

pub mod aut;
pub mod dot;
pub mod files;
pub mod record;
pub mod replay;
pub mod text;
pub mod violation;

pub use files::{file_format, write_file, write_files, FileFormat};
pub use record::{Bound, CycleAmong, Evidence, Kind, Mark, Move, Shortest, Step};
pub use replay::{replay, End, Run};

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::model::{System, SystemBuilder};

    /// Two components: `p` cycles `p0 -a-> p1 -s-> p0`, `q` moves `q0 -s-> q1 -s-> q0`; `s`
    /// synchronises them.
    pub(crate) fn two() -> System {
        let mut b = SystemBuilder::new();
        let p = b.add_component("p");
        let q = b.add_component("q");
        let p0 = b.add_state(p, "p0").unwrap();
        let p1 = b.add_state(p, "p1").unwrap();
        let q0 = b.add_state(q, "q0").unwrap();
        let q1 = b.add_state(q, "q1").unwrap();
        b.set_start(p, p0);
        b.set_start(q, q0);
        b.add_transition(p, p0, "a", p1);
        b.add_transition(p, p1, "s", p0);
        b.add_transition(q, q0, "s", q1);
        b.add_transition(q, q1, "s", q0);
        b.build().unwrap()
    }

    pub(crate) fn lasso(sys: &System) -> Evidence {
        let (a, s) = (sys.label_id("a").unwrap(), sys.label_id("s").unwrap());
        // a s (a s a s)^ω: the cycle starts at step 3 and returns to the state after step 2
        let run = replay(sys, &[a, s, a, s, a, s], End::Cycle(2)).unwrap();
        let mark = Mark {
            step: 1,
            reason: "`a` fires".into(),
        };
        Evidence::new(sys, &run, Kind::Counterexample, "a lasso", Some(mark))
    }

    #[test]
    fn steps_name_the_moving_components_and_their_states() {
        let sys = two();
        let ev = lasso(&sys);
        assert_eq!(ev.initial, ["p0", "q0"]);
        assert_eq!(ev.steps.len(), 6);
        assert_eq!(ev.cycle_start, Some(3));
        assert_eq!((ev.prefix_len(), ev.cycle_len()), (2, 4));
        let s2 = &ev.steps[1];
        assert_eq!(s2.label, "s");
        let moves: Vec<_> = s2
            .moves
            .iter()
            .map(|m| format!("{} {}->{}", m.component, m.from, m.to))
            .collect();
        assert_eq!(moves, ["p p1->p0", "q q0->q1"]);
        // states: (p0,q0) (p1,q0) (p0,q1) (p1,q1) (p0,q0) (p1,q0) (p0,q1)
        let ids: Vec<usize> = ev.steps.iter().map(|s| s.state).collect();
        assert_eq!(ids, [1, 2, 3, 0, 1, 2]);
        assert_eq!(ev.states.len(), 4);
        let json = ev.to_json();
        assert!(json.contains(r#""cycle_start":3"#), "{json}");
        assert!(
            json.contains(r#"{"component":"q","from":"q0","to":"q1"}"#),
            "{json}"
        );
        assert!(json.contains(r#""violation":{"step":1"#), "{json}");
    }

    #[test]
    fn files_are_named_after_the_path_and_the_property() {
        let sys = two();
        let ev = lasso(&sys);
        let dir = std::env::temp_dir().join(format!("ltsym-ev-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let w = write_files(&[(3, &ev), (7, &ev)], &dir.join("x.aut"), false).unwrap();
        assert_eq!(w, [dir.join("x-3.aut"), dir.join("x-7.aut")]);
        assert!(std::fs::read_to_string(&w[1])
            .unwrap()
            .starts_with("des (0, 4, 4)"));
        let w = write_files(&[(3, &ev)], &dir.join("x.json"), true).unwrap();
        assert_eq!(w, [dir.join("x.json")]);
        let e = write_files(&[(3, &ev)], &dir.join("x.png"), true).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
