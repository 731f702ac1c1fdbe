//! How much memory ltsym may use, and how much it uses: the default of `--max-memory` and the
//! measurements behind "memory limit of X reached".
//!
//! A job's memory is bounded in three places, and the smallest bound wins:
//! * the machine's physical memory (`MemTotal` of `/proc/meminfo`);
//! * the memory limit of the process's control group, which is how Slurm (`--mem`), Docker and
//!   systemd limit a job: cgroup v2 `memory.max`, cgroup v1 `memory.limit_in_bytes`, on the
//!   group's path and every group above it (a parent's limit covers its children);
//! * `RLIMIT_AS` (`ulimit -v`), which bounds address space, not resident memory: a reservation
//!   counts in full whether or not it is touched.
//!
//! The first two bound resident memory; the kernel kills a process that goes past a cgroup
//! limit, without a message. The third makes an allocation fail, which Rust turns into an
//! abort. Both are avoided the same way: everything large is sized within the limit up front
//! (the BDD node store and apply cache, see `ManagerOptions`), and the resident and virtual
//! sizes are measured between steps of work, so that ltsym stops with "memory limit of X
//! reached" (exit 3) before the kernel or the allocator stops it.
//!
//! The physical memory, the page size and `RLIMIT_AS` come from libc (`sysconf`, `getrlimit`),
//! the usage and the control group from `/proc` and `/sys` (Linux: no call gives the resident
//! size now or the group's limit). Where a figure cannot be had, it is unknown, and no limit
//! applies unless `--max-memory` gives one.

use std::fmt;
use std::path::{Path, PathBuf};

/// Where a memory limit comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// `--max-memory`.
    Given,
    /// The machine's physical memory.
    Physical,
    /// The control group's memory limit (a Slurm job's `--mem`, a container's limit).
    Cgroup,
    /// `RLIMIT_AS` (`ulimit -v`).
    AddressSpace,
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Source::Given => "--max-memory",
            Source::Physical => "physical memory",
            Source::Cgroup => "the control group's memory limit",
            Source::AddressSpace => "RLIMIT_AS, ulimit -v",
        })
    }
}

/// A memory limit in bytes, and where it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryLimit {
    pub bytes: u64,
    pub source: Source,
}

impl fmt::Display for MemoryLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.source {
            Source::Given => write!(f, "{}", format_size(self.bytes)),
            s => write!(f, "{} ({s})", format_size(self.bytes)),
        }
    }
}

/// The bounds the machine puts on this process (each `None` where there is none or it cannot
/// be read).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Machine {
    pub physical: Option<u64>,
    pub cgroup: Option<u64>,
    pub address_space: Option<u64>,
}

impl Machine {
    /// Reads the bounds of this process.
    pub fn read() -> Machine {
        Machine {
            physical: physical_memory(),
            cgroup: cgroup_limit(),
            address_space: address_space_limit(),
        }
    }

    /// The smallest bound, and where it comes from.
    pub fn smallest(&self) -> Option<MemoryLimit> {
        [
            (self.physical, Source::Physical),
            (self.cgroup, Source::Cgroup),
            (self.address_space, Source::AddressSpace),
        ]
        .into_iter()
        .filter_map(|(b, source)| b.map(|bytes| MemoryLimit { bytes, source }))
        .min_by_key(|l| l.bytes)
    }

    /// The default of `--max-memory`: the smallest bound less a margin for what is not ours to
    /// size (the program, its stacks and libraries, the kernel's bookkeeping, and under a
    /// physical bound the rest of the machine): a sixteenth, at least 32 MiB, at most 1 GiB.
    pub fn default_limit(&self) -> Option<MemoryLimit> {
        self.smallest().map(|l| MemoryLimit {
            bytes: l.bytes.saturating_sub(margin(l.bytes)),
            ..l
        })
    }

