#!/usr/bin/env bash
# TAOBench workloads A and O on the server stores, in one sitting: per store one LinkBench load of the
# TAOBench graph (link_type_count = 4, values of 150 bytes), then a request phase of each workload, then
# `verify` (the count invariant must hold: 0 mismatches). Stores in rotation, the order turning from one
# round to the next, so that the machine's drift is not charged to one store.
#
#   scripts/bench-taobench.sh
#   STORES="innodb postgres" WORKLOADS=a MAXTIME=20 scripts/bench-taobench.sh     # a quick look
#   SUMMARY_ONLY=1 ROWS=target/bench-taobench/rows-DATE.tsv scripts/bench-taobench.sh
#
# STORES (default "innodb myrocks postgres spider citus"; also documentdb-cluster) are config/NAME.properties
# run against the servers scripts/start-*.sh start (started here when down); each store gets tables of
# its own (dbid or schema taobench*), never the tests'. SIZE (maxid1, default 100001), REQUESTERS
# (default 8: contention needs concurrent writers), MAXTIME (default 60 s after WARMUP, default 5),
# ROUNDS (default 1). Printed per phase: requests/s and operations/s, p50/p99 ms of READ_TRANSACTION and
# WRITE_TRANSACTION (service time, retries included) and of GET_NODE and GET_LINKS_LIST, conflicts
# retried and transactions given up per 1,000 transactions, CPU per request (client, server) and the
# hot virtual shard's measured share; then verify's mismatches. JAR defaults to ./linkbench.jar (built
# when missing). Output and results: target/bench-taobench (rows-DATE.tsv per sitting).
set -euo pipefail
cd "$(dirname "$0")/.."

STORES=${STORES:-"innodb myrocks postgres spider citus"}
WORKLOADS=${WORKLOADS:-"a o"}
SIZE=${SIZE:-100001}
REQUESTERS=${REQUESTERS:-8}
MAXTIME=${MAXTIME:-60}
WARMUP=${WARMUP:-5}
ROUNDS=${ROUNDS:-1}
JAR=${JAR:-linkbench.jar}
OUT=target/bench-taobench
mkdir -p "$OUT/results"

fail() { echo "bench-taobench: $*" >&2; exit 1; }
load_avg() { cut -d' ' -f1-3 /proc/loadavg; }

summary() { # the rows file as a table, then the means per store and workload
    python3 - "$1" <<'PY'
import sys, collections
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
head, rows = rows[0], rows[1:]
w = [max(len(r[i]) for r in [head] + rows) for i in range(len(head))]
for r in [head] + rows:
    print("  ".join(c.rjust(w[i]) for i, c in enumerate(r)))
PY
}

if [[ ${SUMMARY_ONLY:-} == 1 ]]; then
    summary "${ROWS:?ROWS=target/bench-taobench/rows-DATE.tsv}"
    exit 0
fi
[[ -f $JAR ]] || { echo "building linkbench.jar ..." >&2; mvn -B -q package -DskipTests; }
rows="$OUT/rows-$(date -u +%Y%m%d-%H%M).tsv"

