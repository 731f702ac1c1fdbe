#!/usr/bin/env bash
# Compare ltsym with LTSmin on the RERS problems (LTL verdicts, times, peak memory).
#
#   scripts/compare-ltsmin.sh [PROBLEM...]    PROBLEM = 2016/problem103 (default: every problem
#                                             with a properties file and a .pml or .pnml)
#
# Uses whichever LTSmin tools are on PATH:
#   prom2lts-mc   LTL on the Promela version (`spins -o3` first), --ltl-semantics textbook
#   pnml2lts-mc   LTL on a .pnml version, atoms over the edge label (transition names),
#                 --ltl-semantics ltsmin
#   prom2lts-sym, pnml2lts-sym   reachability only (time and memory vs `ltsym reach`); their
#                 --ltl goes through the CTL parser and is not a reference for LTL (docs/formats-and-peers.md).
# LTSmin is in no package registry: build it from its public sources (with Sylvan; the LTSmin
# project's site by the University of Twente explains how) and put its bin/ on PATH.
#
# Semantics: the formulas come from `ltsym convert --properties`. On Promela the atom is the state
# variable lastAction, checked with `--ltl-semantics textbook` (infinite paths only, like RERS,
# after a first position for the initial state, where lastAction is `nop`): as with SPIN, only
# X-free formulas whose verdict does not depend on that first position compare exactly (see
# compare-spin.sh). On PNML the atom is the edge label, which LTSmin accepts only with
# `--ltl-semantics ltsmin`: there the first position is the first transition, the RERS reading
# (2016 101: `c0_t5` holds, `X c0_t5` does not, as in ltsym). Observed with LTSmin v3.0.2-147:
# pnml2lts-mc's verdict on edge formulas can vary from run to run (2016 103 #16, `F G !c0_t1`,
# false officially: 5 of 8 runs said true with 2 threads, 8 of 8 with --strategy=ndfs
# --threads=1); treat a pnml2lts-mc disagreement as LTSmin's until it repeats.
#
# Environment: LTSYM_RERS_DIR, LTSYM (as compare-spin.sh); LTSMIN_TIMEOUT (s per run, default
# 1800); LTSMIN_THREADS (default 2); LTSMIN_PROM_VAR (default lastAction), LTSMIN_EDGE_VAR
# (default action): the names LTSmin gives the variable and the edge label (`--labels` lists
# them); COMPARE_WORK; COMPARE_OUT (default bench-data/results/compare-ltsmin.csv).
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

tools=()
for t in prom2lts-mc prom2lts-sym pnml2lts-mc pnml2lts-sym; do
  command -v "$t" >/dev/null 2>&1 && tools+=("$t")
