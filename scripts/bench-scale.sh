#!/usr/bin/env bash
# The seeds' sizes: loads of maxid1 = 10^6, 10^7, 10^8 into the embedded RocksDB store and 10^6, 10^7 into
# MariaDB with MyRocks and with InnoDB, each followed by a request phase in memory and one IO-bound:
#
#   scripts/bench-scale.sh [CASES]
#
# CASES (default "rocksdb:6 rocksdb:7 rocksdb:8 myrocks:6 myrocks:7 innodb:6 innodb:7") are STORE:EXP
# with maxid1 = 10^EXP + 1. MariaDB is a private server this script starts and stops (port 3330,
# datadir /var/tmp/lb-scale/mariadb, its own socket, buffer sizes set here), never the default 3306 one:
# run one MariaDB case list at a time (RocksDB lists may run beside it: each size has its own directory).
# Environment: CAP_S stops a load with SIGINT after that many seconds, as Ctrl-C would (SIGTERM when this
# script runs with SIGINT ignored, as a background job does; its row then says interrupted(130) or (143);
# the figures are those of the part loaded), REQ_S the request phases' seconds (default 60), LOADERS
# (default 2), KEEP=1 keeps each case's data (default: deleted after its row is printed), CLIENT_JVM the client
# JVM's options (default "-Xms1g -Xmx1g -XX:+AlwaysPreTouch": a heap of fixed size, so that the RSS column
# measures what the client needs as the graph grows, not how far the collector let the heap grow over a
# longer run; "" for the JVM's own sizing, a quarter of the host's memory at most), KEYS more "-D KEY=VALUE" given
# to every client run of every case, load and requests (e.g. KEYS="-D cache_index_and_filter_blocks=true
# -D partition_index_and_filters=true" for RocksDB's index and filters in its cache; a key the case's store
# does not know is refused by its first run, which then writes no result).
#
# Per case one row: the load's rows/s over the insert window and with the post-load steps, client and
# server CPU per row (us; the embedded store's CPU is the client's), the client's peak RSS, the bytes per row
# at the end and at the load's peak (the most its data directory held, compaction included: the disk a load of
# that size needs), the load's wall time against the ETA printed at 10% of the load (the first progress line at
# or past 10%: elapsed + ETA), then per request phase tps, CPU per request and the p99 (ms) of UPDATE_NODE,
# GET_NODE, UPDATE_LINK, GET_LINKS_LIST. The embedded store loads with a 64 MiB block cache. In memory: RocksDB
# block cache 4 GiB, InnoDB buffer pool 6 GiB, MyRocks block cache 4 GiB. IO-bound: RocksDB block cache 16 MiB
# with direct reads, InnoDB buffer pool 64 MiB with O_DIRECT, MyRocks block cache 32 MiB with direct reads: far
# below every size measured.
# Every figure comes from the run's result.json (the cost probe's client_cpu_us/op, server_cpu_us/op).
set -euo pipefail
cd "$(dirname "$0")/.."
LB_NAME=bench-scale
# shellcheck source-path=SCRIPTDIR source=lib/packages.sh
. scripts/lib/packages.sh
# shellcheck source-path=SCRIPTDIR source=lib/procs.sh
. scripts/lib/procs.sh
cases="${1:-rocksdb:6 rocksdb:7 rocksdb:8 myrocks:6 myrocks:7 innodb:6 innodb:7}"
req_s="${REQ_S:-60}"
loaders="${LOADERS:-2}"
read -r -a keys <<< "${KEYS:-}"
read -r -a client_jvm <<< "${CLIENT_JVM--Xms1g -Xmx1g -XX:+AlwaysPreTouch}"
# the launcher gives the benchmark's JVM two malloc arenas; a JVM that pre-touches its heap runs the benchmark itself
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
base=/var/tmp/lb-scale
port=3330
my="$base/mariadb"
mkdir -p "$base"
[[ -f linkbench.jar ]] || { echo "bench-scale: no ./linkbench.jar: build it with mvn -B -q package -DskipTests" >&2; exit 2; }
jar="$base/bench-$(sha256sum linkbench.jar | cut -c1-12).jar" # a rebuild during the run does not change what runs,
[[ -f $jar ]] || cp linkbench.jar "$jar"                         # and the same build keeps its class-data archive
tmp="$base/run-$$"
mkdir -p "$tmp"
table="$tmp/table.txt"

