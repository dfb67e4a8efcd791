#!/usr/bin/env bash
# End-to-end checks of the real `streaks` binary on PostgreSQL (a throwaway cluster of its
# own, restarted on purpose): a stream of `streaks log` across a server restart, an open
# dashboard that loses and regains its server, one-line errors for a refused connection,
# bad credentials and a missing database, two roles that cannot touch each other's
# streaks (by command or plain SQL), writes whose COMMIT reply is lost, crossed renames,
# `copy` both ways and of ids no store keeps, passwords never shown, TLS, and completion of
# streak keys from the database; offline use: two machines logging while the server is
# stopped, syncing after, a dashboard following, a push killed at random, a freeze used twice.
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
# Each command keeps its copy of the database's streaks here (a machine of its own).
export XDG_STATE_HOME=$WORK/state
unset STREAKS_DATABASE STREAKS_USER STREAKS_REPLICA
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
before=$("$BIN" status daily --json --database "$OWNER" | json_field total_events)
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
store=$WORK/files; mkdir -p "$store"
APP=$(role_url app)
in_files() { "$BIN" "$@" --store "$store" --user carol >/dev/null; }
in_files create gym --goal 2 --leeway 3 --freezes auto --now 2024-01-01T12:00:00Z
in_files freeze add gym --now 2024-01-01T12:00:00Z
for day in 01 02 03 05; do
    in_files log gym --now "2024-01-${day}T12:00:00Z"
    in_files log gym --now "2024-01-${day}T18:00:00Z"
done
# A titled streak in a group, and one in the trash: both travel.
in_files create "Morning tea" --key tea --now 2024-01-01T12:00:00Z
in_files config tea --group Health
in_files create old --now 2024-01-01T12:00:00Z
in_files log old --now 2024-01-02T12:00:00Z
in_files delete old --yes --now 2024-01-03T12:00:00Z
check "copy to the database" bash -c "'$BIN' copy --from '$store' --to '$APP' --user carol --now 2024-01-06T12:00:00Z | grep -q ', and 1 in the trash from .*: 9 new events'"
check "copy again: nothing new" bash -c "'$BIN' copy --from '$store' --to '$APP' --user carol --now 2024-01-06T12:00:00Z | grep -q ': 0 new events'"
"$BIN" copy --from "$APP" --to "$WORK/back" --user carol --now 2024-01-06T12:00:00Z >/dev/null
same() { # same COMMAND...: the command's output is the same on the directory, the database and the copy back
    local a b c
    a=$("$BIN" "$@" --store "$store" --user carol)
    b=$("$BIN" "$@" --database "$APP" --user carol)
    c=$("$BIN" "$@" --store "$WORK/back" --user carol)
    test -n "$a" -a "$a" = "$b" -a "$b" = "$c"
}
check "the database and both directories agree on the status" same status gym --json --now 2024-01-06T12:00:00Z
check "the database and both directories agree on the events" same events gym --json --now 2024-01-06T12:00:00Z
check "the database and both directories agree on titles, groups and order" same list --json --now 2024-01-06T12:00:00Z
check "the database and both directories agree on the trash" same trash list --json --now 2024-01-06T12:00:00Z
check "the password never appears in copy's output" bash -c "! '$BIN' copy --from '$store' --to '$APP' --user carol 2>&1 | grep -q secret"

# psql as ROLE (a session that commits locally whatever the role's setting); prints rows.
PORT=$(cat "$PG/port")
as_role() { PGPASSWORD=secret psql -h "$PG" -p "$PORT" -U "$1" -d streaks -qtAX -v ON_ERROR_STOP=1 -c "SET synchronous_commit = local" -c "$2"; }

