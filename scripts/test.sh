#!/usr/bin/env bash
# The project's test command: starts a local MariaDB with MyRocks (installing it when missing) for the
# MySQL store's tests, a 3-node MariaDB Galera cluster for its Galera tests (~30 s), a Spider head with
# 2 backends (scripts/start-spider.sh, ~15 s) for its sharded tests, and a local
# PostgreSQL cluster (scripts/start-postgres.sh) for the postgres store's, DocumentDB
# (scripts/start-documentdb.sh) for the Mongo store's real-server tests, installs Debian's Chromium
# when missing (the HTML report is checked in a headless browser), then builds everything and runs
# every test. It works on a fresh machine: the package lists are updated once, and packages come from
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
# DocumentDB for the Mongo store's real-server tests: built once into /var/tmp (8-10 minutes the first
# time on 2 cores) when its sources are beside the checkout; else one line says those tests are skipped
rc=0
timed documentdb bash scripts/start-documentdb.sh start >/dev/null || rc=$?
if [ "$rc" -eq 0 ]; then
    LINKBENCH_MONGO_URL="$(bash scripts/start-documentdb.sh url)"
    export LINKBENCH_MONGO_URL LINKBENCH_DOCUMENTDB_CONTROL="$PWD/scripts/start-documentdb.sh"
elif [ "$rc" -ne 3 ]; then
    exit "$rc"
fi
# a Citus cluster (built once from ../shared/citus, 3-5 minutes), or one line saying its tests are skipped
rc=0
timed citus bash scripts/start-citus.sh start >/dev/null || rc=$?
[ "$rc" -eq 0 ] || [ "$rc" -eq 3 ] || exit "$rc"
(IFS=,; echo "test.sh: servers ready in $((SECONDS - t_all)) s (${times[*]})") | sed 's/,/, /g' >&2
[ -z "$servers_only" ] || exit 0
mvn -B verify "$@"
