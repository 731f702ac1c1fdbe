#!/usr/bin/env bash
# CTL benchmark: RERS 2019 problem 101 (20 CTL properties, no official answers: both engines
# must agree), and a generated 20-component system with 20 CTL properties in the RERS 2019
# patterns, answered in the same run as its reachability alone.
#
#   scripts/bench-ctl.sh [SEED]
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
seed=${1:-1}
rers=${LTSYM_RERS_DIR:-$here/bench-data/rers}
ltsym=${LTSYM:-$here/target/release/ltsym}
[ -x "$ltsym" ] || (cd "$here" && cargo build --release -q)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "== RERS 2019 problem 101, both engines"
/usr/bin/time -f "wall %e s, peak %M KB" "$ltsym" check "$rers/2019/problem101.pml" \
  "$rers/2019/problem101-ctl-properties.txt" --engine both | tail -22 || true

echo "== generated: random:components=20,states=8,share=0.3,deadlocks=true,seed=$seed"
"$ltsym" gen "random:components=20,states=8,share=0.3,deadlocks=true,seed=$seed" -o "$tmp/gen.dot"
# 20 properties in the patterns of the RERS 2019 files, over labels of the generated system
python3 - "$tmp/gen.dot" "$seed" > "$tmp/gen-ctl.txt" <<'PY'
import random, re, sys
# edge labels only (node statements carry labels too)
labels = sorted(set(re.findall(r'->[^\[]*\[label="([^"]+)"', open(sys.argv[1]).read())) - {""})
rng = random.Random(int(sys.argv[2]))
pick = lambda: rng.choice(labels)
patterns = [
    lambda: f"(A(([{pick()}] false) W ((<{pick()}> true) | (<{pick()}> true))))",
    lambda: f"(AG((<{pick()}> true) => ((A(([{pick()}] false) W (<{pick()}> true))))))",
    lambda: f"(A(([{pick()}] false) U (<{pick()}> true)))",
    lambda: f"(A(((<{pick()}> true) => (AF(<{pick()}> true))) W (<{pick()}> true)))",
    lambda: f"(AG((<{pick()}> true) => ((A(([{pick()}] false) U (<{pick()}> true))))))",
    lambda: f"(EF(<{pick()}> true))",
    lambda: f"(EG(<> true))",
    lambda: f"(E((<{pick()}> true) U (<{pick()}> true)))",
]
for i in range(1, 21):
    print(f"#{i}:\n{patterns[(i - 1) % len(patterns)]()}\n")
PY
/usr/bin/time -f "reach: wall %e s, peak %M KB" "$ltsym" reach "$tmp/gen.dot" | grep -E "reachable|time"
/usr/bin/time -f "check: wall %e s, peak %M KB" "$ltsym" check "$tmp/gen.dot" "$tmp/gen-ctl.txt" | tail -1 || true
