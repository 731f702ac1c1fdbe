//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

/// The RERS problems: `$LTSYM_RERS_DIR`, else `../shared/rers` beside the repository (as in CI),
/// else `/work/shared/rers`. Panics when none exists: a test that needs real problems must not
/// pass silently without them.
pub fn rers_dir() -> PathBuf {
    if let Ok(d) = std::env::var("LTSYM_RERS_DIR") {
        return PathBuf::from(d);
    }
    let beside = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/rers");
    if beside.is_dir() {
        return beside;
    }
    let fallback = PathBuf::from("/work/shared/rers");
    assert!(
        fallback.is_dir(),
        "RERS problems not found: set LTSYM_RERS_DIR or put shared/rers beside the repository"
    );
    fallback
}

/// A RERS file, e.g. `rers("2016/problem101.dot")`.
pub fn rers(rel: &str) -> PathBuf {
    rers_dir().join(rel)
}
