//! Where the test data lives: the RERS problems shipped in `bench-data/`, the regression
//! inputs in `tests/inputs/`, and the large MCC data beside the repository (`../shared`),
//! which is not shipped: a test that needs it says on stderr that it skipped, unless
//! `$LTSYM_REQUIRE_MCC` is set (then a missing data set fails).

use std::path::PathBuf;

/// A path inside the repository, e.g. `repo_path("bench-data/rers/2016/problem103.dot")`.
pub fn repo_path(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel)
}

/// [`repo_path`] as a command-line argument.
pub fn repo(rel: &str) -> String {
    repo_path(rel).display().to_string()
}

/// A regression input of `tests/inputs/`, as a command-line argument.
pub fn input(name: &str) -> String {
    repo_path("tests/inputs").join(name).display().to_string()
}

/// The RERS problems: `$LTSYM_RERS_DIR`, else the copy shipped in `bench-data/rers` (see its
/// README for where they come from).
pub fn rers_dir() -> PathBuf {
    match std::env::var_os("LTSYM_RERS_DIR") {
        Some(d) => PathBuf::from(d),
        None => repo_path("bench-data/rers"),
    }
}

/// A RERS file or year folder, e.g. `rers("2016/problem101.dot")`. Panics with the path when it
/// is missing: the files are part of the repository, so a missing one is a broken checkout.
pub fn rers(rel: &str) -> PathBuf {
    let p = rers_dir().join(rel);
    assert!(
        p.exists(),
        "RERS file {} is missing: it ships in bench-data/rers (or set LTSYM_RERS_DIR)",
        p.display()
    );
    p
}

/// The folder of the MCC nets, which are too large to ship: `$LTSYM_MCC_DIR`, else
/// `../shared/rers/mcc` beside the repository.
pub fn mcc_dir() -> PathBuf {
    match std::env::var_os("LTSYM_MCC_DIR") {
        Some(d) => PathBuf::from(d),
        None => repo_path("../shared/rers/mcc"),
    }
}

/// An MCC net, e.g. `mcc("RERS2020-PT-pb103/model.pnml")`, or `None` after saying on stderr
/// that it is absent and where to get it: the test that asked checks nothing then.
pub fn mcc(rel: &str) -> Option<PathBuf> {
    let p = mcc_dir().join(rel);
    if p.is_file() {
        return Some(p);
    }
    eprintln!(
        "SKIPPED: the MCC net {} is absent (not shipped: 32 MB). Get `{}` from the Model \
         Checking Contest's model archive (mcc.lip6.fr) and put it under $LTSYM_MCC_DIR or \
         ../shared/rers/mcc beside the repository; see bench-data/rers/README.md",
        p.display(),
        rel.split('/').next().unwrap_or(rel)
    );
    None
}

/// The MCC training set (model folders and the contest's answers, see its README):
/// `$LTSYM_MCC_TRAINING_DIR`, else `../shared/mcc` beside the repository (or beside its parent
/// folder). `None`, after saying so on stderr, when none exists: the tests that need it then
/// skip (the data is not part of the repository), unless `$LTSYM_REQUIRE_MCC` is set.
pub fn mcc_training_dir() -> Option<PathBuf> {
    let candidates = [
        std::env::var("LTSYM_MCC_TRAINING_DIR")
            .ok()
            .map(PathBuf::from),
        Some(repo_path("../shared/mcc")),
        // a worktree beside the repository
        Some(repo_path("../../shared/mcc")),
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
            "SKIPPED: the MCC training set is not there (looked in $LTSYM_MCC_TRAINING_DIR, \
             ../shared/mcc beside the repository or its parent folder). Put the folder with \
             models/ and oracle/ (MCC model folders from https://mcc.lip6.fr and the \
             contest's agreed answers) in one of those places to run this test."
        );
    }
    found
}
