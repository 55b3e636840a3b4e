#!/usr/bin/env bash
# Runs a sharded DocumentDB on this machine -- a coordinator (PostgreSQL with Citus, DocumentDB and the
# distributed extension documentdb_distributed) carrying the gateway that speaks the MongoDB wire protocol,
# and workers, each a PostgreSQL cluster of its own on a loopback port -- for the Mongo store's sharded
# runs and tests (collections sharded on a hashed key with the shardCollection command).
#
#   scripts/start-documentdb-cluster.sh start      build if needed, start every node and the gateway, say what to run next
#   scripts/start-documentdb-cluster.sh stop       stop the gateway and every node
#   scripts/start-documentdb-cluster.sh status     exit 0 and say so when the gateway and every node answer, else exit 1
#   scripts/start-documentdb-cluster.sh url        print the URL with the password (for tests; never log it)
#   scripts/start-documentdb-cluster.sh build      only build (or check the caches)
#   scripts/start-documentdb-cluster.sh kill-node I | pause-node I | resume-node I | start-node I | restart-node I
#                                     fault helpers for the store's tests; node 0 is the coordinator, 1..N
#                                     the workers, with the meanings of scripts/start-citus.sh: kill-node
#                                     SIGKILLs every process of the node until none is left (a crash),
#                                     pause-node SIGSTOP, resume-node SIGCONT, start-node starts a stopped or
#                                     killed node (crash recovery), restart-node restarts a running one
#   scripts/start-documentdb-cluster.sh kill-gateway | restart-gateway
#                                     crash the gateway (SIGKILL), or crash it and start it again
#
# Sources: DocumentDB's archives (LINKBENCH_DOCUMENTDB_SRC, else <repo>/../shared/documentdb) and Citus's
# (LINKBENCH_CITUS_SRC, else <repo>/../shared/citus), never copied into the repository. When either is
# missing, every action but stop/status prints one line and exits 3 (having installed nothing), so callers
# can skip the tests that need the cluster.
#
# Builds: Citus by scripts/start-citus.sh build, DocumentDB (extensions and gateway) by
# scripts/start-documentdb.sh build, each in its own cache; this script builds only the distributed
# extension (internal/pg_documentdb_distributed of DocumentDB's archive, a few seconds), cached in
# LINKBENCH_DDBC_CACHE (default /var/tmp/linkbench-documentdb-cluster/build-<key>), keyed on the archives'
# checksums, the installed PostgreSQL version and this recipe's number.
#
# The cluster lives in LINKBENCH_DDBC_DIR (default /var/tmp/linkbench-documentdb-cluster/run: node0 is
# the coordinator, node1..nodeN the workers, each with data/ and its log; the gateway runs in run/gateway):
# the coordinator listens on 127.0.0.1:LINKBENCH_DDBC_PORT (default 5470), worker i on that port + i,
# the gateway on 127.0.0.1:LINKBENCH_DDBC_GATEWAY_PORT (default 10270). LINKBENCH_DDBC_WORKERS (default 2)
# sets the number of workers; LINKBENCH_DDBC_ARGS adds postgres options to every node. The role
# LINKBENCH_DDBC_USER (default linkbench) gets a password generated once into run/password (mode 600,
# never printed); the whole URL is in run/url (mode 600).
#
# Exit codes: 0 ok, 1 failure (one line on standard error), 3 no sources (one line).
set -euo pipefail

recipe=1   # bump when the build steps change: it is part of the cache key
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
base="${LINKBENCH_DDBC_CACHE:-/var/tmp/linkbench-documentdb-cluster}"
run="${LINKBENCH_DDBC_DIR:-$base/run}"
port0="${LINKBENCH_DDBC_PORT:-5470}"
workers="${LINKBENCH_DDBC_WORKERS:-2}"
gw_port="${LINKBENCH_DDBC_GATEWAY_PORT:-10270}"
user="${LINKBENCH_DDBC_USER:-linkbench}"
action="${1:-start}"
pg_major=15
pgbin="/usr/lib/postgresql/$pg_major/bin"

