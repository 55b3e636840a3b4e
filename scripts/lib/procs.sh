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

# lb_dir_pids DIR [NAME]: the pids of this PID namespace's processes whose working directory is DIR
# (and, with NAME, whose command name starts with NAME: a user's shell sitting in DIR is no server
# process), or that have the System V segment of the PostgreSQL data directory DIR attached, one per
# line. Bash's own tests only (-ef compares device and inode, following /proc's links), and one grep
# over every maps file for the segment: no fork per process (about 20 ms for a few hundred processes).
lb_dir_pids() {
    local dir="$1" name="${2:-}" p key="" line comm
    [ -d "$dir" ] || return 0
    if [ -r "$dir/postmaster.pid" ]; then
        # line 7: "<shared memory key> <shmid>"; /proc/PID/maps names the segment SYSV<key as 8 hex digits>
        { read -r _; read -r _; read -r _; read -r _; read -r _; read -r _; read -r line; } 2>/dev/null <"$dir/postmaster.pid" || true
        line="${line%% *}"
        if [[ "$line" =~ ^[0-9]+$ ]] && [ "$line" -gt 0 ]; then printf -v key 'SYSV%08x' "$line"; fi
    fi
    local -A seen=()
    for p in /proc/[0-9]*; do
        p="${p#/proc/}"
        [ "$p" = "$$" ] || [ "$p" = "$BASHPID" ] && continue
        # a process of another PID namespace (a fresh-machine check's) is not ours
        [ "/proc/$p/ns/pid" -ef /proc/self/ns/pid ] || continue
        [ "/proc/$p/cwd" -ef "$dir" ] || continue
        if [ -n "$name" ]; then
            read -r comm 2>/dev/null <"/proc/$p/comm" || continue
            [[ "$comm" == "$name"* ]] || continue
        fi
        seen[$p]=1; echo "$p"
    done
    if [ -n "$key" ]; then
        for line in $(grep -l -s -F "$key" /proc/[0-9]*/maps); do
            p="${line#/proc/}"; p="${p%/maps}"
            [ -n "${seen[$p]:-}" ] || [ "$p" = "$$" ] || [ "$p" = "$BASHPID" ] && continue
            [ "/proc/$p/ns/pid" -ef /proc/self/ns/pid ] && echo "$p"
        done
    fi
    return 0
}

# lb_kill_dir DIR [SECONDS [NAME]]: SIGKILL every process of the server in DIR (lb_dir_pids DIR NAME), again and again
# until none is left (a process forked during the kill is found by the next look), within SECONDS
# (default 30); then waits, within the same deadline, until every killed process is reaped (a zombie
# postmaster still answers kill -0, and a new postmaster refuses its lock file). A stopped (SIGSTOP)
# process dies of SIGKILL too. Returns 1, saying which pids are left, when the deadline passes first.
lb_kill_dir() {
    local dir="$1" limit="${2:-30}" name="${3:-}" pids p deadline killed=""
    deadline=$((SECONDS + limit))
    while :; do
        pids="$(lb_dir_pids "$dir" "$name")"
        [ -z "$pids" ] && break
        if [ "$SECONDS" -ge "$deadline" ]; then
            echo "${LB_NAME:-linkbench}: processes of the server in $dir still alive after ${limit} s of SIGKILL:" $pids >&2
            return 1
        fi
        # shellcheck disable=SC2086 # a list of pids
        kill -KILL $pids 2>/dev/null || true
        killed="$killed $pids"
        sleep 0.05
    done
    for p in $killed; do
        while kill -0 "$p" 2>/dev/null; do
            if [ "$SECONDS" -ge "$deadline" ]; then
                echo "${LB_NAME:-linkbench}: process $p of the server in $dir was killed but not reaped within ${limit} s" >&2
                return 1
            fi
            sleep 0.05
        done
    done
}

# lb_signal_dir SIGNAL DIR [SECONDS [NAME]]: sends SIGNAL (STOP, CONT, ...) to every process of the server in
# DIR, looking again after each round and signalling the processes the previous look missed (one
# forked meanwhile), until a look finds none new, within SECONDS (default 10). For pausing (STOP) and
# resuming (CONT) a server; a process still stopped after a CONT is continued again.
lb_signal_dir() {
    local sig="$1" dir="$2" limit="${3:-10}" name="${4:-}" pids p new deadline state
    local -A done=()
    deadline=$((SECONDS + limit))
    while :; do
        pids="$(lb_dir_pids "$dir" "$name")"
        new=""
        for p in $pids; do
            if [ -z "${done[$p]:-}" ]; then
                new="$new $p"
            elif [ "$sig" = CONT ] && read -r _ _ state _ 2>/dev/null <"/proc/$p/stat" && [ "$state" = T ]; then
                new="$new $p"   # stopped again, or our CONT came before its STOP
            fi
        done
        [ -z "$new" ] && return 0
        # shellcheck disable=SC2086 # a list of pids
        kill "-$sig" $new 2>/dev/null || true
        for p in $new; do done[$p]=1; done
        if [ "$SECONDS" -ge "$deadline" ]; then
            echo "${LB_NAME:-linkbench}: processes of the server in $dir still appear after ${limit} s of SIG$sig:" $new >&2
            return 1
        fi
    done
}

# lb_clear_leftovers DIR [NAME]: before a server in DIR starts, ends the processes a killed
# server left behind there (its main process gone, children alive), saying so in one line. Call it only
# when the server's main process does not run (the caller knows how to tell).
lb_clear_leftovers() {
    local dir="$1" name="${2:-}" pids
    pids="$(lb_dir_pids "$dir" "$name")"
    [ -z "$pids" ] && return 0
    # shellcheck disable=SC2086 # a list of pids
    echo "${LB_NAME:-linkbench}: ending $(set -- $pids; echo $#) process(es) left by a killed server in $dir:" $pids >&2
    lb_kill_dir "$dir" 30 "$name"
}

# lb_await_reaped PIDFILE [SECONDS]: waits (default 30 s) while the process named on the first line of
# PIDFILE (a postmaster.pid) is a zombie: killed but not yet reaped, it still answers kill -0, so pg_ctl
# would take it for a running server, and a new postmaster would refuse the lock file.
lb_await_reaped() {
    local pid="" state deadline=$((SECONDS + ${2:-30}))
    [ -r "$1" ] && read -r pid <"$1"
    [[ "$pid" =~ ^[0-9]+$ ]] || return 0
    while read -r _ _ state _ 2>/dev/null <"/proc/$pid/stat" && [ "$state" = Z ]; do
        [ "$SECONDS" -lt "$deadline" ] || return 1
        sleep 0.05
    done
    return 0
}
