//! The shape of the crate, checked on its source (ARCHITECTURE.md says why):
//! * every import points down the layers ([`LAYERS`]): a file imports from the layers below
//!   its module's, from its own module, and from a sibling module of its layer only where
//!   [`SIBLINGS`] allows it; every module of `src/` is in a layer; the readers and writers
//!   ([`PLAIN`]) import no engine; ARCHITECTURE.md ("The layers") names the same layers and
//!   sibling imports as the two tables here;
//! * no two files of `src/` import each other, directly or in a circle;
//! * the oracles of the symbolic engine ([`ORACLES`]: the explicit engine and the explicit side
//!   of the MCC examinations) depend on nothing symbolic: no such file reaches one under
//!   `src/symbolic/` through any chain of imports, and outside comments its text never says
//!   `symbolic`; nor does the compositional engine reach `src/symbolic/` ([`INDEPENDENT`]);
//! * no source file is longer than [`MAX_LINES`] lines, except the parsers whose grammar
//!   needs it ([`LONG_ALLOWED`]).
//!
//! The import graph is read from the text, without a Rust parser (no dependency for a test):
//! comments and string literals are blanked, `#[cfg(test)] mod` blocks dropped (tests may
//! import anything), then every `use` tree, and every path that starts with `crate::`,
//! `super::`, `self::`, a module the file declares or a name a `use` brought in, is resolved
//! to the file that defines it.
//! A path that ends at a folder's `mod.rs` and names an item it re-exports (`pub use`) is
//! followed to the file the item comes from, so a child that imports a sibling through its
//! parent's re-export is caught like one that names the sibling. A folder's re-exports of its
//! own children are its interface, not a dependency, and make no edge.
//! `python3 ../shared/tools/rust-imports.py src` checks much the same from outside.
//!
//! The analysis is a function of the file texts ([`analyze`]); the tests at the end feed it
//! small made-up crates to show that each kind of finding is found.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// No source file is longer, except [`LONG_ALLOWED`].
const MAX_LINES: usize = 800;

/// The parsers whose grammar needs more lines (relative to `src/`).
const LONG_ALLOWED: &[&str] = &["parse/dot.rs", "parse/promela.rs", "parse/pnml.rs"];

/// The layers from the ground up, each with its modules (the top-level folders and files of
/// `src/`; `main` is `main.rs`, `lib.rs` is the crate root and in none). A module may import
/// from the layers below its own; within its layer only what [`SIBLINGS`] lists. A module not
/// yet written (`compose`) has its place already, so that it lands into a checked rule.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "base",
        &["error", "memory", "reserve", "progress", "limits", "json"],
    ),
    ("data", &["model", "logic"]),
    ("builders", &["automata", "gen"]),
    (
        "engines",
        &["explicit", "symbolic", "compose", "structural"],
    ),
    ("io", &["parse", "write", "evidence", "report"]),
    ("drivers", &["check", "mcc", "synth"]),
    ("cli", &["cli", "main"]),
];

/// The imports between two modules of one layer that are allowed, `(from, to)`; ARCHITECTURE.md
/// gives the reason of each.
const SIBLINGS: &[(&str, &str)] = &[
    ("error", "memory"),
    ("limits", "error"),
    ("limits", "memory"),
    ("limits", "progress"),
    ("limits", "reserve"),
    ("compose", "explicit"),
    ("write", "parse"),
    ("report", "evidence"),
    ("mcc", "check"),
    ("synth", "check"),
];

/// The readers and writers: they import no module of the `engines` layer, although it is
/// below theirs (engines get plain data; the drivers read the files).
const PLAIN: &[&str] = &["parse", "write"];

/// The oracles (paths under `src/`: a folder ends in `/`): they reach no file under
/// [`CHECKED`] through any chain of imports, and never say its name outside comments.
const ORACLES: &[&str] = &["explicit/", "mcc/explicit.rs"];
/// Independent of [`CHECKED`] by design too, without the word check.
const INDEPENDENT: &[&str] = &["compose/"];
const CHECKED: &str = "symbolic";

#[test]
fn the_source_tree_keeps_its_shape() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    read_tree(&src, &src, &mut files);
    assert!(files.len() > 40, "only {} files under src/", files.len());
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    let a = analyze(&refs, LAYERS, SIBLINGS);
    if std::env::var_os("ARCHITECTURE_GRAPH").is_some() {
        for (f, ts) in &a.graph {
            println!("{f}: {}", ts.join(" "));
        }
    }
    // the graph is not empty: the reader found the imports it should
    assert!(a.edges > 100, "only {} file imports found", a.edges);
    assert!(
        a.findings.is_empty(),
        "{} findings:\n{}",
        a.findings.len(),
        a.findings.join("\n")
    );
}

