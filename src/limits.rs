//! Resource limits of a computation, for every engine: wall-clock time (and shares of it),
//! decision-diagram nodes, and slices of work.
//!
//! Fixpoint loops call [`Budget::check`] between BDD operations, the explicit engine
//! [`Budget::check_time`] every few thousand states; a hit limit becomes [`Error::Limit`],
//! which says which limit it was and makes the CLI exit with code 3 (the memory limit,
//! [`Limit::Memory`], is what a full node store reports).
//!
//! Why a crate-level module and a trait: the explicit engine is the oracle of the symbolic
//! one and must depend on nothing symbolic, yet both run under the same limits. So the budget
//! sees a node store only through [`NodeStore`] (the symbolic engine's encoding implements it),
//! and knows nothing of BDDs.

use std::cell::Cell;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::error::{Error, Limit};
use crate::memory::{MemoryLimit, Source};
use crate::progress::{thousands, Progress, EVERY};

/// A store of decision-diagram nodes whose size a [`Budget`] watches: the node and slice
/// limits count its nodes, and the budget collects its garbage when it has grown.
pub trait NodeStore {
    /// Nodes currently held (live and not yet collected).
    fn nodes(&self) -> usize;
    /// Frees the nodes nothing refers to any more.
    fn collect_garbage(&self);
    /// Whether the store wants its variables reordered now (see
    /// the symbolic engine's reorderer): a check then fails with [`Error::Reorder`].
    fn reorder_due(&self, _nodes: usize) -> bool {
        false
    }
}

#[derive(Clone, Debug)]
pub struct Budget {
    start: Instant,
    /// Count the time limit in CPU time of the process (user and system, all threads) from
    /// this many seconds of it on, rather than in wall-clock time from `start` (see
    /// [`Budget::cpu_time`]).
    cpu_start: Option<f64>,
    timeout: Option<f64>,
    max_nodes: Option<u64>,
    /// A share of the time limit (see [`Budget::share`]): seconds from `start`.
    deadline: Option<f64>,
    /// A slice of work (see [`Budget::slice`]).
    slice: Option<Slice>,
    /// Collect garbage when the manager holds more nodes than this.
    gc_at: Cell<usize>,
    /// Collections in a row, under the node limit, that left more than half the limit live.
    thrash: Cell<u32>,
    /// The memory limit, and the address space limit (`RLIMIT_AS`) when there is one.
    memory: Option<MemoryLimit>,
    address_space: Option<u64>,
    /// When the memory use was last measured (see [`Budget::check_memory`]).
    measured: Cell<Option<Instant>>,
    /// The run's progress, shared by every share and slice of the budget: the checks below
    /// tick it (see [`crate::progress`]).
    progress: Arc<Progress>,
}

/// How often the memory use is measured: reading `/proc/self/statm` costs a few microseconds,
/// and a budget is checked after every image.
const MEASURE_EVERY: Duration = Duration::from_millis(10);

/// A slice of work, in BDD nodes created.
#[derive(Clone, Debug)]
struct Slice {
    limit: usize,
    used: Cell<usize>,
    /// The manager's node count at the last check (`None` before the first).
    seen: Cell<Option<usize>>,
}

/// Dead nodes stay in the manager until a collection, and oxidd collects by itself only near
/// the node capacity (2^30 nodes, 16 GB). Collections clear the whole apply cache, which costs
/// more than they save when frequent (2017 problem 113, LTL #4: half as long again collecting
/// from 2^24 nodes on), so the first one happens at this many nodes (1 GB of nodes) and later
/// ones at [`GC_GROWTH`] times what the last one kept, or this, whichever is larger.
const GC_FLOOR: usize = 1 << 26;
const GC_GROWTH: usize = 4;
/// Collections in a row under the node limit that may leave over half of it live.
const THRASH: u32 = 64;

impl Budget {
    pub fn unlimited() -> Budget {
        Budget::new(None, None)
    }

