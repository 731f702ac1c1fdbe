//! The BDD manager's sizes: the node store and apply cache a [`super::Encoding`] creates its
//! manager with, fitted to the memory limit (`--max-memory`, the cgroup's, physical memory) and
//! to the address space `RLIMIT_AS` leaves, because oxidd reserves its whole node store up front
//! and an allocation that fails there aborts the process instead of returning an error.

use num_traits::ToPrimitive;
use oxidd::bdd::BDDManagerRef;

use super::reorder::ReorderMode;
use crate::error::{Error, Limit};

/// Manager sizes. The defaults suit the RERS problems on a 24 GiB machine; tests use
/// [`ManagerOptions::small`].
#[derive(Clone, Copy, Debug)]
pub struct ManagerOptions {
    /// Hard limit on inner nodes (16 bytes each, allocated lazily).
    pub node_capacity: usize,
    /// Apply-cache entries (about 20 bytes each, allocated eagerly). oxidd clears the cache on
    /// every garbage collection, and image computations reuse entries across iterations, so it
    /// must be large (BFS on 30 dining philosophers: ten times slower with 2^16 entries than
    /// with 2^20).
    pub cache_capacity: usize,
    /// Worker threads of the manager. Parallel apply did not pay off on 2 cores for the many
    /// small operations of chaining and saturation.
    pub threads: u32,
    /// When the manager's variables are reordered ([`super::reorder`]).
    pub reorder: ReorderMode,
    /// The memory limit in bytes (see [`crate::memory`]): the node store and the apply cache
    /// are made to fit what the process has left of it when a manager is created.
    pub memory: Option<u64>,
    /// The stack of the thread that runs the BDD operations, which recurse once per variable
    /// level: an encoding with more levels than fit is refused ([`Limit::Stack`]), not left
    /// to overflow the stack (an abort). `None`: not known, not checked.
    pub stack: Option<usize>,
}

impl Default for ManagerOptions {
    fn default() -> Self {
        ManagerOptions {
            node_capacity: 1 << 30,
            cache_capacity: 1 << 24,
            threads: 1,
            reorder: ReorderMode::default(),
            memory: None,
            stack: None,
        }
    }
}

/// What a node costs: 16 bytes in the store, and its slot in the unique table of its level
/// (8-byte slots, 1.33 to 2.67 per node as the table fills and doubles).
const NODE_BYTES: u64 = 32;
/// What an apply-cache entry costs, measured on a cache of 2^24 entries
/// (docs/benchmarks.md, "Manager sizes").
const CACHE_ENTRY_BYTES: u64 = 20;
/// The smallest manager worth creating.
const MIN_NODES: usize = 1 << 16;
const MIN_CACHE: usize = 1 << 12;
/// Address space a manager leaves for everything else (thread stacks, the allocator's arenas,
/// the program): oxidd's node store reservation is one allocation of its whole capacity, which
/// under `RLIMIT_AS` aborts the process when it fails.
const ADDRESS_SPACE_MARGIN: u64 = 64 << 20;

impl ManagerOptions {
    /// The default sizes, with the apply cache scaled down for small systems: the cache is
    /// allocated eagerly (about 20 bytes an entry), and 2^24 entries cost a few hundred
    /// milliseconds to set up, which dominates the check of a system with a few thousand states.
    pub fn for_system(sys: &crate::model::System) -> Self {
        let product = sys.product_size().to_f64().unwrap_or(f64::INFINITY);
        let wanted = (product * 4.0).log2().ceil().clamp(16.0, 24.0) as u32;
        // `LTSYM_CACHE_LOG2` overrides the cache size (experiments)
        let wanted = std::env::var("LTSYM_CACHE_LOG2")
            .ok()
            .and_then(|v| v.parse::<u32>().ok())
            .map_or(wanted, |w| w.clamp(10, 30));
        ManagerOptions {
            cache_capacity: 1 << wanted,
            ..ManagerOptions::default()
        }
    }

