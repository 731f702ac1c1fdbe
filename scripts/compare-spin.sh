#!/usr/bin/env bash
# Compare ltsym's LTL verdicts with SPIN's on the RERS Promela problems, under both of ltsym's
# readings: `--ltl-semantics spin` must agree with SPIN on every property; `rers` (infinite
# runs only) is the official reading, which differs where a deadlock or the first position
# matters. Results: docs/spin-comparison.md.
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
# Resumable: a property whose SPIN verdict (true/false) is already in COMPARE_OUT is not run
# again (its row is kept as it is); the CSV is rewritten after every pan run, so an interrupted
# run loses at most the runs in flight. Rows of problems not named on the command line are kept.
#
# Two encodings (SPIN_ENCODING): RERS's own Promela dialect, where one step of the system is
# several SPIN steps (a rendezvous, then a message to the Listener) and pan's state space is
# hundreds of times the system's (2016/105: 111,510 reachable states; claim 3 ran out of 5 GB at
# 80.9 million), and `ltsym convert --to pml-flat`: one process, one atomic step per label, the
# same claims over lastAction. A claim without X reads both alike (only the last statement of a
# step changes lastAction); a claim with X is checked on the RERS dialect only. By default the
# RERS dialect is tried first and the flat one decides what it left open; the CSV's
# spin_encoding says which decided. `SPIN_ENCODING=flat COMPARE_OUT=...-flat.csv` checks all
# on the flat encoding alone: the cross-check of the two encodings.
#
# Out of memory, then -DMA: each property is first run with SPIN_CFLAGS; if pan reaches its
# memory bound, it is compiled again with -DMA=<state-vector bytes> (a minimised automaton
# instead of a hash table: far less memory, several times the time) and run again. Attempts
# that ran out of memory or time are named in the CSV's spin_note; a property that no attempt
# decided has spin = memory or timeout.
#
# Environment:
#   LTSYM_RERS_DIR      RERS data (default <repo>/bench-data/rers, shipped)
#   LTSYM               ltsym binary (default: `cargo build --release`, target/release/ltsym)
#   SPIN_ENCODING       rers,flat (default: the flat encoding for what the RERS one left open),
#                       rers, or flat
#   SPIN_JOBS           pan runs at once (default 1); each run is one process of SPIN_MEMLIM_MB
#   SPIN_MEMLIM_MB      memory per pan run in MB (default 5000): pan -DMEMLIM (pan stops itself,
#                       "reached -DMEMLIM bound") and `ulimit -v` 1 GB above it as a hard cap.
#                       Two runs of 5000 fit a 24 GB machine beside other work
#   SPIN_CPU_LIMIT      CPU seconds per pan attempt (default 7200; `ulimit -t`): CPU, not wall
#                       time, so a loaded machine does not turn a slow run into a timeout
#   SPIN_TIMEOUT        wall seconds per pan attempt (default 86400)
#   SPIN_NICE           niceness of pan (default 5)
#   SPIN_CFLAGS         gcc flags of the first attempt (default -DCOLLAPSE -DSC: compressed
#                       states, and stack cycling, which keeps the part of the search stack
#                       beyond -m on disk: 2016 105 #1 goes 2.7 million steps deep)
#   SPIN_FALLBACK       gcc flags of the attempt after an out-of-memory one (default
#                       "-DMA -DCOLLAPSE -DSC"; -DMA becomes -DMA=<state-vector bytes>; empty: none)
#   SPIN_DEPTH          initial pan -m (default 1000000; x10 while pan reports "max search depth
#                       too small", up to 10^8)
#   SPIN_RERUN          1: run every property again, even those with a verdict in COMPARE_OUT
#   LTSYM_TIMEOUT       seconds per ltsym run (default 1800)
#   COMPARE_WORK        work dir kept after the run (trails, pan output; default a new /tmp dir)
#   COMPARE_OUT         CSV to write and resume from (default bench-data/results/compare-spin.csv)
#   COMPARE_REUSE       1: also keep the ltsym runs, pan binaries and decided pan runs already in
#                       COMPARE_WORK
# SPIN is taken from PATH (source the env.sh of the peers ../shared/tools/build-peers.sh built); without it the
# script says so and exits 0.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
rers=${LTSYM_RERS_DIR:-$repo/bench-data/rers}
jobs=${SPIN_JOBS:-1}
memlim=${SPIN_MEMLIM_MB:-5000}
cpu_limit=${SPIN_CPU_LIMIT:-7200}
spin_timeout=${SPIN_TIMEOUT:-86400}
spin_nice=${SPIN_NICE:-5}
spin_cflags=${SPIN_CFLAGS--DCOLLAPSE -DSC}
fallback=${SPIN_FALLBACK--DMA -DCOLLAPSE -DSC}
depth0=${SPIN_DEPTH:-1000000}
rerun=${SPIN_RERUN:-0}
encoding=${SPIN_ENCODING:-rers,flat}
case $encoding in
rers) use_rers=1 use_flat=0 ;;
flat) use_rers=0 use_flat=1 ;;
rers,flat) use_rers=1 use_flat=1 ;;
*) printf 'SPIN_ENCODING is rers, flat or rers,flat (got %s)\n' "$encoding" >&2; exit 2 ;;
esac
ltsym_timeout=${LTSYM_TIMEOUT:-1800}
reuse=${COMPARE_REUSE:-0}
out=${COMPARE_OUT:-$repo/bench-data/results/compare-spin.csv}
work=${COMPARE_WORK:-$(mktemp -d /tmp/compare-spin.XXXXXX)}
mkdir -p "$work" "$(dirname "$out")"
work=$(cd "$work" && pwd)

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

