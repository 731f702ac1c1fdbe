#!/usr/bin/env bash
# Golden comparison of two ltsym binaries: runs a fixed list of commands (info, props, reach,
# check on small RERS problems and bench-data, text/json/csv, --witness, CTL, --engine both,
# gen, bad input and bad usage) with both and reports every difference in standard output,
# standard error or exit code. For changes that must not change behaviour (refactorings):
#
#   OLD=path/to/old/ltsym NEW=target/release/ltsym scripts/golden.sh
#
# Timings are not compared: `1.23 s` becomes `<T> s`, memory figures `<M>`, log timestamps
# `<TS>`. Standard output that is JSON (one document, or one per line) is compared as data,
# with every timing field removed, so a change of whitespace or key order compares equal.
# RERS problems come from $LTSYM_RERS_DIR (default: bench-data/rers, shipped), the MCC nets
# from $LTSYM_MCC_DIR (default: ../shared/rers/mcc beside the repository; the PNML cases are
# skipped, and say so, without them), the MCC training set (`ltsym mcc` cases) from
# $LTSYM_MCC_TRAINING (default: ../shared/mcc, skipped likewise). KEEP=1 keeps the outputs.
#
# A change that means to change behaviour lists the cases it changes, with why, in a file of
# `NAME  reason` lines given as INTENDED (scripts/golden-intended-22.txt: main after issue 20
# against issue 22, whose new flags the old binary refuses); those differences are shown and
# counted apart. Exit code 0 when every case agrees or differs as intended, 1 otherwise (also
# when an intended difference did not happen: the list is then out of date).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
OLD=${OLD:?set OLD to the reference binary}
NEW=${NEW:-$root/target/release/ltsym}
RERS=${LTSYM_RERS_DIR:-$root/bench-data/rers}
MCC=${LTSYM_MCC_DIR:-$root/../shared/rers/mcc}
TRAIN=${LTSYM_MCC_TRAINING:-$root/../shared/mcc}
INTENDED=${INTENDED:-/dev/null}
[ -r "$INTENDED" ] || { echo "golden.sh: cannot read INTENDED=$INTENDED" >&2; exit 2; }
for b in "$OLD" "$NEW"; do
  [ -x "$b" ] || { echo "golden.sh: no binary at $b" >&2; exit 2; }
done
OLD=$(realpath "$OLD") NEW=$(realpath "$NEW")
[ -d "$RERS/2016" ] || { echo "golden.sh: no RERS problems at $RERS" >&2; exit 2; }
unset RUST_LOG

tmp=$(mktemp -d)
if [ -z "${KEEP:-}" ]; then trap 'rm -rf "$tmp"' EXIT; else echo "outputs in $tmp"; fi
in=$tmp/inputs
mkdir -p "$in"

