#!/usr/bin/env bash
# One sitting of the client-cost comparison: the blocking round-trip floor (scripts/bench-roundtrip.sh),
# then every store case of scripts/client-cost-ab.sh (MySQL InnoDB and ROCKSDB with the 2011 and 2017
# mixes, PostgreSQL with the 2017 mix), OLD and NEW build alternating, then the floor again, so the
# floor and the builds are measured on one machine state. Needs MariaDB (scripts/start-mariadb.sh) and
# PostgreSQL (scripts/start-postgres.sh); a case whose server is missing stops the sitting.
#
#   scripts/bench-client-cost.sh OLD_JAR NEW_JAR [ROUNDS] [SECONDS]     (defaults 1 and 60)
#
# Both builds connect to HOST (default 127.0.0.1, TCP, as the shipped configs; HOST=localhost: the MySQL
# store through the server's Unix socket). CASES="pg-2017 rocksdb-2017" picks cases; SKIP_LOAD=1 reuses
# the databases of an earlier sitting.
set -euo pipefail
cd "$(dirname "$0")/.."
old="${1:?old jar}"
new="${2:?new jar}"
rounds="${3:-1}"
secs="${4:-60}"
cases="${CASES:-innodb-2011 innodb-2017 rocksdb-2011 rocksdb-2017 pg-2017}"
host="${HOST:-127.0.0.1}"
bash scripts/bench-roundtrip.sh 10000
for c in $cases; do
    OLD_HOST="$host" NEW_HOST="$host" bash scripts/client-cost-ab.sh "$c" "$old" "$new" "$rounds" "$secs"
done
bash scripts/bench-roundtrip.sh 10000
