#!/usr/bin/env bash
# Builds the container image with podman and runs it as users do, with no registry:
#  1. local base images from a Debian 12 root (debootstrap, then `podman import`): one with JDK 17 and
#     Maven, one with a Java 17 runtime, both from Debian's packages; made once, then reused;
#  2. `podman build` of the Dockerfile with those bases as its build arguments (the host's Maven
#     repository as the build's ~/.m2, so a machine that built the project downloads nothing);
#  3. the README's container line: a load and a request phase on the embedded store, into a results volume;
#  4. a client fleet against MariaDB as deploy/kubernetes/ runs it: the load Job's command, then three
#     containers with JOB_COMPLETION_INDEX 0-2 and the fleet Job's environment and command, then the
#     merge Job's command on their results. The commands are read from the manifests, not repeated here;
#  5. the same fleet as three processes of scripts/fleet.sh on the same graph: the merged results must
#     agree (fleet, clients, status, operations per type, errors).
# Every step prints its time; the last line says how long the whole check took. Exit status 0 when all held.
#   scripts/image-check.sh            (as root, or with sudo; installs podman, runc, debootstrap when missing)
# Environment: LINKBENCH_IMAGE_DIR (default /var/tmp/linkbench-image: the Debian root, the check's
# files), LINKBENCH_IMAGE_MIRROR (default http://deb.debian.org/debian), LINKBENCH_PASSWORD (MariaDB's,
# default linkbench, as scripts/start-mariadb.sh makes it).
set -euo pipefail
cd "$(dirname "$0")/.."
LB_NAME="image-check"
# shellcheck source=scripts/lib/packages.sh
. scripts/lib/packages.sh

state="${LINKBENCH_IMAGE_DIR:-/var/tmp/linkbench-image}"
mirror="${LINKBENCH_IMAGE_MIRROR:-http://deb.debian.org/debian}"
password="${LINKBENCH_PASSWORD:-linkbench}"
recipe=2   # bump when the base images' making changes: their tags name it, so they are made again
base_debian=localhost/linkbench-base-debian:12-r$recipe
base_build=localhost/linkbench-base-maven:17-r$recipe
base_runtime=localhost/linkbench-base-jre:17-r$recipe
image=localhost/linkbench:check
t0=$SECONDS
t=$SECONDS

say() { echo "image-check: $*"; }
fail() { echo "image-check: FAILED: $*" >&2; exit 1; }
took() { say "$1 ($((SECONDS - t)) s)"; t=$SECONDS; }

