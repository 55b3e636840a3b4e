#!/usr/bin/env bash
# Runs a sharded MariaDB on this machine -- a Spider head and backends, each a mariadbd of its own with
# its own data directory, port and socket -- for the mysql store with spider = on
# (config/spider.properties, config/spider-myrocks.properties) and its tests. Packages come from Debian
# only (mariadb-server, mariadb-plugin-rocksdb, mariadb-plugin-spider, through scripts/lib/packages.sh);
# the default MariaDB on 3306 and the Galera nodes are never touched.
#
#   scripts/start-spider.sh start      install what is missing, start every node, say what to run next
#   scripts/start-spider.sh stop       stop every node (a clean shutdown, then wait)
#   scripts/start-spider.sh status     exit 0 and say so when every node answers, else exit 1
#   scripts/start-spider.sh url        print the head's JDBC URL
#   scripts/start-spider.sh kill-node I | crash-node I | pause-node I | resume-node I | start-node I | restart-node I
#                                      fault helpers for the store's tests; node 0 is the head, 1..N the
#                                      backends. kill-node sends SIGKILL to every process of the node
#                                      (scripts/lib/procs.sh: found by its data directory, again until none
#                                      is left); crash-node SIGABRT (a crash of the server itself, as after
#                                      an assertion); pause-node SIGSTOP, resume-node SIGCONT; start-node starts
#                                      a stopped or killed node (crash recovery); restart-node restarts a
#                                      running one (clean shutdown).
#
# A node whose last run ended in a crash of its own (its log's "mariadbd got signal N": an assertion, a
# segfault; never a kill from outside) starts on new, empty data, saying so; the damaged data directory is
# kept as nodeI/data.damaged. MariaDB 10.11.19 left a backend so (an InnoDB assertion in its purge after
# many SIGKILLs of the fault tests, again after every restart): its databases are lost, load again.
#
# Layout: LINKBENCH_SPIDER_DIR (default /var/tmp/linkbench-spider) holds nodeI/ with data/, my.cnf,
# mariadbd.sock, mariadbd.pid and mariadbd.log. The head listens on 127.0.0.1:LINKBENCH_SPIDER_PORT
# (default 3340), backend i on a loopback address of its own, 127.0.0.(1+i), and that port + i;
# LINKBENCH_SPIDER_BACKENDS (default 2) backends. Every backend loads both InnoDB and MyRocks, so one
# cluster serves both engines (the store's `engine` key picks the backends' tables' engine). The head
# loads Spider and knows backend i as the server `backendI` (CREATE SERVER ... HOST '127.0.0.(1+i)'):
# a host name per backend is what Spider's XA needs (it registers a transaction's members by host, and
# two on one host fail the COMMIT with 12606), so the store offers transactions on this cluster and
# sets spider_internal_xa for the sessions that run them; the script leaves the global value (OFF) alone.
# A start finds a cluster of an older script (backends on 127.0.0.1) and moves it: it restarts each
# backend that does not answer on its own address and redefines its server on the head.
# The store creates the tables on the backends and the head.
# LINKBENCH_SPIDER_MEMORY (default 64M) is each node's InnoDB buffer pool and RocksDB block cache;
# LINKBENCH_SPIDER_ARGS adds mariadbd options to every node.
# Every node has the user LINKBENCH_MYSQL_USER / LINKBENCH_PASSWORD (default linkbench / linkbench)
# for 'localhost', '127.0.0.1' and '127.0.0.%' with all privileges; the head reaches the backends as
# that user.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${LINKBENCH_SPIDER_DIR:-/var/tmp/linkbench-spider}"
port0="${LINKBENCH_SPIDER_PORT:-3340}"
backends="${LINKBENCH_SPIDER_BACKENDS:-2}"
memory="${LINKBENCH_SPIDER_MEMORY:-64M}"
user="${LINKBENCH_MYSQL_USER:-linkbench}"
password="${LINKBENCH_PASSWORD:-linkbench}"
action="${1:-start}"

fail() { echo "start-spider: $*" >&2; exit 1; }
[[ "$backends" =~ ^[1-9][0-9]?$ ]] || fail "LINKBENCH_SPIDER_BACKENDS must be 1..99, not '$backends'"
[[ "$port0" =~ ^[0-9]+$ ]] && [ "$port0" -ge 1024 ] && [ $((port0 + backends)) -le 65535 ] \
    || fail "LINKBENCH_SPIDER_PORT must leave room for the backends in 1024..65535, not '$port0'"
[[ "$memory" =~ ^[0-9]+[KMG]?$ ]] || fail "LINKBENCH_SPIDER_MEMORY must be a size like 64M, not '$memory'"

