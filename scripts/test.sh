#!/usr/bin/env bash
# The project's test command: starts a local MariaDB with MyRocks (installing it when missing) for the
# MySQL store's tests, then builds everything and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/start-mariadb.sh
mvn -B verify "$@"
