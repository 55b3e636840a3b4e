#!/usr/bin/env bash
# Builds (once, cached) and runs DocumentDB -- the PostgreSQL extension pg_documentdb plus its gateway
# that speaks the MongoDB wire protocol -- as the real transactional server for the Mongo store's tests.
#
#   scripts/start-documentdb.sh start    build if needed, start cluster + gateway, print the URL
#   scripts/start-documentdb.sh stop     stop gateway and cluster
#   scripts/start-documentdb.sh status   exit 0 and say so when the gateway answers, else exit 1
#   scripts/start-documentdb.sh build    only build (or check the cache)
#   scripts/start-documentdb.sh url      print the URL with the password (for tests; never log it)
#   scripts/start-documentdb.sh gateway-bin  print the path of the built gateway (scripts/start-documentdb-cluster.sh
#                                        runs the same binary)
#   scripts/start-documentdb.sh restart-gateway | kill-gateway | restart-cluster | stop-cluster
#                                        fault helpers for the store's tests: kill-gateway and
#                                        stop-cluster crash the gateway or the cluster (SIGKILL to every
#                                        process of it, found by its working directory or shared memory,
#                                        again until none is left), the restarts then start it again;
#                                        start ends what a killed gateway or cluster left running first
#
# Sources: archives in LINKBENCH_DOCUMENTDB_SRC, else <repo>/../shared/documentdb (never copied into the
# repository). They are looked for first: when neither holds them, "start" and "build" print one line and
# exit 3 having installed nothing, so callers can skip the tests that need the server.
#
# Packages (scripts/lib/packages.sh): PostgreSQL 15's server, -dev, client, libpq and the extension
# packages are installed as one set at the package lists' current versions, so the installed server is
# upgraded when the extensions in the lists need a newer one; the project's clusters that still run on
# the old binaries (this one, scripts/start-postgres.sh's) are then restarted, no others.
#
# The build lives in LINKBENCH_DOCUMENTDB_CACHE (default /var/tmp/linkbench-documentdb/build-<key>),
# keyed by the archives' checksums and this recipe's version; a later start on the same machine only
# copies the staged files into PostgreSQL's directories. The running server lives in
# LINKBENCH_DOCUMENTDB_DIR (default /var/tmp/linkbench-documentdb/run): its own PostgreSQL cluster on
# 127.0.0.1:LINKBENCH_DOCUMENTDB_PG_PORT (default 5442) and the gateway on
# 127.0.0.1:LINKBENCH_DOCUMENTDB_PORT (default 10260). The password is generated once, stored in
# run/password (mode 600) and never printed; the full URL is in run/url (mode 600). Exit codes: 0 ok,
# 1 failure (one line on standard error), 3 no sources (one line saying the tests are skipped).
set -euo pipefail

recipe=1   # bump when the build steps change: it is part of the cache key
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
base="${LINKBENCH_DOCUMENTDB_CACHE:-/var/tmp/linkbench-documentdb}"
run="${LINKBENCH_DOCUMENTDB_DIR:-$base/run}"
pg_port="${LINKBENCH_DOCUMENTDB_PG_PORT:-5442}"
gw_port="${LINKBENCH_DOCUMENTDB_PORT:-10260}"
user="${LINKBENCH_DOCUMENTDB_USER:-linkbench}"
action="${1:-start}"
pg_major=15

fail() { echo "start-documentdb: $*" >&2; exit 1; }
say() { [ -n "${QUIET:-}" ] || echo "start-documentdb: $*" >&2; }