# A row names a streak of its own user only: bob's plain SQL cannot plant rows under alice's
# streak, move his own there, or tell her event ids from ids she does not have.
"$BIN" log --database "$BOB" >/dev/null
hers=$(as_role alice "SELECT id FROM streaks WHERE streak_key = 'water'")
his=$(as_role bob "SELECT id FROM streaks WHERE streak_key = 'daily'")
her_event=$(as_role alice "SELECT event_id FROM streak_events WHERE streak_id = $hers LIMIT 1")
refused() { # refused SQL: bob's statement fails on the ownership foreign key
    ! as_role bob "$1" >/dev/null 2>"$WORK/refused.err" && grep -q "foreign key" "$WORK/refused.err"
}
event_row() { echo "INSERT INTO streak_events (user_id, streak_id, event_id, date_us, timezone, is_freeze, metadata) VALUES (current_user, $hers, '$1', 0, 'UTC', false, '{}')"; }
check "bob cannot plant an event under alice's streak with one of her ids" refused "$(event_row "$her_event")"
check "bob cannot plant an event under alice's streak with a new id (the same refusal)" refused "$(event_row planted-1)"
check "bob cannot plant a freeze under alice's streak" refused "INSERT INTO streak_freezes (user_id, streak_id, freeze_id) VALUES (current_user, $hers, 'f-planted')"
check "bob cannot move his own event under alice's streak" refused "UPDATE streak_events SET streak_id = $hers WHERE streak_id = $his"
check "alice's streak is as it was after bob's plain SQL" test "$(alice_status)" = "$before"

# A write whose COMMIT reply is lost: the role 'held' commits only once a standby that
# never comes has it while its synchronous_commit is on; the backend is terminated in that
# wait (committed, the client never told) and the retry's new session commits at once.
HELD=$(role_url held)
lost_commit() { # lost_commit NAME ARGS...: `streaks ARGS` as held, its COMMIT reply lost once
    local name=$1 backend="" pid
    shift
    as_role held "ALTER ROLE held SET synchronous_commit = on" >/dev/null
    "$BIN" "$@" --database "$HELD" >"$WORK/$name.out" 2>"$WORK/$name.err" &
    pid=$!
    for _ in $(seq 1 200); do
        backend=$(as_role held "SELECT pid FROM pg_stat_activity WHERE usename = 'held' AND wait_event = 'SyncRep'")
        [ -n "$backend" ] && break
        sleep 0.05
    done
    as_role held "ALTER ROLE held SET synchronous_commit = local" >/dev/null
    if [ -n "$backend" ]; then
        # What another role sees meanwhile: the backend holds an advisory lock, under a key
        # that is not a hash of the user and the streak key.
        as_role bob "SELECT (classid::bigint << 32) | objid::bigint FROM pg_locks WHERE locktype = 'advisory' AND pid = $backend" >"$WORK/$name.locks"
        as_role held "SELECT pg_terminate_backend($backend)" >/dev/null
    fi
    local code=0
    wait "$pid" || code=$?
    echo "$code" >"$WORK/$name.code"
    test -n "$backend"
}
held_count() { "$BIN" events "$1" --json --database "$HELD" | python3 -c "import json,sys; print(len(json.load(sys.stdin)))"; }
succeeded() { # succeeded NAME TEXT: exit 0, saying TEXT
    test "$(cat "$WORK/$1.code")" = 0 && grep -qF -- "$2" "$WORK/$1.out" || { echo "  $1: exit $(cat "$WORK/$1.code"): $(cat "$WORK/$1.out" "$WORK/$1.err")"; return 1; }
}
"$BIN" create gym --database "$HELD" --freezes manual --now 2024-01-01T12:00:00Z >/dev/null
for at in 2024-01-02T12:00:00Z 2024-01-03T12:00:00Z 2024-01-03T13:00:00Z 2024-01-03T14:00:00Z; do "$BIN" log gym --database "$HELD" --now "$at" >/dev/null; done
"$BIN" freeze add gym --database "$HELD" --now 2024-01-01T12:00:00Z >/dev/null
"$BIN" freeze add gym --database "$HELD" --now 2024-01-01T12:00:00Z >/dev/null
check "lost COMMIT: log held and cut" lost_commit log log gym --now 2024-01-03T15:00:00Z
check "lost COMMIT: log exits 0 and says it logged" succeeded log "Logged gym"
check "lost COMMIT: log stored once (5 events)" test "$(held_count gym)" = 5
check "lost COMMIT: a log takes no advisory lock (two statements, no transaction)" test ! -s "$WORK/log.locks"
check "lost COMMIT: undo held and cut" lost_commit undo undo gym --now 2024-01-03T16:00:00Z
check "lost COMMIT: undo exits 0 and says it removed one" succeeded undo "Removed the event of"
check "lost COMMIT: undo removed exactly one event (4 left)" test "$(held_count gym)" = 4
lock_guess=$(as_role bob "SELECT hashtextextended('held' || chr(31) || 'gym', 0)")
check "lock keys: bob sees the undo's one advisory lock, not derivable from user and key" \
    test "$(wc -l <"$WORK/undo.locks")" = 1 -a "$(cat "$WORK/undo.locks")" != "$lock_guess"