#[test]
fn architecture_md_names_the_layers_checked_here() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("ARCHITECTURE.md: {e}"));
    let (layers, siblings) = layers_in_doc(&text);
    let want: Vec<(String, Vec<String>)> = LAYERS
        .iter()
        .map(|(n, ms)| (n.to_string(), ms.iter().map(|m| m.to_string()).collect()))
        .collect();
    assert_eq!(
        layers, want,
        "ARCHITECTURE.md (\"The layers\") and LAYERS name different layers"
    );
    let mut want: Vec<(String, String)> = SIBLINGS
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    want.sort();
    assert_eq!(
        siblings, want,
        "ARCHITECTURE.md (\"The layers\") and SIBLINGS allow different sibling imports"
    );
}

/// The layers (`| name | `modules`... |` rows, in order) and the sibling imports
/// (`| `a` → `b` | why |` rows, sorted) of the section "The layers" of ARCHITECTURE.md.
#[allow(clippy::type_complexity)]
fn layers_in_doc(text: &str) -> (Vec<(String, Vec<String>)>, Vec<(String, String)>) {
    let start = text
        .find("\n## The layers")
        .expect("ARCHITECTURE.md has a section `## The layers`");
    let section = &text[start + 1..];
    let section = &section[..section[1..].find("\n## ").map_or(section.len(), |e| e + 1)];
    let ticked = |cell: &str| -> Vec<String> {
        cell.split('`')
            .skip(1)
            .step_by(2)
            .map(String::from)
            .collect()
    };
    let (mut layers, mut siblings) = (Vec::new(), Vec::new());
    for line in section.lines().filter(|l| l.starts_with('|')) {
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        let first = cells[0];
        if first.contains('→') {
            if let [a, b] = ticked(first).as_slice() {
                siblings.push((a.clone(), b.clone()));
            }
        } else if !first.is_empty()
            && first.chars().all(|c| c.is_ascii_lowercase())
            && first != "layer"
            && cells.len() > 1
        {
            layers.push((first.to_string(), ticked(cells[1])));
        }
    }
    siblings.sort();
    (layers, siblings)
}

fn read_tree(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            read_tree(root, &p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            let rel = p.strip_prefix(root).expect("under src/");
            let rel = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{rel}: {e}"));
            out.push((rel, text));
        }
    }
}

/// What [`analyze`] found.
struct Analysis {
    /// Per file, the files it imports (`ARCHITECTURE_GRAPH=1 cargo test --test it architecture::
    /// -- --nocapture` prints them).
    graph: Vec<(String, Vec<String>)>,
    /// One line per finding: a cycle, a forbidden dependency, a long file.
    findings: Vec<String>,
    /// File-to-file imports.
    edges: usize,
}

/// One source file: its module path and what its code (outside tests) imports.
struct File {
    rel: String,
    module: Vec<String>,
    lines: usize,
    /// The text without comments (for the word check).
    uncommented: String,
    /// Paths this file uses, absolute from the crate root, and whether each is a re-export
    /// (`pub use`).
    uses: Vec<(Vec<String>, bool)>,
    /// `pub use` bindings: exported name -> absolute path of what it names.
    reexports: BTreeMap<String, Vec<String>>,
}

/// Analyses the files `(path relative to src/, text)` of a crate, against `layers` and
/// `siblings` (as [`LAYERS`] and [`SIBLINGS`]; with no layers, no layer is checked).
fn analyze(
    files: &[(&str, &str)],
    layers: &[(&str, &[&str])],
    siblings: &[(&str, &str)],
) -> Analysis {
    let files: Vec<File> = files
        .iter()
        .map(|(rel, text)| read_file(rel, text))
        .collect();
    let by_module: BTreeMap<Vec<String>, usize> = files
        .iter()
        .enumerate()
        .map(|(i, f)| (f.module.clone(), i))
        .collect();
    let mut graph: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); files.len()];
    for (i, f) in files.iter().enumerate() {
        for (path, reexport) in &f.uses {
            let Some(t) = resolve(&files, &by_module, path, 0) else {
                continue;
            };
            let into_child = files[t].module.starts_with(&f.module) && t != i;
            if t != i && !(*reexport && into_child) {
                graph[i].insert(t);
            }
        }
    }
    let mut findings = Vec::new();
    for scc in cycles(&graph) {
        let mut names: Vec<&str> = scc.iter().map(|&i| files[i].rel.as_str()).collect();
        names.sort();
        findings.push(format!("import cycle: {}", names.join(" <-> ")));
    }
    if !layers.is_empty() {
        findings.extend(layer_findings(&files, &graph, layers, siblings));
    }
    let checked = format!("{CHECKED}/");
    for (i, f) in files.iter().enumerate() {
        let Some(from) = ORACLES
            .iter()
            .chain(INDEPENDENT)
            .find(|p| f.rel.starts_with(*p))
        else {
            continue;
        };
        if let Some(chain) = path_to(&graph, i, |t| files[t].rel.starts_with(&checked)) {
            let names: Vec<&str> = chain.iter().map(|&k| files[k].rel.as_str()).collect();
            findings.push(format!(
                "{from} depends on {checked}: {}",
                names.join(" -> ")
            ));
        }
        if ORACLES.contains(from) && contains_word(&f.uncommented, CHECKED) {
            findings.push(format!("{}: says `{CHECKED}` outside comments", f.rel));
        }
    }
    for f in &files {
        if f.lines > MAX_LINES && !LONG_ALLOWED.contains(&f.rel.as_str()) {
            findings.push(format!(
                "{}: {} lines (at most {MAX_LINES})",
                f.rel, f.lines
            ));
        }
    }
    Analysis {
        findings,
        edges: graph.iter().map(|g| g.len()).sum(),
        graph: files
            .iter()
            .zip(&graph)
            .map(|(f, ts)| {
                (
                    f.rel.clone(),
                    ts.iter().map(|&t| files[t].rel.clone()).collect(),
                )
            })
            .collect(),
    }
}

