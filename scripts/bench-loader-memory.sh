#!/usr/bin/env bash
# The loader's memory at any maxid1: load phases of the real CLI against the no-op store in a small
# heap (-Xmx256m), at maxid1 = 10^9 and 10^18, each stopped by SIGINT after CAP seconds (a full load of
# 10^9 ids is about 6.5 billion rows: most of an hour even at noop speed; nothing caps a load by time).
# Samples the JVM's peak RSS (VmHWM in /proc/PID/status) and prints per run: rows/s, peak RSS, heap
# max, the time from SIGINT to the process's exit, and how the run ended (interrupted, finished, out
# of memory, killed when still alive 60 s after SIGINT).
#
#   scripts/bench-loader-memory.sh                         # ./linkbench.jar
#   scripts/bench-loader-memory.sh /tmp/old/linkbench.jar linkbench.jar   # alternates the jars per maxid1
#
# Environment: CAP (60 s per run), MAXIDS ("1000000000 1000000000000000000"), ROUNDS (1), XMX (256m),
# LOADERS (2). Logs and result directories go to target/bench-results/loader-memory.
# ./linkbench.jar must exist: build it with `mvn -B -q package -DskipTests` (this script builds nothing).
set -euo pipefail
cd "$(dirname "$0")/.."

CAP=${CAP:-60}
MAXIDS=${MAXIDS:-"1000000000 1000000000000000000"}
ROUNDS=${ROUNDS:-1}
XMX=${XMX:-256m}
LOADERS=${LOADERS:-2}
OUT=target/bench-results/loader-memory
jars=("$@")
[[ ${#jars[@]} -gt 0 ]] || jars=(linkbench.jar)
for jar in "${jars[@]}"; do
    [[ -f $jar ]] || { echo "no $jar: build it with: mvn -B -q package -DskipTests" >&2; exit 1; }
done
mkdir -p "$OUT"

heap_max=$(java -Xmx"$XMX" -XX:+PrintFlagsFinal -version 2>/dev/null | awk '$2 == "MaxHeapSize" {printf "%.0f MiB", $4 / 1048576}')
echo "== loader memory: store=noop, -Xmx$XMX (MaxHeapSize $heap_max), loaders=$LOADERS, SIGINT after $CAP s;" \
    "$(nproc) CPUs, $(date -u '+%Y-%m-%d %H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-40s %-20s %8s %14s %12s %13s %10s  %s\n' jar maxid1 ran_s rows rows/s peak_rss_MiB stop_s ended

# run JAR MAXID1 N: one load, stopped by SIGINT after CAP seconds unless it ends first
run() {
    local jar=$1 maxid1=$2 log="$OUT/run-$3.log"
    local t0 pid hwm=0 now t_int stop="-" ended
    t0=$(date +%s.%N)
    # a background job of a script inherits an ignored SIGINT, which the JVM then keeps ignoring
    env --default-signal=INT java -Xmx"$XMX" -jar "$jar" -D store=noop -D maxid1="$maxid1" -D loaders="$LOADERS" -l --results "$OUT" \
        >"$log" 2>&1 &
    pid=$!
    sample() { # the peak RSS so far, in kB
        local v
        v=$(awk '/^VmHWM:/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
        [[ -n $v && $v -gt $hwm ]] && hwm=$v
        return 0
    }
    while kill -0 "$pid" 2>/dev/null; do
        sample
        now=$(date +%s.%N)
        awk -v a="$t0" -v b="$now" -v c="$CAP" 'BEGIN {exit !(b - a >= c)}' && break
        sleep 0.2
    done
    if kill -0 "$pid" 2>/dev/null; then
        t_int=$(date +%s.%N)
        kill -INT "$pid" 2>/dev/null || true
        while kill -0 "$pid" 2>/dev/null; do
            sample
            now=$(date +%s.%N)
            if awk -v a="$t_int" -v b="$now" 'BEGIN {exit !(b - a >= 60)}'; then
                kill -KILL "$pid"
                break
            fi
            sleep 0.01
        done
        stop=$(awk -v a="$t_int" -v b="$(date +%s.%N)" 'BEGIN {printf "%.2f", b - a}')
    fi
    local rc=0
    wait "$pid" 2>/dev/null || rc=$?
    ran=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}')
    if grep -q OutOfMemoryError "$log"; then
        ended="out of memory (rc $rc)"
    elif [[ $rc -eq 137 ]]; then
        ended="killed: alive 60 s after SIGINT"
    elif [[ $stop == "-" ]]; then
        ended="finished (rc $rc)"
    else
        ended="interrupted (rc $rc)"
    fi
    # "loaded N nodes, N links, N counts in S s: ... R rows/s in total"
    local rows rate
    rows=$(sed -n 's/^loaded \([0-9,]*\) nodes, \([0-9,]*\) links, \([0-9,]*\) counts.*/\1 \2 \3/p' "$log" | tr -d , |
        awk '{print $1 + $2 + $3}')
    rate=$(sed -n 's/.* \([0-9,]*\) rows\/s in total$/\1/p' "$log" | tr -d ,)
    printf '%-40s %-20s %8s %14s %12s %13.0f %10s  %s\n' "$jar" "$maxid1" "$ran" "${rows:--}" "${rate:--}" \
        "$(awk -v k="$hwm" 'BEGIN {print k / 1024}')" "$stop" "$ended"
}

n=0
for round in $(seq "$ROUNDS"); do
    for maxid1 in $MAXIDS; do
        for jar in "${jars[@]}"; do
            n=$((n + 1))
            run "$jar" "$maxid1" "$n"
        done
    done
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg); logs: $OUT/run-*.log"
