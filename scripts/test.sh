#!/usr/bin/env bash
# The project's test command: starts a local MariaDB with MyRocks (installing it when missing) for the
# MySQL store's tests, a 3-node MariaDB Galera cluster for its Galera tests (~30 s), a Spider head with
# 2 backends (scripts/start-spider.sh, ~15 s) for its sharded tests, and a local
# PostgreSQL cluster (scripts/start-postgres.sh) for the postgres store's, installs Debian's Chromium
# when missing (the HTML report is checked in a headless browser), then builds everything and runs
# every test, while a Citus cluster (scripts/start-citus.sh), DocumentDB (scripts/start-documentdb.sh,
# for the Mongo store's real-server tests) and a sharded DocumentDB (scripts/start-documentdb-cluster.sh,
# which reuses both builds) are built and started in the background. It works on a fresh machine: the package lists are updated once, and packages come from
# the lists' current set (scripts/lib/packages.sh). One line says how long each server took.
#
#   scripts/test.sh [MAVEN ARGUMENTS...]    start the servers, then mvn -B verify with the arguments
#   scripts/test.sh --servers-only          start the servers and stop there
set -euo pipefail
cd "$(dirname "$0")/.."
servers_only=""
if [ "${1:-}" = --servers-only ]; then servers_only=1; shift; fi

times=()
timed() { # name, command...: run it and note how long it took
    local name="$1" t0=$SECONDS rc=0; shift
    "$@" || rc=$?
    times+=("$name $((SECONDS - t0)) s")
    return $rc
}
t_all=$SECONDS
timed mariadb bash scripts/start-mariadb.sh
timed galera bash scripts/start-galera.sh
timed spider bash scripts/start-spider.sh >/dev/null
timed postgres bash scripts/start-postgres.sh >/dev/null
timed chromium bash scripts/install-chromium.sh
# The servers built from source -- a Citus cluster (from ../shared/citus, 2-5 minutes), DocumentDB (from
# ../shared/documentdb, 5-10 minutes on 2 cores) and the sharded DocumentDB (both builds and its own
# extension, seconds) -- start in the background, one after the other, while Maven builds and tests the
# modules that need neither; the suites that do wait for them (io.linkbench.tck.harness.PendingServer reads
# NAME.rc in LINKBENCH_SERVERS_PENDING: the start script's exit code; 3 = no sources, those tests are skipped
# saying so). --servers-only starts them in the foreground.
pending="$PWD/target/servers-pending"
background="citus documentdb documentdb-cluster"   # scripts/start-NAME.sh, in this order
rm -rf "$pending"; mkdir -p "$pending"
background_starts() { # each source-built server in turn; NAME.rc appears (atomically) when its start ended
    local name t0 rc
    for name in $background; do
        t0=$SECONDS rc=0
        bash "scripts/start-$name.sh" start >"$pending/$name.log" 2>&1 || rc=$?
        echo "$name $((SECONDS - t0)) s" >"$pending/$name.took"
        echo "$rc" >"$pending/$name.rc.new" && mv "$pending/$name.rc.new" "$pending/$name.rc"
    done
}
export LINKBENCH_DOCUMENTDB_CONTROL="$PWD/scripts/start-documentdb.sh"
export LINKBENCH_DOCUMENTDB_CLUSTER_CONTROL="$PWD/scripts/start-documentdb-cluster.sh"
bg=""
if [ -z "$servers_only" ]; then
    export -f background_starts; export pending background
    setsid bash -c background_starts &   # a process group of its own, ended with the script (trap below)
    bg=$!
    trap '[ -z "$bg" ] || kill -- "-$bg" 2>/dev/null || true' EXIT
    export LINKBENCH_SERVERS_PENDING="$pending"
else
    background_starts
fi
if [ -n "$bg" ]; then
    later="Citus, DocumentDB and the sharded DocumentDB start in the background (their output: $pending)"
else
    later="$(cat "$pending"/*.took | paste -sd, -)"
    for name in $background; do
        rc="$(cat "$pending/$name.rc")"
        [ "$rc" -eq 0 ] || [ "$rc" -eq 3 ] || { tail -20 "$pending/$name.log" >&2; exit "$rc"; }
    done
fi
(IFS=,; echo "test.sh: servers ready in $((SECONDS - t_all)) s (${times[*]}); $later") | sed 's/,/, /g' >&2
[ -z "$servers_only" ] || exit 0
rc=0
mvn -B verify "$@" || rc=$?
# the background starts have ended when the suites that need them ran; wait for them anyway, and fail on a
# start that failed (its tests were skipped)
wait "$bg" || true
bg=""
for name in $background; do
    code="$(cat "$pending/$name.rc" 2>/dev/null || echo "none")"
    echo "test.sh: $(cat "$pending/$name.took" 2>/dev/null || echo "$name: no time") in the background, exit $code" >&2
    if [ "$code" != 0 ] && [ "$code" != 3 ]; then
        echo "test.sh: the start of $name failed (exit $code): its tests were skipped; its output:" >&2
        tail -20 "$pending/$name.log" >&2
        [ "$rc" -ne 0 ] || rc=1
    elif [ "$code" = 3 ]; then
        tail -1 "$pending/$name.log" >&2
    fi
done
exit "$rc"