for v in "$jobs" "$memlim" "$cpu_limit" "$spin_timeout" "$depth0"; do
  case $v in '' | *[!0-9]*) log "SPIN_JOBS, SPIN_MEMLIM_MB, SPIN_CPU_LIMIT, SPIN_TIMEOUT and SPIN_DEPTH take positive integers (got '$v')"; exit 2 ;; esac
done
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
log "RERS data: $rers; work dir: $work; CSV: $out; problems: ${problems[*]}"
log "pan: $jobs at a time, $memlim MB and $cpu_limit CPU s each, flags '$spin_cflags', after out of memory '$fallback'; encodings $encoding"
spin -V >"$work/spin-version.txt" 2>&1

# Wall seconds, CPU seconds (user + sys) and peak RSS (kB) from a /usr/bin/time -v file.
time_fields() {
  awk -F': ' '/Maximum resident set size/ {rss=$2}
    /User time \(seconds\)/ {cpu+=$2} /System time \(seconds\)/ {cpu+=$2}
    /Elapsed \(wall clock\)/ {n=split($2, a, ":"); s=0; for (i=1;i<=n;i++) s=s*60+a[i]; wall=s}
    END {printf "%s %.2f %s\n", wall, cpu, rss}' "$1" 2>/dev/null
}

# The SPIN verdicts already in $out: decided["2016/problem105 9"]=true|false.
declare -A decided=()
if [ -f "$out" ] && [ "$rerun" != 1 ]; then
  while read -r p n v; do decided["$p $n"]=$v; done < <(python3 - "$out" <<'PY'
import csv, sys
with open(sys.argv[1], newline="") as f:
    for row in csv.DictReader(f):
        if row.get("spin") in ("true", "false"):
            print(row["problem"], row["property"], row["spin"])
PY
)
fi

