#!/usr/bin/env bash
# Restarts the local MariaDB (the one scripts/start-mariadb.sh started) with the IO-bound settings of
# config/io-bound/: a 128 MiB InnoDB buffer pool with O_DIRECT, a 64 MiB MyRocks block cache (data blocks) with
# direct reads. `scripts/start-mariadb-io-bound.sh --default` restarts it with the defaults again.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [[ "${1:-}" == "--default" ]]; then
    LINKBENCH_MARIADB_ARGS="" exec bash "$here/restart-mariadb.sh"
fi
LINKBENCH_MARIADB_ARGS="--innodb-buffer-pool-size=128M --innodb-flush-method=O_DIRECT --rocksdb-block-cache-size=64M --rocksdb-use-direct-reads=ON --rocksdb-cache-index-and-filter-blocks=0" \
    bash "$here/restart-mariadb.sh"
echo "next: scripts/bench-io-bound.sh innodb   (or myrocks; scripts/start-mariadb-io-bound.sh --default undoes these settings)"
