#!/usr/bin/env bash
# An IO-bound run of one store:
#
#   scripts/bench-io-bound.sh STORE [-D key=value ...]      STORE: rocksdb, innodb or myrocks
#
# 1. innodb/myrocks: restarts the local MariaDB with the IO-bound settings
#    (scripts/start-mariadb-io-bound.sh); rocksdb needs no server.
# 2. loads config/io-bound/STORE.properties (maxid1 = 10,000,001 unless -D maxid1=... is given) into a
#    recreated database;
# 3. drops the OS page cache (sync, then echo 3 > /proc/sys/vm/drop_caches, as root), so the request
#    phase starts with nothing of the data cached outside the database's own cache;
# 4. runs the request phase and prints the published rows (ips r/i rKB/i wKB/i Mcpu/i size rss and
#    tps r/t rKB/t wKB/t Mcpu/t un gn ul gl) with the store's own count of reads that missed its
#    cache per request, to check r/t against;
# 5. innodb/myrocks: restarts MariaDB with its default settings again (unless KEEP_SERVER=true).
# Needs ./linkbench.jar (mvn -B -q package -DskipTests). Output and results: target/io-bound/STORE.
set -euo pipefail
cd "$(dirname "$0")/.."
store="${1:-}"
[[ $# -gt 0 ]] && shift
case "$store" in
    rocksdb|innodb|myrocks) ;;
    *) echo "bench-io-bound: STORE must be rocksdb, innodb or myrocks, not '$store'" >&2; exit 2 ;;
esac
[[ -f linkbench.jar ]] || { echo "bench-io-bound: ./linkbench.jar is missing: mvn -B -q package -DskipTests" >&2; exit 1; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi; }
out="target/io-bound/$store"
mkdir -p "$out"
cfg="config/io-bound/$store.properties"

if [[ "$store" != rocksdb ]]; then
    bash scripts/start-mariadb.sh
    bash scripts/start-mariadb-io-bound.sh
    if [[ "${KEEP_SERVER:-false}" != true ]]; then
        trap 'bash scripts/start-mariadb-io-bound.sh --default >/dev/null 2>&1 || true' EXIT
    fi
fi

echo "load: $(date -u '+%F %T') UTC, $(uptime | sed 's/.*load average/load average/')"
java -jar linkbench.jar -c "$cfg" -D schema=recreate "$@" -l --results "$out/results" > "$out/load.out" 2>&1 \
    || { echo "bench-io-bound: the load failed, see $out/load.out" >&2; exit 1; }
sync
as_root sh -c 'echo 3 > /proc/sys/vm/drop_caches' \
    || { echo "bench-io-bound: cannot drop the page cache (needs root)" >&2; exit 1; }
echo "requests: $(date -u '+%F %T') UTC, $(uptime | sed 's/.*load average/load average/'), page cache dropped"
java -jar linkbench.jar -c "$cfg" "$@" -r --results "$out/results" > "$out/requests.out" 2>&1 \
    || { echo "bench-io-bound: the request phase failed, see $out/requests.out" >&2; exit 1; }
echo "done: $(date -u '+%F %T') UTC, $(uptime | sed 's/.*load average/load average/')"

grep -m1 -E '^loaded ' "$out/load.out"
grep -E '^graph: ' "$out/load.out" | head -1
grep -m1 -E '^ +ips ' "$out/load.out"
grep -m1 -E '^  load ' "$out/load.out"
grep -m1 -E '^ +tps ' "$out/requests.out"
grep -m1 -E '^  requests ' "$out/requests.out"
# the store's own cache misses per request, to compare with r/t
grep -iE '^  store (Innodb_buffer_pool_reads|rocksdb.block.cache.data.miss|rocksdb_block_cache_(data_)?miss)/op ' \
    "$out/requests.out" || echo "  (the store reported no cache-miss counter)"
