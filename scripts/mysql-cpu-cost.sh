#!/usr/bin/env bash
# Client and server CPU per loaded row and per request of the MySQL store:
#
#   scripts/mysql-cpu-cost.sh [--lean] [ENGINE] [-D key=value ...]
#
# ENGINE is myrocks (default) or innodb (config/myrocks.properties or config/innodb.properties). Runs,
# with the 2011 workload (config/workload-2011.properties):
#   1. a load at maxid1=200001 with 2 loaders into a recreated database (dbid lbcost_<engine>),
#   2. a 90 s request phase with 2 requesters,
# each under /usr/bin/time (the client's user+sys CPU, JVM start-up and JIT included) while reading the
# utime+stime of the local mariadbd/mysqld from /proc/<pid>/stat, and prints both per loaded row and per
# request. Needs ./linkbench.jar (mvn -B -q package -DskipTests) and a local server (scripts/start-mariadb.sh).
# Extra -D options go to both phases (e.g. -D maxtime=30 for a quicker look); JAVA_OPTS goes to the JVM of
# both phases, LOAD_JAVA_OPTS and REQUEST_JAVA_OPTS (when set) to one phase each.
#
# --lean runs the client the cheapest way we know (see src/site/markdown/performance.md): a class-data
# sharing archive of linkbench's own classes (made once, target/linkbench-cds.jsa), the serial collector,
# C1-only compilation for the load, and the server's Unix socket (-D socket=..., read from the server)
# when the client runs on the server's host.
set -euo pipefail
cd "$(dirname "$0")/.."

lean=false
if [[ "${1:-}" == "--lean" ]]; then
    lean=true
    shift
fi
engine="${1:-myrocks}"
[[ $# -gt 0 ]] && shift
case "$engine" in
    myrocks|innodb) ;;
    *) echo "mysql-cpu-cost: engine must be myrocks or innodb, not '$engine'" >&2; exit 2 ;;
esac
[[ -f linkbench.jar ]] || { echo "mysql-cpu-cost: ./linkbench.jar is missing: mvn -B -q package -DskipTests" >&2; exit 1; }
pidfile=/run/mysqld/mysqld.pid
[[ -r "$pidfile" ]] || { echo "mysql-cpu-cost: no readable $pidfile: is the local server running?" >&2; exit 1; }
hz="$(getconf CLK_TCK)"
out="target/mysql-cpu-cost/$engine"
mkdir -p "$out"
extra=()
if $lean; then
    cds=target/linkbench-cds.jsa
    if [[ ! -f "$cds" || linkbench.jar -nt "$cds" ]]; then
        # a tiny load and request run touches every class a real run loads
        java -XX:ArchiveClassesAtExit="$cds" -jar linkbench.jar -c "config/$engine.properties" \
            -D dbid=lbcost_cds -D maxid1=1001 -D schema=recreate -D maxtime=2 -l -r --results "$out/cds" \
            > "$out/cds.out" 2>&1 || { echo "mysql-cpu-cost: making the CDS archive failed, see $out/cds.out" >&2; exit 1; }
    fi
    LOAD_JAVA_OPTS="${LOAD_JAVA_OPTS:--XX:SharedArchiveFile=$cds -XX:+UseSerialGC -XX:TieredStopAtLevel=1}"
    REQUEST_JAVA_OPTS="${REQUEST_JAVA_OPTS:--XX:SharedArchiveFile=$cds -XX:+UseSerialGC}"
    sock="$(mysql -N -B -e 'SELECT @@socket' 2>/dev/null || true)"
    [[ -S "$sock" ]] && extra+=(-D "socket=$sock")
fi

server_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

# phase NAME JAVA_OPTS ARGS...: runs linkbench, prints "user sys wall server_ticks"
phase() {
    local name="$1" jopts="$2"; shift 2
    local pid s0 s1
    pid="$(cat "$pidfile")"
    s0="$(server_ticks "$pid")"
    /usr/bin/time -f '%U %S %e' -o "$out/$name.time" \
        java $jopts -jar linkbench.jar -c "config/$engine.properties" -c config/workload-2011.properties \
        -D dbid="lbcost_$engine" -D maxid1=200001 ${extra[@]+"${extra[@]}"} "$@" --results "$out/results" \
        > "$out/$name.out" 2>&1 \
        || { echo "mysql-cpu-cost: the $name phase failed, see $out/$name.out" >&2; exit 1; }
    if [[ "$(cat "$pidfile" 2>/dev/null)" != "$pid" ]] || [[ ! -r "/proc/$pid/stat" ]]; then
        echo "mysql-cpu-cost: the server restarted during the $name phase: measure again" >&2
        exit 1
    fi
    s1="$(server_ticks "$pid")"
    read -r user sys wall < "$out/$name.time"
    echo "$user $sys $wall $(( s1 - s0 ))"
}

# counts from the phase's summary: load rows, request count
load_rows() { grep -E '^loaded ' "$out/load.out" | sed -E 's/loaded ([0-9,]+) nodes, ([0-9,]+) links, ([0-9,]+) counts.*/\1 \2 \3/' | tr -d , | awk '{print $1+$2+$3}'; }
requests() { awk '$1 == "TOTAL" {print $2; exit}' "$out/requests.out"; }

read -r lu ls lw lt <<< "$(phase load "${LOAD_JAVA_OPTS:-${JAVA_OPTS:-}}" -D loaders=2 -D schema=recreate -l "$@")"
rows="$(load_rows)"
read -r ru rs rw rt <<< "$(phase requests "${REQUEST_JAVA_OPTS:-${JAVA_OPTS:-}}" -D requesters=2 -D maxtime=90 -r "$@")"
reqs="$(requests)"

awk -v e="$engine" -v lean="$($lean && echo ", lean client (${extra[*]:-TCP}; load JVM: $LOAD_JAVA_OPTS; request JVM: $REQUEST_JAVA_OPTS)")" -v rows="$rows" -v lu="$lu" -v ls="$ls" -v lw="$lw" -v lt="$lt" \
    -v reqs="$reqs" -v ru="$ru" -v rs="$rs" -v rw="$rw" -v rt="$rt" -v hz="$hz" 'BEGIN {
    printf "engine %s%s\n", e, lean
    printf "load:     %d rows in %.1f s wall; client %.2f s (user %.2f + sys %.2f) = %.2f us/row; server %.2f s = %.2f us/row\n",
        rows, lw, lu + ls, lu, ls, (lu + ls) * 1e6 / rows, lt / hz, lt / hz * 1e6 / rows
    printf "requests: %d requests in %.1f s wall; client %.2f s (user %.2f + sys %.2f) = %.1f us/request; server %.2f s = %.1f us/request\n",
        reqs, rw, ru + rs, ru, rs, (ru + rs) * 1e6 / reqs, rt / hz, rt / hz * 1e6 / reqs
}' | tee "$out/summary.txt"
# the run's own probe over the measured window (no JVM start-up), when the report has it
for name in load requests; do
    probe="$(awk '$1 == "client_cpu_us/op" || $1 == "server_cpu_us/op" {printf "%s %s  ", $1, $2}' "$out/$name.out")"
    [[ -n "$probe" ]] && echo "$name, measured window only: $probe" | tee -a "$out/summary.txt"
done
exit 0
