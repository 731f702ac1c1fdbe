//! The documents against the command line: every `ltsym` command in a shell block of README.md
//! or `docs/*.md` parses as the binary parses it, every flag README names exists, and the
//! manual pages in `docs/man/` and the completion scripts are what the definitions give.
//!
//! These are tests of the binary because the definitions live in it (`src/cli/`); they call
//! the parser itself (`try_parse_from`), so nothing runs and no file is read but the documents.
//! A command is taken from a fenced block marked `sh`, `shell`, `bash`, `console` or nothing
//! (`text` blocks hold output and synopses): each line, `\`-continued lines joined, is split
//! as a shell splits it (quotes, `;`, `|`, `&&`, redirections, `#` comments, `VAR=value`
//! prefixes), and every piece that starts with `ltsym` (or `cargo run --release --`) is one
//! command. A path into `bench-data/` that a command names must exist: the commands are the
//! ones a user runs from the repository root.

use std::path::{Path, PathBuf};

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};

use super::command::Cli;

/// The repository root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// README.md, then `docs/*.md` in name order.
fn documents() -> Vec<PathBuf> {
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "md"))
                .collect()
        })
        .unwrap_or_default();
    docs.sort();
    docs.insert(0, root().join("README.md"));
    docs
}

/// Fenced blocks whose lines are shell commands: (line number of the first line, lines).
fn shell_blocks(md: &str) -> Vec<(usize, Vec<&str>)> {
    let mut blocks = Vec::new();
    let mut open: Option<(bool, usize, Vec<&str>)> = None;
    for (i, line) in md.lines().enumerate() {
        let fence = line.trim_start().strip_prefix("```");
        match (&mut open, fence) {
            (None, Some(info)) => {
                let lang = info.trim();
                let shell = matches!(lang, "" | "sh" | "shell" | "bash" | "console");
                open = Some((shell, i + 2, Vec::new()));
            }
            (Some(_), Some(_)) => {
                let (shell, first, lines) = open.take().expect("a block is open");
                if shell {
                    blocks.push((first, lines));
                }
            }
            (Some((_, _, lines)), None) => lines.push(line),
            (None, None) => {}
        }
    }
    blocks
}

/// A line of shell split into commands, each a list of words (see the module comment).
fn shell_commands(line: &str) -> Vec<Vec<String>> {
    let mut commands = Vec::new();
    let mut words: Vec<String> = Vec::new();
    let mut word: Option<String> = None;
    let (mut single, mut double, mut depth, mut drop_next) = (false, false, 0usize, false);
    let mut chars = line.chars().peekable();
    // ends the word being read; a redirection's target is dropped
    let end_word = |word: &mut Option<String>, words: &mut Vec<String>, drop: &mut bool| {
        if let Some(w) = word.take() {
            if *drop {
                *drop = false;
            } else {
                words.push(w);
            }
        }
    };
    while let Some(c) = chars.next() {
        if single {
            if c == '\'' {
                single = false;
            } else {
                word.get_or_insert_with(String::new).push(c);
            }
            continue;
        }
        if double {
            match c {
                '"' => double = false,
                '\\' => word.get_or_insert_with(String::new).extend(chars.next()),
                _ => word.get_or_insert_with(String::new).push(c),
            }
            continue;
        }
        match c {
            '\'' => {
                single = true;
                word.get_or_insert_with(String::new);
            }
            '"' => {
                double = true;
                word.get_or_insert_with(String::new);
            }
            '\\' => word.get_or_insert_with(String::new).extend(chars.next()),
            '$' if chars.peek() == Some(&'(') => {
                depth += 1;
                word.get_or_insert_with(String::new).push(c);
            }
            ')' if depth > 0 => {
                depth -= 1;
                word.get_or_insert_with(String::new).push(c);
            }
            _ if depth > 0 => word.get_or_insert_with(String::new).push(c),
            '#' if word.is_none() => break,
            ' ' | '\t' => end_word(&mut word, &mut words, &mut drop_next),
            ';' | '|' | '&' => {
                end_word(&mut word, &mut words, &mut drop_next);
                if !words.is_empty() {
                    commands.push(std::mem::take(&mut words));
                }
            }
            '>' | '<' => {
                // `2>` names a file descriptor, not an argument
                if word
                    .as_deref()
                    .is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit()))
                {
                    word = None;
                }
                end_word(&mut word, &mut words, &mut drop_next);
                while chars.peek().is_some_and(|&n| n == '>' || n == '&') {
                    chars.next();
                }
                drop_next = true;
            }
            _ => word.get_or_insert_with(String::new).push(c),
        }
    }
    end_word(&mut word, &mut words, &mut drop_next);
    if !words.is_empty() {
        commands.push(words);
    }
    commands
}

