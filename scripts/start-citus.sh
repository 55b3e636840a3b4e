#!/usr/bin/env bash
# Builds Citus (once, cached) and runs a Citus cluster on this machine -- a coordinator and workers, each
# a PostgreSQL cluster of its own on a loopback port -- for the postgres store with citus = on
# (config/citus.properties) and its tests.
#
#   scripts/start-citus.sh start      build if needed, start every node, add the workers, say what to run next
#   scripts/start-citus.sh stop       stop every node
#   scripts/start-citus.sh status     exit 0 and say so when every node answers, else exit 1
#   scripts/start-citus.sh url        print the coordinator's JDBC URL (no password: it is in run/password)
#   scripts/start-citus.sh build      only build (or check the cache)
#   scripts/start-citus.sh kill-node I | pause-node I | resume-node I | start-node I | restart-node I
#                                     fault helpers for the store's tests; node 0 is the coordinator,
#                                     1..N the workers. kill-node sends SIGKILL to every process of the
#                                     node (working directory its data directory, or its shared memory
#                                     attached), again until none is left (a crash); pause-node SIGSTOP,
#                                     resume-node SIGCONT, to every process of the node; start-node starts
#                                     a stopped or killed node (crash recovery), ending first what a killed
#                                     node left running; restart-node restarts a running one (fast shutdown).
#
# Sources: the archive citus-*.tar.gz in LINKBENCH_CITUS_SRC, else <repo>/../shared/citus (never copied
# into the repository). When there is none, every action but stop/status prints one line and exits 3
# (having installed nothing), so callers can skip the tests that need the cluster.
#
# The build lives in LINKBENCH_CITUS_CACHE (default /var/tmp/linkbench-citus/build-<key>), keyed on the
# archive's checksum, the installed PostgreSQL version (a minor upgrade can need a rebuild) and this
# recipe's number; a later start only copies the staged files into PostgreSQL's directories when they
# differ. The cluster lives in LINKBENCH_CITUS_DIR (default /var/tmp/linkbench-citus/run: node0 is the
# coordinator, node1..nodeN the workers, each with data/ and its log): the coordinator listens on
# 127.0.0.1:LINKBENCH_CITUS_PORT (default 5460), worker i on that port + i. LINKBENCH_CITUS_WORKERS
# (default 2) sets the number of workers; LINKBENCH_CITUS_ARGS adds postgres options to every node
# (e.g. "-c shared_buffers=256MB"). Every node has the role LINKBENCH_CITUS_USER (default linkbench)
# with a password generated once into run/password (mode 600, never printed) and the database linkbench
# with the extension citus; the nodes reach each other with that password (pg_dist_authinfo).
#
# Exit codes: 0 ok, 1 failure (one line on standard error), 3 no sources (one line).
set -euo pipefail

recipe=1   # bump when the build steps change: it is part of the cache key
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
base="${LINKBENCH_CITUS_CACHE:-/var/tmp/linkbench-citus}"
run="${LINKBENCH_CITUS_DIR:-$base/run}"
port0="${LINKBENCH_CITUS_PORT:-5460}"
workers="${LINKBENCH_CITUS_WORKERS:-2}"
user="${LINKBENCH_CITUS_USER:-linkbench}"
database=linkbench
action="${1:-start}"
pg_major=15
pgbin="/usr/lib/postgresql/$pg_major/bin"

fail() { echo "start-citus: $*" >&2; exit 1; }
say() { [ -n "${QUIET:-}" ] || echo "start-citus: $*" >&2; }
[[ "$workers" =~ ^[1-9][0-9]?$ ]] || fail "LINKBENCH_CITUS_WORKERS must be 1..99, not '$workers'"
[[ "$port0" =~ ^[0-9]+$ ]] && [ "$port0" -ge 1024 ] && [ $((port0 + workers)) -le 65535 ] \
    || fail "LINKBENCH_CITUS_PORT must leave room for the workers in 1024..65535, not '$port0'"

find_src() {
    local d
    for d in "${LINKBENCH_CITUS_SRC:-}" "$root/../shared/citus"; do
        if [ -n "$d" ] && ls "$d"/citus-*.tar.gz >/dev/null 2>&1; then
            (cd "$d" && pwd); return 0
        fi
    done
    return 1
}
no_sources() {
    echo "start-citus: Citus sources not found (citus-*.tar.gz in LINKBENCH_CITUS_SRC or $root/../shared/citus): the Citus tests are skipped" >&2
    exit 3
}

