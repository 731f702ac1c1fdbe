#!/usr/bin/env bash
# The shipped suite of synthesised problems (bench-data/synth/, docs/synth.md):
#  (a) regenerates every problem from its manifest (`ltsym synth --from`) into a scratch folder
#      and checks that it is byte for byte the shipped one;
#  (b) checks every claimed verdict with `ltsym check`: the symbolic engine always, the explicit
#      engine where the system has at most EXPLICIT_MAX reachable states, the compositional
#      engine on the LTL files; weak-bisimulation tasks with `ltsym compare --equivalence weak`
#      (which has no time limit of its own: `timeout` stops it);
#      each run with a limit of TIMEOUT seconds of CPU time (`ulimit -t`: on a shared machine
#      wall time says little; LIMIT=wall makes it ltsym's own wall-clock --timeout). Results are
#      read as ltsym prints them (`--format jsonl`), so a run stopped by the limit (exit code 3
#      from ltsym, or killed at the CPU limit) still counts what it answered; the run is marked
#      not answered in time and the script goes on;
#  (c) prints a table and writes it to bench-data/results/synth-suite-<date>.csv: problem,
#      components, reachable states, logic, properties, engine, answered, confirmed,
#      contradicted, in time, CPU seconds (user+sys), peak RSS (MB).
# Exit code 0 when every problem regenerates and no claimed verdict is contradicted.
#
# Usage: scripts/synth-suite.sh [--regenerate] [PROBLEM..]
#   PROBLEM: names of folders under bench-data/synth/ (default: all)
#   --regenerate: remake the shipped folders from their manifests instead of comparing (after
#     a generator version bump, see src/synth/manifest.rs VERSION), then check them
# Environment: LTSYM (default target/release/ltsym), TIMEOUT (60), LIMIT (cpu|wall),
#   WALL (ltsym's --timeout with LIMIT=cpu: 20 x TIMEOUT), EXPLICIT_MAX (1000000),
#   ENGINES (default "symbolic explicit compositional"), CSV (the output file).
# Run it niced: nice -n 10 scripts/synth-suite.sh
set -u
cd "$(dirname "$0")/.."
LTSYM=${LTSYM:-target/release/ltsym}
TIMEOUT=${TIMEOUT:-60}
LIMIT=${LIMIT:-cpu}
WALL=${WALL:-$((20 * TIMEOUT))}
if [ "$LIMIT" = wall ]; then
    WALL=$TIMEOUT
fi
EXPLICIT_MAX=${EXPLICIT_MAX:-1000000}
ENGINES=${ENGINES:-symbolic explicit compositional}
SUITE=bench-data/synth
CSV=${CSV:-bench-data/results/synth-suite-$(date -u +%F).csv}

regenerate=0
if [ "${1:-}" = "--regenerate" ]; then
    regenerate=1
    shift
fi
if [ ! -x "$LTSYM" ]; then
    echo "no $LTSYM: run cargo build --release (or set LTSYM)" >&2
    exit 2
fi
if ! command -v jq >/dev/null; then
    echo "jq is not installed: it reads the manifests and ltsym's JSON output" >&2
    exit 2
fi
TIME=""
if [ -x /usr/bin/time ]; then
    TIME=/usr/bin/time
else
    echo "note: no /usr/bin/time (GNU time): no CPU time and peak memory" >&2
fi
# engines this ltsym offers (an older binary may lack one: skipped, said so)
offered=$("$LTSYM" check --help)
engines=""
for e in $ENGINES; do
    if grep -q "^ *- $e:" <<<"$offered"; then
        engines="$engines $e"
    else
        echo "note: $LTSYM check has no --engine $e: skipped" >&2
    fi
done