/// The module a file belongs to: its top-level folder or file under `src/` (`lib` for the
/// crate root).
fn top_module(rel: &str) -> &str {
    let first = rel.split('/').next().unwrap_or(rel);
    first.strip_suffix(".rs").unwrap_or(first)
}

/// Every import of `graph` that does not point down `layers`, every module in no layer, and
/// every import of an engine by a reader or writer ([`PLAIN`]).
fn layer_findings(
    files: &[File],
    graph: &[BTreeSet<usize>],
    layers: &[(&str, &[&str])],
    siblings: &[(&str, &str)],
) -> Vec<String> {
    let layer_of = |m: &str| layers.iter().position(|(_, ms)| ms.contains(&m));
    let mut findings = Vec::new();
    for f in files {
        let m = top_module(&f.rel);
        if m != "lib" && layer_of(m).is_none() {
            findings.push(format!(
                "{}: module `{m}` is in no layer (add it to LAYERS and ARCHITECTURE.md)",
                f.rel
            ));
        }
    }
    for (i, targets) in graph.iter().enumerate() {
        let (from, a) = (&files[i].rel, top_module(&files[i].rel));
        for &t in targets {
            let (to, b) = (&files[t].rel, top_module(&files[t].rel));
            let (Some(la), Some(lb)) = (layer_of(a), layer_of(b)) else {
                continue;
            };
            if a == b {
                continue;
            }
            let (na, nb) = (layers[la].0, layers[lb].0);
            if la < lb {
                findings.push(format!(
                    "{from} imports {to}: upwards, from `{a}` ({na}) to `{b}` ({nb})"
                ));
            } else if la == lb && !siblings.contains(&(a, b)) {
                findings.push(format!(
                    "{from} imports {to}: `{a}` -> `{b}` within {na} is no allowed sibling import"
                ));
            } else if PLAIN.contains(&a) && nb == "engines" {
                findings.push(format!(
                    "{from} imports {to}: `{a}` reads or writes plain data and imports no engine"
                ));
            }
        }
    }
    findings
}

/// The file that defines what `path` (absolute) names: the longest prefix that is a module
/// file, followed through that file's re-exports.
fn resolve(
    files: &[File],
    by_module: &BTreeMap<Vec<String>, usize>,
    path: &[String],
    depth: usize,
) -> Option<usize> {
    let k = (0..=path.len())
        .rev()
        .find(|&k| by_module.contains_key(&path[..k]))?;
    let i = by_module[&path[..k]];
    if depth < 16 {
        if let Some(name) = path.get(k) {
            if let Some(target) = files[i].reexports.get(name) {
                let mut next = target.clone();
                next.extend_from_slice(&path[k + 1..]);
                if next != path {
                    return resolve(files, by_module, &next, depth + 1).or(Some(i));
                }
            }
        }
    }
    Some(i)
}

