#!/usr/bin/env bash
# Compare ltsym's LTL verdicts with SPIN's on the RERS Promela problems, under both of ltsym's
# readings: `--ltl-semantics spin` must agree with SPIN on every property; `rers` (infinite
# runs only) is the official reading, which differs where a deadlock or the first position
# matters.
#
#   scripts/compare-spin.sh [PROBLEM...]      PROBLEM = 2016/problem103 (default: every .pml with
#                                             a properties file: 2016 101-105, 2017 101-102)
#
# What SPIN checks: `ltsym convert` writes the problem's .dot as RERS Promela and the properties
# as SPIN `ltl` claims (atom a = `lastAction == a`); SPIN runs `pan -a -E` per claim
# (acceptance cycles; -E: deadlocks are no errors, and SPIN stutter-extends the runs that end in
# one). ltsym checks RERS's own .pml, so the comparison also shows that the two files are one
# system. Partial-order reduction stays on when no claim uses X (SPIN's reduction preserves
# X-free LTL; it turned 2017 102 #1 from 678 s into 21 s); with X, -DNOREDUCE.
#
# Environment:
#   LTSYM_RERS_DIR      RERS data (default <repo>/bench-data/rers, shipped)
#   LTSYM               ltsym binary (default: `cargo build --release`, target/release/ltsym)
#   SPIN_TIMEOUT        seconds per pan run (default 3600); a run cut by it gives `timeout`
#   LTSYM_TIMEOUT       seconds per ltsym run (default 1800)
#   SPIN_MEMLIM_MB      pan -DMEMLIM (default 12000)
#   SPIN_CFLAGS         extra gcc flags for pan.c (default -DCOLLAPSE -DSC: compressed states,
#                       and stack cycling, which keeps the part of the search stack beyond -m on
#                       disk: 2016 105 #1 goes 2.7 million steps deep, 50.8 million states,
#                       3.4 GB, about 6 minutes)
#   SPIN_DEPTH          initial pan -m (default 1000000; x10 while pan reports "max search depth
#                       too small", up to 10^8)
#   COMPARE_WORK        work dir kept after the run (trails, pan output; default a new /tmp dir)
#   COMPARE_OUT         CSV to write (default bench-data/results/compare-spin.csv)
#   COMPARE_REUSE       1: keep the results already in COMPARE_WORK (ltsym runs and pan runs that
#                       gave a verdict); rerun the rest, e.g. after a timeout, with a larger cap
# SPIN is taken from PATH (source the env.sh of the peers ../shared/tools/build-peers.sh built); without it the
# script says so and exits 0.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
rers=${LTSYM_RERS_DIR:-$repo/bench-data/rers}
spin_timeout=${SPIN_TIMEOUT:-3600}
ltsym_timeout=${LTSYM_TIMEOUT:-1800}
memlim=${SPIN_MEMLIM_MB:-12000}
depth0=${SPIN_DEPTH:-1000000}
spin_cflags=${SPIN_CFLAGS--DCOLLAPSE -DSC}
out=${COMPARE_OUT:-$repo/bench-data/results/compare-spin.csv}
work=${COMPARE_WORK:-$(mktemp -d /tmp/compare-spin.XXXXXX)}
mkdir -p "$work" "$(dirname "$out")"

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

if ! command -v spin >/dev/null 2>&1; then
  log "SPIN is not on PATH (Debian package spin; or the peers ../shared/tools/build-peers.sh builds): nothing compared"
  exit 0
fi
for t in gcc python3 /usr/bin/time timeout; do
  command -v "$t" >/dev/null 2>&1 || { log "missing tool: $t"; exit 2; }
done
if [ -z "${LTSYM:-}" ]; then
  (cd "$repo" && cargo build --release --quiet) || { log "cargo build failed"; exit 2; }
  LTSYM=$repo/target/release/ltsym
fi

