#!/usr/bin/env bash
# One PostgreSQL server against a Citus cluster (a coordinator and WORKERS workers) with the same total
# shared_buffers, side by side in one sitting, on the same graphs (same keys, same seed), alternating:
#
#   scripts/bench-citus.sh
#   SIZES=200001 REQUESTERS=2 ROUNDS=1 MAXTIME=20 scripts/bench-citus.sh     # a quick look
#   SIZES=200001 REQUESTERS= LOAD_ROUNDS=4 scripts/bench-citus.sh            # the loads alone
#
# For each size (maxid1, SIZES, default "200001 1000001") it loads the graph into both (2 loaders)
# LOAD_ROUNDS times (default 1; the order alternates from one load round and size to the next), then for each requester count (REQUESTERS, default
# "2 8") runs ROUNDS (default 2) pairs of request phases of MAXTIME seconds (default 60, after WARMUP
# seconds, default 5): single then Citus in odd rounds, Citus then single in even ones, so that the
# graph's drift under the writes is not charged to one side. Printed per phase and as means with the
# ratio Citus / single: load rows/s (with the server CPU per row and the two-phase commits per batch:
# pg_dist_transaction rows added on every node per batch), tps, p99 ms of UPDATE_NODE GET_NODE UPDATE_LINK GET_LINKS_LIST,
# server CPU us per request over every node (and the coordinator's and the workers' part), size.
# Where a sharded request's extra cost goes, from pg_stat_statements (planning and execution time on
# the coordinator and on the workers, statements the workers ran per request) and from Citus's
# two-phase commit log (pg_dist_transaction rows per write request: the 2PC participants).
#
# Both run privately (not the shared servers of the tests): the single server in BENCH_DIR/pg on
# PG_PORT (default 5490) with shared_buffers = BUFFERS_MB (default 384), the cluster in
# BENCH_DIR/citus on CITUS_PORT.. (default 5480..) with BUFFERS_MB / (WORKERS + 1) per node, both
# with pg_stat_statements; BENCH_DIR defaults to /var/tmp/linkbench-bench-citus. They are stopped at
# the end unless KEEP=1; SKIP_LOAD=1 reuses the graphs of a kept pair. Needs the Citus sources of
# scripts/start-citus.sh (exit 3 without them), jq, and builds ./linkbench.jar when it is missing.
# JAR (default ./linkbench.jar) is the linkbench that runs; OLD_JAR adds a third side to the loads,
# "citus-old", the Citus load by that jar (an earlier build), in the same rotation: old and new side by
# side in one sitting.
# Output and results: target/bench-citus (one rows-DATE.tsv of per-phase figures per sitting);
# SUMMARY_ONLY=1 ROWS=target/bench-citus/rows-DATE.tsv prints a sitting's table again.
set -euo pipefail
cd "$(dirname "$0")/.."

SIZES=${SIZES:-"200001 1000001"}
LOAD_ROUNDS=${LOAD_ROUNDS:-1}
JAR=${JAR:-linkbench.jar}
OLD_JAR=${OLD_JAR:-}
REQUESTERS=${REQUESTERS-"2 8"}   # empty: loads only
ROUNDS=${ROUNDS:-2}
MAXTIME=${MAXTIME:-60}
WARMUP=${WARMUP:-5}
BUFFERS_MB=${BUFFERS_MB:-384}
WORKERS=${WORKERS:-2}
DIR=${BENCH_DIR:-/var/tmp/linkbench-bench-citus}
PG_PORT=${PG_PORT:-5490}
CITUS_PORT=${CITUS_PORT:-5480}
OUT=target/bench-citus
NODE_MB=$((BUFFERS_MB / (WORKERS + 1)))
rows="${ROWS:-$OUT/rows-$(date -u +%Y%m%d-%H%M).tsv}"   # one line per phase, one file per sitting

