#!/usr/bin/env bash
# End-to-end checks of `streaks serve --database` over real HTTP, on a throwaway PostgreSQL
# cluster of its own: tokens made by the server's login role (each user a role it acts as),
# two server processes on one database (a change through one reaches a stream on the other,
# the delay printed), one user's token against another's rows, a server killed mid-change and
# the operation retried on the other server applied once, and the database restarted under
# an open stream (the stream stays open and carries the next change; a client resuming with
# Last-Event-ID gets the whole state).
# Usage: Tests/e2e/server-postgres.sh [path/to/streaks]
set -euo pipefail

BIN=${1:-.build/debug/streaks}
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
CLUSTER=$(cd "$(dirname "$0")/../postgres" && pwd)/cluster.sh
WORK=$(mktemp -d)
PG=$(mktemp -d /tmp/streaks-e2e-srv.XXXXXX)  # short: a socket path has a length limit
trap 'pkill -KILL -f "streaks-e2e-pgserve-$$" 2>/dev/null || true; "$CLUSTER" stop "$PG"; rm -rf "$WORK"' EXIT
source "$(dirname "$0")/common.sh"
export TZ=UTC no_proxy='*' NO_PROXY='*' XDG_STATE_HOME=$WORK/state
unset STREAKS_DATABASE STREAKS_USER STREAKS_REPLICA
NOW=2024-01-05T12:00:00Z

OWNER=$("$CLUSTER" start "$PG")
SERVER_URL="postgres://server:secret@/streaks?host=$PG&port=$(cat "$PG/port")"
"$BIN" list --database "$OWNER" >/dev/null  # the owner makes the tables

ANA=$("$BIN" token create --database "$SERVER_URL" --user ana --name e2e 2>"$WORK/token.err")
BOB=$("$BIN" token create --database "$SERVER_URL" --user bob 2>/dev/null)
check "a token for a new user: printed alone" grep -q "Token ${ANA:4:12} for ana (e2e)" "$WORK/token.err"
check "  the user's role made, NOLOGIN, granted to the server's" test "$(psql "$OWNER" -Atc "SELECT rolcanlogin::text || ' ' || pg_has_role('server', 'ana', 'MEMBER')::text FROM pg_roles WHERE rolname = 'ana'")" = "false true"
check "  the secret is in no table" test "$(psql "$OWNER" -Atc "SELECT count(*) FROM streak_server_tokens WHERE secret_sha256 LIKE '%${ANA:17:10}%' OR name LIKE '%${ANA:17:10}%'")" = 0
check "the owner lists every token" test "$("$BIN" token list --database "$OWNER" | wc -l)" = 2
if "$BIN" token create --database "$OWNER" --user carol >"$WORK/nogrant.out" 2>&1; then refused=0; else refused=$?; fi
check "a login without CREATEROLE cannot make a user: non-zero" test "$refused" != 0
check "  told what to run" grep -q 'CREATE ROLE "carol" NOLOGIN; GRANT "carol" TO "streaks"' "$WORK/nogrant.out"

serve() { # serve NAME [PORT]: a server process on the database; its URL in $URL_NAME, its pid in $PID_NAME
    (exec -a "streaks-e2e-pgserve-$$-$1" "$BIN" serve --database "$SERVER_URL" --listen 127.0.0.1:${2:-0} --now $NOW >"$WORK/$1.out" 2>&1) &
    eval "PID_$1=$!"
    for _ in $(seq 100); do grep -q "/v1 (Ctrl-C" "$WORK/$1.out" 2>/dev/null && break; sleep 0.1; done
    eval "URL_$1=$(grep -o 'http://127.0.0.1:[0-9]*/v1' "$WORK/$1.out")"
}
serve A
serve B
check "two servers on one database ($URL_A, $URL_B)" test -n "$URL_A" -a -n "$URL_B"
check "  each says it serves the database, its password hidden" grep -q "postgres://server:\*\*\*@" "$WORK/A.out"

status() { curl -s -o "$WORK/body" -w '%{http_code}' "$@"; }
CREATE='{"change": "create", "key": "run", "configuration": {"streak_id": "run"}}'
check "ana creates a streak through A" test "$(status -H "Authorization: Bearer $ANA" -d "$CREATE" "$URL_A/changes")" = 200
check "bob cannot read it through B: 404" test "$(status -H "Authorization: Bearer $BOB" "$URL_B/streaks/run")" = 404
check "  nor log to it" test "$(status -H "Authorization: Bearer $BOB" -d '{"change": "log", "key": "run", "events": [{"id": "x", "date_created": "2024-01-05T11:00:00Z", "timezone": "UTC"}]}' "$URL_B/changes")" = 404
check "  bob's list is empty" grep -q '"streaks":\[\]' <(curl -s -H "Authorization: Bearer $BOB" "$URL_B/streaks")

# A stream on B, stamped as each event arrives; a change through A.
curl -s -N -H "Authorization: Bearer $ANA" "$URL_B/stream" | while IFS= read -r line; do
    case $line in event:* | id:* | data:*) echo "$(date +%s%3N) $line" ;; esac
