#!/usr/bin/env bash
# Installs (Debian package postgresql) and starts a PostgreSQL cluster of linkbench's own for the
# postgres store, unless it runs already. Idempotent; quiet on success but for how to connect; exits
# non-zero with a one-line message on failure. A cluster of this script's that runs on binaries a
# package upgrade replaced is restarted by the next start (or by the upgrade, scripts/lib/packages.sh).
#
# The cluster lives in LINKBENCH_PG_DIR (default /var/tmp/linkbench-postgres: data/, socket/, log),
# listens on 127.0.0.1:LINKBENCH_PG_PORT (default 5433) and on a Unix socket in socket/, and runs as
# the OS user postgres when this script runs as root (else as the calling user). It has the role
# LINKBENCH_PG_USER (default linkbench) with the password LINKBENCH_PASSWORD (default linkbench), the
# right to create databases, and the database linkbench.
#
# "restart" as the first argument restarts a running cluster (the store's restart test uses it);
# "stop" stops it; "status" exits 0, saying so, when the cluster runs and answers, else 1. Fault helpers for the store's tests: "kill" sends SIGKILL to every process of the
# cluster (working directory its data directory, or its shared memory attached), again until none is
# left (a crash); "pause" SIGSTOP and "resume" SIGCONT to every process of it. "start" after a kill
# ends what the killed server left running (saying so), then starts it (crash recovery).
#
# Environment: LINKBENCH_PG_DIR, LINKBENCH_PG_PORT, LINKBENCH_PG_USER, LINKBENCH_PASSWORD,
# LINKBENCH_PG_ARGS (extra postgres options, e.g. "-c shared_buffers=1GB").
set -euo pipefail

dir="${LINKBENCH_PG_DIR:-/var/tmp/linkbench-postgres}"
port="${LINKBENCH_PG_PORT:-5433}"
user="${LINKBENCH_PG_USER:-linkbench}"
password="${LINKBENCH_PASSWORD:-linkbench}"
data="$dir/data"
sock="$dir/socket"
log="$dir/postgres.log"
action="${1:-start}"

fail() { echo "start-postgres: $*" >&2; exit 1; }

# 1. Binaries. When initdb is missing, the lists' default major version is installed with any
# PostgreSQL packages already there as one set (scripts/lib/packages.sh).
LB_NAME=start-postgres
# shellcheck source-path=SCRIPTDIR source=lib/packages.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/packages.sh"
# shellcheck source-path=SCRIPTDIR source=lib/procs.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/procs.sh"
find_bin() {
    local d
    if command -v initdb >/dev/null 2>&1; then dirname "$(readlink -f "$(command -v initdb)")"; return; fi
    for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        [ -x "$d/initdb" ] && { echo "$d"; return; }
    done
}
bin="$(find_bin)"
if [ -z "$bin" ]; then
    command -v apt-get >/dev/null 2>&1 \
        || fail "PostgreSQL is not installed and apt-get is not available: install the package postgresql"
    lb_apt_update || exit 1
    major="$(apt-cache depends postgresql 2>/dev/null | sed -n 's/^ *Depends: postgresql-\([0-9][0-9]*\)$/\1/p' | head -n 1)"
    [ -n "$major" ] || fail "the package lists offer no package postgresql (see $(lb_apt_log))"
    lb_pg_install "$major" postgresql "postgresql-$major" || exit 1
    bin="$(find_bin)"
    [ -n "$bin" ] || fail "initdb not found after installing postgresql"
fi

# 2. Who owns the cluster: postgres when we are root (the server refuses to run as root).
if [ "$(id -u)" -eq 0 ]; then
    owner=postgres
    as_owner() { runuser -u postgres -- "$@"; }
else
    owner="$(id -un)"
    as_owner() { "$@"; }
fi
pg_ctl() { as_owner "$bin/pg_ctl" -D "$data" "$@"; }
psql_admin() { PGOPTIONS="-c client_min_messages=warning" as_owner "$bin/psql" -X -q -v ON_ERROR_STOP=1 -h "$sock" -p "$port" -d postgres "$@"; }

