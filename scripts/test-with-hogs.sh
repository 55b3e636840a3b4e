#!/usr/bin/env bash
# The busy-machine check: runs the project's test command (scripts/test.sh) ROUNDS times in a row with
# two busy-loop CPU hogs beside it (on two cores the tests then get about a third of the CPU), and
# stops at the first failure. Prints one line per round: its result, wall time and load average.
#
#   scripts/test-with-hogs.sh [ROUNDS] [-- extra arguments for scripts/test.sh]     (default 3)
set -uo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-3}"
shift || true
[[ ${1:-} == -- ]] && shift
hogs=()
trap 'kill "${hogs[@]}" 2>/dev/null' EXIT
for _ in 1 2; do (while :; do :; done) & hogs+=($!); done
mkdir -p target
for r in $(seq "$rounds"); do
    start=$(date +%s)
    bash scripts/test.sh "$@" > "target/test-with-hogs-$r.log" 2>&1
    status=$?
    printf 'round %d of %d: %s in %d s, load average %s (log: target/test-with-hogs-%d.log)\n' "$r" "$rounds" \
        "$([[ $status == 0 ]] && echo passed || echo "FAILED (exit $status)")" $(( $(date +%s) - start )) \
        "$(cut -d' ' -f1-3 /proc/loadavg)" "$r"
    [[ $status == 0 ]] || exit "$status"
done