done >>"$WORK/stream" &
for _ in $(seq 100); do grep -q "event: streak" "$WORK/stream" 2>/dev/null && break; sleep 0.1; done
check "B's stream begins with ana's streak" grep -q '"streak_id":"run"' "$WORK/stream"
streaks_heard() { grep -c '"today_event_count":1' "$WORK/stream" || true; }
sleep 0.5
sent=$(date +%s%3N)
LOG='{"change": "log", "key": "run", "operation": "op-1", "events": [{"id": "e1", "date_created": "2024-01-05T11:00:00Z", "timezone": "UTC"}]}'
check "a log through A" test "$(status -H "Authorization: Bearer $ANA" -d "$LOG" "$URL_A/changes")" = 200
cp "$WORK/body" "$WORK/first"
for _ in $(seq 100); do [ "$(streaks_heard)" -ge 1 ] && break; sleep 0.02; done
heard=$(grep '"today_event_count":1' "$WORK/stream" | head -1 | cut -d' ' -f1 || true)
echo "# a change through A reached the stream on B in $((${heard:-0} - sent)) ms (from before the request was sent)"
check "  reaches B's stream" test -n "$heard"
check "the same operation retried on B: answered the same" test "$(status -H "Authorization: Bearer $ANA" -d "$LOG" "$URL_B/changes")" = 200
check "  byte for byte" cmp -s "$WORK/first" "$WORK/body"
check "  stored once" test "$(psql "$SERVER_URL" -qAtc "SET ROLE ana; SELECT count(*) FROM streak_events")" = 1

# The command line through B (--server): its answer is the server's calculation.
echo "$ANA" > "$WORK/token" && chmod 600 "$WORK/token"
check "streaks status --server through B" bash -c "'$BIN' status run --server '$URL_B' --token-file '$WORK/token' --now $NOW | grep -q '^run: 1 day'"

# Killed mid-change: a batch of a thousand events to A, A killed while it works; the same
# operation retried on B stores each event once.
python3 - "$WORK/batch.json" <<'PY'
import json, sys
events = [{"id": "b%d" % i, "date_created": "2023-%02d-%02dT10:00:00Z" % (1 + i % 12, 1 + i % 28), "timezone": "UTC"} for i in range(1000)]
json.dump({"change": "log", "key": "run", "operation": "batch-1", "events": events}, open(sys.argv[1], "w"))
PY
(curl -s -o /dev/null -H "Authorization: Bearer $ANA" --data-binary @"$WORK/batch.json" "$URL_A/changes" || true) &
POSTER=$!
sleep 0.1
kill -KILL "$PID_A"
{ wait "$PID_A"; } 2>/dev/null || true
wait "$POSTER" 2>/dev/null || true
check "after A's kill, the operation retried on B" test "$(status -H "Authorization: Bearer $ANA" --data-binary @"$WORK/batch.json" "$URL_B/changes")" = 200
check "  every event of the batch stored once" test "$(psql "$SERVER_URL" -qAtc "SET ROLE ana; SELECT count(*) FROM streak_events WHERE event_id LIKE 'b%'")" = 1000

# The database restarted under B's open stream: the stream stays open and carries the next change.
before=$(grep -c "event: streak" "$WORK/stream")
"$CLUSTER" pause "$PG"
sleep 1
"$CLUSTER" resume "$PG"
LOG2='{"change": "log", "key": "run", "operation": "op-2", "events": [{"id": "e2", "date_created": "2024-01-05T11:30:00Z", "timezone": "UTC"}]}'
check "after the restart B writes again" test "$(status -H "Authorization: Bearer $ANA" -d "$LOG2" "$URL_B/changes")" = 200
for _ in $(seq 150); do grep -q '"today_event_count":2' "$WORK/stream" && break; sleep 0.1; done
check "  the stream opened before the restart carries it" grep -q '"today_event_count":2' "$WORK/stream"
check "  the stream was never closed" pgrep -f -- "-N -H Authorization: Bearer $ANA $URL_B/stream" >/dev/null
last=$(grep '^[0-9]* id: ' "$WORK/stream" | tail -1 | cut -d' ' -f3 || true)
curl -s -N -m 2 -H "Authorization: Bearer $ANA" -H "Last-Event-ID: $last" "$URL_B/stream" >"$WORK/resumed" || true
check "a stream resumed from id $last begins with the whole state" grep -q '"today_event_count":2' "$WORK/resumed"
pkill -f -- "$URL_B/stream" 2>/dev/null || true

# The command line keeps a copy of a server's streaks on this machine, as it does of a
# database's: with the server down a log is saved there, and pushed once it is back, stored once.
cli() { "$BIN" "$@" --server "$URL_B" --token-file "$WORK/token" --now $NOW; }
stored() { psql "$SERVER_URL" -qAtc "SET ROLE ana; SELECT count(*) FROM streak_events WHERE NOT is_freeze"; }
cli events run >"$WORK/events-before" 2>&1
check "a command through B keeps a copy on this machine" bash -c "ls -d '$WORK/state/streaks/server@'* >/dev/null"
before_offline=$(stored)
kill -KILL "$PID_B"; wait "$PID_B" 2>/dev/null || true
if cli log run >"$WORK/offline.out" 2>&1; then offline=0; else offline=$?; fi
check "with B down, streaks log --server still works" test "$offline" = 0
check "  saved on this machine, and said so" grep -q "saved on this machine" "$WORK/offline.out"
check "  the copy counts it" test "$(cli events run 2>/dev/null | wc -l)" = "$(( $(wc -l <"$WORK/events-before") + 1 ))"
check "  the database does not have it yet" test "$(stored)" = "$before_offline"
serve C "$(echo "$URL_B" | sed 's|.*:\([0-9]*\)/v1|\1|')"
check "a server on B's address again" test "$URL_C" = "$URL_B"
if cli sync >"$WORK/sync.out" 2>&1; then synced=0; else synced=$?; fi
check "streaks sync --server pushes it" grep -q "pushed 1 change" "$WORK/sync.out"
check "  stored once" test "$(stored)" = "$(( before_offline + 1 ))"
cli sync >/dev/null 2>&1 || true
check "  pushed again: still once" test "$(stored)" = "$(( before_offline + 1 ))"

echo "# stream events before the restart: $before"
summary