    /// The limit to work under: `given` (from `--max-memory`), but never above the default,
    /// since going past the machine's bound kills or aborts the process instead of stopping
    /// it cleanly; a warning says when `given` is lowered.
    pub fn limit(&self, given: Option<u64>) -> Option<MemoryLimit> {
        let default = self.default_limit();
        match (given, default) {
            (Some(g), Some(d)) if g > d.bytes => {
                log::warn!(
                    "--max-memory {} is more than this machine allows: working within {d}",
                    format_size(g)
                );
                Some(d)
            }
            (Some(bytes), _) => Some(MemoryLimit {
                bytes,
                source: Source::Given,
            }),
            (None, d) => d,
        }
    }
}

fn margin(bytes: u64) -> u64 {
    (bytes / 16).clamp(32 << 20, 1 << 30)
}

/// Stack that BDD operations need per variable level. They recurse once per level; 260 bytes
/// a level were measured (docs/benchmarks.md, "Stack per level"); this allows four times that.
pub const STACK_PER_LEVEL: usize = 1024;

/// The stack of the thread that runs the engines: 512 MiB, room for half a million variable
/// levels (untouched stack costs address space, not memory), or an eighth of the address space
/// left under `RLIMIT_AS`, at least 16 MiB.
pub fn worker_stack() -> usize {
    const WANTED: u64 = 512 << 20;
    let left = match (address_space_limit(), usage()) {
        (Some(limit), Some(u)) => limit.saturating_sub(u.virtual_size) / 8,
        _ => WANTED,
    };
    left.clamp(16 << 20, WANTED) as usize
}

/// Resident and virtual size of this process, in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Usage {
    pub resident: u64,
    pub virtual_size: u64,
}

/// The process's usage now (`/proc/self/statm`: sizes in pages; `/proc/self/smaps` would cost
/// far more to read, and `getrusage` gives only the peak).
pub fn usage() -> Option<Usage> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let mut fields = statm.split_whitespace().map(|f| f.parse::<u64>().ok());
    let pages = fields.next()??;
    let resident = fields.next()??;
    let page = page_size()?;
    Some(Usage {
        resident: resident * page,
        virtual_size: pages * page,
    })
}

/// `sysconf(name)`, where it has a value.
#[cfg(unix)]
fn sysconf(name: libc::c_int) -> Option<u64> {
    // SAFETY: sysconf reads a configuration value; it has no preconditions.
    let v = unsafe { libc::sysconf(name) };
    u64::try_from(v).ok().filter(|&v| v > 0)
}

/// The size of a memory page in bytes.
#[cfg(unix)]
fn page_size() -> Option<u64> {
    sysconf(libc::_SC_PAGESIZE)
}

#[cfg(not(unix))]
fn page_size() -> Option<u64> {
    None
}

/// The machine's physical memory (on Linux, `MemTotal` of `/proc/meminfo`).
#[cfg(unix)]
pub fn physical_memory() -> Option<u64> {
    Some(sysconf(libc::_SC_PHYS_PAGES)?.saturating_mul(page_size()?))
}

#[cfg(not(unix))]
pub fn physical_memory() -> Option<u64> {
    None
}

/// The soft `RLIMIT_AS` of this process (`ulimit -v`), `None` when unlimited.
#[cfg(unix)]
pub fn address_space_limit() -> Option<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the limit into the struct it is given, which lives here.
    if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) } != 0 {
        return None;
    }
    (limit.rlim_cur != libc::RLIM_INFINITY).then_some(limit.rlim_cur)
}

#[cfg(not(unix))]
pub fn address_space_limit() -> Option<u64> {
    None
}

/// The smallest memory limit of this process's control group and the groups above it.
pub fn cgroup_limit() -> Option<u64> {
    let cgroup = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let mountinfo = std::fs::read_to_string("/proc/self/mountinfo").ok()?;
    cgroup_limit_in(&cgroup, &mountinfo, Path::new("/"))
}

