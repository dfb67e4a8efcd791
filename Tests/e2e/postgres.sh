#!/usr/bin/env bash
# End-to-end checks of the real `streaks` binary on PostgreSQL (a throwaway cluster of its
# own, restarted on purpose): a stream of `streaks log` across a server restart, an open
# dashboard that loses and regains its server, one-line errors for a refused connection,
# bad credentials and a missing database, two roles that cannot touch each other's
# streaks, `copy` both ways, and completion of streak keys from the database.
# Usage: Tests/e2e/postgres.sh [path/to/streaks]
set -euo pipefail

BIN=${1:-.build/debug/streaks}
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
CLUSTER=$(cd "$(dirname "$0")/../postgres" && pwd)/cluster.sh
WORK=$(mktemp -d)
PG=$(mktemp -d /tmp/streaks-e2e-pg.XXXXXX)  # short: a socket path has a length limit
SOCKET=streaks-e2e-pg-$$
trap 'tmux -L "$SOCKET" kill-server 2>/dev/null || true; "$CLUSTER" stop "$PG"; rm -rf "$WORK"' EXIT
export TZ=America/New_York
unset STREAKS_DATABASE STREAKS_USER
source "$(dirname "$0")/common.sh"

OWNER=$("$CLUSTER" start "$PG")
role_url() { echo "postgres://$1:secret@/streaks?host=$PG&port=$(cat "$PG/port")"; }

json_field() { # json_field FIELD < json
    python3 -c "import json,sys; print(json.load(sys.stdin)['$1'])"
}

# one_line_exit_1 ERRFILE CODE: the command failed with exit 1 and said so in exactly one
# line, without the password.
one_line_exit_1() {
    test "$2" = 1 && test "$(wc -l <"$1")" = 1 && ! grep -q secret "$1"
}

"$BIN" create daily --database "$OWNER" >/dev/null

# A stream of `streaks log` (two writers) while the server restarts: each command succeeds
# or exits 1 with one line; every acknowledged event is stored, none twice.
for writer in 1 2; do
    (
        for i in $(seq 1 40); do
            code=0
            "$BIN" log --database "$OWNER" --meta "n=$writer-$i" >/dev/null 2>"$WORK/err-$writer-$i" || code=$?
            echo "$writer-$i $code" >>"$WORK/codes-$writer"
            sleep 0.05
        done
    ) &
done
sleep 1.5
"$CLUSTER" pause "$PG"
sleep 1
"$CLUSTER" resume "$PG"
wait
cat "$WORK"/codes-* >"$WORK/codes"
acknowledged=$(awk '$2 == 0 { print $1 }' "$WORK/codes" | sort)
failures=$(awk '$2 != 0' "$WORK/codes" | wc -l)
bad=0
while read -r name code; do
    [ "$code" = 0 ] && continue
    one_line_exit_1 "$WORK/err-$name" "$code" || { bad=$((bad + 1)); echo "  $name: exit $code: $(cat "$WORK/err-$name")"; }
done <"$WORK/codes"
[ "$failures" -gt 0 ] && echo "  (a failure said: $(cat "$WORK/err-$(awk '$2 != 0 { print $1; exit }' "$WORK/codes")"))"
stored=$("$BIN" events --json --database "$OWNER" | python3 -c "import json,sys; print('\n'.join(e['metadata']['n'] for e in json.load(sys.stdin)))" | sort)
missing=$(comm -23 <(echo "$acknowledged") <(echo "$stored") | grep -c . || true)
twice=$(echo "$stored" | uniq -d | grep -c . || true)
check "restart mid-stream: $(echo "$acknowledged" | grep -c .) of 80 logs acknowledged, $failures failed" test "$(echo "$acknowledged" | grep -c .)" -gt 40
check "restart mid-stream: every failure exits 1 with one line and no password ($bad did not)" test "$bad" = 0
check "restart mid-stream: nothing acknowledged lost ($missing missing)" test "$missing" = 0
check "restart mid-stream: nothing recorded twice ($twice twice)" test "$twice" = 0

# An open dashboard says when its server is gone, and resumes by itself when it is back.
before=$("$BIN" status --json --database "$OWNER" | json_field total_events)
tmux -L "$SOCKET" new-session -d -s dash -x 120 -y 40 "TERM=screen-256color '$BIN' --database '$OWNER'; sleep 600"
check "the dashboard opens on the database ($before events)" wait_for dash "$before events"
"$CLUSTER" pause "$PG"
check "the dashboard says it is disconnected" wait_for dash "Disconnected" 10
"$CLUSTER" resume "$PG"
check "the dashboard says it reconnected" wait_for dash "Reconnected" 15
"$BIN" log --database "$OWNER" >/dev/null
check "after reconnecting, another process's log appears" wait_for dash "$((before + 1)) events" 3
tmux -L "$SOCKET" send-keys -t dash q

