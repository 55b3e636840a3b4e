#!/usr/bin/env bash
# The Mongo store's client CPU per request against the Java driver's own floor, on one loaded database:
#
#   scripts/bench-mongo-floor.sh [ROUNDS] [REQUESTS]
#
# The floor is io.linkbench.store.mongo.MongoDriverFloor (store-mongo's test sources): the client the
# store builds (Connection.open, the store's keys: same driver, pool, timeouts, credentials) sending
# the store's commands with the plain driver API: read (a node by _id and type), list (GET_LINKS_LIST's
# find with its projection, newest first, limit 10,000), txn (ADD_LINK of a new link: two updates of
# the link and the count's $inc upsert in a transaction, and the commit), and mix (those three at
# random in the proportions of the store's request mix: single commands, lists, link writes), and
# store-mix: the same loop through the store's own sessions (getNode, getLinkList, addLink), which
# tells the store's code from the CLI around it.
# First one JVM per loop (read, list, txn; CALLS_READ, CALLS_LIST, CALLS_TXN calls), then ROUNDS
# (default 3) rounds of the store's request phase for each jar of JARS (the real CLI, REQUESTS
# requests, default 20,000, about a minute on DocumentDB here, 2 requesters, warmup_time 0 as users
# run it), the floor's mix and store-mix (as many calls, a tenth of them as warm-up), the order
# rotating from round to round (round 1 starts with a store phase, whose mix the floor takes). The
# same number of calls everywhere: start-up and JIT cost a JVM about the same whatever it does, so
# per-call figures of runs with different call counts do not compare. Each jar first runs 200
# requests unmeasured: the first run of a jar makes its class-data archive (seconds of CPU). Every JVM
# runs under /usr/bin/time; its threads' CPU is read from /proc every half second (the requester or
# floor threads, the JIT compilers, the rest; the launcher's parent JVM is the difference), and the
# server's CPU from /proc before and after: the gateway (its pid file) and PostgreSQL (every process
# whose working directory is its data directory, and the postmaster's exited children).
#
# Environment: JARS (default ./linkbench.jar, built when missing; e.g. "OLD.jar linkbench.jar"), DBID
# (lbfloor), MAXID1 (20001), LOAD=1 to load the graph first (schema=recreate, with the last jar), URL,
# DB_USER and PASSWORD_FILE (default: the DocumentDB of scripts/start-documentdb.sh), DDB_RUN (its run
# directory, for the server's processes). The floor runs from store-mongo/target/test-classes with the
# driver of ./linkbench.jar (the one the store ships with). Keeps logs in target/bench-mongo-floor.
set -euo pipefail
cd "$(dirname "$0")/.."
LB_NAME=bench-mongo-floor
. scripts/lib/procs.sh