LB_NAME=start-spider
# shellcheck source-path=SCRIPTDIR source=lib/packages.sh
. "$root/scripts/lib/packages.sh"
# shellcheck source-path=SCRIPTDIR source=lib/procs.sh
. "$root/scripts/lib/procs.sh"

node_dir() { echo "$dir/node$1"; }
node_data() { echo "$dir/node$1/data"; }
node_sock() { echo "$dir/node$1/mariadbd.sock"; }
node_port() { echo $((port0 + $1)); }
node_host() { echo "127.0.0.$((1 + $1))"; }
node_address() { echo "$(node_host "$1"):$(node_port "$1")"; }
node_name() { if [ "$1" -eq 0 ]; then echo head; else echo "backend $1"; fi; }
node_indexes() { seq 0 "$backends"; }
alive() { lb_as_root mariadb-admin --no-defaults --socket="$(node_sock "$1")" --connect-timeout=5 ping --silent >/dev/null 2>&1; }
sql() { lb_as_root mariadb --no-defaults --socket="$(node_sock "$1")" -N -B "${@:2}"; }
port_open() { (exec 3<>"/dev/tcp/$(node_host "$1")/$(node_port "$1")") 2>/dev/null; }
running() { [ -n "$(lb_dir_pids "$(node_data "$1")")" ]; }

install_packages() {
    if ! command -v mariadbd >/dev/null 2>&1 || [ ! -f /usr/lib/mysql/plugin/ha_rocksdb.so ] \
        || [ ! -f /usr/lib/mysql/plugin/ha_spider.so ]; then
        local family
        mapfile -t family < <(lb_family mariadb "")
        lb_say "installing mariadb-server, mariadb-plugin-rocksdb and mariadb-plugin-spider"
        lb_apt_install mariadb-server mariadb-plugin-rocksdb mariadb-plugin-spider "${family[@]}" || exit 1
    fi
}

write_cnf() {
    local i="$1" d; d="$(node_dir "$i")"
    {
        cat <<CNF
# linkbench: $(node_name "$i") of the Spider cluster of scripts/start-spider.sh (rewritten by every start)
[mariadbd]
datadir=$(node_data "$i")
port=$(node_port "$i")
socket=$(node_sock "$i")
pid-file=$d/mariadbd.pid
log-error=$d/mariadbd.log
bind-address=$(node_host "$i")
skip-name-resolve
max_connections=400
innodb_buffer_pool_size=$memory
innodb_flush_log_at_trx_commit=2
innodb_log_file_size=96M
CNF
        if [ "$i" -eq 0 ]; then
            # Spider's own connections to the backends fail within these seconds (the store sets the
            # read and write timeouts per session from its socket_timeout, so a stopped backend fails
            # a statement instead of holding the head's thread)
            cat <<CNF
plugin-load-add=ha_spider.so
# new auto-increment ids from the head's own counter (the default asks every backend with a lock, and
# two concurrent inserts deadlock across two backends)
spider_auto_increment_mode=1
# keep a session's connection to a backend for its next statements (the default opens one per transaction)
spider_conn_recycle_mode=2
spider_connect_timeout=5
spider_net_read_timeout=60
spider_net_write_timeout=60
CNF
        else
            cat <<CNF
plugin-load-add=ha_rocksdb.so
rocksdb_block_cache_size=$memory
rocksdb_max_row_locks=1073741824
CNF
        fi
    } >"$d/my.cnf"
}

init_node() {
    local i="$1" d; d="$(node_dir "$i")"
    install -d -o mysql -g mysql "$d"
    write_cnf "$i"
    [ -d "$(node_data "$i")/mysql" ] && return 0
    install -d -o mysql -g mysql "$(node_data "$i")"
    mariadb-install-db --no-defaults --datadir="$(node_data "$i")" --user=mysql --auth-root-authentication-method=socket \
        >"$d/install.log" 2>&1 || fail "mariadb-install-db of the $(node_name "$i") failed (see $d/install.log)"
}

# crashed_by_itself I: node I's last run ended in a crash of the server itself ("mariadbd got signal N" after the
# log's last "Starting MariaDB": an assertion, a segfault), not in a kill from outside (SIGKILL leaves no line).
crashed_by_itself() {
    local log; log="$(node_dir "$1")/mariadbd.log"
    [ -f "$log" ] && awk '/\[Note\] Starting MariaDB/ { crashed = 0 } /mariadbd got signal [0-9]+ ;/ { crashed = 1 }
        END { exit !crashed }' "$log"
}