/// As [`cgroup_limit`], from the text of `/proc/self/cgroup` and `/proc/self/mountinfo`, with
/// the file system under `root` (a test's directory).
pub fn cgroup_limit_in(cgroup: &str, mountinfo: &str, root: &Path) -> Option<u64> {
    let mut best: Option<u64> = None;
    for line in cgroup.lines() {
        // "hierarchy-ID:controllers:path"; v2 is "0::path"
        let mut parts = line.splitn(3, ':');
        let (Some(_), Some(controllers), Some(path)) = (parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        let (v2, file) = if controllers.is_empty() {
            (true, "memory.max")
        } else if controllers.split(',').any(|c| c == "memory") {
            (false, "memory.limit_in_bytes")
        } else {
            continue;
        };
        let Some((mount, mount_root)) = cgroup_mount(mountinfo, v2) else {
            continue;
        };
        // the group's directory: its path relative to the root of the mounted hierarchy
        let rel = path
            .strip_prefix(mount_root.as_str())
            .unwrap_or(path)
            .trim_start_matches('/');
        let mount = root.join(mount.strip_prefix("/").unwrap_or(&mount));
        let mut dir = mount.join(rel);
        loop {
            if let Some(limit) = read_limit(&dir.join(file)) {
                best = Some(best.map_or(limit, |b| b.min(limit)));
            }
            if dir == mount || !dir.pop() || !dir.starts_with(&mount) {
                break;
            }
        }
    }
    best
}

/// The mount point and mounted root of the cgroup hierarchy (v2, or v1 with the memory
/// controller), from `/proc/self/mountinfo`.
fn cgroup_mount(mountinfo: &str, v2: bool) -> Option<(PathBuf, String)> {
    mountinfo.lines().find_map(|line| {
        // "id parent major:minor root mount-point options [optional...] - fstype source super-options"
        let (left, right) = line.split_once(" - ")?;
        let left: Vec<&str> = left.split_whitespace().collect();
        let mut right = right.split_whitespace();
        let fstype = right.next()?;
        let _source = right.next();
        let options = right.next().unwrap_or("");
        let wanted = if v2 {
            fstype == "cgroup2"
        } else {
            fstype == "cgroup" && options.split(',').any(|o| o == "memory")
        };
        (wanted && left.len() >= 5).then(|| (PathBuf::from(left[4]), left[3].to_string()))
    })
}

/// A limit file's value; "max" and the huge values v1 uses for none are `None`.
fn read_limit(file: &Path) -> Option<u64> {
    let text = std::fs::read_to_string(file).ok()?;
    let v: u64 = text.trim().parse().ok()?;
    (v < 1 << 60).then_some(v)
}

/// Reads a size as `--max-memory` takes it: a number of bytes with an optional unit `K`, `M`,
/// `G` or `T` (powers of 1024, as in Slurm's `--mem` and `ulimit`; `KB`, `KiB` and lower case
/// mean the same). Zero, negative and non-finite sizes are errors.
pub fn parse_size(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let shift = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        "t" | "tb" | "tib" => 40,
        _ => {
            return Err(format!(
                "`{s}` is not a size: a number with an optional unit K, M, G or T (e.g. 4G, 300M)"
            ))
        }
    };
    let value: f64 = number
        .parse()
        .map_err(|_| format!("`{s}` is not a size: it must start with a number (e.g. 4G)"))?;
    let bytes = value * (1u64 << shift) as f64;
    // (a NaN fails every comparison, so the test is written to fail it)
    let usable = bytes >= 1.0 && bytes < u64::MAX as f64;
    if !usable {
        return Err(format!(
            "`{s}` is not a usable memory size: give at least one byte"
        ));
    }
    Ok(bytes as u64)
}