find_src() {
    local d
    for d in "${LINKBENCH_DOCUMENTDB_SRC:-}" "$root/../shared/documentdb"; do
        if [ -n "$d" ] && ls "$d"/documentdb-*.tar.gz >/dev/null 2>&1 && ls "$d"/pgvector-*.tar.gz >/dev/null 2>&1 \
            && ls "$d"/pg_cron-*.tar.gz >/dev/null 2>&1 && [ -f "$d/intelmathlib.pc" ]; then
            (cd "$d" && pwd); return 0
        fi
    done
    return 1
}
# the sources first: without them nothing is installed or started
src="$(find_src || true)"
if [ -z "$src" ] && { [ "$action" = start ] || [ "$action" = build ]; }; then
    echo "start-documentdb: no DocumentDB sources in LINKBENCH_DOCUMENTDB_SRC or ../shared/documentdb beside the checkout: the Mongo store's real-server tests are skipped" >&2
    exit 3
fi

pgbin="/usr/lib/postgresql/$pg_major/bin"
as_pg() { runuser -u postgres -- "$@"; }
[ "$(id -u)" -eq 0 ] || fail "must run as root (it installs packages and runs the cluster as the user postgres)"

# ---------------------------------------------------------------- packages
LB_NAME=start-documentdb
# shellcheck source-path=SCRIPTDIR source=lib/packages.sh
. "$root/scripts/lib/packages.sh"
# shellcheck source-path=SCRIPTDIR source=lib/procs.sh
. "$root/scripts/lib/procs.sh"
# shellcheck source-path=SCRIPTDIR source=lib/gateway.sh
. "$root/scripts/lib/gateway.sh"
ensure_packages() {
    # runtime (and build) packages; lb_pg_install takes them with the server, client and libpq as one set
    local want=(libbson-1.0-0 libpcre2-8-0 "postgresql-$pg_major" "postgresql-$pg_major-postgis-3" "postgresql-$pg_major-rum")
    [ "${1:-}" = build ] && want+=(libbson-dev libintelrdfpmath-dev libpcre2-dev pkg-config make gcc "postgresql-server-dev-$pg_major")
    if lb_installed "postgresql-$pg_major-cron"; then
        # its pg_cron 1.4 control file would win over the 1.6 built here
        lb_apt remove -y "postgresql-$pg_major-cron" || fail "apt-get remove postgresql-$pg_major-cron failed (see $(lb_apt_log))"
    fi
    lb_pg_install "$pg_major" "${want[@]}" || exit 1
}

# ---------------------------------------------------------------- build
key=""
if [ -n "$src" ]; then
    key="$( (cd "$src" && sha256sum documentdb-*.tar.gz pgvector-*.tar.gz pg_cron-*.tar.gz intelmathlib.pc; echo "recipe $recipe pg $pg_major") \
        | sha256sum | cut -c1-12)"
fi
build="$base/build-$key"
stage="$build/stage"

