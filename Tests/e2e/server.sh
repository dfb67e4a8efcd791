#!/usr/bin/env bash
# End-to-end checks of `streaks serve` on a file store, over real HTTP with curl: tokens
# (none, wrong, revoked), one user's streaks kept from another's, a change answered with what
# it produced and an operation sent again answered the same, bad input refused with a status,
# the event stream carrying another process's write, a server killed mid-change and the
# retried operation applied once, a graceful stop ending open streams, and the command line
# and the dashboard (in tmux) on the server with --server. PostgreSQL:
# Tests/e2e/server-postgres.sh.
# Usage: Tests/e2e/server.sh [path/to/streaks]
set -euo pipefail

BIN=${1:-.build/debug/streaks}
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
WORK=$(mktemp -d)
trap 'tmux -L "streaks-e2e-server-$$" kill-server 2>/dev/null || true; pkill -KILL -f "streaks-e2e-serve-$$" 2>/dev/null || true; rm -rf "$WORK"' EXIT
source "$(dirname "$0")/common.sh"
export TZ=UTC STREAKS_HOME="$WORK/store" no_proxy='*' NO_PROXY='*' XDG_STATE_HOME="$WORK/state"
unset STREAKS_DATABASE STREAKS_USER
NOW=2024-01-05T12:00:00Z

"$BIN" create run --user ana --now $NOW >/dev/null
"$BIN" create read --user ana --now $NOW >/dev/null
"$BIN" create secret --user bob --now $NOW >/dev/null
"$BIN" log run --user ana --now 2024-01-05T08:00:00Z >/dev/null
ANA=$("$BIN" token create --user ana --name e2e 2>"$WORK/token.err")
BOB=$("$BIN" token create --user bob 2>/dev/null)
check "a token is printed alone, its id said on stderr" grep -q "Token ${ANA:4:12} for ana (e2e): shown once" "$WORK/token.err"
check "the token file is the owner's alone" test "$(stat -c %a "$WORK/store/server/tokens.jsonl")" = 600
check "the secret is not on disk" bash -c "! grep -q -- '${ANA:17}' '$WORK/store/server/tokens.jsonl'"

# The server, named so the trap can find it; `exec -a` gives the process that name.
serve() {
    (exec -a "streaks-e2e-serve-$$" "$BIN" serve --listen 127.0.0.1:0 --now $NOW >"$WORK/serve.out" 2>&1) &
    SERVER=$!
    for _ in $(seq 100); do grep -q "/v1 (Ctrl-C" "$WORK/serve.out" 2>/dev/null && break; sleep 0.1; done
    URL=$(grep -o 'http://127.0.0.1:[0-9]*/v1' "$WORK/serve.out")
}
serve
check "the server says where it listens ($URL)" test -n "$URL"

status() { curl -s -o "$WORK/body" -w '%{http_code}' "$@"; }
check "no token: 401" test "$(status "$URL/streaks")" = 401
check "a mistyped token: 401" test "$(status -H "Authorization: Bearer ${ANA}x" "$URL/streaks")" = 401
check "ana's streaks" test "$(status -H "Authorization: Bearer $ANA" "$URL/streaks")" = 200
check "  in display order, bob's left out" python3 -c "import json,sys; d=json.load(open('$WORK/body')); sys.exit(0 if [s['streak_id'] for s in d['streaks']]==['read','run'] else 1)"
check "bob's streak with ana's token: 404" test "$(status -H "Authorization: Bearer $ANA" "$URL/streaks/secret")" = 404
check "  the same answer as a streak nobody has" grep -q "no streak 'secret'" "$WORK/body"
check "bob's own token reads it" test "$(status -H "Authorization: Bearer $BOB" "$URL/streaks/secret")" = 200
check "the calendar" test "$(status -H "Authorization: Bearer $ANA" "$URL/streaks/run/days?from=2024-01-04&to=2024-01-05")" = 200
check "  day by day" grep -q '"state":"kept"' "$WORK/body"

LOG='{"change": "log", "key": "run", "operation": "op-1", "events": [{"id": "e1", "date_created": "2024-01-05T11:00:00Z", "timezone": "UTC"}]}'
check "a change" test "$(status -H "Authorization: Bearer $ANA" -d "$LOG" "$URL/changes")" = 200
cp "$WORK/body" "$WORK/first"
check "  answered with what it produced" grep -q '"added":\["e1"\]' "$WORK/first"
check "the operation sent again" test "$(status -H "Authorization: Bearer $ANA" -d "$LOG" "$URL/changes")" = 200
check "  answered the same" cmp -s "$WORK/first" "$WORK/body"
check "  stored once" test "$("$BIN" events run --user ana --now $NOW | grep -c 11:00)" = 1
check "malformed JSON: 400" test "$(status -H "Authorization: Bearer $ANA" -d '{"change":' "$URL/changes")" = 400
check "an unknown field: 400, named" test "$(status -H "Authorization: Bearer $ANA" -d '{"change": "reset", "key": "run", "hard": true}' "$URL/changes")" = 400
check "  named" grep -q hard "$WORK/body"
check "a future event: 422" test "$(status -H "Authorization: Bearer $ANA" -d '{"change": "log", "key": "run", "events": [{"id": "f", "date_created": "2030-01-01T00:00:00Z", "timezone": "UTC"}]}' "$URL/changes")" = 422
check "a body over the limit: 413" test "$(head -c 2000000 /dev/zero | tr '\0' a | status -H "Authorization: Bearer $ANA" --data-binary @- "$URL/changes")" = 413
check "an unknown route: 404 in JSON" test "$(status -H "Authorization: Bearer $ANA" "$URL/nothing")" = 404
check "  in JSON" grep -q '"error"' "$WORK/body"
check "the description needs no token" test "$(status "$URL/openapi.yaml")" = 200