fail() { echo "start-documentdb-cluster: $*" >&2; exit 1; }
say() { [ -n "${QUIET:-}" ] || echo "start-documentdb-cluster: $*" >&2; }
[[ "$workers" =~ ^[1-9][0-9]?$ ]] || fail "LINKBENCH_DDBC_WORKERS must be 1..99, not '$workers'"
[[ "$port0" =~ ^[0-9]+$ ]] && [ "$port0" -ge 1024 ] && [ $((port0 + workers)) -le 65535 ] \
    || fail "LINKBENCH_DDBC_PORT must leave room for the workers in 1024..65535, not '$port0'"
[[ "$gw_port" =~ ^[0-9]+$ ]] && [ "$gw_port" -ge 1024 ] && [ "$gw_port" -le 65535 ] \
    || fail "LINKBENCH_DDBC_GATEWAY_PORT must be 1024..65535, not '$gw_port'"

find_src() { # variable, default folder, archive pattern: the folder holding the archive
    local d
    for d in "$1" "$2"; do
        if [ -n "$d" ] && compgen -G "$d/$3" >/dev/null; then (cd "$d" && pwd); return 0; fi
    done
    return 1
}
ddb_src=""
citus_src=""
find_sources() {
    if ! ddb_src="$(find_src "${LINKBENCH_DOCUMENTDB_SRC:-}" "$root/../shared/documentdb" 'documentdb-*.tar.gz')" \
        || [ ! -f "$ddb_src/intelmathlib.pc" ] \
        || ! citus_src="$(find_src "${LINKBENCH_CITUS_SRC:-}" "$root/../shared/citus" 'citus-*.tar.gz')"; then
        echo "start-documentdb-cluster: DocumentDB or Citus sources not found (../shared/documentdb and ../shared/citus beside the checkout, or LINKBENCH_DOCUMENTDB_SRC and LINKBENCH_CITUS_SRC): the sharded DocumentDB tests are skipped" >&2
        exit 3
    fi
}

LB_NAME=start-documentdb-cluster
# shellcheck source-path=SCRIPTDIR source=lib/packages.sh
. "$root/scripts/lib/packages.sh"
# shellcheck source-path=SCRIPTDIR source=lib/procs.sh
. "$root/scripts/lib/procs.sh"
# shellcheck source-path=SCRIPTDIR source=lib/pgnodes.sh
. "$root/scripts/lib/pgnodes.sh"
node_port_var=LINKBENCH_DDBC_PORT
node_pg_args="${LINKBENCH_DDBC_ARGS:-}"
# shellcheck source-path=SCRIPTDIR source=lib/gateway.sh
. "$root/scripts/lib/gateway.sh"
server_version() { [ -x "$pgbin/pg_config" ] && "$pgbin/pg_config" --version | awk '{print $2}'; }

# ---------------------------------------------------------------- build
build=""
gateway_bin=""
# Citus and DocumentDB by their own scripts (which install the packages, build once and put the files in
# place), then the distributed extension here.
ensure_built() {
    find_sources
    [ "$(id -u)" -eq 0 ] || fail "must run as root (it installs packages and runs the nodes as the user postgres)"
    local rc=0
    LINKBENCH_CITUS_SRC="$citus_src" bash "$root/scripts/start-citus.sh" build || rc=$?
    [ "$rc" -eq 0 ] || fail "scripts/start-citus.sh build failed (exit $rc)"
    LINKBENCH_DOCUMENTDB_SRC="$ddb_src" bash "$root/scripts/start-documentdb.sh" build || rc=$?
    [ "$rc" -eq 0 ] || fail "scripts/start-documentdb.sh build failed (exit $rc)"
    gateway_bin="$(LINKBENCH_DOCUMENTDB_SRC="$ddb_src" bash "$root/scripts/start-documentdb.sh" gateway-bin)" \
        || fail "scripts/start-documentdb.sh names no gateway"
    [ -x "$gateway_bin" ] || fail "the gateway $gateway_bin is missing: run scripts/start-documentdb.sh build"
    mkdir -p "$base"
    exec 9>"$base/build.lock"
    flock 9
    local key
    key="$( (cd "$ddb_src" && sha256sum documentdb-*.tar.gz intelmathlib.pc; cd "$citus_src" && sha256sum citus-*.tar.gz
             echo "recipe $recipe pg $(server_version)") | sha256sum | cut -c1-12)"
    build="$base/build-$key"
    [ -f "$build/done" ] || build_distributed
    if ! cmp -s "$build/stage/usr/lib/postgresql/$pg_major/lib/pg_documentdb_distributed.so" \
        "/usr/lib/postgresql/$pg_major/lib/pg_documentdb_distributed.so"; then
        cp -a "$build/stage"/. /
    fi
    flock -u 9
}

