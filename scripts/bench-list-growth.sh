#!/usr/bin/env bash
# How GET_LINKS_LIST's rows per call move as a request phase goes on, by requests done: the cause of a
# request phase's throughput drift. Loads a graph and runs a request phase of REQUESTS requests per
# maxid1 and rule set (2017: the defaults; 2012: config/workload-2011.properties) on STORE, then prints
# from intervals.csv, per interval, the requests done so far and GET_LINKS_LIST's rows per call (and the
# skipped invisible entries per call when the store counts them, as RocksDB does), with ops/s.
#
#   scripts/bench-list-growth.sh                      # memory store, maxid1 100001 and 1000001, both rule sets
#   STORE=rocksdb MAXIDS=1000001 RULES=2017 scripts/bench-list-growth.sh
#
# Environment: STORE (memory; rocksdb puts its data in target/bench-results/list-growth/data), MAXIDS
# ("100001 1000001"), RULES ("2017 2012"), REQUESTS (3000000), REQUESTERS (2), DISPLAYFREQ (5 s).
# ./linkbench.jar must exist: `mvn -B -q package -DskipTests`.
set -euo pipefail
cd "$(dirname "$0")/.."

STORE=${STORE:-memory}
MAXIDS=${MAXIDS:-"100001 1000001"}
RULES=${RULES:-"2017 2012"}
REQUESTS=${REQUESTS:-3000000}
REQUESTERS=${REQUESTERS:-2}
DISPLAYFREQ=${DISPLAYFREQ:-5}
OUT=target/bench-results/list-growth
[[ -f linkbench.jar ]] || { echo "no linkbench.jar: build it with: mvn -B -q package -DskipTests" >&2; exit 1; }
mkdir -p "$OUT"

echo "== GET_LINKS_LIST rows per call by requests done: store=$STORE, $REQUESTS requests, $REQUESTERS requesters;" \
    "$(nproc) CPUs, $(date -u '+%Y-%m-%d %H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
for rules in $RULES; do
    for maxid1 in $MAXIDS; do
        workload=()
        [[ $rules == 2012 ]] && workload=(-c config/workload-2011.properties)
        [[ $STORE == rocksdb ]] && workload+=(-D data_dir="$OUT/data" -D schema=recreate)
        results="$OUT/$STORE-$rules-$maxid1"
        rm -rf "$results" "$OUT/data"
        java -jar linkbench.jar -D store="$STORE" "${workload[@]}" -D maxid1="$maxid1" \
            -D requesters="$REQUESTERS" -D requests="$REQUESTS" -D maxtime=100000 -D warmup_time=0 \
            -D displayfreq="$DISPLAYFREQ" -l -r --results "$results" >"$results.log" 2>&1 || true
        csv=$(ls "$results"/*/intervals.csv 2>/dev/null | head -1 || true)
        echo "-- rules $rules, maxid1 $maxid1 (log: $results.log)"
        [[ -n $csv ]] || { echo "   no intervals.csv"; continue; }
        awk -F, '
            NR == 1 {
                for (i = 1; i <= NF; i++) {
                    if ($i == "list_rows_per_call") rows = i
                    if ($i == "list_skipped_per_call") skipped = i
                    if ($i ~ /_per_s$/ && $i !~ /^LOAD_/) ops[i] = 1
                }
                printf "   %14s %12s %14s %16s\n", "requests done", "ops/s", "list rows/call", "skipped/call"
                next
            }
            $1 == "request" && $5 == "false" {
                n = 0
                for (i in ops) n += $i
                done += n * $4
                printf "   %14d %12.0f %14s %16s\n", done, n, $rows, (skipped && $skipped != "" ? $skipped : "-")
            }' "$csv"
    done
done
rm -rf "$OUT/data"
echo "== done; load average $(cut -d' ' -f1-3 /proc/loadavg)"
