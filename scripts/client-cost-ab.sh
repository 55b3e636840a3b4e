#!/usr/bin/env bash
# Client CPU per request and per statement of two linkbench builds side by side, alternating, on one
# loaded database (issue: the client at the round-trip floor):
#
#   scripts/client-cost-ab.sh CASE OLD_JAR NEW_JAR [ROUNDS] [SECONDS]
#
# CASE is innodb-2011, innodb-2017, rocksdb-2011, rocksdb-2017 or pg-2017 (store, engine and mix; the
# 2011 mix goes as -D keys of config/workload-2011.properties that both builds know). Loads
# maxid1=200001 once with NEW_JAR (2 loaders, dbid lbab_<case>), then runs ROUNDS (default 2) pairs
# of request phases (2 requesters, SECONDS each, default 30), old then new in odd rounds and new then
# old in even ones, each JVM under
# /usr/bin/time. Statements come from the server's counters read around each phase by the server's
# own client: MySQL `Questions` (server-wide), PostgreSQL xact_commit + xact_rollback of the
# database. OLD_HOST / NEW_HOST (default 127.0.0.1 and localhost) pick each build's host: with
# localhost the new MySQL store connects through the server's Unix socket; OLD_ARGS / NEW_ARGS add
# options to one build's phases (e.g. NEW_ARGS="-D socket=/var/tmp/linkbench-postgres/socket" for the
# PostgreSQL store's Unix socket); OLD_JVM / NEW_JVM add JVM options to one build's java command (e.g.
# NEW_JVM="-XX:TieredStopAtLevel=1" to compare JIT settings on one jar); SKIP_LOAD=1 reuses the
# database of an earlier run. Prints one row per phase
# and the load average; the JVM's start-up and compilation are inside the figures, as users run it.
set -euo pipefail
cd "$(dirname "$0")/.."
case_="${1:?case: innodb-2011, innodb-2017, rocksdb-2011, rocksdb-2017 or pg-2017}"
old="${2:?old jar}"
new="${3:?new jar}"
rounds="${4:-2}"
secs="${5:-30}"
old_host="${OLD_HOST:-127.0.0.1}"
new_host="${NEW_HOST:-localhost}"
# the 2011 mix as -D keys both builds know (an older build cannot read today's workload-2011.properties:
# its workload_rules and link_id2_rule keys are newer), so both run the same workload
mix2011=()
while IFS='=' read -r k v; do
    k="${k// /}"; v="${v// /}"
    [[ -z $k || $k == \#* || $k == workload_rules || $k == link_id2_rule ]] && continue
    mix2011+=(-D "$k=$v")
done < config/workload-2011.properties
case "$case_" in
    innodb-2011) cfg=(-c config/innodb.properties "${mix2011[@]}") ;;
    innodb-2017) cfg=(-c config/innodb.properties) ;;
    rocksdb-2011) cfg=(-c config/myrocks.properties "${mix2011[@]}") ;;
    rocksdb-2017) cfg=(-c config/myrocks.properties) ;;
    pg-2017) cfg=(-c config/postgres.properties) ;;
    *) echo "client-cost-ab: unknown case '$case_'" >&2; exit 2 ;;
esac
db="lbab_${case_//-/_}"
out="target/client-cost-ab/$case_"
mkdir -p "$out"
if [[ $case_ == pg-* ]]; then
    # PostgreSQL's dbid names the database; the role needs CREATEDB, which start-postgres.sh grants
    statements() { PGPASSWORD=linkbench psql -h 127.0.0.1 -p 5433 -U linkbench -d "$db" -Atc \
        "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = current_database()"; }
    server_pid() { head -1 "$(PGPASSWORD=linkbench psql -h 127.0.0.1 -p 5433 -U linkbench -d "$db" -Atc 'SHOW data_directory')/postmaster.pid"; }
    # the postmaster with the CPU of its exited backends (cutime, cstime) and the live backends'
    server_ticks() { local pm t; pm=$(server_pid); t=$(awk '{print $14 + $15 + $16 + $17}' "/proc/$pm/stat")
        for p in $(pgrep -P "$pm"); do t=$(( t + $(awk '{print $14 + $15}' "/proc/$p/stat" 2>/dev/null || echo 0) )); done
        echo "$t"; }
else
    statements() { mysql -N -B -e "SHOW GLOBAL STATUS LIKE 'Questions'" | awk '{print $2}'; }
    server_ticks() { awk '{print $14 + $15}' "/proc/$(cat /run/mysqld/mysqld.pid)/stat"; }
fi
hz="$(getconf CLK_TCK)"
common=(-D dbid="$db" -D maxid1=200001 -D loaders=2 -D requesters=2)
echo "== $case_, $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%F %H:%M UTC')"
if [[ ${SKIP_LOAD:-} != 1 ]]; then
    java -jar "$new" "${cfg[@]}" "${common[@]}" -D schema=recreate -l --results "$out/load" > "$out/load.out" 2>&1 \
        || { echo "client-cost-ab: the load failed, see $out/load.out" >&2; exit 1; }
fi
printf '%-4s %-9s %7s %7s %9s %8s %9s %9s %10s %10s %10s %7s\n' build host user_s sys_s requests req/s \
    stmts/req cli_us/req user_us/req cli_us/stmt srv_us/req load1
for r in $(seq "$rounds"); do
    # old, new, then new, old: the database grows and ages under the phases, so a fixed order would
    # charge the drift to the second build
    order=(old new); (( r % 2 == 0 )) && order=(new old)
    for build in "${order[@]}"; do
        jar=$old; host=$old_host; args=(${OLD_ARGS:-}); jvm=(${OLD_JVM:-})
        [[ $build == new ]] && { jar=$new; host=$new_host; args=(${NEW_ARGS:-}); jvm=(${NEW_JVM:-}); }
        q0=$(statements); s0=$(server_ticks)
        /usr/bin/time -f '%U %S %e' -o "$out/$build-$r.time" java ${jvm[@]+"${jvm[@]}"} -jar "$jar" "${cfg[@]}" "${common[@]}" \
            -D host="$host" ${args[@]+"${args[@]}"} -D maxtime="$secs" -D warmup_time=0 -r --results "$out/results" > "$out/$build-$r.out" 2>&1 \
            || { echo "client-cost-ab: the $build request phase failed, see $out/$build-$r.out" >&2; exit 1; }
        sleep 1.5 # PostgreSQL publishes a backend's statistics at most once a second, and at its exit
        q1=$(statements); s1=$(server_ticks)
        read -r user sys wall < "$out/$build-$r.time"
        reqs=$(awk '$1 == "TOTAL" {print $2; exit}' "$out/$build-$r.out" | tr -d ,)
        awk -v b="$build" -v h="$host" -v u="$user" -v s="$sys" -v n="$reqs" -v q=$((q1 - q0)) -v t="$secs" \
            -v srv=$((s1 - s0)) -v hz="$hz" -v la="$(cut -d' ' -f1 /proc/loadavg)" 'BEGIN {
            printf "%-4s %-9s %7.2f %7.2f %9d %8.0f %9.3f %9.1f %10.1f %10.1f %10.1f %7s\n", b, h, u, s, n, n / t,
                q / n, (u + s) * 1e6 / n, u * 1e6 / n, (u + s) * 1e6 / q, srv / hz * 1e6 / n, la }'
    done
done