build_all() {
    local log="$build/build.log" work="$build/work"
    ensure_packages build
    command -v cargo >/dev/null 2>&1 || [ -x "$HOME/.cargo/bin/cargo" ] || {
        say "installing cargo"; lb_apt_install --no-install-recommends cargo rustc || exit 1; }
    export PATH="$HOME/.cargo/bin:$PATH"
    rm -rf "$work" "$stage"; mkdir -p "$work" "$stage"
    : >"$log"
    say "building DocumentDB from $src into $build (about 8-10 minutes; log $log)"
    local t
    for t in documentdb pgvector pg_cron; do tar xzf "$src"/$t-*.tar.gz -C "$work"; done
    # gssapi headers: unpacked, not installed (installing libkrb5-dev would upgrade the krb5 libraries)
    (cd "$work" && apt-get download libkrb5-dev krb5-multidev >>"$log" 2>&1) || fail "apt-get download libkrb5-dev failed (see $log)"
    mkdir -p "$work/krb5"
    for t in "$work"/*.deb; do dpkg -x "$t" "$work/krb5"; done
    export C_INCLUDE_PATH="$work/krb5/usr/include${C_INCLUDE_PATH:+:$C_INCLUDE_PATH}"
    export PKG_CONFIG_PATH="$src"
    local pgcfg="$pgbin/pg_config" jobs
    jobs="$(nproc)"
    mk() { # dir, make args...: build, install into the system (later steps need it) and into the stage
        local d="$1"; shift
        (cd "$d" && make -j"$jobs" PG_CONFIG="$pgcfg" "$@" >>"$log" 2>&1 \
            && make PG_CONFIG="$pgcfg" "$@" install >>"$log" 2>&1 \
            && make PG_CONFIG="$pgcfg" "$@" DESTDIR="$stage" install >>"$log" 2>&1) \
            || fail "building $(basename "$d") failed (see $log)"
    }
    mk "$work/pgvector" OPTFLAGS=""
    mk "$work/pg_cron" with_llvm=no
    mk "$work/documentdb/pg_documentdb_core" with_llvm=no
    mk "$work/documentdb/pg_documentdb" with_llvm=no COPT="-DBSON_SUBTYPE_SENSITIVE=0x08 -Wno-error=switch"
    (cd "$work/documentdb/pg_documentdb_gw" && CARGO_TARGET_DIR="$build/cargo" cargo build --release -j"$jobs" >>"$log" 2>&1) \
        || fail "cargo build of the gateway failed (see $log)"
    mkdir -p "$build/bin"
    cp "$build/cargo/release/documentdb_gateway" "$build/bin/"
    rm -rf "$work" "$build/cargo"
    touch "$build/done"
    say "built in $build"
}

ensure_built() {
    mkdir -p "$base"
    exec 9>"$base/build.lock"
    flock 9
    if [ ! -f "$build/done" ]; then build_all; fi
    ensure_packages
    # put the staged extension files in place when this machine lacks them or they differ
    if ! cmp -s "$stage/usr/lib/postgresql/$pg_major/lib/pg_documentdb.so" "/usr/lib/postgresql/$pg_major/lib/pg_documentdb.so" \
        || ! cmp -s "$stage/usr/lib/postgresql/$pg_major/lib/pg_cron.so" "/usr/lib/postgresql/$pg_major/lib/pg_cron.so"; then
        cp -a "$stage"/. /
    fi
    flock -u 9
}

# ---------------------------------------------------------------- run
data="$run/data"
sock="$run/socket"
pg_log="$run/postgres.log"
gw_log="$run/gateway.log"
# the gateway (lib/gateway.sh) runs in $run (the cluster's processes in $run/data)
gw_dir="$run"
gw_port_var=LINKBENCH_DOCUMENTDB_PORT
gw_pg_port="$pg_port"
gateway_bin="$build/bin/documentdb_gateway"
pg_ctl() { as_pg "$pgbin/pg_ctl" -D "$data" "$@"; }
psql_admin() { PGOPTIONS="-c client_min_messages=warning" as_pg "$pgbin/psql" -X -q -v ON_ERROR_STOP=1 -h "$sock" -p "$pg_port" -d postgres "$@"; }
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
wait_for() { # seconds, command...: poll until the command succeeds or the deadline passes
    local deadline=$((SECONDS + $1)); shift
    until "$@"; do [ $SECONDS -lt $deadline ] || return 1; sleep 0.2; done
}

start_cluster() {
    mkdir -p "$run"; chmod 755 "$run"; chown postgres "$run"
    as_pg mkdir -p "$sock"
    if [ ! -f "$data/PG_VERSION" ]; then
        as_pg "$pgbin/initdb" -D "$data" -U postgres -A trust -E UTF8 --no-locale >"$run/initdb.log" 2>&1 \
            || fail "initdb failed (see $run/initdb.log)"
        cat >>"$data/postgresql.conf" <<CONF
shared_preload_libraries = 'pg_cron, pg_documentdb_core, pg_documentdb'
cron.database_name = 'postgres'
listen_addresses = '127.0.0.1'
port = $pg_port
unix_socket_directories = '$sock'
max_connections = 300
CONF
        # the gateway checks SCRAM itself, then connects without a password (loopback only)
        printf 'local all all trust\nhost all all 127.0.0.1/32 trust\n' >"$data/pg_hba.conf"
    fi
    lb_pg_register "$data" "$pg_log"   # a later upgrade restarts it when it runs on the replaced binaries
    lb_pg_restart_stale || true
    lb_await_reaped "$data/postmaster.pid" || true   # a killed postmaster not yet reaped looks alive
    if ! pg_ctl status >/dev/null 2>&1; then
        # backends of a killed postmaster may live on, holding its shared memory: end them first
        lb_clear_leftovers "$data" postgres || fail "processes left by a killed server in $data would not die"
        pg_ctl -w -t 120 -l "$pg_log" start >/dev/null 2>&1 || fail "postgres did not start within 120 s (see $pg_log)"
    fi
}

setup_role() {
    umask 077
    [ -s "$run/password" ] || head -c 18 /dev/urandom | base64 | tr -d '/+=' >"$run/password"
    local pw; pw="$(cat "$run/password")"
    # the password goes through stdin, so it appears in no process list
    psql_admin <<SQL >/dev/null || fail "could not create the extension or the role '$user' (see $pg_log)"
CREATE EXTENSION IF NOT EXISTS documentdb CASCADE;
SELECT format('CREATE ROLE %I LOGIN', '$user') WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '$user')
\\gexec
ALTER ROLE "$user" LOGIN CREATEROLE PASSWORD '$pw';
GRANT documentdb_admin_role TO "$user" WITH ADMIN OPTION;
SQL
    printf 'mongodb://%s:%s@127.0.0.1:%s/?authMechanism=SCRAM-SHA-256&tls=false\n' "$user" "$pw" "$gw_port" >"$run/url"
    umask 022
}

crash_cluster() { # SIGKILL to every process of the cluster, until none is left
    lb_kill_dir "$data" 30 postgres || fail "the PostgreSQL cluster in $data did not die within 30 s"
}

print_url() {
    echo "DocumentDB runs: gateway 127.0.0.1:$gw_port (log $gw_log), PostgreSQL 127.0.0.1:$pg_port (log $pg_log)"
    echo "  linkbench: -c config/mongo.properties -D url=mongodb://127.0.0.1:$gw_port/ -D user=$user -D password_file=$run/password"
    echo "  tests: export LINKBENCH_MONGO_URL=\"\$(cat $run/url)\"   (the whole URL, password included, is in $run/url)"
}

case "$action" in
    build) ensure_built ;;
    start)
        ensure_built
        start_cluster
        setup_role
        start_gateway
        [ -n "${QUIET:-}" ] || print_url ;;
    stop)
        stop_gateway TERM
        pg_ctl status >/dev/null 2>&1 && pg_ctl -m fast -w stop >/dev/null
        exit 0 ;;
    status)
        if [ -n "$(gateway_pid || true)" ] && port_open "$gw_port" && pg_ctl status >/dev/null 2>&1; then
            print_url; exit 0
        fi
        echo "DocumentDB does not run (gateway 127.0.0.1:$gw_port, PostgreSQL 127.0.0.1:$pg_port)"; exit 1 ;;
    url) [ -s "$run/url" ] || fail "no URL yet: run start first"; cat "$run/url" ;;
    gateway-bin) [ -f "$build/done" ] || fail "not built yet: run build first"; echo "$build/bin/documentdb_gateway" ;;
    kill-gateway) stop_gateway KILL ;;
    restart-gateway) stop_gateway KILL; start_gateway ;;
    stop-cluster) crash_cluster; exit 0 ;;
    restart-cluster)
        crash_cluster
        pg_ctl -w -t 120 -l "$pg_log" start >/dev/null 2>&1 || fail "postgres did not start within 120 s (see $pg_log)" ;;
    *) fail "unknown action '$action' (start, stop, status, build, url, gateway-bin, kill-gateway, restart-gateway, stop-cluster, restart-cluster)" ;;
esac
