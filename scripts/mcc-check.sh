#!/usr/bin/env bash
# Every examination of the MCC training set against the contest's agreed answers, one
# examination per process (as the contest runs a tool), one at a time.
#
# usage: scripts/mcc-check.sh [MODEL_NAME_REGEX] [EXAMINATION ...]
#   env: LTSYM (binary, default target/release/ltsym), MCC (training set with models/ and
#        oracle/, default ../shared/mcc or ../../shared/mcc beside the repository, or beside
#        its parent: a worktree), TIMEOUT (s per examination, default 15), CLOCK (cpu: the
#        limit counts the process's CPU time, `ltsym mcc --cpu-time`, with a hard
#        `prlimit --cpu` of TIMEOUT+30 s behind it; wall: wall-clock time; default cpu),
#        MEMORY (per examination, `--max-memory`, default 4G), MAX_STATES (explicit engine,
#        default 3000000), ENGINE (auto, symbolic, explicit or both; default auto, as `ltsym mcc`), NICE
#        (niceness of the runs, default 19), ORDER (name, or size: smallest model.pnml
#        first; default name), OUT (folder for the per-run outputs, default a fresh mktemp
#        folder), GUARD (wall-clock seconds after which a run is stopped, default
#        TIMEOUT*20+120).
#
# Resumable: each examination's result is a line of $OUT/results.csv (model, examination,
# limit, clock, exit code, asked, answered, matches, mismatches, beyond, unanswered, CPU s
# (user+system), wall s, peak RSS KB); a run with the same OUT skips every examination that
# already has a line at the same limit and clock. A run the wall-clock guard stopped before
# it had used its CPU limit (CLOCK=cpu: a niced run starved of CPU on a loaded machine) is
# no answer of ltsym's: its line has the exit code `starved`, it is counted apart (not as
# unanswered), and a resumed run does it again. The answers of each run are in
# $OUT/runs/<model>.<examination>.{out,err}, mismatches and answers beyond the contest's `?`
# in $OUT/details.txt.
#
# Prints, per examination: results asked, answered, matches with the agreed answers,
# mismatches, answers where the contest had `?` (beyond), unanswered (CANNOT_COMPUTE within
# the limits, or not printed by a run killed past them), the runs killed past the limits
# (the CPU guard, the wall-clock guard; the answer lines such a run printed before, as ltsym
# prints each the moment it is decided, count as the contest counts them: answered, and
# checked against the oracle like the others), the runs starved (see above; their results are in none of
# the other columns), the runs that failed otherwise, and the CPU and wall seconds spent. Then every mismatch and every answer beyond the contest. Exit code 1 when
# there is a mismatch or a failed run.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
LTSYM=${LTSYM:-$here/target/release/ltsym}
if [ -z "${MCC:-}" ]; then
  for d in "$here/../shared/mcc" "$here/../../shared/mcc"; do
    [ -d "$d/oracle" ] && { MCC=$d; break; }
  done
fi
MCC=${MCC:-$here/../shared/mcc}
TIMEOUT=${TIMEOUT:-15}
CLOCK=${CLOCK:-cpu}
MEMORY=${MEMORY:-4G}
MAX_STATES=${MAX_STATES:-3000000}
ENGINE=${ENGINE:-auto}
NICE=${NICE:-19}
ORDER=${ORDER:-name}
OUT=${OUT:-$(mktemp -d /tmp/mcc-check.XXXXXX)}
filter=${1:-.}
shift || true
exams=("$@")
if [ ${#exams[@]} -eq 0 ]; then
  exams=(StateSpace ReachabilityDeadlock OneSafe QuasiLiveness StableMarking Liveness UpperBounds
         ReachabilityCardinality ReachabilityFireability CTLCardinality CTLFireability
         LTLCardinality LTLFireability)
fi
[ -x "$LTSYM" ] || { echo "no binary $LTSYM (cargo build --release)" >&2; exit 2; }
[ -d "$MCC/models" ] && [ -d "$MCC/oracle" ] || { echo "no training set at $MCC" >&2; exit 2; }
case $CLOCK in cpu|wall) ;; *) echo "CLOCK is cpu or wall" >&2; exit 2 ;; esac
mkdir -p "$OUT/runs"
csv=$OUT/results.csv
[ -s "$csv" ] || echo "model,examination,limit_s,clock,rc,asked,answered,matches,mismatches,beyond,unanswered,cpu_s,wall_s,max_rss_kb" > "$csv"
clock_flag=()
limit_cpu=()
if [ "$CLOCK" = cpu ]; then
  clock_flag=(--cpu-time)
  limit_cpu=(prlimit --cpu=$(( TIMEOUT + 30 )) --)
fi
# a wall-clock guard far beyond the limit: a niced run on a loaded machine is slow
guard=${GUARD:-$(( TIMEOUT * 20 + 120 ))}