done
if [ ${#tools[@]} -eq 0 ]; then
  cat >&2 <<'EOF'
compare-ltsmin.sh: no LTSmin tool (prom2lts-mc, prom2lts-sym, pnml2lts-mc, pnml2lts-sym) on PATH.
LTSmin is not in any package registry: build it from its public sources (with Sylvan for the
symbolic tools and SpinS for Promela), as described on the LTSmin project's site (University of
Twente, formal methods group), then put its bin/ directory on PATH and rerun this script.
Nothing was compared.
EOF
  exit 0
fi
if [[ " ${tools[*]} " == *" prom2lts-"* ]] && ! command -v spins >/dev/null 2>&1; then
  log "prom2lts-* found but not spins (LTSmin's Promela compiler): Promela runs skipped"
  tools=("${tools[@]/prom2lts-mc/}")
  tools=("${tools[@]/prom2lts-sym/}")
fi

rers=${LTSYM_RERS_DIR:-$repo/bench-data/rers}
timeout_s=${LTSMIN_TIMEOUT:-1800}
threads=${LTSMIN_THREADS:-2}
prom_var=${LTSMIN_PROM_VAR:-lastAction}
edge_var=${LTSMIN_EDGE_VAR:-action}
out=${COMPARE_OUT:-$repo/bench-data/results/compare-ltsmin.csv}
work=${COMPARE_WORK:-$(mktemp -d /tmp/compare-ltsmin.XXXXXX)}
mkdir -p "$work" "$(dirname "$out")"
if [ -z "${LTSYM:-}" ]; then
  (cd "$repo" && cargo build --release --quiet) || { log "cargo build failed"; exit 2; }
  LTSYM=$repo/target/release/ltsym
fi
log "LTSmin tools: ${tools[*]}; work dir $work"

time_fields() {
  awk -F': ' '/Maximum resident set size/ {rss=$2}
    /Elapsed \(wall clock\)/ {n=split($2, a, ":"); s=0; for (i=1;i<=n;i++) s=s*60+a[i]; wall=s}
    END {printf "%s %s\n", wall, rss}' "$1" 2>/dev/null
}
has() { [[ " ${tools[*]} " == *" $1 "* ]]; }

problems=("$@")
if [ ${#problems[@]} -eq 0 ]; then
  for props in "$rers"/20*/problem*-properties.txt; do
    p=${props%-properties.txt}
    [ -f "$p.pml" ] || [ -f "$p.pnml" ] || continue
    problems+=("$(basename "$(dirname "$p")")/$(basename "$p")")
  done
fi

rows=$work/rows.tsv
: >"$rows"
# row TOOL PROBLEM PROPERTY VERDICT WALL RSS NOTE
row() { printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@" >>"$rows"; }

# One LTSmin run: run_ltsmin NAME DIR CMD...; verdict from the exit code (0 holds,
# 1 counterexample, LTSMIN_EXIT_COUNTER_EXAMPLE), timeout, or error.
run_ltsmin() {
  local name=$1 d=$2
  shift 2
  (cd "$d" && /usr/bin/time -v -o "$name.time" timeout -k 10 "$timeout_s" nice "$@" >"$name.out" 2>&1 </dev/null)
  local rc=$?
  read -r w r < <(time_fields "$d/$name.time")
  case $rc in
    0) v=true ;;
    1) v=false ;;
    124|137) v=timeout ;;
    *) v=error ;;
  esac
  echo "$v $w $r"
}

