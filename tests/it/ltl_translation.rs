//! The LTL-to-TGBA translation against the direct lasso evaluator: for random formulas (every
//! operator) and random lassos, the automaton accepts the lasso iff the formula holds on it;
//! the same for the formulas of the RERS property files and their negations.

use crate::support;
use crate::support::arb::{self, LtlOps};
use crate::support::prop;

use std::cell::Cell;

use proptest::collection::vec;
use proptest::prelude::Strategy;
use proptest::sample::select;

use ltsym::automata::{accepts_lasso, translate, Tgba};
use ltsym::gen::rng::Rng;
use ltsym::logic::eval::holds_on_lasso;
use ltsym::logic::nnf::{is_nnf, nnf};
use ltsym::logic::Ltl;

fn b(f: Ltl) -> Box<Ltl> {
    Box::new(f)
}

fn random_word(rng: &mut Rng, alphabet: &[String], min: usize, max: usize) -> Vec<String> {
    let n = min + rng.below(max - min + 1);
    (0..n)
        .map(|_| alphabet[rng.below(alphabet.len())].clone())
        .collect()
}

/// Checks `a` (for `f`) and `na` (for `!f`) on one lasso; returns a failure description.
fn check(f: &Ltl, a: &Tgba, na: &Tgba, prefix: &[String], cycle: &[String]) -> Option<String> {
    let truth = holds_on_lasso(f, prefix, cycle);
    let neg_truth = holds_on_lasso(&Ltl::not(f.clone()), prefix, cycle);
    let acc = accepts_lasso(a, prefix, cycle);
    let nacc = accepts_lasso(na, prefix, cycle);
    if truth == neg_truth || acc != truth || nacc != neg_truth {
        Some(format!(
            "formula {f} on {prefix:?} ({cycle:?})^w: holds {truth}, negation holds {neg_truth}, \
             automaton accepts {acc}, negation automaton accepts {nacc}\nautomaton: {a:#?}"
        ))
    } else {
        None
    }
}

/// A word of `min..=max` letters of `alphabet`.
fn words(alphabet: &[&str], min: usize, max: usize) -> impl Strategy<Value = Vec<String>> {
    let alphabet: Vec<String> = alphabet.iter().map(|s| s.to_string()).collect();
    vec(select(alphabet), min..=max)
}

#[test]
fn random_formulas_agree_with_the_lasso_evaluator() {
    // formulas over 2 or 3 atoms; the alphabet: the atoms and one label no formula mentions
    let alphabet = ["a", "b", "c", "z"];
    let cases = (2..=3usize).prop_flat_map(move |natoms| {
        let atoms: Vec<String> = alphabet[..natoms].iter().map(|s| s.to_string()).collect();
        (
            arb::ltl(atoms, 4, LtlOps::All),
            vec((words(&alphabet, 0, 3), words(&alphabet, 1, 3)), 25),
        )
    });
    let (cases_run, accepted, max_states) = (Cell::new(0), Cell::new(0), Cell::new(0));
    prop::check(
        "ltl_translation::random_formulas_agree_with_the_lasso_evaluator",
        4000,
        cases,
        |(f, lassos)| {
            let g = nnf(&f);
            assert!(is_nnf(&g), "not in NNF: {g} (from {f})");
            let a = translate(&f).expect("translation");
            let na = translate(&Ltl::not(f.clone())).expect("translation");
            max_states.set(max_states.get().max(a.num_states));
            for (prefix, cycle) in &lassos {
                if let Some(msg) = check(&f, &a, &na, prefix, cycle) {
                    panic!("{msg}");
                }
                // the NNF is equivalent to the formula
                assert_eq!(
                    holds_on_lasso(&g, prefix, cycle),
                    holds_on_lasso(&f, prefix, cycle),
                    "nnf({f}) = {g} differs on {prefix:?} ({cycle:?})^w"
                );
                accepted.set(accepted.get() + usize::from(holds_on_lasso(&f, prefix, cycle)));
                cases_run.set(cases_run.get() + 1);
            }
        },
    );
    let (cases, accepted) = (cases_run.get(), accepted.get());
    // the random cases must exercise both verdicts
    assert!(accepted > cases / 10 && accepted < cases * 9 / 10);
    println!(
        "{cases} cases, {accepted} satisfied, largest automaton {} states",
        max_states.get()
    );
}

