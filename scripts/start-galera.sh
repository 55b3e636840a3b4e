#!/usr/bin/env bash
# Starts a 3-node MariaDB Galera cluster on loopback addresses (InnoDB), unless its nodes already run:
# three data directories under GALERA_DIR (default /tmp/linkbench-galera), MySQL ports 3311-3313,
# group communication 4571-4573, IST 4581-4583, SST (rsync) 4591-4593. Idempotent: a node that is not
# running is started and joins the others (the first node bootstraps the cluster only when no node
# runs). Waits until every node is Synced in a cluster of 3, then creates the JDBC user
# LINKBENCH_MYSQL_USER / LINKBENCH_PASSWORD (default linkbench / linkbench). About 30 s from nothing.
#   scripts/start-galera.sh          start what is missing
#   scripts/start-galera.sh stop     stop every node (SIGTERM, then wait)
#   scripts/start-galera.sh status   exit 0, saying so, when the 3 nodes are Synced, else 1
#   scripts/start-galera.sh kill-node I
#                                    a crash of node I (1-3), for the tests: SIGKILL to every process
#                                    whose working directory is its data directory, again until none is
#                                    left; the next start ends what a killed node left running, then
#                                    starts it, and it rejoins the others
set -euo pipefail
dir=${GALERA_DIR:-/tmp/linkbench-galera}
user="${LINKBENCH_MYSQL_USER:-linkbench}"
password="${LINKBENCH_PASSWORD:-linkbench}"
fail() { echo "start-galera: $*" >&2; exit 1; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi; }
sock() { echo "$dir/s_$1.sock"; }
alive() { as_root mariadb-admin --socket="$(sock "$1")" ping --silent >/dev/null 2>&1; }
sql() { as_root mariadb --socket="$(sock "$1")" -N -B -e "$2"; }

# stops the given nodes (SIGTERM, then waits until the processes are gone, not only silent: a new
# start needs their files)
stop_nodes() {
    local i pid pids=() running
    for i in "$@"; do
        [[ -f "$dir/p_$i.pid" ]] && pids+=("$(cat "$dir/p_$i.pid")")
    done
    for pid in "${pids[@]}"; do as_root kill "$pid" 2>/dev/null || true; done
    for _ in $(seq 240); do
        running=0
        for pid in "${pids[@]}"; do as_root kill -0 "$pid" 2>/dev/null && running=1; done
        [[ $running -eq 0 ]] && return 0
        sleep 0.5
    done
    fail "node(s) $* did not stop within 120 s"
}
LB_NAME=start-galera
if [[ "${1:-}" == stop ]]; then
    stop_nodes 1 2 3
    exit 0
fi
if [[ "${1:-}" == kill-node ]]; then
    [[ "${2:-}" =~ ^[123]$ ]] || fail "kill-node needs a node number: 1, 2 or 3"
    [[ -d "$dir/d_$2" ]] || fail "node $2 does not exist in $dir: run scripts/start-galera.sh first"
    as_root bash -c ". '$(dirname "${BASH_SOURCE[0]}")/lib/procs.sh'; LB_NAME=start-galera lb_kill_dir '$dir/d_$2' 30" \
        || fail "node $2 did not die within 30 s"
    exit 0
fi
synced() {
    alive "$1" && [[ "$(sql "$1" "SHOW STATUS LIKE 'wsrep_local_state_comment'" 2>/dev/null | cut -f2)" == Synced ]]
}
if [[ "${1:-}" == status ]]; then
    for i in 1 2 3; do
        synced "$i" || { echo "Galera does not run: node $i (127.0.0.1:331$i) is not Synced"; exit 1; }
    done
    echo "Galera runs: nodes 127.0.0.1:3311-3313 Synced ($dir)"
    exit 0
fi
[[ -z "${1:-}" || "${1:-}" == start ]] || fail "unknown action '$1' (start, stop, status or kill-node I)"