fail() { echo "bench-citus: $*" >&2; exit 1; }
command -v jq >/dev/null || fail "jq is missing: apt-get install jq"
[[ $JAR != linkbench.jar || -f linkbench.jar ]] || { echo "building linkbench.jar ..." >&2; mvn -B -q package -DskipTests; }
[[ -f $JAR ]] || fail "JAR: no file $JAR"
[[ -z $OLD_JAR || -f $OLD_JAR ]] || fail "OLD_JAR: no file $OLD_JAR"
[[ $LOAD_ROUNDS =~ ^[1-9][0-9]*$ ]] || fail "LOAD_ROUNDS must be a positive number, not '$LOAD_ROUNDS'"
mkdir -p "$OUT/results"

load_avg() { cut -d' ' -f1-3 /proc/loadavg; }
# The table of means and ratios from the per-phase rows
summary() {
    echo
    echo "== means over the rounds; ratio = Citus / single"
    awk -F'\t' '
    function fmt(v) { return v == "" ? "-" : sprintf(v >= 100 ? "%.0f" : v >= 10 ? "%.1f" : "%.3f", v) }
    function ratio(a, b) { return (a == "" || b == "" || b == 0) ? "-" : sprintf("%.2f", a / b) }
    $1 == "load" { k = $2; st = $4; nl[k, st]++; L[k, st, "ips"] += $5; L[k, st, "cpu"] += $6; L[k, st, "size"] = $7
        L[k, st, "coord"] += $9; L[k, st, "work"] += $10; L[k, st, "2pc"] += ($11 > 0 && $12 != "" ? $12 / $11 : 0)
        if (!(k in seen)) { seen[k] = 1; sizes[++ns] = k }
        if (!(st in seenst)) { seenst[st] = 1; lst[++nst] = st } }
    $1 == "req" {
        k = $2 SUBSEP $3; if (!(k in seenk)) { seenk[k] = 1; keys[++nk] = k }; n[k, $4]++
        split($17, a, " "); split($18, b, " ")
        m[k, $4, "tps"] += $5; m[k, $4, "cpu"] += $6; m[k, $4, "size"] = $7
        m[k, $4, "un"] += $9; m[k, $4, "gn"] += $10; m[k, $4, "ul"] += $11; m[k, $4, "gl"] += $12
        m[k, $4, "coord"] += $13; m[k, $4, "work"] += $14
        m[k, $4, "plan"] += a[2] * 1000 / $15; m[k, $4, "exec"] += a[3] * 1000 / $15
        m[k, $4, "wstmt"] += b[1] / $15; m[k, $4, "wplan"] += b[2] * 1000 / $15; m[k, $4, "wexec"] += b[3] * 1000 / $15
        m[k, $4, "2pc"] += ($16 > 0 ? $19 / $16 : 0)
    }
    END {
        if (ns) printf "%-8s %-9s %6s %10s %10s %10s %10s %10s %10s\n", "load", "store", "loads", "rows/s", "srv_us/row",
            "coord_us", "work_us", "size_MiB", "2pc/batch"
        for (i = 1; i <= ns; i++) { k = sizes[i]
            for (j = 1; j <= nst; j++) { st = lst[j]; c = nl[k, st]; if (!c) continue
                printf "%-8s %-9s %6s %10s %10s %10s %10s %10s %10s\n", k, st, c, fmt(L[k, st, "ips"] / c), fmt(L[k, st, "cpu"] / c),
                    st == "single" ? "-" : fmt(L[k, st, "coord"] / c), st == "single" ? "-" : fmt(L[k, st, "work"] / c),
                    fmt(L[k, st, "size"] / 1048576), st == "single" ? "-" : fmt(L[k, st, "2pc"] / c) }
            for (j = 1; j <= nst; j++) { st = lst[j]; c = nl[k, st]; cs = nl[k, "single"]; if (!c || !cs || st == "single") continue
                printf "%-8s %-9s %6s %10s %10s %10s %10s %10s\n", k, "ratio", st == "citus" ? "" : st, ratio(L[k, st, "ips"] / c, L[k, "single", "ips"] / cs),
                    ratio(L[k, st, "cpu"] / c, L[k, "single", "cpu"] / cs), "", "", ratio(L[k, st, "size"], L[k, "single", "size"]) }
        }
        printf "\n%-8s %-4s %-7s %8s %8s %8s %8s %8s %9s %9s %9s %9s %9s %9s %9s %9s %8s\n", "maxid1", "req", "store", "tps", "un",
            "gn", "ul", "gl", "srv_us/t", "coord_us", "work_us", "plan_us", "exec_us", "w_stmt/t", "w_plan_us", "w_exec_us", "2pc/w"
        for (i = 1; i <= nk; i++) { k = keys[i]
            split(k, kk, SUBSEP)
            for (s = 0; s < 2; s++) { st = s ? "citus" : "single"; c = n[k, st]; if (!c) continue
                printf "%-8s %-4s %-7s %8s %8s %8s %8s %8s %9s %9s %9s %9s %9s %9s %9s %9s %8s\n", kk[1], kk[2], st,
                    fmt(m[k, st, "tps"] / c), fmt(m[k, st, "un"] / c), fmt(m[k, st, "gn"] / c), fmt(m[k, st, "ul"] / c),
                    fmt(m[k, st, "gl"] / c), fmt(m[k, st, "cpu"] / c), st == "citus" ? fmt(m[k, st, "coord"] / c) : "-",
                    st == "citus" ? fmt(m[k, st, "work"] / c) : "-", fmt(m[k, st, "plan"] / c), fmt(m[k, st, "exec"] / c),
                    st == "citus" ? fmt(m[k, st, "wstmt"] / c) : "-", st == "citus" ? fmt(m[k, st, "wplan"] / c) : "-",
                    st == "citus" ? fmt(m[k, st, "wexec"] / c) : "-",
                    st == "citus" ? fmt(m[k, st, "2pc"] / c) : "-" }
            if (n[k, "single"] && n[k, "citus"]) {
                nc = n[k, "citus"]; nsg = n[k, "single"]
                printf "%-8s %-4s %-7s %8s %8s %8s %8s %8s %9s\n", kk[1], kk[2], "ratio",
                    ratio(m[k, "citus", "tps"] / nc, m[k, "single", "tps"] / nsg), ratio(m[k, "citus", "un"] / nc, m[k, "single", "un"] / nsg),
                    ratio(m[k, "citus", "gn"] / nc, m[k, "single", "gn"] / nsg), ratio(m[k, "citus", "ul"] / nc, m[k, "single", "ul"] / nsg),
                    ratio(m[k, "citus", "gl"] / nc, m[k, "single", "gl"] / nsg), ratio(m[k, "citus", "cpu"] / nc, m[k, "single", "cpu"] / nsg)
            }
        }
    }' "$rows"
    echo "columns: loads: the loads measured (means over them); srv_us/row server CPU per row over every node (coord_us"
    echo "  the coordinator's, work_us the workers'); 2pc/batch two-phase commit participants (pg_dist_transaction rows"
    echo "  added on every node) per load batch; ratio: that side / single, its name when not citus."
    echo "columns: srv_us/t server CPU per request over every node (coord_us the coordinator's, work_us the workers');"
    echo "  plan_us, exec_us: planning and execution time per request of the statements on the single server or the"
    echo "  coordinator (pg_stat_statements; the coordinator's execution includes waiting for the workers); w_stmt/t,"
    echo "  w_plan_us, w_exec_us: statements the workers ran per request, their planning and execution time; 2pc/w: two-phase commit"
    echo "  participants (pg_dist_transaction rows) per write request. Per-phase rows: $rows; logs: $OUT"
}
if [[ ${SUMMARY_ONLY:-} == 1 ]]; then [[ -f $rows ]] || fail "no rows: set ROWS to a rows-DATE.tsv"; summary; exit 0; fi