    /// `timeout` in seconds from now; `max_nodes` caps the manager's node count.
    pub fn new(timeout: Option<f64>, max_nodes: Option<u64>) -> Budget {
        Budget {
            start: Instant::now(),
            cpu_start: None,
            timeout,
            max_nodes,
            deadline: None,
            slice: None,
            gc_at: Cell::new(GC_FLOOR),
            thrash: Cell::new(0),
            memory: None,
            address_space: None,
            measured: Cell::new(None),
            progress: Arc::new(Progress::new(EVERY)),
        }
    }

    /// The same limits, the clock started at `start` (a run's limit counts from the start of
    /// the program, reading the input included).
    pub fn started_at(self, start: Instant) -> Budget {
        Budget { start, ..self }
    }

    /// The same limits, the time limit counted in the process's CPU time (user and system, of
    /// every thread) from now on instead of wall-clock time: on a loaded machine, a run gets
    /// the computing time it was given, however many processes share the cores. `None` when
    /// the system does not measure the process's CPU time (the wall clock then stays).
    pub fn cpu_time(self) -> Option<Budget> {
        let cpu_start = process_cpu_seconds()?;
        Some(Budget {
            cpu_start: Some(cpu_start),
            ..self
        })
    }

    /// As [`Budget::cpu_time`], the CPU time counted from the start of the process (reading
    /// the input included), as `ulimit -t` counts it: what `--cpu-time` of `check` and `reach`
    /// gives. `None` when the system does not measure the process's CPU time.
    pub fn cpu_time_from_start(self) -> Option<Budget> {
        process_cpu_seconds()?;
        Some(Budget {
            cpu_start: Some(0.0),
            ..self
        })
    }

    /// Seconds counted against the time limit so far: wall-clock time since `start`, or CPU
    /// time (see [`Budget::cpu_time`]).
    fn now(&self) -> f64 {
        match self.cpu_start.zip(process_cpu_seconds()) {
            Some((from, cpu)) => cpu - from,
            None => self.start.elapsed().as_secs_f64(),
        }
    }

    /// The same limits and a memory limit: the process's resident size is kept within it,
    /// and under `RLIMIT_AS` its address space within that less a sixteenth.
    pub fn with_memory(self, memory: Option<MemoryLimit>) -> Budget {
        Budget {
            memory,
            address_space: crate::memory::address_space_limit(),
            ..self
        }
    }

    /// The memory limit, to name in errors that do not know it ([`Error::with_memory_limit`]).
    pub fn memory_limit(&self) -> Option<MemoryLimit> {
        self.memory
    }

    /// Fails when `bytes` more would take the process past the memory limit or out of its
    /// address space: asked before an allocation the budget does not see otherwise, such as a
    /// table of the explicit engine that doubles. (The kernel kills a process past its cgroup
    /// limit, and an allocation past `RLIMIT_AS` aborts it: neither can be caught after.)
    pub fn room(&self, bytes: u64) -> Result<(), Error> {
        self.check_usage(bytes)
    }

    /// Fails when the process uses more memory than the limit, measured at most every
    /// [`MEASURE_EVERY`].
    fn check_memory(&self) -> Result<(), Error> {
        if crate::reserve::exhausted() {
            // an allocation failed and was served from the reserve: stop while it lasts
            let limit = self.address_space.map(|bytes| MemoryLimit {
                bytes,
                source: Source::AddressSpace,
            });
            return Err(Error::Limit(Limit::Memory {
                limit: self.memory.or(limit),
            }));
        }
        if self.memory.is_none() && self.address_space.is_none() {
            return Ok(());
        }
        let now = Instant::now();
        if self
            .measured
            .get()
            .is_some_and(|t| now.duration_since(t) < MEASURE_EVERY)
        {
            return Ok(());
        }
        self.measured.set(Some(now));
        self.check_usage(0)
    }