[[ -f /usr/lib/galera/libgalera_smm.so ]] || bash "$(dirname "$0")/start-mariadb.sh" # installs mariadb-server (galera-4)
[[ -f /usr/lib/galera/libgalera_smm.so ]] || fail "/usr/lib/galera/libgalera_smm.so missing: install galera-4"
command -v rsync >/dev/null || fail "rsync missing: install rsync"
as_root install -d -o mysql -g mysql "$dir"
for i in 1 2 3; do
    if [[ ! -d "$dir/d_$i/mysql" ]]; then
        as_root install -d -o mysql -g mysql "$dir/d_$i"
        as_root mariadb-install-db --no-defaults --datadir="$dir/d_$i" --user=mysql >"$dir/install_$i.log" 2>&1 \
            || fail "mariadb-install-db for node $i failed (see $dir/install_$i.log)"
    fi
    cat > "$dir/n_$i.cnf" <<CNF
[mariadbd]
datadir=$dir/d_$i
port=331$i
socket=$(sock "$i")
pid-file=$dir/p_$i.pid
bind-address=127.0.0.1
binlog_format=ROW
default_storage_engine=InnoDB
innodb_autoinc_lock_mode=2
innodb_buffer_pool_size=64M
innodb_flush_log_at_trx_commit=2
wsrep_on=ON
wsrep_provider=/usr/lib/galera/libgalera_smm.so
wsrep_cluster_address=gcomm://127.0.0.1:4571,127.0.0.1:4572,127.0.0.1:4573
wsrep_node_address=127.0.0.1:457$i
wsrep_provider_options="gmcast.listen_addr=tcp://127.0.0.1:457$i;ist.recv_addr=127.0.0.1:458$i"
wsrep_sst_receive_address=127.0.0.1:459$i
wsrep_sst_method=rsync
wsrep_cluster_name=linkbench
CNF
done

start_node() { # $1: node, $2: extra option
    local pid=""
    [[ -f "$dir/p_$1.pid" ]] && pid="$(cat "$dir/p_$1.pid")"
    if [[ -z "$pid" ]] || ! as_root kill -0 "$pid" 2>/dev/null; then
        # what a killed node left running in its data directory (an SST helper, a mariadbd whose pid file
        # was removed) would hold its ports or files
        as_root bash -c ". '$(dirname "${BASH_SOURCE[0]}")/lib/procs.sh'; LB_NAME=start-galera lb_clear_leftovers '$dir/d_$1'" \
            || fail "processes left by the killed node $1 in $dir/d_$1 would not die"
    fi
    as_root nohup mariadbd --defaults-file="$dir/n_$1.cnf" --user=mysql ${2:-} >>"$dir/node_$1.log" 2>&1 </dev/null &
    for _ in $(seq 240); do
        synced "$1" && return 0
        sleep 0.5
    done
    fail "node $1 was not Synced within 120 s (see $dir/node_$1.log)"
}
# shellcheck source-path=SCRIPTDIR source=lib/packages.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib/packages.sh"
for i in 1 2 3; do # a node on binaries that a package upgrade replaced rejoins on the new ones, one at a time
    if alive "$i" && [[ -f "$dir/p_$i.pid" ]] && lb_replaced_binary "$(cat "$dir/p_$i.pid")"; then
        echo "start-galera: restarting node $i: it runs binaries that a package upgrade replaced" >&2
        stop_nodes "$i"
        if alive 1 || alive 2 || alive 3; then start_node "$i"; fi
    fi
done
if ! alive 1 && ! alive 2 && ! alive 3; then
    # bootstrap from node 1; allow it even if it was not the last to leave (this is a test cluster)
    as_root sed -i 's/^safe_to_bootstrap: 0/safe_to_bootstrap: 1/' "$dir/d_1/grastate.dat" 2>/dev/null || true
    start_node 1 --wsrep-new-cluster
fi
for i in 1 2 3; do
    alive "$i" || start_node "$i"
done
for i in 1 2 3; do
    for _ in $(seq 120); do synced "$i" && break; sleep 0.5; done
    synced "$i" || fail "node $i is not Synced (see $dir/node_$i.log)"
done
[[ "$(sql 1 "SHOW STATUS LIKE 'wsrep_cluster_size'" | cut -f2)" == 3 ]] || fail "the cluster does not have 3 nodes"
for host in localhost 127.0.0.1; do
    sql 1 "CREATE USER IF NOT EXISTS '$user'@'$host' IDENTIFIED BY '$password'; GRANT ALL ON *.* TO '$user'@'$host'"
done
echo "next: java -jar linkbench.jar -c config/innodb.properties -D hosts=127.0.0.1:3311,127.0.0.1:3312,127.0.0.1:3313 -l -r"
