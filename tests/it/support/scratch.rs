//! Scratch files: one fresh directory per test (all tests share one process now, so a
//! directory named after the process would be shared by tests running in parallel), removed
//! when the test ends.

use std::path::{Path, PathBuf};

/// A fresh directory, removed on drop.
pub struct Scratch(tempfile::TempDir);

/// A fresh scratch directory for one test.
pub fn scratch() -> Scratch {
    Scratch(
        tempfile::Builder::new()
            .prefix("ltsym-test-")
            .tempdir()
            .expect("a scratch directory"),
    )
}

impl Scratch {
    pub fn dir(&self) -> &Path {
        self.0.path()
    }

    /// The path of `name` in the directory (not created).
    pub fn path(&self, name: &str) -> PathBuf {
        self.0.path().join(name)
    }

    /// `name` in the directory, written with `text`.
    pub fn file(&self, name: &str, text: impl AsRef<[u8]>) -> PathBuf {
        let p = self.path(name);
        std::fs::write(&p, text).expect("scratch file written");
        p
    }

    /// A subdirectory, created.
    pub fn sub(&self, name: &str) -> PathBuf {
        let p = self.path(name);
        std::fs::create_dir_all(&p).expect("scratch subdirectory");
        p
    }
}