check "lost COMMIT: freeze use held and cut" lost_commit freeze freeze use gym --now 2024-01-05T12:00:00Z
check "lost COMMIT: freeze use exits 0 and says it used one" succeeded freeze "Used 1 freeze for 2024-01-04"
used=$("$BIN" freeze list gym --json --database "$HELD" --now 2024-01-05T12:00:00Z | python3 -c "import json,sys; print(sum(1 for f in json.load(sys.stdin) if f['date_used']))")
check "lost COMMIT: exactly one freeze used ($used)" test "$used" = 1
check "lost COMMIT: config held and cut" lost_commit config config gym --goal 3 --now 2024-01-05T12:00:00Z
check "lost COMMIT: config exits 0 and says the new goal" succeeded config "goal 3/day"
check "lost COMMIT: create held and cut" lost_commit create create run
check "lost COMMIT: create exits 0 and says it created" succeeded create "Created 'run'"
check "lost COMMIT: rename held and cut" lost_commit rename rename run jog
check "lost COMMIT: rename exits 0 and says it renamed" succeeded rename "Renamed 'run' to 'jog'"
check "lost COMMIT: the renamed streak is there once, the old key gone" \
    test "$("$BIN" list --database "$HELD" | grep -cE '^ *(run|jog)\b' || true)" = 1

# rename a b racing rename b a, 100 times: one lock order, so never a deadlock or a hang.
"$BIN" create swap_a --database "$ALICE" >/dev/null
bad=0
for _ in $(seq 1 100); do
    code_a=0 code_b=0
    timeout 30 "$BIN" rename swap_a swap_b --database "$ALICE" >/dev/null 2>"$WORK/race-a" & a=$!
    timeout 30 "$BIN" rename swap_b swap_a --database "$ALICE" >/dev/null 2>"$WORK/race-b" & b=$!
    wait "$a" || code_a=$?
    wait "$b" || code_b=$?
    for code in "$code_a" "$code_b"; do [ "$code" = 0 ] || [ "$code" = 2 ] || bad=$((bad + 1)); done
    grep -qi deadlock "$WORK/race-a" "$WORK/race-b" && bad=$((bad + 1))
done
check "100 crossed renames: none deadlocked or hung ($bad did)" test "$bad" = 0

# An id no store keeps (NUL, written by an older version into a file store): copy copies the
# rest, names what it left out and exits 1; it never stops half way.
nul_store=$WORK/nul
"$BIN" create tea --store "$nul_store" --user dora >/dev/null
"$BIN" log tea --store "$nul_store" --user dora >/dev/null
"$BIN" create coffee --store "$nul_store" --user dora >/dev/null
"$BIN" log coffee --store "$nul_store" --user dora >/dev/null
printf '{"id":"bad\\u0000id","date_created":"2024-01-03T12:00:00Z","timezone":"UTC","is_freeze":false}\n' >>"$nul_store/users/dora/streaks/coffee/events.jsonl"
code=0
"$BIN" copy --from "$nul_store" --to "$APP" --user dora >"$WORK/nul.out" 2>"$WORK/nul.err" || code=$?
check "copy with a NUL id exits 1 and names what it left out" \
    bash -c "test $code = 1 && grep -q 'left out: coffee: The event id contains a control character' '$WORK/nul.err'"
check "copy with a NUL id copied both streaks' other events" \
    test "$("$BIN" events --json --database "$APP" --user dora coffee | python3 -c "import json,sys; print(len(json.load(sys.stdin)))")" = 1 \
    -a "$("$BIN" events --json --database "$APP" --user dora tea | python3 -c "import json,sys; print(len(json.load(sys.stdin)))")" = 1

