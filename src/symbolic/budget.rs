//! Resource limits of a symbolic computation: wall-clock time and BDD nodes.
//!
//! Fixpoint loops call [`Budget::check`] between BDD operations; a hit limit becomes
//! [`Error::Limit`], which says which limit it was and makes the CLI exit with code 3.

use std::time::{Duration, Instant};

use super::Encoding;
use crate::error::{Error, Limit};

#[derive(Clone, Debug)]
pub struct Budget {
    start: Instant,
    timeout: Option<f64>,
    max_nodes: Option<u64>,
}

impl Budget {
    pub fn unlimited() -> Budget {
        Budget::new(None, None)
    }

    /// `timeout` in seconds from now; `max_nodes` caps the manager's node count.
    pub fn new(timeout: Option<f64>, max_nodes: Option<u64>) -> Budget {
        Budget {
            start: Instant::now(),
            timeout,
            max_nodes,
        }
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Fails when a limit is exceeded.
    pub fn check(&self, enc: &Encoding) -> Result<(), Error> {
        if let Some(t) = self.timeout {
            if self.start.elapsed().as_secs_f64() > t {
                return Err(Error::Limit(Limit::Time { seconds: t }));
            }
        }
        if let Some(max) = self.max_nodes {
            if enc.manager_nodes() as u64 > max {
                // dead nodes count until collected: collect before giving up
                enc.collect_garbage();
                if enc.manager_nodes() as u64 > max {
                    return Err(Error::Limit(Limit::Nodes { max }));
                }
            }
        }
        Ok(())
    }
}
