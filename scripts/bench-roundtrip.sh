#!/usr/bin/env bash
# The CPU a client is charged for one blocking round trip on this machine, before it does any work of
# its own: a server process answers each one-byte request on a Unix socket after W us of busy work, and a
# client (Java, and C when a C compiler is here) makes COUNT blocking round trips and prints its thread's
# CPU time per round trip. Compare with the MySQL store's client CPU per request (scripts/mysql-cpu-cost.sh):
# a request is one round trip, and the server works about 100 to 150 us on it.
#
# It ends with two client/server pairs at once (100 us of work each): with both CPUs kept busy, no
# thread wakes on an idle CPU, and the same round trip costs the client a small fraction of it.
#
#   scripts/bench-roundtrip.sh [COUNT]      (default 20000; server work 0, 20, 50, 100 and 150 us)
set -euo pipefail
cd "$(dirname "$0")/roundtrip"
count="${1:-20000}"
work=/tmp/linkbench-roundtrip.$$
mkdir -p "$work"
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
javac -d "$work" RoundTripFloor.java
have_cc=false
if command -v cc >/dev/null 2>&1 && cc -O2 -o "$work/roundtrip_client" roundtrip_client.c; then
    have_cc=true
fi
echo "== client CPU per blocking round trip, $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%F %H:%M UTC')"
for w in 0 20 50 100 150; do
    for client in java c; do
        [[ $client == c ]] && ! $have_cc && continue
        sock="$work/echo-$w-$client.sock"
        java -cp "$work" RoundTripFloor server "$sock" $((w * 1000)) &
        server=$!
        for _ in $(seq 50); do [[ -S "$sock" ]] && break; sleep 0.1; done
        if [[ $client == java ]]; then
            printf 'server work %3d us, ' "$w"; java -cp "$work" RoundTripFloor client "$sock" "$count"
        else
            printf 'server work %3d us, ' "$w"; "$work/roundtrip_client" "$sock" "$count"
        fi
        wait "$server" 2>/dev/null || true
    done
done
echo "== two pairs at once, server work 100 us each"
for pair in 1 2; do
    java -cp "$work" RoundTripFloor server "$work/pair$pair.sock" 100000 &
done
for _ in $(seq 50); do [[ -S "$work/pair1.sock" && -S "$work/pair2.sock" ]] && break; sleep 0.1; done
if $have_cc; then
    "$work/roundtrip_client" "$work/pair1.sock" "$count" & "$work/roundtrip_client" "$work/pair2.sock" "$count"
else
    java -cp "$work" RoundTripFloor client "$work/pair1.sock" "$count" & java -cp "$work" RoundTripFloor client "$work/pair2.sock" "$count"
fi
wait
