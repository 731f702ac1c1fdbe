//! The documents point at what exists: every relative link in README.md, ARCHITECTURE.md,
//! `docs/*.md` and the `bench-data` READMEs resolves to a file or folder (and its `#anchor` to
//! a heading of the page), and every repository path README.md and `docs/*.md` quote in
//! backticks (`src/...`, `tests/...`, `scripts/...`, ...) exists. A file moved or renamed
//! without its documents fails here. (That their `ltsym` commands parse is a test of the
//! binary: `src/cli/docs_check.rs`.)
//!
//! Self-contained: it reads text files only and needs nothing from the crate.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `docs/*.md` in name order.
fn docs() -> Vec<PathBuf> {
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.sort();
    docs
}

/// The text outside fenced code blocks, line by line (numbered from 1); code is not linked.
fn prose(md: &str) -> Vec<(usize, &str)> {
    let mut fenced = false;
    let mut out = Vec::new();
    for (i, line) in md.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            out.push((i + 1, line));
        }
    }
    out
}

/// GitHub's anchor of a heading: lower case, spaces to `-`, punctuation dropped (but `-`
/// and `_`); a repeated anchor gets `-1`, `-2`, ...
fn anchors(md: &str) -> Vec<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut out = Vec::new();
    for (_, line) in prose(md) {
        let Some(title) = line.strip_prefix('#') else {
            continue;
        };
        let title = title.trim_start_matches('#').trim();
        let slug: String = title
            .to_lowercase()
            .chars()
            .filter_map(|c| match c {
                ' ' => Some('-'),
                c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                _ => None,
            })
            .collect();
        let n = seen.entry(slug.clone()).or_insert(0);
        out.push(if *n == 0 {
            slug.clone()
        } else {
            format!("{slug}-{n}")
        });
        *n += 1;
    }
    out
}

/// The targets of `[text](target)` links on a line.
fn link_targets(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        match after.find(')') {
            Some(end) => {
                out.push(after[..end].trim().to_string());
                rest = &after[end..];
            }
            None => break,
        }
    }
    out
}

/// What is wrong with one link of `page` (None: it resolves).
fn broken(page: &Path, target: &str) -> Option<String> {
    if target.contains("://") || target.starts_with("mailto:") {
        return None;
    }
    let (path, anchor) = match target.split_once('#') {
        Some((p, a)) => (p, Some(a)),
        None => (target, None),
    };
    let file = if path.is_empty() {
        page.to_path_buf()
    } else {
        page.parent().expect("a page is in a folder").join(path)
    };
    if !file.exists() {
        return Some(format!("{target}: no such file"));
    }
    if let Some(anchor) = anchor {
        let text = std::fs::read_to_string(&file).ok()?;
        if !anchors(&text).iter().any(|a| a == anchor) {
            return Some(format!("{target}: no heading with anchor #{anchor}"));
        }
    }
    None
}

