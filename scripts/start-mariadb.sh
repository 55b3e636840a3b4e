#!/usr/bin/env bash
# Installs (Debian packages mariadb-server, mariadb-plugin-rocksdb) and starts a local MariaDB with
# the RocksDB engine for linkbench's MySQL store, unless one is already running. Idempotent; on success
# prints only the command to run next; exits non-zero with a one-line message on failure.
#
# Creates the user LINKBENCH_MYSQL_USER (default linkbench) for 'localhost' and '127.0.0.1' with the
# password LINKBENCH_PASSWORD (default linkbench) and all privileges, and enables ROCKSDB.
# When this script starts the server it leaves the marker file /run/mysqld/linkbench-started, which
# tells scripts/restart-mariadb.sh (and the restart test) that the server is ours to restart.
#
#   scripts/start-mariadb.sh status   exit 0, saying so, when the server answers, else 1
#
# Environment: LINKBENCH_MYSQL_USER, LINKBENCH_PASSWORD, LINKBENCH_MARIADB_ARGS (extra mariadbd
# options), LINKBENCH_MARIADB_LOG (default /tmp/mariadbd.log).
set -euo pipefail

user="${LINKBENCH_MYSQL_USER:-linkbench}"
password="${LINKBENCH_PASSWORD:-linkbench}"
log="${LINKBENCH_MARIADB_LOG:-/tmp/mariadbd.log}"
marker=/run/mysqld/linkbench-started

fail() { echo "start-mariadb: $*" >&2; exit 1; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi; }
# root reaches the server through the unix socket (unix_socket authentication).
sql() { as_root mariadb --protocol=socket -N -B -e "$1"; }

if [ "${1:-}" = status ]; then
    if as_root mariadb-admin --protocol=socket ping --silent >/dev/null 2>&1; then echo "MariaDB runs (127.0.0.1:3306)"; exit 0; fi
    echo "MariaDB does not run (no answer on its socket)"; exit 1
fi
[ -z "${1:-}" ] || [ "$1" = start ] || fail "unknown action '$1' (start or status)"

# 1. Packages: the server and the RocksDB plug-in at the lists' versions, with MariaDB's installed
# packages as one set (an older installed server is upgraded with them; scripts/lib/packages.sh).
LB_NAME=start-mariadb
# shellcheck source-path=SCRIPTDIR source=lib/packages.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/packages.sh"
if ! command -v mariadbd >/dev/null 2>&1 || ! ls /usr/lib/mysql/plugin/ha_rocksdb.so >/dev/null 2>&1; then
    mapfile -t family < <(lb_family mariadb "")
    lb_say "installing mariadb-server and mariadb-plugin-rocksdb"
    lb_apt_install mariadb-server mariadb-plugin-rocksdb "${family[@]}" || exit 1
fi
server_pid() { lb_own_pids 'mariadbd --user=mysql( .*)?' | head -n 1; }
pid="$(server_pid || true)"
if [ -n "$pid" ] && lb_replaced_binary "$pid"; then
    # a plug-in of the new version does not load into the old server: restart ours, refuse the rest
    [ -e "$marker" ] || fail "mariadbd (pid $pid) runs binaries that a package upgrade replaced and was not started by this script: restart it"
    lb_say "restarting MariaDB: it runs binaries that a package upgrade replaced"
    as_root mariadb-admin --protocol=socket shutdown >/dev/null 2>&1 || true
    for _ in $(seq 240); do [ -n "$(server_pid || true)" ] || break; sleep 0.25; done
    [ -z "$(server_pid || true)" ] || fail "mariadbd did not stop within 60 s"
fi

# 2. Server.
as_root install -d -o mysql -g mysql /run/mysqld
if ! as_root mariadb-admin --protocol=socket ping --silent >/dev/null 2>&1; then
    if [ -n "$(server_pid || true)" ]; then
        # Starting up or shutting down: give it time before starting another one.
        for _ in $(seq 120); do
            as_root mariadb-admin --protocol=socket ping --silent >/dev/null 2>&1 && break
            [ -n "$(server_pid || true)" ] || break
            sleep 0.5
        done
    fi
    if ! as_root mariadb-admin --protocol=socket ping --silent >/dev/null 2>&1; then
        # a mariadbd still in the data directory but not the one server_pid knows (killed, its pid file
        # gone) would hold the data files' locks: end it first
        datadir="$(my_print_defaults --mysqld 2>/dev/null | sed -n 's/^--datadir=//p' | tail -n 1)"
        if [ -z "$(server_pid || true)" ]; then
            as_root bash -c ". '$(dirname "${BASH_SOURCE[0]}")/lib/procs.sh'; LB_NAME=start-mariadb lb_clear_leftovers '${datadir:-/var/lib/mysql}' mariadbd" \
                || fail "processes left by a killed server in ${datadir:-/var/lib/mysql} would not die"
        fi
        # shellcheck disable=SC2086 # LINKBENCH_MARIADB_ARGS is a list of options
        as_root nohup mariadbd --user=mysql ${LINKBENCH_MARIADB_ARGS:-} >>"$log" 2>&1 </dev/null &
        for _ in $(seq 120); do
            as_root mariadb-admin --protocol=socket ping --silent >/dev/null 2>&1 && break
            sleep 0.5
        done
        as_root mariadb-admin --protocol=socket ping --silent >/dev/null 2>&1 \
            || fail "mariadbd did not start within 60 s (see $log)"
        as_root touch "$marker"
    fi
fi

# 3. RocksDB engine.
support="$(sql "SELECT SUPPORT FROM information_schema.ENGINES WHERE ENGINE='ROCKSDB'")"
if [ "$support" != "YES" ] && [ "$support" != "DEFAULT" ]; then
    sql "INSTALL SONAME 'ha_rocksdb'" >/dev/null 2>&1 || true
    support="$(sql "SELECT SUPPORT FROM information_schema.ENGINES WHERE ENGINE='ROCKSDB'")"
    [ "$support" = "YES" ] || [ "$support" = "DEFAULT" ] || fail "the ROCKSDB engine could not be enabled (see $log)"
fi

# 4. User (password passed on stdin, so it appears in no process list).
quoted_pw="${password//\\/\\\\}"
quoted_pw="${quoted_pw//\'/\\\'}"
as_root mariadb --protocol=socket -N -B <<SQL || fail "could not create the user '$user'"
CREATE USER IF NOT EXISTS '$user'@'localhost' IDENTIFIED BY '$quoted_pw';
CREATE USER IF NOT EXISTS '$user'@'127.0.0.1' IDENTIFIED BY '$quoted_pw';
ALTER USER '$user'@'localhost' IDENTIFIED BY '$quoted_pw';
ALTER USER '$user'@'127.0.0.1' IDENTIFIED BY '$quoted_pw';
GRANT ALL PRIVILEGES ON *.* TO '$user'@'localhost';
GRANT ALL PRIVILEGES ON *.* TO '$user'@'127.0.0.1';
SQL

echo "MariaDB with MyRocks runs on 127.0.0.1:3306 (user $user); next: java -jar linkbench.jar -c config/myrocks.properties -l -r   (InnoDB: -c config/innodb.properties)"