# No password in any output, whatever form the URL carries it in.
leaks=0
for url in "postgres://alice@/streaks?host=$PG&password=SECRET&port=0" "postgres://alice:SECRET@/streaks?host=$PG&port=0" \
    "postgres://alice:SE@CR/ET@[/streaks" "postgres://alice@/streaks?host=$WORK/empty&PASSWORD=SECRET" \
    "postgres://alice:SECRET@localhost:$PORT/streaks?sslmode=verify-full&sslrootcert=$PG/other-root.crt" \
    "postgres://alice:SECRET@/$(head -c 10000 /dev/zero | tr '\0' x)?port=0"; do
    code=0
    "$BIN" status --database "$url" >"$WORK/leak.out" 2>"$WORK/leak.err" || code=$?
    if [ "$code" = 0 ] || grep -qE 'SECRET|CR/ET' "$WORK/leak.out" "$WORK/leak.err" || [ "$(wc -c <"$WORK/leak.err")" -gt 500 ]; then
        leaks=$((leaks + 1))
        echo "  leaked or long: $(head -c 300 "$WORK/leak.err")"
    fi
done
check "no password in any output for any URL form, and no 10 KB echo ($leaks did)" test "$leaks" = 0

# TLS over TCP: require works; verify-full with the wrong root is refused in one line.
TCP="postgres://alice:secret@localhost:$PORT/streaks"
check "sslmode=require connects" bash -c "'$BIN' list --database '$TCP?sslmode=require' | grep -q water"
check "sslmode=verify-full with the right root connects" bash -c "'$BIN' list --database '$TCP?sslmode=verify-full&sslrootcert=$PG/root.crt' | grep -q water"
code=0
"$BIN" list --database "$TCP?sslmode=verify-full&sslrootcert=$PG/other-root.crt" >/dev/null 2>"$WORK/tls" || code=$?
check "verify-full with the wrong root: one line, exit 1, the reason ($(cat "$WORK/tls"))" \
    bash -c "test $code = 1 && test \$(wc -l <'$WORK/tls') = 1 && grep -q 'not signed by the root certificate' '$WORK/tls'"

# What the README says a co-tenant sees in pg_stat_activity: alice's session, not its query
# or times; and that an operator's REVOKE hides pg_locks and pg_stat_activity from bob while
# every streaks command keeps working.
PGPASSWORD=secret psql -h "$PG" -p "$PORT" -U alice -d streaks -qtAX -c "SELECT pg_sleep(3)" >/dev/null &
sleeper=$!
sleep 0.5
seen=$(as_role bob "SELECT usename || '|' || coalesce(query, '') || '|' || (backend_start IS NULL) FROM pg_stat_activity WHERE usename = 'alice'")
wait "$sleeper"
check "bob sees alice's session but not its query or times ($seen)" test "$seen" = "alice|<insufficient privilege>|true"
as_role postgres "REVOKE SELECT ON pg_catalog.pg_locks, pg_catalog.pg_stat_activity, pg_catalog.pg_stat_user_tables, pg_catalog.pg_stat_all_tables FROM PUBLIC" >/dev/null
as_role postgres "REVOKE EXECUTE ON FUNCTION pg_catalog.pg_lock_status(), pg_catalog.pg_stat_get_activity(integer) FROM PUBLIC" >/dev/null
check "after the operator's REVOKE bob cannot read pg_locks" bash -c "! PGPASSWORD=secret psql -h '$PG' -p '$PORT' -U bob -d streaks -c 'SELECT * FROM pg_lock_status()' 2>/dev/null"
check "after the operator's REVOKE bob cannot read pg_stat_activity" bash -c "! PGPASSWORD=secret psql -h '$PG' -p '$PORT' -U bob -d streaks -c 'SELECT 1 FROM pg_stat_activity' 2>/dev/null"
check "after the operator's REVOKE alice's commands still work" bash -c "'$BIN' log water --database '$ALICE' >/dev/null && '$BIN' status water --database '$ALICE' >/dev/null"

# Tab completes streak keys from the database.
keys=$("$BIN" ---completion log -- positional@0 2 2 streaks log --database "$ALICE" wa)
check "completion offers the database's keys ($keys)" test "$keys" = water

