#!/usr/bin/env bash
# The fresh-machine check: makes a clean Debian 12 root as a new machine of the project's kind has it,
# puts a clone of this checkout's HEAD in it (with a copy of ../shared beside the clone, as CI has it,
# or without), and runs the README's two commands' install steps there, each timed:
#   servers    bash scripts/test.sh --servers-only: every start script, as the test command runs them
#   build      mvn -B -q package -DskipTests (README command 1's build)
#   command1   README command 1 at a small size (maxid1 20001, maxtime 5)
#   stores     a short load and request phase on each server started (MyRocks, Galera, Spider with its
#              verify, PostgreSQL, and DocumentDB when it runs), through the jar just built
#   ci         with --ci: the whole of .ci/run (every test); with --ci-only the only step, as CI runs on a
#              new machine (the servers built and started by .ci/run itself: its time is CI's)
# and ends with one line: PASSED, or FAILED naming the step (the end of its log is printed above it).
#
#   scripts/fresh-machine-check.sh [--without-shared] [--reuse-builds] [--ci | --ci-only] [--keep]
#     --without-shared  no ../shared beside the clone: DocumentDB is not built and its tests are skipped
#     --reuse-builds    DocumentDB's build comes from this machine's cache (read-only) instead of being
#                       compiled in the root (about 10 minutes of 2 cores); its packages are still installed
#     --ci              after the steps, run .ci/run in the root as CI would (tens of minutes)
#     --ci-only         run .ci/run alone, first thing, as CI on a new machine does (its wall time is CI's)
#     --keep            keep the root on disk afterwards (its servers stop with the check all the same)
#
# The new machine: Debian 12 by debootstrap (installed here from Debian's packages when missing), then
# what the image of this kind holds that the project meets: PostgreSQL 15 installed from bookworm's main
# suite *before* bookworm-security and bookworm-updates are added to its sources (so the lists the
# scripts update offer a newer server than the installed one), JDK 17, Maven, git, gcc and make, and
# this machine's rustup toolchain (mounted read-only) when it has one. That root is cached as a
# tarball in LINKBENCH_FRESH_DIR (default /var/tmp/linkbench-fresh), so a later check starts in
# seconds; delete the tarball to make it anew.
#
# Isolation: the root runs in namespaces of its own (network, PID, mount, IPC, UTS): its servers listen
# on its own 127.0.0.1 and meet none of this machine's, its mounts and processes end with the check.
# The network namespace reaches the package registries through a veth pair and NAT (nftables), in the
# range 10.231.N.0/30; IPv4 forwarding is switched on for the check and back off after the last one.
# Logs of every step stay in LINKBENCH_FRESH_DIR/logs-<time>. Needs root. Exit 0 passed, 1 failed.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
fresh="${LINKBENCH_FRESH_DIR:-/var/tmp/linkbench-fresh}"
mirror="${LINKBENCH_FRESH_MIRROR:-http://deb.debian.org/debian}"
with_shared=1; reuse=""; ci=""; ci_only=""; keep=""
for a in "$@"; do
    case "$a" in
        --without-shared) with_shared="" ;;
        --reuse-builds) reuse=1 ;;
        --ci) ci=1 ;;
        --ci-only) ci_only=1 ;;
        --keep) keep=1 ;;
        *) echo "fresh-machine-check: unknown option '$a' (--without-shared, --reuse-builds, --ci, --ci-only, --keep)" >&2; exit 2 ;;
    esac