# Bad inputs (the same files for both binaries, so the paths in the messages agree).
cat > "$in/bad-syntax.dot" <<'EOF'
digraph G {
  subgraph component0 {
    s0 [label="0"];
    s0 -> s1 [label="a"
  }
}
EOF
cat > "$in/no-start.dot" <<'EOF'
digraph G {
  subgraph component0 {
    0 -> 1 [label="a"];
  }
}
EOF
cat > "$in/bad.ltl" <<'EOF'
#1:
(G (c0_t1 => F ))
EOF
cat > "$in/bad.ctl" <<'EOF'
#1:
(AG((<a1> true) => EF))
EOF
cat > "$in/unknown-atom.ltl" <<'EOF'
#1: 	 true
( G(F(no_such_label)) )

#2:
( G(!c0_t2) )
EOF
printf '<?xml version="1.0"?>\n<pnml><net id="n"><page id="p"><place id="p0"/></page>\n' > "$in/truncated.pnml"
cat > "$in/order.txt" <<'EOF'
component2
component0
component1
EOF

R16=$RERS/2016
R17=$RERS/2017
R19=$RERS/2019
P103=$R16/problem103.dot
P103P=$R16/problem103-properties.txt
PNML=$MCC/RERS2020-PT-pb103/model.pnml
PHIL5=$TRAIN/models/Philosophers-PT-000005
ANGIO=$TRAIN/models/Angiogenesis-PT-01
printf '#1:\nG !(take_left_0 | nosuchlabel)\n' > "$in/one-unknown.ltl"

# A small system with a deadlock, written by the NEW binary (gen is compared below).
"$NEW" gen philosophers:3 > "$in/phil.dot"
cp "$in/phil.dot" "$in/phil.txt"

# One case per line: a name, then the arguments (word-split; no spaces inside arguments).
cases=$(cat <<EOF
info-text            info $P103
info-json            info $P103 --json
info-pml             info $R16/problem102.pml
info-pnml-json       info $PNML --json
info-factor-bits     info $R17/problem110.dot
props-ltl            props $P103 $P103P
props-spin           props $P103 $P103P --spin
props-ctl            props $R19/problem101.pml $R19/problem101-ctl-properties.txt
props-ctl-spin       props $R19/problem101.pml $R19/problem101-ctl-properties.txt --spin
reach-text           reach $R16/problem105.dot
reach-json           reach $R16/problem105.dot --json
reach-chain          reach $R16/problem105.dot --strategy chain
reach-bfs            reach $R16/problem104.dot --strategy bfs --json
reach-chain-full     reach $R16/problem104.dot --strategy chain-full
reach-sat-like       reach $R16/problem105.dot --strategy sat-like --json
reach-sat-mask       reach $R16/problem105.dot --strategy sat-mask
reach-hubs           reach $R16/problem106.dot --order hubs
reach-sloan          reach $R16/problem106.dot --order sloan --json
reach-force-span     reach $R16/problem106.dot --order force-span
reach-given          reach $R16/problem103.dot --order given --factor none
reach-random         reach $R16/problem103.dot --order random:7
reach-file           reach $P103 --order file:$in/order.txt
reach-factor-none    reach $R17/problem110.dot --factor none --json
reach-2017-112       reach $R17/problem112.dot
reach-2017-113       reach $R17/problem113.dot --json
reach-pnml           reach $PNML
reach-explicit       reach $R16/problem103.dot --explicit
reach-explicit-json  reach $R16/problem103.dot --explicit --json
reach-max-nodes      reach $R16/problem107.dot --max-nodes 2000
reach-max-states     reach $R16/problem107.dot --explicit --max-states 1000
check-text           check $P103 $P103P
check-witness        check $P103 $P103P --witness
check-json           check $P103 $P103P --format json --witness
check-csv            check $P103 $P103P --format csv
check-both           check $P103 $P103P --engine both --witness
check-explicit       check $P103 $P103P --engine explicit --format json
check-over           check $P103 $P103P --space over --witness
mcc-global           mcc $PHIL5 -e GlobalProperties,StateSpace --engine both
mcc-formulas         mcc $PHIL5 -e UpperBounds,ReachabilityCardinality,ReachabilityFireability,CTLCardinality,CTLFireability,LTLCardinality,LTLFireability --engine both
mcc-oracle           mcc $ANGIO -e StateSpace,CTLFireability,LTLCardinality --oracle $TRAIN/oracle
mcc-explicit         mcc $ANGIO -e ReachabilityDeadlock,Liveness,UpperBounds --engine explicit
mcc-deadlocks        mcc $ANGIO -e CTLCardinality,LTLFireability --ctl-deadlocks infinite --ltl-deadlocks finite
check-reach-space    check $P103 $P103P --space reach --format json
check-aut-middle     check $P103 $P103P --aut-position middle --witness
check-aut-bottom     check $P103 $P103P --aut-position bottom
check-start-trace    check $P103 $P103P --start-steps trace
check-chain          check $P103 $P103P --strategy chain --factor none
check-2016-101-pml   check $R16/problem101.pml $R16/problem101-properties.txt --witness
check-2016-104       check $R16/problem104.dot $R16/problem104-properties.txt --witness --format json
check-2016-104-both  check $R16/problem104.dot $R16/problem104-properties.txt --engine both --witness
check-2016-108       check $R16/problem108.dot $R16/problem108-properties.txt --witness
check-2016-111-over  check $R16/problem111.dot $R16/problem111-properties.txt --space over
check-2017-104       check $R17/problem104.dot $R17/problem104-properties.txt --witness
check-2017-110-csv   check $R17/problem110.dot $R17/problem110-properties.txt --format csv
check-ctl            check $R19/problem101.pml $R19/problem101-ctl-properties.txt
check-ctl-witness    check $R19/problem101.pml $R19/problem101-ctl-properties.txt --witness
check-ctl-json       check $R19/problem101.pml $R19/problem101-ctl-properties.txt --witness --format json
check-ctl-both       check $R19/problem101.pml $R19/problem101-ctl-properties.txt --engine both --witness
check-ctl-csv        check $R19/problem101.pml $R19/problem101-ctl-properties.txt --format csv --space over
check-max-states     check $R16/problem107.dot $R16/problem107-properties.txt --engine explicit --max-states 500
check-max-nodes      check $R16/problem104.dot $R16/problem104-properties.txt --max-nodes 2000
check-max-nodes-all  check $R16/problem105.dot $R16/problem105-properties.txt --max-nodes 1000 --format json
check-unknown-atom   check $P103 $in/unknown-atom.ltl
check-logic-ctl      check $P103 $P103P --logic ctl
check-wrong-pairing  check $in/phil.dot $P103P
check-allow-unknown  check $in/phil.dot $P103P --allow-unknown-atoms
check-one-unknown    check $in/phil.dot $in/one-unknown.ltl --format json
check-formula        check $P103 -f G!c0_t2 -f F(c0_t1) --witness
check-formula-ctl    check $R19/problem101.pml -f AG(<a1>true) --logic ctl --witness
check-property       check $P103 $P103P --property 2,5,7 --format json
check-property-none  check $P103 $P103P --property 99
check-jsonl          check $P103 $P103P --format jsonl
check-problem        check $P103 $P103P --format csv --problem 7
check-csv-noproblem  check $in/phil.dot $in/one-unknown.ltl --format csv
check-quiet          check $P103 $in/unknown-atom.ltl -q
check-input-format   check $in/phil.txt $in/one-unknown.ltl --input-format dot
check-max-nodes-csv  check $R16/problem105.dot $R16/problem105-properties.txt --max-nodes 1000 --format csv
check-witness-out    check $P103 $P103P --property 2 --witness-out $in/w.aut
props-json           props $P103 $P103P --format json
props-ctl-json       props $R19/problem101.pml $R19/problem101-ctl-properties.txt --format json
info-format-json     info $P103 --format json
info-input-format    info $in/phil.txt --input-format dot
reach-format-json    reach $R16/problem105.dot --format json
reach-input-format   reach $in/phil.txt --input-format dot
gen-philosophers     gen philosophers:4
gen-ring             gen ring:5
gen-random           gen random:components=4,states=5,share=0.4,seed=3
gen-bits             gen bits:components=3,bits=2,labels=6,share=0.3,seed=2
err-gen-spec         gen nonsense:3
err-no-file          info $in/missing.dot
err-no-props         check $P103 $in/missing.txt
err-syntax-dot       info $in/bad-syntax.dot
err-no-start         reach $in/no-start.dot
err-bad-ltl          check $P103 $in/bad.ltl
err-bad-ctl          check $R19/problem101.pml $in/bad.ctl
err-pnml             info $in/truncated.pnml
err-extension        info $in/order.txt
err-strategy         reach $P103 --strategy fast
err-order            reach $P103 --order nonsense
err-order-file       reach $P103 --order file:$in/missing-order.txt
err-mcc-examination  mcc $PHIL5 -e Nonsense
err-space            check $P103 $P103P --space everywhere
err-engine           check $P103 $P103P --engine quantum
err-format           check $P103 $P103P --format xml
err-spin-ctl         props $R19/problem101.pml $R19/problem101-ctl-properties.txt --spin --logic ctl
err-no-args          check
err-unknown-flag     reach $P103 --fast
help-reach           reach --help
help-info            info --help
help-props           props --help
help-check           check --help
help-mcc             mcc --help
version              --version
EOF
)

# Timings, memory and log timestamps out; JSON as sorted data without timing fields. Writes
# NAME.out.n and NAME.err.n beside every NAME.out and NAME.err of directory $1.
normalize() {
  python3 - "$1" <<'PY'
import glob, json, re, sys
TIME_KEY = re.compile(r"(^time$|^time_|_time$|_s$|_seconds$|^elapsed)")

def strip(v):
    if isinstance(v, dict):
        return {k: strip(x) for k, x in v.items() if not TIME_KEY.search(k)}
    if isinstance(v, list):
        return [strip(x) for x in v]
    return v

def as_json(t):
    t = t.strip()
    if not t or t[0] not in "[{":
        return None
    try:
        return [strip(json.loads(t))]
    except ValueError:
        pass
    try:
        return [strip(json.loads(l)) for l in t.splitlines() if l.strip()]
    except ValueError:
        return None

def text(t):
    t = re.sub(r"\[\d{4}-\d\d-\d\dT[0-9:.]+Z ", "[<TS> ", t)
    t = re.sub(r"\b\d+(\.\d+)?(e[+-]?\d+)? ?(s|ms)\b", "<T> s", t)
    return re.sub(r"\b\d+(\.\d+)? ?([KMG]i?B)\b", "<M>", t)

for path in glob.glob(sys.argv[1] + "/*.out") + glob.glob(sys.argv[1] + "/*.err"):
    t = open(path, encoding="utf-8", errors="replace").read()
    docs = as_json(t) if path.endswith(".out") else None
    if docs is not None:
        t = "\n".join(json.dumps(d, sort_keys=True, indent=1) for d in docs) + "\n"
    else:
        t = text(t)
    open(path + ".n", "w").write(t)
PY
}

run_all() {
  local bin=$1 dir=$2
  mkdir -p "$dir"
  while read -r name args; do
    [ -n "$name" ] || continue
    case " $args " in *" $PNML "*) [ -e "$PNML" ] || continue ;; esac
    case " $args " in *" $TRAIN/"*) [ -d "$TRAIN/models" ] || continue ;; esac
    local s0
    s0=$(date +%s.%N)
    # shellcheck disable=SC2086
    timeout 120 "$bin" $args > "$dir/$name.out" 2> "$dir/$name.err"
    echo $? > "$dir/$name.code"
    echo "$(echo "$(date +%s.%N) - $s0" | bc) $name" >> "$dir/times"
  done <<< "$cases"
  normalize "$dir"
}