# Schedules and skips in the database (rules 8 and 9), and across a copy both ways.
"$BIN" create work --days mon-fri --database "$ALICE" --now 2024-01-01T08:00:00Z >/dev/null
for day in 01 02 03 04 05; do "$BIN" log work --database "$ALICE" --now "2024-01-${day}T17:00:00Z" >/dev/null; done
"$BIN" skip add work 2024-01-08 --database "$ALICE" --now 2024-01-08T17:00:00Z >/dev/null
work_status() { "$BIN" status work --json "$@" --now 2024-01-09T17:00:00Z | python3 -c 'import json,sys; s=json.load(sys.stdin); print(s["current_streak"], s["status"], s["schedule"], s["today_is_due"])'; }
check "Mon-Fri in the database: the weekend rests and the skipped Monday bridges" test "$(work_status --database "$ALICE")" = "5 at_risk mon,tue,wed,thu,fri True"
check "bob cannot see alice's skips" test -z "$(as_role bob "SELECT day FROM streak_skips")"
check "bob cannot plant a skip under alice's streak" refused "INSERT INTO streak_skips (user_id, streak_id, day, added_us) VALUES (current_user, $hers, 19730, 0)"
"$BIN" copy --key work --from "$ALICE" --to "$WORK/copied" --user alice --now 2024-01-09T17:00:00Z >/dev/null
check "copy to a file store keeps the schedule and the skip" test "$(work_status --store "$WORK/copied" --user alice)" = "5 at_risk mon,tue,wed,thu,fri True"
"$BIN" rename work job --store "$WORK/copied" --user alice --now 2024-01-09T17:00:00Z >/dev/null
"$BIN" copy --key job --from "$WORK/copied" --to "$ALICE" --user alice --now 2024-01-09T17:00:00Z >/dev/null
check "copy back to the database keeps them too" test "$("$BIN" skip list job --json --database "$ALICE")" = '["2024-01-08"]'

"$BIN" create gym --per-week 3 --database "$ALICE" --now 2024-01-01T08:00:00Z >/dev/null
for day in 01 03 05 08 10; do "$BIN" log gym --database "$ALICE" --now "2024-01-${day}T17:00:00Z" >/dev/null; done
check "3/week in the database: 1 week, 2 of 3 with 4 days left on Wednesday" \
    test "$("$BIN" status gym --json --database "$ALICE" --now 2024-01-10T18:00:00Z | python3 -c 'import json,sys; s=json.load(sys.stdin); print(s["current_streak"], s["week_kept_days"], s["week_days_left"], s["schedule"])')" = "1 2 4 3/week"

# Offline first: machines A and B (each its own XDG_STATE_HOME) log while the server is
# stopped; every log exits 0 and says it waits; after a sync the database holds each once
# and A, B and the database agree on every status field.
# (A user of their own, served by the app role: their dashboard shows only these streaks.)
WALKER="$APP"
on() { # on MACHINE ARGS...: streaks as walker on that machine
    local machine=$1
    shift
    XDG_STATE_HOME="$WORK/machine-$machine" "$BIN" "$@" --database "$WALKER" --user walker
}
on A create walk --now 2026-03-02T12:00:00Z >/dev/null
on A log walk --meta n=first --now 2026-03-02T12:00:00Z >/dev/null
on B status walk --now 2026-03-02T12:00:00Z >/dev/null
"$CLUSTER" pause "$PG"
bad=0
for i in 1 2 3 4 5; do
    code=0
    on A log walk --meta "n=a$i" --now "2026-03-0$((2 + i))T09:00:00Z" >/dev/null 2>"$WORK/off.err" || code=$?
    { [ "$code" = 0 ] && grep -q "saved on this machine; $i change.* wait" "$WORK/off.err"; } || { bad=$((bad + 1)); echo "  A log $i: exit $code: $(cat "$WORK/off.err")"; }
done
for i in 1 2 3; do
    code=0
    on B log walk --meta "n=b$i" --now "2026-03-0$((2 + i))T20:00:00Z" >/dev/null 2>"$WORK/off.err" || code=$?
    { [ "$code" = 0 ] && grep -q "saved on this machine; $i change.* wait" "$WORK/off.err"; } || { bad=$((bad + 1)); echo "  B log $i: exit $code: $(cat "$WORK/off.err")"; }
done
check "offline: 5 logs on A and 3 on B each exit 0 and say they wait ($bad did not)" test "$bad" = 0
completed=$(on A ---completion log -- positional@0 2 2 streaks log --database "$WALKER" --user walker wa 2>"$WORK/complete.err")
check "offline: Tab completes keys from the copy on this machine, quietly ($completed)" test "$completed" = walk -a ! -s "$WORK/complete.err"
check "offline: status on A shows its 6 events, marked offline" \
    bash -c "XDG_STATE_HOME='$WORK/machine-A' '$BIN' status walk --json --now 2026-03-07T22:00:00Z --database '$WALKER' --user walker 2>'$WORK/off.err' | grep -q '\"total_events\":6' && grep -q 'offline' '$WORK/off.err'"