case "$action" in
    stop) pg_ctl status >/dev/null 2>&1 && pg_ctl -m fast -w stop >/dev/null; exit 0 ;;
    restart)
        pg_ctl status >/dev/null 2>&1 || fail "no cluster runs in $data: run scripts/start-postgres.sh first"
        pg_ctl -m fast -w -t 60 -l "$log" restart >/dev/null 2>&1 || fail "pg_ctl restart failed (see $log)"
        exit 0 ;;
    status)
        if pg_ctl status >/dev/null 2>&1 && as_owner "$bin/pg_isready" -q -h 127.0.0.1 -p "$port" -t 5 >/dev/null 2>&1; then
            echo "PostgreSQL runs in $data and answers on 127.0.0.1:$port"; exit 0
        fi
        echo "PostgreSQL does not run in $data (or does not answer on 127.0.0.1:$port)"; exit 1 ;;
    kill)
        [ -f "$data/PG_VERSION" ] || fail "no cluster in $data: run scripts/start-postgres.sh first"
        lb_kill_dir "$data" 30 postgres || fail "the server in $data did not die within 30 s"
        exit 0 ;;
    pause|resume)
        [ -f "$data/PG_VERSION" ] || fail "no cluster in $data: run scripts/start-postgres.sh first"
        sig=STOP; [ "$action" = pause ] || sig=CONT
        lb_signal_dir "$sig" "$data" 10 postgres || fail "could not $action every process of the server in $data"
        exit 0 ;;
    start) ;;
    *) fail "unknown action '$action' (start, restart, stop, status, kill, pause or resume)" ;;
esac

# 3. Cluster.
mkdir -p "$dir"
if [ "$(id -u)" -eq 0 ]; then chown "$owner" "$dir"; fi
as_owner mkdir -p "$sock"
if [ ! -f "$data/PG_VERSION" ]; then
    as_owner "$bin/initdb" -D "$data" -U postgres -A trust --auth-host=scram-sha-256 -E UTF8 --no-locale \
        >"$dir/initdb.log" 2>&1 || fail "initdb failed (see $dir/initdb.log)"
fi
lb_pg_register "$data" "$log"   # an upgrade of the packages restarts it when it runs on the replaced binaries
lb_pg_restart_stale || true
lb_await_reaped "$data/postmaster.pid" || true   # a killed postmaster not yet reaped looks alive
if ! pg_ctl status >/dev/null 2>&1; then
    # backends of a killed postmaster may live on (one stuck on a lock keeps the shared memory attached,
    # and the new postmaster would refuse to start): end them first
    lb_clear_leftovers "$data" postgres || fail "processes left by a killed server in $data would not die"
    # shellcheck disable=SC2086 # LINKBENCH_PG_ARGS is a list of options
    pg_ctl -w -t 60 -l "$log" -o "-p $port -k $sock -c listen_addresses=127.0.0.1 ${LINKBENCH_PG_ARGS:-}" start \
        >/dev/null 2>&1 || fail "postgres did not start within 60 s (see $log)"
fi

# 4. Role and database (the password goes through stdin, so it appears in no process list).
quoted_pw="${password//\'/\'\'}"
psql_admin <<SQL >/dev/null || fail "could not create the role '$user'"
SELECT format('CREATE ROLE %I LOGIN', '$user') WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '$user')
\\gexec
ALTER ROLE "$user" LOGIN CREATEDB PASSWORD '$quoted_pw';
GRANT pg_monitor, pg_signal_backend TO "$user";
-- a role with its login alone (no pg_monitor, no pg_read_all_settings): what an ordinary user's role may do
SELECT format('CREATE ROLE %I LOGIN', '${user}_plain') WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${user}_plain')
\\gexec
ALTER ROLE "${user}_plain" LOGIN PASSWORD '$quoted_pw';
SELECT format('CREATE DATABASE linkbench OWNER %I', '$user')
 WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = 'linkbench')
\\gexec
SQL

echo "PostgreSQL $("$bin/postgres" -V | awk '{print $3}') runs in $data (log $log):"
echo "  jdbc:postgresql://127.0.0.1:$port/linkbench as $user (password from LINKBENCH_PASSWORD, default linkbench)"
echo "  psql -h 127.0.0.1 -p $port -U $user linkbench    or as $owner: psql -h $sock -p $port -U postgres"
echo "next: java -jar linkbench.jar -c config/postgres.properties -l -r"