#[test]
fn every_relative_link_resolves() {
    let mut pages = vec![
        root().join("README.md"),
        root().join("ARCHITECTURE.md"),
        root().join("bench-data/README.md"),
        root().join("bench-data/rers/README.md"),
    ];
    pages.extend(docs());
    let mut links = 0;
    let mut failures = Vec::new();
    for page in &pages {
        let md =
            std::fs::read_to_string(page).unwrap_or_else(|e| panic!("{}: {e}", page.display()));
        for (n, line) in prose(&md) {
            for target in link_targets(line) {
                links += 1;
                if let Some(why) = broken(page, &target) {
                    let shown = page.strip_prefix(root()).unwrap_or(page);
                    failures.push(format!("{}:{n}: {why}", shown.display()));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "broken links:\n{}",
        failures.join("\n")
    );
    assert!(links >= 50, "only {links} links found");
}

/// The top-level folders whose paths the documents quote.
const TREES: &[&str] = &[
    "src/",
    "tests/",
    "scripts/",
    "bench-data/",
    "grammar/",
    "docs/",
    ".ci/",
];

/// Backticked spans of a line that are repository paths (no placeholders: `<fmt>`, `{a,b}`,
/// `*`, `...`; a span with a space is a command, not a path).
fn quoted_paths(line: &str) -> Vec<String> {
    line.split('`')
        .skip(1)
        .step_by(2)
        .filter(|s| TREES.iter().any(|t| s.starts_with(t)))
        .filter(|s| !s.contains(['<', '{', '*', ' ', '$']) && !s.contains("..."))
        .map(|s| s.trim_end_matches([':', ',']).to_string())
        .collect()
}

#[test]
fn every_quoted_path_exists() {
    let mut pages = vec![root().join("README.md")];
    pages.extend(docs());
    let mut paths = 0;
    let mut missing = Vec::new();
    for page in &pages {
        let md = std::fs::read_to_string(page).expect("readable");
        for (n, line) in prose(&md) {
            for p in quoted_paths(line) {
                paths += 1;
                if !root().join(&p).exists() {
                    let shown = page.strip_prefix(root()).unwrap_or(page);
                    missing.push(format!("{}:{n}: `{p}`", shown.display()));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "quoted paths that do not exist:\n{}",
        missing.join("\n")
    );
    assert!(paths >= 40, "only {paths} quoted paths found");
}

/// The helpers on made-up text: a check that finds nothing is worth nothing.
#[test]
fn links_anchors_and_paths_are_found() {
    assert_eq!(
        link_targets("see [a](docs/a.md#x-y) and [b](b.md), not [c] (d)"),
        ["docs/a.md#x-y", "b.md"]
    );
    assert_eq!(
        anchors("# Title\n```\n# not a heading\n```\n## The `--space` option (LTL)\n## Title\n"),
        ["title", "the---space-option-ltl", "title-1"]
    );
    assert_eq!(
        quoted_paths("`src/a.rs`, `tests/read_<fmt>.rs`, `scripts/x.sh -t 1`, `bench-data/b`:"),
        ["src/a.rs", "bench-data/b"]
    );
    let here = root().join("README.md");
    assert!(broken(&here, "docs/no-such-page.md").is_some());
    assert!(broken(&here, "#no-such-heading").is_some());
    assert!(broken(&here, "#exit-codes").is_none());
}

/// `ltsym man -o DIR` writes the pages docs/man holds, `ltsym man PAGE` prints one, an
/// unknown page is a usage error, and `ltsym completions SHELL` prints a script: the
/// subcommands as a user runs them (the generators themselves are tested in the binary).
#[test]
fn man_and_completions_subcommands_write_what_docs_man_holds() {
    use std::process::Command;
    let bin = env!("CARGO_BIN_EXE_ltsym");
    let dir = std::env::temp_dir().join(format!("ltsym-man-{}", std::process::id()));
    let out = Command::new(bin)
        .args(["man", "-o"])
        .arg(&dir)
        .output()
        .expect("ltsym runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let written = String::from_utf8_lossy(&out.stdout).lines().count();
    let mut kept = 0;
    for entry in std::fs::read_dir(root().join("docs/man"))
        .expect("docs/man")
        .flatten()
    {
        let name = entry.file_name();
        let fresh = std::fs::read(dir.join(&name)).unwrap_or_default();
        assert_eq!(
            fresh,
            std::fs::read(entry.path()).expect("readable"),
            "{name:?}"
        );
        kept += 1;
    }
    assert_eq!(
        written, kept,
        "ltsym man -o wrote {written} pages, docs/man has {kept}"
    );
    let _ = std::fs::remove_dir_all(&dir);

    let page = Command::new(bin)
        .args(["man", "check"])
        .output()
        .expect("ltsym runs");
    assert!(String::from_utf8_lossy(&page.stdout).starts_with(".ie"));
    let none = Command::new(bin)
        .args(["man", "nope"])
        .output()
        .expect("ltsym runs");
    assert_eq!(none.status.code(), Some(2));
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = Command::new(bin)
            .args(["completions", shell])
            .output()
            .expect("ltsym runs");
        assert!(
            script.status.success() && script.stdout.len() > 1000,
            "{shell}"
        );
    }
}
