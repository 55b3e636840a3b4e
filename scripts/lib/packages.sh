# shellcheck shell=bash
# Debian packages for the start scripts, which source this file (it is not run on its own). A machine's
# image holds packages older than its package lists once those are updated (PostgreSQL 15.18 installed,
# 15.20 and extensions built for it in the lists), so three rules hold for every install:
#  - The lists are updated once before the first install: `apt-get update` runs unless this project
#    updated them within LINKBENCH_APT_MAX_AGE minutes (default 360; stamp LINKBENCH_APT_DIR/updated,
#    default /var/tmp/linkbench-apt), so scripts run in a row update once. An install that fails on
#    lists the stamp kept is retried once after a fresh update.
#  - Packages installed together come from one set, the lists' current candidates: nothing is pinned to
#    an installed version the lists have moved past, the installed packages of the same family come
#    along (upgraded when the new ones need it), and apt may not remove a package to get there.
#  - After an upgrade, the project's own PostgreSQL clusters that still run on the replaced binaries are
#    restarted (those recorded by lb_pg_register); no other server is touched.
#
# The caller sets LB_NAME (its name, the prefix of every line printed) before sourcing. Functions print
# one line on standard error and return 1 on failure; apt's output goes to LINKBENCH_APT_DIR/apt.log.
#   lb_apt_update [--force]      update the lists unless the stamp is fresh (or --force)
#   lb_apt_install [-opt] PKG... install PKG at the lists' candidates (apt options first, e.g.
#                                --no-install-recommends)
#   lb_installed PKG             true when PKG is installed
#   lb_version PKG               the installed version of PKG (empty when none)
#   lb_pg_install MAJOR PKG...   when one of PKG is missing: install PKG with PostgreSQL MAJOR's server,
#                                client and libpq and every installed package of that family
#                                (postgresql-MAJOR's binaries, postgresql-MAJOR-* extensions) as one
#                                set, then lb_pg_restart_stale; e.g.
#                                lb_pg_install 15 postgresql-server-dev-15 postgresql-15-rum || exit 1
#   lb_pg_register DATA LOG      record DATA (and its log file) as a cluster the project started
#   lb_pg_restart_stale          restart the recorded clusters that run on replaced binaries
#   lb_replaced_binary PID       true when process PID runs a program file that has been replaced

LB_NAME="${LB_NAME:-linkbench}"
LB_APT_DIR="${LINKBENCH_APT_DIR:-/var/tmp/linkbench-apt}"
LB_PG_CLUSTERS="${LINKBENCH_PG_CLUSTERS:-/var/tmp/linkbench-pg-clusters}"
lb_lists_updated=""   # "" | stamp (a recent update counted) | run (this shell updated them)

lb_say() { [ -n "${QUIET:-}" ] || echo "$LB_NAME: $*" >&2; }
lb_err() { echo "$LB_NAME: $*" >&2; }
lb_as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi; }
lb_apt_log() { echo "$LB_APT_DIR/apt.log"; }

# apt-get with the project's options; its output is appended to the log, one apt run at a time
lb_apt() {
    command -v apt-get >/dev/null 2>&1 || { lb_err "apt-get is not available: install $* by hand"; return 1; }
    lb_as_root mkdir -p "$LB_APT_DIR" 2>/dev/null || true
    local log; log="$(lb_apt_log)"
    [ -w "$LB_APT_DIR" ] || log="${TMPDIR:-/tmp}/linkbench-apt-$(id -un).log"
    echo "== $(date '+%F %T') $LB_NAME: apt-get $*" >>"$log"
    if [ -w "$LB_APT_DIR" ]; then
        (flock -w 1800 9 && lb_as_root env DEBIAN_FRONTEND=noninteractive apt-get -q -o DPkg::Lock::Timeout=600 "$@") \
            9>>"$LB_APT_DIR/lock" >>"$log" 2>&1
    else
        lb_as_root env DEBIAN_FRONTEND=noninteractive apt-get -q -o DPkg::Lock::Timeout=600 "$@" >>"$log" 2>&1
    fi
}

lb_apt_update() {
    local stamp="$LB_APT_DIR/updated"
    if [ "${1:-}" != --force ]; then
        [ -n "$lb_lists_updated" ] && return 0
        if [ -f "$stamp" ] && [ -n "$(find "$stamp" -mmin "-${LINKBENCH_APT_MAX_AGE:-360}" 2>/dev/null)" ]; then
            lb_lists_updated=stamp; return 0
        fi
    fi
    lb_say "updating the package lists (apt-get update)"
    lb_apt update || { lb_err "apt-get update failed (see $(lb_apt_log))"; return 1; }
    lb_as_root touch "$stamp" 2>/dev/null || true
    lb_lists_updated=run
}

