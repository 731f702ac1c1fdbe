#!/usr/bin/env python3
"""Collects the runs of compare-spin.sh into bench-data/results/compare-spin.csv (one row per
property) and compare-spin-problems.csv (one row per problem), and prints a summary.

    compare_spin.py RERS_DIR WORK_DIR OUT_CSV PROBLEM...

Each disagreement gets a note saying why, found from SPIN's counterexample (replayed with
`spin -t -p`) and the formula:
  - "spin: finite run (deadlock)": SPIN's accepting cycle is a stutter at a state where no process
    moves (a deadlock): SPIN stutter-extends finite runs, RERS counts infinite traces only.
  - "spin: initial nop": the formula reads atoms at the first position (outside every temporal
    operator), where SPIN sees lastAction == nop (no label has fired yet) and RERS the first
    label; or SPIN's counterexample violates the formula before the first label fires.
  - "formula uses X": the Promela encoding adds steps where lastAction keeps its value, so X
    looks at a stutter step, not at the next label.
  - "UNEXPLAINED": none of the above; a bug on one side (report it with the trail).
"""
import csv
import json
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import spin2ltsmin  # noqa: E402  (the parser of `ltsym props --spin` claims)

MIN_T = 0.01  # resolution of /usr/bin/time's wall clock; times below it are clamped for ratios


def read_props(path):
    """Number -> (expected verdict or '', formula text) from a RERS properties file."""
    props = {}
    lines = open(path, encoding="utf-8").read().splitlines()
    i = 0
    while i < len(lines):
        m = re.match(r"\s*#(\d+):\s*(\S*)", lines[i])
        if m:
            n = int(m.group(1))
            expected = m.group(2).strip().lower()
            j = i + 1
            while j < len(lines) and not lines[j].strip():
                j += 1
            formula = lines[j].strip() if j < len(lines) else ""
            props[n] = (expected if expected in ("true", "false") else "", formula)
            i = j
        i += 1
    return props


def read_pair(path):
    try:
        w, r = open(path).read().split()
        return float(w), int(r)
    except (OSError, ValueError):
        return None, None


def read_text(path):
    try:
        return open(path, encoding="utf-8", errors="replace").read()
    except OSError:
        return ""


STEP = re.compile(r"^\s*\d+:\s+proc\s+(\d+)\s+\((\w+):\d+\)\s+\S+\s+\(state \d+\)\s+\[(.*)\]\s*$")


def analyse_trail(replay):
    """Summary of a `spin -t -p` replay: the labels fired before and in the cycle."""
    prefix, cycle, cycle_steps, in_cycle = [], [], 0, False
    has_cycle = False
    for line in replay.splitlines():
        if "START OF CYCLE" in line:
            in_cycle = has_cycle = True
            continue
        m = STEP.match(line)
        if not m:
            continue
        stmt = m.group(3)
        if in_cycle:
            cycle_steps += 1
        a = re.match(r"act!(\w+)$", stmt)
        if a:
            (cycle if in_cycle else prefix).append(a.group(1))
    return {"has_cycle": has_cycle, "prefix": prefix, "cycle": cycle, "cycle_steps": cycle_steps}


def spin_result(d, n):
    """(verdict 'true'/'false'/'', wall_s, peak_kb, trail summary or None, problem text)."""
    out = read_text(os.path.join(d, f"p{n}.out"))
    rc = read_text(os.path.join(d, f"p{n}.rc")).strip()
    wall, rss = read_pair(os.path.join(d, f"p{n}.wall_rss"))
    m = re.search(r"errors: (\d+)", out)
    issue = ""
    if rc in ("124", "137"):
        issue = "spin timeout"
    elif "out of memory" in out:
        issue = "spin out of memory"
    elif "max search depth too small" in out:
        issue = "spin depth limit"
    elif not m:
        issue = "spin: no verdict"
    if issue:
        return "", wall, rss, None, issue
    trail = None
    if int(m.group(1)) > 0:
        trail = analyse_trail(read_text(os.path.join(d, f"p{n}.replay")))
        trail["kind"] = "acceptance cycle" if "acceptance cycle" in out else "assertion"
        return "false", wall, rss, trail, ""
    return "true", wall, rss, None, ""


