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
# shellcheck source-path=SCRIPTDIR source=lib/pgnodes.sh
. "$root/scripts/lib/pgnodes.sh"
node_port_var=LINKBENCH_CITUS_PORT
node_pg_args="${LINKBENCH_CITUS_ARGS:-}"
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
psql_node() { # node, database, psql args...: as the superuser over the Unix socket
    local i="$1" db="$2"; shift 2
    PGOPTIONS="-c client_min_messages=warning" as_pg "$pgbin/psql" -X -q -v ON_ERROR_STOP=1 -h "$sock" \
        -p "$(node_port "$i")" -d "$db" "$@"
}
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
        stop_nodes
        exit 0 ;;
    status)
        down=()
        for i in $(node_indexes); do node_answers "$i" || down+=("$(node_name "$i") 127.0.0.1:$(node_port "$i")"); done
        if [ ${#down[@]} -eq 0 ]; then
            echo "Citus runs: coordinator 127.0.0.1:$(node_port 0) and $workers workers answer ($run)"; exit 0
        fi
        echo "Citus does not run: no answer from ${down[*]}"; exit 1 ;;
    url) echo "jdbc:postgresql://127.0.0.1:$(node_port 0)/$database" ;;
    kill-node | pause-node | resume-node | start-node | restart-node) node_fault "$action" "${2:-}" ;;
    *) fail "unknown action '$action' (start, stop, status, url, build, kill-node, pause-node, resume-node, start-node, restart-node)" ;;
esac