    /// The same, with reordering `mode`.
    pub fn with_reorder(self, reorder: ReorderMode) -> Self {
        ManagerOptions { reorder, ..self }
    }

    /// For tests and small systems: a 2^16-entry cache allocates in no time.
    pub fn small() -> Self {
        ManagerOptions {
            node_capacity: 1 << 26,
            cache_capacity: 1 << 16,
            reorder: ReorderMode::Off,
            ..ManagerOptions::default()
        }
    }

    /// The same sizes, fitted to a memory limit, and the stack of the thread that will run
    /// the BDD operations.
    pub fn within(self, memory: Option<u64>, stack: Option<usize>) -> Self {
        ManagerOptions {
            memory,
            stack,
            ..self
        }
    }

    /// The node and cache capacities to create a manager with: those asked for, made to fit
    /// the memory the process has left under the limit, and the address space it has left
    /// under `RLIMIT_AS`. Everything oxidd allocates up front is within them: the node store
    /// (a reservation of 16 bytes a node, touched as nodes are made) and the apply cache
    /// (touched at once); the unique tables grow with the nodes and are counted in
    /// [`NODE_BYTES`]. The cache takes at most an eighth of what is left.
    fn fit(&self) -> Result<(usize, usize), Error> {
        let (mut nodes, mut cache) = (self.node_capacity, self.cache_capacity);
        let usage = crate::memory::usage();
        let mut shrink = |free: u64, node_share: u64| {
            while cache > MIN_CACHE && cache as u64 * CACHE_ENTRY_BYTES > free / 8 {
                cache /= 2;
            }
            let rest = free.saturating_sub(cache as u64 * CACHE_ENTRY_BYTES);
            nodes = nodes.min((rest / node_share).min(usize::MAX as u64) as usize);
        };
        if let Some(limit) = self.memory {
            shrink(
                limit.saturating_sub(usage.map_or(0, |u| u.resident)),
                NODE_BYTES,
            );
        }
        if let (Some(space), Some(u)) = (crate::memory::address_space_limit(), usage) {
            // The node store is reserved whole; it may take half of the address space left,
            // the unique tables, other managers and the heap need the rest.
            let free = space
                .saturating_sub(u.virtual_size)
                .saturating_sub(pool_stack())
                .saturating_sub(ADDRESS_SPACE_MARGIN);
            shrink(free, 2 * 16);
        }
        if nodes < MIN_NODES {
            return Err(Error::Limit(Limit::Memory { limit: None }));
        }
        Ok((nodes, cache))
    }

    /// A manager of these sizes fitted to the limits (see [`ManagerOptions::fit`]), for an
    /// encoding of `num_vars` variables.
    pub(crate) fn create(&self, num_vars: u32) -> Result<BDDManagerRef, Error> {
        let (node_capacity, cache_capacity) = self.fit()?;
        log::debug!(
            "BDD manager: {node_capacity} nodes, {cache_capacity} cache entries, {num_vars} variables"
        );
        new_manager(node_capacity, cache_capacity, self.threads)
    }
}

/// The stack oxidd gives the thread of its pool (`OXIDD_STACK_SIZE`, else 1 GiB): address
/// space a manager takes.
fn pool_stack() -> u64 {
    std::env::var("OXIDD_STACK_SIZE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1 << 30)
}

/// A manager of the given capacities; a thread pool that cannot be built (oxidd panics then)
/// is a memory limit, not a crash.
fn new_manager(nodes: usize, cache: usize, threads: u32) -> Result<BDDManagerRef, Error> {
    std::panic::catch_unwind(|| oxidd::bdd::new_manager(nodes, cache, threads)).map_err(|_| {
        log::error!("oxidd could not create a BDD manager ({nodes} nodes, {cache} cache entries)");
        Error::Limit(Limit::Memory { limit: None })
    })
}
