#!/usr/bin/env bash
# Runs a client fleet of N local processes: client i gets client_count=N, client_index=i and one
# start_at a few seconds ahead (FLEET_START_DELAY, default 5 s), writes its run under OUT/client-i,
# and once all ended (N > 1) `merge --shared-server` combines them into OUT/merged.
#   scripts/fleet.sh N ARGS...      e.g. scripts/fleet.sh 3 -c config/innodb.properties -D maxid1=100001 -l
# Environment: FLEET_OUT (default results/fleet-<UTC time>), LINKBENCH (the command, default
# "java -jar ./linkbench.jar"), FLEET_START_DELAY, or FLEET_START_AT (an ISO-8601 instant) itself. Exit status: 1 when any client or the merge failed.
set -euo pipefail
if [[ $# -lt 1 || ! "$1" =~ ^[1-9][0-9]*$ ]]; then
    echo "usage: scripts/fleet.sh N ARGS... (N: the number of client processes, 1 or more)" >&2
    exit 2
fi
n=$1
shift
out=${FLEET_OUT:-results/fleet-$(date -u +%Y%m%d-%H%M%S)}
read -r -a linkbench <<< "${LINKBENCH:-java -jar ./linkbench.jar}"
start_at=${FLEET_START_AT:-$(date -u -d "+${FLEET_START_DELAY:-5} seconds" +%Y-%m-%dT%H:%M:%SZ)}
mkdir -p "$out"
echo "fleet: $n clients, start_at $start_at, results in $out"
pids=()
for ((i = 0; i < n; i++)); do
    "${linkbench[@]}" "$@" -D "client_count=$n" -D "client_index=$i" -D "start_at=$start_at" \
        --results "$out/client-$i" > "$out/client-$i.log" 2>&1 &
    pids+=($!)
done
status=0
for ((i = 0; i < n; i++)); do
    if ! wait "${pids[$i]}"; then
        echo "fleet: client $i failed; see $out/client-$i.log" >&2
        status=1
    fi
done
if [[ $status -eq 0 && $n -gt 1 ]]; then
    runs=()
    for ((i = 0; i < n; i++)); do
        runs+=("$(find "$out/client-$i" -mindepth 1 -maxdepth 1 -type d | head -1)")
    done
    "${linkbench[@]}" merge --shared-server --out "$out/merged" "${runs[@]}" || status=1
fi
exit $status