# ---------------------------------------------------------------- podman, and how this machine runs it
need=()
command -v podman >/dev/null 2>&1 || need+=(podman)
command -v runc >/dev/null 2>&1 || need+=(runc)
command -v debootstrap >/dev/null 2>&1 || need+=(debootstrap)
command -v python3 >/dev/null 2>&1 || need+=(python3)
if [ ${#need[@]} -gt 0 ]; then
    say "installing ${need[*]}"
    lb_apt_install --no-install-recommends "${need[@]}" || fail "could not install ${need[*]}"
fi
mkdir -p "$state"
# Machines without systemd, or with cgroup v1 (this project's CI machines: v1 controllers beside a v2
# hierarchy that holds one), need three settings podman reads from a containers.conf: cgroups managed
# through the file system, events in a file, and runc (crun 1.8 refuses such a hybrid hierarchy). Their
# sandbox also forbids raising a resource limit: the containers get limits at or under the host's.
if [ "$(cat /proc/1/comm 2>/dev/null)" != systemd ] || [ "$(stat -fc %T /sys/fs/cgroup 2>/dev/null)" != cgroup2fs ]; then
    nofile="$(ulimit -Hn)"; [ "$nofile" = unlimited ] && nofile=1048576
    cat >"$state/containers.conf" <<EOF
[containers]
default_ulimits = ["nofile=$nofile:$nofile", "nproc=32768:32768"]
[engine]
cgroup_manager = "cgroupfs"
events_logger = "file"
runtime = "runc"
EOF
    export CONTAINERS_CONF="$state/containers.conf"
    say "this machine has no systemd or a cgroup v1 hierarchy: podman runs with $CONTAINERS_CONF"
fi
podman info >/dev/null 2>&1 || fail "podman does not run here: $(podman info 2>&1 | tail -n 1)"
took "podman $(podman --version | awk '{print $3}') ready"

# ---------------------------------------------------------------- 1. the local base images
image_exists() { podman image exists "$1"; }
if ! image_exists "$base_debian"; then
    say "making $base_debian from a Debian 12 root (debootstrap, about a minute)"
    rm -rf "$state/root"
    unshare --mount --propagation private debootstrap --variant=minbase bookworm "$state/root" "$mirror" \
        >"$state/debootstrap.log" 2>&1 || { tail -n 20 "$state/debootstrap.log" >&2; fail "debootstrap failed (see $state/debootstrap.log)"; }
    rm -f "$state"/root/var/cache/apt/archives/*.deb
    tar -C "$state/root" --numeric-owner -cf - . | podman import -q - "$base_debian" >/dev/null \
        || fail "podman import of the Debian root failed"
    rm -rf "$state/root"
fi
# The bases trust what the host trusts (a network whose TLS goes through a proxy needs its authority):
# the host's bundle, and its Java trust store when it has one (Maven reads that one).
ctx="$state/base-context"
rm -rf "$ctx"; mkdir -p "$ctx"
cp /etc/ssl/certs/ca-certificates.crt "$ctx/ca-certificates.crt" 2>/dev/null || touch "$ctx/ca-certificates.crt"
java_trust=""
if [ -s /etc/ssl/certs/java/cacerts ]; then
    cp /etc/ssl/certs/java/cacerts "$ctx/java-cacerts"
    java_trust="COPY java-cacerts /etc/ssl/certs/java/cacerts"
fi
base_file() { # $1: the Debian packages
    cat <<EOF
FROM $base_debian
RUN apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends ca-certificates $1 \\
    && apt-get clean && rm -rf /var/lib/apt/lists/*
COPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
$java_trust
EOF
}
make_base() { # $1: the image, $2: the packages
    image_exists "$1" && return 0
    say "making $1 ($2 from Debian's packages)"
    base_file "$2" >"$ctx/Containerfile"
    podman build -q --network=host -t "$1" -f "$ctx/Containerfile" "$ctx" >"$state/base.log" 2>&1 \
        || { tail -n 20 "$state/base.log" >&2; fail "making $1 failed (see $state/base.log)"; }
}
make_base "$base_build" "openjdk-17-jdk-headless maven"
make_base "$base_runtime" "openjdk-17-jre-headless"
took "base images ready: $base_build, $base_runtime"

# ---------------------------------------------------------------- 2. the image
m2="${HOME:-/root}/.m2"
mkdir -p "$m2"
say "podman build -t linkbench --build-arg BUILD_IMAGE=$base_build --build-arg RUNTIME_IMAGE=$base_runtime ."
before="$(podman image inspect -f '{{.Id}}' "$image" 2>/dev/null || true)"
podman build --network=host --volume "$m2:/root/.m2" --layers=false \
    --build-arg "BUILD_IMAGE=$base_build" --build-arg "RUNTIME_IMAGE=$base_runtime" \
    -t "$image" -t localhost/linkbench:latest . >"$state/build.log" 2>&1 \
    || { tail -n 30 "$state/build.log" >&2; fail "podman build failed (see $state/build.log)"; }
after="$(podman image inspect -f '{{.Id}}' "$image")"
# the image the tag named before is no longer needed (each build would keep one more)
[ -z "$before" ] || [ "$before" = "$after" ] || podman rmi "$before" >/dev/null 2>&1 || true
took "image built: $image ($(podman image inspect -f '{{.Size}}' "$image" | awk '{printf "%.0f MB", $1/1e6}'))"

work="$state/run"
rm -rf "$work"; mkdir -p "$work"
# every container the check starts is named, runs under a deadline, and is removed when the check ends,
# whatever ends it (a podman client killed by its deadline or by Ctrl-C leaves its container running)
deadline="${LINKBENCH_IMAGE_CHECK_DEADLINE:-600}"
cleanup() { podman ps -a -q --filter name='^linkbench-check-' | xargs -r podman rm -f -t 5 >/dev/null 2>&1 || true; }
trap cleanup EXIT
trap 'exit 130' INT TERM
# run NAME ARGS...: podman run --rm --name linkbench-check-NAME ARGS, killed after the deadline
run() { local n="linkbench-check-$1"; shift; timeout --foreground -k 10 "$deadline" podman run --rm --name "$n" --replace "$@"; }
result_of() { find "$1" -name result.json | head -n 1; }
# json FILE EXPR: a Python expression on the document d
json() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$1"; }

# ---------------------------------------------------------------- 3. the README's container line
mkdir -p "$work/embedded"
run embedded --network=host -v "$work/embedded:/results" "$image" \
    -l -r -D maxid1=20001 -D maxtime=5 --results /results >"$work/embedded.log" 2>&1 \
    || { tail -n 20 "$work/embedded.log" >&2; fail "the embedded run failed (see $work/embedded.log)"; }
r="$(result_of "$work/embedded")"
[ -n "$r" ] || fail "the embedded run wrote no result.json under $work/embedded"
phases="$(json "$r" "' '.join(p['phase'] + ':' + p['status'] for p in d['phases'])")"
[ "$phases" = "load:completed request:completed" ] || fail "the embedded run's phases: $phases ($r)"
took "the embedded store in a container: load and requests completed ($(json "$r" "d['store']['store']"), $r)"

# ---------------------------------------------------------------- 4. the fleet of deploy/kubernetes/, against MariaDB
bash scripts/start-mariadb.sh >"$work/mariadb.log" 2>&1 || { tail -n 5 "$work/mariadb.log" >&2; fail "MariaDB did not start (see $work/mariadb.log)"; }
# what config.yaml's fleet.properties holds, for the local server and a graph the check loads in seconds;
# requests (a fleet total) rather than a time, so both fleets run the same operations
mkdir -p "$work/etc"
cat >"$work/etc/fleet.properties" <<PROPS
store = mysql
engine = InnoDB
host = 127.0.0.1
port = 3306
user = linkbench
dbid = linkdb_image_check
maxid1 = 20001
loaders = 2
requesters = 2
requests = 9000
maxtime = 300
warmup_time = 0
displayfreq = 5
PROPS
k8s="deploy/kubernetes"
# the container's args of a manifest, one per line (a flow sequence of double-quoted strings)
manifest_list() { # $1 manifest, $2 key (args or command)
    local line; line="$(grep -E "^[[:space:]]+$2:[[:space:]]*\[" "$k8s/$1" | head -n 1)" || fail "$k8s/$1 has no $2: [...]"
    python3 -c 'import json,sys; [print(a) for a in json.loads(sys.argv[1].split(":",1)[1])]' "$line"
}
# $(VAR) in an argument, expanded from the environment given as NAME=VALUE words, as Kubernetes does
expand() { # $1 the argument, then NAME=VALUE...
    local a="$1" kv; shift
    for kv in "$@"; do a="${a//\$(${kv%%=*})/${kv#*=}}"; done
    printf '%s\n' "$a"
}
# every environment variable the fleet Job sets must be one the check sets
for v in $(grep -oE 'name: [A-Z_]+$' "$k8s/fleet-job.yaml" | awk '{print $2}'); do
    case $v in JOB_COMPLETION_INDEX|LINKBENCH_CLIENT_COUNT|LINKBENCH_START_AT|LINKBENCH_PASSWORD) ;;
        *) fail "$k8s/fleet-job.yaml sets $v, which this check does not: add it here" ;; esac
done
completions="$(awk '/^  completions:/ {print $2}' "$k8s/fleet-job.yaml")"
[ "$completions" = 3 ] || fail "$k8s/fleet-job.yaml has completions: $completions; this check runs 3 pods"
# a pod: the image with the ConfigMap at /etc/linkbench and the results volume at /results
pod() { local n="$1"; shift; run "$n" --network=host -v "$work/etc:/etc/linkbench:ro" -v "$work/results:/results" \
    -e "LINKBENCH_PASSWORD=$password" "$@"; }
mkdir -p "$work/results"
mapfile -t load_args < <(manifest_list load-job.yaml args)
say "the load Job: linkbench ${load_args[*]}"
pod load "$image" "${load_args[@]}" >"$work/load-job.log" 2>&1 \
    || { tail -n 20 "$work/load-job.log" >&2; fail "the load Job's command failed (see $work/load-job.log)"; }
took "the load Job's command loaded 20,001 ids into MariaDB"

mapfile -t fleet_args < <(manifest_list fleet-job.yaml args)
start_at="$(date -u -d '+20 seconds' +%Y-%m-%dT%H:%M:%SZ)"
say "the fleet Job: 3 containers, start_at $start_at: linkbench ${fleet_args[*]}"
pids=()
for i in 0 1 2; do
    env_kv=("JOB_COMPLETION_INDEX=$i" "LINKBENCH_CLIENT_COUNT=3" "LINKBENCH_START_AT=$start_at")
    args=()
    for a in "${fleet_args[@]}"; do args+=("$(expand "$a" "${env_kv[@]}")"); done
    pod "pod-$i" -e "${env_kv[0]}" -e "${env_kv[1]}" -e "${env_kv[2]}" "$image" "${args[@]}" >"$work/pod-$i.log" 2>&1 &
    pids+=($!)
done
for i in 0 1 2; do
    wait "${pids[$i]}" || { tail -n 20 "$work/pod-$i.log" >&2; fail "pod $i failed (see $work/pod-$i.log)"; }
done
took "the fleet Job's 3 pods completed"

mapfile -t merge_cmd < <(manifest_list merge-job.yaml command)
mapfile -t merge_args < <(manifest_list merge-job.yaml args)
say "the merge Job: ${merge_cmd[*]} '${merge_args[*]}'"
pod merge --entrypoint "${merge_cmd[0]}" "$image" "${merge_cmd[@]:1}" "${merge_args[@]}" >"$work/merge-job.log" 2>&1 \
    || { tail -n 20 "$work/merge-job.log" >&2; fail "the merge Job's command failed (see $work/merge-job.log)"; }
merged_pods="$(result_of "$work/results/merged")"
[ -n "$merged_pods" ] || fail "the merge Job wrote no result.json under $work/results/merged"
took "the merge Job merged the 3 pods' runs: $merged_pods"

# ---------------------------------------------------------------- 5. the same fleet as scripts/fleet.sh's processes
# the same graph first (the load Job's command again), then the fleet on the host
pod load "$image" "${load_args[@]}" >"$work/load-job-2.log" 2>&1 \
    || { tail -n 20 "$work/load-job-2.log" >&2; fail "the second load failed (see $work/load-job-2.log)"; }
[ -s linkbench.jar ] || mvn -B -q -o package -pl linkbench-app -am -DskipTests >"$work/jar-build.log" 2>&1 \
    || mvn -B -q package -pl linkbench-app -am -DskipTests >"$work/jar-build.log" 2>&1 \
    || fail "building linkbench.jar on the host failed (see $work/jar-build.log)"
LINKBENCH_PASSWORD="$password" FLEET_OUT="$work/fleet-sh" FLEET_START_DELAY=15 \
    timeout --foreground -k 10 "$deadline" bash scripts/fleet.sh 3 -c "$work/etc/fleet.properties" -r >"$work/fleet-sh.log" 2>&1 \
    || { tail -n 20 "$work/fleet-sh.log" >&2; fail "scripts/fleet.sh failed (see $work/fleet-sh.log)"; }
merged_host="$(result_of "$work/fleet-sh/merged")"
[ -n "$merged_host" ] || fail "scripts/fleet.sh wrote no merged result.json"
took "scripts/fleet.sh's 3 processes and their merge: $merged_host"

# what two runs of one fleet share: the fleet, its clients, the request phase's status and operations
# per type (the seed fixes them), no errors. Latencies and times are the runs' own.
fingerprint() {
    python3 - "$1" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
c = d["config"]
print("client_count", c.get("client_count"), "start_at given", bool(c.get("start_at")), "runs merged", len(d["host"].split("+")))
for p in d["phases"]:
    print("phase", p["phase"], p["status"])
    for o in p["ops"]:
        print(" ", o["name"], "count", o["count"], "errors", o["errors"])
PY
}
fingerprint "$merged_pods" >"$work/merged-pods.txt"
fingerprint "$merged_host" >"$work/merged-fleet-sh.txt"
diff -u "$work/merged-fleet-sh.txt" "$work/merged-pods.txt" >"$work/merged.diff" \
    || { cat "$work/merged.diff" >&2; fail "the pods' merged result differs from scripts/fleet.sh's (above)"; }
grep -q "phase request completed" "$work/merged-pods.txt" || fail "the merged request phase did not complete: $(cat "$work/merged-pods.txt")"
if grep -E "errors [1-9]" "$work/merged-pods.txt" >&2; then fail "the merged fleet had errors (above)"; fi
took "the merged results agree: $(grep -c '^  ' "$work/merged-pods.txt") operation types, $(awk '$2 == "count" {s += $3} END {print s}' "$work/merged-pods.txt") operations, 0 errors"
say "PASSED in $((SECONDS - t0)) s"