/// A size for people: `300 MiB`, `1.9 GiB`.
pub fn format_size(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut v = bytes as f64;
    let mut u = 0;
    while v >= 1024.0 && u + 1 < UNITS.len() {
        v /= 1024.0;
        u += 1;
    }
    if u == 0 || v >= 100.0 || v.fract() == 0.0 {
        format!("{v:.0} {}", UNITS[u])
    } else {
        format!("{v:.1} {}", UNITS[u])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(parse_size("300M"), Ok(300 << 20));
        assert_eq!(parse_size("4G"), Ok(4 << 30));
        assert_eq!(parse_size("4 GiB"), Ok(4 << 30));
        assert_eq!(parse_size("1.5g"), Ok(3 << 29));
        assert_eq!(parse_size("512k"), Ok(512 << 10));
        assert_eq!(parse_size("1000000"), Ok(1_000_000));
        for bad in [
            "",
            "0",
            "0M",
            "-1G",
            "nan",
            "NaNG",
            "inf",
            "G",
            "4X",
            "1e3",
            "99999999T",
        ] {
            assert!(parse_size(bad).is_err(), "{bad} accepted");
        }
        assert_eq!(format_size(300 << 20), "300 MiB");
        assert_eq!(format_size(2_048_000_000), "1.9 GiB");
        assert_eq!(format_size(4 << 30), "4 GiB");
        assert_eq!(format_size(999), "999 B");
    }

    /// libc's figures are the kernel's: the physical memory is `MemTotal` of `/proc/meminfo`,
    /// the address space limit the soft "Max address space" of `/proc/self/limits`.
    #[cfg(target_os = "linux")]
    #[test]
    fn libc_agrees_with_proc() {
        let field = |file: &str, key: &str| -> Option<String> {
            let text = std::fs::read_to_string(file).ok()?;
            let line = text.lines().find(|l| l.starts_with(key))?;
            Some(line[key.len()..].split_whitespace().next()?.to_string())
        };
        let kib: u64 = field("/proc/meminfo", "MemTotal:")
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(physical_memory(), Some(kib * 1024));
        let soft = field("/proc/self/limits", "Max address space").unwrap();
        assert_eq!(address_space_limit(), soft.parse().ok());
        let u = usage().unwrap();
        assert!(u.resident > 0 && u.virtual_size >= u.resident, "{u:?}");
    }

    #[test]
    fn the_smallest_bound_less_a_margin_is_the_default() {
        let m = Machine {
            physical: Some(24 << 30),
            cgroup: Some(4 << 30),
            address_space: None,
        };
        let d = m.default_limit().unwrap();
        assert_eq!(
            (d.bytes, d.source),
            ((4 << 30) - (256 << 20), Source::Cgroup)
        );
        // a given limit is kept below the default
        assert_eq!(m.limit(Some(1 << 30)).unwrap().source, Source::Given);
        assert_eq!(m.limit(Some(8 << 30)), Some(d));
        assert_eq!(Machine::default().limit(None), None);
        assert_eq!(m.limit(Some(300 << 20)).unwrap().to_string(), "300 MiB");
        assert_eq!(d.to_string(), "3.8 GiB (the control group's memory limit)");
    }

    /// A cgroup file system under a temporary root, as in a Slurm job (v2) and a Docker
    /// container (v1 mounted at the group itself).
    #[test]
    fn cgroup_limits_along_the_path() {
        let root = std::env::temp_dir().join(format!("ltsym-cgroup-{}", std::process::id()));
        let write = |rel: &str, text: &str| {
            let p = root.join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        };
        // v2: the job's limit is below its parent's; the step's own is "max"
        write("sys/fs/cgroup/system.slice/memory.max", "8589934592\n");
        write(
            "sys/fs/cgroup/system.slice/job_7/memory.max",
            "4294967296\n",
        );
        write(
            "sys/fs/cgroup/system.slice/job_7/step_0/memory.max",
            "max\n",
        );
        let mountinfo = "30 23 0:26 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw\n";
        assert_eq!(
            cgroup_limit_in("0::/system.slice/job_7/step_0\n", mountinfo, &root),
            Some(4 << 30)
        );
        // v1, the hierarchy mounted at the container's own group
        write("v1/memory/memory.limit_in_bytes", "536870912\n");
        let mountinfo = "35 31 0:32 /docker/abc /v1/memory rw - cgroup cgroup rw,memory\n";
        let cgroup = "4:memory:/docker/abc\n3:cpu:/docker/abc\n";
        assert_eq!(cgroup_limit_in(cgroup, mountinfo, &root), Some(512 << 20));
        // v1 without a limit: the huge value means none
        write("v1/memory/memory.limit_in_bytes", "9223372036854771712\n");
        assert_eq!(cgroup_limit_in(cgroup, mountinfo, &root), None);
        std::fs::remove_dir_all(&root).ok();
    }
}