/// The `ltsym` commands of a document: (line, arguments with `ltsym` first).
fn ltsym_commands(md: &str) -> Vec<(usize, Vec<String>)> {
    let mut found = Vec::new();
    for (first, lines) in shell_blocks(md) {
        let mut i = 0;
        while i < lines.len() {
            let at = first + i;
            let mut text = lines[i].trim().to_string();
            while text.ends_with('\\') && i + 1 < lines.len() {
                text.pop();
                i += 1;
                text.push(' ');
                text.push_str(lines[i].trim());
            }
            i += 1;
            let text = text.strip_prefix("$ ").unwrap_or(&text);
            for words in shell_commands(text) {
                let start = words
                    .iter()
                    .position(|w| !w.contains('=') || w.starts_with('-'))
                    .unwrap_or(words.len());
                let words = &words[start..];
                let args: Vec<String> = match words {
                    [first, rest @ ..] if first == "ltsym" || first.ends_with("/ltsym") => {
                        std::iter::once("ltsym".to_string())
                            .chain(rest.iter().cloned())
                            .collect()
                    }
                    [cargo, run, release, dashes, rest @ ..]
                        if cargo == "cargo"
                            && run == "run"
                            && release == "--release"
                            && dashes == "--" =>
                    {
                        std::iter::once("ltsym".to_string())
                            .chain(rest.iter().cloned())
                            .collect()
                    }
                    _ => continue,
                };
                found.push((at, args));
            }
        }
    }
    found
}

/// What is wrong with one command: clap's error, or a shipped file it names that is missing.
fn problem(args: &[String]) -> Option<String> {
    if let Err(e) = Cli::try_parse_from(args) {
        if !matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
            return Some(e.render().to_string());
        }
    }
    for a in &args[1..] {
        if let Some(at) = a.find("bench-data/") {
            let path = &a[at..];
            if !root().join(path).exists() {
                return Some(format!("{path} does not exist"));
            }
        }
    }
    None
}

/// The commands of every document, with what is wrong with each (empty: all parse).
fn check_documents(docs: &[PathBuf]) -> (Vec<(PathBuf, usize)>, Vec<String>) {
    let mut counts = Vec::new();
    let mut failures = Vec::new();
    for doc in docs {
        let md = std::fs::read_to_string(doc).unwrap_or_else(|e| panic!("{}: {e}", doc.display()));
        let commands = ltsym_commands(&md);
        for (line, args) in &commands {
            if let Some(why) = problem(args) {
                failures.push(format!(
                    "{}:{line}: `{}`:\n{why}",
                    doc.strip_prefix(root()).unwrap_or(doc).display(),
                    args.join(" ")
                ));
            }
        }
        counts.push((doc.clone(), commands.len()));
    }
    (counts, failures)
}

/// At least this many commands are found in README.md, and in all documents together: a
/// change to the extraction (or to the documents) that finds next to nothing fails.
const MIN_README: usize = 10;
const MIN_ALL: usize = 50;

#[test]
fn every_command_in_readme_and_docs_parses() {
    let (counts, failures) = check_documents(&documents());
    let total: usize = counts.iter().map(|(_, n)| n).sum();
    let readme = counts[0].1;
    eprintln!("{total} ltsym commands checked ({readme} in README.md)");
    assert!(
        failures.is_empty(),
        "{} of {total} commands do not parse:\n\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(readme >= MIN_README, "only {readme} commands in README.md");
    assert!(
        total >= MIN_ALL,
        "only {total} commands in README and docs/"
    );
}

/// Every long flag of the command line, any subcommand's, with its aliases.
fn all_flags() -> Vec<String> {
    fn walk(cmd: &clap::Command, out: &mut Vec<String>) {
        for a in cmd.get_arguments() {
            out.extend(a.get_long().map(|l| format!("--{l}")));
            out.extend(
                a.get_all_aliases()
                    .unwrap_or_default()
                    .iter()
                    .map(|l| format!("--{l}")),
            );
        }
        for s in cmd.get_subcommands() {
            walk(s, out);
        }
    }
    let mut cli = Cli::command();
    cli.build();
    let mut out = vec!["--help".to_string(), "--version".to_string()];
    walk(&cli, &mut out);
    out
}

/// Flags README names that belong to other programs (cargo).
const FOREIGN_FLAGS: &[&str] = &["--release", "--path", "--all-targets", "--check"];

/// The `--words` of a text (a flag's `=value` and trailing punctuation cut).
fn long_flags(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let bytes = line.as_bytes();
        for (i, _) in line.match_indices("--") {
            let boundary = i == 0 || b" \t`'([,/|".contains(&bytes[i - 1]);
            let flag: String = line[i + 2..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            if boundary && flag.starts_with(|c: char| c.is_ascii_lowercase()) {
                found.push((n + 1, format!("--{}", flag.trim_end_matches('-'))));
            }
        }
    }
    found
}

#[test]
fn every_flag_readme_names_exists() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let flags = all_flags();
    let named = long_flags(&readme);
    let unknown: Vec<String> = named
        .iter()
        .filter(|(_, f)| !flags.contains(f) && !FOREIGN_FLAGS.contains(&f.as_str()))
        .map(|(line, f)| format!("README.md:{line}: {f}"))
        .collect();
    assert!(
        unknown.is_empty(),
        "README names flags no subcommand takes:\n{}",
        unknown.join("\n")
    );
    assert!(
        named.len() >= 30,
        "only {} flags found in README",
        named.len()
    );
}

