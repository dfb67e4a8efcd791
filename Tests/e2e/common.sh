# Shared by the end-to-end scripts: `check NAME COMMAND...` runs COMMAND and counts it.
# With QUIET_OK=1 only failures are printed. `summary` prints the counts and fails if any did.
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