# What one pan run decided, from its output, exit code and CPU seconds: true, false, memory,
# time, depth, killed (SIGKILL before the CPU limit: the kernel's OOM killer, or a user),
# stopped (interrupted, or an incomplete search for another reason) or error. A counterexample decides even if a bound was reached afterwards (pan stops at it).
classify() {
  local o=$1 rc=$2 cpu=${3%.*}
  if grep -q 'errors: [1-9]' "$o"; then echo false
  elif grep -q 'reached -DMEMLIM bound\|out of memory' "$o" || [ "$rc" = 134 ]; then echo memory
  elif [ "$rc" = 124 ] || [ "$rc" = 152 ]; then echo time
  elif [ "$rc" = 137 ] && [ "${cpu:-0}" -ge $((cpu_limit - 1)) ]; then echo time
  elif [ "$rc" = 137 ]; then echo killed
  elif grep -q 'search depth too small' "$o"; then echo depth
  elif grep -q '^Interrupted\|Search not completed' "$o"; then echo stopped   # SIGINT prints "errors: 0" too
  elif grep -q 'errors: 0' "$o"; then echo true
  else echo error
  fi
}

# One pan attempt of property $n with binary $bin in directory $rd (its own: pan's stack-cycling
# file and trail live in the working directory). Writes $rd/{pan.out,rc,time,status}.
attempt() {
  local bin=$1 rd=$2 n=$3 depth=$depth0 rc st
  mkdir -p "$rd"
  while :; do
    (cd "$rd" && rm -f ./*.trail && ulimit -t "$cpu_limit" && ulimit -v $(((memlim + 1024) * 1024)) \
      && /usr/bin/time -v -o time timeout -k 10 "$spin_timeout" \
        nice -n "$spin_nice" "$bin" -a -E -n -N "p$n" -m"$depth" >pan.out 2>&1)
    rc=$?
    echo "$rc" >"$rd/rc"
    st=$(classify "$rd/pan.out" "$rc" "$(time_fields "$rd/time" | cut -d' ' -f2)")
    if [ "$st" = depth ] && [ "$depth" -lt 100000000 ]; then
      depth=$((depth * 10))
      log "p$n: depth limit hit, rerun with -m$depth"
      continue
    fi
    break
  done
  echo "$st" >"$rd/status"
  echo "$depth" >"$rd/depth-limit"
}

# pan's own figures from its output: stored states, depth reached, state vector bytes, MB used.
pan_fields() {
  awk '/states, stored/ {s=$1} /depth reached/ {for (i=1;i<=NF;i++) if ($i=="reached") {d=$(i+1); sub(",","",d)}}
    /^State-vector/ {v=$2} /total actual memory usage/ {m=$1}
    END {printf "%s %s %s %s\n", s==""?"-":s, d==""?"-":d, v==""?"-":v, m==""?"-":m}' "$1"
}

# Why attempt $1 (flags $2) decided nothing, for the CSV's spin_note.
why() {
  local st states cpu
  st=$(cat "$1/status")
  states=$(pan_fields "$1/pan.out" | cut -d' ' -f1)
  cpu=$(time_fields "$1/time" | cut -d' ' -f2)
  case $st in
  memory) echo "$2: memory bound $memlim MB at $states states, $cpu CPU s" ;;
  time) echo "$2: CPU limit $cpu_limit s (or wall $spin_timeout s) at $states states, $cpu CPU s" ;;
  *) echo "$2: $st after $cpu CPU s" ;;
  esac
}

# All attempts for property $n of problem dir $d; the outcome in $d/p$n/result (key=value).
run_property() {
  local prob=$1 d=$2 n=$3 pd=$2/p$3 st=none note="" flags="" rd="" ma vec enc=rers
  rm -rf "$pd"
  mkdir -p "$pd"
  if [ "$use_rers" = 1 ]; then
    flags=$spin_cflags
    log "$prob p$n: pan $spin_cflags"
    rd=$pd/first
    attempt "$d/pan" "$rd" "$n"
    st=$(cat "$rd/status")
    if [ "$st" = memory ] && [ -n "$fallback" ]; then
      note=$(why "$rd" "$flags")
      read -r _ _ vec _ < <(pan_fields "$rd/pan.out")
      if [ "$vec" = - ]; then
        note="$note; no state-vector size for -DMA"
      else
        ma=${fallback//-DMA/-DMA=$vec}
        ma=${ma//-DMA=$vec=/-DMA=}   # an explicit -DMA=N in SPIN_FALLBACK stays
        log "$prob p$n: out of memory; pan $ma"
        if (cd "$pd" && nice gcc -O2 ${reduce:-} -DMEMLIM="$memlim" $ma -o pan-ma ../pan.c >gcc-ma.out 2>&1); then
          flags=$ma
          rd=$pd/fallback
          attempt "$pd/pan-ma" "$rd" "$n"
          st=$(cat "$rd/status")
          case $st in true | false) ;; *) note="$note; $(why "$rd" "$flags")" ;; esac
        else
          note="$note; gcc $ma failed (see $pd/gcc-ma.out)"
        fi
      fi
    else
      case $st in true | false) ;; *) note=$(why "$rd" "$flags") ;; esac
    fi
  fi
  # the flat encoding for what the RERS one left open (never for claims with X: see above)
  case $st in true | false) ;; *)
    if [ "$use_flat" = 1 ] && [ -z "${reduce:-}" ] && [ -x "$d/flat/pan" ]; then
      enc=flat
      flags="$spin_cflags"
      log "$prob p$n: pan $spin_cflags, flat encoding"
      rd=$pd/flat
      attempt "$d/flat/pan" "$rd" "$n"
      st=$(cat "$rd/status")
      case $st in true | false) ;; *) note="${note:+$note; }flat: $(why "$rd" "$flags")" ;; esac
    elif [ "$use_flat" = 1 ] && [ -n "${reduce:-}" ]; then
      note="${note:+$note; }no flat encoding for a file with X"
    fi
    ;;
  esac
  if [ -z "$rd" ]; then
    echo "verdict=error" >"$pd/result"
    echo "note=${note:-no encoding to run}" >>"$pd/result"
    return
  fi
  if [ -f "$rd/spin.pml.trail" ]; then
    if [ "$enc" = flat ]; then cp "$rd/spin.pml.trail" "$d/flat/p$n.trail"; else cp "$rd/spin.pml.trail" "$d/p$n.trail"; fi
  fi
  local wall cpu rss states depth mb
  read -r wall cpu rss < <(time_fields "$rd/time")
  read -r states depth vec mb < <(pan_fields "$rd/pan.out")
  {
    echo "verdict=$st"
    echo "flags=$flags"
    echo "encoding=$enc"
    echo "wall=$wall"
    echo "cpu=$cpu"
    echo "rss=$rss"
    echo "states=$states"
    echo "depth=$depth"
    echo "pan_mb=$mb"
    echo "note=$note"
  } >"$pd/result"
  log "$prob p$n: $st, $enc encoding ($cpu CPU s, $wall s wall, $states states, depth $depth, $rss kB)"
}

# Rewrites $out (and its -problems.csv) from the old CSV and the results in $work.
write_csv() {
  python3 - "$rers" "$work" "$out" "${problems[@]}" <<'PY'
import csv, fcntl, hashlib, json, os, re, subprocess, sys, tempfile
rers, work, out, problems = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
# Two runs of this script on different problems may share one CSV: read-modify-write under a lock
# (a lock file outside the repository, named after the CSV's path).
tag = hashlib.sha1(os.path.abspath(out).encode()).hexdigest()[:12]
lock = open(os.path.join(tempfile.gettempdir(), f"compare-spin-{tag}.lock"), "w")
fcntl.flock(lock, fcntl.LOCK_EX)
FIELDS = ["problem", "property", "official", "spin", "ltsym_spin", "ltsym_rers",
          "spin_wall_s", "spin_cpu_s", "spin_peak_kb", "spin_states", "spin_depth",
          "spin_flags", "spin_encoding", "spin_trail", "spin_note"]
DECIDED = ("true", "false")

def read_rows(path):
    try:
        with open(path, newline="") as f:
            return {(r["problem"], r["property"]): r for r in csv.DictReader(f)}
    except (OSError, KeyError):
        return {}

def read_kv(path):
    try:
        return dict(l.rstrip("\n").split("=", 1) for l in open(path) if "=" in l)
    except OSError:
        return {}

def triple(path):
    try:
        w, c, r = open(path).read().split()
        return w, c, r
    except (OSError, ValueError):
        return "", "", ""

def ltsym_verdicts(path):
    try:
        j = json.load(open(path))
    except (OSError, ValueError):
        return {}
    return {str(r["number"]): ("" if r["verdict"] is None else str(r["verdict"]).lower())
            for r in j.get("results", [])}

def trail_kind(d, n):
    """What SPIN's counterexample of property n is, from a replay of its trail (cached): a bad
    prefix (the claim failed an assertion: no cycle), a lasso whose cycle fires labels, or a
    run into a deadlock that SPIN stutter-extends (a cycle in which no process moves)."""
    trail, cache = f"{d}/p{n}.trail", f"{d}/p{n}.trail-kind"
    if not os.path.exists(trail):
        return ""
    if os.path.exists(cache):
        return open(cache).read().strip()
    try:
        text = subprocess.run(["spin", "-k", f"p{n}.trail", "-t", "-p", "spin.pml"], cwd=d,
                              capture_output=True, text=True, timeout=600).stdout
    except (OSError, subprocess.SubprocessError):
        return ""
    if "trail ends after" not in text:
        return ""
    head, cyc, tail = text.partition("<<<<<START OF CYCLE>>>>>")
    # a label: the message to the Listener (RERS dialect), the assignment (flat encoding)
    label = re.compile(r"\[act!\w+\]|\[lastAction = \w+\]")
    moves = re.compile(r"^\s*\d+:\s+proc\s+\d+ .*\t\[", re.M)  # a step, not the final dump
    before = len(label.findall(head))
    if not cyc:
        kind = f"bad prefix of {before} labels"
    elif moves.search(tail):
        kind = f"{before} labels + cycle of {len(label.findall(tail))}"
    else:
        kind = f"deadlock after {before} labels"
    with open(cache, "w") as f:
        f.write(kind + "\n")
    return kind

old = read_rows(out)
rows = dict(old)
for prob in problems:
    d = f"{work}/{prob.replace('/', '-')}"
    expected = {}
    try:
        for m in re.finditer(r"#(\d+):\s*(true|false)?", open(f"{rers}/{prob}-properties.txt").read()):
            expected[m.group(1)] = m.group(2) or ""
    except OSError:
        continue
    ls, lr = ltsym_verdicts(f"{d}/ltsym-spin.json"), ltsym_verdicts(f"{d}/ltsym-rers.json")
    for n in expected:
        prev = old.get((prob, n), {})
        row = {k: prev.get(k, "") for k in FIELDS}
        row.update(problem=prob, property=n, official=expected[n])
        res = read_kv(f"{d}/p{n}/result")
        if row["spin"] in DECIDED and not row["spin_encoding"]:
            row["spin_encoding"] = "rers"  # rows from before the flat encoding
        if res:
            note = res.get("note", "")
            # a property the RERS encoding left open in an earlier run, now decided on the flat
            # one: what that run gave stays in the note
            if prev.get("spin") and prev["spin"] not in DECIDED + ("missing", "running") \
                    and res.get("encoding") == "flat" and "rers" not in note:
                before = prev.get("spin_note") or (f"after {prev['spin_wall_s']} s wall"
                                                   if prev.get("spin_wall_s") else "")
                note = "; ".join(x for x in (f"RERS encoding earlier: {prev['spin']}"
                                             + (f" ({before})" if before else ""), note) if x)
            row.update(spin=res["verdict"], spin_wall_s=res.get("wall", ""),
                       spin_cpu_s=res.get("cpu", ""), spin_peak_kb=res.get("rss", ""),
                       spin_states=res.get("states", ""), spin_depth=res.get("depth", ""),
                       spin_flags=res.get("flags", ""), spin_encoding=res.get("encoding", ""),
                       spin_note=note)
        elif row["spin"] not in DECIDED:
            row["spin"] = "running" if os.path.isdir(f"{d}/p{n}") else "missing"
        if n in ls:
            row["ltsym_spin"] = ls[n]
        if n in lr:
            row["ltsym_rers"] = lr[n]
        if res:
            tdir = f"{d}/flat" if res.get("encoding") == "flat" else d
            row["spin_trail"] = trail_kind(tdir, n) if res["verdict"] == "false" else ""
        rows[(prob, n)] = row

def key(k):
    return (k[0], int(k[1]) if k[1].isdigit() else 0)

ordered = [rows[k] for k in sorted(rows, key=key)]
tmp = out + ".tmp"
with open(tmp, "w", newline="") as f:
    c = csv.DictWriter(f, fieldnames=FIELDS, extrasaction="ignore")
    c.writeheader()
    c.writerows(ordered)
os.replace(tmp, out)

# Per problem: ltsym's whole run (from this run's files, else the previous CSV) against the sum
# of SPIN's decided runs.
pfile = re.sub(r"\.csv$", "", out) + "-problems.csv"
PFIELDS = ["problem", "ltsym_spin_wall_s", "ltsym_spin_cpu_s", "ltsym_spin_peak_kb",
           "spin_runs", "spin_decided", "spin_cpu_s", "spin_max_peak_kb"]
try:
    with open(pfile, newline="") as f:
        pold = {r["problem"]: r for r in csv.DictReader(f)}
except (OSError, KeyError):
    pold = {}
by_problem = {}
for r in ordered:
    by_problem.setdefault(r["problem"], []).append(r)
prows = []
for prob, rs in by_problem.items():
    prev = pold.get(prob, {})
    w, c, kb = triple(f"{work}/{prob.replace('/', '-')}/ltsym-spin.wall_rss")
    if not w:
        w, c, kb = (prev.get("ltsym_spin_wall_s", ""), prev.get("ltsym_spin_cpu_s", ""),
                    prev.get("ltsym_spin_peak_kb", ""))
    cpu = sum(float(r["spin_cpu_s"]) for r in rs if r["spin"] in DECIDED and r["spin_cpu_s"])
    peak = max([int(r["spin_peak_kb"]) for r in rs if r["spin_peak_kb"].isdigit()] or [0])
    prows.append({"problem": prob, "ltsym_spin_wall_s": w, "ltsym_spin_cpu_s": c,
                  "ltsym_spin_peak_kb": kb, "spin_runs": len(rs),
                  "spin_decided": sum(r["spin"] in DECIDED for r in rs),
                  "spin_cpu_s": f"{cpu:.2f}", "spin_max_peak_kb": peak})
with open(pfile + ".tmp", "w", newline="") as f:
    c = csv.DictWriter(f, fieldnames=PFIELDS)
    c.writeheader()
    c.writerows(prows)
os.replace(pfile + ".tmp", pfile)

decided = [r for r in ordered if r["spin"] in DECIDED and r["ltsym_spin"] in DECIDED]
disagree = [f"{r['problem']}#{r['property']}" for r in decided if r["spin"] != r["ltsym_spin"]]
rers_same = sum(r["spin"] == r["ltsym_rers"] for r in decided)
open_ = [f"{r['problem']}#{r['property']}={r['spin']}" for r in ordered if r["spin"] not in DECIDED]
print(f"properties: {len(ordered)}; answered by SPIN and ltsym: {len(decided)}"
      + (f"; open: {' '.join(open_)}" if open_ else ""))
print(f"--ltl-semantics spin agrees with SPIN: {len(decided) - len(disagree)} of {len(decided)}"
      + (f"; DISAGREE: {' '.join(disagree)}" if disagree else ""))
print(f"--ltl-semantics rers agrees with SPIN: {rers_same} of {len(decided)} (the rest is SPIN's reading)")
print(f"written: {out}")
sys.exit(1 if disagree else 0)
PY
}

# The pan runs, SPIN_JOBS at a time, started as soon as their problem's pan is built (the
# next problem's ltsym runs and gcc overlap them); the CSV after each.
running=0
started=0
reap() {
  wait -n
  running=$((running - 1))
  write_csv >/dev/null
}
start() { # prob d n
  while [ "$running" -ge "$jobs" ]; do reap; done
  reduce=$(cat "$2/reduce") run_property "$@" &
  running=$((running + 1))
  started=$((started + 1))
}

# Per problem: ltsym (both readings), the pan binary, then its pan runs still to do.
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

  todo=()
  for n in $numbers; do
    [ -n "${decided["$prob $n"]:-}" ] && continue
    if [ "$reuse" = 1 ] && grep -q '^verdict=\(true\|false\)$' "$d/p$n/result" 2>/dev/null; then
      continue
    fi
    todo+=("$n")
  done
  if [ ${#todo[@]} -eq 0 ]; then
    log "$prob: every SPIN verdict already known"
    continue
  fi
  reduce=""
  grep -q ' X ' "$d/model-claims.pml" && reduce="-DNOREDUCE"
  echo "$reduce" >"$d/reduce"
  build="-O2 $reduce -DMEMLIM=$memlim $spin_cflags"
  if [ "$use_rers" = 1 ] && { [ "$reuse" != 1 ] || [ ! -x "$d/pan" ] || [ "$(cat "$d/pan.flags" 2>/dev/null)" != "$build" ]; }; then
    log "$prob: spin -a && gcc $build"
    rm -f "$d/pan" "$d/pan.flags"
    (cd "$d" && /usr/bin/time -v -o build.time sh -c \
      "spin -a spin.pml >spin-a.out 2>&1 && nice gcc $build -o pan pan.c >gcc.out 2>&1")
    rc=$?
    [ $rc -eq 0 ] && echo "$build" >"$d/pan.flags"
    time_fields "$d/build.time" >"$d/build.wall_rss"
    if [ $rc -ne 0 ]; then
      log "$prob: building pan failed (see $d/spin-a.out, $d/gcc.out)"
      continue
    fi
  fi
  if [ "$use_flat" = 1 ] && [ -z "$reduce" ] && { [ "$reuse" != 1 ] || [ ! -x "$d/flat/pan" ]; }; then
    mkdir -p "$d/flat"
    rm -f "$d/flat/pan"
    log "$prob: ltsym convert --to pml-flat; spin -a && gcc $build"
    if "$LTSYM" convert "$src" --to pml-flat -o "$d/flat/model.pml" --properties "$props" \
      >"$d/flat/convert.out" 2>"$d/flat/convert.err"; then
      cat "$d/flat/model.pml" "$d/flat/model-claims.pml" >"$d/flat/spin.pml"
      (cd "$d/flat" && spin -a spin.pml >spin-a.out 2>&1 && nice gcc $build -o pan pan.c >gcc.out 2>&1) ||
        log "$prob: building the flat pan failed (see $d/flat/spin-a.out, gcc.out)"
    else
      log "$prob: ltsym convert --to pml-flat failed: $(head -3 "$d/flat/convert.err")"
    fi
  fi
  for n in "${todo[@]}"; do start "$prob" "$d" "$n"; done
done
while [ "$running" -gt 0 ]; do reap; done
log "pan runs done in this call: $started"
write_csv