stop_mariadb() {
    [[ -S $my/mysqld.sock ]] && timeout 120 mariadb-admin --no-defaults --protocol=socket --socket="$my/mysqld.sock" -uroot \
        shutdown > /dev/null 2>&1 || true
    for _ in $(seq 240); do [[ -z "$(lb_dir_pids "$my/data")" ]] && return 0; sleep 0.5; done
    lb_kill_dir "$my/data" 30
}
started_my=""
sampler=""
cleanup() {
    [[ -z $sampler ]] || kill "$sampler" 2> /dev/null || true
    [[ -z $started_my ]] || stop_mariadb || true
}
trap cleanup EXIT

# start_mariadb ARGS...: (re)starts the private server with these options; creates it and its user once
start_mariadb() {
    started_my=1
    stop_mariadb
    if [[ ! -d $my/data/mysql ]]; then
        if ! command -v mariadbd > /dev/null 2>&1 || [[ ! -e /usr/lib/mysql/plugin/ha_rocksdb.so ]]; then
            lb_apt_install mariadb-server mariadb-plugin-rocksdb || exit 1
        fi
        mkdir -p "$my/data"
        chown -R mysql:mysql "$my"
        mariadb-install-db --no-defaults --datadir="$my/data" --user=mysql > "$my/install.log" 2>&1
    fi
    (cd "$my/data" && nohup mariadbd --no-defaults --user=mysql --datadir="$my/data" --port=$port --bind-address=127.0.0.1 --skip-name-resolve \
        --socket="$my/mysqld.sock" --pid-file="$my/mysqld.pid" --plugin-load-add=ha_rocksdb --skip-log-bin \
        --max-connections=200 --innodb-log-file-size=1G --innodb-flush-log-at-trx-commit=2 "$@" \
        >> "$my/server.log" 2>&1 &)
    for _ in $(seq 240); do
        mariadb-admin --no-defaults --protocol=socket --socket="$my/mysqld.sock" -uroot ping > /dev/null 2>&1 && break
        sleep 0.5
    done
    mariadb-admin --no-defaults --protocol=socket --socket="$my/mysqld.sock" -uroot ping > /dev/null 2>&1 \
        || { echo "bench-scale: the private MariaDB did not start: $my/server.log" >&2; exit 1; }
    if [[ ! -s $my/password ]]; then
        (umask 077; head -c 18 /dev/urandom | base64 | tr -d '/+=' > "$my/password")
        local pw
        pw="$(cat "$my/password")"
        mariadb --no-defaults --protocol=socket --socket="$my/mysqld.sock" -uroot <<SQL
CREATE USER IF NOT EXISTS 'linkbench'@'127.0.0.1' IDENTIFIED BY '$pw';
GRANT ALL ON *.* TO 'linkbench'@'127.0.0.1';
SQL
    fi
}

# data_dir_of STORE EXP: the directory that holds the case's data (the server's whole datadir for MariaDB)
data_dir_of() { if [[ $1 == rocksdb ]]; then echo "$base/rocksdb-$2"; else echo "$my/data"; fi; }

# config_of STORE: the keys of a case
config_of() {
    case "$1" in
        rocksdb) echo "-c config/rocksdb.properties -D data_dir=$(data_dir_of rocksdb "$2")" ;;
        innodb) echo "-c config/innodb.properties -D port=$port -D password_file=$my/password -D dbid=lbscale" ;;
        myrocks) echo "-c config/myrocks.properties -D port=$port -D password_file=$my/password -D dbid=lbscale" ;;
        *) echo "bench-scale: unknown store '$1' (rocksdb, innodb, myrocks)" >&2; exit 2 ;;
    esac
}

# server_args STORE MODE: the private MariaDB's buffers for MODE (memory, io)
server_args() {
    if [[ $2 == memory ]]; then
        echo "--innodb-buffer-pool-size=6G --rocksdb-block-cache-size=4G"
    else
        echo "--innodb-buffer-pool-size=64M --innodb-flush-method=O_DIRECT --rocksdb-block-cache-size=32M --rocksdb-use-direct-reads=ON"
    fi
}

