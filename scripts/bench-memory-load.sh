#!/usr/bin/env bash
# The memory store's load of the original's graph (nlinks_tail = original, the 2017 data file): its
# top id holds 4,181,357 links whatever maxid1 is, so one (id1, type) group gets about 2.1 million, and
# a load that is not linear in a group's rows shows here. Runs the real CLI's load phase per jar and
# maxid1, the jars alternated (old-new, then new-old in the next round), each stopped by SIGINT after
# CAP seconds, and prints per run: link rows loaded, seconds, links/s and how it ended.
#
#   scripts/bench-memory-load.sh                                    # ./linkbench.jar
#   scripts/bench-memory-load.sh /tmp/old/linkbench.jar linkbench.jar
#
# Environment: DATA (../shared/linkbench-data/Distribution.dat: the original's measured file, which the
# project does not ship), MAXIDS ("2001 200001"), CAP (900 s per run), ROUNDS (1), XMX (8g), LOADERS (2).
# Logs go to target/bench-results/memory-load. ./linkbench.jar must exist: `mvn -B -q package -DskipTests`.
set -euo pipefail
cd "$(dirname "$0")/.."

DATA=${DATA:-../shared/linkbench-data/Distribution.dat}
MAXIDS=${MAXIDS:-"2001 200001"}
CAP=${CAP:-900}
ROUNDS=${ROUNDS:-1}
XMX=${XMX:-8g}
LOADERS=${LOADERS:-2}
OUT=target/bench-results/memory-load
jars=("$@")
[[ ${#jars[@]} -gt 0 ]] || jars=(linkbench.jar)
for jar in "${jars[@]}"; do
    [[ -f $jar ]] || { echo "no $jar: build it with: mvn -B -q package -DskipTests" >&2; exit 1; }
done
[[ -f $DATA ]] || { echo "no $DATA: set DATA to the original's Distribution.dat (2017 data)" >&2; exit 1; }
mkdir -p "$OUT"

echo "== memory store load, nlinks_tail = original ($DATA), -Xmx$XMX, loaders=$LOADERS, SIGINT after $CAP s;" \
    "$(nproc) CPUs, $(date -u '+%Y-%m-%d %H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-36s %8s %12s %12s %9s %11s  %s\n' jar maxid1 links_graph links_loaded seconds links/s ended

# run JAR MAXID1 N: one load phase, stopped by SIGINT after CAP seconds unless it ends first
run() {
    local jar=$1 maxid1=$2 log="$OUT/run-$3.log" pid rc=0 ended="finished"
    env --default-signal=INT java -Xmx"$XMX" -jar "$jar" -D store=memory -D maxid1="$maxid1" -D loaders="$LOADERS" \
        -D nlinks_file="$DATA" -D nlinks_tail=original -D link_id2_rule=offset -D progressfreq=30 -l \
        --results "$OUT" >"$log" 2>&1 &
    pid=$!
    local t0=$SECONDS
    while kill -0 "$pid" 2>/dev/null && (( SECONDS - t0 < CAP )); do
        sleep 1
    done
    if kill -0 "$pid" 2>/dev/null; then
        kill -INT "$pid" 2>/dev/null || true
        ended="stopped after $CAP s"
    fi
    wait "$pid" 2>/dev/null || rc=$?
    local graph loaded seconds rate
    graph=$(sed -n 's/^load phase: .*, about \([0-9,]*\) links,.*/\1/p' "$log" | head -1)
    loaded=$(sed -n 's/^loaded [0-9,]* nodes, \([0-9,]*\) links, .* in \([0-9.]*\) s: .*/\1 \2/p' "$log" | tail -1)
    seconds=${loaded#* }
    loaded=${loaded% *}
    rate=$(awk -v n="${loaded//,/}" -v s="$seconds" 'BEGIN {if (s > 0) printf "%.0f", n / s; else print "-"}')
    printf '%-36s %8s %12s %12s %9s %11s  %s\n' "$jar" "$maxid1" "${graph:--}" "${loaded:--}" "${seconds:--}" \
        "$rate" "$ended (rc $rc)"
}

n=0
for round in $(seq "$ROUNDS"); do
    for maxid1 in $MAXIDS; do
        order=("${jars[@]}")
        if (( round % 2 == 0 )); then # the other order in even rounds: the machine's drift is not charged to one jar
            order=()
            for (( i=${#jars[@]}-1; i>=0; i-- )); do order+=("${jars[i]}"); done
        fi
        for jar in "${order[@]}"; do
            n=$((n + 1))
            run "$jar" "$maxid1" "$n"
        done
    done
done
echo "== done; load average $(cut -d' ' -f1-3 /proc/loadavg); logs in $OUT"
