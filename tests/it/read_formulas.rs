//! The LTL and CTL readers: every RERS property file, print/reparse round trips (RERS and
//! random formulas), precedence, located errors, and no panics on random input.

use crate::support;

use std::path::{Path, PathBuf};

use std::cell::Cell;

use proptest::collection::vec;
use proptest::prelude::{any, prop_oneof, Strategy};
use proptest::sample::select;

use ltsym::gen::rng::Rng;
use ltsym::logic::{Ctl, Ltl, Property};

use crate::support::arb::{self, LtlOps};
use crate::support::prop;
use ltsym::parse::{ctl, detect_logic, ltl, Logic};

// ---------------------------------------------------------------------------------------------
// Helpers

/// A random element of `items` (the library's PRNG draws the spellings).
fn pick<T: Copy>(rng: &mut Rng, items: &[T]) -> T {
    items[rng.below(items.len())]
}

fn file() -> &'static Path {
    Path::new("f.txt")
}

fn ltl(s: &str) -> Ltl {
    ltl::parse_formula(s, file()).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

fn ctl(s: &str) -> Ctl {
    ctl::parse_formula(s, file()).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

fn ltl_err(s: &str) -> String {
    match ltl::parse_properties(s, file()) {
        Ok(p) => panic!("{s:?} parsed: {p:?}"),
        Err(e) => e.to_string(),
    }
}

fn ctl_err(s: &str) -> String {
    match ctl::parse_properties(s, file()) {
        Ok(p) => panic!("{s:?} parsed: {p:?}"),
        Err(e) => e.to_string(),
    }
}

fn b<T>(x: T) -> Box<T> {
    Box::new(x)
}

fn a(name: &str) -> Ltl {
    Ltl::atom(name)
}

fn property_files(year: &str, suffix: &str) -> Vec<PathBuf> {
    let dir = support::rers(year);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.to_string_lossy().ends_with(suffix))
        .collect();
    files.sort();
    files
}

fn problem_number(path: &Path) -> u32 {
    let name = path.file_name().unwrap().to_string_lossy();
    name["problem".len().."problem".len() + 3].parse().unwrap()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

// ---------------------------------------------------------------------------------------------
// RERS files

fn check_numbering<F>(path: &Path, props: &[Property<F>]) {
    assert_eq!(props.len(), 20, "{}", path.display());
    let numbers: Vec<u32> = props.iter().map(|p| p.number).collect();
    assert_eq!(numbers, (1..=20).collect::<Vec<_>>(), "{}", path.display());
    let text = read(path);
    let lines: Vec<&str> = text.lines().collect();
    for p in props {
        // The formula is on the line after its header, and starts with "(".
        assert!(
            lines[p.line - 1].trim_start().starts_with('('),
            "{}:{}",
            path.display(),
            p.line
        );
        assert!(
            lines[p.line - 2].starts_with(&format!("#{}:", p.number)),
            "{}:{}",
            path.display(),
            p.line
        );
    }
}

#[test]
fn every_rers_ltl_file_parses() {
    let mut files = property_files("2016", "-properties.txt");
    assert_eq!(files.len(), 20);
    let files2017 = property_files("2017", "-properties.txt");
    assert_eq!(files2017.len(), 15);
    files.extend(files2017);
    for path in files {
        let text = read(&path);
        assert_eq!(detect_logic(&text), Logic::Ltl, "{}", path.display());
        let props = ltl::parse_properties(&text, &path).unwrap_or_else(|e| panic!("{e}"));
        check_numbering(&path, &props);
        let year2016 = path.parent().unwrap().ends_with("2016");
        let with_verdicts = year2016 && problem_number(&path) <= 115;
        for p in &props {
            assert_eq!(
                p.expected.is_some(),
                with_verdicts,
                "{} #{}",
                path.display(),
                p.number
            );
            assert!(
                !p.formula.atoms().is_empty(),
                "{} #{}",
                path.display(),
                p.number
            );
        }
    }
}

#[test]
fn the_annotated_verdict_parses() {
    let path = support::rers("2016/problem105-properties.txt");
    let props = ltl::parse_properties(&read(&path), &path).unwrap();
    let p = &props[9];
    assert_eq!(p.number, 10);
    assert_eq!(p.expected, Some(false));
    assert_eq!(p.line, 29);
    assert_eq!(
        p.formula,
        Ltl::Implies(b(a("c4_t16")), b(Ltl::Globally(b(Ltl::not(a("c2_t5"))))))
    );
    // The first property of 2016 problem 101, in full.
    let path = support::rers("2016/problem101-properties.txt");
    let props = ltl::parse_properties(&read(&path), &path).unwrap();
    assert_eq!(props[0].expected, Some(true));
    assert_eq!(props[1].expected, Some(false));
    assert_eq!(
        props[0].formula,
        ltl("((c0_t8 -> (!c0_t7 U c0_t3)) W (c0_t4 || c0_t2))")
    );
    assert_eq!(
        props[0].formula,
        Ltl::WeakUntil(
            b(Ltl::Implies(
                b(a("c0_t8")),
                b(Ltl::Until(b(Ltl::not(a("c0_t7"))), b(a("c0_t3"))))
            )),
            b(Ltl::or(a("c0_t4"), a("c0_t2")))
        )
    );
}

#[test]
fn every_rers_ctl_file_parses() {
    let files = property_files("2019", "-ctl-properties.txt");
    assert_eq!(files.len(), 9);
    for path in files {
        let text = read(&path);
        assert_eq!(detect_logic(&text), Logic::Ctl, "{}", path.display());
        let props = ctl::parse_properties(&text, &path).unwrap_or_else(|e| panic!("{e}"));
        check_numbering(&path, &props);
        for p in &props {
            assert_eq!(p.expected, None);
            assert!(
                !p.formula.atoms().is_empty(),
                "{} #{}",
                path.display(),
                p.number
            );
        }
    }
    let path = support::rers("2019/problem101-ctl-properties.txt");
    let props = ctl::parse_properties(&read(&path), &path).unwrap();
    let l = |s: &str| Some(s.to_string());
    assert_eq!(
        props[0].formula,
        Ctl::AW(
            b(Ctl::Box(l("a20"), b(Ctl::False))),
            b(Ctl::Or(
                b(Ctl::Diamond(l("a25"), b(Ctl::True))),
                b(Ctl::Diamond(l("a21"), b(Ctl::True)))
            ))
        )
    );
}

#[test]
fn load_properties_detects_the_logic() {
    use ltsym::logic::Properties;
    let ltl_file = support::rers("2017/problem110-properties.txt");
    match ltsym::parse::load_properties(&ltl_file, None).unwrap() {
        Properties::Ltl(p) => assert_eq!(p.len(), 20),
        Properties::Ctl(_) => panic!("{} read as CTL", ltl_file.display()),
    }
    let ctl_file = support::rers("2019/problem105-ctl-properties.txt");
    match ltsym::parse::load_properties(&ctl_file, None).unwrap() {
        Properties::Ctl(p) => assert_eq!(p.len(), 20),
        Properties::Ltl(_) => panic!("{} read as LTL", ctl_file.display()),
    }
    // Forcing the wrong logic gives a located error, not a panic.
    let e = ltsym::parse::load_properties(&ctl_file, Some(Logic::Ltl)).unwrap_err();
    assert!(
        e.to_string().contains("problem105-ctl-properties.txt:2:"),
        "{e}"
    );
    let e = ltsym::parse::load_properties(&ltl_file, Some(Logic::Ctl)).unwrap_err();
    assert!(
        e.to_string().contains("problem110-properties.txt:2:"),
        "{e}"
    );
}

#[test]
fn rers_formulas_round_trip() {
    let mut n = 0;
    for year in ["2016", "2017"] {
        for path in property_files(year, "-properties.txt") {
            for p in ltl::parse_properties(&read(&path), &path).unwrap() {
                let printed = p.formula.to_string();
                assert_eq!(ltl(&printed), p.formula, "{}: {printed}", path.display());
                n += 1;
            }
        }
    }
    for path in property_files("2019", "-ctl-properties.txt") {
        for p in ctl::parse_properties(&read(&path), &path).unwrap() {
            let printed = p.formula.to_string();
            assert_eq!(ctl(&printed), p.formula, "{}: {printed}", path.display());
            n += 1;
        }
    }
    assert_eq!(n, (20 + 15 + 9) * 20);
}

// ---------------------------------------------------------------------------------------------
// Random formulas

/// Atom names, many of which look like keywords or need quoting.
const NAMES: &[&str] = &[
    "a",
    "b",
    "c0_t1",
    "c1_t2__c0_t3",
    "_",
    "x9",
    "U",
    "W",
    "R",
    "M",
    "V",
    "X",
    "F",
    "G",
    "Fa",
    "GFa",
    "Xb",
    "F1",
    "G0x",
    "X2",
    "true",
    "false",
    "TRUE",
    "False",
    "1",
    "0",
    "xor",
    "xorb",
    "trueish",
    "Falsey",
    "Ub",
    "A",
    "E",
    "AG",
    "EF",
    "AX",
    "a b",
    "q\"uote",
    "back\\slash",
    "é",
    "a-b",
    "(p)",
    "<>",
    "[]",
    "a.b",
    "9lives",
    "\t",
    "#1:",
];

/// The atoms and labels of the random formulas: [`NAMES`].
fn names() -> Vec<String> {
    NAMES.iter().map(|s| s.to_string()).collect()
}

#[test]
fn random_ltl_formulas_round_trip() {
    let formulas = arb::ltl(names(), 6, LtlOps::All);
    prop::check(
        "read_formulas::random_ltl_formulas_round_trip",
        4000,
        formulas,
        |f| {
            let printed = f.to_string();
            assert_eq!(ltl(&printed), f, "{printed}");
        },
    );
}

#[test]
fn random_ctl_formulas_round_trip() {
    let formulas = arb::ctl(names(), 6);
    prop::check(
        "read_formulas::random_ctl_formulas_round_trip",
        4000,
        formulas,
        |f| {
            let printed = f.to_string();
            assert_eq!(ctl(&printed), f, "{printed}");
        },
    );
}

/// Some whitespace, possibly none when `optional`.
fn ws(rng: &mut Rng, optional: bool) -> &'static str {
    let choices: &[&str] = if optional {
        &["", "", " ", "\n", "\t "]
    } else {
        &[" ", " ", "  ", "\n", "\t", " \r\n "]
    };
    pick(rng, choices)
}

/// Writes `f` fully parenthesised with randomly chosen spellings and spacing: every synonym
/// of every operator, constants as `1`/`TRUE`/..., and no space after a prefix operator when
/// Spot's scanner splits the word anyway (`GFa`).
fn spell_ltl(f: &Ltl, rng: &mut Rng) -> String {
    let bin = |rng: &mut Rng, l: &Ltl, ops: &[&str], r: &Ltl| {
        let op = pick(rng, ops);
        let word_op = op.chars().all(|c| c.is_ascii_alphabetic());
        let (sl, sr) = (spell_ltl(l, rng), spell_ltl(r, rng));
        let (w1, w2, w3, w4) = (
            ws(rng, true),
            ws(rng, !word_op),
            ws(rng, !word_op),
            ws(rng, true),
        );
        format!("({w1}{sl}{w2}{op}{w3}{sr}{w4})")
    };
    let un = |rng: &mut Rng, ops: &[&str], a: &Ltl| {
        let op = pick(rng, ops);
        let sa = spell_ltl(a, rng);
        // "X1" and "F0" are atoms, "Xa" is X a: a space is needed before a digit only.
        let needs_space = sa.starts_with(|c: char| c.is_ascii_digit());
        format!("{op}{}{sa}", ws(rng, !needs_space))
    };
    match f {
        Ltl::True => pick(rng, &["true", "1", "TRUE", "True"]).to_string(),
        Ltl::False => pick(rng, &["false", "0", "FALSE", "fAlSe"]).to_string(),
        Ltl::Atom(_) => {
            if rng.below(3) == 0 {
                format!("({}{f}{})", ws(rng, true), ws(rng, true))
            } else {
                f.to_string()
            }
        }
        Ltl::Not(a) => un(rng, &["!"], a),
        Ltl::Next(a) => un(rng, &["X"], a),
        Ltl::Finally(a) => un(rng, &["F", "<>"], a),
        Ltl::Globally(a) => un(rng, &["G", "[]"], a),
        Ltl::And(l, r) => bin(rng, l, &["&", "&&"], r),
        Ltl::Or(l, r) => bin(rng, l, &["|", "||"], r),
        Ltl::Implies(l, r) => bin(rng, l, &["->", "=>"], r),
        Ltl::Equiv(l, r) => bin(rng, l, &["<->", "<=>"], r),
        Ltl::Xor(l, r) => bin(rng, l, &["xor", "^"], r),
        Ltl::Until(l, r) => bin(rng, l, &["U"], r),
        Ltl::WeakUntil(l, r) => bin(rng, l, &["W"], r),
        Ltl::Release(l, r) => bin(rng, l, &["R", "V"], r),
        Ltl::StrongRelease(l, r) => bin(rng, l, &["M"], r),
    }
}

/// As [`spell_ltl`], for CTL.
fn spell_ctl(f: &Ctl, rng: &mut Rng) -> String {
    let bin = |rng: &mut Rng, l: &Ctl, ops: &[&str], r: &Ctl| {
        let op = pick(rng, ops);
        let (sl, sr) = (spell_ctl(l, rng), spell_ctl(r, rng));
        let (w1, w2, w3, w4) = (ws(rng, true), ws(rng, true), ws(rng, true), ws(rng, true));
        format!("({w1}{sl}{w2}{op}{w3}{sr}{w4})")
    };
    let path = |rng: &mut Rng, q: &str, l: &Ctl, u: &str, r: &Ctl| {
        let (sl, sr) = (spell_ctl(l, rng), spell_ctl(r, rng));
        let (w1, w2, w3, w4) = (ws(rng, true), ws(rng, false), ws(rng, false), ws(rng, true));
        format!("{q}{w1}({sl}{w2}{u}{w3}{sr}{w4})")
    };
    let un = |rng: &mut Rng, op: String, a: &Ctl| {
        let sa = spell_ctl(a, rng);
        let word_op = op.ends_with(|c: char| c.is_ascii_alphabetic());
        let word_arg = sa.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_');
        format!("{op}{}{sa}", ws(rng, !(word_op && word_arg)))
    };
    let label = |rng: &mut Rng, l: &Option<String>, open: &str, close: &str| {
        let inner = match l {
            None => String::new(),
            // The printer's spelling of the label, read back from a printed modality.
            Some(name) => {
                let printed = Ctl::Box(Some(name.clone()), Box::new(Ctl::True)).to_string();
                printed[1..printed.len() - "] true".len()].to_string()
            }
        };
        format!("{open}{}{inner}{}{close}", ws(rng, true), ws(rng, true))
    };
    match f {
        Ctl::True => "true".to_string(),
        Ctl::False => "false".to_string(),
        Ctl::Not(a) => un(rng, "!".into(), a),
        Ctl::And(l, r) => bin(rng, l, &["&", "&&"], r),
        Ctl::Or(l, r) => bin(rng, l, &["|", "||"], r),
        Ctl::Implies(l, r) => bin(rng, l, &["=>", "->"], r),
        Ctl::Equiv(l, r) => bin(rng, l, &["<=>", "<->"], r),
        Ctl::Diamond(l, a) => {
            let op = label(rng, l, "<", ">");
            un(rng, op, a)
        }
        Ctl::Box(l, a) => {
            let op = label(rng, l, "[", "]");
            un(rng, op, a)
        }
        Ctl::AU(l, r) => path(rng, "A", l, "U", r),
        Ctl::EU(l, r) => path(rng, "E", l, "U", r),
        Ctl::AW(l, r) => path(rng, "A", l, "W", r),
        Ctl::EW(l, r) => path(rng, "E", l, "W", r),
        Ctl::AG(a) => un(rng, "AG".into(), a),
        Ctl::EG(a) => un(rng, "EG".into(), a),
        Ctl::AF(a) => un(rng, "AF".into(), a),
        Ctl::EF(a) => un(rng, "EF".into(), a),
    }
}

#[test]
fn random_spellings_parse_to_the_same_formula() {
    // a formula of each logic, and the seed of the spelling's random choices
    let cases = (
        arb::ltl(names(), 5, LtlOps::All),
        arb::ctl(names(), 5),
        any::<u64>(),
    );
    prop::check(
        "read_formulas::random_spellings_parse_to_the_same_formula",
        3000,
        cases,
        |(f, g, seed)| {
            let mut rng = Rng::new(seed);
            let text = spell_ltl(&f, &mut rng);
            assert_eq!(ltl(&text), f, "{text:?}");
            let text = spell_ctl(&g, &mut rng);
            assert_eq!(ctl(&text), g, "{text:?}");
        },
    );
}

/// Writes `f` with as few parentheses as the precedence table of grammar/ltl.ebnf allows:
/// binary levels `-> <->` (0, right), `|` (1), `xor` (2), `&` (3), `U W R M` (4, right),
/// prefix operators (5), atoms (6). Parentheses are added where `need` exceeds the level.
fn minimal_ltl(f: &Ltl, need: usize) -> String {
    let bin = |l: &Ltl, op: &str, r: &Ltl, level: usize, right: bool| {
        let (nl, nr) = if right {
            (level + 1, level)
        } else {
            (level, level + 1)
        };
        let text = format!("{} {op} {}", minimal_ltl(l, nl), minimal_ltl(r, nr));
        if level < need {
            format!("({text})")
        } else {
            text
        }
    };
    let un = |op: &str, a: &Ltl| {
        let text = format!("{op} {}", minimal_ltl(a, 5));
        if 5 < need {
            format!("({text})")
        } else {
            text
        }
    };
    match f {
        Ltl::True | Ltl::False | Ltl::Atom(_) => f.to_string(),
        Ltl::Not(a) => un("!", a),
        Ltl::Next(a) => un("X", a),
        Ltl::Finally(a) => un("F", a),
        Ltl::Globally(a) => un("G", a),
        Ltl::Implies(l, r) => bin(l, "->", r, 0, true),
        Ltl::Equiv(l, r) => bin(l, "<->", r, 0, true),
        Ltl::Or(l, r) => bin(l, "|", r, 1, false),
        Ltl::Xor(l, r) => bin(l, "xor", r, 2, false),
        Ltl::And(l, r) => bin(l, "&", r, 3, false),
        Ltl::Until(l, r) => bin(l, "U", r, 4, true),
        Ltl::WeakUntil(l, r) => bin(l, "W", r, 4, true),
        Ltl::Release(l, r) => bin(l, "R", r, 4, true),
        Ltl::StrongRelease(l, r) => bin(l, "M", r, 4, true),
    }
}

/// As [`minimal_ltl`], for grammar/ctl.ebnf: `<=>` (0, right), `=>` (1, right), `|` (2),
/// `&` (3), prefix operators (4), constants and `A(..)`/`E(..)` (5).
fn minimal_ctl(f: &Ctl, need: usize) -> String {
    let bin = |l: &Ctl, op: &str, r: &Ctl, level: usize, right: bool| {
        let (nl, nr) = if right {
            (level + 1, level)
        } else {
            (level, level + 1)
        };
        let text = format!("{} {op} {}", minimal_ctl(l, nl), minimal_ctl(r, nr));
        if level < need {
            format!("({text})")
        } else {
            text
        }
    };
    let un = |f: &Ctl, a: &Ctl| {
        // The printer's prefix (e.g. `<a> `, `AG `) followed by the operand.
        let full = f.to_string();
        let operand = a.to_string();
        let prefix = &full[..full.len() - operand.len()];
        let text = format!("{prefix}{}", minimal_ctl(a, 4));
        if 4 < need {
            format!("({text})")
        } else {
            text
        }
    };
    let path = |q: &str, l: &Ctl, u: &str, r: &Ctl| {
        format!("{q}({} {u} {})", minimal_ctl(l, 0), minimal_ctl(r, 0))
    };
    match f {
        Ctl::True | Ctl::False => f.to_string(),
        Ctl::Not(a)
        | Ctl::Diamond(_, a)
        | Ctl::Box(_, a)
        | Ctl::AG(a)
        | Ctl::EG(a)
        | Ctl::AF(a)
        | Ctl::EF(a) => un(f, a),
        Ctl::Equiv(l, r) => bin(l, "<=>", r, 0, true),
        Ctl::Implies(l, r) => bin(l, "=>", r, 1, true),
        Ctl::Or(l, r) => bin(l, "|", r, 2, false),
        Ctl::And(l, r) => bin(l, "&", r, 3, false),
        Ctl::AU(l, r) => path("A", l, "U", r),
        Ctl::EU(l, r) => path("E", l, "U", r),
        Ctl::AW(l, r) => path("A", l, "W", r),
        Ctl::EW(l, r) => path("E", l, "W", r),
    }
}

#[test]
fn minimally_parenthesised_formulas_parse_back() {
    let dropped = Cell::new(0);
    let cases = (arb::ltl(names(), 5, LtlOps::All), arb::ctl(names(), 5));
    prop::check(
        "read_formulas::minimally_parenthesised_formulas_parse_back",
        3000,
        cases,
        |(f, g)| {
            let text = minimal_ltl(&f, 0);
            dropped.set(
                dropped.get() + f.to_string().matches('(').count() - text.matches('(').count(),
            );
            assert_eq!(ltl(&text), f, "{text}");
            let text = minimal_ctl(&g, 0);
            dropped.set(
                dropped.get() + g.to_string().matches('(').count() - text.matches('(').count(),
            );
            assert_eq!(ctl(&text), g, "{text}");
        },
    );
    // Precedence decided many groupings, or this test checked nothing.
    let dropped = dropped.get();
    assert!(dropped > 3000, "only {dropped} parentheses left out");
}

#[test]
fn random_property_files_round_trip() {
    // Names with newlines or a leading "#" would change the line layout.
    let atoms: Vec<String> = names()
        .into_iter()
        .filter(|a| !a.contains('#') && !a.contains('\t'))
        .collect();
    // per property: its verdict (none, true, false), a comment after it or not, its formula
    let property = (0..3usize, any::<bool>(), arb::ltl(atoms, 4, LtlOps::All));
    let cases = (vec(property, 1..=8), 0..50usize);
    prop::check(
        "read_formulas::random_property_files_round_trip",
        50,
        cases,
        |(props, round)| {
            let mut text = String::new();
            let mut line = 1;
            let mut want = Vec::new();
            for (i, (verdict, comment, f)) in props.into_iter().enumerate() {
                let number = (i * 3 + round) as u32;
                let expected = [None, Some(true), Some(false)][verdict];
                let verdict = match expected {
                    None => "",
                    Some(true) => " \t true",
                    Some(false) => "\tfalse (a note)",
                };
                text.push_str(&format!("#{number}:{verdict}\n"));
                line += 1;
                if comment {
                    text.push_str("// a comment\n\n");
                    line += 2;
                }
                text.push_str(&format!("  {f}\n\n"));
                want.push(Property {
                    number,
                    formula: f,
                    expected,
                    line,
                });
                line += 2;
            }
            let got =
                ltl::parse_properties(&text, file()).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(got, want, "{text}");
        },
    );
}

// ---------------------------------------------------------------------------------------------
// Precedence

#[test]
fn ltl_precedence_follows_spot() {
    let (x, y, z) = (|| a("a"), || a("b"), || a("c"));
    let cases: Vec<(&str, Ltl)> = vec![
        (
            "a U b U c",
            Ltl::Until(b(x()), b(Ltl::Until(b(y()), b(z())))),
        ),
        ("!a U b", Ltl::Until(b(Ltl::not(x())), b(y()))),
        (
            "a -> b -> c",
            Ltl::Implies(b(x()), b(Ltl::Implies(b(y()), b(z())))),
        ),
        (
            "a => b <=> c",
            Ltl::Implies(b(x()), b(Ltl::Equiv(b(y()), b(z())))),
        ),
        (
            "a <-> b -> c",
            Ltl::Equiv(b(x()), b(Ltl::Implies(b(y()), b(z())))),
        ),
        ("a & b | c", Ltl::or(Ltl::and(x(), y()), z())),
        ("a | b & c", Ltl::or(x(), Ltl::and(y(), z()))),
        ("a || b && c", Ltl::or(x(), Ltl::and(y(), z()))),
        ("a | b | c", Ltl::or(Ltl::or(x(), y()), z())),
        ("a xor b | c", Ltl::or(Ltl::Xor(b(x()), b(y())), z())),
        ("a | b xor c", Ltl::or(x(), Ltl::Xor(b(y()), b(z())))),
        (
            "a -> b xor c",
            Ltl::Implies(b(x()), b(Ltl::Xor(b(y()), b(z())))),
        ),
        ("a ^ b & c", Ltl::Xor(b(x()), b(Ltl::and(y(), z())))),
        (
            "a xor b xor c",
            Ltl::Xor(b(Ltl::Xor(b(x()), b(y()))), b(z())),
        ),
        ("a -> b | c", Ltl::Implies(b(x()), b(Ltl::or(y(), z())))),
        ("F a U b", Ltl::Until(b(Ltl::Finally(b(x()))), b(y()))),
        ("a U b & c", Ltl::and(Ltl::Until(b(x()), b(y())), z())),
        ("a & b U c", Ltl::and(x(), Ltl::Until(b(y()), b(z())))),
        (
            "a U b R c",
            Ltl::Until(b(x()), b(Ltl::Release(b(y()), b(z())))),
        ),
        (
            "a W b M c",
            Ltl::WeakUntil(b(x()), b(Ltl::StrongRelease(b(y()), b(z())))),
        ),
        ("a V b", Ltl::Release(b(x()), b(y()))),
        ("X a U b", Ltl::Until(b(Ltl::Next(b(x()))), b(y()))),
        ("G !a", Ltl::Globally(b(Ltl::not(x())))),
        ("!G a", Ltl::not(Ltl::Globally(b(x())))),
        ("G(!a)", Ltl::Globally(b(Ltl::not(x())))),
        ("[]<> a", Ltl::Globally(b(Ltl::Finally(b(x()))))),
        ("GFa", Ltl::Globally(b(Ltl::Finally(b(x()))))),
        ("G F1", Ltl::Globally(b(a("F1")))),
        ("Xfoo", Ltl::Next(b(a("foo")))),
        ("aUb", a("aUb")),
        ("(a)Ub", Ltl::Until(b(x()), b(y()))),
        ("1 U 0", Ltl::Until(b(Ltl::True), b(Ltl::False))),
        ("TRUE & False", Ltl::and(Ltl::True, Ltl::False)),
        ("\"U\" U \"true\"", Ltl::Until(b(a("U")), b(a("true")))),
        ("\"a\\\"b\"", a("a\"b")),
        ("(\n a\n &\n b\n)", Ltl::and(x(), y())),
    ];
    for (text, want) in cases {
        assert_eq!(ltl(text), want, "{text}");
    }
}

#[test]
fn ctl_precedence() {
    let t = || Ctl::True;
    let f = || Ctl::False;
    let l = |s: &str| Some(s.to_string());
    let cases: Vec<(&str, Ctl)> = vec![
        (
            "true & false | true",
            Ctl::Or(b(Ctl::And(b(t()), b(f()))), b(t())),
        ),
        (
            "true | false & true",
            Ctl::Or(b(t()), b(Ctl::And(b(f()), b(t())))),
        ),
        (
            "true => false => true",
            Ctl::Implies(b(t()), b(Ctl::Implies(b(f()), b(t())))),
        ),
        (
            "true -> false | true",
            Ctl::Implies(b(t()), b(Ctl::Or(b(f()), b(t())))),
        ),
        (
            "true <=> false <=> true",
            Ctl::Equiv(b(t()), b(Ctl::Equiv(b(f()), b(t())))),
        ),
        (
            "true <=> false => true",
            Ctl::Equiv(b(t()), b(Ctl::Implies(b(f()), b(t())))),
        ),
        (
            "true => false <-> true",
            Ctl::Equiv(b(Ctl::Implies(b(t()), b(f()))), b(t())),
        ),
        (
            "[a] true & false",
            Ctl::And(b(Ctl::Box(l("a"), b(t()))), b(f())),
        ),
        (
            "<a> true | false",
            Ctl::Or(b(Ctl::Diamond(l("a"), b(t()))), b(f())),
        ),
        ("[] <> true", Ctl::Box(None, b(Ctl::Diamond(None, b(t()))))),
        ("AG true && false", Ctl::And(b(Ctl::AG(b(t()))), b(f()))),
        (
            "!EF true || false",
            Ctl::Or(b(Ctl::Not(b(Ctl::EF(b(t()))))), b(f())),
        ),
        (
            "A(true & false U true)",
            Ctl::AU(b(Ctl::And(b(t()), b(f()))), b(t())),
        ),
        (
            "E ( true W [\"x\"] false )",
            Ctl::EW(b(t()), b(Ctl::Box(l("x"), b(f())))),
        ),
        ("AF(EG(false))", Ctl::AF(b(Ctl::EG(b(f()))))),
        ("<\"a b\"> true", Ctl::Diamond(l("a b"), b(t()))),
        ("[U] true", Ctl::Box(l("U"), b(t()))),
    ];
    for (text, want) in cases {
        assert_eq!(ctl(text), want, "{text}");
    }
}

// ---------------------------------------------------------------------------------------------
// Errors

#[test]
fn malformed_ltl_is_located() {
    let cases: &[(&str, &str)] = &[
        // empty file / nothing after an operator
        ("", "f.txt:1:1: expected a property"),
        ("\n// only a comment\n", "f.txt:2:1: expected a property"),
        ("a &", "f.txt:1:4: expected a formula, found end of formula"),
        // unbalanced parentheses
        (
            "((a U b)",
            "f.txt:1:9: expected a binary operator or `)` closing the `(` at 1:1",
        ),
        (
            "(a U b))",
            "f.txt:1:8: expected a binary operator or end of formula, found `)`",
        ),
        ("()", "f.txt:1:2: expected a formula, found `)`"),
        // trailing garbage, unknown operators
        (
            "a b",
            "f.txt:1:3: expected a binary operator or end of formula, found atom `b`",
        ),
        (
            "a % b",
            "f.txt:1:3: expected a binary operator or end of formula, found unknown character `%`",
        ),
        (
            "a == b",
            "f.txt:1:3: expected a binary operator or end of formula, found unknown character `=`",
        ),
        ("a U U b", "f.txt:1:5: expected a formula, found `U`"),
        (
            "a & é",
            "f.txt:1:5: expected a formula, found unknown character `é`",
        ),
        ("#1:\na &\n  \"b", "f.txt:3:3: unclosed quoted atom"),
        ("\"\"", "f.txt:1:1: empty atom"),
        // in property files, positions are in the whole file
        (
            "#1: true\n(a U b)\n\n#2:\n(a U\n  b c)\n",
            "f.txt:6:5: expected a binary operator or `)` closing the `(` at 5:1, found atom `c`",
        ),
        (
            "#1:\n(a)\n\n#2: true\n",
            "f.txt:4:1: expected a formula after `#2:`",
        ),
        (
            "#1:\n(a)\n\n#1:\n(b)\n",
            "f.txt:4:1: duplicate property number 1 (first at 1:1)",
        ),
        ("#1:\n(a)\n\n(b)\n", "f.txt:4:1: expected a `#N:` header"),
        (
            "#1: yes\n(a)\n",
            "f.txt:1:5: expected `true`, `false` or end of line after `#1:`, found `yes`",
        ),
        (
            "#1: true G(a)\n",
            "f.txt:1:10: expected end of line or a parenthesised note after the verdict, found `G`",
        ),
        (
            "#1 true\n(a)\n",
            "f.txt:1:4: expected `:` after `#1`, found `true`",
        ),
        (
            "a\n\nb &\n",
            "f.txt:3:4: expected a formula, found end of formula",
        ),
    ];
    for (text, want) in cases {
        let got = ltl_err(text);
        assert!(got.starts_with(want), "{text:?}\n got: {got}\nwant: {want}");
    }
}

#[test]
fn malformed_ctl_is_located() {
    let cases: &[(&str, &str)] = &[
        ("", "f.txt:1:1: expected a property"),
        (
            "(AG(true)",
            "f.txt:1:10: expected a binary operator or `)` closing the `(` at 1:1",
        ),
        (
            "AG(true))",
            "f.txt:1:9: expected a binary operator or end of formula, found `)`",
        ),
        (
            "a20",
            "f.txt:1:1: expected a formula, found `a20` (CTL here has no atomic propositions",
        ),
        (
            "AX true",
            "f.txt:1:1: expected a formula, found `AX` (write `[] f` for AX)",
        ),
        (
            "A(true)",
            "f.txt:1:7: expected a binary operator, `U` or `W` in `A(...)`, found `)`",
        ),
        (
            "E(true U false",
            "f.txt:1:15: expected a binary operator or `)` closing the `E(` at 1:1",
        ),
        (
            "[a20 true",
            "f.txt:1:6: expected `]` closing the `[` at 1:1, found `true`",
        ),
        (
            "<a> true % false",
            "f.txt:1:10: expected a binary operator or end of formula, found unknown character `%`",
        ),
        (
            "true U false",
            "f.txt:1:6: expected a binary operator or end of formula, found `U`",
        ),
        (
            "G true",
            "f.txt:1:1: expected a formula, found `G` (an LTL operator",
        ),
        (
            "#1:\n(A(([a20] false) W\n   ((<a25> true) | <a21 true)))\n",
            "f.txt:3:25: expected `>` closing the `<` at 3:20, found `true`",
        ),
        (
            "#1:\n#2:\n(true)\n",
            "f.txt:1:1: expected a formula after `#1:`",
        ),
    ];
    for (text, want) in cases {
        let got = ctl_err(text);
        assert!(got.starts_with(want), "{text:?}\n got: {got}\nwant: {want}");
    }
}

#[test]
fn empty_formulas_are_errors() {
    let e = ltl::parse_formula("  \n ", file()).unwrap_err().to_string();
    assert_eq!(e, "f.txt:2:2: expected a formula, found end of formula");
    let e = ctl::parse_formula("", file()).unwrap_err().to_string();
    assert_eq!(e, "f.txt:1:1: expected a formula, found end of formula");
}

#[test]
fn deep_input_is_an_error_not_a_crash() {
    for text in [
        "(".repeat(100_000),
        "!".repeat(100_000),
        "a U ".repeat(100_000) + "b",
        vec!["a"; 100_000].join(" & "),
    ] {
        assert!(ltl::parse_formula(&text, file()).is_err());
    }
    for text in [
        "(".repeat(100_000),
        "[]".repeat(100_000),
        "true => ".repeat(100_000) + "true",
        vec!["true"; 100_000].join(" | "),
        "A(".repeat(100_000),
    ] {
        assert!(ctl::parse_formula(&text, file()).is_err());
    }
}

// ---------------------------------------------------------------------------------------------
// No panics on random input

const LTL_TOKENS: &[&str] = &[
    "a", "b", "c0_t1", "\"x y\"", "\"", "\\", "!", "&", "&&", "|", "||", "->", "=>", "<->", "<=>",
    "xor", "^", "X", "F", "G", "U", "W", "R", "M", "V", "[]", "<>", "true", "false", "1", "0", "(",
    "(", ")", ")", " ", "\n", "\n\n", "#1:", "#2: true", "//", "GFa", "Ub", "é", "%", "\r\n", "\t",
    "[", "]", "<", ">", "-", "=", "#", ":",
];

const CTL_TOKENS: &[&str] = &[
    "true",
    "false",
    "&",
    "|",
    "=>",
    "<=>",
    "!",
    "[",
    "]",
    "<",
    ">",
    "[]",
    "<>",
    "a1",
    "\"l\"",
    "\"",
    "A",
    "E",
    "(",
    "(",
    ")",
    ")",
    "U",
    "W",
    "AG",
    "EG",
    "AF",
    "EF",
    " ",
    "\n",
    "\n\n",
    "#1:",
    "#3: false (note)",
    "é",
    "%",
    "AX",
    "\t",
];

/// Strings of tokens: short ones (under 6) half of the time, else up to 30.
fn token_strings(tokens: &'static [&'static str]) -> impl Strategy<Value = String> {
    let n = prop_oneof![0..6usize, 0..30usize];
    n.prop_flat_map(move |n| vec(select(tokens), n))
        .prop_map(|t| t.concat())
}