fn read_file(rel: &str, text: &str) -> File {
    let stem = rel.trim_end_matches(".rs");
    let mut module: Vec<String> = stem.split('/').map(String::from).collect();
    let last = module.last().cloned().unwrap_or_default();
    let is_dir = matches!(last.as_str(), "mod" | "lib" | "main");
    if is_dir {
        module.pop();
    }
    // the binary is a crate of its own; it reaches the library as `ltsym::`
    let is_bin = rel == "main.rs";
    if is_bin {
        module = vec!["<bin>".to_string()];
    }
    let uncommented = blank(text, false);
    let code = drop_test_modules(&blank(text, true));
    let tokens = tokenize(&code);
    // the modules this file declares (`mod x;` or `mod x {`)
    let children: BTreeSet<String> = tokens
        .windows(2)
        .filter(|w| w[0] == "mod")
        .map(|w| w[1].clone())
        .collect();
    let ctx = Ctx {
        module: &module,
        is_bin,
        in_bin: is_bin || rel.starts_with("cli/"),
        children: &children,
    };
    let mut uses = Vec::new();
    let mut reexports = BTreeMap::new();
    // names the file's `use` declarations bind -> what they name, and where those are
    let mut bindings = BTreeMap::new();
    let mut in_use = vec![false; tokens.len()];
    let mut i = 0;
    while i < tokens.len() {
        if tokens[i] != "use" {
            i += 1;
            continue;
        }
        let reexport = is_pub_before(&tokens, i);
        let end = tokens[i..]
            .iter()
            .position(|t| t == ";")
            .map_or(tokens.len(), |p| i + p);
        in_use[i..end].iter_mut().for_each(|u| *u = true);
        let mut trees = Vec::new();
        use_tree(&tokens[i + 1..end], &mut Vec::new(), &mut trees);
        for (path, name) in trees {
            if let Some(abs) = ctx.absolute(&path) {
                if let Some(name) = name {
                    if reexport {
                        reexports.insert(name.clone(), abs.clone());
                    }
                    bindings.insert(name, abs.clone());
                }
                uses.push((abs, reexport));
            }
        }
        i = end + 1;
    }
    // inline paths: `crate::a::b`, `super::a`, `child::f`, and `m::f` after `use crate::m`
    let mut i = 0;
    while i < tokens.len() {
        let starts = i + 2 < tokens.len() && tokens[i + 1] == "::" && is_ident(&tokens[i + 2]);
        let after_path = i > 0 && tokens[i - 1] == "::";
        if in_use[i] || !starts || after_path {
            i += 1;
            continue;
        }
        let mut path = vec![tokens[i].clone()];
        let mut j = i + 1;
        while j + 1 < tokens.len() && tokens[j] == "::" && is_ident(&tokens[j + 1]) {
            path.push(tokens[j + 1].clone());
            j += 2;
        }
        let abs = ctx.absolute(&path).or_else(|| {
            let mut abs: Vec<String> = bindings.get(&path[0])?.clone();
            abs.extend(path[1..].iter().cloned());
            Some(abs)
        });
        if let Some(abs) = abs {
            uses.push((abs, false));
        }
        i = j;
    }
    File {
        rel: rel.to_string(),
        module,
        lines: text.lines().count(),
        uncommented,
        uses,
        reexports,
    }
}

/// How a file's paths become absolute.
struct Ctx<'a> {
    module: &'a [String],
    /// `main.rs`, the root of the binary crate: its `crate::` is not the library's.
    is_bin: bool,
    /// A file of the binary crate (`main.rs`, `cli/`), which reaches the library as `ltsym::`.
    in_bin: bool,
    children: &'a BTreeSet<String>,
}

impl Ctx<'_> {
    /// `path` from the crate root, or `None` when it starts elsewhere: at another crate
    /// (`std::`, `oxidd::`), or at a name a `use` brought in (which the caller resolves).
    fn absolute(&self, path: &[String]) -> Option<Vec<String>> {
        let first = path.first()?;
        // `self` is the module itself (a folder's or a file's); `super` its parent
        let here = self.module.to_vec();
        let mut rest = path;
        let mut base = match first.as_str() {
            "crate" if self.is_bin => return None,
            "crate" => {
                rest = &path[1..];
                Vec::new()
            }
            "ltsym" if self.in_bin => {
                rest = &path[1..];
                Vec::new()
            }
            "self" => {
                rest = &path[1..];
                here.clone()
            }
            "super" => here.clone(),
            name if self.children.contains(name) => here.clone(),
            _ => return None,
        };
        while rest.first().is_some_and(|s| s == "super") {
            base.pop()?;
            rest = &rest[1..];
        }
        base.extend(rest.iter().cloned());
        Some(base)
    }
}

/// Whether the `use` at `tokens[i]` is preceded by a visibility (`pub`, `pub(crate)`, ...).
fn is_pub_before(tokens: &[String], i: usize) -> bool {
    match i.checked_sub(1).map(|k| tokens[k].as_str()) {
        Some("pub") => true,
        Some(")") => {
            // `pub ( crate )` / `pub ( in path )`
            let open = tokens[..i].iter().rposition(|t| t == "(");
            open.is_some_and(|o| o > 0 && tokens[o - 1] == "pub")
        }
        _ => false,
    }
}