# store_args STORE MODE: the embedded store's cache for MODE (load, memory, io); the load reads no data block (its
# compaction bypasses the cache), so a small cache keeps what the cache may hold (the files' index and filter blocks
# with cache_index_and_filter_blocks) the same at every size
store_args() {
    [[ $1 == rocksdb ]] || return 0
    case $2 in
        load) echo "-D block_cache_mb=64" ;;
        memory) echo "-D block_cache_mb=4096" ;;
        *) echo "-D block_cache_mb=16 -D direct_reads=true" ;;
    esac
}

# newest_result DIR: the run directory java just wrote
newest_result() { { ls -1d "$1"/*/ 2> /dev/null || true; } | tail -n 1; }

# disk_peak DIR OUT: until killed, the most bytes DIR has held (du every 2 s; the load's peak, compaction included)
disk_peak() {
    local most=0 now
    while :; do
        now="$(du -sb "$1" 2> /dev/null | cut -f1 || true)" # nothing while the directory is not there yet
        (( ${now:-0} > most )) && most=$now && echo "$most" > "$2"
        sleep 2
    done
}

# load_row LOG RESULT PEAK_KB DISK_BYTES: the load's figures from its console and result.json
load_row() {
    python3 - "$1" "$2/result.json" "$3" "$4" << 'PY'
import json, re, sys
log, res, peak = open(sys.argv[1]).read().splitlines(), json.load(open(sys.argv[2])), int(sys.argv[3])
disk = int(sys.argv[4])
p = next(x for x in res["phases"] if x["phase"] == "load")
rows = sum(o["rows"] for o in p["ops"])
steps = sum(p["steps"].values())
f = p["cost"]["figures"]
cpu = lambda k: "-" if f.get(k) is None else "%.2f" % f[k]
eta = "-"
for line in log:
    m = re.search(r"load:\s+([0-9.]+)%.*elapsed ([0-9:]+)\s+ETA ([0-9:]+)", line)
    if m and float(m.group(1)) >= 10:
        sec = lambda t: sum(int(x) * 60 ** i for i, x in enumerate(reversed(t.split(":"))))
        eta = sec(m.group(2)) + sec(m.group(3))
        break
wall = p["seconds"] + steps
size = p.get("size_bytes") or 0
print("%s %.0f %.0f %s %s %d %.1f %.1f %.0f %s %s" % (p["status"], rows / p["seconds"], rows / wall, cpu("client_cpu_us/op"),
      cpu("server_cpu_us/op"), peak // 1024, size / rows if rows else 0, disk / rows if rows else 0, wall, eta,
      "-" if eta == "-" else "%.2f" % (wall / eta)))
PY
}

# req_row RESULT: tps, CPU us per request (client, server) and the p99 of un gn ul gl
req_row() {
    python3 - "$1/result.json" << 'PY'
import json, sys
res = json.load(open(sys.argv[1]))
p = next(x for x in res["phases"] if x["phase"] != "load")
ops = {o["name"]: o for o in p["ops"]}
p99 = lambda n: "%.3f" % ops[n]["service"]["p99_ms"] if n in ops and ops[n]["count"] else "-"
f = p["cost"]["figures"]
cpu = lambda k: "-" if f.get(k) is None else "%.1f" % f[k]
print("%.0f %s %s %s %s %s %s" % (p["throughput"], cpu("client_cpu_us/op"), cpu("server_cpu_us/op"),
      p99("UPDATE_NODE"), p99("GET_NODE"), p99("UPDATE_LINK"), p99("GET_LINKS_LIST")))
PY
}

echo "== bench-scale: $(nproc) CPUs, $(free -g | awk '/Mem:/ {print $2}') GiB, load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%F %H:%M UTC'), $(df -h /var/tmp | awk 'NR == 2 {print $4}') free on /var/tmp"
[[ -z ${KEYS:-} ]] || echo "== every client run with: $KEYS"
printf '%-8s %7s %-11s %9s %9s %7s %7s %7s %7s %7s %8s %8s %6s | %-6s %7s %7s %7s %7s %7s %7s %7s %6s\n' store maxid1 status \
    'ins r/s' 'all r/s' 'cli us' 'srv us' 'RSS MB' 'B/row' 'peak' 'wall s' 'ETA@10%' wall/ETA mode tps 'cli us' 'srv us' un gn ul gl load1 \
    | tee "$table"
for c in $cases; do
    store="${c%%:*}"
    exp="${c#*:}"
    [[ $exp =~ ^[0-9]+$ ]] || { echo "bench-scale: '$c' is not STORE:EXP" >&2; exit 2; }
    maxid1=$((10 ** exp + 1))
    read -r -a cfg <<< "$(config_of "$store" "$exp")"
    [[ $store != rocksdb ]] && read -r -a sa <<< "$(server_args "$store" memory)" && start_mariadb "${sa[@]}"
    log="$tmp/$store-$exp"
    la="$(cut -d' ' -f1 /proc/loadavg)"
    read -r -a st <<< "$(store_args "$store" load)"
    rm -f "$log.disk"
    disk_peak "$(data_dir_of "$store" "$exp")" "$log.disk" &
    sampler=$!
    set -m # the load in a process group of its own that does not ignore SIGINT: CAP_S stops it as Ctrl-C would
    /usr/bin/time -f '%M' -o "$log.peak" java "${client_jvm[@]}" -jar "$jar" "${cfg[@]}" "${st[@]}" "${keys[@]}" -D maxid1=$maxid1 -D loaders="$loaders" \
        -D schema=recreate -D progressfreq=10 -l --results "$tmp/results-$store-$exp-load" > "$log.load" 2>&1 &
    pid=$!
    set +m
    capper=""
    if [[ -n ${CAP_S:-} ]]; then
        if (( 0x$(awk '/^SigIgn:/ {print $2}' /proc/$$/status) & 2 )); then
            # SIGINT ignored since this script started (nohup ... &, a background job): SIGTERM to the launcher
            echo "bench-scale: SIGINT is ignored here (started in the background?): CAP_S stops the load with SIGTERM" >&2
            (sleep "$CAP_S"; kill -TERM "$(pgrep -P "$pid")" 2> /dev/null || true) &
        else
            (sleep "$CAP_S"; kill -INT -- -"$pid" 2> /dev/null || true) &
        fi
        capper=$!
    fi
    wait "$pid" || true
    [[ -z $capper ]] || kill "$capper" 2> /dev/null || true
    kill "$sampler" 2> /dev/null || true
    code="$(sed -n 's/^Command exited with non-zero status \([0-9]*\)$/\1/p' "$log.peak")"
    res="$(newest_result "$tmp/results-$store-$exp-load")"
    [[ -n $res && -f $res/result.json ]] || { echo "bench-scale: the load of $c wrote no result (exit ${code:-0}), see $log.load" >&2; exit 1; }
    read -r status ins all cli srv rss bpr dpr wall eta ratio \
        <<< "$(load_row "$log.load" "$res" "$(tail -n 1 "$log.peak")" "$(cat "$log.disk" 2> /dev/null || echo 0)")"
    [[ -z $code ]] || status="$status($code)"
    for mode in memory io; do
        if [[ $status != completed ]]; then
            req="- - - - - - -"
        else
            [[ $store != rocksdb ]] && read -r -a sa <<< "$(server_args "$store" $mode)" && start_mariadb "${sa[@]}"
            read -r -a st <<< "$(store_args "$store" $mode)"
            java "${client_jvm[@]}" -jar "$jar" "${cfg[@]}" "${st[@]}" "${keys[@]}" -D maxid1=$maxid1 -D requesters=4 -D maxtime="$req_s" -D warmup_time=10 \
                -r --results "$tmp/results-$store-$exp-$mode" > "$log.$mode" 2>&1 || true
            r="$(newest_result "$tmp/results-$store-$exp-$mode")"
            req="$(req_row "$r" 2> /dev/null || echo "- - - - - - -")"
        fi
        read -r tps rcli rsrv un gn ul gl <<< "$req"
        printf '%-8s %7s %-11s %9s %9s %7s %7s %7s %7s %7s %8s %8s %6s | %-6s %7s %7s %7s %7s %7s %7s %7s %6s\n' "$store" "10^$exp" \
            "$status" "$ins" "$all" "$cli" "$srv" "$rss" "$bpr" "$dpr" "$wall" "$eta" "$ratio" "$mode" "$tps" "$rcli" "$rsrv" \
            "$un" "$gn" "$ul" "$gl" "$la" | tee -a "$table"
    done
    if [[ -z ${KEEP:-} ]]; then
        [[ $store == rocksdb ]] || { stop_mariadb; rm -f "$my/password"; }
        rm -rf "$(data_dir_of "$store" "$exp")"
    fi
done

echo "load average at the end $(cut -d' ' -f1-3 /proc/loadavg); consoles and results in $tmp, this table in $table"