for prob in "${problems[@]}"; do
  base=$rers/$prob
  props=$base-properties.txt
  d=$work/${prob//\//-}
  mkdir -p "$d"
  for kind in pml pnml; do
    [ -f "$base.$kind" ] || continue
    src=$base.$kind
    # the LTSmin formulas (`N<TAB>formula` per property) from `ltsym convert`: over
    # lastAction for Promela, over the edge label for PNML (see the header)
    "$LTSYM" convert "$src" -o "$d/conv-$kind.$kind" --properties "$props" >/dev/null 2>"$d/convert.err" || {
      log "$prob: ltsym convert failed: $(head -2 "$d/convert.err")"
      continue
    }
    formulas=$d/conv-$kind.ltsmin
    # ltsym, once per input file.
    /usr/bin/time -v -o "$d/ltsym-$kind.time" timeout -k 10 "$timeout_s" \
      nice "$LTSYM" check "$src" "$props" --format json >"$d/ltsym-$kind.json" 2>"$d/ltsym-$kind.err"
    read -r w r < <(time_fields "$d/ltsym-$kind.time")
    row ltsym-check "$prob.$kind" all json "$w" "$r" "$d/ltsym-$kind.json"
    /usr/bin/time -v -o "$d/ltsym-reach-$kind.time" timeout -k 10 "$timeout_s" \
      nice "$LTSYM" reach "$src" --json >"$d/ltsym-reach-$kind.json" 2>/dev/null
    read -r w r < <(time_fields "$d/ltsym-reach-$kind.time")
    row ltsym-reach "$prob.$kind" reach "" "$w" "$r" ""

    if [ "$kind" = pml ]; then
      if has prom2lts-mc || has prom2lts-sym; then
        cp "$src" "$d/model.pml" && chmod u+w "$d/model.pml"
        # SpinS rejects ltl blocks; the RERS files carry none, but strip any to be safe.
        sed -i '/^[[:space:]]*ltl[[:space:]]/d' "$d/model.pml"
        (cd "$d" && spins -o3 model.pml >spins.out 2>&1) || { log "$prob: spins failed"; continue; }
        model=model.pml.spins
      fi
      if has prom2lts-sym; then
        read -r v w r < <(run_ltsmin prom-sym-reach "$d" prom2lts-sym --lace-dqsize=1000000 \
          --saturation=sat-like --order=chain-prev "$model")
        row prom2lts-sym "$prob.$kind" reach "${v/true/ok}" "$w" "$r" ""
      fi
      if has prom2lts-mc; then
        sed "s/(lastAction == /($prom_var == /g" "$formulas" >"$d/ltl-prom.tsv"
        while IFS=$'\t' read -r n f; do
          read -r v w r < <(run_ltsmin "prom-mc-p$n" "$d" prom2lts-mc --threads="$threads" \
            --strategy=cndfs --ltl-semantics=textbook --ltl="$f" "$model")
          row prom2lts-mc "$prob.$kind" "$n" "$v" "$w" "$r" "stutter: lastAction state variable"
        done <"$d/ltl-prom.tsv"
      fi
    else
      if has pnml2lts-sym; then
        read -r v w r < <(run_ltsmin pnml-sym-reach "$d" pnml2lts-sym --lace-dqsize=1000000 \
          --saturation=sat-like --order=chain-prev "$src")
        row pnml2lts-sym "$prob.$kind" reach "${v/true/ok}" "$w" "$r" ""
      fi
      if has pnml2lts-mc; then
        sed "s/(action == /($edge_var == /g" "$formulas" >"$d/ltl-pnml.tsv"
        while IFS=$'\t' read -r n f; do
          read -r v w r < <(run_ltsmin "pnml-mc-p$n" "$d" pnml2lts-mc --threads="$threads" \
            --strategy=cndfs --edge-label=name --ltl-semantics=ltsmin --ltl="$f" "$src")
          row pnml2lts-mc "$prob.$kind" "$n" "$v" "$w" "$r" ""
        done <"$d/ltl-pnml.tsv"
      fi
    fi
  done
done

python3 - "$rows" "$rers" "$out" <<'PY'
import csv, json, re, statistics, sys
rows_file, rers, out = sys.argv[1:]
rows = [l.rstrip("\n").split("\t") for l in open(rows_file) if l.strip()]
expected, ltsym, ltsym_peak, reach = {}, {}, {}, {}
for tool, prob, prop, v, w, r, note in rows:
    if tool == "ltsym-reach":
        reach[prob] = (w, r)
    if tool == "ltsym-check":
        try:
            j = json.load(open(note))
            for x in j.get("results", []):
                vv = x.get("verdict")
                ltsym[(prob, str(x["number"]))] = ("" if vv is None else str(bool(vv)).lower(), x.get("time_s"))
        except (OSError, ValueError):
            pass
        ltsym_peak[prob] = r
for prob in {p for _, p, *_ in rows}:
    base = re.sub(r"\.(pml|pnml)$", "", prob)
    try:
        text = open(f"{rers}/{base}-properties.txt").read()
    except OSError:
        continue
    for m in re.finditer(r"#(\d+):\s*(true|false)?", text):
        expected[(prob, m.group(1))] = m.group(2) or ""
out_rows, ratios, agree, disagree = [], [], 0, []
for tool, prob, prop, v, w, r, note in rows:
    if tool.startswith("ltsym-"):
        continue
    lv, lt = ltsym.get((prob, prop), ("", None))
    lpeak = ltsym_peak.get(prob, "")
    if prop == "reach":
        (lt, lpeak), lv = reach.get(prob, (None, "")), ""
    notes = [note] if note else []
    if v in ("true", "false") and lv and v != lv:
        disagree.append(f"{tool}:{prob}#{prop}")
        notes.append("DISAGREE")
    elif v in ("true", "false") and lv:
        agree += 1
    if w and lt and (v in ("true", "false") or (prop == "reach" and v == "ok")):
        ratios.append(max(float(lt), 0.01) / max(float(w), 0.01))
    out_rows.append([prob, prop, expected.get((prob, prop), ""), tool, v, lv, w,
                     "" if lt is None else lt, r, lpeak, "; ".join(notes)])
with open(out, "w", newline="") as f:
    c = csv.writer(f)
    c.writerow(["problem", "property", "expected", "tool", "ltsmin_verdict", "ltsym_verdict",
                "ltsmin_time_s", "ltsym_time_s", "ltsmin_peak_kb", "ltsym_peak_kb", "note"])
    c.writerows(out_rows)
print(f"{agree} agreements, {len(disagree)} disagreements {' '.join(disagree)}")
if ratios:
    print(f"median ltsym/LTSmin time per property: {statistics.median(ratios):.3g} ({len(ratios)} runs)")
print(f"written: {out}")
PY