problems=("$@")
if [ ${#problems[@]} -eq 0 ]; then
    for d in "$SUITE"/*/; do
        [ -f "$d/manifest.json" ] && problems+=("$(basename "$d")")
    done
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$(dirname "$CSV")"
echo "problem,components,states,logic,properties,engine,answered,confirmed,contradicted,in_time,cpu_s,peak_rss_mb,exit" >"$CSV"

regen_ok=0
regen_bad=0
contradicted_total=0
confirmed_total=0
runs_late=0

# run NAME ENGINE LOGIC PROPERTIES STATES COMPONENTS CMD..: one measured ltsym run, one row
row() {
    local name=$1 engine=$2 logic=$3 props=$4 states=$5 comps=$6
    shift 6
    local out="$scratch/out.json" tf="$scratch/time.txt"
    local rc
    rm -f "$tf"
    local cpu_limit=unlimited
    [ "$LIMIT" = cpu ] && cpu_limit=$TIMEOUT
    # the CPU limit on the measured process itself; `timeout` only guards against a hang
    if [ -n "$TIME" ]; then
        timeout $((WALL + 60)) "$TIME" -f "%U %S %M" -o "$tf" \
            bash -c 'ulimit -t "$0"; exec "$@"' "$cpu_limit" "$@" >"$out" 2>"$scratch/err.txt"
    else
        timeout $((WALL + 60)) bash -c 'ulimit -t "$0"; exec "$@"' "$cpu_limit" "$@" \
            >"$out" 2>"$scratch/err.txt"
    fi
    rc=$?
    local cpu="" rss=""
    if [ -s "$tf" ]; then
        read -r u s m < <(tail -1 "$tf")
        cpu=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
        rss=$((m / 1024))
    fi
    local answered confirmed contradicted in_time
    case $rc in
    0 | 1 | 3) ;;
    124) echo "  $name $engine $logic: killed after $((WALL + 60)) s wall" >&2 ;;
    137 | 152) echo "  $name $engine $logic: stopped at the CPU limit ($TIMEOUT s)" >&2 ;;
    *)
        echo "  $name $engine $logic: exit $rc" >&2
        tail -3 "$scratch/err.txt" >&2
        ;;
    esac
    if [ "$engine" = weak ]; then
        # compare: exit 0 equivalent, 1 not, 3 limit
        local claimed
        claimed=$(jq -r .bisimilar "$SUITE/$name/manifest.json")
        answered=0 confirmed=0 contradicted=0
        if [ $rc -eq 0 ] || [ $rc -eq 1 ]; then
            answered=1
            if { [ $rc -eq 0 ] && [ "$claimed" = true ]; } || { [ $rc -eq 1 ] && [ "$claimed" = false ]; }; then
                confirmed=1
            else
                contradicted=1
            fi
        fi
    elif [ -s "$out" ]; then
        # the lines printed before a stop; a line cut short by a kill is dropped
        jq -R 'fromjson? // empty' "$out" | jq -s . >"$scratch/lines.json"
        # the reachable states the engine counted, where the manifest does not know them
        if [ "$states" = "?" ]; then
            states=$(jq -r '[.[] | select(.event == "start") | .states][0] // "?"' "$scratch/lines.json")
            counted=$states
        fi
        local results='[.[] | select(.event == "result")]'
        answered=$(jq "$results | map(select(.verdict != null)) | length" "$scratch/lines.json")
        confirmed=$(jq "$results | map(select(.matches_expected == true)) | length" "$scratch/lines.json")
        contradicted=$(jq "$results | map(select(.matches_expected == false)) | length" "$scratch/lines.json")
    else
        answered=0 confirmed=0 contradicted=0
    fi
    if [ "$answered" -eq "$props" ] && { [ $rc -eq 0 ] || [ $rc -eq 1 ]; }; then
        in_time=yes
    else
        in_time=no
        runs_late=$((runs_late + 1))
    fi
    contradicted_total=$((contradicted_total + contradicted))
    confirmed_total=$((confirmed_total + confirmed))
    echo "$name,$comps,$states,$logic,$props,$engine,$answered,$confirmed,$contradicted,$in_time,$cpu,$rss,$rc" >>"$CSV"
    printf '%-22s %4s %22s %-4s %3s %-13s %3s %3s %3s %-3s %8s %6s\n' "$name" "$comps" "$states" \
        "$logic" "$props" "$engine" "$answered" "$confirmed" "$contradicted" "$in_time" "$cpu" "$rss"
}

printf '%-22s %4s %22s %-4s %3s %-13s %3s %3s %3s %-3s %8s %6s\n' problem comp states logic n \
    engine ans ok bad in cpu_s rss_mb
for name in "${problems[@]}"; do
    dir="$SUITE/$name"
    m="$dir/manifest.json"
    if [ ! -f "$m" ]; then
        echo "$name: no $m" >&2
        regen_bad=$((regen_bad + 1))
        continue
    fi
    # (a) byte for byte from the manifest
    if [ $regenerate -eq 1 ]; then
        rm -rf "$scratch/regen" && mkdir -p "$scratch/regen"
        if "$LTSYM" synth -q --from "$m" -o "$scratch/regen" >/dev/null; then
            rm -rf "$dir" && mv "$scratch/regen" "$dir"
            regen_ok=$((regen_ok + 1))
        else
            regen_bad=$((regen_bad + 1))
        fi
    else
        rm -rf "$scratch/regen"
        if "$LTSYM" synth -q --from "$m" -o "$scratch/regen" >/dev/null &&
            diff -r "$dir" "$scratch/regen" >"$scratch/diff.txt"; then
            regen_ok=$((regen_ok + 1))
        else
            echo "$name: does not regenerate byte for byte from its manifest:" >&2
            head -5 "$scratch/diff.txt" >&2
            regen_bad=$((regen_bad + 1))
        fi
    fi
    m="$dir/manifest.json"
    comps=$(jq -r '.system.components // .a.components' "$m")
    # (b) the claims
    if jq -e .task "$m" >/dev/null; then
        states=$(jq -r '"\(.a.reachable_states // "?")/\(.b.reachable_states // "?")"' "$m")
        row "$name" weak bisim 1 "$states" "$comps" "$LTSYM" compare --equivalence weak \
            --keep "$(jq -r '.visible | join(",")' "$m")" "$dir/a.dot" "$dir/b.dot"
        continue
    fi
    states=$(jq -r '.system.reachable_states // "?"' "$m")
    for logic in ltl ctl; do
        props_file="$dir/problem-$logic-properties.txt"
        n=$(grep -c '^#[0-9]*:' "$props_file")
        [ "$n" -eq 0 ] && continue
        for engine in $engines; do
            case $engine in
            explicit)
                # only where the states are known and few
                if [ "$states" = "?" ] || [ ${#states} -gt ${#EXPLICIT_MAX} ] ||
                    { [ ${#states} -eq ${#EXPLICIT_MAX} ] && [[ "$states" > "$EXPLICIT_MAX" ]]; }; then
                    continue
                fi
                ;;
            compositional) [ $logic = ctl ] && continue ;;
            esac
            counted=$states
            row "$name" "$engine" "$logic" "$n" "$states" "$comps" "$LTSYM" check -q \
                "$dir/problem.dot" "$props_file" --engine "$engine" --timeout "$WALL" \
                --format jsonl
            states=$counted
        done
    done
done

echo
echo "regenerated byte for byte: $regen_ok, not: $regen_bad"
echo "claimed verdicts confirmed: $confirmed_total, contradicted: $contradicted_total"
echo "runs not answered within ${TIMEOUT} s ($LIMIT time): $runs_late"
echo "table: $CSV"
[ "$regen_bad" -eq 0 ] && [ "$contradicted_total" -eq 0 ]
