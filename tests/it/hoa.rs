//! The HOA output of ltsym's automata, read back by a HOA v1 reader written here (independent
//! of ltsym's automaton code: it knows only the HOA text), and checked on random lasso words
//! against the formula evaluated directly on the word: a lasso is accepted iff it satisfies the
//! formula the automaton is for. Letters become valuations as the HOA header says: the fired
//! label's proposition alone is true, or none when the label is no proposition.

use crate::support;

use ltsym::automata::translate;
use ltsym::gen::formulas::random_ltl;
use ltsym::gen::rng::Rng;
use ltsym::logic::eval::holds_on_lasso;
use ltsym::logic::{Ltl, Properties};
use ltsym::parse::load_properties;

/// A Boolean label over proposition indices.
#[derive(Debug)]
enum Label {
    True,
    False,
    Ap(usize),
    Not(Box<Label>),
    And(Box<Label>, Box<Label>),
    Or(Box<Label>, Box<Label>),
}

impl Label {
    fn eval(&self, valuation: u64) -> bool {
        match self {
            Label::True => true,
            Label::False => false,
            Label::Ap(i) => valuation >> i & 1 == 1,
            Label::Not(a) => !a.eval(valuation),
            Label::And(a, b) => a.eval(valuation) && b.eval(valuation),
            Label::Or(a, b) => a.eval(valuation) || b.eval(valuation),
        }
    }
}

/// `label := conj {"|" conj}; conj := atom {"&" atom}; atom := "t" | "f" | int | "!" atom | "(" label ")"`
struct LabelParser<'a> {
    s: &'a [u8],
    i: usize,
}

impl LabelParser<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }
    fn eat(&mut self, c: u8) -> bool {
        self.ws();
        if self.s.get(self.i) == Some(&c) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn or(&mut self) -> Label {
        let mut l = self.and();
        while self.eat(b'|') {
            l = Label::Or(Box::new(l), Box::new(self.and()));
        }
        l
    }
    fn and(&mut self) -> Label {
        let mut l = self.atom();
        while self.eat(b'&') {
            l = Label::And(Box::new(l), Box::new(self.atom()));
        }
        l
    }
    fn atom(&mut self) -> Label {
        self.ws();
        if self.eat(b'!') {
            return Label::Not(Box::new(self.atom()));
        }
        if self.eat(b'(') {
            let l = self.or();
            assert!(self.eat(b')'), "missing ) in label");
            return l;
        }
        if self.eat(b't') {
            return Label::True;
        }
        if self.eat(b'f') {
            return Label::False;
        }
        let start = self.i;
        while self.i < self.s.len() && self.s[self.i].is_ascii_digit() {
            self.i += 1;
        }
        let n = std::str::from_utf8(&self.s[start..self.i]).expect("ascii");
        Label::Ap(
            n.parse()
                .unwrap_or_else(|_| panic!("bad label atom at {start}")),
        )
    }
}

struct Edge {
    label: Label,
    to: usize,
    acc: u64,
}

/// A transition-based generalised Büchi automaton as a HOA file gives it.
struct Hoa {
    aps: Vec<String>,
    start: usize,
    /// The sets of `Inf(i) & ...`; empty for `t`.
    inf: Vec<usize>,
    edges: Vec<Vec<Edge>>,
}

/// The quoted strings of a header line, in order.
fn strings(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '"' {
            let mut s = String::new();
            while let Some(d) = chars.next() {
                match d {
                    '\\' => s.push(chars.next().expect("escape")),
                    '"' => break,
                    _ => s.push(d),
                }
            }
            out.push(s);
        }
    }
    out
}

/// `{0 1}` at the end of an edge line.
fn acc_sets(s: &str) -> u64 {
    match (s.find('{'), s.find('}')) {
        (Some(a), Some(b)) => s[a + 1..b]
            .split_whitespace()
            .map(|x| 1u64 << x.parse::<u32>().expect("acc set"))
            .fold(0, |m, b| m | b),
        _ => 0,
    }
}