lb_apt_install() {
    lb_apt_update || return 1
    local opts=() pkgs=() p
    for p in "$@"; do if [[ $p == -* ]]; then opts+=("$p"); else pkgs+=("$p"); fi; done
    lb_apt install -y --no-remove "${opts[@]}" "${pkgs[@]}" && return 0
    if [ "$lb_lists_updated" = stamp ]; then
        # the lists the stamp kept may name files the archive no longer has: update, then try once more
        lb_apt_update --force && lb_apt install -y --no-remove "${opts[@]}" "${pkgs[@]}" && return 0
    fi
    lb_err "apt-get install ${pkgs[*]} failed (see $(lb_apt_log))"
    return 1
}

lb_installed() { dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null | grep -q '^ii'; }
lb_version() { lb_installed "$1" && dpkg-query -W -f='${Version}' "$1" 2>/dev/null; }

# installed packages built from the source package $1, or named with the prefix $2
lb_family() {
    dpkg-query -W -f='${db:Status-Abbrev}\t${Package}\t${source:Package}\n' 2>/dev/null \
        | awk -F'\t' -v s="$1" -v p="$2" '$1 ~ /^ii/ && ($3 == s || (p != "" && index($2, p) == 1)) { print $2 }'
}

lb_pg_install() {
    local major="$1"; shift
    local p missing=()
    for p in "$@"; do lb_installed "$p" || missing+=("$p"); done
    if [ ${#missing[@]} -gt 0 ]; then
        local set=("$@" "postgresql-$major" "postgresql-client-$major" libpq5) before after
        mapfile -t -O ${#set[@]} set < <(lb_family "postgresql-$major" "postgresql-$major-")
        mapfile -t set < <(printf '%s\n' "${set[@]}" | awk '!seen[$0]++')
        before="$(lb_version "postgresql-$major" || true)"
        lb_say "installing ${missing[*]}, with PostgreSQL $major's installed packages as one set"
        lb_apt_install --no-install-recommends "${set[@]}" || return 1
        after="$(lb_version "postgresql-$major" || true)"
        if [ -n "$before" ] && [ "$before" != "$after" ]; then
            lb_say "PostgreSQL $major upgraded from $before to $after (the lists' packages need it)"
        fi
    fi
    lb_pg_restart_stale || true   # a cluster that did not come back said so; its own script reports it again
}

# lb_own_pids PATTERN: the pids of the processes whose whole command line matches PATTERN (pgrep -f -x)
# and that run in this shell's PID namespace: a server of another root whose processes this host sees (a
# fresh-machine check's) is not ours. A process whose namespace cannot be read counts as ours.
lb_own_pids() {
    local p ns mine; mine="$(readlink /proc/self/ns/pid 2>/dev/null)"
    for p in $(pgrep -f -x "$1" 2>/dev/null); do
        ns="$(readlink "/proc/$p/ns/pid" 2>/dev/null)"
        if [ -z "$ns" ] || [ -z "$mine" ] || [ "$ns" = "$mine" ]; then echo "$p"; fi
    done
}

lb_replaced_binary() {
    local exe; exe="$(readlink "/proc/$1/exe" 2>/dev/null)" || return 1
    [[ $exe == *" (deleted)" ]]
}

lb_pg_register() {
    local data="$1" log="$2"
    [ -e "$LB_PG_CLUSTERS" ] || lb_as_root touch "$LB_PG_CLUSTERS" 2>/dev/null || return 0
    [ -w "$LB_PG_CLUSTERS" ] || return 0
    (
        flock -w 60 9 || exit 0
        awk -F'\t' -v d="$data" '$1 != d' "$LB_PG_CLUSTERS" >"$LB_PG_CLUSTERS.new"
        printf '%s\t%s\n' "$data" "$log" >>"$LB_PG_CLUSTERS.new"
        mv "$LB_PG_CLUSTERS.new" "$LB_PG_CLUSTERS"
    ) 9>>"$LB_PG_CLUSTERS.lock"
}

# the postmaster of the cluster in $1 when it runs from that directory, else nothing
lb_pg_postmaster() {
    local pid
    pid="$(head -n 1 "$1/postmaster.pid" 2>/dev/null)" || return 1
    [[ $pid =~ ^[0-9]+$ ]] && [ "$(readlink "/proc/$pid/cwd" 2>/dev/null)" = "$(readlink -f "$1")" ] || return 1
    echo "$pid"
}

lb_pg_restart_stale() {
    [ -r "$LB_PG_CLUSTERS" ] || return 0
    local data log pid exe owner rc=0
    while IFS=$'\t' read -r data log; do
        pid="$(lb_pg_postmaster "$data")" || continue
        lb_replaced_binary "$pid" || continue
        exe="$(readlink "/proc/$pid/exe")"; exe="${exe% (deleted)}"
        owner="$(stat -c %U "$data")"
        lb_say "restarting the PostgreSQL cluster in $data: it runs binaries an upgrade replaced"
        if ! lb_as_root runuser -u "$owner" -- "$(dirname "$exe")/pg_ctl" -D "$data" -m fast -w -t 120 -l "$log" restart \
            >/dev/null 2>&1; then
            lb_err "could not restart the PostgreSQL cluster in $data (see $log)"; rc=1
        fi
    done <"$LB_PG_CLUSTERS"
    return $rc
}