# One clear line and exit 1 for each way of not getting in.
try() { # try NAME URL: runs `streaks status` on URL, stderr to $WORK/NAME
    local code=0
    "$BIN" status --database "$2" >/dev/null 2>"$WORK/$1" || code=$?
    echo "$code"
}
mkdir -p "$WORK/empty"
code=$(try refused "postgres://streaks:secret@/streaks?host=$WORK/empty")
check "connection refused: one line, exit 1 ($(cat "$WORK/refused"))" one_line_exit_1 "$WORK/refused" "$code"
code=$(try credentials "postgres://streaks:wrong-secret@/streaks?host=$PG&port=$(cat "$PG/port")")
check "bad credentials: one line, exit 1 ($(cat "$WORK/credentials"))" one_line_exit_1 "$WORK/credentials" "$code"
code=$(try missing "postgres://streaks:secret@/nosuchdb?host=$PG&port=$(cat "$PG/port")")
check "missing database: one line, exit 1 ($(cat "$WORK/missing"))" one_line_exit_1 "$WORK/missing" "$code"
code=0
"$BIN" status --database "postgres://streaks:secret@[/streaks" >/dev/null 2>"$WORK/badurl" || code=$?
check "a malformed URL: one line, exit 2 ($(cat "$WORK/badurl"))" test "$code" = 2 -a "$(wc -l <"$WORK/badurl")" = 1

# Two people, one database: no command of bob's reads, changes or removes alice's streak.
ALICE=$(role_url alice)
BOB=$(role_url bob)
"$BIN" create water --database "$ALICE" >/dev/null
"$BIN" log water --database "$ALICE" >/dev/null
"$BIN" log water --database "$ALICE" >/dev/null
alice_status() { "$BIN" status water --json --now 2030-01-01T12:00:00Z --database "$ALICE"; }
before=$(alice_status)
check "alice sees her own streak" bash -c "'$BIN' list --database '$ALICE' | grep -q water"
check "bob's list does not show alice's streak" bash -c "! '$BIN' list --database '$BOB' | grep -q water"
bad=0
for command in "status water" "events water" "log water" "create water" "undo water" "reset water --yes" "archive water" \
    "rename water tea" "config water --goal 3" "freeze add water" "export water"; do
    code=0
    # shellcheck disable=SC2086 # the command's words
    "$BIN" $command --user alice --database "$BOB" >"$WORK/bob.out" 2>"$WORK/bob.err" || code=$?
    if [ "$code" = 0 ] || [ "$(wc -l <"$WORK/bob.err")" != 1 ] || [ -s "$WORK/bob.out" ]; then
        bad=$((bad + 1))
        echo "  bob: $command: exit $code: $(cat "$WORK/bob.out" "$WORK/bob.err")"
    fi
done
check "bob's commands on alice's streak each fail with one line and show nothing ($bad did not)" test "$bad" = 0
check "alice's streak is as it was" test "$(alice_status)" = "$before"
code=0
"$BIN" create water --user alice --database "$BOB" 2>"$WORK/bob.err" || code=$?
check "bob is told why ($(cat "$WORK/bob.err"))" grep -q "may only write its own streaks" "$WORK/bob.err"

# copy: directory -> database -> directory gives the same streak; a second copy adds nothing.
# (The app role serves any user: row-level security is bypassed for it.)
store=$WORK/files
APP=$(role_url app)
in_files() { "$BIN" "$@" --store "$store" --user carol >/dev/null; }
in_files create gym --goal 2 --leeway 3 --freezes auto --now 2024-01-01T12:00:00Z
in_files freeze add gym --now 2024-01-01T12:00:00Z
for day in 01 02 03 05; do
    in_files log gym --now "2024-01-${day}T12:00:00Z"
    in_files log gym --now "2024-01-${day}T18:00:00Z"
done
check "copy to the database" bash -c "'$BIN' copy --from '$store' --to '$APP' --user carol | grep -q ': 9 new events'"
check "copy again: nothing new" bash -c "'$BIN' copy --from '$store' --to '$APP' --user carol | grep -q ': 0 new events'"
"$BIN" copy --from "$APP" --to "$WORK/back" --user carol >/dev/null
same() { # same COMMAND...: the command's output is the same on the directory, the database and the copy back
    local a b c
    a=$("$BIN" "$@" --store "$store" --user carol)
    b=$("$BIN" "$@" --database "$APP" --user carol)
    c=$("$BIN" "$@" --store "$WORK/back" --user carol)
    test -n "$a" -a "$a" = "$b" -a "$b" = "$c"
}
check "the database and both directories agree on the status" same status gym --json --now 2024-01-06T12:00:00Z
check "the database and both directories agree on the events" same events gym --json --now 2024-01-06T12:00:00Z
check "the password never appears in copy's output" bash -c "! '$BIN' copy --from '$store' --to '$APP' --user carol 2>&1 | grep -q secret"

# Tab completes streak keys from the database.
keys=$("$BIN" ---completion log -- positional@0 2 2 streaks log --database "$ALICE" wa)
check "completion offers the database's keys ($keys)" test "$keys" = water

summary