# ---------------------------------------------------------------- packages
# PostgreSQL's server, client, -dev and libpq as one set from the lists' current packages, with the
# build's tools and headers (scripts/lib/packages.sh: one update of the lists, an upgrade of the
# installed server when the lists need it, then a restart of the project's clusters left on the
# replaced binaries, these nodes included).
LB_NAME=start-citus
# shellcheck source-path=SCRIPTDIR source=lib/packages.sh
. "$root/scripts/lib/packages.sh"
# shellcheck source-path=SCRIPTDIR source=lib/procs.sh
. "$root/scripts/lib/procs.sh"
server_version() { [ -x "$pgbin/pg_config" ] && "$pgbin/pg_config" --version | awk '{print $2}'; }
install_packages() {
    lb_pg_install "$pg_major" "postgresql-$pg_major" "postgresql-server-dev-$pg_major" libpq-dev \
        libkrb5-dev liblz4-dev libzstd-dev make gcc || exit 1
}

# ---------------------------------------------------------------- build
src=""
key=""
set_key() {
    key="$( (cd "$src" && sha256sum citus-*.tar.gz; echo "recipe $recipe pg $(server_version)") | sha256sum | cut -c1-12)"
    build="$base/build-$key"
    stage="$build/stage"
}

build_citus() {
    local log="$build/build.log" work="$build/work" t0=$SECONDS
    rm -rf "$work" "$stage"; mkdir -p "$work" "$stage"
    : >"$log"
    say "building Citus from $src for PostgreSQL $(server_version) into $build (about 3-5 minutes; log $log)"
    tar xzf "$src"/citus-*.tar.gz -C "$work" --strip-components=1
    # PostgreSQL 15.20 exports have_createdb_privilege(), which Citus 13.2 also defines as a static
    # inline function: rename Citus's copy (harmless against earlier minor versions)
    local h="$work/src/include/pg_version_compat.h"
    sed -i '/^static inline bool$/{N;s/^static inline bool\nhave_createdb_privilege(void)$/#define have_createdb_privilege citus_have_createdb_privilege\n&/}' "$h"
    grep -q '^#define have_createdb_privilege citus_have_createdb_privilege' "$h" \
        || fail "the have_createdb_privilege fix no longer applies to $h: update the recipe in scripts/start-citus.sh"
    (cd "$work" && ./configure --without-libcurl PG_CONFIG="$pgbin/pg_config" >>"$log" 2>&1) \
        || fail "configure failed (see $log)"
    (cd "$work" && make -j"$(nproc)" with_llvm=no >>"$log" 2>&1 && make with_llvm=no DESTDIR="$stage" install >>"$log" 2>&1) \
        || fail "building Citus failed (see $log)"
    rm -rf "$work"
    touch "$build/done"
    say "built in $((SECONDS - t0)) s"
}

# Builds when the cache lacks this archive and server version, installing packages first when the build
# needs them (which may upgrade the server, and so change the key); then puts the staged files in place.
ensure_built() {
    src="$(find_src)" || no_sources
    [ "$(id -u)" -eq 0 ] || fail "must run as root (it installs packages and runs the nodes as the user postgres)"
    mkdir -p "$base"
    exec 9>"$base/build.lock"
    flock 9
    if [ -n "$(server_version)" ]; then set_key; fi
    if [ -z "$key" ] || [ ! -f "$build/done" ]; then
        install_packages
        set_key
        [ -f "$build/done" ] || build_citus
    fi
    if ! cmp -s "$stage/usr/lib/postgresql/$pg_major/lib/citus.so" "/usr/lib/postgresql/$pg_major/lib/citus.so"; then
        cp -a "$stage"/. /
    fi
    flock -u 9
}

# ---------------------------------------------------------------- nodes
sock="$run/socket"
node_dir() { echo "$run/node$1"; }
node_port() { echo $((port0 + $1)); }
node_name() { if [ "$1" -eq 0 ]; then echo coordinator; else echo "worker $1"; fi; }
as_pg() { runuser -u postgres -- "$@"; }
pg_ctl_node() { local i="$1"; shift; as_pg "$pgbin/pg_ctl" -D "$(node_dir "$i")/data" "$@"; }
psql_node() { # node, database, psql args...: as the superuser over the Unix socket
    local i="$1" db="$2"; shift 2
    PGOPTIONS="-c client_min_messages=warning" as_pg "$pgbin/psql" -X -q -v ON_ERROR_STOP=1 -h "$sock" \
        -p "$(node_port "$i")" -d "$db" "$@"
}
node_answers() { # this cluster's node i runs (its postmaster.pid) and answers on its port
    local pidfile; pidfile="$(node_dir "$1")/data/postmaster.pid"
    [ -f "$pidfile" ] && kill -0 "$(head -1 "$pidfile")" 2>/dev/null \
        && as_pg "$pgbin/pg_isready" -q -h 127.0.0.1 -p "$(node_port "$1")" -t 5 >/dev/null 2>&1
}
node_indexes() { seq 0 "$workers"; }
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