start_server() { # STORE: starts the server its config needs, when down
    case $1 in
        innodb|myrocks) bash scripts/start-mariadb.sh >/dev/null ;;
        postgres) bash scripts/start-postgres.sh >/dev/null ;;
        spider) bash scripts/start-spider.sh >/dev/null ;;
        citus) bash scripts/start-citus.sh start >/dev/null ;;
        documentdb-cluster) bash scripts/start-documentdb-cluster.sh start >/dev/null ;;
        *) fail "store $1: no config/$1.properties server this script knows (innodb myrocks postgres spider citus documentdb-cluster)" ;;
    esac
}
own_tables() { # STORE: the keys that give the bench tables of its own
    case $1 in
        postgres|citus) echo "-D pg_schema=taobench" ;;
        documentdb-cluster) echo "-D dbid=taobench" ;;
        *) echo "-D dbid=taobench_$1" ;;
    esac
}
run() { # LOG ARGS...: the CLI; sets RESULT to its result.json
    local log=$1 dir
    shift
    java -jar "$JAR" "$@" --results "$OUT/results" >"$log" 2>&1 || fail "failed: java -jar $JAR $* (see $log)"
    dir=$(sed -n 's/^results: //p' "$log" | tail -1)
    RESULT="$dir/result.json"
    [[ -f $RESULT ]] || fail "no result.json (see $log)"
}
figures() { # RESULT: the request phase's figures, tab-separated
    python3 - "$1" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
p = [x for x in d["phases"] if x["phase"] == "request"][-1]
ops = {o["name"]: o for o in p["ops"]}
tx = [ops[n] for n in ("READ_TRANSACTION", "WRITE_TRANSACTION") if n in ops]
n_ops = sum(o["outcomes"]["asked"] if o["name"].endswith("_TRANSACTION") else o["count"] for o in p["ops"])
def ms(name, q):
    o = ops.get(name)
    return "-" if not o or o["count"] == 0 else "%.2f" % o["service"][q]
def per_k(n, of):
    return "-" if of == 0 else "%.1f" % (1000.0 * n / of)
txs = sum(o["count"] + o["errors"] for o in tx)
f = (p.get("cost") or {}).get("figures", {})
def fig(k):
    v = f.get(k)
    return "-" if v is None else "%.0f" % v
share = p.get("hot_shard_share")
print("\t".join([p["status"], "%.0f" % p["throughput"], "%.0f" % (n_ops / p["seconds"] if p["seconds"] else 0),
    ms("READ_TRANSACTION", "p50_ms"), ms("READ_TRANSACTION", "p99_ms"),
    ms("WRITE_TRANSACTION", "p50_ms"), ms("WRITE_TRANSACTION", "p99_ms"),
    ms("GET_NODE", "p99_ms"), ms("GET_LINKS_LIST", "p99_ms"),
    per_k(sum(o["retries"] for o in tx), txs), per_k(sum(o["errors"] for o in tx), txs),
    fig("client_cpu_us/op"), fig("server_cpu_us/op"), "-" if share is None else "%.3f" % share]))
PY
}

printf 'round\tstore\tworkload\tstatus\treq/s\tops/s\trtx_p50\trtx_p99\twtx_p50\twtx_p99\tget_node_p99\tlist_p99\tretries/ktx\taborts/ktx\tclient_us/req\tserver_us/req\thot_share\tverify_mismatches\tload_avg\n' >"$rows"
read -r -a stores <<<"$STORES"
for s in "${stores[@]}"; do
    [[ -f config/$s.properties ]] || fail "no config/$s.properties"
    start_server "$s"
done
for round in $(seq 1 "$ROUNDS"); do
    n=${#stores[@]}
    for i in $(seq 0 $((n - 1))); do
        s=${stores[$(((i + round - 1) % n))]}
        # shellcheck disable=SC2046 # own_tables is words by design
        common=(-c "config/$s.properties" -c config/taobench-a.properties $(own_tables "$s") -D maxid1="$SIZE"
            -D requesters="$REQUESTERS" -D loaders=2 -D warmup_time="$WARMUP" -D maxtime="$MAXTIME" -D requests=1000000000)
        echo "round $round: $s: load ($(load_avg))" >&2
        run "$OUT/$s-load.out" "${common[@]}" -l -D schema=recreate
        for w in $WORKLOADS; do
            echo "round $round: $s: workload $w ($(load_avg))" >&2
            la=$(load_avg)
            run "$OUT/$s-$w.out" "${common[@]}" -r -D taobench_workload="$w"
            fig=$(figures "$RESULT")
            java -jar "$JAR" "${common[@]}" verify >"$OUT/$s-$w-verify.out" 2>&1 || true
            mism=$(grep -oE '[0-9,]+ mismatches' "$OUT/$s-$w-verify.out" | tail -1 | tr -dc 0-9)
            printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "$s" "$w" "$fig" "${mism:-?}" "$la" >>"$rows"
        done
    done
done
summary "$rows"
echo "rows: $rows" >&2