#[test]
fn manual_pages_in_docs_man_are_current() {
    let dir = root().join("docs/man");
    let pages = super::man::pages(Cli::command());
    let mut stale = Vec::new();
    for (name, text) in &pages {
        match std::fs::read(dir.join(name)) {
            Ok(kept) if kept == *text => {}
            Ok(_) => stale.push(format!("{name} differs")),
            Err(_) => stale.push(format!("{name} is missing")),
        }
    }
    let names: Vec<&str> = pages.iter().map(|(n, _)| n.as_str()).collect();
    for entry in std::fs::read_dir(&dir).expect("docs/man").flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".1") && !names.contains(&name.as_str()) {
            stale.push(format!("{name} names no subcommand"));
        }
    }
    assert!(
        stale.is_empty(),
        "docs/man is out of step with the command line ({}); regenerate it with \
         `rm docs/man/*.1 && cargo run --release -- man -o docs/man`",
        stale.join(", ")
    );
    assert!(pages.len() >= 9, "only {} pages", pages.len());
}

#[test]
fn completion_scripts_name_every_subcommand() {
    use clap_complete::Shell;
    let mut cli = Cli::command();
    cli.build();
    let subs: Vec<String> = cli
        .get_subcommands()
        .filter(|s| !s.is_hide_set())
        .map(|s| s.get_name().to_string())
        .collect();
    for shell in [
        Shell::Bash,
        Shell::Zsh,
        Shell::Fish,
        Shell::Elvish,
        Shell::PowerShell,
    ] {
        let mut script = Vec::new();
        clap_complete::generate(shell, &mut Cli::command(), "ltsym", &mut script);
        let script = String::from_utf8(script).expect("UTF-8");
        for s in &subs {
            assert!(script.contains(s.as_str()), "{shell}: no `{s}`");
        }
        assert!(script.contains("witness-out"), "{shell}: no witness-out");
        if shell == Shell::Bash && Path::new("/bin/bash").exists() {
            let checked = std::process::Command::new("/bin/bash")
                .arg("-n")
                .stdin(std::process::Stdio::piped())
                .spawn()
                .and_then(|mut child| {
                    use std::io::Write;
                    child
                        .stdin
                        .take()
                        .expect("piped")
                        .write_all(script.as_bytes())?;
                    child.wait()
                })
                .expect("bash runs");
            assert!(checked.success(), "bash -n rejects the bash completions");
        }
    }
}

/// The extraction itself, on made-up documents: what it must take and what it must leave.
#[test]
fn commands_are_extracted_as_a_shell_splits_them() {
    let md = "text `ltsym not-this`\n\
              ```sh\n\
              ltsym check a.dot p.txt --witness   # a comment\n\
              printf 'x' > p.txt; ltsym info \"my file.dot\" 2>/dev/null | head\n\
              RUST_LOG=info ltsym reach x.dot \\\n    --order hubs\n\
              cargo run --release -- gen ring:3 -o r.dot && dot -Tsvg r.dot > r.svg\n\
              ltsym automaton -f 'G (a -> F b)' > p.hoa\n\
              x=\"$(ltsym props a b | wc -l)\"\n\
              ```\n\
              ```text\nltsym check SYSTEM [--witness]\n```\n\
                  ltsym indented-not-fenced\n";
    let got: Vec<(usize, String)> = ltsym_commands(md)
        .into_iter()
        .map(|(l, a)| (l, a.join(" ")))
        .collect();
    let want: Vec<(usize, String)> = [
        (3, "ltsym check a.dot p.txt --witness"),
        (4, "ltsym info my file.dot"),
        (5, "ltsym reach x.dot --order hubs"),
        (7, "ltsym gen ring:3 -o r.dot"),
        (8, "ltsym automaton -f G (a -> F b)"),
    ]
    .iter()
    .map(|(l, c)| (*l, c.to_string()))
    .collect();
    assert_eq!(got, want);
    // and a command that does not parse is reported
    let bad = ["ltsym", "check", "a.dot", "p.txt", "--witnes"].map(String::from);
    assert!(problem(&bad).is_some_and(|e| e.contains("--witnes")));
    let missing = ["ltsym", "info", "bench-data/no-such.dot"].map(String::from);
    assert!(problem(&missing).is_some_and(|e| e.contains("no-such")));
    let help = ["ltsym", "check", "--help"].map(String::from);
    assert_eq!(problem(&help), None);
}