init_node() {
    local i="$1" d; d="$(node_dir "$i")"
    [ -f "$d/data/PG_VERSION" ] && return 0
    as_pg mkdir -p "$d"
    as_pg "$pgbin/initdb" -D "$d/data" -U postgres -A trust --auth-host=scram-sha-256 -E UTF8 --no-locale \
        >"$d/initdb.log" 2>&1 || fail "initdb of the $(node_name "$i") failed (see $d/initdb.log)"
    # local connections (the socket directory is the postgres user's alone) need no password; TCP does
    printf 'local all all trust\nhost all all 127.0.0.1/32 scram-sha-256\n' >"$d/data/pg_hba.conf"
    cat >>"$d/data/postgresql.conf" <<CONF
# linkbench: a node of the Citus cluster of scripts/start-citus.sh
shared_preload_libraries = 'citus'
listen_addresses = '127.0.0.1'
port = $(node_port "$i")
unix_socket_directories = '$sock'
max_connections = 300
# two-phase commit across workers needs prepared transactions
max_prepared_transactions = 300
# the default sslmode=require fails: these servers have no TLS
citus.node_conninfo = 'sslmode=prefer'
CONF
}

start_node() {
    local i="$1" d; d="$(node_dir "$i")"
    lb_pg_register "$d/data" "$d/postgres.log"   # a later upgrade restarts it when it runs on the replaced binaries
    lb_await_reaped "$d/data/postmaster.pid" || true   # a killed postmaster not yet reaped looks alive
    pg_ctl_node "$i" status >/dev/null 2>&1 && { lb_pg_restart_stale || true; return 0; }
    # backends of a killed postmaster may live on (one stuck on a lock keeps the shared memory attached,
    # and the new postmaster would refuse to start): end them first
    lb_clear_leftovers "$d/data" postgres || fail "processes left by the killed $(node_name "$i") in $d/data would not die"
    port_open "$(node_port "$i")" && fail "port $(node_port "$i") of the $(node_name "$i") is taken by another process: set LINKBENCH_CITUS_PORT"
    # shellcheck disable=SC2086 # LINKBENCH_CITUS_ARGS is a list of options
    pg_ctl_node "$i" -w -t 120 -l "$d/postgres.log" ${LINKBENCH_CITUS_ARGS:+-o "$LINKBENCH_CITUS_ARGS"} start >/dev/null 2>&1 \
        || fail "the $(node_name "$i") did not start within 120 s (see $d/postgres.log)"
}

# The role, the database and the extension on every node (the password goes through stdin, so it
# appears in no process list); then, on the coordinator, the password the nodes give each other and
# the workers.
setup_nodes() {
    umask 077
    [ -s "$run/password" ] || head -c 18 /dev/urandom | base64 | tr -d '/+=' >"$run/password"
    [ -s "$run/superuser-password" ] || head -c 18 /dev/urandom | base64 | tr -d '/+=' >"$run/superuser-password"
    umask 022
    local pw su i
    pw="$(cat "$run/password")"
    su="$(cat "$run/superuser-password")"
    for i in $(node_indexes); do
        psql_node "$i" postgres <<SQL >/dev/null || fail "could not create the role '$user' on the $(node_name "$i") (see $(node_dir "$i")/postgres.log)"
ALTER ROLE postgres PASSWORD '$su';
SELECT format('CREATE ROLE %I LOGIN', '$user') WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '$user')
\\gexec
ALTER ROLE "$user" LOGIN CREATEDB PASSWORD '$pw';
GRANT pg_monitor, pg_signal_backend, pg_checkpoint TO "$user";
SELECT format('CREATE DATABASE $database OWNER %I', '$user')
 WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = '$database')
\\gexec
SQL
        psql_node "$i" "$database" <<SQL >/dev/null || fail "could not create the extension citus on the $(node_name "$i") (see $(node_dir "$i")/postgres.log)"