/// Expands a use tree (tokens between `use` and `;`) into its paths, each with the name it
/// binds (`None` for a glob).
fn use_tree(
    tokens: &[String],
    prefix: &mut Vec<String>,
    out: &mut Vec<(Vec<String>, Option<String>)>,
) {
    let mut i = 0;
    let depth_before = prefix.len();
    if tokens.first().is_some_and(|t| t == "::") {
        return; // `use ::extern_crate::...`
    }
    while i < tokens.len() {
        let t = tokens[i].as_str();
        match t {
            "{" => {
                let close = matching(tokens, i);
                for part in split_top(&tokens[i + 1..close]) {
                    use_tree(part, prefix, out);
                }
                break;
            }
            "*" => {
                out.push((prefix.clone(), None));
                break;
            }
            "::" => {}
            "as" => break,
            _ => {
                let is_last = tokens.get(i + 1).is_none_or(|n| n != "::");
                if t == "self" && is_last {
                    let name = alias(&tokens[i + 1..]).or_else(|| prefix.last().cloned());
                    out.push((prefix.clone(), name));
                    break;
                }
                prefix.push(t.to_string());
                if is_last {
                    let name = alias(&tokens[i + 1..]).or_else(|| Some(t.to_string()));
                    out.push((prefix.clone(), name));
                    break;
                }
            }
        }
        i += 1;
    }
    prefix.truncate(depth_before);
}

fn alias(tokens: &[String]) -> Option<String> {
    match tokens {
        [a, name, ..] if a == "as" && name != "_" => Some(name.clone()),
        _ => None,
    }
}

/// The index of the bracket closing the one at `open`.
fn matching(tokens: &[String], open: usize) -> usize {
    let mut depth = 0;
    for (k, t) in tokens.iter().enumerate().skip(open) {
        match t.as_str() {
            "{" => depth += 1,
            "}" => {
                depth -= 1;
                if depth == 0 {
                    return k;
                }
            }
            _ => {}
        }
    }
    tokens.len()
}

/// `tokens` split at the commas outside braces.
fn split_top(tokens: &[String]) -> Vec<&[String]> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (k, t) in tokens.iter().enumerate() {
        match t.as_str() {
            "{" => depth += 1,
            "}" => depth -= 1,
            "," if depth == 0 => {
                parts.push(&tokens[start..k]);
                start = k + 1;
            }
            _ => {}
        }
    }
    parts.push(&tokens[start..]);
    parts.into_iter().filter(|p| !p.is_empty()).collect()
}

fn is_ident(t: &str) -> bool {
    t.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
}

/// Identifiers, `::`, and every other character as a token of its own.
fn tokenize(code: &str) -> Vec<String> {
    let cs: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < cs.len() {
        let c = cs[i];
        if c.is_alphanumeric() || c == '_' {
            let s = i;
            while i < cs.len() && (cs[i].is_alphanumeric() || cs[i] == '_') {
                i += 1;
            }
            out.push(cs[s..i].iter().collect());
        } else if c == ':' && cs.get(i + 1) == Some(&':') {
            out.push("::".to_string());
            i += 2;
        } else {
            if !c.is_whitespace() {
                out.push(c.to_string());
            }
            i += 1;
        }
    }
    out
}