check "offline: status on B shows its 4 events" \
    bash -c "XDG_STATE_HOME='$WORK/machine-B' '$BIN' status walk --json --now 2026-03-07T22:00:00Z --database '$WALKER' --user walker 2>/dev/null | grep -q '\"total_events\":4'"
# B's dashboard, opened while the server is away, shows what waits; once the server is back
# it pushes B's changes and shows A's without a key pressed.
tmux -L "$SOCKET" new-session -d -s offline -x 120 -y 40 \
    "TERM=screen-256color XDG_STATE_HOME='$WORK/machine-B' '$BIN' --database '$WALKER' --user walker --now 2026-03-07T22:00:00Z; sleep 600"
check "offline: B's dashboard shows 3 changes waiting" wait_for offline "· 3 waiting" 10
"$CLUSTER" resume "$PG"
check "offline: A's sync pushes its 5 changes" bash -c "XDG_STATE_HOME='$WORK/machine-A' '$BIN' sync --database '$WALKER' --user walker --now 2026-03-07T22:00:00Z | grep -q 'pushed 5 changes'"
check "offline: B's dashboard pushes its own and shows A's events, no key pressed" wait_for offline "9 events" 20
tmux -L "$SOCKET" send-keys -t offline q
on B sync --now 2026-03-07T22:00:00Z >/dev/null
stored=$(STREAKS_REPLICA=off "$BIN" events walk --json --database "$WALKER" --user walker | python3 -c "import json,sys; print(' '.join(sorted(e['metadata']['n'] for e in json.load(sys.stdin))))")
check "offline: the database holds every event exactly once ($stored)" test "$stored" = "a1 a2 a3 a4 a5 b1 b2 b3 first"
status_on() { on "$1" status walk --json --now 2026-03-08T12:00:00Z; }
server_status=$(STREAKS_REPLICA=off "$BIN" status walk --json --now 2026-03-08T12:00:00Z --database "$WALKER" --user walker)
check "offline: A, B and the database agree on every status field" test "$(status_on A)" = "$server_status" -a "$(status_on B)" = "$server_status"

# SIGKILL at random points of a push, then a push to the end: every queued change once.
# Logs of three streaks in turn: thirty writes to push, so a kill lands in the middle of some.
on C status walk --now 2026-03-08T12:00:00Z >/dev/null
on C create run --now 2026-03-08T12:00:00Z >/dev/null
on C create swim --now 2026-03-08T12:00:00Z >/dev/null
"$CLUSTER" pause "$PG"
for i in $(seq 1 30); do
    key=$(echo "walk run swim" | cut -d' ' -f$((i % 3 + 1)))
    on C log "$key" --meta "n=c$i" --now 2026-03-08T12:00:00Z >/dev/null 2>&1
done
"$CLUSTER" resume "$PG"
pushed_c() { # how many of C's events the database holds, and how many distinct
    for key in walk run swim; do STREAKS_REPLICA=off "$BIN" events "$key" --json --database "$WALKER" --user walker; done |
        python3 -c "import json,sys; ns=[e['metadata']['n'] for line in sys.stdin for e in json.loads(line) if e['metadata'].get('n', '').startswith('c')]; print(len(ns), len(set(ns)))"
}
kills=0
progress=""
for attempt in $(seq 1 12); do
    XDG_STATE_HOME="$WORK/machine-C" "$BIN" sync --database "$WALKER" --user walker --now 2026-03-08T12:00:00Z >/dev/null 2>&1 &
    victim=$!
    sleep "0.0$((RANDOM % 10))$((RANDOM % 10))"
    kill -9 "$victim" 2>/dev/null && kills=$((kills + 1))
    wait "$victim" 2>/dev/null || true
    progress="$progress $(pushed_c | cut -d' ' -f1)"
done
on C sync --now 2026-03-08T12:00:00Z >/dev/null
pushed=$(pushed_c)
check "offline: $kills pushes killed at random (events on the server after each:$progress), then one to the end: 30 events, each once ($pushed)" \
    test "$pushed" = "30 30"

