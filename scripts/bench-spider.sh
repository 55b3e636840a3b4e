#!/usr/bin/env bash
# One MariaDB server against a Spider cluster (a head and BACKENDS backends) with the same total buffer
# sizes, side by side in one sitting, on the same graph (same keys, same seed), alternating, on InnoDB
# and on MyRocks:
#
#   scripts/bench-spider.sh
#   SIZE=50001 ROUNDS=1 MAXTIME=20 ENGINES=InnoDB scripts/bench-spider.sh     # a quick look
#
# For each engine (ENGINES, default "InnoDB ROCKSDB") it loads the graph of SIZE ids (maxid1, default
# 200001) into both (2 loaders; the order alternates from one engine to the next), then runs ROUNDS
# (default 2) pairs of request phases of MAXTIME seconds (default 60, after WARMUP s, default 5) with
# REQUESTERS requesters (default 4): single then Spider in odd rounds, Spider then single in even ones.
# Printed per phase and as means with the ratio Spider / single: load rows/s, tps, p99 ms of
# UPDATE_NODE GET_NODE UPDATE_LINK GET_LINKS_LIST, server CPU us per request over every node and the
# head's and the backends' part, and the statements the backends ran per request (Questions), which
# tells where a sharded request's extra cost goes.
#
# Both run privately, never the test servers: the single server in BENCH_DIR/single on SINGLE_PORT
# (default 3350), the cluster of scripts/start-spider.sh in BENCH_DIR/spider on SPIDER_PORT.. (default
# 3351..); BENCH_DIR defaults to /var/tmp/lb-spider-bench. The single server gets BUFFERS_MB (default
# 192) of InnoDB buffer pool and RocksDB block cache, each Spider node BUFFERS_MB / (BACKENDS + 1).
# They are stopped at the end, their data deleted, unless KEEP=1. Needs jq; builds ./linkbench.jar
# when it is missing. Output: target/bench-spider (rows-DATE.tsv, one line per phase, and the logs).
set -euo pipefail
cd "$(dirname "$0")/.."

SIZE=${SIZE:-200001}
ENGINES=${ENGINES:-"InnoDB ROCKSDB"}
REQUESTERS=${REQUESTERS:-4}
ROUNDS=${ROUNDS:-2}
MAXTIME=${MAXTIME:-60}
WARMUP=${WARMUP:-5}
BUFFERS_MB=${BUFFERS_MB:-192}
BACKENDS=${BACKENDS:-2}
DIR=${BENCH_DIR:-/var/tmp/lb-spider-bench}
SINGLE_PORT=${SINGLE_PORT:-3350}
SPIDER_PORT=${SPIDER_PORT:-3351}
OUT=target/bench-spider
NODE_MB=$((BUFFERS_MB / (BACKENDS + 1)))
rows="$OUT/rows-$(date -u +%Y%m%d-%H%M).tsv"

fail() { echo "bench-spider: $*" >&2; exit 1; }
command -v jq >/dev/null || fail "jq is missing: apt-get install jq"
[[ -f linkbench.jar ]] || { echo "building linkbench.jar ..." >&2; mvn -B -q package -DskipTests; }
mkdir -p "$OUT/results"
LB_NAME=bench-spider
# shellcheck source-path=SCRIPTDIR source=lib/procs.sh
. scripts/lib/procs.sh
load_avg() { cut -d' ' -f1-3 /proc/loadavg; }

# the cluster, through start-spider.sh (which installs the packages); then the single server beside it
spider() { LINKBENCH_SPIDER_DIR="$DIR/spider" LINKBENCH_SPIDER_PORT=$SPIDER_PORT LINKBENCH_SPIDER_BACKENDS=$BACKENDS \
    LINKBENCH_SPIDER_MEMORY="${NODE_MB}M" QUIET=1 bash scripts/start-spider.sh "$@"; }
spider start
single="$DIR/single"
install -d -o mysql -g mysql "$single" "$single/data"
cat >"$single/my.cnf" <<CNF
[mariadbd]
datadir=$single/data
port=$SINGLE_PORT
socket=$single/mariadbd.sock
pid-file=$single/mariadbd.pid
log-error=$single/mariadbd.log
bind-address=127.0.0.1
skip-name-resolve
max_connections=400
innodb_buffer_pool_size=${BUFFERS_MB}M
innodb_flush_log_at_trx_commit=2
innodb_log_file_size=96M
plugin-load-add=ha_rocksdb.so
rocksdb_block_cache_size=${BUFFERS_MB}M
rocksdb_max_row_locks=1073741824
CNF
single_sql() { mariadb --no-defaults --socket="$single/mariadbd.sock" -N -B "$@"; }
if ! single_sql -e 'SELECT 1' >/dev/null 2>&1; then
    [[ -d $single/data/mysql ]] || mariadb-install-db --no-defaults --datadir="$single/data" --user=mysql \
        --auth-root-authentication-method=socket >"$single/install.log" 2>&1 || fail "mariadb-install-db failed (see $single/install.log)"
    lb_clear_leftovers "$single/data"
    (cd "$single/data" && nohup mariadbd --defaults-file="$single/my.cnf" --user=mysql >>"$single/mariadbd.out" 2>&1 </dev/null &)
    deadline=$((SECONDS + 120))
    until single_sql -e 'SELECT 1' >/dev/null 2>&1; do
        [[ $SECONDS -lt $deadline ]] || fail "the single server did not start within 120 s (see $single/mariadbd.log)"
        sleep 0.2
    done
