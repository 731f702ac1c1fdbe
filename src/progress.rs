//! Progress of a long computation, logged every few seconds: one `info` line with the phase
//! (reachability, product, Emerson-Lei round, lasso, CTL fixpoint, explicit exploration), its
//! iteration, a size (states or nodes) and the time since the run began.
//!
//! Why this shape: the long loops of every engine already look at their [`Budget`] between
//! two BDD operations (or every few thousand explicit states), so the budget carries the
//! progress too ([`Budget::phase`] names what the loop does, [`Budget::check`] and
//! [`Budget::check_states`] tick), and a loop that checks its limits reports its progress
//! without more code. No global state: a budget and every share or slice cut from it share
//! one [`Progress`], so the lines of one run are rate-limited together, and a test can give
//! its run a progress of its own that keeps the lines ([`Progress::recording`]).
//!
//! A tick costs a clock reading and an uncontended lock; the size is computed only when a
//! line is due, and nothing is computed when `info` is not logged (unless recording).
//!
//! [`Budget`]: crate::limits::Budget
//! [`Budget::phase`]: crate::limits::Budget::phase
//! [`Budget::check`]: crate::limits::Budget::check
//! [`Budget::check_states`]: crate::limits::Budget::check_states

use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Seconds between two progress lines by default.
pub const EVERY: Duration = Duration::from_secs(3);

/// The progress of one run: what it does now, and when it last said so.
#[derive(Debug)]
pub struct Progress {
    start: Instant,
    every: Duration,
    state: Mutex<State>,
    /// The lines logged, kept for tests ([`Progress::recording`]).
    kept: Option<Mutex<Vec<String>>>,
}

#[derive(Debug)]
struct State {
    last: Instant,
    phase: &'static str,
    iteration: usize,
}

impl Progress {
    /// A line at most every `every`, through `log` at `info` level.
    pub fn new(every: Duration) -> Progress {
        let now = Instant::now();
        Progress {
            start: now,
            every,
            state: Mutex::new(State {
                last: now,
                phase: "start",
                iteration: 0,
            }),
            kept: None,
        }
    }

    /// As [`Progress::new`], and keeps every line it logs (see [`Progress::lines`]), whatever
    /// the log level: for tests.
    pub fn recording(every: Duration) -> Progress {
        Progress {
            kept: Some(Mutex::new(Vec::new())),
            ..Progress::new(every)
        }
    }

    /// The lines logged so far (only when recording).
    pub fn lines(&self) -> Vec<String> {
        self.kept
            .as_ref()
            .map(|k| k.lock().map(|l| l.clone()).unwrap_or_default())
            .unwrap_or_default()
    }

    /// The computation now does `phase`, in its `iteration` (counted by the loop, from 1 or 0
    /// as the loop counts; 0 where it has no iterations of its own).
    pub fn phase(&self, phase: &'static str, iteration: usize) {
        if let Ok(mut s) = self.state.lock() {
            s.phase = phase;
            s.iteration = iteration;
        }
    }

    /// Logs a line when one is due: the current phase and iteration, `size()` (such as
    /// "40,210 states" or "manager 1,203,331 nodes") and the time since the run began.
    pub fn tick(&self, size: impl FnOnce() -> String) {
        let wanted = self.kept.is_some() || log::log_enabled!(log::Level::Info);
        if !wanted {
            return;
        }
        let (phase, iteration) = {
            let Ok(mut s) = self.state.lock() else {
                return;
            };
            if s.last.elapsed() < self.every {
                return;
            }
            s.last = Instant::now();
            (s.phase, s.iteration)
        };
        let line = format!(
            "progress: {phase}, iteration {iteration}, {}, {:.1} s",
            size(),
            self.start.elapsed().as_secs_f64()
        );
        log::info!("{line}");
        if let Some(k) = &self.kept {
            if let Ok(mut k) = k.lock() {
                k.push(line);
            }
        }
    }
}

/// `n` with thousands separated by commas, as the other messages write counts.
pub fn thousands(n: usize) -> String {
    let d = n.to_string();
    let mut out = String::with_capacity(d.len() + d.len() / 3);
    for (i, c) in d.chars().enumerate() {
        if i > 0 && (d.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_rate_limited_and_name_phase_iteration_size_and_time() {
        let p = Progress::recording(Duration::from_secs(3600));
        p.phase("lasso", 4);
        p.tick(|| "manager 12 nodes".into());
        assert!(p.lines().is_empty(), "a line before its time");
        let p = Progress::recording(Duration::ZERO);
        p.phase("Emerson-Lei round", 2);
        p.tick(|| format!("manager {} nodes", thousands(1_234_567)));
        let lines = p.lines();
        assert_eq!(lines.len(), 1);
        assert!(
            lines[0]
                .starts_with("progress: Emerson-Lei round, iteration 2, manager 1,234,567 nodes, ")
                && lines[0].ends_with(" s"),
            "{}",
            lines[0]
        );
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
    }
}