CREATE EXTENSION IF NOT EXISTS citus;
BEGIN;
DELETE FROM pg_dist_authinfo WHERE nodeid = 0 AND rolename IN ('postgres', '$user');
INSERT INTO pg_dist_authinfo (nodeid, rolename, authinfo)
VALUES (0, 'postgres', 'password=$su'), (0, '$user', 'password=$pw');
COMMIT;
SQL
    done
    psql_node 0 "$database" <<SQL >/dev/null || fail "could not add the workers to the coordinator (see $(node_dir 0)/postgres.log)"
SELECT citus_set_coordinator_host('127.0.0.1', $(node_port 0));
$(for i in $(seq 1 "$workers"); do
    echo "SELECT citus_add_node('127.0.0.1', $(node_port "$i")) WHERE NOT EXISTS (SELECT 1 FROM pg_dist_node WHERE nodename = '127.0.0.1' AND nodeport = $(node_port "$i"));"
done)
SQL
}

print_next() {
    local v; v="$(psql_node 0 "$database" -A -t -c "SELECT extversion FROM pg_extension WHERE extname = 'citus'")"
    echo "Citus $v on PostgreSQL $(server_version) runs in $run: coordinator 127.0.0.1:$(node_port 0), workers $(for i in $(seq 1 "$workers"); do printf '127.0.0.1:%s ' "$(node_port "$i")"; done)"
    echo "  jdbc:postgresql://127.0.0.1:$(node_port 0)/$database as $user (password in $run/password)"
    echo "next: java -jar linkbench.jar -c config/citus.properties -l -r"
}

node_arg() {
    [[ "${1:-}" =~ ^[0-9]+$ ]] && [ "$1" -le "$workers" ] || fail "$action needs a node number: 0 (the coordinator) to $workers"
    [ -f "$(node_dir "$1")/data/PG_VERSION" ] || fail "node $1 does not exist: run start first"
}

case "$action" in
    build) ensure_built ;;
    start)
        ensure_built
        mkdir -p "$run"; chmod 755 "$run"; chown postgres "$run"
        as_pg mkdir -p "$sock"; chmod 700 "$sock"
        for i in $(node_indexes); do init_node "$i"; start_node "$i"; done
        setup_nodes
        [ -n "${QUIET:-}" ] || print_next ;;
    stop)
        for i in $(seq "$workers" -1 0); do
            [ -f "$(node_dir "$i")/data/PG_VERSION" ] || continue
            pg_ctl_node "$i" status >/dev/null 2>&1 && pg_ctl_node "$i" -m fast -w -t 120 stop >/dev/null
        done
        exit 0 ;;
    status)
        down=()
        for i in $(node_indexes); do node_answers "$i" || down+=("$(node_name "$i") 127.0.0.1:$(node_port "$i")"); done
        if [ ${#down[@]} -eq 0 ]; then
            echo "Citus runs: coordinator 127.0.0.1:$(node_port 0) and $workers workers answer ($run)"; exit 0
        fi
        echo "Citus does not run: no answer from ${down[*]}"; exit 1 ;;
    url) echo "jdbc:postgresql://127.0.0.1:$(node_port 0)/$database" ;;
    kill-node)
        # every process of the node, stopped ones too, until none is left and each is reaped (pg_ctl would
        # still see a zombie postmaster running)
        node_arg "${2:-}"
        lb_kill_dir "$(node_dir "$2")/data" 30 postgres || fail "the $(node_name "$2") did not die within 30 s" ;;
    pause-node) node_arg "${2:-}"; lb_signal_dir STOP "$(node_dir "$2")/data" 10 postgres || fail "could not stop every process of the $(node_name "$2")" ;;
    resume-node) node_arg "${2:-}"; lb_signal_dir CONT "$(node_dir "$2")/data" 10 postgres || fail "could not continue every process of the $(node_name "$2")" ;;
    start-node)
        node_arg "${2:-}"
        # a paused node is resumed, a killed one started (start_node ends what it left running first)
        lb_signal_dir CONT "$(node_dir "$2")/data" 10 postgres || true
        start_node "$2" ;;
    restart-node)
        node_arg "${2:-}"
        pg_ctl_node "$2" -m fast -w -t 120 -l "$(node_dir "$2")/postgres.log" restart >/dev/null 2>&1 \
            || fail "the $(node_name "$2") did not restart within 120 s (see $(node_dir "$2")/postgres.log)" ;;
    *) fail "unknown action '$action' (start, stop, status, url, build, kill-node, pause-node, resume-node, start-node, restart-node)" ;;
esac