fn parse_hoa(text: &str) -> Hoa {
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("HOA: v1"));
    let mut states = None;
    let mut start = None;
    let mut aps = Vec::new();
    let mut inf = Vec::new();
    let mut in_comment = false;
    for line in lines.by_ref() {
        if in_comment || line.starts_with("/*") {
            in_comment = !line.contains("*/");
            continue;
        }
        if line == "--BODY--" {
            break;
        }
        let (key, rest) = line.split_once(':').expect("header item");
        let rest = rest.trim();
        match key {
            "States" => states = Some(rest.parse::<usize>().expect("States")),
            "Start" => {
                assert!(start.is_none(), "one initial state");
                start = Some(rest.parse::<usize>().expect("Start"));
            }
            "AP" => {
                aps = strings(rest);
                let n: usize = rest.split_whitespace().next().unwrap().parse().unwrap();
                assert_eq!(aps.len(), n, "AP count");
            }
            "Acceptance" => {
                let (n, cond) = rest.split_once(' ').expect("Acceptance: n cond");
                let n: usize = n.parse().unwrap();
                if cond.trim() != "t" {
                    for part in cond.split('&') {
                        let p = part.trim();
                        let i = p
                            .strip_prefix("Inf(")
                            .and_then(|x| x.strip_suffix(')'))
                            .unwrap_or_else(|| panic!("only conjunctions of Inf: {cond}"));
                        inf.push(i.parse::<usize>().unwrap());
                    }
                }
                assert_eq!(inf.len(), n, "generalised Büchi: one Inf per set");
            }
            // other headers (tool, name, acc-name, properties) do not change the language
            _ => {}
        }
    }
    let n = states.expect("States");
    let mut edges: Vec<Vec<Edge>> = (0..n).map(|_| Vec::new()).collect();
    let mut cur = None;
    for line in lines {
        let line = line.trim();
        if line == "--END--" {
            break;
        }
        if let Some(rest) = line.strip_prefix("State:") {
            let id = rest
                .split_whitespace()
                .next()
                .unwrap()
                .parse::<usize>()
                .unwrap();
            assert!(!rest.contains('{'), "state-based acceptance not expected");
            cur = Some(id);
            continue;
        }
        let s = cur.expect("edge before State:");
        assert!(line.starts_with('['), "explicit labels: {line}");
        let close = line.find(']').expect("]");
        let label = LabelParser {
            s: &line.as_bytes()[1..close],
            i: 0,
        }
        .or();
        let after = line[close + 1..].trim();
        let to = after
            .split_whitespace()
            .next()
            .unwrap()
            .parse::<usize>()
            .unwrap();
        assert!(to < n, "edge to a state out of range");
        edges[s].push(Edge {
            label,
            to,
            acc: acc_sets(after),
        });
    }
    Hoa {
        aps,
        start: start.expect("Start"),
        inf,
        edges,
    }
}

impl Hoa {
    /// The valuation a label name is: its proposition alone, or none.
    fn valuation(&self, letter: &str) -> u64 {
        self.aps
            .iter()
            .position(|a| a == letter)
            .map_or(0, |i| 1 << i)
    }

    /// Whether `prefix · cycle^ω` is accepted: in the product of the automaton with the
    /// positions of the lasso, some reachable strongly connected part has a cycle whose
    /// edges meet every `Inf` set. Found by a fixpoint: repeatedly drop product states that
    /// cannot reach themselves through edges of each set within the remaining states.
    fn accepts(&self, prefix: &[String], cycle: &[String]) -> bool {
        let word: Vec<u64> = prefix
            .iter()
            .chain(cycle)
            .map(|l| self.valuation(l))
            .collect();
        let len = word.len();
        let next = |p: usize| if p + 1 < len { p + 1 } else { prefix.len() };
        let n = self.edges.len();
        let id = |q: usize, p: usize| q * len + p;
        // product edges: (from, to, acc)
        let mut succ: Vec<Vec<(usize, u64)>> = vec![Vec::new(); n * len];
        for q in 0..n {
            for p in 0..len {
                for e in &self.edges[q] {
                    if e.label.eval(word[p]) {
                        succ[id(q, p)].push((id(e.to, next(p)), e.acc));
                    }
                }
            }
        }
        // reachable product states
        let mut reach = vec![false; n * len];
        let mut stack = vec![id(self.start, 0)];
        reach[id(self.start, 0)] = true;
        while let Some(v) = stack.pop() {
            for &(w, _) in &succ[v] {
                if !reach[w] {
                    reach[w] = true;
                    stack.push(w);
                }
            }
        }
        // an accepting cycle through v exists iff v lies in an SCC whose internal edges
        // meet every set: compute SCCs by mutual reachability (the product is small)
        let reaches = |from: usize| {
            let mut seen = vec![false; n * len];
            let mut st = vec![from];
            while let Some(v) = st.pop() {
                for &(w, _) in &succ[v] {
                    if !seen[w] {
                        seen[w] = true;
                        st.push(w);
                    }
                }
            }
            seen
        };
        let all: Vec<Vec<bool>> = (0..n * len).map(reaches).collect();
        let need: u64 = self.inf.iter().fold(0, |m, &i| m | 1 << i);
        (0..n * len).filter(|&v| reach[v] && all[v][v]).any(|v| {
            // the edges inside v's SCC
            let mut met = 0u64;
            for u in 0..n * len {
                if all[v][u] && all[u][v] {
                    for &(w, acc) in &succ[u] {
                        if all[v][w] && all[w][v] {
                            met |= acc;
                        }
                    }
                }
            }
            met & need == need
        })
    }
}

