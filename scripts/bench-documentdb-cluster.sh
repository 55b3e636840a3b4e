#!/usr/bin/env bash
# One DocumentDB server against the sharded DocumentDB (a coordinator carrying the gateway, and 2 workers)
# with the same total shared_buffers, side by side in one sitting, on the same graph (same keys, same
# seed), alternating:
#
#   scripts/bench-documentdb-cluster.sh
#   SIZE=20001 ROUNDS=1 MAXTIME=20 scripts/bench-documentdb-cluster.sh     # a quick look
#
# Each round loads the graph (maxid1 SIZE, default 20001, 2 loaders, schema = recreate) into both and runs a
# request phase of MAXTIME seconds (default 60, REQUESTERS requesters, default 2) on each: single then cluster
# in odd rounds, cluster then single in even ones (ROUNDS, default 2), each in its own JVM under /usr/bin/time.
# Printed per phase and as means with the ratio cluster / single: load rows/s, tps, p99 ms of UPDATE_NODE
# GET_NODE UPDATE_LINK GET_LINKS_LIST, server CPU us per request (row) over every process and by node (the
# gateway, the PostgreSQL server or the coordinator and the workers, as the store's cost probe reports
# them), client CPU us per request or row (user + sys of the client JVM, start-up included), size.
#
# The servers are the project's (scripts/start-documentdb.sh, scripts/start-documentdb-cluster.sh, whose
# LINKBENCH_DDBC_DIR, LINKBENCH_DDBC_PORT and LINKBENCH_DDBC_GATEWAY_PORT pick another cluster); the cluster is restarted with shared_buffers = BUFFERS_MB / 3 on each node (BUFFERS_MB default 128, the single
# server's default) and restarted with its own settings at the end. Needs their sources (exit 3 without),
# jq, and builds ./linkbench.jar when it is missing (JAR names another). Output and results:
# target/bench-documentdb-cluster (one rows-DATE.tsv per sitting).
set -euo pipefail
cd "$(dirname "$0")/.."

SIZE=${SIZE:-20001}
ROUNDS=${ROUNDS:-2}
MAXTIME=${MAXTIME:-60}
REQUESTERS=${REQUESTERS:-2}
BUFFERS_MB=${BUFFERS_MB:-128}
JAR=${JAR:-linkbench.jar}
OUT=target/bench-documentdb-cluster
NODE_MB=$((BUFFERS_MB / 3))
rows="$OUT/rows-$(date -u +%Y%m%d-%H%M).tsv"

fail() { echo "bench-documentdb-cluster: $*" >&2; exit 1; }
command -v jq >/dev/null || fail "jq is missing: apt-get install jq"
[[ -x /usr/bin/time ]] || fail "/usr/bin/time is missing: apt-get install time"
[[ $JAR != linkbench.jar || -f linkbench.jar ]] || { echo "building linkbench.jar ..." >&2; mvn -B -q package -DskipTests; }
[[ -f $JAR ]] || fail "JAR: no file $JAR"
[[ $ROUNDS =~ ^[1-9][0-9]*$ ]] || fail "ROUNDS must be a positive number, not '$ROUNDS'"
mkdir -p "$OUT/results"

load_avg() { cut -d' ' -f1-3 /proc/loadavg; }
restore() { bash scripts/start-documentdb-cluster.sh stop >/dev/null 2>&1 || true; QUIET=1 bash scripts/start-documentdb-cluster.sh start >/dev/null || true; }

bash scripts/start-documentdb.sh start >/dev/null || exit $?
bash scripts/start-documentdb-cluster.sh stop >/dev/null
trap restore EXIT
LINKBENCH_DDBC_ARGS="-c shared_buffers=${NODE_MB}MB" QUIET=1 bash scripts/start-documentdb-cluster.sh start >/dev/null || exit $?

args_of() { # side: the store's keys
    case "$1" in
        single) echo "-c config/mongo.properties -D url=mongodb://127.0.0.1:${LINKBENCH_DOCUMENTDB_PORT:-10260}/ -D user=linkbench
                      -D password_file=${LINKBENCH_DOCUMENTDB_DIR:-/var/tmp/linkbench-documentdb/run}/password -D transactions=on" ;;
        cluster) echo "-c config/documentdb-cluster.properties -D url=mongodb://127.0.0.1:${LINKBENCH_DDBC_GATEWAY_PORT:-10270}/
                       -D password_file=${LINKBENCH_DDBC_DIR:-/var/tmp/linkbench-documentdb-cluster/run}/password" ;;
    esac
}

