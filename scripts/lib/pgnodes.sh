# shellcheck shell=bash
# The PostgreSQL nodes of a cluster on this machine -- a coordinator (node 0) and workers 1..N, each a PostgreSQL
# cluster of its own in $run/nodeI/data on 127.0.0.1:$port0+I -- for scripts/start-citus.sh and
# scripts/start-documentdb-cluster.sh. The caller sources lib/packages.sh and lib/procs.sh, defines fail and
# port_open, and sets:
#   run, port0, workers, pgbin   where the nodes live, the coordinator's port, the number of workers, the binaries
#   node_port_var                the variable that sets port0 (named when a port is taken)
#   node_pg_args                 postgres options for every node's start ("" for none)

node_dir() { echo "$run/node$1"; }
node_port() { echo $((port0 + $1)); }
node_name() { if [ "$1" -eq 0 ]; then echo coordinator; else echo "worker $1"; fi; }
node_indexes() { seq 0 "$workers"; }
as_pg() { runuser -u postgres -- "$@"; }
pg_ctl_node() { local i="$1"; shift; as_pg "$pgbin/pg_ctl" -D "$(node_dir "$i")/data" "$@"; }

node_answers() { # this cluster's node i runs (its postmaster.pid) and answers on its port
    local pidfile; pidfile="$(node_dir "$1")/data/postmaster.pid"
    [ -f "$pidfile" ] && kill -0 "$(head -1 "$pidfile")" 2>/dev/null \
        && as_pg "$pgbin/pg_isready" -q -h 127.0.0.1 -p "$(node_port "$1")" -t 5 >/dev/null 2>&1
}

start_node() { # node: started when it does not run (crash recovery after a kill)
    local i="$1" d; d="$(node_dir "$i")"
    lb_pg_register "$d/data" "$d/postgres.log"   # a later upgrade restarts it when it runs on the replaced binaries
    lb_await_reaped "$d/data/postmaster.pid" || true   # a killed postmaster not yet reaped looks alive
    pg_ctl_node "$i" status >/dev/null 2>&1 && { lb_pg_restart_stale || true; return 0; }
    # backends of a killed postmaster may live on (one stuck on a lock keeps the shared memory attached,
    # and the new postmaster would refuse to start): end them first
    lb_clear_leftovers "$d/data" postgres || fail "processes left by the killed $(node_name "$i") in $d/data would not die"
    port_open "$(node_port "$i")" && fail "port $(node_port "$i") of the $(node_name "$i") is taken by another process: set $node_port_var"
    # shellcheck disable=SC2086 # node_pg_args is a list of options
    pg_ctl_node "$i" -w -t 120 -l "$d/postgres.log" ${node_pg_args:+-o "$node_pg_args"} start >/dev/null 2>&1 \
        || fail "the $(node_name "$i") did not start within 120 s (see $d/postgres.log)"
}

stop_nodes() { # every node, the workers first (fast shutdown)
    local i
    for i in $(seq "$workers" -1 0); do
        [ -f "$(node_dir "$i")/data/PG_VERSION" ] || continue
        pg_ctl_node "$i" status >/dev/null 2>&1 && pg_ctl_node "$i" -m fast -w -t 120 stop >/dev/null
    done
    return 0
}

# The fault helpers of the stores' tests: node_fault ACTION I, ACTION one of kill-node (SIGKILL to every process of
# the node, stopped ones too, until none is left and each is reaped: a crash), pause-node (SIGSTOP), resume-node
# (SIGCONT), start-node (a paused node resumed, a killed one started) and restart-node (fast shutdown and start).
node_fault() {
    local action="$1" i="${2:-}" d
    [[ "$i" =~ ^[0-9]+$ ]] && [ "$i" -le "$workers" ] || fail "$action needs a node number: 0 (the coordinator) to $workers"
    d="$(node_dir "$i")"
    [ -f "$d/data/PG_VERSION" ] || fail "node $i does not exist: run start first"
    case "$action" in
        kill-node) lb_kill_dir "$d/data" 30 postgres || fail "the $(node_name "$i") did not die within 30 s" ;;
        pause-node) lb_signal_dir STOP "$d/data" 10 postgres || fail "could not stop every process of the $(node_name "$i")" ;;
        resume-node) lb_signal_dir CONT "$d/data" 10 postgres || fail "could not continue every process of the $(node_name "$i")" ;;
        start-node) lb_signal_dir CONT "$d/data" 10 postgres || true; start_node "$i" ;;
        restart-node)
            pg_ctl_node "$i" -m fast -w -t 120 -l "$d/postgres.log" restart >/dev/null 2>&1 \
                || fail "the $(node_name "$i") did not restart within 120 s (see $d/postgres.log)" ;;
    esac
}