# partial_counts XML ORACLE OUT DETAILS: "matches mismatches beyond" of the answer lines in OUT
# (a run killed before it compared them itself), MISMATCH/BEYOND/NOT-IN-ORACLE lines to
# DETAILS. A formula's oracle key is <model>-<Examination>-<rank>, its rank among the
# examination file's ids sorted as strings, as src/mcc/answer.rs (oracle_keys) maps them;
# StateSpace and the global properties are keyed by their own names.
partial_counts() {
  local xml=$1 oracle=$2 out=$3 details=$4
  : > "$details"
  { [ -f "$xml" ] && grep -o '<id>[^<]*</id>' "$xml" | sed 's/<\/\{0,1\}id>//g' | LC_ALL=C sort |
      awk '{ id = $0; key = id
             if (match(id, /-[0-9]+$/)) {
               stem = substr(id, 1, RSTART - 1)
               if (match(stem, /-[0-9][0-9][0-9][0-9]$/)) stem = substr(stem, 1, RSTART - 1)
               key = sprintf("%s-%02d", stem, NR - 1)
             }
             print "KEY", id, key }'
    grep -E '^(FORMULA|STATE_SPACE) ' "$oracle" 2>/dev/null | awk '{ print "ORACLE", $2, $3 }'
    grep -E '^(FORMULA|STATE_SPACE) ' "$out" | awk '{ print "OURS", $2, $3 }'
  } | awk -v details="$details" '
    $1 == "KEY" { key[$2] = $3; next }
    $1 == "ORACLE" { agreed[$2] = $3; next }
    $1 == "OURS" {
      k = ($2 in key) ? key[$2] : $2
      if (!(k in agreed)) { print "NOT-IN-ORACLE " $2 > details; next }
      if (agreed[k] == "?") { b++; print "BEYOND " $2 " " $3 > details }
      else if (agreed[k] == $3) m++
      else { mm++; print "MISMATCH " $2 " " $3 " agreed " agreed[k] > details }
    }
    END { printf "%d %d %d\n", m, mm, b }'
}