    fn check_usage(&self, more: u64) -> Result<(), Error> {
        let Some(u) = crate::memory::usage() else {
            return Ok(());
        };
        if let Some(l) = self.memory {
            if u.resident + more > l.bytes {
                return Err(Error::Limit(Limit::Memory { limit: Some(l) }));
            }
        }
        if let Some(space) = self.address_space {
            if u.virtual_size + more > space - space / 16 {
                let l = MemoryLimit {
                    bytes: space,
                    source: Source::AddressSpace,
                };
                return Err(Error::Limit(Limit::Memory { limit: Some(l) }));
            }
        }
        Ok(())
    }

    /// The same limits, reporting to `progress` (a test's [`Progress::recording`], or another
    /// interval).
    pub fn with_progress(self, progress: Arc<Progress>) -> Budget {
        Budget { progress, ..self }
    }

    /// The computation now does `phase` in its `iteration`: the next progress line says so
    /// (see [`Progress::phase`]).
    pub fn phase(&self, phase: &'static str, iteration: usize) {
        self.progress.phase(phase, iteration);
    }

    /// Logs a progress line when one is due, with `size()` for the size (for a loop that knows
    /// better than the node count of [`Budget::check`], such as the states found so far).
    pub fn tick(&self, size: impl FnOnce() -> String) {
        self.progress.tick(size);
    }

    /// The same limits, and a slice of work: a computation run under the slice fails with a
    /// time limit once it has created `nodes` BDD nodes (or when a limit of `self` is hit;
    /// [`Budget::expired`] on `self` tells which). Work, not time, so that the same input
    /// always gives the same result: which of two racing searches finishes first must not
    /// depend on the machine.
    pub fn slice(&self, store: &impl NodeStore, nodes: usize) -> Budget {
        Budget {
            slice: Some(Slice {
                limit: nodes,
                used: Cell::new(0),
                seen: Cell::new(Some(store.nodes())),
            }),
            ..self.clone()
        }
    }

    /// As [`Budget::slice`], for a computation that builds its own manager: the nodes are
    /// counted from its first check on.
    pub fn work(&self, nodes: usize) -> Budget {
        Budget {
            slice: Some(Slice {
                limit: nodes,
                used: Cell::new(0),
                seen: Cell::new(None),
            }),
            ..self.clone()
        }
    }

    /// The nodes of work a slice ([`Budget::slice`], [`Budget::work`]) has counted so far
    /// (`None` without a slice).
    pub fn work_used(&self) -> Option<usize> {
        self.slice.as_ref().map(|sl| sl.used.get())
    }

    /// The same limits, and a share of the time left: a computation run under the share fails
    /// with the time limit once `seconds` have passed (or when a limit of `self` is hit;
    /// [`Budget::expired`] on `self` tells which). With no time limit, the share is unlimited.
    pub fn share(&self, seconds: f64) -> Budget {
        let now = self.now();
        Budget {
            deadline: self.timeout.map(|t| (now + seconds).min(t)),
            ..self.clone()
        }
    }

    /// The same limits without the share of [`Budget::share`]: the whole time limit.
    pub fn whole(&self) -> Budget {
        Budget {
            deadline: None,
            ..self.clone()
        }
    }

    /// Seconds left before the time limit (`None` without one).
    pub fn remaining(&self) -> Option<f64> {
        self.timeout.map(|t| (t - self.now()).max(0.0))
    }

    /// Whether the time limit, or this budget's share of it, has run out (a slice of work does
    /// not count: a computation cut short by its slice can go on).
    pub fn expired(&self) -> bool {
        let now = self.now();
        self.timeout.is_some_and(|t| now > t) || self.deadline.is_some_and(|d| now > d)
    }

