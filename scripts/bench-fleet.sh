#!/usr/bin/env bash
# The measurements of performance.md "Client fleet and Galera": one MariaDB (scripts/start-mariadb.sh)
# with 1 client process x 6 requesters and 3 processes x 2 (scripts/fleet.sh), then the Galera
# cluster of scripts/start-galera.sh loaded through all three nodes and measured through one and
# through three. Runs go under OUT (default /tmp/bench-fleet); prints each phase's closing line.
# Environment: LINKBENCH (the command, default "java -jar ./linkbench.jar"), OUT, MAXID1 (50001),
# SECONDS_MEASURED (20).
set -euo pipefail
cd "$(dirname "$0")/.."
read -r -a lb <<< "${LINKBENCH:-java -jar ./linkbench.jar}"
out=${OUT:-/tmp/bench-fleet}
rm -rf "$out" && mkdir -p "$out"
common=(-c config/innodb.properties -D dbid=lb_perf -D "maxid1=${MAXID1:-50001}" -D displayfreq=5 -D progressfreq=5)
req=(-D "maxtime=${SECONDS_MEASURED:-20}" -D warmup_time=5)
all=(-D hosts=127.0.0.1:3311,127.0.0.1:3312,127.0.0.1:3313)
line() { grep -E "^loaded|^request phase: .* measured|ops/s over" || true; }
echo "== one MariaDB: load";                 "${lb[@]}" "${common[@]}" -D schema=recreate -l --results "$out/load-single" 2>&1 | line
echo "== one MariaDB: 1 process x 6";        "${lb[@]}" "${common[@]}" "${req[@]}" -D requesters=6 -r --results "$out/single1" 2>&1 | line
echo "== one MariaDB: 3 processes x 2";      FLEET_OUT="$out/fleet3" LINKBENCH="${lb[*]}" bash scripts/fleet.sh 3 "${common[@]}" \
                                                 "${req[@]}" -D requesters=2 -r 2>&1 | line
echo "== Galera: load through 3 nodes";      "${lb[@]}" "${common[@]}" "${all[@]}" -D schema=recreate -l --results "$out/load-galera" 2>&1 | line
echo "== Galera: through node 1, 6";         "${lb[@]}" "${common[@]}" "${req[@]}" -D hosts=127.0.0.1:3311 -D requesters=6 -r \
                                                 --results "$out/galera1" 2>&1 | line
echo "== Galera: through 3 nodes, 6";        "${lb[@]}" "${common[@]}" "${req[@]}" "${all[@]}" -D requesters=6 -r \
                                                 --results "$out/galera3" 2>&1 | line