def ltsym_results(d):
    try:
        j = json.load(open(os.path.join(d, "ltsym.json")))
    except (OSError, ValueError):
        return None
    res = {}
    for r in j.get("results", []):
        v = r.get("verdict")
        res[int(r["number"])] = ("" if v is None else str(bool(v)).lower(), r.get("time_s"))
    return res


def uses_x(formula):
    return re.search(r"(?<![A-Za-z0-9_])X(?![A-Za-z0-9_])", formula) is not None


def first_position_atoms(claim):
    """Atoms of a SPIN claim (`ltsym props --spin` syntax) outside every temporal operator:
    they are read at the first position, which is `lastAction == nop` in SPIN (before any label
    fires) but the first label in RERS."""
    try:
        f = spin2ltsmin.parse(spin2ltsmin.tokenize(claim))
    except (ValueError, IndexError):
        return []
    out = []

    def walk(g):
        if g[0] == "atom":
            out.append(g[1])
        elif g[0] in ("!", "&&", "||", "->", "<->"):
            for h in g[1:]:
                walk(h)
    walk(f)
    return out


def explain(spin_v, ltsym_v, formula, trail, claim=""):
    """The note of a disagreement (see the module doc)."""
    top = first_position_atoms(claim)
    if top:
        return ("spin: initial nop: " + " ".join(sorted(set(top))) + " read at the first position, "
                "where SPIN has lastAction == nop and RERS the first label")
    if spin_v == "false" and trail is not None:
        if trail["kind"] == "acceptance cycle" and trail["cycle_steps"] == 0:
            return "spin: finite run (deadlock) stutter-extended; RERS ignores finite runs"
        if trail["kind"] == "assertion" and not trail["prefix"]:
            return "spin: initial nop (violated before the first label fires)"
    if uses_x(formula):
        return "formula uses X: the Promela encoding adds stutter steps"
    what = ""
    if trail is not None:
        what = f" (spin {trail['kind']}; prefix {len(trail['prefix'])} labels; cycle: " \
            + " ".join(trail["cycle"][:12]) + ")"
    return "UNEXPLAINED" + what