problems=("$@")
if [ ${#problems[@]} -eq 0 ]; then
  for pml in "$rers"/20*/problem*.pml; do
    p=${pml%.pml}
    [ -f "$p-properties.txt" ] || continue
    problems+=("$(basename "$(dirname "$pml")")/$(basename "$p")")
  done
fi
log "RERS data: $rers; work dir: $work; problems: ${problems[*]}"
spin -V >"$work/spin-version.txt" 2>&1

# Wall seconds and peak RSS (kB) from a /usr/bin/time -v file.
time_fields() {
  awk -F': ' '/Maximum resident set size/ {rss=$2}
    /Elapsed \(wall clock\)/ {n=split($2, a, ":"); s=0; for (i=1;i<=n;i++) s=s*60+a[i]; wall=s}
    END {printf "%s %s\n", wall, rss}' "$1" 2>/dev/null
}

for prob in "${problems[@]}"; do
  pml=$rers/$prob.pml
  dot=$rers/$prob.dot
  props=$rers/$prob-properties.txt
  if [ ! -f "$pml" ] || [ ! -f "$props" ]; then
    log "$prob: no $pml or $props, skipped"
    continue
  fi
  d=$work/${prob//\//-}
  mkdir -p "$d"
  src=$dot
  [ -f "$src" ] || src=$pml
  if ! "$LTSYM" convert "$src" -o "$d/model.pml" --properties "$props" >"$d/convert.out" 2>"$d/convert.err"; then
    log "$prob: ltsym convert failed: $(head -3 "$d/convert.err")"
    continue
  fi
  cat "$d/model.pml" "$d/model-claims.pml" >"$d/spin.pml"
  numbers=$(sed -n 's/^ltl p\([0-9]*\) .*/\1/p' "$d/model-claims.pml")

  reuse=${COMPARE_REUSE:-0}
  for sem in spin rers; do
    if [ "$reuse" = 1 ] && grep -q '"results"' "$d/ltsym-$sem.json" 2>/dev/null; then
      continue
    fi
    log "$prob: ltsym check --ltl-semantics $sem"
    /usr/bin/time -v -o "$d/ltsym-$sem.time" timeout -k 10 "$ltsym_timeout" \
      nice "$LTSYM" check "$pml" "$props" --ltl-semantics "$sem" --format json \
      >"$d/ltsym-$sem.json" 2>"$d/ltsym-$sem.err"
    time_fields "$d/ltsym-$sem.time" >"$d/ltsym-$sem.wall_rss"
  done

  reduce=""
  grep -q ' X ' "$d/model-claims.pml" && reduce="-DNOREDUCE"
  if [ "$reuse" != 1 ] || [ ! -x "$d/pan" ]; then
    log "$prob: spin -a && gcc $reduce"
    (cd "$d" && /usr/bin/time -v -o build.time sh -c \
      "spin -a spin.pml >spin-a.out 2>&1 && nice gcc -O2 $reduce -DMEMLIM=$memlim $spin_cflags -o pan pan.c >gcc.out 2>&1")
    rc=$?
    time_fields "$d/build.time" >"$d/build.wall_rss"
    if [ $rc -ne 0 ]; then
      log "$prob: building pan failed (see $d/spin-a.out, $d/gcc.out)"
      continue
    fi
  fi
  for n in $numbers; do
    if [ "$reuse" = 1 ] && grep -q "errors: " "$d/p$n.out" 2>/dev/null \
      && ! grep -q "search depth too small" "$d/p$n.out" \
      && ! grep -qx '12[47]\|137' "$d/p$n.rc" 2>/dev/null; then
      continue
    fi
    depth=$depth0
    while :; do
      (cd "$d" && rm -f spin.pml.trail && /usr/bin/time -v -o "p$n.time" timeout -k 10 "$spin_timeout" \
        nice ./pan -a -E -n -N "p$n" -m"$depth" >"p$n.out" 2>&1)
      echo $? >"$d/p$n.rc"
      if grep -q "max search depth too small" "$d/p$n.out" && [ "$depth" -lt 100000000 ]; then
        depth=$((depth * 10))
        log "$prob p$n: depth limit hit, rerun with -m$depth"
        continue
      fi
      break
    done
    time_fields "$d/p$n.time" >"$d/p$n.wall_rss"
    [ -f "$d/spin.pml.trail" ] && mv "$d/spin.pml.trail" "$d/p$n.trail"
    log "$prob p$n: $(grep -o 'errors: [0-9]*' "$d/p$n.out" || echo 'no verdict') ($(cut -d' ' -f1 "$d/p$n.wall_rss") s)"
  done
done

python3 - "$rers" "$work" "$out" "${problems[@]}" <<'PY'
import csv, json, os, re, sys
rers, work, out, problems = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]

def pair(path):
    try:
        w, r = open(path).read().split()
        return w, r
    except (OSError, ValueError):
        return "", ""

def spin_verdict(d, n):
    try:
        text = open(f"{d}/p{n}.out").read()
        rc = open(f"{d}/p{n}.rc").read().strip()
    except OSError:
        return "missing"
    if rc in ("124", "137"):
        return "timeout"
    m = re.search(r"errors: (\d+)", text)
    if not m or "search depth too small" in text:
        return "unknown"
    return "true" if m.group(1) == "0" else "false"

def ltsym_verdicts(path):
    try:
        j = json.load(open(path))
    except (OSError, ValueError):
        return {}
    return {str(r["number"]): ("" if r["verdict"] is None else str(r["verdict"]).lower())
            for r in j.get("results", [])}

rows, prows, agree_spin, agree_rers, answered, disagree = [], [], 0, 0, 0, []
for prob in problems:
    d = f"{work}/{prob.replace('/', '-')}"
    expected = {}
    try:
        for m in re.finditer(r"#(\d+):\s*(true|false)?", open(f"{rers}/{prob}-properties.txt").read()):
            expected[m.group(1)] = m.group(2) or ""
    except OSError:
        pass
    ls, lr = ltsym_verdicts(f"{d}/ltsym-spin.json"), ltsym_verdicts(f"{d}/ltsym-rers.json")
    for n in sorted(expected, key=int):
        sv = spin_verdict(d, n)
        w, r = pair(f"{d}/p{n}.wall_rss")
        if sv in ("true", "false") and ls.get(n) in ("true", "false"):
            answered += 1
            if sv == ls[n]:
                agree_spin += 1
            else:
                disagree.append(f"{prob}#{n}")
            agree_rers += sv == lr.get(n)
        rows.append([prob, n, expected[n], sv, ls.get(n, ""), lr.get(n, ""), w, r])
    lw, lrss = pair(f"{d}/ltsym-spin.wall_rss")
    bw, _ = pair(f"{d}/build.wall_rss")
    runs = [pair(f"{d}/p{n}.wall_rss") for n in expected]
    spin_s = sum(float(x) for x, _ in runs if x) + (float(bw) if bw else 0.0)
    spin_kb = max([int(y) for _, y in runs if y] or [0])
    prows.append([prob, lw, lrss, f"{spin_s:.2f}", spin_kb])
with open(out, "w", newline="") as f:
    c = csv.writer(f)
    c.writerow(["problem", "property", "official", "spin", "ltsym_spin", "ltsym_rers",
                "spin_wall_s", "spin_peak_kb"])
    c.writerows(rows)
with open(re.sub(r"\.csv$", "", out) + "-problems.csv", "w", newline="") as f:
    c = csv.writer(f)
    c.writerow(["problem", "ltsym_spin_wall_s", "ltsym_spin_peak_kb",
                "spin_build_and_runs_s", "spin_max_peak_kb"])
    c.writerows(prows)
total = len(rows)
print(f"properties: {total}; answered by SPIN and ltsym: {answered}")
print(f"--ltl-semantics spin agrees with SPIN: {agree_spin} of {answered}"
      + (f"; DISAGREE: {' '.join(disagree)}" if disagree else ""))
print(f"--ltl-semantics rers agrees with SPIN: {agree_rers} of {answered} (the rest is SPIN's reading)")
print(f"written: {out}")
sys.exit(1 if disagree else 0)
PY