fi
single_sql -e "CREATE USER IF NOT EXISTS 'linkbench'@'127.0.0.1' IDENTIFIED BY 'linkbench';
    GRANT ALL PRIVILEGES ON *.* TO 'linkbench'@'127.0.0.1'"
stop() {
    if [[ ${KEEP:-} == 1 ]]; then echo "kept running: the single server in $single, the cluster in $DIR/spider"; return; fi
    mariadb-admin --no-defaults --socket="$single/mariadbd.sock" shutdown >/dev/null 2>&1 || lb_kill_dir "$single/data"
    for _ in $(seq 600); do [[ -z "$(lb_dir_pids "$single/data")" ]] && break; sleep 0.2; done
    spider stop || true
    rm -rf "$DIR"
}
trap stop EXIT

args_of() { # store engine
    local db="g_$(echo "$2" | tr 'A-Z' 'a-z')"
    if [[ $1 == single ]]; then
        echo "-c config/innodb.properties -D port=$SINGLE_PORT -D engine=$2 -D dbid=$db -D maxid1=$SIZE"
    else
        echo "-c config/spider.properties -D port=$SPIDER_PORT -D engine=$2 -D dbid=$db -D maxid1=$SIZE"
    fi
}
run() { # NAME ARGS...: the CLI; sets RESULT to its result.json
    local name=$1 log="$OUT/$1.out" dir
    shift
    java -jar linkbench.jar "$@" --results "$OUT/results" >"$log" 2>&1 || fail "$name failed (see $log)"
    dir=$(sed -n 's/^results: //p' "$log" | tail -1)
    RESULT="$dir/result.json"
    [[ -f $RESULT ]] || fail "no result.json from $name (see $log)"
}
# the questions (statements received) summed over the backends
backend_questions() {
    local sum=0 i q
    for i in $(seq 1 "$BACKENDS"); do
        q=$(mariadb --no-defaults --socket="$DIR/spider/node$i/mariadbd.sock" -N -B -e "SHOW GLOBAL STATUS LIKE 'Questions'" | cut -f2)
        sum=$((sum + q))
    done
    echo "$sum"
}
node_cpu='def node(prefix): [.cost.nodes // [] | .[] | select(.name | startswith(prefix)) |
    .cost.figures["server_cpu_us/op"]] | add // null;'

echo "== one MariaDB vs Spider (head + $BACKENDS backends), buffers ${BUFFERS_MB}MB vs ${NODE_MB}MB x $((BACKENDS + 1));" \
    "maxid1 $SIZE; $(nproc) CPUs; $(date -u '+%F %H:%M UTC'); load average $(load_avg)"
: >"$rows"
order_load=(single spider)
for engine in $ENGINES; do
    for store in "${order_load[@]}"; do
        la=$(load_avg)
        # shellcheck disable=SC2046
        run "load-$store-$engine" $(args_of "$store" "$engine") -D loaders=2 -D schema=recreate -l
        jq -r --arg s "$store" --arg e "$engine" --arg la "$la" "$node_cpu"' .phases[] | select(.phase == "load") |
            ["load", $e, $s, .throughput, .cost.figures["server_cpu_us/op"], .size_bytes, $la, node("head"),
             node("backend")] | @tsv' "$RESULT" | tee -a "$rows"
    done
    order_load=("${order_load[1]}" "${order_load[0]}")
    for round in $(seq "$ROUNDS"); do
        order=(single spider); (( round % 2 == 0 )) && order=(spider single)
        for store in "${order[@]}"; do
            q0=$(backend_questions)
            la=$(load_avg)
            # shellcheck disable=SC2046
            run "req-$store-$engine-$round" $(args_of "$store" "$engine") -D requesters="$REQUESTERS" \
                -D maxtime="$MAXTIME" -D warmup_time="$WARMUP" -r
            bq=0; [[ $store == spider ]] && bq=$(( $(backend_questions) - q0 ))
            jq -r --arg s "$store" --arg e "$engine" --arg la "$la" --arg bq "$bq" "$node_cpu"' .phases[] |
                select(.phase == "request") |
                def p99(op): [.ops[] | select(.name == op) | .service.p99_ms] | first // null;
                ([.ops[].count] | add) as $ops |
                ["req", $e, $s, .throughput, .cost.figures["server_cpu_us/op"], .size_bytes, $la,
                 p99("UPDATE_NODE"), p99("GET_NODE"), p99("UPDATE_LINK"), p99("GET_LINKS_LIST"),
                 node("head"), node("backend"), $ops, $bq] | @tsv' "$RESULT" | tee -a "$rows"
        done
    done
