#!/usr/bin/env bash
# The compositional engine against the monolithic symbolic one, in one run: per problem, the
# CPU time (user+sys) and peak memory of `check --engine compositional` and of `check --engine
# symbolic`, the verdicts compared; per property, how it was reduced (equivalence, kept
# labels, the largest LTS made, the LTS checked), from the JSON report. Where mCRL2 is built
# (LTSYM_MCRL2_BIN, see docs/formats-and-peers.md), the largest LTS of the first property of
# each problem is minimised by `ltsconvert` beside `ltsym reduce`.
#
#   scripts/bench-compositional.sh [PROBLEM...]     (default: 2016/119 2017/108 2017/113)
#
# Run it niced on a shared machine: nice -n 10 scripts/bench-compositional.sh
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
rers=${LTSYM_RERS_DIR:-$here/bench-data/rers}
ltsym=${LTSYM:-$here/target/release/ltsym}
timeout=${LTSYM_BENCH_TIMEOUT:-600}
[ -x "$ltsym" ] || (cd "$here" && cargo build --release -q)
problems=("$@")
[ ${#problems[@]} -gt 0 ] || problems=(2016/119 2017/108 2017/113)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cpu() { # command... -> prints "user+sys s, peak KB" of the command, its stdout to $tmp/out
  /usr/bin/time -f "%U %S %M" -o "$tmp/time" "$@" > "$tmp/out" 2> "$tmp/err"
  read -r u s m < "$tmp/time"
  echo "$(python3 -c "print(f'{$u+$s:.2f}')") s cpu, peak $m KB"
}

for p in "${problems[@]}"; do
  year=${p%/*}; n=${p#*/}
  dot="$rers/$year/problem$n.dot"; props="$rers/$year/problem$n-properties.txt"
  echo "== $year/$n"
  echo "compositional: $(cpu "$ltsym" check "$dot" "$props" --engine compositional --json --timeout "$timeout")"
  cp "$tmp/out" "$tmp/comp.json"
  echo "symbolic:      $(cpu "$ltsym" check "$dot" "$props" --engine symbolic --json --timeout "$timeout")"
  cp "$tmp/out" "$tmp/sym.json"
  python3 - "$tmp/comp.json" "$tmp/sym.json" <<'PY'
import json, sys
def results(path):
    try:
        return {r["number"]: r for r in json.load(open(path))["results"]}
    except Exception as e:
        print(f"  (no JSON report in {path}: {e})")
        return {}
comp, sym = results(sys.argv[1]), results(sys.argv[2])
print(f"  {'#':>3} {'verdict':>8} {'symbolic':>8} {'equivalence':>12} {'kept':>4} "
      f"{'largest states':>14} {'transitions':>11} {'final':>7} {'time s':>7} {'sym s':>7}")
for k in sorted(comp):
    c, s = comp[k], sym.get(k, {})
    red = c.get("reduction") or {}
    print(f"  {k:>3} {str(c['verdict']):>8} {str(s.get('verdict')):>8} "
          f"{red.get('equivalence', '-'):>12} {red.get('kept_labels', '-'):>4} "
          f"{red.get('largest_states', '-'):>14} {red.get('largest_transitions', '-'):>11} "
          f"{red.get('last_states', '-'):>7} {c['time_s']:>7.2f} {s.get('time_s', float('nan')):>7.2f}")
    if s and s.get("verdict") is not None and c["verdict"] is not None and s["verdict"] != c["verdict"]:
        print(f"  MISMATCH on #{k}")
PY
  if [ -n "${LTSYM_MCRL2_BIN:-}" ] && [ -x "$LTSYM_MCRL2_BIN/ltsconvert" ]; then
    "$ltsym" reduce "$dot" --equivalence strong --compose -o "$tmp/whole.aut" \
      --largest-out "$tmp/largest.aut" > /dev/null 2>&1 || true
    if [ -s "$tmp/largest.aut" ]; then
      echo "largest LTS (all labels kept): $(head -1 "$tmp/largest.aut")"
      echo "  ltsym reduce strong: $(cpu "$ltsym" reduce "$tmp/largest.aut" --equivalence strong --compose -o "$tmp/r.aut")"
      echo "  ltsconvert -ebisim:  $(cpu "$LTSYM_MCRL2_BIN/ltsconvert" -ebisim "$tmp/largest.aut" "$tmp/m.aut")"
    fi
  fi
done