done
say() { echo "fresh-machine-check: $*"; }
fail() { echo "fresh-machine-check: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "must run as root (debootstrap, namespaces, NAT)"
LB_NAME="fresh-machine-check"
# shellcheck source-path=SCRIPTDIR source=lib/packages.sh
. "$repo/scripts/lib/packages.sh"
t_check=$SECONDS

# ---------------------------------------------------------------- this machine's tools
need=()
command -v debootstrap >/dev/null 2>&1 || need+=(debootstrap)
command -v nft >/dev/null 2>&1 || need+=(nftables)
command -v zstd >/dev/null 2>&1 || need+=(zstd)
if [ ${#need[@]} -gt 0 ]; then lb_apt_install --no-install-recommends "${need[@]}" || exit 1; fi
mkdir -p "$fresh"

# ---------------------------------------------------------------- namespaces and clean-up
ns=""; host_if=""; run=""; root=""; inner=""
cleanup() {
    set +e
    [ -n "$inner" ] && kill -KILL "$inner" 2>/dev/null && wait "$inner" 2>/dev/null
    if [ -n "$ns" ]; then
        nft delete table ip "$ns" 2>/dev/null
        ip link del "$host_if" 2>/dev/null
        ip netns del "$ns" 2>/dev/null
        # forwarding as it was before the first of the checks running together, once the last has ended
        exec 8>>"$fresh/net.lock"; flock 8
        if ! ip netns list 2>/dev/null | grep -q '^lbfresh' && [ -f "$fresh/forward-before" ]; then
            cat "$fresh/forward-before" >/proc/sys/net/ipv4/ip_forward; rm -f "$fresh/forward-before"
        fi
        flock -u 8
    fi
    if [ -n "$root" ] && [ -d "$root" ] && [ -z "$keep" ]; then
        # never delete through a mount that is still there (the toolchain is a bind mount of this machine's)
        if grep -q " $run/" /proc/self/mountinfo; then
            echo "fresh-machine-check: mounts remain under $run: not removing it" >&2
        else
            rm -rf "$run"
        fi
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

net_up() { # a network namespace with a veth pair to this machine and NAT to the outside
    local i mtu dev
    exec 8>>"$fresh/net.lock"; flock 8
    for i in $(seq 0 63); do ip netns list | grep -q "^lbfresh$i\b" || break; done
    ns="lbfresh$i"; host_if="lbfresh${i}h"
    dev="$(ip route show default | awk '{for (j = 1; j < NF; j++) if ($j == "dev") print $(j + 1); exit}')"
    mtu="$(cat "/sys/class/net/$dev/mtu" 2>/dev/null || echo 1500)"
    ip netns list | grep -q '^lbfresh' || cat /proc/sys/net/ipv4/ip_forward >"$fresh/forward-before"
    ip netns add "$ns"
    ip link add "$host_if" mtu "$mtu" type veth peer name "lbfresh${i}c" mtu "$mtu"
    ip link set "lbfresh${i}c" netns "$ns"
    ip addr add "10.231.$i.1/30" dev "$host_if"; ip link set "$host_if" up
    ip -n "$ns" addr add "10.231.$i.2/30" dev "lbfresh${i}c"
    ip -n "$ns" link set "lbfresh${i}c" up; ip -n "$ns" link set lo up
    ip -n "$ns" route add default via "10.231.$i.1"
    echo 1 >/proc/sys/net/ipv4/ip_forward
    nft add table ip "$ns"
    nft add chain ip "$ns" post '{ type nat hook postrouting priority srcnat; }'
    nft add rule ip "$ns" post ip saddr "10.231.$i.0/30" oifname != "$host_if" masquerade
    flock -u 8
}

# runs a command in the root, in namespaces of its own; /proc, /sys, /dev, /run and the toolchain mounted
in_root() {
    local toolchain=""
    [ -d /root/.rustup/toolchains ] && [ -x "$root/root/.cargo/bin/cargo" ] && toolchain=/root/.rustup
    # started as a job of its own (set -m): a plain background job would inherit SIGINT and SIGQUIT
    # ignored, which CI's processes do not (the signal tests see it); --kill-child: when the check
    # ends, the root's first process is killed, and with it every process in the root
    set -m
    ip netns exec "$ns" unshare --mount --pid --ipc --uts --kill-child --propagation private bash -c '
        set -e; root="$1" toolchain="$2" logs="$3" builds="$4"; shift 4
        hostname fresh-machine
        mount --bind "$root" "$root"   # its / a mount point, as on a machine (the JDK looks / up in the mount table)
        mount -t proc proc "$root/proc"
        mount -t sysfs sysfs "$root/sys"
        mount --rbind /dev "$root/dev"
        mount -t tmpfs -o mode=1777,nosuid,nodev tmpfs "$root/dev/shm"
        mount -t tmpfs -o mode=755,nosuid,nodev tmpfs "$root/run"
        if [ -n "$toolchain" ]; then
            mkdir -p "$root/root/.rustup"; mount --bind "$toolchain" "$root/root/.rustup"; mount -o remount,bind,ro "$root/root/.rustup"
        fi
        if [ -n "$logs" ]; then mkdir -p "$root/srv/ci/logs"; mount --bind "$logs" "$root/srv/ci/logs"; fi
        for b in $builds; do
            mkdir -p "$root$b"; mount --bind "$b" "$root$b"; mount -o remount,bind,ro "$root$b"
        done
        exec chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM=dumb \
            PATH=/root/.cargo/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$@"
    ' fresh "$root" "$toolchain" "${logs:-}" "${builds:-}" "$@" </dev/null &
    inner=$!
    set +m
    local rc=0
    wait "$inner" || rc=$?
    inner=""
    return $rc
}

# ---------------------------------------------------------------- the new machine's image, cached
# what a new machine of this kind holds that the project meets (its image installs without recommends)
image_packages="ca-certificates curl wget git build-essential pkg-config openssl procps iproute2 psmisc
xz-utils zstd bzip2 unzip file patch less locales tzdata lsb-release gnupg python3
openjdk-17-jdk-headless maven postgresql postgresql-contrib libpq-dev"
image_recipe=1   # bump when the image's making changes
key="$(printf '%s\n' "$image_recipe" "$mirror" "$image_packages" | sha256sum | cut -c1-12)"
image="$fresh/image-$key.tar.zst"
run="$(mktemp -d "$fresh/run-XXXXXX")"
root="$run/root"
mkdir -p "$root"
net_up

t=$SECONDS
if [ ! -s "$image" ]; then
    say "making the new machine's image (debootstrap of bookworm, then its packages; a few minutes, once)"
    unshare --mount --propagation private debootstrap --variant=minbase --include=ca-certificates \
        bookworm "$root" "$mirror" >"$run/debootstrap.log" 2>&1 || { tail -n 20 "$run/debootstrap.log" >&2; fail "debootstrap failed (see $run/debootstrap.log)"; }
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    printf '127.0.0.1 localhost fresh-machine\n::1 localhost ip6-localhost ip6-loopback\n' >"$root/etc/hosts"
    # as on this kind of machine: package scripts start no service
    printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"; chmod 755 "$root/usr/sbin/policy-rc.d"
    in_root bash -c "set -e; export DEBIAN_FRONTEND=noninteractive; apt-get update -q
        apt-get install -y -q --no-install-recommends ${image_packages//$'\n'/ }; apt-get clean" >"$run/image.log" 2>&1 \
        || { tail -n 20 "$run/image.log" >&2; fail "installing the image's packages failed (see $run/image.log)"; }
    # then the sources such a machine has: main, bookworm-updates and bookworm-security (lists not updated)
    rm -f "$root/etc/apt/sources.list"
    printf 'Types: deb\nURIs: %s\nSuites: bookworm bookworm-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n\nTypes: deb\nURIs: %s-security\nSuites: bookworm-security\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
        "$mirror" "$mirror" >"$root/etc/apt/sources.list.d/debian.sources"
    tar -C "$root" --numeric-owner -cf - . | zstd -q -T0 -3 -o "$image.tmp" && mv "$image.tmp" "$image"
    say "image made in $((SECONDS - t)) s: $image ($(du -h "$image" | cut -f1))"
else
    zstd -q -dc "$image" | tar -C "$root" --numeric-owner -xf -
    say "image unpacked in $((SECONDS - t)) s (cached: $image)"
fi
# as this kind of machine has them when it starts: the certificate authorities its network's TLS needs
cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
[ -f /etc/ssl/certs/java/cacerts ] && cp /etc/ssl/certs/java/cacerts "$root/etc/ssl/certs/java/cacerts"
tls_env=()
for v in SSL_CERT_FILE SSL_CERT_DIR CURL_CA_BUNDLE GIT_SSL_CAINFO; do [ -n "${!v:-}" ] && tls_env+=("$v=${!v}"); done
if [ -x /root/.cargo/bin/cargo ] && [ -d /root/.rustup/toolchains ]; then
    mkdir -p "$root/root/.cargo"; cp -a /root/.cargo/bin "$root/root/.cargo/"   # rustup's proxies; toolchains mounted
fi

# ---------------------------------------------------------------- the clone, and ../shared beside it
head="$(git -C "$repo" rev-parse HEAD)"
git -C "$repo" diff --quiet HEAD 2>/dev/null || say "note: uncommitted changes in $repo are not in the check (it clones HEAD ${head:0:10})"
mkdir -p "$root/srv/ci"
git clone -q --no-checkout "$repo" "$root/srv/ci/linkbench"
git -C "$root/srv/ci/linkbench" checkout -q "$head"
if [ -n "$with_shared" ]; then
    [ -d "$repo/../shared" ] || fail "no ../shared beside $repo to copy (use --without-shared)"
    cp -a "$repo/../shared" "$root/srv/ci/shared"; chmod -R a-w "$root/srv/ci/shared"
fi
builds=""
if [ -n "$reuse" ]; then
    for b in /var/tmp/linkbench-documentdb/build-*; do [ -f "$b/done" ] && builds="$builds $b"; done
    [ -n "$builds" ] || say "note: --reuse-builds, but this machine has no finished DocumentDB build: the root builds it"
fi
logs="$fresh/logs-$(date +%Y%m%d-%H%M%S)-$([ -n "$with_shared" ] && echo shared || echo noshared)"
mkdir -p "$logs"
pg_before="$(chroot "$root" dpkg-query -W -f='${Version}' postgresql-15 2>/dev/null || echo none)"
say "clone of ${head:0:10} in the root's /srv/ci/linkbench, $([ -n "$with_shared" ] && echo "../shared beside it" || echo "no ../shared beside it"); PostgreSQL installed: $pg_before"

# ---------------------------------------------------------------- the steps, inside the root
cat >"$root/srv/ci/steps.sh" <<'STEPS'
# runs in the root as its first process: every step timed, the first failure ends the check
cd /srv/ci/linkbench
step() { # name, command...
    local name="$1" t0=$SECONDS rc=0; shift
    "$@" >"/srv/ci/logs/$name.log" 2>&1 </dev/null || rc=$?
    if [ $rc -eq 0 ]; then
        printf 'step %-9s passed in %4d s\n' "$name" $((SECONDS - t0))
    else
        tail -n 25 "/srv/ci/logs/$name.log" | sed 's/^/    | /'
        printf 'step %-9s FAILED in %4d s (exit %d; log %s.log)\n' "$name" $((SECONDS - t0)) $rc "$name"
        exit 1
    fi
}
lb() { java -jar linkbench.jar -D maxid1=2001 -D maxtime=3 -D schema=recreate -l -r --results /srv/ci/results "$@"; }
stores() {
    lb -c config/myrocks.properties
    lb -c config/innodb.properties -D hosts=127.0.0.1:3311,127.0.0.1:3312,127.0.0.1:3313
    lb -c config/spider.properties
    java -jar linkbench.jar verify -c config/spider.properties
    lb -c config/postgres.properties
    if bash scripts/start-documentdb.sh status >/dev/null; then
        lb -c config/mongo.properties -D url=mongodb://127.0.0.1:10260/ -D user=linkbench \
            -D password_file=/var/tmp/linkbench-documentdb/run/password -D transactions=on
    else
        echo "DocumentDB does not run: its run is skipped"
    fi
}
if [ -n "${RUN_CI_ONLY:-}" ]; then step ci env CI=true bash .ci/run; exit 0; fi
step servers bash scripts/test.sh --servers-only
grep -h '^test.sh: servers ready' /srv/ci/logs/servers.log | sed 's/^/    /'
echo "    PostgreSQL now: $(dpkg-query -W -f='${Version}' postgresql-15), server $(runuser -u postgres -- psql -X -A -t -h /var/tmp/linkbench-postgres/socket -p 5433 -c 'SHOW server_version' 2>/dev/null)"
step build mvn -B -q package -DskipTests
step command1 java -jar linkbench.jar -l -r -D schema=recreate -D maxid1=20001 -D maxtime=5
step stores stores
if [ -n "${RUN_CI:-}" ]; then step ci env CI=true bash .ci/run; fi
exit 0
STEPS

say "running the steps in the root (logs: $logs)"
rc=0
in_root env ${ci:+RUN_CI=1} ${ci_only:+RUN_CI_ONLY=1} "${tls_env[@]}" bash /srv/ci/steps.sh || rc=$?
if [ -n "$with_shared" ]; then mode="with ../shared"; else mode="without ../shared"; fi
if [ -n "$reuse" ]; then mode="$mode, DocumentDB build reused"; fi
if [ -n "$keep" ]; then say "the root stays in $root"; fi
if [ $rc -eq 0 ]; then
    say "PASSED in $((SECONDS - t_check)) s ($mode; clone of ${head:0:10})"
else
    say "FAILED in $((SECONDS - t_check)) s ($mode; clone of ${head:0:10}; logs in $logs)"
    exit 1
fi