# Both run as `ltsym` (clap prints the name it was called by in usage messages).
mkdir -p "$tmp/bin-old" "$tmp/bin-new"
ln -s "$OLD" "$tmp/bin-old/ltsym"
ln -s "$NEW" "$tmp/bin-new/ltsym"
t0=$(date +%s)
run_all "$tmp/bin-old/ltsym" "$tmp/old"
t1=$(date +%s)
run_all "$tmp/bin-new/ltsym" "$tmp/new"
t2=$(date +%s)

[ -e "$PNML" ] || echo "golden: no MCC net at $PNML: its cases skipped (set LTSYM_MCC_DIR)"
[ -d "$TRAIN/models" ] || echo "golden: no MCC training set at $TRAIN: its cases skipped (set LTSYM_MCC_TRAINING)"
fail=0 n=0 intended=0 stale=0
while read -r name _; do
  [ -n "$name" ] || continue
  [ -e "$tmp/old/$name.code" ] || continue
  n=$((n + 1))
  why=$(awk -v n="$name" '$1 == n { $1 = ""; sub(/^ +/, ""); print; exit }' "$INTENDED")
  differs=0
  for part in code out.n err.n; do
    if ! cmp -s "$tmp/old/$name.$part" "$tmp/new/$name.$part"; then
      differs=1
      if [ -n "$why" ]; then
        echo "INTENDED $name (${part%.n}): $why"
        diff "$tmp/old/$name.$part" "$tmp/new/$name.$part" | head -"${INTENDED_LINES:-6}"
      else
        fail=$((fail + 1))
        echo "DIFF $name (${part%.n}):"
        diff "$tmp/old/$name.$part" "$tmp/new/$name.$part" | head -20
      fi
    fi
  done
  if [ -n "$why" ]; then
    if [ "$differs" -eq 1 ]; then
      intended=$((intended + 1))
    else
      stale=$((stale + 1))
      echo "STALE $name: listed as intended ($why), but OLD and NEW agree"
    fi
  fi
done <<< "$cases"
codes=$(cat "$tmp"/old/*.code | sort | uniq -c | awk '{printf "%s×%s ", $1, $2}')
echo "golden: $n cases (exit codes of OLD: $codes), OLD $((t1 - t0)) s, NEW $((t2 - t1)) s:" \
  "$fail unintended differences, $intended cases differing as intended, $stale intended but equal"
[ "$fail" -eq 0 ] && [ "$stale" -eq 0 ]