# renew_node I: node I's data directory made anew, empty; the damaged one kept as data.damaged (replacing an
# older one). Seen on MariaDB 10.11.19: after many SIGKILLs of the fault tests a backend's InnoDB asserted in
# its purge (trx0purge.cc line 277, the rollback segment's history list) and did so again after every restart
# under writes; the only way back is new data. The node's databases are lost: load again with schema=recreate.
renew_node() {
    local i="$1" d; d="$(node_dir "$i")"
    lb_say "the $(node_name "$i") crashed by itself when it last ran (\"$(grep -a 'mariadbd got signal' "$d/mariadbd.log" \
        | tail -n 1)\", see $d/mariadbd.log): its data directory is taken as damaged and made anew, empty (kept as" \
        "$d/data.damaged); load again with schema=recreate"
    rm -rf "$d/data.damaged"
    mv "$(node_data "$i")" "$d/data.damaged"
    init_node "$i"
}

start_node() {
    local i="$1" d renewed=""; d="$(node_dir "$i")"
    alive "$i" && return 0
    if ! running "$i"; then
        lb_clear_leftovers "$(node_data "$i")"
        if crashed_by_itself "$i"; then
            renew_node "$i"
            renewed=1
        fi
        port_open "$i" && fail "$(node_address "$i") of the $(node_name "$i") is taken by another process: set LINKBENCH_SPIDER_PORT"
        # the whole subshell's streams go to the log and it execs mariadbd: no shell is left holding the caller's
        # output (a test's, which surefire waits on until every holder has closed it)
        # shellcheck disable=SC2086 # LINKBENCH_SPIDER_ARGS is a list of options
        (cd "$(node_data "$i")" && exec nohup mariadbd --defaults-file="$d/my.cnf" --user=mysql ${LINKBENCH_SPIDER_ARGS:-}) \
            >>"$d/mariadbd.out" 2>&1 </dev/null &
    fi
    local deadline=$((SECONDS + 120))
    until alive "$i"; do
        [ $SECONDS -lt $deadline ] || fail "the $(node_name "$i") did not answer within 120 s (see $d/mariadbd.log)"
        running "$i" || [ $SECONDS -lt $((deadline - 115)) ] || fail "the $(node_name "$i") stopped while starting (see $d/mariadbd.log)"
        sleep 0.2
    done
    if [ -n "$renewed" ]; then
        setup_user "$i"
        [ "$i" -ne 0 ] || setup_servers
    fi
}

stop_node() {
    local i="$1"
    running "$i" || return 0
    lb_signal_dir CONT "$(node_data "$i")"   # a paused node cannot shut down
    lb_as_root mariadb-admin --no-defaults --socket="$(node_sock "$i")" --connect-timeout=5 shutdown >/dev/null 2>&1 \
        || lb_signal_dir TERM "$(node_data "$i")"
    await_gone "$i" 120 "did not stop"
}

# await_gone I SECONDS WHAT: waits until no process of node I is left, failing with "the <node> WHAT within
# SECONDS s" past that deadline
await_gone() {
    local deadline=$((SECONDS + $2))
    while running "$1"; do
        [ $SECONDS -lt $deadline ] || fail "the $(node_name "$1") $3 within $2 s"
        sleep 0.2
    done
}

# The user on every node (password through stdin, so it appears in no process list); on the head, one
# server per backend. Only what is missing or different is changed, so a start on a running cluster
# drops no Spider connection.
setup_nodes() {
    local i
    for i in $(node_indexes); do
        setup_user "$i"
    done
    setup_servers
}

# the password quoted for a SQL string literal
quoted_password() {
    local q="${password//\\/\\\\}"
    printf '%s' "${q//\'/\\\'}"
}

setup_user() {
    local i="$1" q; q="$(quoted_password)"
    sql "$i" <<SQL || fail "could not create the user '$user' on the $(node_name "$i") (see $(node_dir "$i")/mariadbd.log)"
CREATE USER IF NOT EXISTS '$user'@'localhost' IDENTIFIED BY '$q';
CREATE USER IF NOT EXISTS '$user'@'127.0.0.1' IDENTIFIED BY '$q';
CREATE USER IF NOT EXISTS '$user'@'127.0.0.%' IDENTIFIED BY '$q';
ALTER USER '$user'@'localhost' IDENTIFIED BY '$q';
ALTER USER '$user'@'127.0.0.1' IDENTIFIED BY '$q';
ALTER USER '$user'@'127.0.0.%' IDENTIFIED BY '$q';
GRANT ALL PRIVILEGES ON *.* TO '$user'@'localhost' WITH GRANT OPTION;
GRANT ALL PRIVILEGES ON *.* TO '$user'@'127.0.0.1' WITH GRANT OPTION;
GRANT ALL PRIVILEGES ON *.* TO '$user'@'127.0.0.%' WITH GRANT OPTION;
SQL
}