stats="-c shared_preload_libraries=%s -c pg_stat_statements.track_planning=on -c pg_stat_statements.track_utility=off"
LINKBENCH_PG_DIR="$DIR/pg" LINKBENCH_PG_PORT=$PG_PORT \
    LINKBENCH_PG_ARGS="-c shared_buffers=${BUFFERS_MB}MB $(printf -- "$stats" pg_stat_statements)" \
    bash scripts/start-postgres.sh >/dev/null
# citus.recover_2pc_interval = -1 keeps every two-phase commit's row in pg_dist_transaction, so they can be counted
rc=0
LINKBENCH_CITUS_DIR="$DIR/citus" LINKBENCH_CITUS_PORT=$CITUS_PORT LINKBENCH_CITUS_WORKERS=$WORKERS \
    LINKBENCH_CITUS_ARGS="-c shared_buffers=${NODE_MB}MB $(printf -- "$stats" citus,pg_stat_statements) -c citus.recover_2pc_interval=-1" \
    QUIET=1 bash scripts/start-citus.sh start || rc=$?
[[ $rc -eq 0 ]] || exit "$rc"
stop() {
    if [[ ${KEEP:-} == 1 ]]; then
        echo "kept running: LINKBENCH_PG_DIR=$DIR/pg scripts/start-postgres.sh stop and LINKBENCH_CITUS_DIR=$DIR/citus" \
            "LINKBENCH_CITUS_PORT=$CITUS_PORT scripts/start-citus.sh stop stop them"
        return
    fi
    LINKBENCH_PG_DIR="$DIR/pg" LINKBENCH_PG_PORT=$PG_PORT bash scripts/start-postgres.sh stop || true
    LINKBENCH_CITUS_DIR="$DIR/citus" LINKBENCH_CITUS_PORT=$CITUS_PORT LINKBENCH_CITUS_WORKERS=$WORKERS \
        bash scripts/start-citus.sh stop >/dev/null || true
}
trap stop EXIT

