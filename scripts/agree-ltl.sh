#!/usr/bin/env bash
# Engine agreement on RERS LTL problems too large for `cargo test`: runs the explicit and the
# symbolic engine separately on each problem (all 20 properties) and compares their verdicts
# with each other and with the official answers where the property file has them.
#
#   scripts/agree-ltl.sh [-t SECONDS] [-m MAX_STATES] [-o OUT.csv] [PROBLEM.dot ...]
#
# Default problems: RERS 2016 107-110. One row per property: problem, property, symbolic,
# explicit, official, agree (yes / no / "-" when an engine gave no verdict), and the
# explicit engine's status (ok, or the limit it hit). Exits 1 on any disagreement. ENGINE
# (default symbolic) is the engine compared with the explicit one (`auto` since 2026-11-27 the
# default of `check`; the column keeps the name `symbolic`).
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
limit=3600
max_states=200000000
out="$here/bench-data/results/agree-ltl.csv"
problems=()
while [ $# -gt 0 ]; do
  case "$1" in
    -t) limit=$2; shift 2 ;;
    -m) max_states=$2; shift 2 ;;
    -o) out=$2; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) problems+=("$1"); shift ;;
  esac
done
rers=${LTSYM_RERS_DIR:-$here/bench-data/rers}
if [ ${#problems[@]} -eq 0 ]; then
  for p in 107 108 109 110; do problems+=("$rers/2016/problem$p.dot"); done
fi
ltsym=${LTSYM:-$here/target/release/ltsym}
[ -x "$ltsym" ] || (cd "$here" && cargo build --release -q)
mkdir -p "$(dirname "$out")"
echo "problem,property,symbolic,explicit,official,agree,explicit_status,explicit_time_s,explicit_rss_kb" > "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bad=0
for dot in "${problems[@]}"; do
  props="${dot%.dot}-properties.txt"
  name="$(basename "$(dirname "$dot")")/$(basename "$dot" .dot)"
  "$ltsym" check "$dot" "$props" --engine "${ENGINE:-symbolic}" --format json --timeout "$limit" \
    > "$tmp/sym.json" 2> "$tmp/sym.err"
  /usr/bin/time -v -o "$tmp/time" "$ltsym" check "$dot" "$props" --engine explicit \
    --max-states "$max_states" --format json --timeout "$limit" > "$tmp/exp.json" 2> "$tmp/exp.err"
  rc=$?
  rss=$(awk -F: '/Maximum resident set size/ {gsub(/ /, "", $2); print $2}' "$tmp/time")
  python3 - "$tmp/sym.json" "$tmp/exp.json" "$name" "$rc" "${rss:-}" "$tmp/exp.err" >> "$out" <<'PY' || bad=1
import json, sys
sym_f, exp_f, name, rc, rss, err_f = sys.argv[1:]
def load(f):
    try:
        return {r["number"]: r for r in json.load(open(f))["results"]}
    except Exception:
        return {}
sym, exp = load(sym_f), load(exp_f)
err = open(err_f).read().strip().splitlines()
status = "ok" if rc in ("0", "1") else (err[-1].replace(",", ";") if err else f"exit {rc}")
disagree = False
for n in sorted(set(sym) | set(exp)):
    s = sym.get(n, {}).get("verdict")
    e = exp.get(n, {}).get("verdict")
    o = (sym.get(n) or exp.get(n) or {}).get("expected")
    fmt = lambda v: "" if v is None else str(v).lower()
    if s is None or e is None:
        agree = "-"
    else:
        agree = "yes" if s == e else "no"
        disagree |= s != e
    if o is not None and s is not None and s != o:
        disagree = True
    t = exp.get(n, {}).get("time_s", "")
    print(f"{name},{n},{fmt(s)},{fmt(e)},{fmt(o)},{agree},{status},{t},{rss}")
sys.exit(1 if disagree else 0)
PY
done
column -s, -t < "$out" | tail -n +1
exit $bad
