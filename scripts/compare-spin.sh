#!/usr/bin/env bash
# Compare ltsym's LTL verdicts, times and peak memory with SPIN's on the RERS Promela problems.
#
#   scripts/compare-spin.sh [PROBLEM...]      PROBLEM = 2016/problem103 (default: every .pml with
#                                             a properties file: 2016 101-105, 2017 101-102)
#
# Environment:
#   LTSYM_RERS_DIR      RERS data (default <repo>/bench-data/rers, shipped)
#   LTSYM               ltsym binary (default: `cargo build --release`, target/release/ltsym)
#   SPIN_TIMEOUT        seconds per pan run (default 1800); a run cut by it gives verdict `timeout`
#   LTSYM_TIMEOUT       seconds for the one ltsym run per problem (default 1800)
#   SPIN_MEMLIM_MB      pan -DMEMLIM (default 8192)
#   SPIN_CFLAGS         extra gcc flags for pan.c (e.g. -DCOLLAPSE for big models)
#   SPIN_DEPTH          initial pan -m (default 10000; multiplied by 10 while pan reports
#                       "max search depth too small", up to 10^8)
#   COMPARE_WORK        work dir kept after the run (trails, pan output; default a new /tmp dir)
#   COMPARE_OUT         CSV to write (default bench-data/results/compare-spin.csv)
#   COMPARE_REUSE_SPIN  1: keep the SPIN results already in COMPARE_WORK (rerun only what has no
#                       verdict there), e.g. to add the ltsym columns after an ltsym change
#
# SPIN is run as SPIN's manual recommends for LTL liveness: `pan -a` (acceptance cycles) with the
# claim of one property (`-N pN`), `-E` (deadlocks are not errors: RERS has no end-state
# requirement), full state space (`-DNOREDUCE`: some properties use X, which partial-order
# reduction does not preserve). No weak fairness (`-f`): RERS quantifies over ALL infinite traces,
# and every step of the Promela encoding is a rendezvous of the Environment or of two processes,
# so every SPIN cycle fires labels; `-f` would drop unfair traces the RERS verdicts count.
#
# Semantic differences that are expected (explained in the note column, see compare_spin.py):
# SPIN stutter-extends finite (deadlocking) runs, RERS ignores them; the encoding adds steps in
# which lastAction keeps its value (and is `nop` before the first label), so X sees stuttering.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
rers=${LTSYM_RERS_DIR:-$repo/bench-data/rers}
spin_timeout=${SPIN_TIMEOUT:-1800}
ltsym_timeout=${LTSYM_TIMEOUT:-1800}
memlim=${SPIN_MEMLIM_MB:-8192}
depth0=${SPIN_DEPTH:-10000}
out=${COMPARE_OUT:-$repo/bench-data/results/compare-spin.csv}
work=${COMPARE_WORK:-$(mktemp -d /tmp/compare-spin.XXXXXX)}
mkdir -p "$work" "$(dirname "$out")"

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

# --- tools -------------------------------------------------------------------------------------
if ! command -v spin >/dev/null 2>&1; then
  log "SPIN not found: installing the Debian package spin"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update && $sudo apt-get install -y spin || { log "could not install spin"; exit 2; }
fi
for t in gcc python3 /usr/bin/time timeout; do
  command -v "$t" >/dev/null 2>&1 || { log "missing tool: $t"; exit 2; }
done
if [ -z "${LTSYM:-}" ]; then
  (cd "$repo" && cargo build --release --quiet) || { log "cargo build failed"; exit 2; }
  LTSYM=$repo/target/release/ltsym
fi
has_check=1
if ! "$LTSYM" check --help >/dev/null 2>&1; then
  has_check=0
  log "this ltsym has no \`check\` subcommand: the ltsym columns stay empty"
fi

# --- problems ----------------------------------------------------------------------------------
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
gcc --version | head -1 >"$work/gcc-version.txt"

# Peak RSS (kB) and wall seconds from a /usr/bin/time -v file.
time_fields() {
  awk -F': ' '/Maximum resident set size/ {rss=$2}
    /Elapsed \(wall clock\)/ {n=split($2, a, ":"); s=0; for (i=1;i<=n;i++) s=s*60+a[i]; wall=s}
    END {printf "%s %s\n", wall, rss}' "$1" 2>/dev/null
}