fn g(f: Ltl) -> Ltl {
    Ltl::Globally(b(f))
}

fn fin(f: Ltl) -> Ltl {
    Ltl::Finally(b(f))
}

#[test]
fn small_automata_for_typical_formulas() {
    let a = || Ltl::atom("a");
    let bb = || Ltl::atom("b");
    let gfa = translate(&g(fin(a()))).unwrap();
    assert_eq!(gfa.num_states, 1, "{gfa:#?}");
    assert_eq!(gfa.num_acc, 1);
    let resp = translate(&g(Ltl::Implies(b(a()), b(fin(bb()))))).unwrap();
    assert!(resp.num_states <= 2, "{resp:#?}");
    // distinct atoms never hold together: a & b is false, !a | !b is true
    let contradiction = translate(&fin(Ltl::and(a(), bb()))).unwrap();
    assert!(contradiction.edges.is_empty(), "{contradiction:#?}");
    let tautology = translate(&g(Ltl::or(Ltl::not(a()), Ltl::not(bb())))).unwrap();
    assert_eq!(tautology.num_states, 1);
    assert_eq!(tautology.num_acc, 0);
    assert_eq!(tautology.edges.len(), 1);
    assert_eq!(tautology.edges[0].letters.iter().count(), 3);
    assert_eq!(translate(&Ltl::False).unwrap().edges.len(), 0);
}

#[test]
fn nested_xor_stays_linear() {
    // a0 xor (a1 xor (... xor a39)) under X: an exponential tree in NNF, a tiny automaton
    let mut f = Ltl::atom("a39");
    for i in (0..39).rev() {
        f = Ltl::Xor(b(Ltl::atom(&format!("a{i}"))), b(f));
    }
    let f = Ltl::Globally(b(Ltl::Equiv(b(f.clone()), b(Ltl::Next(b(f))))));
    let a = translate(&f).unwrap();
    assert!(a.num_states <= 3, "{}", a.stats());
    let w = |s: &str| -> Vec<String> { s.split_whitespace().map(String::from).collect() };
    // the xor chain holds exactly on positions reading one of its atoms
    assert!(accepts_lasso(&a, &w(""), &w("a3")));
    assert!(accepts_lasso(&a, &w(""), &w("z")));
    assert!(!accepts_lasso(&a, &w("a3"), &w("z")));
    assert!(!accepts_lasso(
        &translate(&Ltl::not(f)).unwrap(),
        &w(""),
        &w("a7 a1")
    ));
}

#[test]
fn formulas_without_atoms() {
    let w = |s: &str| -> Vec<String> { s.split_whitespace().map(String::from).collect() };
    let t = translate(&g(fin(Ltl::True))).unwrap();
    assert!(t.atoms.is_empty());
    assert!(accepts_lasso(&t, &w("x y"), &w("z")));
    let f = translate(&Ltl::Next(b(Ltl::False))).unwrap();
    assert!(!accepts_lasso(&f, &w(""), &w("z")));
    // the HOA text names every state
    assert!(t.to_hoa().contains("State: 0"));
}

#[test]
fn too_many_acceptance_sets_is_an_error_not_a_panic() {
    // 70 distinct `F` subformulas, all postponed at some point
    let mut f = fin(Ltl::atom("a0"));
    for i in 1..70 {
        f = Ltl::and(f, fin(Ltl::atom(&format!("a{i}"))));
    }
    assert!(translate(&g(f)).is_err());
    // 60 are fine, and the automaton is correct on a word visiting all atoms
    let mut f = fin(Ltl::atom("a0"));
    for i in 1..60 {
        f = Ltl::and(f, fin(Ltl::atom(&format!("a{i}"))));
    }
    let a = translate(&g(f.clone())).unwrap();
    let cycle: Vec<String> = (0..60).map(|i| format!("a{i}")).collect();
    assert!(accepts_lasso(&a, &[], &cycle));
    assert!(!accepts_lasso(&a, &[], &cycle[1..]));
    assert_eq!(a.num_acc, 60);
}