# The stream: another process logs, the stream carries it.
curl -s -N -H "Authorization: Bearer $ANA" "$URL/stream" >"$WORK/stream" &
CURL=$!
for _ in $(seq 50); do [ "$(grep -c '^event: streak' "$WORK/stream")" -ge 2 ] && break; sleep 0.1; done
check "the stream begins with every streak" test "$(grep -c '^event: streak' "$WORK/stream")" = 2
"$BIN" log read --user ana --now $NOW >/dev/null
for _ in $(seq 50); do [ "$(grep -c '^event: streak' "$WORK/stream")" -ge 3 ] && break; sleep 0.1; done
check "another process's log reaches it" test "$(grep -c '^event: streak' "$WORK/stream")" = 3
check "  with an id" test "$(grep -c '^id: [0-9]*-[0-9]*$' "$WORK/stream")" -ge 4

# The command line and the dashboard on the server (--server), the token from a file.
echo "$ANA" > "$WORK/token" && chmod 600 "$WORK/token"
check "streaks status --server" bash -c "'$BIN' status run --server '$URL' --token-file '$WORK/token' --now $NOW | grep -q '^run:'"
check "streaks log --server: the server stores it" bash -c "'$BIN' log read --server '$URL' --token-file '$WORK/token' --now $NOW >/dev/null && test \$('$BIN' events read --user ana --now $NOW | grep -c event) = 2"
check "  no copy on this machine: a file store's server keeps no revisions" bash -c "! ls -d '$WORK/state/streaks/server@'* 2>/dev/null"
chmod 644 "$WORK/token"
if "$BIN" list --server "$URL" --token-file "$WORK/token" >"$WORK/open-token.out" 2>&1; then refused=0; else refused=$?; fi
chmod 600 "$WORK/token"
check "a token file others can read is refused: non-zero" test "$refused" != 0
check "  saying how to fix it" grep -q "chmod 600" "$WORK/open-token.out"
SOCKET=streaks-e2e-server-$$
tmux -L "$SOCKET" new-session -d -s board -x 120 -y 40 "env TERM=screen-256color TZ=UTC no_proxy='*' '$BIN' --server '$URL' --token-file '$WORK/token' --now $NOW; sleep 30"
check "the dashboard on the server shows ana's streaks" wait_for board "read"
"$BIN" log run --user ana --now 2024-01-05T11:50:00Z >/dev/null
check "  and another process's log, live" wait_for board "3/1"
tmux -L "$SOCKET" send-keys -t board q
tmux -L "$SOCKET" kill-server 2>/dev/null || true

# Killed mid-change: a batch of a thousand events, the server killed while it works; the
# retried operation stores each event once.
python3 - "$WORK/batch.json" <<'PY'
import json, sys
events = [{"id": "b%d" % i, "date_created": "2023-%02d-%02dT10:00:00Z" % (1 + i % 12, 1 + i % 28), "timezone": "UTC"} for i in range(1000)]
json.dump({"change": "log", "key": "run", "operation": "batch-1", "events": events}, open(sys.argv[1], "w"))
PY
(curl -s -o /dev/null -H "Authorization: Bearer $ANA" --data-binary @"$WORK/batch.json" "$URL/changes" || true) &
sleep 0.05
kill -KILL "$SERVER"
wait "$SERVER" 2>/dev/null || true
wait "$CURL" 2>/dev/null || true
serve
check "after the kill, the operation retried" test "$(status -H "Authorization: Bearer $ANA" --data-binary @"$WORK/batch.json" "$URL/changes")" = 200
check "  every event of the batch stored once" test "$("$BIN" export run --user ana --now $NOW | grep -c '"id":"b[0-9]*"')" = 1000

# A revoked token is refused at once; a graceful stop ends open streams.
"$BIN" token revoke "${ANA:4:12}" >/dev/null
check "a revoked token: 401" test "$(status -H "Authorization: Bearer $ANA" "$URL/streaks")" = 401
curl -s -N -H "Authorization: Bearer $BOB" "$URL/stream" >/dev/null &
sleep 0.5
kill -TERM "$SERVER"
stopped=no
for _ in $(seq 30); do kill -0 "$SERVER" 2>/dev/null || { stopped=yes; break; }; sleep 0.1; done
check "SIGTERM stops the server within 3 s, its open stream ended" test "$stopped" = yes

if "$BIN" serve --connections 0 >"$WORK/connections.out" 2>&1; then refused=0; else refused=$?; fi
check "--connections 0 is refused with a non-zero exit" test "$refused" != 0
check "  and a sentence" grep -q "connections must be from 1 to 200" "$WORK/connections.out"
check "a bad --listen is refused" bash -c "! '$BIN' serve --listen nowhere >/dev/null 2>&1"
summary
