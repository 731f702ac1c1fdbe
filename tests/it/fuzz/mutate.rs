//! The mutator: a few random edits of a seed file's bytes, the same for the same random
//! numbers on every machine (so a seed and an index name a mutant for good).
//!
//! The edits are the ones that found bugs in readers before: bytes that are not text (NUL,
//! 0xFF, halves of UTF-8 characters, terminal escapes), deleted, repeated and swapped pieces,
//! the format's own tokens in the wrong place, numbers at the edges of their types, very long
//! names, truncation, and pieces of another file of the same kind.

use ltsym::gen::rng::Rng;

/// Bytes worth trying anywhere.
const BYTES: &[u8] = &[
    0x00, 0x01, 0x07, 0x08, 0x0b, 0x0c, 0x1b, 0x7f, 0x80, 0xbf, 0xc0, 0xc3, 0xe2, 0xef, 0xf0, 0xfe,
    0xff, b'\n', b'\r', b'\t', b' ', b'"', b'\'', b'\\', b'{', b'}', b'[', b']', b'(', b')', b'<',
    b'>', b'&', b';', b'#', b'=', b'-', b'!', b'|', b':', b'/', b'*', b'0', b'9', b'a', b'_',
];

/// Tokens of every input language, and a few byte sequences that are not text.
const TOKENS: &[&str] = &[
    "digraph",
    "graph",
    "subgraph",
    "strict",
    "node",
    "edge",
    "->",
    "--",
    "label=\"\"",
    "label=\"a\"",
    "[label=\"x\"]",
    "\"",
    "/*",
    "*/",
    "//",
    "{",
    "}",
    "subgraph c { }",
    "proctype",
    "active proctype P() {",
    "mtype",
    "chan",
    "int state = 0;",
    "do",
    "od",
    "::",
    "atomic",
    "if",
    "fi",
    "?",
    "!",
    "#define",
    "ltl",
    "<place",
    "<transition",
    "<arc",
    "</",
    "/>",
    "<![CDATA[",
    "]]>",
    "&#0;",
    "&#1;",
    "&amp;",
    "&lt;",
    "&bogus;",
    "<text>",
    "</text>",
    "<initialMarking><text>1</text></initialMarking>",
    "<unit id=\"u\">",
    "<places>",
    "<subunits>",
    "<toolspecific tool=\"nupn\">",
    "id=\"x\"",
    "#1:",
    "#2: true",
    "#99999999999:",
    "U",
    "W",
    "R",
    "M",
    "X",
    "F",
    "G",
    "A",
    "E",
    "AG",
    "EF",
    "AF",
    "EG",
    "A(",
    "E(",
    "[a]",
    "<a>",
    "[]",
    "<>",
    "true",
    "false",
    "!",
    "&&",
    "||",
    "=>",
    "<->",
    "^",
    "(",
    ")",
    "((((((((((",
    "))))))))))",
    "\u{feff}",
    "\u{202e}",
    "\u{1b}[31m",
    "\u{85}",
];

const NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "255",
    "65535",
    "65536",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999",
    "1e9",
    "0x10",
    "00",
    "-0",
    "1.5",
];

/// Returns a mutant of `seed`: one to a few edits; `other` is another file of the same kind
/// to splice from.
pub fn mutate(rng: &mut Rng, seed: &[u8], other: &[u8]) -> Vec<u8> {
    let mut v = seed.to_vec();
    let edits = 1 + rng.below(4) * usize::from(rng.chance(0.5));
    for _ in 0..edits {
        edit(rng, &mut v, other);
    }
    v
}

/// A position in `v` (0..=len).
fn pos(rng: &mut Rng, v: &[u8]) -> usize {
    rng.below(v.len() + 1)
}

/// A length: mostly short, sometimes long.
fn len(rng: &mut Rng) -> usize {
    match rng.below(10) {
        0..=5 => 1 + rng.below(4),
        6..=8 => 1 + rng.below(64),
        _ => 1 + rng.below(4096),
    }
}

