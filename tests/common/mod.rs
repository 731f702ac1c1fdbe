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

/// The MCC training set (model folders and the contest's answers, see its README):
/// `$LTSYM_MCC_DIR`, else `../shared/mcc` beside the repository, else `/work/shared/mcc`.
/// `None`, after saying so on stderr, when none exists: the tests that need it then skip
/// (the data is not part of the repository), unless `$LTSYM_REQUIRE_MCC` is set.
pub fn mcc_dir() -> Option<PathBuf> {
    let candidates = [
        std::env::var("LTSYM_MCC_DIR").ok().map(PathBuf::from),
        Some(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/mcc")),
        Some(PathBuf::from("/work/shared/mcc")),
    ];
    let found = candidates
        .into_iter()
        .flatten()
        .find(|d| d.join("models").is_dir() && d.join("oracle").is_dir());
    if found.is_none() {
        // CI sets this so that missing data fails instead of passing unnoticed
        assert!(
            std::env::var_os("LTSYM_REQUIRE_MCC").is_none(),
            "LTSYM_REQUIRE_MCC is set but the MCC training set was not found"
        );
        eprintln!(
            "SKIPPED: the MCC training set is not there (looked in $LTSYM_MCC_DIR, \
             ../shared/mcc beside the repository, /work/shared/mcc). Put the folder with \
             models/ and oracle/ (MCC model folders from https://mcc.lip6.fr and the \
             contest's agreed answers) in one of those places to run this test."
        );
    }
    found
}
