#!/usr/bin/env bash
# The fault tests on a busy machine: runs only the fault-injection test classes (Citus, PostgreSQL, MySQL
# stall, restart and kill tests, Galera, Spider, DocumentDB) ROUNDS times in a row with two busy-loop CPU hogs
# beside them, and stops at the first failure. Before the first round it starts the servers
# (scripts/test.sh --servers-only); after each round every server must answer again (each script's
# status): a fault test that leaves a server down fails its round. One line per round: its result, wall
# time and load average; the Maven output goes to target/test-faults-with-hogs-N.log.
#
#   scripts/test-faults-with-hogs.sh [ROUNDS] [-- extra arguments for mvn]     (default 5)
set -uo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-5}"
shift || true
[[ ${1:-} == -- ]] && shift
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "test-faults-with-hogs: ROUNDS must be a positive number, not '$rounds'" >&2; exit 2; }
tests=CitusFaultTest,CitusWorkerFaultTest,PgFaultTest,PgStallTest
tests+=,MySqlFaultTest,MySqlStallTest,MySqlKilledLoadTest,MySqlGaleraTest,SpiderFaultTest
tests+=,MongoRealServerFaultTest,MongoKilledLoadTest

bash scripts/test.sh --servers-only || exit
if bash scripts/start-documentdb.sh status >/dev/null 2>&1; then
    LINKBENCH_MONGO_URL="$(bash scripts/start-documentdb.sh url)"
    export LINKBENCH_MONGO_URL LINKBENCH_DOCUMENTDB_CONTROL="$PWD/scripts/start-documentdb.sh"
fi
# every server the fault tests fault answers (a script that finds no sources, exit 3, has no server to check)
servers_up() {
    local s rc bad=""
    for s in mariadb galera spider postgres citus documentdb; do
        rc=0; bash "scripts/start-$s.sh" status >/dev/null 2>&1 || rc=$?
        [[ $rc == 0 || $rc == 3 ]] || bad+=" $s"
    done
    [[ -z "$bad" ]] || { echo "servers down after the round:$bad"; return 1; }
}
servers_up >/dev/null || { echo "test-faults-with-hogs: $(servers_up) before the first round" >&2; exit 1; }

hogs=()
trap 'kill "${hogs[@]}" 2>/dev/null' EXIT
for _ in 1 2; do (while :; do :; done) & hogs+=($!); done
mkdir -p target
for r in $(seq "$rounds"); do
    start=$(date +%s)
    log="target/test-faults-with-hogs-$r.log"
    mvn -B -pl store-postgres,store-mysql,store-mongo -am verify -Dtest="$tests" \
        -Dsurefire.failIfNoSpecifiedTests=false "$@" >"$log" 2>&1
    status=$?
    down=""
    if [[ $status == 0 ]] && ! down="$(servers_up)"; then status=1; fi
    # the modules' summaries (the classes' lines add "Time elapsed")
    ran="$(grep 'Tests run: ' "$log" | grep -v 'Time elapsed' | sed 's/.*Tests run: //' \
        | awk -F'[:,] *' '{t+=$1; f+=$3+$5; s+=$7} END {printf "%d tests, %d failed, %d skipped", t, f, s}')"
    printf 'round %d of %d: %s in %d s (%s), load average %s (log: %s)\n' "$r" "$rounds" \
        "$([[ $status == 0 ]] && echo passed || echo "FAILED${down:+ ($down)} (exit $status)")" $(( $(date +%s) - start )) \
        "$ran" "$(cut -d' ' -f1-3 /proc/loadavg)" "$log"
    [[ $status == 0 ]] || exit "$status"
done