# sql single|0..WORKERS SQL: a query as the superuser over the node's Unix socket, unaligned, no header
sql() {
    local sock port
    if [[ $1 == single ]]; then sock="$DIR/pg/socket" port=$PG_PORT; else sock="$DIR/citus/socket" port=$((CITUS_PORT + $1)); fi
    PGOPTIONS="-c client_min_messages=warning" runuser -u postgres -- psql -X -q -A -t -h "$sock" -p "$port" -U postgres -d linkbench -c "$2"
}
nodes_citus=$(seq 0 "$WORKERS")
for n in single 0; do # the coordinator creates it on the workers too
    sql "$n" "CREATE EXTENSION IF NOT EXISTS pg_stat_statements" >/dev/null
done

# the store's keys of each side
args_of() { # store size
    if [[ $1 == single ]]; then
        echo "-c config/postgres.properties -D port=$PG_PORT -D dbid=linkbench -D pg_schema=g$2 -D maxid1=$2"
    else
        echo "-c config/citus.properties -D port=$CITUS_PORT -D password_file=$DIR/citus/password -D pg_schema=g$2 -D maxid1=$2"
    fi
}
# run NAME ARGS...: the CLI; sets RESULT to its result.json
run() {
    local name=$1 log="$OUT/$1.out" dir
    shift
    local jar=$JAR
    [[ $name != load-citus-old-* ]] || jar=$OLD_JAR
    java -jar "$jar" "$@" --results "$OUT/results" >"$log" 2>&1 || fail "$name failed (see $log)"
    dir=$(sed -n 's/^results: //p' "$log" | tail -1)
    RESULT="$dir/result.json"
    [[ -f $RESULT ]] || fail "no result.json from $name (see $log)"
}
# pg_stat_statements of a side summed: calls, plan ms, exec ms (the coordinator's, or the workers' summed)
statements() { # single|coordinator|workers
    local list=0
    case $1 in single) list=single ;; coordinator) list=0 ;; workers) list=$(seq 1 "$WORKERS") ;; esac
    local calls=0 plan=0 exec=0 c p e
    for n in $list; do
        IFS='|' read -r c p e < <(sql "$n" "SELECT coalesce(sum(calls), 0), coalesce(sum(total_plan_time), 0),
            coalesce(sum(total_exec_time), 0) FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database
            WHERE datname = 'linkbench') AND query NOT LIKE '%pg_stat_statements%'")
        calls=$(awk -v a="$calls" -v b="$c" 'BEGIN {print a + b}')
        plan=$(awk -v a="$plan" -v b="$p" 'BEGIN {print a + b}')
        exec=$(awk -v a="$exec" -v b="$e" 'BEGIN {print a + b}')
    done
    echo "$calls $plan $exec"
}
reset_statements() { for n in "$@"; do sql "$n" "SELECT pg_stat_statements_reset()" >/dev/null; done; }
# two-phase commit participants logged on every node (each node logs those of the transactions it coordinated)
two_pc() {
    local sum=0 n
    for n in $nodes_citus; do sum=$((sum + $(sql "$n" "SELECT count(*) FROM pg_dist_transaction"))); done
    echo "$sum"
}

