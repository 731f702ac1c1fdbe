#!/usr/bin/env bash
# Sweep BDD variable orders and reachability strategies over a list of problems.
#
#   scripts/sweep-order.sh [-j JOBS] [-t SECONDS] [-o OUT.csv] [--jobs-only] PROBLEM...
#
# For every problem × order (given, force, hubs, sloan, random:1..3) × strategy (chain, sat, bfs)
# × reordering (`--reorder off` and `auto`: what dynamic reordering does to a bad starting order),
# runs `ltsym reach --json` under a time limit (GNU parallel, JOBS at a time) and writes one CSV
# row per run, then draws time and peak nodes per order for each problem with gnuplot (SVG and
# PNG next to the CSV). Installs GNU parallel and gnuplot from Debian's packages when missing.
#
# --jobs-only prints the job list (one shell command per line) and exits: the same lines can be
# run as a Slurm job array, see docs/tuning.md ("Order sweeps on a cluster").
#
# Environment: ORDERS, STRATEGIES, REORDERS (space-separated) override the defaults; LTSYM the
# binary.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
jobs=2
limit=600
out="$here/bench-data/results/sweep-order.csv"
jobs_only=0
problems=()
while [ $# -gt 0 ]; do
  case "$1" in
    -j) jobs=$2; shift 2 ;;
    -t) limit=$2; shift 2 ;;
    -o) out=$2; shift 2 ;;
    --jobs-only) jobs_only=1; shift ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) problems+=("$1"); shift ;;
  esac
done
if [ ${#problems[@]} -eq 0 ]; then
  rers=${LTSYM_RERS_DIR:-$here/bench-data/rers}
  mcc=${LTSYM_MCC_DIR:-$here/../shared/rers/mcc}
  problems=("$rers"/2017/problem11{0,1}.dot "$rers"/2016/problem11{6,7}.dot)
  if [ -f "$mcc/RERS2020-PT-pb103/model.pnml" ]; then
    problems+=("$mcc/RERS2020-PT-pb103/model.pnml")
  else
    echo "skipping RERS2020-PT-pb103: MCC net absent from $mcc (see bench-data/rers/README.md)" >&2
  fi
fi
orders=${ORDERS:-"given force hubs sloan random:1 random:2 random:3"}
strategies=${STRATEGIES:-"chain sat bfs"}
reorders=${REORDERS:-"off auto"}
ltsym=${LTSYM:-$here/target/release/ltsym}

joblist() {
  for p in "${problems[@]}"; do
    for o in $orders; do
      for s in $strategies; do
        for r in $reorders; do
          echo "$here/scripts/reach-row.sh '$ltsym' '$p' '$o' '$s' '$limit' '$r'"
        done
      done
    done
  done
}

if [ $jobs_only = 1 ]; then joblist; exit 0; fi

need() { command -v "$1" >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq "$2" >/dev/null; }; }
need parallel parallel
need gnuplot gnuplot-nox
[ -x "$ltsym" ] || (cd "$here" && cargo build --release -q)

mkdir -p "$(dirname "$out")"
echo "problem,order,strategy,status,states,time_s,peak_nodes,final_nodes,iterations,max_rss_kb,order_used,reorder,reorderings" > "$out"
joblist | parallel --will-cite -j "$jobs" >> "$out"
echo "wrote $out ($(($(wc -l < "$out") - 1)) runs)"

# One picture per measure: x = order, one bar group per problem and strategy.
plot() { # $1 column name, $2 column number, $3 title
  local base="${out%.csv}-$1"
  python3 - "$out" "$2" > "$base.dat" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
col = list(rows[0].keys())[int(sys.argv[2]) - 1] if rows else None
orders = sorted({r["order"] for r in rows})
reo = lambda r: r.get("reorder") or "off"
series = sorted({(r["problem"], r["strategy"], reo(r)) for r in rows})
name = lambda p, s, m: f'"{p.split("/")[-1]}/{s}' + ("" if m == "off" else f" --reorder {m}") + '"'
print("order " + " ".join(name(p, s, m) for p, s, m in series))
for o in orders:
    vals = []
    for p, s, m in series:
        v = [r[col] for r in rows if r["order"] == o and r["problem"] == p and r["strategy"] == s and reo(r) == m and r["status"] == "ok"]
        vals.append(v[0] if v else "?")
    print(o + " " + " ".join(vals))
PY
  for term in svg png; do
    gnuplot <<GP
set terminal $term size 1000,600
set output "$base.$term"
set title "$3 per variable order (missing bars: time limit $limit s)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8
set logscale y
set key outside right
set datafile missing "?"
set xtics rotate by -30
plot for [i=2:*] "$base.dat" using i:xtic(1) title columnhead(i)
GP
  done
  echo "wrote $base.svg and $base.png"
}
plot time 6 "reachability time (s)"
plot nodes 7 "peak BDD nodes"
