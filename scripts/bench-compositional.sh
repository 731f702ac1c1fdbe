#!/usr/bin/env bash
# The compositional engine against the monolithic symbolic one, in one run: per problem, the
# CPU time (user+sys) and peak memory of `check --engine compositional`, `--engine auto` and
# `--engine symbolic`, the verdicts compared (with the official ones where the property file
# has them); per property, how it was reduced (equivalence, kept labels, the largest LTS made,
# the LTS checked) and which engine `auto` chose, from the JSON reports. Then the largest LTS
# that `ltsym reduce --compose` makes for the problem (all labels kept, up to
# LTSYM_BENCH_MAX_STATES states, default 200000; written also when that limit stops it) is
# minimised side by side (see --minimise).
#
#   scripts/bench-compositional.sh [PROBLEM...]     (default: 2016/119 2017/108 2017/113)
#   scripts/bench-compositional.sh --minimise FILE.aut...
#   scripts/bench-compositional.sh --largest PROBLEM...
#
# --minimise: each .aut file minimised modulo strong, branching and divergence-preserving
# branching bisimulation by `ltsym reduce` and, where they are found, by mCRL2's `ltsconvert`
# (-ebisim, -ebranching-bisim, -edpbranching-bisim; in LTSYM_MCRL2_BIN or on PATH) and LTSmin's
# `ltsmin-reduce` (-s, -b, -b --divergence; in LTSYM_LTSMIN_BIN or on PATH), one after another:
# CPU time (user+sys), peak memory and the quotient's size, and whether the quotients are
# equivalent (mCRL2's `ltscompare` where found, else `ltsym compare`). A peer that is not
# found is skipped with a line that says so.
#
# --largest: per LTL property of each problem (those of LTSYM_BENCH_PROPERTIES, e.g. "1 2 3",
# default all), the reduction the compositional engine makes for it, not stopped early:
# `ltsym reduce --properties FILE --property N --compose --largest-out` up to
# LTSYM_BENCH_MAX_STATES states (default here 5000000) under LTSYM_BENCH_CPU seconds of CPU
# (default here 120): the equivalence and kept labels it picks, the largest LTS made (states,
# transitions, how many of the components it covers; a run stopped by the CPU limit reports the
# largest product logged before), the final LTS, CPU and peak memory. With LTSYM_BENCH_CSV=FILE
# one row per property is appended to FILE; with LTSYM_BENCH_KEEP=DIR the largest LTS of each
# property is kept there as PROBLEM-N.aut (e.g. for --minimise), with the -vv log of the run
# (every candidate composition and its size) as PROBLEM-N.log. LTSYM_BENCH_RESTRICT=1 adds
# `--restrict` (each LTS restricted to what its environment allows).
#
# Each run is limited to LTSYM_BENCH_TIMEOUT seconds (default 600) of wall time (`--timeout`)
# and that plus 30 of CPU time (`ulimit -t`); LTSYM_BENCH_TIMEOUT=0 sets no wall-time limit
# and LTSYM_BENCH_CPU seconds (default 630) of CPU time, for a loaded machine, where the wall
# time limit stops runs that had little of the CPU. With LTSYM_BENCH_CSV=FILE one row per problem,
# engine and property (CPU and peak of the whole run, the property's verdict, time, engine and
# reduction) is appended to FILE.
#
# Run it niced on a shared machine: nice -n 10 scripts/bench-compositional.sh
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
rers=${LTSYM_RERS_DIR:-$here/bench-data/rers}
ltsym=${LTSYM:-$here/target/release/ltsym}
timeout=${LTSYM_BENCH_TIMEOUT:-600}
cpu_limit=${LTSYM_BENCH_CPU:-$((timeout > 0 ? timeout + 30 : 630))}
limit_args=()
[ "$timeout" -gt 0 ] && limit_args=(--timeout "$timeout")
[ -x "$ltsym" ] || (cd "$here" && cargo build --release -q)
problems=("$@")
[ ${#problems[@]} -gt 0 ] || problems=(2016/119 2017/108 2017/113)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

csv=${LTSYM_BENCH_CSV:-}
if [ -n "$csv" ] && [ ! -s "$csv" ] && [ "${1:-}" != --largest ]; then
  echo "problem,engine,run_cpu_s,run_peak_kb,property,verdict,official,time_s,chosen,equivalence,largest_states,largest_transitions" > "$csv"
fi

cpu() { # command... -> prints "user+sys s, peak KB" of the command, its stdout to $tmp/out
  ( ulimit -t "$cpu_limit"; /usr/bin/time -f "%U %S %M" -o "$tmp/time" "$@" > "$tmp/out" 2> "$tmp/err" )
  read -r u s m < <(tail -1 "$tmp/time")
  echo "$u $s $m" > "$tmp/last"
  echo "$(python3 -c "print(f'{$u+$s:.2f}')") s cpu, peak $m KB"
}

max_states=${LTSYM_BENCH_MAX_STATES:-200000}

peer() { # NAME ENVVAR -> the path of peer NAME (in $ENVVAR or on PATH), or nothing
  local dir=${!2:-}
  if [ -n "$dir" ] && [ -x "$dir/$1" ]; then echo "$dir/$1"; else command -v "$1" || true; fi
}
size() { # FILE.aut -> "S states, T transitions" from its header
  head -1 "$1" | tr -d ' ' | sed -E 's/^des\(([0-9]+),([0-9]+),([0-9]+)\).*/\3 states, \2 transitions/'
}
minimise() { # FILE.aut: ltsym reduce beside ltsconvert and ltsmin-reduce, per equivalence
  local f=$1 conv cmp lmin
  conv=$(peer ltsconvert LTSYM_MCRL2_BIN); cmp=$(peer ltscompare LTSYM_MCRL2_BIN)
  lmin=$(peer ltsmin-reduce LTSYM_LTSMIN_BIN)
  echo "minimising $f ($(size "$f"))"
  [ -n "$conv" ] || echo "  ltsconvert not found (LTSYM_MCRL2_BIN, PATH): skipped"
  [ -n "$lmin" ] || echo "  ltsmin-reduce not found (LTSYM_LTSMIN_BIN, PATH): skipped"
  # mCRL2 reads only `tau` as the internal action; ours and CADP's is `i`
  tau() { sed -E 's/^\(([0-9]+), *i, *([0-9]+)\)$/(\1, tau, \2)/' "$1"; }
  [ -n "$conv" ] && tau "$f" > "$tmp/f_tau.aut"
  for row in "strong bisim -s" "branching branching-bisim -b" "dpbranching dpbranching-bisim -b --divergence"; do
    set -- $row; local eq=$1 meq=$2; shift 2
    rm -f "$tmp/y.aut" "$tmp/m.aut" "$tmp/l.aut"
    printf '  %-12s %-26s %s -> %s\n' "$eq" "ltsym reduce:" \
      "$(cpu "$ltsym" reduce "$f" --equivalence "$eq" --compose -o "$tmp/y.aut")" "$(size "$tmp/y.aut")"
    if [ -n "$conv" ]; then
      printf '  %-12s %-26s %s -> %s\n' "" "ltsconvert -e$meq:" \
        "$(cpu "$conv" -e"$meq" "$tmp/f_tau.aut" "$tmp/m.aut")" "$(size "$tmp/m.aut")"
      if [ -n "$cmp" ]; then
        tau "$tmp/y.aut" > "$tmp/y_tau.aut"; "$cmp" -e"$meq" "$tmp/y_tau.aut" "$tmp/m.aut" > "$tmp/cmp" 2>&1
        echo "  $(printf '%-12s' '') quotients: $(tail -1 "$tmp/cmp")"
      else
        "$ltsym" compare --equivalence "$eq" "$tmp/y.aut" "$tmp/m.aut" > "$tmp/cmp" 2>&1
        echo "  $(printf '%-12s' '') quotients (ltsym compare): exit $? (0: equivalent)"
      fi
    fi
    if [ -n "$lmin" ]; then
      printf '  %-12s %-26s %s -> %s\n' "" "ltsmin-reduce $*:" \
        "$(cpu "$lmin" "$@" "$f" "$tmp/l.aut")" "$(size "$tmp/l.aut")"
      "$ltsym" compare --equivalence "$eq" "$tmp/y.aut" "$tmp/l.aut" > "$tmp/cmp" 2>&1
      echo "  $(printf '%-12s' '') quotients (ltsym compare): exit $? (0: equivalent)"
    fi
  done
}

largest() { # PROBLEM: the largest LTS of the reduction of each property, see --largest
  local p=$1 year=${1%/*} n=${1#*/} dot props k max=${LTSYM_BENCH_MAX_STATES:-5000000}
  local lim=${LTSYM_BENCH_CPU:-120} keep=${LTSYM_BENCH_KEEP:-} out
  dot="$rers/$year/problem$n.dot"; props="$rers/$year/problem$n-properties.txt"
  local nums=${LTSYM_BENCH_PROPERTIES:-$(grep -oE '^#[0-9]+' "$props" | tr -d '#')}
  local ncomp; ncomp=$("$ltsym" info "$dot" | grep -c '^component')
  if [ -n "$csv" ] && [ ! -s "$csv" ]; then
    echo "problem,property,equivalence,kept_labels,exit,largest_states,largest_transitions,largest_components,components,final_states,final_transitions,cpu_s,peak_kb" > "$csv"
  fi
  for k in $nums; do
    out=$tmp/largest.aut; rm -f "$out"
    ( ulimit -t "$lim"; /usr/bin/time -f "%U %S %M %x" -o "$tmp/time" "$ltsym" -vv reduce "$dot" \
        --properties "$props" --property "$k" --compose --max-states "$max" -o "$tmp/whole.aut" \
        ${LTSYM_BENCH_RESTRICT:+--restrict} --largest-out "$out" > "$tmp/out" 2> "$tmp/err" )
    [ -n "$keep" ] && [ -s "$out" ] && cp "$out" "$keep/${year}-${n}-$k.aut"
    [ -n "$keep" ] && cp "$tmp/err" "$keep/${year}-${n}-$k.log"
    python3 - "$tmp" "$p" "$k" "$csv" "$lim" "$ncomp" <<'PY'
import re, sys
tmp, problem, k, csv, lim, comps = sys.argv[1:7]
out, err = open(f"{tmp}/out").read(), open(f"{tmp}/err", errors="replace").read()
t = open(f"{tmp}/time").read().split()
# /usr/bin/time writes "Command terminated by signal N" before its line when ltsym is killed
u, s, m, x = t[-4:]
cpu = float(u) + float(s)
m_eq = re.search(r"modulo (\S+) keeping (\d+) labels", err)
eq, kept = (m_eq.group(1), m_eq.group(2)) if m_eq else ("", "")
m_l = re.search(r"largest LTS on the way: (\d+) states, (\d+) transitions, (\d+) of", out)
if m_l:
    ls, lt, lc = m_l.groups()
else:  # stopped from outside: the largest product logged so far
    best = (0, 0, 0)
    for c, ps, pt in re.findall(r"candidate \[([\d, ]*)\]: product (\d+) states, (\d+) transitions", err):
        best = max(best, (int(ps), int(pt), len(c.split(","))))
    ls, lt, lc = best if best[0] else ("", "", "")
m_f = re.search(r"modulo \S+: (\d+) states, (\d+) transitions", out)
fs, ft = m_f.groups() if m_f else ("", "")
code = {"0": "0", "3": "3 (state limit)"}.get(x, x)
if "signal" in open(f"{tmp}/time").read() or (x != "0" and x != "3" and cpu >= float(lim) - 1):
    code = "cpu limit"
print(f"  {problem} #{k}: {eq} keeping {kept}: largest {ls} states, {lt} transitions "
      f"({lc} of {comps} components); final {fs or '-'} states; exit {code}; {cpu:.2f} s, {m} KB")
if csv:
    with open(csv, "a") as f:
        f.write(f"{problem},{k},{eq},{kept},{code},{ls},{lt},{lc},{comps},{fs},{ft},{cpu:.2f},{m}\n")
PY
  done
}

if [ "${1:-}" = --largest ]; then
  shift
  for p in "$@"; do largest "$p"; done
  exit 0
fi

if [ "${1:-}" = --minimise ]; then
  shift
  for f in "$@"; do minimise "$f"; done
  exit 0
fi

for p in "${problems[@]}"; do
  year=${p%/*}; n=${p#*/}
  dot="$rers/$year/problem$n.dot"; props="$rers/$year/problem$n-properties.txt"
  echo "== $year/$n"
  for engine in ${LTSYM_BENCH_ENGINES:-compositional auto symbolic}; do
    printf '%-14s %s\n' "$engine:" "$(cpu "$ltsym" check "$dot" "$props" --engine "$engine" --format json "${limit_args[@]}")"
    cp "$tmp/out" "$tmp/$engine.json"
    cp "$tmp/last" "$tmp/$engine.time"
  done
  python3 - "$tmp" "$props" "$p" "$csv" <<'PY'
import json, os, re, sys
def results(path):
    try:
        return {r["number"]: r for r in json.load(open(path))["results"]}
    except Exception as e:
        return {}
tmp, props, problem, csv = sys.argv[1:5]
official = {}
for m in re.finditer(r"^#(\d+):\s*(true|false)", open(props).read(), re.M):
    official[int(m.group(1))] = m.group(2) == "true"
runs = {e: results(os.path.join(tmp, e + ".json")) for e in ("compositional", "auto", "symbolic")}
comp, auto, sym = runs["compositional"], runs["auto"], runs["symbolic"]
print(f"  {'#':>3} {'comp':>6} {'auto':>6} {'symb':>6} {'offic':>6} {'equivalence':>12} {'kept':>4} "
      f"{'largest states':>14} {'transitions':>11} {'final':>7} {'comp s':>7} {'auto s':>7} {'auto by':>13} {'sym s':>7}")
mismatches = 0
for k in sorted(set(comp) | set(auto) | set(sym)):
    c, a, s = comp.get(k, {}), auto.get(k, {}), sym.get(k, {})
    red = c.get("reduction") or a.get("reduction") or {}
    v = lambda r: str(r.get("verdict", "-"))
    print(f"  {k:>3} {v(c):>6} {v(a):>6} {v(s):>6} {str(official.get(k, '-')):>6} "
          f"{red.get('equivalence', '-'):>12} {red.get('kept_labels', '-'):>4} "
          f"{red.get('largest_states', '-'):>14} {red.get('largest_transitions', '-'):>11} "
          f"{red.get('last_states', '-'):>7} {c.get('time_s', float('nan')):>7.2f} "
          f"{a.get('time_s', float('nan')):>7.2f} {str(a.get('engine', '-')):>13} {s.get('time_s', float('nan')):>7.2f}")
    known = [r["verdict"] for r in (c, a, s) if r.get("verdict") is not None]
    if k in official:
        known.append(official[k])
    if len(set(known)) > 1:
        mismatches += 1
        print(f"  MISMATCH on #{k}")
print(f"  mismatches: {mismatches}")
if csv:
    with open(csv, "a") as f:
        for e, rs in runs.items():
            try:
                u, s_, m = open(os.path.join(tmp, e + ".time")).read().split()
                run_cpu, peak = f"{float(u) + float(s_):.2f}", m
            except Exception:
                run_cpu, peak = "", ""
            if not rs:
                f.write(f"{problem},{e},{run_cpu},{peak},,,,,,,,\n")
            for k in sorted(rs):
                r = rs[k]
                red = r.get("reduction") or {}
                f.write(f"{problem},{e},{run_cpu},{peak},{k},{r.get('verdict', '')},"
                        f"{official.get(k, '')},{r.get('time_s', '')},{r.get('engine', '') or ''},"
                        f"{red.get('equivalence', '')},{red.get('largest_states', '')},"
                        f"{red.get('largest_transitions', '')}\n")
PY
  "$ltsym" reduce "$dot" --equivalence strong --compose --max-states "$max_states" \
    -o "$tmp/whole.aut" --largest-out "$tmp/largest.aut" > /dev/null 2>&1
  if [ -s "$tmp/largest.aut" ]; then
    echo "largest LTS (all labels kept, up to $max_states states): $(head -1 "$tmp/largest.aut")"
    minimise "$tmp/largest.aut"
  fi
done
