# shellcheck shell=bash
# DocumentDB's gateway (documentdb_gateway: the MongoDB wire protocol in front of a PostgreSQL with DocumentDB)
# for scripts/start-documentdb.sh and scripts/start-documentdb-cluster.sh. The caller sources lib/procs.sh,
# defines fail, port_open and wait_for, and sets before calling these functions:
#   gw_dir       the gateway's directory, where it runs: gateway.json, gateway.pid, gateway.log, its certificate
#   gw_port      its port on 127.0.0.1; gw_port_var the variable that sets it (named when the port is taken)
#   gw_pg_port   the port on 127.0.0.1 of the PostgreSQL it speaks to (the coordinator of a cluster)
#   gateway_bin  the built binary

gateway_settings() {
    # A statement of a transaction whose PostgreSQL connection died (a crash) is retried by the gateway on that
    # connection until PostgresCommandTimeoutSecs; once the transaction is older than TransactionTimeoutSecs it is
    # dropped and the retry runs on a new connection outside it, committing part of the transaction (the
    # defaults 30 and 120 did, found by MongoRealServerFaultTest). A statement timeout below the transaction
    # timeout ends the retry with an error first.
    cat <<JSON
{
  "NodeHostName": "localhost",
  "BlockedRolePrefixes": [ "documentdb", "citus", "pg", "internal_role" ],
  "PostgresHostName": "127.0.0.1",
  "PostgresPort": $gw_pg_port,
  "PostgresSystemUser": "postgres",
  "PostgresDatabase": "postgres",
  "GatewayListenPort": $gw_port,
  "UseLocalHost": true,
  "EnforceSslTcp": false,
  "TransactionTimeoutSecs": 60,
  "CursorTimeoutSecs": 60,
  "PostgresCommandTimeoutSecs": 30,
  "CertificateOptions": { "CertType": "pem_file", "FilePath": "$gw_dir/cert.pem", "KeyFilePath": "$gw_dir/key.pem" }
}
JSON
}

gateway_pid() { [ -f "$gw_dir/gateway.pid" ] && kill -0 "$(cat "$gw_dir/gateway.pid")" 2>/dev/null && cat "$gw_dir/gateway.pid"; }

start_gateway() {
    [ -x "$gateway_bin" ] || fail "the gateway $gateway_bin is missing: run scripts/start-documentdb.sh build"
    mkdir -p "$gw_dir"
    if [ -n "$(gateway_pid || true)" ]; then
        # a gateway started with other settings (an older version of these scripts) is restarted with these
        [ "$(gateway_settings)" = "$(cat "$gw_dir/gateway.json" 2>/dev/null)" ] && return 0
        echo "${LB_NAME:-gateway}: the running gateway has other settings than this script's: restarting it" >&2
        stop_gateway TERM
    fi
    # what runs in the gateway's directory now was left by a killed gateway
    lb_clear_leftovers "$gw_dir" documentdb || fail "processes left by a killed gateway in $gw_dir would not die"
    port_open "$gw_port" && fail "port $gw_port is taken by another process: set $gw_port_var"
    if [ ! -f "$gw_dir/cert.pem" ]; then
        # a release build of the gateway refuses to start without a certificate
        openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj /CN=localhost \
            -keyout "$gw_dir/key.pem" -out "$gw_dir/cert.pem" >/dev/null 2>&1 || fail "openssl could not make a certificate"
        chmod 600 "$gw_dir/key.pem"
    fi
    gateway_settings >"$gw_dir/gateway.json"
    # exec all the way down, so the pid recorded is the gateway's own (stop and the fault tests kill it)
    (cd "$gw_dir" && exec setsid "$gateway_bin" "$gw_dir/gateway.json") >>"$gw_dir/gateway.log" 2>&1 </dev/null &
    echo $! >"$gw_dir/gateway.pid"
    wait_for 60 port_open "$gw_port" \
        || fail "the gateway did not listen on 127.0.0.1:$gw_port within 60 s (see $gw_dir/gateway.log)"
}

stop_gateway() { # signal: TERM (stop) or KILL (a crash, for the fault tests)
    [ -d "$gw_dir" ] || return 0
    local pid; pid="$(gateway_pid || true)"
    if [ -n "$pid" ] && [ "${1:-TERM}" = TERM ]; then
        kill -TERM "$pid" 2>/dev/null || true
        wait_for 30 bash -c "! kill -0 $pid 2>/dev/null" || true
    fi
    # whatever runs in the gateway's directory: the gateway, and anything it left (SIGKILL until none is left)
    lb_kill_dir "$gw_dir" 30 documentdb || fail "the gateway did not die within 30 s"
    wait_for 30 bash -c "! (exec 3<>/dev/tcp/127.0.0.1/$gw_port) 2>/dev/null" || true
    rm -f "$gw_dir/gateway.pid"
}