/// A mutant that often stays valid: one edit that keeps the syntax more often than not
/// (repeated or swapped lines, other numbers, words exchanged), for runs past the reader.
pub fn mutate_gently(rng: &mut Rng, seed: &[u8]) -> Vec<u8> {
    let mut v = seed.to_vec();
    let e = [8, 9, 13][rng.below(3)];
    edit_with(rng, &mut v, &[], e);
    v
}

fn edit(rng: &mut Rng, v: &mut Vec<u8>, other: &[u8]) {
    let e = rng.below(14);
    edit_with(rng, v, other, e);
}

fn edit_with(rng: &mut Rng, v: &mut Vec<u8>, other: &[u8], e: usize) {
    match e {
        // a byte replaced
        0 | 1 if !v.is_empty() => {
            let i = rng.below(v.len());
            v[i] = BYTES[rng.below(BYTES.len())];
        }
        // a byte inserted
        2 => {
            let i = pos(rng, v);
            v.insert(i, BYTES[rng.below(BYTES.len())]);
        }
        // a range deleted
        3 | 4 => {
            let i = pos(rng, v);
            let j = (i + len(rng)).min(v.len());
            v.drain(i..j);
        }
        // a range repeated somewhere
        5 => {
            let i = pos(rng, v);
            let j = (i + len(rng)).min(v.len());
            let piece = v[i..j].to_vec();
            let at = pos(rng, v);
            v.splice(at..at, piece);
        }
        // a token inserted
        6 | 7 => {
            let t = TOKENS[rng.below(TOKENS.len())].as_bytes();
            let at = pos(rng, v);
            v.splice(at..at, t.iter().copied());
        }
        // a number replaced by one at the edge of its type
        8 => {
            let digits: Vec<usize> = (0..v.len()).filter(|&i| v[i].is_ascii_digit()).collect();
            if let Some(&i) = digits.get(rng.below(digits.len().max(1))) {
                let mut j = i;
                while j < v.len() && v[j].is_ascii_digit() {
                    j += 1;
                }
                let n = NUMBERS[rng.below(NUMBERS.len())].as_bytes();
                v.splice(i..j, n.iter().copied());
            }
        }
        // two lines swapped, or one line repeated many times
        9 => {
            let lines: Vec<Vec<u8>> = v.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
            if lines.len() > 1 {
                let mut lines = lines;
                let a = rng.below(lines.len());
                if rng.chance(0.5) {
                    let b = rng.below(lines.len());
                    lines.swap(a, b);
                } else {
                    let copies = 1 + rng.below(200);
                    let line = lines[a].clone();
                    for _ in 0..copies {
                        lines.insert(a, line.clone());
                    }
                }
                *v = lines.join(&b'\n');
            }
        }
        // an identifier made very long (names of 65,536 and more characters broke `info`)
        10 => {
            let i = pos(rng, v);
            let n = if rng.chance(0.3) { 70_000 } else { 300 };
            let name = vec![b'q'; n];
            v.splice(i..i, name);
        }
        // truncated
        11 => {
            let i = pos(rng, v);
            v.truncate(i);
        }
        // a piece of another file of the same kind
        12 if !other.is_empty() => {
            let i = rng.below(other.len());
            let j = (i + len(rng)).min(other.len());
            let at = pos(rng, v);
            v.splice(at..at, other[i..j].iter().copied());
        }
        // a word replaced by another word of the file (names that clash or dangle)
        _ => {
            let words: Vec<(usize, usize)> = words(v);
            if words.len() > 1 {
                let (a0, a1) = words[rng.below(words.len())];
                let (b0, b1) = words[rng.below(words.len())];
                let w = v[b0..b1].to_vec();
                v.splice(a0..a1, w);
            }
        }
    }
}

/// Byte ranges of the alphanumeric words of `v`.
fn words(v: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < v.len() {
        if v[i].is_ascii_alphanumeric() || v[i] == b'_' {
            let s = i;
            while i < v.len() && (v[i].is_ascii_alphanumeric() || v[i] == b'_') {
                i += 1;
            }
            out.push((s, i));
        } else {
            i += 1;
        }
    }
    out
}
