#!/usr/bin/env bash
# The project's test command: starts a local MariaDB with MyRocks (installing it when missing) for the
# MySQL store's tests, a 3-node MariaDB Galera cluster for its Galera tests (~30 s) and a local
# PostgreSQL cluster (scripts/start-postgres.sh) for the postgres store's, DocumentDB
# (scripts/start-documentdb.sh) for the Mongo store's real-server tests, installs Debian's Chromium
# when missing (the HTML report is checked in a headless browser), then builds everything and runs
# every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/start-mariadb.sh
bash scripts/start-galera.sh
bash scripts/start-postgres.sh >/dev/null
bash scripts/install-chromium.sh
# DocumentDB for the Mongo store's real-server tests: built once into /var/tmp (8-10 minutes the first
# time on 2 cores) when its sources are beside the checkout; else one line says those tests are skipped
if bash scripts/start-documentdb.sh start >/dev/null; then
    LINKBENCH_MONGO_URL="$(bash scripts/start-documentdb.sh url)"
    export LINKBENCH_MONGO_URL LINKBENCH_DOCUMENTDB_CONTROL="$PWD/scripts/start-documentdb.sh"
else
    rc=$?; [ "$rc" -eq 3 ] || exit "$rc"
fi
bash scripts/start-citus.sh start >/dev/null || [ $? -eq 3 ]   # a Citus cluster (built from ../shared/citus, 3-5 min once), or one line saying its tests are skipped
mvn -B verify "$@"