# The extension calls Citus through SQL only (no Citus headers): it builds against PostgreSQL's and
# DocumentDB's headers with the flags scripts/start-documentdb.sh gives pg_documentdb (Debian's libbson
# 1.23 lacks BSON_SUBTYPE_SENSITIVE).
build_distributed() {
    local log="$build/build.log" work="$build/work" t0=$SECONDS
    lb_pg_install "$pg_major" "postgresql-server-dev-$pg_major" libbson-dev libintelrdfpmath-dev libpcre2-dev pkg-config make gcc \
        || exit 1
    rm -rf "$work" "$build/stage"; mkdir -p "$work" "$build/stage"
    : >"$log"
    say "building documentdb_distributed from $ddb_src for PostgreSQL $(server_version) into $build (log $log)"
    tar xzf "$ddb_src"/documentdb-*.tar.gz -C "$work"
    local d="$work/documentdb/internal/pg_documentdb_distributed"
    [ -d "$d" ] || fail "the DocumentDB archive has no internal/pg_documentdb_distributed"
    (cd "$d" && export PKG_CONFIG_PATH="$ddb_src" \
        && make -j"$(nproc)" PG_CONFIG="$pgbin/pg_config" with_llvm=no COPT="-DBSON_SUBTYPE_SENSITIVE=0x08 -Wno-error=switch" >>"$log" 2>&1 \
        && make PG_CONFIG="$pgbin/pg_config" with_llvm=no DESTDIR="$build/stage" install >>"$log" 2>&1) \
        || fail "building documentdb_distributed failed (see $log)"
    rm -rf "$work"
    touch "$build/done"
    say "built in $((SECONDS - t0)) s"
}

# ---------------------------------------------------------------- nodes
sock="$run/socket"
gw_dir="$run/gateway"
gw_port_var=LINKBENCH_DDBC_GATEWAY_PORT
gw_pg_port=$port0   # the coordinator
psql_node() { # node, psql args...: as the superuser over the Unix socket, database postgres
    local i="$1"; shift
    PGOPTIONS="-c client_min_messages=warning" as_pg "$pgbin/psql" -X -q -v ON_ERROR_STOP=1 -h "$sock" \
        -p "$(node_port "$i")" -d postgres "$@"
}
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
wait_for() { # seconds, command...: poll until the command succeeds or the deadline passes
    local deadline=$((SECONDS + $1)); shift
    until "$@"; do [ $SECONDS -lt $deadline ] || return 1; sleep 0.2; done
}

init_node() {
    local i="$1" d; d="$(node_dir "$i")"
    [ -f "$d/data/PG_VERSION" ] && return 0
    as_pg mkdir -p "$d"
    as_pg "$pgbin/initdb" -D "$d/data" -U postgres -A trust -E UTF8 --no-locale \
        >"$d/initdb.log" 2>&1 || fail "initdb of the $(node_name "$i") failed (see $d/initdb.log)"
    # the gateway checks SCRAM itself, then connects without a password, and the nodes reach each other
    # as the connected role: trust on loopback, as scripts/start-documentdb.sh
    printf 'local all all trust\nhost all all 127.0.0.1/32 trust\n' >"$d/data/pg_hba.conf"
    cat >>"$d/data/postgresql.conf" <<CONF
# linkbench: a node of the sharded DocumentDB of scripts/start-documentdb-cluster.sh
# citus first, as in DocumentDB's distributed regression configuration
shared_preload_libraries = 'citus, pg_cron, pg_documentdb_core, pg_documentdb, pg_documentdb_distributed'
cron.database_name = 'postgres'
listen_addresses = '127.0.0.1'
port = $(node_port "$i")
unix_socket_directories = '$sock'
max_connections = 300
# two-phase commit across workers needs prepared transactions
max_prepared_transactions = 300
# the default sslmode=require fails: these servers have no TLS
citus.node_conninfo = 'sslmode=disable'
# 8 shards per sharded collection (Citus's default 32 makes DDL slow on 2 cores)
citus.shard_count = 8
# Citus moves and splits shards (reshardCollection, the rebalancer) by logical replication
wal_level = logical
# off: every collection sharded with the same shard count joins Citus's default co-location group, so
# the documents of one shard key value in two collections (a link and its count) live on one worker;
# on (DocumentDB's default) gives every sharded collection a co-location group of its own
documentdb.enableNativeColocation = off
CONF
}