RESULT=""
CLIENT_CPU=""
run() { # name, args...: one phase in its own JVM; RESULT its result.json, CLIENT_CPU its user + sys seconds
    local name="$1"; shift
    local res="$OUT/results/$name"
    rm -rf "$res"
    /usr/bin/time -f "%U %S" -o "$OUT/$name.time" java -jar "$JAR" "$@" -D dbid=lbbench -D maxid1="$SIZE" \
        -D requesters="$REQUESTERS" --results "$res" >"$OUT/$name.log" 2>&1 || fail "$name failed (see $OUT/$name.log)"
    RESULT="$(find "$res" -name result.json | head -1)"
    CLIENT_CPU="$(awk '{print $1 + $2}' "$OUT/$name.time")"
}

# jq: the server CPU us per operation of the nodes whose name starts with a prefix, summed
node_cpu='def node(prefix): [.cost.nodes // [] | .[] | select(.name | startswith(prefix)) |
    .cost.figures["server_cpu_us/op"] // empty] | add // null;
    def p99(op): [.ops[] | select(.name == op) | .service.p99_ms] | first // null;'
echo "== one DocumentDB vs the sharded DocumentDB (coordinator + 2 workers), shared_buffers ${BUFFERS_MB}MB vs" \
    "${NODE_MB}MB x 3; maxid1 $SIZE, $REQUESTERS requesters, ${MAXTIME} s; $(nproc) CPUs; $(date -u '+%F %H:%M UTC'); load average $(load_avg)"
printf 'phase\tside\tround\tthroughput\tserver_us\tgateway_us\tpostgres_us\tcoordinator_us\tworkers_us\tclient_us\tp99_un\tp99_gn\tp99_ul\tp99_gl\tsize\tload_avg\n' | tee "$rows"
for round in $(seq "$ROUNDS"); do
    order=(single cluster); (( round % 2 == 0 )) && order=(cluster single)
    for side in "${order[@]}"; do
        for phase in load request; do
            la=$(load_avg)
            if [[ $phase == load ]]; then
                # shellcheck disable=SC2046
                run "load-$side-$round" $(args_of "$side") -D loaders=2 -D schema=recreate -l
            else
                # shellcheck disable=SC2046
                run "req-$side-$round" $(args_of "$side") -D maxtime="$MAXTIME" -r
            fi
            jq -r --arg side "$side" --arg round "$round" --arg la "$la" --arg client "$CLIENT_CPU" --arg phase "$phase" \
                "$node_cpu"' .phases[] | select(.phase == $phase) |
                (if $phase == "load" then [.ops[].rows] else [.ops[].count] end | add) as $ops |
                [$phase, $side, $round, .throughput, .cost.figures["server_cpu_us/op"], node("gateway"), node("postgres"),
                 node("coordinator"), node("worker"), (($client | tonumber) * 1e6 / $ops | floor),
                 p99("UPDATE_NODE"), p99("GET_NODE"), p99("UPDATE_LINK"), p99("GET_LINKS_LIST"), .size_bytes, $la] | @tsv' \
                "$RESULT" | tee -a "$rows"
        done
    done
done
echo "ended $(date -u '+%F %H:%M UTC'), load average $(load_avg)"
echo "== means (cluster / single):"
awk -F'\t' 'NR > 1 { k = $1 FS $2; n[k]++; for (i = 4; i <= 15; i++) if ($i != "" && $i != "null") { s[k, i] += $i; c[k, i]++ } }
    END {
        split("throughput server_us gateway_us postgres_us coordinator_us workers_us client_us p99_un p99_gn p99_ul p99_gl size", h, " ")
        for (p = 1; p <= 2; p++) {
            ph = p == 1 ? "load" : "request"
            printf "%s:", ph
            for (i = 4; i <= 15; i++) {
                a = c[ph FS "single", i] ? s[ph FS "single", i] / c[ph FS "single", i] : 0
                b = c[ph FS "cluster", i] ? s[ph FS "cluster", i] / c[ph FS "cluster", i] : 0
                printf "  %s %.4g / %.4g", h[i - 3], b, a
                if (a > 0 && b > 0) printf " (%.2fx)", b / a
            }
            printf "\n"
        }
    }' "$rows"
