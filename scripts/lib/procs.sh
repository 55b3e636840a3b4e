# Finding and killing every process of a server by what ties it to the server, never by a list taken
# before the kill (a child forked in between escapes such a list, and an orphaned PostgreSQL backend
# that waits on a lock a killed process held keeps the node's shared memory attached: every later start
# then fails with "pre-existing shared memory block ... is still in use").
#
# What ties a process to a server: its working directory is the server's data directory (PostgreSQL's
# postmaster and every backend, auxiliary process and orphan; mariadbd), or, for PostgreSQL, it has the
# server's System V shared memory segment attached (the key in postmaster.pid). Only processes of this
# shell's PID namespace count (a fresh-machine check's servers, which this host sees, are not ours).
#
# Sourced by the start scripts; needs LB_NAME (the script's name, for messages) or uses "linkbench".

# lb_dir_pids DIR: the pids of this PID namespace's processes whose working directory is DIR, or that
# have the System V segment of the PostgreSQL data directory DIR attached, one per line
lb_dir_pids() {
    local dir p cwd ns mine key=""
    dir="$(readlink -f "$1")" || return 0
    mine="$(readlink /proc/self/ns/pid 2>/dev/null)"
    if [ -r "$dir/postmaster.pid" ]; then
        # line 7: "<shared memory key> <shmid>"; /proc/PID/maps names the segment SYSV<key as 8 hex digits>
        key="$(sed -n 7p "$dir/postmaster.pid" 2>/dev/null | awk '$1 ~ /^[0-9]+$/ && $1 > 0 {printf "SYSV%08x", $1}')"
    fi
    for p in /proc/[0-9]*; do
        p="${p#/proc/}"
        [ "$p" = "$$" ] || [ "$p" = "$BASHPID" ] && continue
        ns="$(readlink "/proc/$p/ns/pid" 2>/dev/null)"
        [ -n "$ns" ] && [ -n "$mine" ] && [ "$ns" != "$mine" ] && continue
        cwd="$(readlink "/proc/$p/cwd" 2>/dev/null)" || continue
        if [ "$cwd" = "$dir" ]; then
            echo "$p"
        elif [ -n "$key" ] && grep -qs "$key" "/proc/$p/maps"; then
            echo "$p"
        fi
    done
}

# lb_kill_dir DIR [SECONDS]: SIGKILL every process of the server in DIR (lb_dir_pids), again and again
# until none is left (a process forked during the kill is found by the next look), within SECONDS
# (default 30). A stopped (SIGSTOP) process dies of SIGKILL too. Returns 1, saying which pids are left,
# when the deadline passes first.
lb_kill_dir() {
    local dir="$1" limit="${2:-30}" pids deadline
    deadline=$((SECONDS + limit))
    while :; do
        pids="$(lb_dir_pids "$dir")"
        [ -z "$pids" ] && return 0
        if [ "$SECONDS" -ge "$deadline" ]; then
            echo "${LB_NAME:-linkbench}: processes of the server in $dir still alive after ${limit} s of SIGKILL:" $pids >&2
            return 1
        fi
        # shellcheck disable=SC2086 # a list of pids
        kill -KILL $pids 2>/dev/null || true
        sleep 0.05
    done
}

# lb_signal_dir SIGNAL DIR: sends SIGNAL (STOP, CONT, ...) to every process of the server in DIR once;
# for pausing and resuming a server, where a process forked meanwhile does no harm
lb_signal_dir() {
    local pids; pids="$(lb_dir_pids "$2")"
    # shellcheck disable=SC2086 # a list of pids
    [ -z "$pids" ] || kill "-$1" $pids 2>/dev/null || true
}

# lb_clear_leftovers DIR: before a server in DIR starts, ends the processes a killed
# server left behind there (its main process gone, children alive), saying so in one line. Call it only
# when the server's main process does not run (the caller knows how to tell).
lb_clear_leftovers() {
    local dir="$1" pids
    pids="$(lb_dir_pids "$dir")"
    [ -z "$pids" ] && return 0
    echo "${LB_NAME:-linkbench}: ending $(echo $pids | wc -w) process(es) left by a killed server in $dir:" $pids >&2
    lb_kill_dir "$dir" 30
}