# Citus on every node, the workers on the coordinator, then DocumentDB's extensions on the coordinator
# (Citus creates them on the workers too: a worker needs them before it takes shards, whose functions
# and types are DocumentDB's), DocumentDB's cluster metadata (once: its catalog made reference tables,
# replicated to the workers), then the role (Citus creates it on the workers too); the password goes
# through stdin, so it appears in no process list.
setup_cluster() {
    local i
    for i in $(seq 1 "$workers"); do
        # only once: on a worker the coordinator knows, Citus refuses even CREATE EXTENSION IF NOT EXISTS
        [ "$(psql_node "$i" -A -t -c "SELECT count(*) FROM pg_extension WHERE extname = 'citus'")" = 1 ] \
            || psql_node "$i" -c "CREATE EXTENSION citus" >/dev/null \
            || fail "could not create the extension citus on the $(node_name "$i") (see $(node_dir "$i")/postgres.log)"
    done
    psql_node 0 <<SQL >/dev/null || fail "could not add the workers or create the extensions (see $(node_dir 0)/postgres.log)"
CREATE EXTENSION IF NOT EXISTS citus;
SELECT citus_set_coordinator_host('127.0.0.1', $(node_port 0));
$(for i in $(seq 1 "$workers"); do
    echo "SELECT citus_add_node('127.0.0.1', $(node_port "$i")) WHERE NOT EXISTS (SELECT 1 FROM pg_dist_node WHERE nodename = '127.0.0.1' AND nodeport = $(node_port "$i"));"
done)
CREATE EXTENSION IF NOT EXISTS documentdb_distributed CASCADE;
SQL
    local initialized
    initialized="$(psql_node 0 -A -t -c "SELECT count(*) FROM pg_dist_partition WHERE logicalrelid = 'documentdb_api_catalog.documentdb_index_queue'::regclass")"
    if [ "$initialized" = 0 ]; then
        # initialize_cluster makes the coordinator's index build queue (a table of the extension documentdb)
        # a Citus local table: Citus renames it into its shard and creates a new table of that name, of no
        # extension, whose copy it then creates on every worker -- where the extension made one already:
        # 'relation "documentdb_index_queue" already exists ... while executing command on 127.0.0.1:5471'.
        # The workers' own queue is never used (index builds run from the coordinator's): drop it first.
        [ "$(psql_node 0 -A -t <<'SQL'
SELECT bool_and(success) FROM run_command_on_workers($cmd$
DO $do$ BEGIN
  PERFORM set_config('citus.enable_ddl_propagation', 'off', true);
  IF EXISTS (SELECT 1 FROM pg_depend WHERE classid = 'pg_class'::regclass AND deptype = 'e'
             AND objid = to_regclass('documentdb_api_catalog.documentdb_index_queue')) THEN
    ALTER EXTENSION documentdb DROP TABLE documentdb_api_catalog.documentdb_index_queue;
    DROP TABLE documentdb_api_catalog.documentdb_index_queue;
  END IF;
END $do$
$cmd$)
SQL
        )" = t ] || fail "could not drop the workers' own index build queue (see $(node_dir 1)/postgres.log)"
        psql_node 0 <<SQL >/dev/null || fail "could not initialize DocumentDB's cluster metadata (see $(node_dir 0)/postgres.log)"
-- initialize_cluster distributes this table (the change stream's; co-located functions hang on it) but
-- nothing creates it: DocumentDB's distributed regression setup creates it first, as here
CREATE TABLE IF NOT EXISTS documentdb_data.changes (
    collection_id bigint NOT NULL,
    shard_key_value bigint NOT NULL,
    object_id documentdb_core.bson NOT NULL,
    PRIMARY KEY (shard_key_value, object_id));
SELECT documentdb_api_distributed.initialize_cluster();
SQL
    fi
    umask 077
    [ -s "$run/password" ] || head -c 18 /dev/urandom | base64 | tr -d '/+=' >"$run/password"
    local pw; pw="$(cat "$run/password")"
    psql_node 0 <<SQL >/dev/null || fail "could not create the role '$user' (see $(node_dir 0)/postgres.log)"
SELECT format('CREATE ROLE %I LOGIN', '$user') WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '$user')
\\gexec
ALTER ROLE "$user" LOGIN CREATEROLE PASSWORD '$pw';
GRANT documentdb_admin_role TO "$user" WITH ADMIN OPTION;
-- A query on a worker (as the user) reads DocumentDB's cluster version from this table, which
-- initialize_cluster opens to documentdb_readonly_role only: without this every multi-document read
-- and write failed with 'permission denied for table documentdb_cluster_data' (the gateway's
-- Unauthorized, code 13). Citus grants it on the workers too.
GRANT SELECT ON documentdb_api_distributed.documentdb_cluster_data TO documentdb_admin_role;
SQL
    printf 'mongodb://%s:%s@127.0.0.1:%s/?authMechanism=SCRAM-SHA-256&tls=false\n' "$user" "$pw" "$gw_port" >"$run/url"
    umask 022
}