    /// `r` as `Some`, or `None` when it failed because a slice of work (see [`Budget::slice`])
    /// ran out, and not a limit of `self`. A slice that runs out says `Limit::Time`; when the
    /// time or this budget's share has run out meanwhile, the error names which of the two did
    /// (the share may end between the slice's check and this one).
    pub fn unless_sliced<T>(&self, r: Result<T, Error>) -> Result<Option<T>, Error> {
        match r {
            Ok(v) => Ok(Some(v)),
            Err(Error::Limit(Limit::Time { .. })) => match self.time_out() {
                None => Ok(None),
                Some(l) => Err(Error::Limit(l)),
            },
            Err(e) => Err(e),
        }
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Fails when the time limit, or this budget's share of it, has run out, or the memory
    /// limit is exceeded (for work outside a BDD manager, such as the explicit engine's or the
    /// formula translation's).
    pub fn check_time(&self) -> Result<(), Error> {
        match self.time_out() {
            Some(l) => Err(Error::Limit(l)),
            None => self.check_memory(),
        }
    }

    /// Which time ran out, if one did: the whole run's limit, or this budget's share of it
    /// (said apart, so that a message does not blame the limit for a share).
    fn time_out(&self) -> Option<Limit> {
        let now = self.now();
        match self.timeout {
            Some(t) if now > t => Some(Limit::Time { seconds: t }),
            Some(t) if self.deadline.is_some_and(|d| now > d) => Some(Limit::Share { seconds: t }),
            _ => None,
        }
    }

    /// As [`Budget::check_time`], for a loop that has found `states` states so far: it may log
    /// a progress line with them.
    pub fn check_states(&self, states: usize) -> Result<(), Error> {
        self.progress
            .tick(|| format!("{} states", thousands(states)));
        self.check_time()
    }

    /// Fails when a limit is exceeded; may log a progress line with the store's node count.
    pub fn check(&self, store: &impl NodeStore) -> Result<(), Error> {
        let nodes = store.nodes();
        self.progress
            .tick(|| format!("manager {} nodes", thousands(nodes)));
        if nodes > self.gc_at.get() {
            store.collect_garbage();
            let live = store.nodes();
            self.gc_at.set((GC_GROWTH * live).max(GC_FLOOR));
            log::debug!("garbage collection: {nodes} -> {live} nodes");
        }
        if let Some(l) = self.time_out() {
            return Err(Error::Limit(l));
        }
        self.check_memory()?;
        if store.reorder_due(nodes) {
            return Err(Error::Reorder);
        }
        if let Some(sl) = &self.slice {
            // nodes created since the last check (a collection in between only lowers the count)
            let grown = nodes.saturating_sub(sl.seen.get().unwrap_or(nodes));
            sl.used.set(sl.used.get() + grown);
            sl.seen.set(Some(store.nodes()));
            if sl.used.get() > sl.limit {
                let seconds = self.timeout.unwrap_or(f64::INFINITY);
                return Err(Error::Limit(Limit::Time { seconds }));
            }
        }
        if let Some(max) = self.max_nodes {
            if store.nodes() as u64 > max {
                // Dead nodes count until collected: collect before giving up. When the live
                // nodes still fill half the limit collection after collection, the run
                // collects again after every few operations, each collection clearing the
                // apply cache, and hardly moves (2017 problem 113 #2 under 100,000 nodes: 115
                // collections keeping 72,000 to 75,000 nodes): after THRASH of them
                // in a row it stops. (Stopping at the first one over half the limit lost
                // 2016 problem 104's answers under 2,000 nodes.)
                store.collect_garbage();
                let live = store.nodes() as u64;
                let thrash = if live > max / 2 {
                    self.thrash.get() + 1
                } else {
                    0
                };
                self.thrash.set(thrash);
                if live > max || thrash >= THRASH {
                    return Err(Error::Limit(Limit::Nodes { max }));
                }
                log::debug!("node limit: {live} nodes live after garbage collection");
            }
        }
        Ok(())
    }
}

/// CPU time (user and system, every thread) the process has used, in seconds.
pub fn process_cpu_seconds() -> Option<f64> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the call to fill.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    (rc == 0).then_some(ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A property's share running out is said apart from the whole run's limit.
    #[test]
    fn a_share_running_out_is_not_the_time_limit() {
        let budget = Budget::new(Some(60.0), None);
        let share = budget.share(0.0);
        std::thread::sleep(Duration::from_millis(5));
        let e = share.check_time().unwrap_err();
        assert!(matches!(e, Error::Limit(Limit::Share { seconds }) if seconds == 60.0));
        assert!(
            e.to_string()
                .contains("its share of the 60 s time limit ran out"),
            "{e}"
        );
        assert!(budget.check_time().is_ok());
        let over = Budget::new(Some(0.0), None);
        std::thread::sleep(Duration::from_millis(5));
        let e = over.share(10.0).check_time().unwrap_err();
        assert_eq!(e.to_string(), "time limit of 0 s reached");
    }

    /// Under the CPU clock, a process that sleeps spends none of its time limit; one that
    /// computes does.
    #[test]
    fn the_cpu_clock_counts_computing_not_waiting() {
        // The process's CPU clock counts every thread, and the test harness runs other tests
        // in threads beside this one, which would spend the 20 ms while this one sleeps: the
        // check runs in a process of its own, alone.
        let exe = std::env::current_exe().expect("the test binary");
        let out = std::process::Command::new(exe)
            .args([
                "--exact",
                "limits::tests::cpu_clock_alone",
                "--ignored",
                "--test-threads=1",
            ])
            .output()
            .expect("the test binary runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && stdout.contains("1 passed"),
            "{stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// `cpu_time_from_start` counts the CPU time the process used before the budget was made
    /// (reading the input, as `ulimit -t` counts it); `cpu_time` counts from the budget on.
    #[test]
    fn the_cpu_clock_from_the_start_counts_what_was_spent_before() {
        let mut x = 0u64;
        for i in 0..2_000_000u64 {
            x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(i));
        }
        let used = process_cpu_seconds().expect("a CPU clock");
        assert!(used > 0.0, "the loop above spent no CPU time");
        let from_start = Budget::new(Some(1000.0), None)
            .cpu_time_from_start()
            .expect("a CPU clock");
        let from_now = Budget::new(Some(1000.0), None)
            .cpu_time()
            .expect("a CPU clock");
        let (a, b) = (
            from_start.remaining().unwrap(),
            from_now.remaining().unwrap(),
        );
        assert!(
            a <= 1000.0 - used,
            "{a} s left of 1000 after {used} s spent"
        );
        assert!(b > a, "{b} s left from now, {a} from the start");
    }

    #[test]
    #[ignore = "run alone in its own process by the_cpu_clock_counts_computing_not_waiting"]
    fn cpu_clock_alone() {
        let budget = Budget::new(Some(0.02), None)
            .cpu_time()
            .expect("a CPU clock");
        std::thread::sleep(Duration::from_millis(40));
        assert!(budget.check_time().is_ok(), "sleeping spent CPU time");
        let start = Instant::now();
        let mut x = 0u64;
        while budget.check_time().is_ok() {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "no CPU time counted"
            );
        }
        std::hint::black_box(x);
        assert!(budget.expired());
    }

    /// A slice of work that runs out after the share did is reported as the share, not as the
    /// slice's `Limit::Time` (tests/it/symbolic_ltl.rs saw the latter now and then under load).
    #[test]
    fn a_slice_out_after_the_share_names_the_share() {
        let budget = Budget::new(Some(60.0), None);
        let share = budget.share(0.0);
        std::thread::sleep(Duration::from_millis(5));
        let sliced: Result<(), Error> = Err(Error::Limit(Limit::Time { seconds: 60.0 }));
        let e = share.unless_sliced(sliced).unwrap_err();
        assert!(matches!(e, Error::Limit(Limit::Share { .. })), "{e}");
        let sliced: Result<(), Error> = Err(Error::Limit(Limit::Time { seconds: 60.0 }));
        assert!(matches!(budget.unless_sliced(sliced), Ok(None)));
    }
}