/// `text` with comments blanked and, with `strings`, string and character literals emptied;
/// line breaks stay where they were.
fn blank(text: &str, strings: bool) -> String {
    let cs: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let at = |i: usize, s: &str| {
        s.chars()
            .enumerate()
            .all(|(k, c)| cs.get(i + k) == Some(&c))
    };
    while i < cs.len() {
        let c = cs[i];
        if at(i, "//") {
            while i < cs.len() && cs[i] != '\n' {
                i += 1;
            }
        } else if at(i, "/*") {
            let mut depth = 0;
            while i < cs.len() {
                if at(i, "/*") {
                    depth += 1;
                    i += 2;
                } else if at(i, "*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if cs[i] == '\n' {
                        out.push('\n');
                    }
                    i += 1;
                }
            }
        } else if c == 'r' && (at(i, "r\"") || at(i, "r#")) && !prev_ident(&cs, i) {
            // raw string r"..." or r#"..."#
            let mut j = i + 1;
            let mut hashes = 0;
            while cs.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if cs.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            let close: String = std::iter::once('"')
                .chain("#".repeat(hashes).chars())
                .collect();
            let start = j + 1;
            let mut k = start;
            while k < cs.len() && !at(k, &close) {
                k += 1;
            }
            push_literal(&mut out, &cs[i..(k + close.len()).min(cs.len())], strings);
            i = k + close.len();
        } else if c == '"' {
            let mut k = i + 1;
            while k < cs.len() && cs[k] != '"' {
                if cs[k] == '\\' {
                    k += 1;
                }
                k += 1;
            }
            push_literal(&mut out, &cs[i..(k + 1).min(cs.len())], strings);
            i = k + 1;
        } else if c == '\'' {
            // a character literal, or a lifetime / label
            let end = if cs.get(i + 1) == Some(&'\\') {
                (i + 2..cs.len()).find(|&k| cs[k] == '\'')
            } else if cs.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match end {
                Some(e) => {
                    push_literal(&mut out, &cs[i..=e], strings);
                    i = e + 1;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn prev_ident(cs: &[char], i: usize) -> bool {
    i > 0 && (cs[i - 1].is_alphanumeric() || cs[i - 1] == '_')
}

fn push_literal(out: &mut String, lit: &[char], blank: bool) {
    if blank {
        out.push_str("\"\"");
        out.extend(lit.iter().filter(|&&c| c == '\n'));
    } else {
        out.extend(lit.iter());
    }
}

/// `code` without its `#[cfg(test)] mod name { ... }` blocks.
fn drop_test_modules(code: &str) -> String {
    let mut out = code.to_string();
    let marker = "#[cfg(test)]";
    let mut from = 0;
    while let Some(p) = out[from..].find(marker).map(|p| p + from) {
        let after = &out[p + marker.len()..];
        let toks = tokenize(after);
        let is_mod = toks.len() >= 3
            && (toks[0] == "mod" && toks[2] == "{"
                || toks[0] == "pub" && toks.get(1).is_some_and(|t| t == "mod"));
        let Some(open) = after.find('{').filter(|_| is_mod) else {
            from = p + marker.len();
            continue;
        };
        let open = p + marker.len() + open;
        let mut depth = 0;
        let mut end = out.len();
        for (k, ch) in out[open..].char_indices() {
            match ch {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + k + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        let lines = out[p..end].matches('\n').count();
        out.replace_range(p..end, &"\n".repeat(lines));
        from = p;
    }
    out
}

fn contains_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(p, _)| {
        let before = text[..p].chars().next_back();
        let after = text[p + word.len()..].chars().next();
        let boundary = |c: Option<char>| !c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        boundary(before) && boundary(after)
    })
}

/// The strongly connected components of more than one file (Tarjan), each sorted.
fn cycles(graph: &[BTreeSet<usize>]) -> Vec<Vec<usize>> {
    struct T<'g> {
        g: &'g [BTreeSet<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        stack: Vec<usize>,
        on: Vec<bool>,
        next: usize,
        out: Vec<Vec<usize>>,
    }
    fn strong(t: &mut T, v: usize) {
        t.index[v] = Some(t.next);
        t.low[v] = t.next;
        t.next += 1;
        t.stack.push(v);
        t.on[v] = true;
        for &w in t.g[v].iter() {
            match t.index[w] {
                None => {
                    strong(t, w);
                    t.low[v] = t.low[v].min(t.low[w]);
                }
                Some(iw) if t.on[w] => t.low[v] = t.low[v].min(iw),
                _ => {}
            }
        }
        if Some(t.low[v]) == t.index[v] {
            let mut comp = Vec::new();
            loop {
                let w = t.stack.pop().expect("on the stack");
                t.on[w] = false;
                comp.push(w);
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                t.out.push(comp);
            }
        }
    }
    let n = graph.len();
    let mut t = T {
        g: graph,
        index: vec![None; n],
        low: vec![0; n],
        stack: Vec::new(),
        on: vec![false; n],
        next: 0,
        out: Vec::new(),
    };
    for v in 0..n {
        if t.index[v].is_none() {
            strong(&mut t, v);
        }
    }
    t.out
}

/// A shortest chain of imports from `from` to a file that satisfies `goal`.
fn path_to(
    graph: &[BTreeSet<usize>],
    from: usize,
    goal: impl Fn(usize) -> bool,
) -> Option<Vec<usize>> {
    let mut parent = vec![None; graph.len()];
    let mut seen = vec![false; graph.len()];
    let mut queue = std::collections::VecDeque::from([from]);
    seen[from] = true;
    while let Some(v) = queue.pop_front() {
        if v != from && goal(v) {
            let mut chain = vec![v];
            let mut u = v;
            while let Some(p) = parent[u] {
                chain.push(p);
                u = p;
            }
            chain.reverse();
            return Some(chain);
        }
        for &w in &graph[v] {
            if !seen[w] {
                seen[w] = true;
                parent[w] = Some(v);
                queue.push_back(w);
            }
        }
    }
    None
}

// ------------------------------------------------------------------ the analysis can fail

fn findings(files: &[(&str, &str)]) -> Vec<String> {
    analyze(files, &[], &[]).findings
}

const LIB: (&str, &str) = ("lib.rs", "pub mod a;\npub mod b;\n");

#[test]
fn a_cycle_of_two_files_is_found() {
    let f = findings(&[
        LIB,
        ("a.rs", "use crate::b::g;\npub fn f() { g() }\n"),
        ("b.rs", "pub fn g() { crate::a::f() }\n"),
    ]);
    assert_eq!(f, ["import cycle: a.rs <-> b.rs"]);
    // through a use list, and one that names the module itself
    let f = findings(&[
        LIB,
        ("a.rs", "use crate::{b, error::E};\npub fn f() { b::g() }\n"),
        ("b.rs", "use super::{a::{self}};\npub fn g() { a::f() }\n"),
    ]);
    assert_eq!(f, ["import cycle: a.rs <-> b.rs"]);
}

#[test]
fn a_path_through_an_imported_module_is_followed() {
    // `b::g()` after `use crate::x::b` names the file b.rs, not only the folder x/
    let f = findings(&[
        ("lib.rs", "pub mod x;\n"),
        ("x/mod.rs", "pub mod a;\npub mod b;\n"),
        ("x/a.rs", "use crate::x::b;\npub fn f() { b::g() }\n"),
        ("x/b.rs", "use crate::x::a;\npub fn g() { a::f() }\n"),
    ]);
    assert_eq!(f, ["import cycle: x/a.rs <-> x/b.rs"]);
    // and through a re-export of the folder
    let f = findings(&[
        ("lib.rs", "pub mod x;\n"),
        ("x/mod.rs", "mod a;\nmod b;\npub use a::f;\npub use b::g;\n"),
        ("x/a.rs", "use crate::x;\npub fn f() { x::g() }\n"),
        ("x/b.rs", "use crate::x;\npub fn g() { x::f() }\n"),
    ]);
    assert_eq!(f, ["import cycle: x/a.rs <-> x/b.rs"]);
}

#[test]
fn a_longer_circle_is_found_and_a_chain_is_not() {
    let three = |back: &str| {
        findings(&[
            ("lib.rs", "mod a;\nmod b;\nmod c;\n"),
            ("a.rs", "use super::b::B;\n"),
            ("b.rs", "use super::c::C;\n"),
            ("c.rs", back),
        ])
    };
    assert_eq!(
        three("use super::a::A;\n"),
        ["import cycle: a.rs <-> b.rs <-> c.rs"]
    );
    assert!(three("use std::fmt;\n").is_empty());
}

#[test]
fn a_cycle_through_a_parent_reexport_is_found() {
    let folder = |b_text: &'static str| {
        findings(&[
            ("lib.rs", "pub mod x;\n"),
            ("x/mod.rs", "mod a;\nmod b;\npub use a::A;\npub use b::B;\n"),
            ("x/a.rs", "use super::B;\npub struct A(B);\n"),
            ("x/b.rs", b_text),
        ])
    };
    // the folder's re-exports alone make no cycle
    assert!(folder("pub struct B;\n").is_empty());
    // a sibling imports the other back through the re-export
    assert_eq!(
        folder("use super::A;\npub struct B(Box<A>);\n"),
        ["import cycle: x/a.rs <-> x/b.rs"]
    );
    // a child imports an item the folder defines, and the folder uses the child
    let f = findings(&[
        ("lib.rs", "pub mod x;\n"),
        (
            "x/mod.rs",
            "mod a;\npub struct Top;\npub fn f() { a::g() }\n",
        ),
        ("x/a.rs", "use super::Top;\npub fn g() {}\n"),
    ]);
    assert_eq!(f, ["import cycle: x/a.rs <-> x/mod.rs"]);
}

#[test]
fn comments_strings_and_test_modules_import_nothing() {
    let f = findings(&[
        LIB,
        ("a.rs", "use crate::b::g;\npub fn f() { g() }\n"),
        (
            "b.rs",
            "//! see [`crate::a::f`]\n/* crate::a::f */\npub fn g() { let _ = \"crate::a::f\"; \
             let _ = r#\"super::a\"#; let _c = '\"'; }\n\
             #[cfg(test)]\nmod tests {\n    use crate::a::f;\n    #[test] fn t() { f() }\n}\n",
        ),
    ]);
    assert!(f.is_empty(), "{f:?}");
}

#[test]
fn the_oracle_may_not_reach_the_symbolic_engine() {
    let crate_with = |limits: &'static str, graph: &'static str| {
        findings(&[
            (
                "lib.rs",
                "pub mod explicit;\npub mod symbolic;\npub mod limits;\n",
            ),
            ("limits.rs", limits),
            ("explicit/mod.rs", "pub mod graph;\n"),
            ("explicit/graph.rs", graph),
            (
                "symbolic/mod.rs",
                "pub mod encoding;\npub use encoding::Encoding;\n",
            ),
            ("symbolic/encoding.rs", "pub struct Encoding;\n"),
        ])
    };
    let ok = crate_with("pub struct Budget;\n", "use crate::limits::Budget;\n");
    assert!(ok.is_empty(), "{ok:?}");
    // directly
    let f = crate_with("pub struct Budget;\n", "use crate::symbolic::Encoding;\n");
    assert_eq!(
        f,
        [
            "explicit/ depends on symbolic/: explicit/graph.rs -> symbolic/encoding.rs",
            "explicit/graph.rs: says `symbolic` outside comments"
        ]
    );
    // through a module in between
    let f = crate_with(
        "use crate::symbolic::Encoding;\npub struct Budget(Encoding);\n",
        "use crate::limits::Budget;\n// not symbolic: a comment\n",
    );
    assert_eq!(
        f,
        ["explicit/ depends on symbolic/: explicit/graph.rs -> limits.rs -> symbolic/encoding.rs"]
    );
}

#[test]
fn long_files_are_found_except_the_parsers() {
    let long = "fn f() {}\n".repeat(MAX_LINES + 1);
    let f = findings(&[
        ("lib.rs", "pub mod parse;\npub mod a;\n"),
        ("a.rs", &long),
        ("parse/mod.rs", "pub mod dot;\n"),
        ("parse/dot.rs", &long),
    ]);
    assert_eq!(
        f,
        [format!(
            "a.rs: {} lines (at most {MAX_LINES})",
            MAX_LINES + 1
        )]
    );
}

/// A made-up crate of `layers` (ground up), its files `(path, text)`.
fn layered(
    layers: &[(&str, &[&str])],
    siblings: &[(&str, &str)],
    files: &[(&str, &str)],
) -> Vec<String> {
    analyze(files, layers, siblings).findings
}

const TWO_LAYERS: &[(&str, &[&str])] = &[("low", &["a", "b"]), ("high", &["c"])];

#[test]
fn an_import_upwards_is_found_and_one_downwards_is_not() {
    let lib = ("lib.rs", "pub mod a;\npub mod b;\npub mod c;\n");
    let crate_with = |a: &'static str, c: &'static str| {
        layered(
            TWO_LAYERS,
            &[],
            &[lib, ("a.rs", a), ("b.rs", "pub struct B;\n"), ("c.rs", c)],
        )
    };
    assert!(crate_with("pub struct A;\n", "use crate::a::A;\n").is_empty());
    assert_eq!(
        crate_with("use crate::c::C;\npub struct A;\n", "pub struct C;\n"),
        ["a.rs imports c.rs: upwards, from `a` (low) to `c` (high)"]
    );
    // an inline path counts as much as a `use`
    assert_eq!(
        crate_with("pub fn f() { crate::c::g() }\n", "pub fn g() {}\n"),
        ["a.rs imports c.rs: upwards, from `a` (low) to `c` (high)"]
    );
}

#[test]
fn a_sibling_import_needs_leave_and_a_module_needs_a_layer() {
    let files: &[(&str, &str)] = &[
        ("lib.rs", "pub mod a;\npub mod b;\npub mod d;\n"),
        ("a.rs", "use crate::b::B;\npub struct A(B);\n"),
        ("b.rs", "pub struct B;\n"),
        ("d/mod.rs", "pub struct D;\n"),
    ];
    assert_eq!(
        layered(TWO_LAYERS, &[], files),
        [
            "d/mod.rs: module `d` is in no layer (add it to LAYERS and ARCHITECTURE.md)",
            "a.rs imports b.rs: `a` -> `b` within low is no allowed sibling import"
        ]
    );
    assert_eq!(
        layered(TWO_LAYERS, &[("a", "b")], files),
        ["d/mod.rs: module `d` is in no layer (add it to LAYERS and ARCHITECTURE.md)"]
    );
}

#[test]
fn a_reader_imports_no_engine_and_an_mcc_oracle_nothing_symbolic() {
    let layers: &[(&str, &[&str])] = &[
        ("engines", &["explicit", "symbolic"]),
        ("io", &["parse"]),
        ("drivers", &["mcc"]),
    ];
    let f = layered(
        layers,
        &[],
        &[
            (
                "lib.rs",
                "pub mod explicit;\npub mod symbolic;\npub mod parse;\npub mod mcc;\n",
            ),
            ("explicit/mod.rs", "pub struct Graph;\n"),
            ("symbolic/mod.rs", "pub struct Bdd;\n"),
            (
                "parse/mod.rs",
                "use crate::explicit::Graph;\npub fn read(_: Graph) {}\n",
            ),
            ("mcc/mod.rs", "pub mod explicit;\npub mod symbolic;\n"),
            (
                "mcc/explicit.rs",
                "use super::symbolic::count;\npub fn f() -> usize { count() }\n",
            ),
            (
                "mcc/symbolic.rs",
                "use crate::symbolic::Bdd;\npub fn count() -> usize { let _b = Bdd; 0 }\n",
            ),
        ],
    );
    assert_eq!(
        f,
        [
            "parse/mod.rs imports explicit/mod.rs: `parse` reads or writes plain data and \
             imports no engine",
            "mcc/explicit.rs depends on symbolic/: mcc/explicit.rs -> mcc/symbolic.rs -> \
             symbolic/mod.rs",
            "mcc/explicit.rs: says `symbolic` outside comments"
        ]
    );
}