print_next() {
    local v
    v="$(psql_node 0 -A -t -c "SELECT string_agg(extname || ' ' || extversion, ', ' ORDER BY extname) FROM pg_extension WHERE extname IN ('citus', 'documentdb', 'documentdb_distributed')")"
    echo "DocumentDB cluster ($v) on PostgreSQL $(server_version) runs in $run: gateway 127.0.0.1:$gw_port, coordinator 127.0.0.1:$(node_port 0), workers $(for i in $(seq 1 "$workers"); do printf '127.0.0.1:%s ' "$(node_port "$i")"; done)"
    echo "  tests: export LINKBENCH_MONGO_CLUSTER_URL=\"\$(cat $run/url)\" LINKBENCH_DOCUMENTDB_CLUSTER_CONTROL=$root/scripts/start-documentdb-cluster.sh   (the whole URL, password included, is in $run/url)"
    echo "next: java -jar linkbench.jar -c config/documentdb-cluster.properties -l -r   (other ports or users: -D url=mongodb://127.0.0.1:$gw_port/ -D user=$user -D password_file=$run/password)"
}

case "$action" in
    build) ensure_built ;;
    start)
        ensure_built
        mkdir -p "$run"; chmod 755 "$run"; chown postgres "$run"
        as_pg mkdir -p "$sock"; chmod 700 "$sock"
        for i in $(node_indexes); do init_node "$i"; start_node "$i"; done
        setup_cluster
        start_gateway
        [ -n "${QUIET:-}" ] || print_next ;;
    stop)
        stop_gateway TERM
        stop_nodes
        exit 0 ;;
    status)
        down=()
        { [ -n "$(gateway_pid || true)" ] && port_open "$gw_port"; } || down+=("gateway 127.0.0.1:$gw_port")
        for i in $(node_indexes); do node_answers "$i" || down+=("$(node_name "$i") 127.0.0.1:$(node_port "$i")"); done
        if [ ${#down[@]} -eq 0 ]; then
            echo "the DocumentDB cluster runs: gateway 127.0.0.1:$gw_port, coordinator 127.0.0.1:$(node_port 0) and $workers workers answer ($run)"; exit 0
        fi
        echo "the DocumentDB cluster does not run: no answer from ${down[*]}"; exit 1 ;;
    url) find_sources; [ -s "$run/url" ] || fail "no URL yet: run start first"; cat "$run/url" ;;
    kill-node | pause-node | resume-node | start-node | restart-node) node_fault "$action" "${2:-}" ;;
    kill-gateway) stop_gateway KILL ;;
    restart-gateway)
        find_sources
        gateway_bin="$(LINKBENCH_DOCUMENTDB_SRC="$ddb_src" bash "$root/scripts/start-documentdb.sh" gateway-bin)" \
            || fail "scripts/start-documentdb.sh names no gateway"
        stop_gateway KILL; start_gateway ;;
    *) fail "unknown action '$action' (start, stop, status, url, build, kill-node, pause-node, resume-node, start-node, restart-node, kill-gateway, restart-gateway)" ;;
esac