# jq: the server CPU us per operation (row) of the nodes whose name starts with a prefix, summed
node_cpu='def node(prefix): [.cost.nodes // [] | .[] | select(.name | startswith(prefix)) |
    .cost.figures["server_cpu_us/op"]] | add // null;'
echo "== one PostgreSQL server vs Citus (coordinator + $WORKERS workers), shared_buffers ${BUFFERS_MB}MB vs" \
    "${NODE_MB}MB x $((WORKERS + 1)); $(nproc) CPUs; $(date -u '+%F %H:%M UTC'); load average $(load_avg)"
: >"$rows"
order_load=(single citus)
[[ -z $OLD_JAR ]] || order_load+=(citus-old)
for size in $SIZES; do
    for n in single 0; do # the store's facts read the schema before the load creates it
        sql "$n" "CREATE SCHEMA IF NOT EXISTS g$size AUTHORIZATION linkbench; ALTER SCHEMA g$size OWNER TO linkbench" >/dev/null
    done
    if [[ ${SKIP_LOAD:-} != 1 ]]; then
        for round in $(seq "$LOAD_ROUNDS"); do
            for store in "${order_load[@]}"; do
                la=$(load_avg)
                tx0=0; [[ $store == single ]] || tx0=$(two_pc)
                # shellcheck disable=SC2046
                run "load-$store-$size-$round" $(args_of "$store" "$size") -D loaders=2 -D schema=recreate -l
                tx=""; [[ $store == single ]] || tx=$(( $(two_pc) - tx0 ))
                jq -r --arg s "$store" --arg n "$size" --arg la "$la" --arg tx "$tx" "$node_cpu"' .phases[] |
                    select(.phase == "load") | ["load", $n, "-", $s, .throughput, .cost.figures["server_cpu_us/op"],
                    .size_bytes, $la, node("coordinator"), node("worker"), ([.ops[].count] | add), $tx] | @tsv' \
                    "$RESULT" | tee -a "$rows"
            done
            order_load=("${order_load[@]:1}" "${order_load[0]}") # rotate: each side goes first in turn
        done
    fi
    for r in $REQUESTERS; do
        for round in $(seq "$ROUNDS"); do
            order=(single citus); (( round % 2 == 0 )) && order=(citus single)
            for store in "${order[@]}"; do
                if [[ $store == single ]]; then reset_statements single; else reset_statements $nodes_citus; fi
                tx0=$(two_pc)
                la=$(load_avg)
                # shellcheck disable=SC2046
                run "req-$store-$size-$r-$round" $(args_of "$store" "$size") -D requesters="$r" \
                    -D maxtime="$MAXTIME" -D warmup_time="$WARMUP" -r
                tx=$(( $(two_pc) - tx0 ))
                if [[ $store == single ]]; then s1=$(statements single); s2="0 0 0"; else s1=$(statements coordinator); s2=$(statements workers); fi
                jq -r --arg s "$store" --arg n "$size" --arg r "$r" --arg la "$la" --arg s1 "$s1" --arg s2 "$s2" \
                    --arg tx "$tx" "$node_cpu"' .phases[] | select(.phase == "request") |
                    def p99(op): [.ops[] | select(.name == op) | .service.p99_ms] | first // null;
                    ([.ops[] | select(.name | test("^(ADD|UPDATE|DELETE)_")) | .count] | add) as $writes |
                    ([.ops[].count] | add) as $ops |
                    ["req", $n, $r, $s, .throughput, .cost.figures["server_cpu_us/op"], .size_bytes, $la,
                     p99("UPDATE_NODE"), p99("GET_NODE"), p99("UPDATE_LINK"), p99("GET_LINKS_LIST"),
                     node("coordinator"), node("worker"), $ops, $writes, $s1, $s2, $tx] | @tsv' "$RESULT" | tee -a "$rows"
            done
        done
    done
done

echo "ended $(date -u '+%F %H:%M UTC'), load average $(load_avg)"
summary
