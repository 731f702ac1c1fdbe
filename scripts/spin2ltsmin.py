#!/usr/bin/env python3
"""Rewrites the `ltl pN { ... }` lines of `ltsym props --spin` into LTSmin's LTL syntax
(ltsmin-ltl(5)), one `N<TAB>formula` line per property.

    spin2ltsmin.py --atom prom|edge [--var NAME] [--next] < claims

LTSmin's LTL has [] <> X U R && || ! -> <-> but no weak until: `a W b` becomes
`((a U b) || [] a)`, SPIN's release `V` becomes `R`.
  --atom prom : `(lastAction == a)` becomes `(NAME == "a")` (SpinS: enum values are strings;
                NAME defaults to lastAction, see `prom2lts-mc --labels`).
  --atom edge : becomes `(NAME == "a")` over the edge label NAME (default `action`): with
                `--ltl-semantics textbook` the predicates are evaluated on the transition just
                taken, which is the RERS reading of a trace position.
  --next      : wrap the formula in X: LTSmin's textbook semantics adds an initial position (the
                initial state, reached by a dummy edge) before the first transition, so the
                RERS formula holds on the trace iff X formula holds there.
ltsym prints every binary operator parenthesised and unary operators as prefixes, which is the
whole grammar this parser accepts; anything else is an error (exit 1), never a guess.
"""
import argparse
import re
import sys

TOKEN = re.compile(r"\s*(\(lastAction == ([A-Za-z0-9_]+)\)|\[\]|<>|<->|->|&&|\|\||[()!]|[XUWV]\b|true\b|false\b)")


def tokenize(s):
    out, i = [], 0
    s = s.strip()
    while i < len(s):
        m = TOKEN.match(s, i)
        if not m:
            raise ValueError(f"cannot read {s[i:i + 20]!r}")
        out.append(("atom", m.group(2)) if m.group(2) else ("op", m.group(1)))
        i = m.end()
        while i < len(s) and s[i].isspace():
            i += 1
    return out


def parse(tokens):
    pos = 0

    def expr():
        nonlocal pos
        kind, v = tokens[pos]
        pos += 1
        if kind == "atom":
            return ("atom", v)
        if v in ("true", "false"):
            return (v,)
        if v in ("!", "[]", "<>", "X"):
            return (v, expr())
        if v == "(":
            a = expr()
            _, op = tokens[pos]
            pos += 1
            if op not in ("&&", "||", "->", "<->", "U", "W", "V"):
                raise ValueError(f"unexpected {op!r}")
            b = expr()
            if tokens[pos] != ("op", ")"):
                raise ValueError("missing )")
            pos += 1
            return (op, a, b)
        raise ValueError(f"unexpected {v!r}")

    f = expr()
    if pos != len(tokens):
        raise ValueError("trailing tokens")
    return f


def render(f, var):
    op = f[0]
    if op == "atom":
        return f'({var} == "{f[1]}")'
    if op in ("true", "false"):
        return op
    if op in ("!", "[]", "<>", "X"):
        return f"{op}({render(f[1], var)})"
    a, b = render(f[1], var), render(f[2], var)
    if op == "W":
        return f"(({a} U {b}) || []({a}))"
    if op == "V":
        return f"({a} R {b})"
    return f"({a} {op} {b})"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--atom", choices=["prom", "edge"], required=True)
    ap.add_argument("--var")
    ap.add_argument("--next", action="store_true")
    args = ap.parse_args()
    var = args.var or ("lastAction" if args.atom == "prom" else "action")
    for line in sys.stdin:
        m = re.match(r"\s*ltl p(\d+) \{(.*)\}\s*$", line)
        if not m:
            continue
        try:
            f = render(parse(tokenize(m.group(2))), var)
        except (ValueError, IndexError) as e:
            print(f"spin2ltsmin: property {m.group(1)}: {e}", file=sys.stderr)
            sys.exit(1)
        print(f"{m.group(1)}\t{'X(' + f + ')' if args.next else f}")


if __name__ == "__main__":
    main()
