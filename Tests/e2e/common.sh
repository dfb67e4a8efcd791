# Shared by the end-to-end scripts: `check NAME COMMAND...` runs COMMAND and counts it.
# With QUIET_OK=1 only failures are printed. `summary` prints the counts and fails if any did.
# `screen SESSION` and `wait_for SESSION TEXT [SECONDS]` read a tmux pane on server $SOCKET.
passed=0
failed=0

check() {
    local name=$1
    shift
    if "$@"; then
        passed=$((passed + 1))
        [ -n "${QUIET_OK:-}" ] || echo "ok - $name"
    else
        failed=$((failed + 1))
        echo "not ok - $name"
    fi
}

summary() {
    echo "$passed passed, $failed failed"
    test "$failed" = 0
}

# The text of a tmux pane (server $SOCKET).
screen() { tmux -L "$SOCKET" capture-pane -t "$1" -p; }

wait_for() { # wait_for SESSION TEXT [SECONDS]
    local deadline=$((SECONDS + ${3:-10}))
    while [ "$SECONDS" -lt "$deadline" ]; do
        screen "$1" | grep -qF -- "$2" && return 0
        sleep 0.1
    done
    echo "  (timed out waiting for '$2'; screen was:)"
    screen "$1" | sed 's/^/  | /'
    return 1
}