rounds=${1:-3}
requests=${2:-20000}
JARS=${JARS:-linkbench.jar}
DBID=${DBID:-lbfloor}
MAXID1=${MAXID1:-20001}
DDB_RUN=${DDB_RUN:-/var/tmp/linkbench-documentdb/run}
URL=${URL:-mongodb://127.0.0.1:10260/}
DB_USER=${DB_USER:-linkbench}
PASSWORD_FILE=${PASSWORD_FILE:-$DDB_RUN/password}
CALLS_READ=${CALLS_READ:-10000}
CALLS_LIST=${CALLS_LIST:-3000}
CALLS_TXN=${CALLS_TXN:-1500}
out=target/bench-mongo-floor
hz=$(getconf CLK_TCK)

for c in /usr/bin/time jq; do
    command -v "$c" >/dev/null || { echo "$LB_NAME: $c is missing (apt-get install -y ${c##*/})" >&2; exit 1; }
done
[[ -r $PASSWORD_FILE ]] || { echo "$LB_NAME: PASSWORD_FILE=$PASSWORD_FILE is not readable (bash scripts/start-documentdb.sh)" >&2; exit 1; }
if [[ ! -f linkbench.jar || ${REBUILD:-0} == 1 ]]; then
    echo "building linkbench.jar ..." >&2
    mvn -B -q -o package -DskipTests
fi
if [[ ! -f store-mongo/target/test-classes/io/linkbench/store/mongo/MongoDriverFloor.class ]]; then
    mvn -B -q -o -pl store-mongo -am test-compile
fi
floor_cp=store-mongo/target/test-classes:linkbench.jar
keys=(url="$URL" user="$DB_USER" password_file="$PASSWORD_FILE" dbid="$DBID" maxid1="$MAXID1")
cli_keys=(-c config/mongo.properties -D url="$URL" -D user="$DB_USER" -D password_file="$PASSWORD_FILE"
    -D dbid="$DBID" -D maxid1="$MAXID1" -D requesters=2 -D loaders=2)
mkdir -p "$out"

# server_ticks: "gateway postgres" CPU ticks so far (the postmaster's cutime/cstime hold its exited children)
server_ticks() {
    local gw=0 pg=0 pm p
    [[ -r $DDB_RUN/gateway.pid ]] && gw=$(awk '{print $14 + $15}' "/proc/$(cat "$DDB_RUN/gateway.pid")/stat" 2>/dev/null || echo 0)
    pm=$(head -1 "$DDB_RUN/data/postmaster.pid" 2>/dev/null || echo 0)
    for p in $(lb_dir_pids "$DDB_RUN/data"); do
        if [[ $p == "$pm" ]]; then
            pg=$(( pg + $(awk '{print $14 + $15 + $16 + $17}' "/proc/$p/stat" 2>/dev/null || echo 0) ))
        else
            pg=$(( pg + $(awk '{print $14 + $15}' "/proc/$p/stat" 2>/dev/null || echo 0) ))
        fi
    done
    echo "$gw $pg"
}

# watch_threads ROOT FILE: until ROOT exits, reads the CPU ticks of every thread of the innermost java
# under ROOT every half second; FILE gets "name|ticks", each thread at its last reading
watch_threads() {
    local root=$1 file=$2 pid c tid comm t
    local -A ticks=() name=()
    while kill -0 "$root" 2>/dev/null; do
        pid=$root
        while c=$(pgrep -P "$pid" | head -1) && [[ -n $c ]]; do pid=$c; done
        while IFS='|' read -r tid comm t; do
            ticks[$tid]=$t; name[$tid]=$comm
        done < <(for c in /proc/"$pid"/task/*; do cat "$c/stat" 2>/dev/null; echo; done \
            | sed -nE 's/^([0-9]+) \((.*)\) [A-Za-z] (.*)$/\1|\2|\3/p' | awk -F'|' '{split($3, f, " "); print $1 "|" $2 "|" f[11] + f[12]}')
        sleep 0.5
    done
    for tid in "${!ticks[@]}"; do echo "${name[$tid]}|${ticks[$tid]}"; done > "$file"
}

printf '%-17s %7s %6s %7s %9s %9s %8s %8s %8s %9s %9s %9s %6s\n' run calls secs calls/s client_us req_us jit_us \
    rest_us other_us window_us gw_us pg_us load1 | tee "$out/table.txt"

# measure NAME CALLS_FROM COMMAND...: runs COMMAND under /usr/bin/time, prints its row. CALLS_FROM is
# "result" (the CLI: requests and seconds from its result.json) or "floor" (the floor's own line).
measure() {
    local name=$1 from=$2 load s0 s1 root
    shift 2
    load=$(cut -d' ' -f1 /proc/loadavg)
    s0=$(server_ticks)
    /usr/bin/time -f '%U %S %e' -o "$out/$name.time" "$@" > "$out/$name.out" 2>&1 &
    root=$!
    watch_threads "$root" "$out/$name.threads"
    wait "$root" || { echo "$LB_NAME: $name failed, see $out/$name.out" >&2; exit 1; }
    s1=$(server_ticks)
    local calls seconds window
    if [[ $from == result ]]; then
        local res
        res="$(sed -n 's/^results: //p' "$out/$name.out" | tail -1)/result.json"
        calls=$(jq '[.phases[] | select(.phase == "request") | .ops[].count] | add' "$res")
        seconds=$(jq '.phases[] | select(.phase == "request") | .seconds' "$res")
        window=$(jq -r '.phases[] | select(.phase == "request") | .cost.figures["client_cpu_us/op"] // "nan"' "$res")
        LAST_MIX=$(jq -r '[.phases[] | select(.phase == "request") | .ops[]
            | {c: .count, k: (if .name == "GET_LINKS_LIST" then "l" elif (.name | test("_LINK$")) and .name != "COUNT_LINK"
                and .name != "MULTIGET_LINK" then "t" else "r" end)}]
            | "\([.[] | select(.k == "r") | .c] | add // 0),\([.[] | select(.k == "l") | .c] | add // 0),\([.[] | select(.k == "t") | .c] | add // 0)"' "$res")
        LAST_CALLS=$calls
    else
        local line
        line=$(grep '^floor ' "$out/$name.out")
        # every call the JVM made counts for the whole-JVM figures: the measured ones and the warm-up
        calls=$(( $(sed -E 's/.* calls=([0-9]+) .*/\1/' <<<"$line") + $(sed -E 's/.* warmup=([0-9]+) .*/\1/' <<<"$line") ))
        seconds=$(sed -E 's/.* seconds=([0-9.]+) .*/\1/' <<<"$line")
        window=$(sed -E 's/.* process_cpu_us\/call=([0-9.]+) .*/\1/' <<<"$line")
    fi
    read -r user sys wall < "$out/$name.time"
    awk -F'|' -v name="$name" -v calls="$calls" -v secs="$seconds" -v u="$user" -v s="$sys" -v win="$window" \
        -v s0="$s0" -v s1="$s1" -v hz="$hz" -v loadavg="$load" '
        $1 ~ /^(requester-|floor-)/ { req += $2 } $1 ~ /CompilerThre/ { jit += $2 } { all += $2 }
        END {
            split(s0, a, " "); split(s1, b, " ")
            total = (u + s) * 1e6 / calls; k = 1e6 / hz / calls
            printf "%-17s %7d %6.1f %7.1f %9.1f %9.1f %8.1f %8.1f %8.1f %9.1f %9.1f %9.1f %6s\n", name, calls, secs,
                calls / secs, total, req * k, jit * k, (all - req - jit) * k, total - all * k, win,
                (b[1] - a[1]) * k, (b[2] - a[2]) * k, loadavg
        }' "$out/$name.threads" | tee -a "$out/table.txt"
}

jars=($JARS)
if [[ ${LOAD:-0} == 1 ]]; then
    echo "loading $DBID, maxid1 $MAXID1 ..." >&2
    java -jar "${jars[-1]}" "${cli_keys[@]}" -D schema=recreate -l --results "$out/results" > "$out/load.out" 2>&1 \
        || { echo "$LB_NAME: the load failed, see $out/load.out" >&2; exit 1; }
fi
for j in "${jars[@]}"; do
    java -jar "$j" "${cli_keys[@]}" -D requests=200 -r --results "$out/results" > "$out/prime.out" 2>&1 \
        || { echo "$LB_NAME: a request phase of $j failed, see $out/prime.out" >&2; exit 1; }
done
echo "== $(nproc) CPUs, $(free -g | awk '/^Mem:/ {print $2}') GiB, $(date -u '+%F %H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
for kind in read list txn; do
    n=CALLS_${kind^^}; n=${!n}
    measure "floor-$kind" floor java -cp "$floor_cp" io.linkbench.store.mongo.MongoDriverFloor "$kind" "$n" $(( n / 10 )) 2 "${keys[@]}"
done
runs=("${!jars[@]}" floor floor-store)
LAST_CALLS=""
for r in $(seq "$rounds"); do
    for i in "${!runs[@]}"; do
        run=${runs[$(( (i + r - 1) % ${#runs[@]} ))]}
        if [[ $run == floor* ]]; then
            if [[ -z $LAST_CALLS ]]; then continue; fi # round 1 starts with a store phase: its mix and calls
            kind=mix; [[ $run == floor-store ]] && kind=store-mix
            measure "floor-$kind-$r" floor java -cp "$floor_cp" io.linkbench.store.mongo.MongoDriverFloor "$kind:$MIX" \
                "$(( requests - requests / 10 ))" "$(( requests / 10 ))" 2 "${keys[@]}"
        else
            measure "store$run-$r" result java -jar "${jars[$run]}" "${cli_keys[@]}" -D requests="$requests" \
                -D maxtime=3600 -D warmup_time=0 -r --results "$out/results"
            MIX=${MIX:-$LAST_MIX}
        fi
    done
done
echo "store runs: ${!jars[*]} = ${jars[*]}; floor mix of single commands, lists and link writes: $MIX"
echo "client_us: user+sys of the whole process tree per call (start-up, JIT, launcher); req_us: the requester or"
echo "floor threads; jit_us: C1 and C2; rest_us: the other threads; other_us: the rest of the process tree (the"
echo "launcher's parent JVM, and what threads spent after their last reading);"
echo "window_us: the measured window only (the CLI's probe; the floor's calls after its warm-up); gw_us, pg_us: server"
# ratios: every store run's client_us and req_us against the mean of the floor's mix runs
awk '$1 ~ /^floor-mix/ { fc += $5; fr += $6; n++ } $1 ~ /^(store|floor-store-mix)/ { s[$1] = $5 " " $6 }
    END { if (n == 0) exit; fc /= n; fr /= n
          printf "floor mix mean: client %.1f us/call, floor threads %.1f us/call\n", fc, fr
          for (k in s) { split(s[k], v, " "); printf "%-17s client %.2fx the floor, calling threads %.2fx\n", k, v[1] / fc, v[2] / fr } }' \
    "$out/table.txt" | sort