models=()
for dir in "$MCC"/models/*/; do
  model=$(basename "$dir")
  [[ $model =~ $filter ]] && models+=("$model")
done
if [ "$ORDER" = size ]; then
  mapfile -t models < <(for m in "${models[@]}"; do
    echo "$(stat -c %s "$MCC/models/$m/model.pnml") $m"; done | sort -n | cut -d' ' -f2)
fi

for model in "${models[@]}"; do
  dir=$MCC/models/$model
  for ex in "${exams[@]}"; do
    # a model folder without this examination's formula file is not asked it
    case $ex in StateSpace|ReachabilityDeadlock|OneSafe|QuasiLiveness|StableMarking|Liveness) ;;
      *) [ -f "$dir/$ex.xml" ] || continue ;;
    esac
    key="$model,$ex,$TIMEOUT,$CLOCK,"
    grep -qF "$key" "$csv" && ! grep -qF "${key}starved," "$csv" && continue
    # a starved run of an earlier sitting is done again: its line goes
    if grep -qF "${key}starved," "$csv"; then
      grep -vF "${key}starved," "$csv" > "$csv.tmp" && mv "$csv.tmp" "$csv"
    fi
    log=$OUT/runs/$model.$ex
    times=$log.time
    # the guard inside /usr/bin/time: its signal reaches ltsym (prlimit and nice exec it),
    # and the CPU time of a stopped run is still measured
    /usr/bin/time -f "%U %S %e %M" -o "$times" timeout "$guard" \
      "${limit_cpu[@]}" nice -n "$NICE" "$LTSYM" mcc "$dir" --examination "$ex" \
      --engine "$ENGINE" --timeout "$TIMEOUT" "${clock_flag[@]}" --max-memory "$MEMORY" \
      --max-states "$MAX_STATES" --oracle "$MCC/oracle" > "$log.out" 2> "$log.err"
    rc=$?
    read -r user sys wall rss < <(grep -E '^[0-9.]+ [0-9.]+ [0-9.:]+ [0-9]+$' "$times" | tail -1)
    cpu=$(awk -v u="${user:-0}" -v s="${sys:-0}" 'BEGIN { printf "%.2f", u + s }')
    line=$(grep -m1 "^oracle $model $ex:" "$log.err")
    if [ -z "$line" ] && [ "$rc" = 124 ] && [ "$CLOCK" = cpu ] &&
      awk -v c="$cpu" -v t="$TIMEOUT" 'BEGIN { exit !(c < t) }'; then
      echo "${key}starved,,,,,,,$cpu,${wall:-},${rss:-}" >> "$csv"
      echo "$model $ex: starved (stopped by the wall-clock guard after $cpu s of CPU)" >&2
      continue
    fi
    if [ -z "$line" ]; then
      case $ex in
        StateSpace) short=SS ;; ReachabilityDeadlock) short=RD ;; OneSafe) short=OS ;;
        QuasiLiveness) short=QL ;; StableMarking) short=SM ;; Liveness) short=L ;;
        UpperBounds) short=UB ;; ReachabilityCardinality) short=RC ;;
        ReachabilityFireability) short=RF ;; CTLCardinality) short=CTLC ;;
        CTLFireability) short=CTLF ;; LTLCardinality) short=LTLC ;; LTLFireability) short=LTLF ;;
      esac
      oracle=$MCC/oracle/$model-$short.out
      asked=$(grep -cE '^(FORMULA|STATE_SPACE) ' "$oracle" 2>/dev/null)
      case $rc in
        124|137|152)
          # killed past the limits: the answer lines ltsym printed before (it prints each as
          # it is decided) count, against the oracle as ltsym --oracle compares them
          read -r m mm b <<<"$(partial_counts "$dir/$ex.xml" "$oracle" "$log.out" \
            "$log.partial")"
          echo "$model,$ex,$TIMEOUT,$CLOCK,$rc,${asked:-0},$((m + mm + b)),$m,$mm,$b,$((${asked:-0} - m - mm - b)),$cpu,${wall:-},${rss:-}" >> "$csv"
          sed "s/^/$model $ex /" "$log.partial" >> "$OUT/details.txt"
          ;;
        *)
          # failed: none of its results answered
          echo "$model,$ex,$TIMEOUT,$CLOCK,$rc,${asked:-0},,,,,,$cpu,${wall:-},${rss:-}" >> "$csv"
          ;;
      esac
      continue
    fi
    # oracle M EX: a match, b mismatch, c beyond the contest (?), d unanswered
    read -r m mm b u <<<"$(echo "$line" | sed -E 's/.*: ([0-9]+) match, ([0-9]+) mismatch, ([0-9]+) beyond.*, ([0-9]+) unanswered/\1 \2 \3 \4/')"
    echo "$model,$ex,$TIMEOUT,$CLOCK,$rc,$((m + mm + b + u)),$((m + mm + b)),$m,$mm,$b,$u,$cpu,$wall,$rss" >> "$csv"
    grep -E '^(MISMATCH|BEYOND|NOT-IN-ORACLE)' "$log.err" | sed "s/^/$model $ex /" >> "$OUT/details.txt"
  done
done
echo "outputs in $OUT; limits: $TIMEOUT s $CLOCK time, $MEMORY memory per examination"
printf "%-24s %6s %8s %7s %10s %6s %10s %6s %7s %6s %9s %9s\n" examination asked answered \
  matches mismatches beyond unanswered killed starved failed cpu_s wall_s
awk -F, -v t="$TIMEOUT" -v c="$CLOCK" '
  NR > 1 && $3 == t && $4 == c {
    ex = $2; seen[ex] = 1; cpu[ex] += $12; wall[ex] += $13
    if ($5 == "starved") { st[ex]++; next }
    a[ex] += $6
    killed = ($5 == 124 || $5 == 137 || $5 == 152)
    if (killed) k[ex]++
    if ($7 == "") { u[ex] += $6; if (!killed) f[ex]++; next }
    n[ex] += $7; m[ex] += $8; mm[ex] += $9; b[ex] += $10; u[ex] += $11
  }
  END {
    for (ex in seen) {
      printf "%-24s %6d %8d %7d %10d %6d %10d %6d %7d %6d %9.1f %9.1f\n", ex, a[ex], n[ex], m[ex], mm[ex], b[ex], u[ex], k[ex], st[ex], f[ex], cpu[ex], wall[ex]
      A += a[ex]; N += n[ex]; M += m[ex]; MM += mm[ex]; B += b[ex]; U += u[ex]; K += k[ex]; S += st[ex]; F += f[ex]; C += cpu[ex]; W += wall[ex]
    }
    printf "%-24s %6d %8d %7d %10d %6d %10d %6d %7d %6d %9.1f %9.1f\n", "~TOTAL", A, N, M, MM, B, U, K, S, F, C, W
  }' "$csv" | sort | sed 's/^~/ /'
[ -f "$OUT/details.txt" ] && grep -E "MISMATCH|BEYOND" "$OUT/details.txt"
killed=$(awk -F, -v t="$TIMEOUT" -v c="$CLOCK" 'NR > 1 && $3 == t && $4 == c && ($5 == 124 || $5 == 137 || $5 == 152)' "$csv")
[ -n "$killed" ] && { echo "runs killed past the limits:"; echo "$killed"; }
starved=$(awk -F, -v t="$TIMEOUT" -v c="$CLOCK" 'NR > 1 && $3 == t && $4 == c && $5 == "starved"' "$csv")
[ -n "$starved" ] && { echo "runs starved of CPU (a resumed run does them again):"; echo "$starved"; }
failed=$(awk -F, -v t="$TIMEOUT" -v c="$CLOCK" 'NR > 1 && $3 == t && $4 == c && $7 == "" && $5 != "starved" && !($5 == 124 || $5 == 137 || $5 == 152)' "$csv")
[ -n "$failed" ] && { echo "failed runs (no oracle line):"; echo "$failed"; }
if grep -q MISMATCH "$OUT/details.txt" 2>/dev/null || [ -n "$failed" ]; then
  exit 1
fi
exit 0