#[test]
fn random_token_strings_never_panic() {
    let parsed = Cell::new(0);
    let cases = (token_strings(LTL_TOKENS), token_strings(CTL_TOKENS));
    prop::check(
        "read_formulas::random_token_strings_never_panic",
        5000,
        cases,
        |(l, c)| {
            if let Ok(f) = ltl::parse_formula(&l, file()) {
                parsed.set(parsed.get() + 1);
                assert_eq!(ltl(&f.to_string()), f, "{l:?}");
            }
            let _ = ltl::parse_properties(&l, file());
            if let Ok(f) = ctl::parse_formula(&c, file()) {
                parsed.set(parsed.get() + 1);
                assert_eq!(ctl(&f.to_string()), f, "{c:?}");
            }
            let _ = ctl::parse_properties(&c, file());
        },
    );
    // The generator must also produce valid formulas, or the round-trip check above is empty.
    let parsed = parsed.get();
    assert!(parsed > 100, "only {parsed} random strings parsed");
}

#[test]
fn random_bytes_never_panic() {
    let alphabet: Vec<char> = "aUFGX!&|-<>=[]()\"\\#: \n\t1é€x_"
        .chars()
        .chain((0..8).map(|_| '\u{1F600}'))
        .collect();
    let texts = vec(select(alphabet), 0..40).prop_map(|cs| cs.into_iter().collect::<String>());
    prop::check(
        "read_formulas::random_bytes_never_panic",
        3000,
        texts,
        |text| {
            let _ = ltl::parse_formula(&text, file());
            let _ = ltl::parse_properties(&text, file());
            let _ = ctl::parse_formula(&text, file());
            let _ = ctl::parse_properties(&text, file());
        },
    );
}