# Two machines each use the one freeze offline: the server uses it once, the second sync says so.
on A create tea --freezes manual --now 2026-04-01T12:00:00Z >/dev/null
on A freeze add tea --now 2026-04-01T12:00:00Z >/dev/null
on A log tea --now 2026-04-01T12:00:00Z >/dev/null
on A log tea --now 2026-04-03T12:00:00Z >/dev/null
on B status tea --now 2026-04-03T12:00:00Z >/dev/null
"$CLUSTER" pause "$PG"
on A freeze use tea --now 2026-04-03T13:00:00Z >/dev/null 2>&1
on B freeze use tea --now 2026-04-03T13:00:00Z >/dev/null 2>&1
"$CLUSTER" resume "$PG"
on A sync --now 2026-04-03T14:00:00Z >"$WORK/freeze-a.out" 2>&1
on B sync --now 2026-04-03T14:00:00Z >"$WORK/freeze-b.out" 2>&1
used=$(STREAKS_REPLICA=off "$BIN" freeze list tea --json --database "$WALKER" --user walker | python3 -c "import json,sys; print(sum(1 for f in json.load(sys.stdin) if f.get('date_used')))")
check "offline: the one freeze used twice offline is used once ($used)" test "$used" = 1
check "offline: the second machine is told its freeze use was not applied ($(cat "$WORK/freeze-b.out"))" grep -q "not applied on the server: use freezes on tea" "$WORK/freeze-b.out"
check "offline: the first machine is told nothing of the kind" bash -c "! grep -q 'not applied' '$WORK/freeze-a.out'"

# An amount streak logged offline (rule 10): the amounts reach the database once and exact,
# in its numeric column, and both machines and the server say the same sum.
on A create distance --at-least 5 --unit km --now 2026-04-10T07:00:00Z >/dev/null
on B status distance --now 2026-04-10T07:00:00Z >/dev/null
"$CLUSTER" pause "$PG"
on A log distance 2.5 --now 2026-04-10T08:00:00Z >/dev/null 2>&1
on A log distance 0.1 --now 2026-04-10T08:30:00Z >/dev/null 2>&1
on A log distance 2.4 --now 2026-04-10T09:00:00Z >/dev/null 2>&1
"$CLUSTER" resume "$PG"
on A sync --now 2026-04-10T10:00:00Z >/dev/null 2>&1
on A sync --now 2026-04-10T10:01:00Z >/dev/null 2>&1
summed=$(as_role app "SELECT count(*) || ' ' || sum(e.amount) FROM streak_events e JOIN streaks s ON s.id = e.streak_id AND s.user_id = e.user_id WHERE s.streak_key = 'distance' AND e.removed_us IS NULL")
check "offline amounts: the database holds 3 events summing to exactly 5.000 ($summed)" test "$summed" = "3 5.000"
distance_status() { on "$1" status distance --json --now 2026-04-10T11:00:00Z 2>/dev/null | python3 -c "import json,sys; s=json.load(sys.stdin); print('%g %g %g' % (s['current_streak'], s['today_amount'], s['amount_left']))"; }
check "offline amounts: A and B say 1 day kept with 5 km, none left ($(distance_status A) / $(distance_status B))" \
    test "$(distance_status A)" = "1 5 0" -a "$(distance_status B)" = "1 5 0"

# The dashboard quits within a second on q, SIGTERM and SIGHUP in every state: server up,
# server gone, reconnecting to it, and with a write under way; the terminal is restored.
quit_trial() { # quit_trial STATE HOW
    local state=$1 how=$2 pid waited=0
    tmux -L "$SOCKET" kill-session -t quit 2>/dev/null || true
    "$CLUSTER" resume "$PG" 2>/dev/null || true
    tmux -L "$SOCKET" new-session -d -s quit -x 100 -y 30 "TERM=screen-256color '$BIN' --database '$OWNER'; echo DASHBOARD-ENDED; sleep 600"
    wait_for quit "events" 10 >/dev/null || true
    case $state in
    down) "$CLUSTER" pause "$PG"; wait_for quit "Disconnected" 10 >/dev/null || true ;;
    reconnecting) "$CLUSTER" pause "$PG"; sleep 2 ;;
    writing) "$CLUSTER" pause "$PG"; tmux -L "$SOCKET" send-keys -t quit ' ' ;;
    esac
    pid=$(pgrep -f "^$BIN --database" | head -1)
    case $how in
    q) tmux -L "$SOCKET" send-keys -t quit q ;;
    TERM | HUP) kill "-$how" "$pid" ;;
    esac
    while kill -0 "$pid" 2>/dev/null && [ "$waited" -lt 10 ]; do sleep 0.1; waited=$((waited + 1)); done
    check "dashboard, server $state, $how: the process is gone within a second" bash -c "! kill -0 $pid 2>/dev/null"
    kill -9 "$pid" 2>/dev/null || true
    check "dashboard, server $state, $how: the terminal is restored" bash -c \
        "tmux -L '$SOCKET' display -p -t quit '#{alternate_on}' | grep -qx 0 && tmux -L '$SOCKET' capture-pane -p -t quit | grep -q DASHBOARD-ENDED"
}
for state in up down reconnecting writing; do
    for how in q TERM HUP; do quit_trial "$state" "$how"; done