# on the head, one server per backend (only one missing or different is created again)
setup_servers() {
    local i have q; q="$(quoted_password)"
    for i in $(seq 1 "$backends"); do
        have="$(sql 0 -e "SELECT CONCAT(Host, ':', Port, ':', Username, ':', Password) FROM mysql.servers WHERE Server_name = 'backend$i'")"
        [ "$have" = "$(node_address "$i"):$user:$password" ] && continue
        sql 0 <<SQL || fail "could not create the server backend$i on the head (see $(node_dir 0)/mariadbd.log)"
DROP SERVER IF EXISTS backend$i;
CREATE SERVER backend$i FOREIGN DATA WRAPPER mysql OPTIONS (HOST '$(node_host "$i")', PORT $(node_port "$i"), USER '$user', PASSWORD '$q');
SQL
    done
    # servers of backends beyond LINKBENCH_SPIDER_BACKENDS (from a larger cluster before) are dropped
    local extra
    for extra in $(sql 0 -e "SELECT Server_name FROM mysql.servers WHERE Server_name REGEXP '^backend[0-9]+\$' AND CAST(SUBSTRING(Server_name, 8) AS UNSIGNED) > $backends"); do
        sql 0 -e "DROP SERVER $extra"
    done
}

node_arg() {
    [[ "${1:-}" =~ ^[0-9]+$ ]] && [ "$1" -le "$backends" ] || fail "$action needs a node number: 0 (the head) to $backends"
    [ -d "$(node_data "$1")/mysql" ] || fail "node $1 does not exist: run start first"
}

url() { echo "jdbc:mysql://$(node_address 0)/"; }

case "$action" in
    start)
        [ "$(id -u)" -eq 0 ] || fail "must run as root (it installs packages and runs the nodes as the user mysql)"
        install_packages
        install -d -m 755 "$dir"
        for i in $(node_indexes); do
            init_node "$i"
            # a node on binaries that a package upgrade replaced is restarted on the new ones
            pid="$(head -n 1 "$(node_dir "$i")/mariadbd.pid" 2>/dev/null || true)"
            if [ -n "$pid" ] && alive "$i" && lb_replaced_binary "$pid"; then
                lb_say "restarting the $(node_name "$i"): it runs binaries that a package upgrade replaced"
                stop_node "$i"
            elif alive "$i" && ! port_open "$i"; then
                lb_say "restarting the $(node_name "$i"): it does not listen on $(node_address "$i") (an older script's node)"
                stop_node "$i"
            fi
            start_node "$i"
        done
        setup_nodes
        [ "$(sql 0 -e "SELECT SUPPORT FROM information_schema.ENGINES WHERE ENGINE = 'SPIDER'")" = YES ] \
            || fail "the head does not offer the SPIDER engine (see $(node_dir 0)/mariadbd.log)"
        if [ -z "${QUIET:-}" ]; then
            echo "Spider on MariaDB $(sql 0 -e 'SELECT VERSION()') runs in $dir: head $(node_address 0), backends $(for i in $(seq 1 "$backends"); do printf '%s ' "$(node_address "$i")"; done)(InnoDB and ROCKSDB), user $user"
            echo "next: java -jar linkbench.jar -c config/spider.properties -l -r   (MyRocks backends: -c config/spider-myrocks.properties)"
        fi ;;
    stop)
        for i in $(seq "$backends" -1 0); do
            [ -d "$(node_data "$i")/mysql" ] && stop_node "$i"
        done
        exit 0 ;;
    status)
        down=()
        for i in $(node_indexes); do alive "$i" || down+=("$(node_name "$i") $(node_address "$i")"); done
        if [ ${#down[@]} -eq 0 ]; then
            echo "Spider runs: head $(node_address 0) and $backends backends answer, on $(node_host 1)..$(node_host "$backends") ($dir)"; exit 0
        fi
        echo "Spider does not run: no answer from ${down[*]}"; exit 1 ;;
    url) url ;;
    kill-node) node_arg "${2:-}"; lb_kill_dir "$(node_data "$2")" 30 ;;
    crash-node)
        # SIGABRT, which mariadbd takes as a crash of its own (it logs "got signal 6", as after an assertion); then
        # every process of the node is gone within 60 s
        node_arg "${2:-}"
        lb_signal_dir ABRT "$(node_data "$2")" 10 mariadbd
        await_gone "$2" 60 "did not end after SIGABRT" ;;
    pause-node) node_arg "${2:-}"; lb_signal_dir STOP "$(node_data "$2")" ;;
    resume-node) node_arg "${2:-}"; lb_signal_dir CONT "$(node_data "$2")" ;;
    start-node) node_arg "${2:-}"; start_node "$2" ;;
    restart-node) node_arg "${2:-}"; stop_node "$2"; start_node "$2" ;;
    *) fail "unknown action '$action' (start, stop, status, url, kill-node, crash-node, pause-node, resume-node, start-node, restart-node)" ;;
esac