done
echo "ended $(date -u '+%F %H:%M UTC'), load average $(load_avg)"

echo
echo "== means over the rounds; ratio = Spider / single"
awk -F'\t' '
function fmt(v) { return v == "" ? "-" : sprintf(v >= 100 ? "%.0f" : v >= 10 ? "%.1f" : "%.3f", v) }
function ratio(a, b) { return (a == "" || b == "" || b == 0) ? "-" : sprintf("%.2f", a / b) }
$1 == "load" { L[$2, $3, "ips"] = $4; L[$2, $3, "cpu"] = $5; L[$2, $3, "head"] = $8; L[$2, $3, "back"] = $9
    if (!($2 in seen)) { seen[$2] = 1; eng[++ne] = $2 } }
$1 == "req" { k = $2 SUBSEP $3; n[k]++; m[k, "tps"] += $4; m[k, "cpu"] += $5; m[k, "un"] += $8; m[k, "gn"] += $9
    m[k, "ul"] += $10; m[k, "gl"] += $11; m[k, "head"] += $12; m[k, "back"] += $13; m[k, "bq"] += ($14 > 0 ? $15 / $14 : 0) }
END {
    printf "%-8s %-7s %10s %10s %9s %9s\n", "engine", "load", "rows/s", "srv_us/row", "head_us", "back_us"
    for (i = 1; i <= ne; i++) { e = eng[i]
        for (s = 0; s < 2; s++) { st = s ? "spider" : "single"
            printf "%-8s %-7s %10s %10s %9s %9s\n", e, st, fmt(L[e, st, "ips"]), fmt(L[e, st, "cpu"]),
                s ? fmt(L[e, st, "head"]) : "-", s ? fmt(L[e, st, "back"]) : "-" }
        printf "%-8s %-7s %10s %10s\n", e, "ratio", ratio(L[e, "spider", "ips"], L[e, "single", "ips"]),
            ratio(L[e, "spider", "cpu"], L[e, "single", "cpu"]) }
    printf "\n%-8s %-7s %8s %8s %8s %8s %8s %9s %9s %9s %9s\n", "engine", "store", "tps", "un", "gn", "ul", "gl",
        "srv_us/t", "head_us", "back_us", "b_stmt/t"
    for (i = 1; i <= ne; i++) { e = eng[i]
        for (s = 0; s < 2; s++) { st = s ? "spider" : "single"; k = e SUBSEP st; c = n[k]; if (!c) continue
            printf "%-8s %-7s %8s %8s %8s %8s %8s %9s %9s %9s %9s\n", e, st, fmt(m[k, "tps"] / c), fmt(m[k, "un"] / c),
                fmt(m[k, "gn"] / c), fmt(m[k, "ul"] / c), fmt(m[k, "gl"] / c), fmt(m[k, "cpu"] / c),
                s ? fmt(m[k, "head"] / c) : "-", s ? fmt(m[k, "back"] / c) : "-", s ? fmt(m[k, "bq"] / c) : "-" }
        a = e SUBSEP "spider"; b = e SUBSEP "single"
        if (n[a] && n[b]) printf "%-8s %-7s %8s %8s %8s %8s %8s %9s\n", e, "ratio", ratio(m[a, "tps"] / n[a], m[b, "tps"] / n[b]),
            ratio(m[a, "un"] / n[a], m[b, "un"] / n[b]), ratio(m[a, "gn"] / n[a], m[b, "gn"] / n[b]),
            ratio(m[a, "ul"] / n[a], m[b, "ul"] / n[b]), ratio(m[a, "gl"] / n[a], m[b, "gl"] / n[b]),
            ratio(m[a, "cpu"] / n[a], m[b, "cpu"] / n[b]) }
}' "$rows"
echo "columns: srv_us/t server CPU us per request over every node (head_us the head's, back_us the backends');"
echo "  b_stmt/t statements the backends received per request (Spider's, from the backends' Questions)."
echo "  Per-phase rows: $rows; logs: $OUT"
