#!/usr/bin/env bash
# The project's test command: starts a local MariaDB with MyRocks (installing it when missing) for the
# MySQL store's tests, a 3-node MariaDB Galera cluster for its Galera tests (~30 s) and a local
# PostgreSQL cluster (scripts/start-postgres.sh) for the postgres store's, installs Debian's Chromium
# when missing (the HTML report is checked in a headless browser), then builds everything and runs
# every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/start-mariadb.sh
bash scripts/start-galera.sh
bash scripts/start-postgres.sh >/dev/null
bash scripts/install-chromium.sh
mvn -B verify "$@"
