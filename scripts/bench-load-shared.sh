#!/usr/bin/env bash
# The load of the original's graph (maxid1 = 200,001, the 2011 degree file, nlinks_tail = original:
# 1,795,769 link rows, 961,964 of them on one id1) by two builds side by side, alternating, with each
# link loader's activity over time:
#
#   scripts/bench-load-shared.sh OLD_JAR NEW_JAR [ROUNDS] [CASES]
#
# CASES (default "rocksdb innodb myrocks pg"): the embedded RocksDB store, MariaDB InnoDB and MyRocks
# (scripts/start-mariadb.sh), PostgreSQL (scripts/start-postgres.sh). Each round loads every case with
# both builds, old then new in odd rounds and new then old in even ones, 2 link loaders, schema
# recreated. NLINKS_FILE names the degree file (default ../shared/linkbench-data/Distribution_2011.dat).
#
# Per load it prints, every second, the CPU % each link-loader thread used (from /proc/PID/task; "-"
# before the thread started, "done" after it ended), and the progress lines (the new build's give each
# link loader's rows/s), then one summary row: the insert window's seconds and rows/s, and the second
# at which each link loader's thread was last seen (JVM start-up included).
set -euo pipefail
cd "$(dirname "$0")/.."
old="${1:?old jar}"
new="${2:?new jar}"
rounds="${3:-1}"
cases="${4:-rocksdb innodb myrocks pg}"
file="${NLINKS_FILE:-../shared/linkbench-data/Distribution_2011.dat}"
[[ -f $file ]] || { echo "bench-load-shared: no degree file $file (set NLINKS_FILE)" >&2; exit 2; }
out="target/bench-load-shared"
mkdir -p "$out"
hz="$(getconf CLK_TCK)"
graph=(-c config/workload-2011.properties -D maxid1=200001 -D nlinks_tail=original -D "nlinks_file=$file"
    -D loaders=2 -D progressfreq=1 -D schema=recreate)

config_of() {
    case "$1" in
        rocksdb) echo "-c config/rocksdb.properties -D data_dir=$out/rocksdb-data" ;;
        innodb) echo "-c config/innodb.properties -D dbid=lbshare_innodb" ;;
        myrocks) echo "-c config/myrocks.properties -D dbid=lbshare_myrocks" ;;
        pg) echo "-c config/postgres.properties -D dbid=lbshare_pg" ;;
        *) echo "bench-load-shared: unknown case '$1'" >&2; exit 2 ;;
    esac
}

# Samples the link-loader threads of java process $1 about every second until it exits: "second thread
# ticks", seconds since the JVM started (a second may be missing on a busy machine).
sample_loaders() {
    local pid=$1 start=$SECONDS t task name
    while kill -0 "$pid" 2> /dev/null; do
        t=$((SECONDS - start))
        for task in /proc/"$pid"/task/*; do
            read -r name < "$task/comm" 2> /dev/null || continue
            [[ $name == loader-* || $name == link-loader-* ]] || continue
            awk -v t="$t" -v n="$name" '{print t, n, $14 + $15}' "$task/stat" 2> /dev/null || true
        done
        sleep 1
    done
}

echo "== bench-load-shared: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%F %H:%M UTC')"
printf '%-8s %-4s %5s %8s %10s %9s %22s %6s\n' case build round load_s links rows/s "loaders done at (s)" load1
for r in $(seq "$rounds"); do
    order=(old new); (( r % 2 == 0 )) && order=(new old)
    for c in $cases; do
        read -r -a cfg <<< "$(config_of "$c")"
        for build in "${order[@]}"; do
            jar=$old; [[ $build == new ]] && jar=$new
            log="$out/$c-$build-$r"
            la="$(cut -d' ' -f1 /proc/loadavg)"
            java -jar "$jar" "${cfg[@]}" "${graph[@]}" -l --results "$out/results" > "$log.out" 2>&1 &
            pid=$!
            sample_loaders "$pid" > "$log.threads"
            wait "$pid" || { echo "bench-load-shared: the $build load of $c failed, see $log.out" >&2; exit 1; }
            {
                echo "-- $c, $build build, round $r: link-loader CPU % per second"
                awk -v hz="$hz" '{ if (($2) in last && $1 > lastT[$2]) { cpu[$1, $2] = ($3 - last[$2]) * 100 / hz / ($1 - lastT[$2]) }
                    if (!(($2) in first)) first[$2] = $1
                    last[$2] = $3; lastT[$2] = $1; names[$2] = 1; if ($1 > max) max = $1 }
                    END { n = asorti(names, sorted); printf "%5s", "s"; for (i = 1; i <= n; i++) printf " %14s", sorted[i]; print ""
                        for (t = 1; t <= max; t++) { printf "%5d", t
                            for (i = 1; i <= n; i++) { k = t SUBSEP sorted[i]
                                printf " %14s", (k in cpu) ? sprintf("%.0f", cpu[k]) : (t <= first[sorted[i]] ? "-" : (t > lastT[sorted[i]] ? "done" : "")) }
                            print "" } }' "$log.threads"
                grep '^load: ' "$log.out" | sed 's/^/   /' || true
            } | tee "$log.table"
            secs=$(sed -n 's/^loaded .* in \([0-9.]*\) s:.*/\1/p' "$log.out")
            links=$(sed -n 's/^loaded [0-9,]* nodes, \([0-9,]*\) links.*/\1/p' "$log.out")
            rate=$(sed -n 's/.*, \([0-9,]*\) rows\/s in total$/\1/p' "$log.out")
            done_at=$(awk '{ seen[$2] = $1 } END { n = asorti(seen, s); for (i = 1; i <= n; i++) printf "%s%s", (i > 1 ? " " : ""), seen[s[i]] + 1 }' "$log.threads")
            printf '%-8s %-4s %5d %8s %10s %9s %22s %6s\n' "$c" "$build" "$r" "$secs" "$links" "$rate" "$done_at" "$la" \
                | tee -a "$out/summary.txt"
        done
    done
done
echo "load average at the end $(cut -d' ' -f1-3 /proc/loadavg); tables in $out/*.table, summary in $out/summary.txt"