// ---- RERS property files, with a throwaway reader (the real one is src/parse/ltl.rs) ----

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    LParen,
    RParen,
    Not,
    Unary(char),
    Binary(String),
    Atom(String),
}

fn lex(s: &str) -> Vec<Tok> {
    let cs: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < cs.len() {
        let c = cs[i];
        if c.is_whitespace() {
            i += 1;
        } else if c == '(' {
            out.push(Tok::LParen);
            i += 1;
        } else if c == ')' {
            out.push(Tok::RParen);
            i += 1;
        } else if c == '!' {
            out.push(Tok::Not);
            i += 1;
        } else if c == '&' || c == '|' {
            out.push(Tok::Binary(c.to_string()));
            i += 1;
        } else if c == '=' && cs.get(i + 1) == Some(&'>') {
            out.push(Tok::Binary("=>".into()));
            i += 2;
        } else if c.is_ascii_alphanumeric() || c == '_' {
            let start = i;
            while i < cs.len() && (cs[i].is_ascii_alphanumeric() || cs[i] == '_') {
                i += 1;
            }
            let w: String = cs[start..i].iter().collect();
            match w.as_str() {
                "G" | "F" | "X" => out.push(Tok::Unary(w.chars().next().unwrap())),
                "U" | "W" | "R" | "M" => out.push(Tok::Binary(w)),
                "true" => out.push(Tok::Atom("true".into())),
                "false" => out.push(Tok::Atom("false".into())),
                _ => out.push(Tok::Atom(w)),
            }
        } else {
            panic!("unexpected character {c:?} in {s}");
        }
    }
    out
}

/// Binary chains must use one operator (RERS formulas are fully parenthesised); grouped to the
/// right.
fn parse_expr(t: &[Tok], i: &mut usize) -> Ltl {
    let mut operands = vec![parse_unary(t, i)];
    let mut chain_op: Option<String> = None;
    while let Some(Tok::Binary(op)) = t.get(*i) {
        if let Some(prev) = &chain_op {
            assert_eq!(prev, op, "mixed binary operators without parentheses");
        }
        chain_op = Some(op.clone());
        *i += 1;
        operands.push(parse_unary(t, i));
    }
    let mut f = operands.pop().unwrap();
    while let Some(lhs) = operands.pop() {
        let (x, y) = (b(lhs), b(f));
        f = match chain_op.as_deref() {
            Some("&") => Ltl::And(x, y),
            Some("|") => Ltl::Or(x, y),
            Some("=>") => Ltl::Implies(x, y),
            Some("U") => Ltl::Until(x, y),
            Some("W") => Ltl::WeakUntil(x, y),
            Some("R") => Ltl::Release(x, y),
            _ => Ltl::StrongRelease(x, y),
        };
    }
    f
}

fn parse_unary(t: &[Tok], i: &mut usize) -> Ltl {
    let tok = t[*i].clone();
    *i += 1;
    match tok {
        Tok::Not => Ltl::not(parse_unary(t, i)),
        Tok::Unary('G') => g(parse_unary(t, i)),
        Tok::Unary('F') => fin(parse_unary(t, i)),
        Tok::Unary(_) => Ltl::Next(b(parse_unary(t, i))),
        Tok::LParen => {
            let e = parse_expr(t, i);
            assert_eq!(t[*i], Tok::RParen);
            *i += 1;
            e
        }
        Tok::Atom(a) if a == "true" => Ltl::True,
        Tok::Atom(a) if a == "false" => Ltl::False,
        Tok::Atom(a) => Ltl::Atom(a),
        other => panic!("unexpected {other:?}"),
    }
}

