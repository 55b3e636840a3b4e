#!/usr/bin/env bash
# Restarts the local MariaDB started by scripts/start-mariadb.sh: shuts it down, waits until mariadbd
# has exited, stays down for DOWN_SECONDS (first argument, default 0), then starts it again.
# Used by store-mysql's restart test. Refuses (exit 3) to touch a server this project did not start,
# unless LINKBENCH_MYSQL_ALLOW_RESTART=true. Only the server started as `mariadbd --user=mysql ...` counts:
# the nodes of scripts/start-galera.sh (`mariadbd --defaults-file=...`) may run beside it.
set -euo pipefail

down="${1:-0}"
marker=/run/mysqld/linkbench-started
here="$(cd "$(dirname "$0")" && pwd)"

fail() { echo "restart-mariadb: $*" >&2; exit "${2:-1}"; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi; }

if [ ! -e "$marker" ] && [ "${LINKBENCH_MYSQL_ALLOW_RESTART:-}" != "true" ]; then
    fail "the running MariaDB was not started by scripts/start-mariadb.sh; set LINKBENCH_MYSQL_ALLOW_RESTART=true to restart it anyway" 3
fi

# shellcheck source-path=SCRIPTDIR source=lib/packages.sh
LB_NAME="restart-mariadb"
. "$here/lib/packages.sh"
# Only a server in this PID namespace: another mariadbd --user=mysql that this host sees (one in a
# fresh-machine check's root) is neither waited for nor mistaken for ours.
running() { [ -n "$(lb_own_pids 'mariadbd --user=mysql( .*)?')" ]; }
as_root mariadb-admin --protocol=socket shutdown >/dev/null 2>&1 || true
deadline=$((SECONDS + 60))
while running && [ "$SECONDS" -lt "$deadline" ]; do
    sleep 0.25
done
running && fail "mariadbd did not stop within 60 s"
sleep "$down"
exec bash "$here/start-mariadb.sh"