for prob in "${problems[@]}"; do
  src=$rers/$prob.pml
  props=$rers/$prob-properties.txt
  if [ ! -f "$src" ] || [ ! -f "$props" ]; then
    log "$prob: no $src or $props, skipped"
    continue
  fi
  d=$work/${prob//\//-}
  mkdir -p "$d"
  cp "$src" "$d/model.pml"
  chmod u+w "$d/model.pml"
  if ! "$LTSYM" props "$src" "$props" --spin >"$d/claims.pml" 2>"$d/claims.err"; then
    log "$prob: ltsym props --spin failed: $(head -3 "$d/claims.err")"
    continue
  fi
  cat "$d/claims.pml" >>"$d/model.pml"
  numbers=$(sed -n 's/^ltl p\([0-9]*\) .*/\1/p' "$d/claims.pml")

  # ltsym: one run for all properties.
  if [ $has_check -eq 1 ]; then
    log "$prob: ltsym check"
    /usr/bin/time -v -o "$d/ltsym.time" timeout -k 10 "$ltsym_timeout" \
      nice "$LTSYM" check "$src" "$props" --format json >"$d/ltsym.json" 2>"$d/ltsym.err"
    echo $? >"$d/ltsym.rc"
    read -r w r < <(time_fields "$d/ltsym.time")
    echo "$w $r" >"$d/ltsym.wall_rss"
  fi

  # SPIN: generate and compile the verifier once per problem (all 20 claims in one pan).
  todo=""
  for n in $numbers; do
    if [ "${COMPARE_REUSE_SPIN:-0}" = 1 ] && [ -x "$d/pan" ] && grep -q "errors: " "$d/p$n.out" 2>/dev/null; then
      continue
    fi
    todo="$todo $n"
  done
  [ -n "$todo" ] || { log "$prob: SPIN results reused"; continue; }
  if [ "${COMPARE_REUSE_SPIN:-0}" = 1 ] && [ -x "$d/pan" ]; then
    log "$prob: reusing pan, running properties$todo"
  else
    log "$prob: spin -a && gcc"
    (cd "$d" && /usr/bin/time -v -o build.time sh -c \
      "spin -a model.pml >spin-a.out 2>&1 && nice gcc -O2 -DNOREDUCE -DMEMLIM=$memlim ${SPIN_CFLAGS:-} -o pan pan.c >gcc.out 2>&1")
    rc=$?
    read -r w r < <(time_fields "$d/build.time")
    echo "$w $r" >"$d/build.wall_rss"
    if [ $rc -ne 0 ]; then
      log "$prob: building pan failed (see $d/spin-a.out, $d/gcc.out)"
      continue
    fi
  fi

  for n in $todo; do
    depth=$depth0
    while :; do
      (cd "$d" && rm -f model.pml.trail && /usr/bin/time -v -o "p$n.time" timeout -k 10 "$spin_timeout" \
        nice ./pan -a -E -n -N "p$n" -m"$depth" >"p$n.out" 2>&1)
      echo $? >"$d/p$n.rc"
      if grep -q "max search depth too small" "$d/p$n.out" && [ "$depth" -lt 100000000 ]; then
        depth=$((depth * 10))
        log "$prob p$n: depth limit hit, rerun with -m$depth"
        continue
      fi
      break
    done
    echo "$depth" >"$d/p$n.depth"
    read -r w r < <(time_fields "$d/p$n.time")
    echo "$w $r" >"$d/p$n.wall_rss"
    if [ -f "$d/model.pml.trail" ]; then
      mv "$d/model.pml.trail" "$d/p$n.trail"
      (cd "$d" && timeout 600 spin -t -p -k "p$n.trail" model.pml >"p$n.replay" 2>&1)
    fi
    log "$prob p$n: $(grep -o 'errors: [0-9]*' "$d/p$n.out" || echo 'no verdict') (${w}s)"
  done
done

python3 "$here/compare_spin.py" "$rers" "$work" "$out" "${problems[@]}"
