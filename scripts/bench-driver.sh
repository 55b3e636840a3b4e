#!/usr/bin/env bash
# The driver's own ceiling: a load phase and a request phase of the real CLI against the no-op store
# (which keeps nothing and answers at once), each in its own JVM under /usr/bin/time, so that the
# client CPU per op (user + sys seconds / ops) belongs to one phase. Prints links/s, ops/s and
# CPU/op, and keeps the runs' output and result directories in target/bench-results.
#
#   scripts/bench-driver.sh                     # defaults below
#   MAXTIME=60 scripts/bench-driver.sh -D warmup_time=5
#
# Environment: MAXID1 (1000001: the graph requests are aimed at), LOAD_MAXID1 (10000001: the graph
# loaded, about 31 million links, so the load runs long enough to reach a steady state), LOADERS (2),
# REQUESTERS (2), REQUESTS (400000000: more than the driver can do in MAXTIME, so the request phase
# always runs MAXTIME seconds), MAXTIME (20 s). Extra arguments go to both runs.
# Builds ./linkbench.jar when it is missing (REBUILD=1 to rebuild it anyway).
set -euo pipefail
cd "$(dirname "$0")/.."

MAXID1=${MAXID1:-1000001}
LOAD_MAXID1=${LOAD_MAXID1:-10000001}
LOADERS=${LOADERS:-2}
REQUESTERS=${REQUESTERS:-2}
REQUESTS=${REQUESTS:-400000000}
MAXTIME=${MAXTIME:-20}
OUT=target/bench-results

as_root() {
    if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

need_package() { # command, package
    if ! command -v "$1" >/dev/null 2>&1; then
        echo "installing $2 ..." >&2
        as_root apt-get install -y -q "$2" >/dev/null || { as_root apt-get update -q >/dev/null && as_root apt-get install -y -q "$2" >/dev/null; }
    fi
}
need_package /usr/bin/time time
need_package jq jq

if [[ ! -f linkbench.jar || "${REBUILD:-0}" == 1 ]]; then
    echo "building linkbench.jar ..." >&2
    mvn -B -q package -DskipTests
fi
mkdir -p "$OUT"

# run NAME ARGS...: runs the CLI under /usr/bin/time; sets RESULT (result.json) and CPU (user+sys s)
run() {
    local name=$1
    shift
    local log="$OUT/$name.log" times="$OUT/$name.time"
    echo "load average before $name: $(cut -d' ' -f1-3 /proc/loadavg)" | tee "$log"
    /usr/bin/time -f '%U %S %e' -o "$times" java -jar linkbench.jar -D store=noop "$@" --results "$OUT" 2>&1 | tee -a "$log"
    echo "load average after $name: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$log"
    local dir
    dir=$(sed -n 's/^results: //p' "$log" | tail -1)
    RESULT="$dir/result.json"
    [[ -f "$RESULT" ]] || { echo "no result.json from the $name run (see $log)" >&2; exit 1; }
    CPU=$(awk '{printf "%.2f", $1 + $2}' "$times")
    WALL=$(awk '{print $3}' "$times")
}

run load -D maxid1="$LOAD_MAXID1" -D loaders="$LOADERS" -l "$@"
LOAD_RESULT=$RESULT LOAD_CPU=$CPU LOAD_WALL=$WALL
run request -D maxid1="$MAXID1" -D requesters="$REQUESTERS" -D requests="$REQUESTS" -D maxtime="$MAXTIME" -r "$@"
REQ_RESULT=$RESULT REQ_CPU=$CPU REQ_WALL=$WALL

links=$(jq '[.phases[] | select(.phase == "load") | .ops[] | select(.name == "LOAD_LINKS") | .rows] | add' "$LOAD_RESULT")
rows=$(jq '[.phases[] | select(.phase == "load") | .ops[].rows] | add' "$LOAD_RESULT")
load_s=$(jq '.phases[] | select(.phase == "load") | .seconds' "$LOAD_RESULT")
ops=$(jq '[.phases[] | select(.phase == "request") | .ops[].count] | add' "$REQ_RESULT")
errors=$(jq '[.phases[] | select(.phase == "request") | .ops[].errors] | add' "$REQ_RESULT")
req_s=$(jq '.phases[] | select(.phase == "request") | .seconds' "$REQ_RESULT")
# the CLI's own probe: client CPU over the measured window only (no JVM start), when it reports it
load_probe=$(jq -r '[.phases[] | select(.phase == "load") | .cost.figures["client_cpu_us/op"] // empty] | first // "n/a"' "$LOAD_RESULT")
req_probe=$(jq -r '[.phases[] | select(.phase == "request") | .cost.figures["client_cpu_us/op"] // empty] | first // "n/a"' "$REQ_RESULT")

echo
echo "== driver ceiling against store=noop on $(nproc) CPUs, $(date -u '+%Y-%m-%d %H:%M UTC') =="
awk -v l="$links" -v r="$rows" -v s="$load_s" -v c="$LOAD_CPU" -v w="$LOAD_WALL" -v n="$LOAD_MAXID1" -v t="$LOADERS" 'BEGIN {
    printf "load    (maxid1=%d, loaders=%d): %d links in %.2f s = %.0f links/s (%.0f rows/s with nodes and counts)\n", n, t, l, s, l / s, r / s
    printf "        client CPU %.2f s user+sys over %.2f s wall = %.3f us/link, %.3f us/row (JVM start and JIT included)\n", c, w, c * 1e6 / l, c * 1e6 / r
}'
echo "        the CLI's probe, measured window only: client_cpu_us/op (per row) $load_probe"
awk -v o="$ops" -v e="$errors" -v s="$req_s" -v c="$REQ_CPU" -v w="$REQ_WALL" -v n="$MAXID1" -v t="$REQUESTERS" 'BEGIN {
    printf "request (maxid1=%d, requesters=%d): %d ops (%d errors) in %.2f s = %.0f ops/s\n", n, t, o, e, s, o / s
    printf "        client CPU %.2f s user+sys over %.2f s wall = %.3f us/op (JVM start and JIT included)\n", c, w, c * 1e6 / o
}'
echo "        the CLI's probe, measured window only: client_cpu_us/op $req_probe"
echo "logs and results: $OUT"