done
"$CLUSTER" resume "$PG" 2>/dev/null || true
tmux -L "$SOCKET" kill-session -t quit 2>/dev/null || true


# Points (issue 37) on PostgreSQL: on, earned by logs from two "machines", the same on
# both; then through the offline copy: read from the server, earned while it is stopped
# (kept and queued on the machine), pushed once by a sync, seen by another machine.
POINTS_URL=$(role_url alice)
STREAKS_REPLICA=off "$BIN" create pts --database "$POINTS_URL" --now 2024-06-10T12:00:00Z >/dev/null
STREAKS_REPLICA=off "$BIN" points on --database "$POINTS_URL" --now 2024-06-10T12:00:00Z >/dev/null
for day in 10 11 12; do STREAKS_REPLICA=off XDG_STATE_HOME=$WORK/machine$day "$BIN" log pts --database "$POINTS_URL" --now 2024-06-${day}T13:00:00Z >/dev/null; done
pg_points() { STREAKS_REPLICA=off "$BIN" points --json --database "$POINTS_URL" --now "${1:-2024-06-12T14:00:00Z}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["points"]["all_time"])'; }
check "points: three kept days and the milestone of 3 earned 33 on the server" test "$(pg_points)" = 33
STREAKS_REPLICA=off "$BIN" undo pts --database "$POINTS_URL" --now 2024-06-12T14:01:00Z >/dev/null
check "points: an undo gives the day and the milestone back" test "$(pg_points)" = 20
copy_points() { # copy_points MACHINE: all-time points as that machine's offline copy says
    XDG_STATE_HOME="$WORK/points-$1" "$BIN" points --json --database "$POINTS_URL" --now 2024-06-12T14:10:00Z 2>>"$WORK/points-$1.err" |
        python3 -c 'import json,sys; print(json.load(sys.stdin)["points"]["all_time"])'
}
check "points: the offline copy of machine P reads the server's 20" test "$(copy_points P)" = 20
"$CLUSTER" pause "$PG"
code=0; XDG_STATE_HOME="$WORK/points-P" "$BIN" log pts --database "$POINTS_URL" --now 2024-06-12T14:05:00Z >/dev/null 2>"$WORK/points-log.err" || code=$?
check "points: a log while the server is stopped exits 0 and says what waits ($(cat "$WORK/points-log.err"))" \
    bash -c "test $code = 0 && grep -q 'saved on this machine; .* wait' '$WORK/points-log.err'"
check "points: offline, machine P's copy has earned the day and the milestone again: 33" test "$(copy_points P)" = 33
"$CLUSTER" resume "$PG"
check "points: the server has not heard of them yet: 20" test "$(pg_points 2024-06-12T14:30:00Z)" = 20
XDG_STATE_HOME="$WORK/points-P" "$BIN" sync --database "$POINTS_URL" --now 2024-06-12T14:20:00Z >"$WORK/points-sync.out" 2>&1
after=$(pg_points 2024-06-12T14:30:00Z)
check "points: the sync pushes them and the server has 33 ($after; $(cat "$WORK/points-sync.out"))" test "$after" = 33
XDG_STATE_HOME="$WORK/points-P" "$BIN" sync --database "$POINTS_URL" --now 2024-06-12T14:21:00Z >/dev/null 2>&1
check "points: a second sync pushes nothing more: still 33" test "$(pg_points 2024-06-12T14:30:00Z)" = 33
check "points: machine Q's copy reads 33 too" test "$(copy_points Q)" = 33

summary