/// Random lassos over the formula's atoms and one label that is none of them; returns how
/// many the automaton accepted.
fn check_on_random_lassos(f: &Ltl, hoa_text: &str, rng: &mut Rng, count: usize) -> usize {
    let mut accepted = 0;
    let hoa = parse_hoa(hoa_text);
    let mut letters = f.atoms();
    letters.push("other_label".into());
    for _ in 0..count {
        let word = |rng: &mut Rng, min: usize| -> Vec<String> {
            let n = min + rng.below(4);
            (0..n)
                .map(|_| letters[rng.below(letters.len())].clone())
                .collect()
        };
        let prefix = word(rng, 0);
        let cycle = word(rng, 1);
        let accepts = hoa.accepts(&prefix, &cycle);
        assert_eq!(
            accepts,
            holds_on_lasso(f, &prefix, &cycle),
            "{f} on {prefix:?} ({cycle:?})^w\n{hoa_text}"
        );
        accepted += usize::from(accepts);
    }
    accepted
}

/// What `ltsym automaton --property N FILE` prints, as a user gets it.
fn automaton_cli(file: &std::path::Path, n: u32) -> String {
    let o = crate::support::cli::ltsym()
        .args(["automaton", "--property", &n.to_string()])
        .arg(file)
        .output()
        .expect("run ltsym");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).expect("UTF-8")
}

/// The HOA `ltsym automaton` prints for each of the 20 properties of 2016 problem 103 (the
/// automaton of its negation, the one the LTL check uses) reads back and accepts exactly the
/// random lassos that violate the property.
#[test]
fn hoa_of_the_negated_properties_of_2016_problem_103() {
    let file = support::rers("2016/problem103-properties.txt");
    let Properties::Ltl(ps) = load_properties(&file, None).expect("properties") else {
        panic!("LTL expected")
    };
    assert_eq!(ps.len(), 20);
    let mut rng = Rng::new(103);
    let mut accepted = 0;
    for p in &ps {
        let neg = Ltl::not(p.formula.clone());
        let text = automaton_cli(&file, p.number);
        assert_eq!(
            text,
            translate(&neg).expect("automaton").to_hoa(),
            "#{}",
            p.number
        );
        accepted += check_on_random_lassos(&neg, &text, &mut rng, 400);
    }
    // both answers occur: the lassos exercise acceptance and rejection
    assert!(
        accepted > 0 && accepted < 20 * 400,
        "{accepted} of 8000 accepted"
    );
}

#[test]
fn hoa_of_random_formulas() {
    let labels: Vec<String> = ["a", "b", "c"].iter().map(|s| s.to_string()).collect();
    let mut rng = Rng::new(7);
    for _ in 0..150 {
        let f = random_ltl(&mut rng, &labels, 4);
        let text = translate(&f).expect("automaton").to_hoa();
        check_on_random_lassos(&f, &text, &mut rng, 60);
    }
    // no atoms at all
    for f in [Ltl::True, Ltl::False, Ltl::Next(Box::new(Ltl::False))] {
        let text = translate(&f).expect("automaton").to_hoa();
        check_on_random_lassos(&f, &text, &mut rng, 10);
    }
}

/// A mutation the reader must catch: the old encoding labelled an edge reading every letter
/// `t`, which also reads valuations with two propositions true.
#[test]
fn no_edge_reads_two_propositions() {
    let f = ltsym::parse::ltl::parse_formula("G (a -> F b)", std::path::Path::new("f"))
        .expect("formula");
    let hoa = parse_hoa(&translate(&f).expect("automaton").to_hoa());
    let both = 0b11;
    assert!(hoa.edges.iter().flatten().all(|e| !e.label.eval(both)));
}