def main():
    rers, work, out_csv = sys.argv[1:4]
    problems = sys.argv[4:]
    rows, prob_rows = [], []
    for prob in problems:
        d = os.path.join(work, prob.replace("/", "-"))
        props_file = os.path.join(rers, prob + "-properties.txt")
        if not os.path.isdir(d) or not os.path.exists(props_file):
            continue
        props = read_props(props_file)
        claims = {}
        for line in read_text(os.path.join(d, "claims.pml")).splitlines():
            m = re.match(r"\s*ltl p(\d+) \{(.*)\}\s*$", line)
            if m:
                claims[int(m.group(1))] = m.group(2)
        lres = ltsym_results(d)
        lwall, lrss = read_pair(os.path.join(d, "ltsym.wall_rss"))
        lrc = read_text(os.path.join(d, "ltsym.rc")).strip()
        bwall, brss = read_pair(os.path.join(d, "build.wall_rss"))
        spin_sum, spin_peak, spin_complete = bwall or 0.0, brss or 0, bwall is not None
        for n in sorted(props):
            expected, formula = props[n]
            sv, sw, sr, trail, issue = spin_result(d, n)
            lv, lt = ("", None)
            if lres is not None and n in lres:
                lv, lt = lres[n]
            notes = []
            if issue:
                notes.append(issue)
            if lres is None and lrc:
                notes.append("ltsym: " + ("timeout" if lrc in ("124", "137") else f"exit {lrc}, no JSON"))
            if sw is None or not sv:
                spin_complete = False
            else:
                spin_sum += sw
                spin_peak = max(spin_peak, sr or 0)
            depth = read_text(os.path.join(d, f"p{n}.depth")).strip()
            if depth and depth != "10000":
                notes.append(f"pan -m{depth}")
            if sv and lv and sv != lv:
                notes.append(explain(sv, lv, formula, trail, claims.get(n, "")))
            elif sv == "false" and trail is not None and trail["kind"] == "acceptance cycle" \
                    and trail["cycle_steps"] == 0:
                # Agreement by luck of the semantics: worth knowing, not a disagreement.
                notes.append("spin counterexample is a deadlock (finite run); "
                             "an infinite one exists too (ltsym false)")
            if sv and lv and sv == lv and first_position_atoms(claims.get(n, "")):
                notes.append("formula reads the first position (SPIN: lastAction == nop there)")
            if expected and lv and lv != expected:
                notes.append("ltsym differs from the official verdict")
            rows.append({
                "problem": prob, "property": n, "expected": expected,
                "spin_verdict": sv, "ltsym_verdict": lv,
                "spin_time_s": "" if sw is None else f"{sw:.2f}",
                "ltsym_time_s": "" if lt is None else f"{float(lt):.3f}",
                "spin_peak_kb": "" if sr is None else sr,
                "ltsym_peak_kb": "" if lres is None or lrss is None else lrss,
                "note": "; ".join(notes),
            })
        prob_rows.append({
            "problem": prob,
            "spin_build_s": "" if bwall is None else f"{bwall:.2f}",
            "spin_total_s": f"{spin_sum:.2f}" if spin_complete else "",
            "spin_peak_kb": spin_peak or "",
            "ltsym_total_s": "" if lres is None or lwall is None else f"{lwall:.2f}",
            "ltsym_peak_kb": "" if lres is None or lrss is None else lrss,
        })

    cols = ["problem", "property", "expected", "spin_verdict", "ltsym_verdict", "spin_time_s",
            "ltsym_time_s", "spin_peak_kb", "ltsym_peak_kb", "note"]
    with open(out_csv, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=cols)
        w.writeheader()
        w.writerows(rows)
    pcsv = re.sub(r"\.csv$", "", out_csv) + "-problems.csv"
    pcols = ["problem", "spin_build_s", "spin_total_s", "spin_peak_kb", "ltsym_total_s",
             "ltsym_peak_kb"]
    with open(pcsv, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=pcols)
        w.writeheader()
        w.writerows(prob_rows)

    # Summary.
    both = [r for r in rows if r["spin_verdict"] and r["ltsym_verdict"]]
    agree = [r for r in both if r["spin_verdict"] == r["ltsym_verdict"]]
    print(f"\n{len(rows)} properties; both verdicts for {len(both)}: "
          f"{len(agree)} agree, {len(both) - len(agree)} disagree")
    by_note = {}
    for r in both:
        if r["spin_verdict"] != r["ltsym_verdict"]:
            key = re.sub(r" \(.*", "", r["note"].split("; ")[-1] if r["note"] else "")
            by_note.setdefault(key, []).append(f"{r['problem']}#{r['property']}")
    for k, v in sorted(by_note.items()):
        print(f"  disagree, {k}: {len(v)}: {' '.join(v)}")
    for tool in ("spin", "ltsym"):
        withexp = [r for r in rows if r["expected"] and r[tool + "_verdict"]]
        ok = sum(r["expected"] == r[tool + "_verdict"] for r in withexp)
        print(f"  {tool} vs official verdicts: {ok}/{len(withexp)} equal")
    missing = [f"{r['problem']}#{r['property']}({r['note']})" for r in rows
               if not r["spin_verdict"] or not r["ltsym_verdict"]]
    if missing:
        print(f"  without both verdicts: {len(missing)}: {' '.join(missing[:20])}")
    pr = [float(p["ltsym_total_s"]) / max(float(p["spin_total_s"]), MIN_T) for p in prob_rows
          if p["ltsym_total_s"] and p["spin_total_s"]]
    pp = [max(float(r["ltsym_time_s"]), MIN_T) / max(float(r["spin_time_s"]), MIN_T) for r in rows
          if r["ltsym_time_s"] and r["spin_time_s"] and r["spin_verdict"]]
    if pr:
        print(f"  median ltsym/spin time, per problem (ltsym whole run vs spin build + all pan "
              f"runs): {statistics.median(pr):.3g} over {len(pr)} problems")
    if pp:
        print(f"  median ltsym/spin time, per property (times clamped to >= {MIN_T}s): "
              f"{statistics.median(pp):.3g} over {len(pp)} properties")
    mr = [int(p["ltsym_peak_kb"]) / int(p["spin_peak_kb"]) for p in prob_rows
          if p["ltsym_peak_kb"] and p["spin_peak_kb"]]
    if mr:
        print(f"  median ltsym/spin peak memory per problem: {statistics.median(mr):.3g}")
    print(f"written: {out_csv}, {pcsv}; work dir: {work}")


if __name__ == "__main__":
    main()