/// Every formula of the RERS 2016 and 2017 LTL property files.
fn rers_formulas() -> Vec<(String, Ltl)> {
    let mut out = Vec::new();
    for year in ["2016", "2017"] {
        let dir = support::rers(year);
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.to_string_lossy().ends_with("-properties.txt"))
            .collect();
        files.sort();
        for p in files {
            let text = std::fs::read_to_string(&p).unwrap();
            for line in text.lines() {
                let line = line.trim();
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                let toks = lex(line);
                let mut i = 0;
                let f = parse_expr(&toks, &mut i);
                assert_eq!(i, toks.len(), "trailing input in {line}");
                out.push((format!("{}: {line}", p.display()), f));
            }
        }
    }
    out
}

#[test]
fn rers_formulas_translate_correctly_and_small() {
    let formulas = rers_formulas();
    assert!(formulas.len() >= 600, "only {} formulas", formulas.len());
    let mut rng = Rng::new(12345);
    let (mut max, mut total, mut max_neg, mut total_neg) = (0, 0, 0, 0);
    let mut max_acc = 0;
    let mut edges_neg = 0;
    let mut biggest = String::new();
    for (src, f) in &formulas {
        let a = translate(f).expect("translation");
        let nf = Ltl::not(f.clone());
        let na = translate(&nf).expect("translation");
        total += a.num_states;
        total_neg += na.num_states;
        edges_neg += na.edges.len();
        max = max.max(a.num_states);
        max_acc = max_acc.max(a.num_acc).max(na.num_acc);
        if na.num_states > max_neg {
            max_neg = na.num_states;
            biggest = format!("{src} (negated: {})", na.stats());
        }
        let mut alphabet = f.atoms();
        alphabet.push("__other__".into());
        for _ in 0..20 {
            let prefix = random_word(&mut rng, &alphabet, 0, 4);
            let cycle = random_word(&mut rng, &alphabet, 1, 4);
            if let Some(msg) = check(f, &a, &na, &prefix, &cycle) {
                panic!("{src}: {msg}");
            }
        }
    }
    let n = formulas.len();
    println!(
        "{n} RERS formulas: states max {max}, avg {:.2}; negations: max {max_neg}, avg {:.2}, avg edges {:.2}; \
         acceptance sets max {max_acc}; largest negation: {biggest}",
        total as f64 / n as f64,
        total_neg as f64 / n as f64,
        edges_neg as f64 / n as f64
    );
}

#[test]
#[ignore]
fn show_rers_automata() {
    let mut v: Vec<(usize, String, Tgba)> = Vec::new();
    for (src, f) in rers_formulas() {
        let na = translate(&Ltl::not(f.clone())).unwrap();
        v.push((na.num_states, src.clone(), na));
        let a = translate(&f).unwrap();
        v.push((a.num_states, src, a));
    }
    let mut hist = std::collections::BTreeMap::new();
    for (n, _, a) in &v {
        *hist.entry((*n, a.num_acc)).or_insert(0) += 1;
    }
    println!("(states, acceptance sets) -> automata (formulas and negations): {hist:?}");
    v.sort_by_key(|x| std::cmp::Reverse(x.0));
    for (_, src, a) in v.iter().take(2) {
        println!("{src}\n{a}");
    }
}

/// Measurement, not a check: sizes and time on deep random formulas (run with --ignored).
#[test]
#[ignore]
fn deep_random_formulas_sizes() {
    let mut rng = Rng::new(777);
    let names: Vec<String> = ["a", "b", "c", "d"].iter().map(|s| s.to_string()).collect();
    let t = std::time::Instant::now();
    let (mut max, mut total) = (0, 0);
    for _ in 0..2000 {
        let f = ltsym::gen::formulas::random_ltl(&mut rng, &names, 6);
        let t0 = std::time::Instant::now();
        let a = translate(&f).unwrap();
        if t0.elapsed().as_millis() > 500 {
            println!("slow {:?} {}: {f}", t0.elapsed(), a.stats());
        }
        max = max.max(a.num_states);
        total += a.num_states;
    }
    println!(
        "depth 6: max {max} states, avg {:.1}, {:?}",
        total as f64 / 2000.0,
        t.elapsed()
    );
}
