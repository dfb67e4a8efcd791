#!/usr/bin/env bash
# End-to-end checks of the real `streaks` binary on temporary stores: concurrent writers,
# a writer killed mid-loop, torn and corrupt lines, unwritable stores, a git hook.
# Usage: Tests/e2e/cli.sh [path/to/streaks]
set -euo pipefail

BIN=${1:-.build/debug/streaks}
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export TZ=America/New_York
source "$(dirname "$0")/common.sh"


json_field() { # json_field FIELD < json
    python3 -c "import json,sys; print(json.load(sys.stdin)['$1'])"
}

# 4 processes x 250 concurrent `streaks log` give exactly 1000 events.
store=$WORK/concurrent; mkdir -p "$store"
"$BIN" create daily --store "$store" --goal 1 >/dev/null
for worker in 1 2 3 4; do
    (for i in $(seq 1 250); do "$BIN" log --store "$store" --meta "worker=$worker" --meta "i=$i" >/dev/null; done) &
done
wait
total=$("$BIN" status daily --json --store "$store" | json_field total_events)
lines=$(wc -l <"$store/users/$(id -un)/streaks/daily/events.jsonl")
check "4 x 250 concurrent logs give 1000 events (got $total, $lines lines)" test "$total" = 1000 -a "$lines" = 1000

# A writer killed with SIGKILL mid-loop leaves every acknowledged event readable.
store=$WORK/killed; mkdir -p "$store"
"$BIN" create daily --store "$store" >/dev/null
acknowledged=$WORK/acknowledged
: >"$acknowledged"
(
    i=0
    while true; do
        i=$((i + 1))
        "$BIN" log --store "$store" --meta "n=$i" >/dev/null && echo "$i" >>"$acknowledged"
    done
) &
writer=$!
sleep 3
kill -9 "$writer" 2>/dev/null || true
pkill -9 -f "$store" 2>/dev/null || true
wait "$writer" 2>/dev/null || true  # bash reports the kill; expected
acked=$(wc -l <"$acknowledged")
missing=0
logged=$("$BIN" events --json --store "$store" | python3 -c "import json,sys; print(' '.join(str(e['metadata']['n']) for e in json.load(sys.stdin)))")
for n in $(cat "$acknowledged"); do
    case " $logged " in *" $n "*) ;; *) missing=$((missing + 1)) ;; esac
done
check "SIGKILL mid-loop: all $acked acknowledged events readable ($missing missing)" test "$acked" -gt 0 -a "$missing" = 0
check "SIGKILL mid-loop: the store still accepts writes" bash -c "\"$BIN\" log --store \"$store\" >/dev/null"

# A torn last line is skipped with a warning and never glued to the next append.
store=$WORK/torn; mkdir -p "$store"
"$BIN" log --store "$store" --now 2024-01-05T15:00:00Z >/dev/null
log=$store/users/$(id -un)/streaks/daily/events.jsonl
printf '{"id":"torn","date_cre' >>"$log"
warning=$("$BIN" status --store "$store" --now 2024-01-05T16:00:00Z 2>&1 >/dev/null)
check "torn line: warned" grep -q "incomplete last line" <<<"$warning"
"$BIN" log --store "$store" --now 2024-01-06T15:00:00Z >/dev/null
check "torn line: next append starts a fresh line" test "$(tail -n 1 "$log" | cut -c1-6)" = '{"id":'
check "torn line: torn bytes kept, two events count" test "$("$BIN" status daily --json --store "$store" --now 2024-01-06T16:00:00Z 2>/dev/null | json_field total_events)" = 2
check "torn line: the fragment is kept in the file" grep -q '"date_cre$' "$log"

# A corrupt line is reported with its line number and the rest loads.
store=$WORK/corrupt; mkdir -p "$store"
"$BIN" log --store "$store" --now 2024-01-05T15:00:00Z >/dev/null
log=$store/users/$(id -un)/streaks/daily/events.jsonl
echo 'not json at all' >>"$log"
echo '{"id":"later","date_created":"2024-01-06T15:00:00Z","timezone":"America/New_York"}' >>"$log"
rm -f "$(dirname "$log")/snapshot.json"
before=$(sha256sum "$log")
output=$("$BIN" status daily --json --store "$store" --now 2024-01-06T16:00:00Z 2>"$WORK/err")
check "corrupt line: reported with its number" grep -q "events.jsonl:2: not valid JSON" "$WORK/err"
check "corrupt line: the rest loads" test "$(json_field total_events <<<"$output")" = 2
check "corrupt line: the log is not rewritten" test "$(sha256sum "$log")" = "$before"

# Bad input: one line on stderr, non-zero exit, the store byte-for-byte unchanged.
store=$WORK/bad; mkdir -p "$store"
"$BIN" log --store "$store" --now 2024-01-05T15:00:00Z >/dev/null
digest() { find "$store" -type f -print0 | sort -z | xargs -0 sha256sum; }
before=$(digest)
for args in "log --at 2030-01-01" "log --at notadate" "log nosuchkey" "log --timezone Mars/Base" "freeze use" "reset daily" "create daily"; do
    set +e
    # shellcheck disable=SC2086
    err=$("$BIN" $args --store "$store" --now 2024-01-05T16:00:00Z 2>&1 >/dev/null)
    code=$?
    set -e
    check "bad input '$args': exit $code, one line" test "$code" -ne 0 -a "$(wc -l <<<"$err")" = 1
done
check "bad input: store unchanged" test "$(digest)" = "$before"

# Unwritable and impossible store locations give a clear error.
if command -v setpriv >/dev/null; then
    store=$WORK/readonly; mkdir -p "$store"
    mkdir -p "$store"
    chmod 555 "$store"
    chmod o+x "$WORK"
    set +e
    err=$(setpriv --reuid=65534 --regid=65534 --clear-groups "$BIN" log --store "$store" 2>&1)
    code=$?
    set -e
    check "read-only store: exit $code with a clear error ($err)" test "$code" -ne 0 -a -n "$(grep -i 'permission denied' <<<"$err")"
fi
set +e
err=$("$BIN" log --store /proc/no/such/store 2>&1)
code=$?
set -e
check "impossible store path: exit $code with the path named" test "$code" -ne 0 -a -n "$(grep '/proc/no/such/store' <<<"$err")"

# The README's git hook logs a streak on every commit.
repo=$WORK/repo
store=$WORK/hooked; mkdir -p "$store"
git init -q "$repo"
cat >"$repo/.git/hooks/post-commit" <<HOOK
#!/bin/sh
"$BIN" log coding --store "$store" --meta repo=\$(basename "\$PWD") >/dev/null
HOOK
chmod +x "$repo/.git/hooks/post-commit"
"$BIN" create coding --store "$store" >/dev/null
(cd "$repo" && git -c user.email=t@e -c user.name=t commit -q --allow-empty -m one && git -c user.email=t@e -c user.name=t commit -q --allow-empty -m two)
check "git hook: two commits log two events" test "$("$BIN" status coding --json --store "$store" | json_field total_events)" = 2

# Schedules and skips (rules 8 and 9): a Mon-Fri streak over a weekend, a holiday.
store=$WORK/schedule; mkdir -p "$store"
at() { "$BIN" "$@" --store "$store"; }
at create work --days mon-fri --now 2024-01-01T08:00 >/dev/null
for day in 01 02 03 04 05; do at log work --now "2024-01-${day}T12:00" >/dev/null; done
check "Mon-Fri: the weekend is a rest day, 5 days kept" \
    test "$(at status work --json --now 2024-01-07T12:00 | python3 -c 'import json,sys; s=json.load(sys.stdin); print(s["current_streak"], s["status"], s["today_is_due"])')" = "5 active False"
check "Mon-Fri: Monday is due and at risk" test "$(at status work --json --now 2024-01-08T12:00 | json_field status)" = at_risk
check "Mon-Fri: status in words says rest day" grep -q "rest day" <<<"$(at status work --now 2024-01-06T12:00)"
at skip add work 2024-01-08 --to 2024-01-09 --now 2024-01-08T12:00 >/dev/null
check "skip add: a holiday of two days is listed" test "$(at skip list work --json)" = '["2024-01-08","2024-01-09"]'
check "skip: the run survives the holiday (5 days on Wednesday morning)" \
    test "$(at status work --json --now 2024-01-10T09:00 | json_field current_streak)" = 5
at skip remove work 2024-01-08 --now 2024-01-10T09:00 >/dev/null
check "skip remove: Monday missed again breaks the run" test "$(at status work --json --now 2024-01-10T09:00 | json_field current_streak)" = 0
before=$(find "$store" -type f -exec sha256sum {} + | sort | sha256sum)
code=0; err=$(at skip add work 2026-06-01 --now 2024-01-10T09:00 2>&1 >/dev/null) || code=$?
check "skip: a day beyond 366 days ahead is refused (exit $code) and nothing is written" \
    test "$code" = 2 -a "$(find "$store" -type f -exec sha256sum {} + | sort | sha256sum)" = "$before" -a -n "$(grep '366 days ahead' <<<"$err")"
code=0; err=$(at config work --days someday 2>&1 >/dev/null) || code=$?
check "config --days: an unknown day is refused with the spellings (exit $code)" test "$code" = 2 -a -n "$(grep 'mon-fri' <<<"$err")"

# A 3-per-week streak over a week boundary (rule 8's week unit).
at create gym --per-week 3 --now 2024-01-01T08:00 >/dev/null
for day in 01 03 05 08 10; do at log gym --now "2024-01-${day}T12:00" >/dev/null; done
week_status() { at status gym --json --now "$1" | python3 -c 'import json,sys; s=json.load(sys.stdin); print(s["current_streak"], s["status"], s["week_kept_days"], s["week_target"], s["week_days_left"])'; }
check "3/week: Wednesday of week 2 has slack (1 week, 2 of 3, 4 days left)" test "$(week_status 2024-01-10T13:00)" = "1 active 2 3 4"
check "3/week: Sunday of week 2 is at risk" test "$(week_status 2024-01-14T13:00)" = "1 at_risk 2 3 0"
check "3/week: Monday after a week of 2 is broken" test "$(week_status 2024-01-15T13:00 | cut -d' ' -f1,2)" = "0 broken"
code=0; err=$(at config gym --days mon-fri 2>&1 >/dev/null) || code=$?
check "3/week: a change to days is refused (exit $code) with the way out" test "$code" = 2 -a -n "$(grep 'create a new streak' <<<"$err")"

# Amounts, limits, tracking and re-judging (rules 10 and 11), rows of the rules' worked examples.
store=$WORK/amounts; mkdir -p "$store"
fields() { # fields KEY NOW FIELD...: the status fields, space-separated
    local key=$1 now=$2; shift 2
    at status "$key" --json --now "$now" | python3 -c "
import json, sys
s = json.load(sys.stdin)
shown = lambda v: str(v) if isinstance(v, bool) or not isinstance(v, (int, float)) else '%g' % v
print(' '.join(shown(s[f]) for f in sys.argv[1:]))" "$@"
}
at create run --at-least 5 --unit km --now 2024-01-01T08:00 >/dev/null
at log run 3 --now 2024-01-01T12:00 >/dev/null
at log run 2.5 --now 2024-01-01T13:00 >/dev/null
at log run 5 --now 2024-01-02T12:00 >/dev/null
at log run 4.999 --now 2024-01-03T12:00 >/dev/null
check "at least 5 km: 2 days, at risk with 4.999 and 0.001 left" \
    test "$(fields run 2024-01-03T20:00 current_streak status today_amount amount_left unit)" = "2 at_risk 4.999 0.001 km"
check "at least 5 km: status in words says what is left" grep -q "4.999 of 5 km today, 0.001 to go" <<<"$(at status run --now 2024-01-03T20:00)"
at create coffee --at-most 2 --now 2024-01-01T08:00 >/dev/null
at log coffee --now 2024-01-01T09:00 >/dev/null
at log coffee --now 2024-01-01T15:00 >/dev/null
at log coffee --now 2024-01-02T09:00 >/dev/null
at log coffee 3 --at 2024-01-03T10:00 --now 2024-01-03T10:00 >/dev/null
check "at most 2: 3 on Wednesday breaks the run at once" test "$(fields coffee 2024-01-03T12:00 current_streak longest_streak status over_limit)" = "0 2 broken True"
check "at most 2: before the 10:00 coffees it was 2 days and active" test "$(fields coffee 2024-01-03T09:00 current_streak status)" = "2 active"
check "at most 2: status in words says over the limit" grep -q "over the limit today (3 of 2)" <<<"$(at status coffee --now 2024-01-03T12:00)"
at create smoking --at-most 0 --since 2024-01-01 --now 2024-01-05T08:00 >/dev/null
check "at most 0 since 01-01: 9 days kept on 01-10 without an event" test "$(fields smoking 2024-01-10T12:00 current_streak status)" = "9 active"
at create read --at-least 20 --per week --now 2024-01-01T08:00 >/dev/null
at log read 10 --now 2024-01-01T12:00 >/dev/null
at log read 10.5 --now 2024-01-03T12:00 >/dev/null
at log read 5 --now 2024-01-08T12:00 >/dev/null
check "20 a week: Saturday of week 2 is active with 5 of 20" test "$(fields read 2024-01-13T12:00 current_streak status week_amount)" = "1 active 5"
check "20 a week: Sunday of week 2 is at risk" test "$(fields read 2024-01-14T12:00 status)" = "at_risk"
at create weight --track --unit kg --now 2024-01-01T08:00 >/dev/null
at log weight 80.5 --now 2024-01-02T07:00 >/dev/null
check "tracking only: no streak, never at risk, today's sum" test "$(fields weight 2024-01-02T20:00 current_streak status today_amount target_kind)" = "0 active 80.5 tracking"
code=0; err=$("$BIN" log weight --store "$store" --now 2024-01-02T08:00 -- -3 2>&1 >/dev/null) || code=$?
check "a bad amount is refused in one line (exit $code)" test "$code" = 2 -a "$(wc -l <<<"$err")" = 1
at create gym --now 2024-01-01T08:00 >/dev/null
for day in 01 02 03 04 05 08; do at log gym --now "2024-01-${day}T12:00" >/dev/null; done
check "daily gym: the weekend broke it" test "$(fields gym 2024-01-08T20:00 current_streak)" = 1
at config gym --days mon-fri --from start --now 2024-01-08T20:00 >/dev/null
check "config --from start: Mon-Fri from the first day keeps all 6" test "$(fields gym 2024-01-08T20:00 current_streak schedule)" = "6 mon,tue,wed,thu,fri"
# Rule 11 for the leeway: from today on (older days keep theirs), or from the start.
at create late --now 2024-01-01T08:00 >/dev/null
for moment in 2024-01-01T12:00 2024-01-03T01:30 2024-01-03T12:00; do at log late --at "$moment" --now "$moment" >/dev/null; done
at config late --leeway 2 --now 2024-01-04T09:00 >/dev/null
check "config --leeway 2: 01-03's 01:30 keeps its own day, 01-02 stays missed" test "$(fields late 2024-01-04T09:00 current_streak leeway_hours)" = "1 2"
at log late --at 2024-01-05T01:30 --now 2024-01-05T01:30 >/dev/null
check "config --leeway 2: from 01-04 on, 01-05's 01:30 keeps 01-04" test "$(fields late 2024-01-05T12:00 current_streak)" = 2
at config late --leeway 2 --from start --now 2024-01-05T12:00 >/dev/null
check "config --leeway 2 --from start: the whole history credited with 2 hours" test "$(fields late 2024-01-05T12:00 current_streak)" = 4

# Day notes: added, replaced, listed (words and JSON), removed; a bad note refused, nothing written.
store=$WORK/notes; mkdir -p "$store"
at create run --now 2024-01-01T08:00 >/dev/null
at log run --now 2024-01-04T12:00 >/dev/null
check "note: added on today" grep -q "^Noted 2024-01-05 Fri in run: knee hurt" <<<"$(at note run "knee hurt" --now 2024-01-05T12:00)"
at note run -1d "tempo run" --now 2024-01-05T12:00 >/dev/null
check "note: replaced on its day" grep -q "^Replaced the note of 2024-01-04" <<<"$(at note run 2024-01-04 "tempo run, 5 km" --now 2024-01-05T12:00)"
check "note list: in words, oldest first" test "$(at note list run)" = "$(printf '2024-01-04 Thu  tempo run, 5 km\n2024-01-05 Fri  knee hurt')"
check "note list --json: an array of day and text" \
    test "$(at note list run --json)" = '[{"day":"2024-01-04","text":"tempo run, 5 km"},{"day":"2024-01-05","text":"knee hurt"}]'
check "events: a day's note under its events" grep -q "^2024-01-04        note    tempo run, 5 km" <<<"$(at events run)"
check "note: in the notes ledger as records" test "$(wc -l <"$store/users/$(id -un)/streaks/run/notes.jsonl")" = 3
at note remove run 2024-01-05 --now 2024-01-05T12:00 >/dev/null
check "note remove: the day's note is gone" test "$(at note list run --json)" = '[{"day":"2024-01-04","text":"tempo run, 5 km"}]'
before=$(find "$store" -type f -exec sha256sum {} + | sort | sha256sum)
for bad in "a day to come|tomorrow|plan" "an empty text|today|" "a line break|today|$(printf 'two\nlines')" \
    "1001 characters|today|$(head -c 1001 /dev/zero | tr '\0' x)"; do
    name=${bad%%|*} rest=${bad#*|}
    code=0; err=$(at note run "${rest%%|*}" "${rest#*|}" --now 2024-01-05T12:00 2>&1 >/dev/null) || code=$?
    check "note: $name is refused in one line (exit $code)" test "$code" = 2 -a "$(wc -l <<<"$err")" = 1
done
code=0; err=$(at note remove run 2024-01-03 --now 2024-01-05T12:00 2>&1 >/dev/null) || code=$?
check "note remove: a day without a note says so (exit $code)" test "$code" = 2 -a -n "$(grep 'no note on 2024-01-03' <<<"$err")"
check "note: nothing was written by the refusals" test "$(find "$store" -type f -exec sha256sum {} + | sort | sha256sum)" = "$before"

# streaks ask from a pipe, as a script would: every kind of answer, a second walk asks nothing
# answered, and a refused date writes nothing.
store=$WORK/ask; mkdir -p "$store"
export XDG_STATE_HOME=$WORK/state
at create med --now 2024-01-01T15:00:00Z >/dev/null
at create water --at-least 2 --unit l --now 2024-01-01T15:00:00Z >/dev/null
out=$(printf 'y\nn\n# tired\ns\n1.5\n\nq\n' | at ask --now 2024-01-03T15:00:00Z)
check "ask: oldest day first, each streak in turn" test "$(grep -c '^Mon 2024-01-01' <<<"$out")" = 2
check "ask: says what it changed" grep -q "Done: logged 2 days, skipped 1 day, 1 note written, 1 not done (remembered), 1 left for later." <<<"$out"
check "ask: the amount is logged" test "$(at events water --json --now 2024-01-03T15:00:00Z | python3 -c 'import json,sys; print([e.get("amount") for e in json.load(sys.stdin) if "amount" in e])')" = "[1.5]"
check "ask: the skip is stored" test "$(at skip list med --json --now 2024-01-03T15:00:00Z)" = '["2024-01-02"]'
out=$(printf 'n\nn\nn\nn\n' | at ask --now 2024-01-03T15:00:00Z)
check "ask: a second walk starts with what was left for later" grep -q "^Wed 2024-01-03  med? n" <<<"$(grep -v '^Tue' <<<"$out")"
check "ask: then nothing is left to ask" grep -q "Nothing to ask" <<<"$(at ask --now 2024-01-03T15:00:00Z </dev/null)"
before=$(find "$store" -type f -exec sha256sum {} + | sort | sha256sum)
code=0; err=$(at ask --since 2024-02-01 --now 2024-01-03T15:00:00Z 2>&1 </dev/null >/dev/null) || code=$?
check "ask: a day to come is refused in one line (exit $code)" test "$code" = 2 -a "$(wc -l <<<"$err")" = 1
check "ask: the refusal wrote nothing" test "$(find "$store" -type f -exec sha256sum {} + | sort | sha256sum)" = "$before"
unset XDG_STATE_HOME

# Rule 13 as a person uses it: a weight kept as the day's last reading, its status, today and
# stats, the chart view's JSON fields, and a reading without a value refused with nothing written.
store=$WORK/measure; mkdir -p "$store"
at create weight --track --unit kg --measure last --now 2024-01-01T15:00:00Z >/dev/null
at log weight 80.2 --now 2024-01-01T07:00:00Z >/dev/null 2>&1 || at log weight 80.2 --now 2024-01-01T16:00:00Z >/dev/null
at log weight 79.9 --now 2024-01-08T12:00:00Z >/dev/null
at log weight 79.4 --now 2024-01-09T12:00:00Z >/dev/null
at log weight 79.6 --now 2024-01-09T23:30:00Z >/dev/null
out=$(at status weight --now 2024-01-10T15:00:00Z)
check "measure: status says the latest value and when" grep -q "^weight: latest 79.6 kg, yesterday" <<<"$out"
check "measure: and how it moved over 7 days" grep -q "\-0.6 kg in 7 days" <<<"$out"
check "measure: never a count of days" test -z "$(grep -E ' 0 days|longest' <<<"$out")"
json=$(at stats weight --json --now 2024-01-10T15:00:00Z)
check "measure: stats --json carries the day value's statistics" test "$(python3 -c 'import json,sys; o=json.load(sys.stdin); print(o["measure"], o["latest"]["value"], o["change_7"], o["max"]["all"], o["totals"])' <<<"$json")" = "last 79.6 -0.6 80.2 None"
before=$(find "$store" -type f -exec sha256sum {} + | sort | sha256sum)
code=0; err=$(at log weight --now 2024-01-10T15:00:00Z 2>&1 >/dev/null) || code=$?
check "measure: a reading without a value is refused in one line (exit $code)" test "$code" = 2 -a "$(wc -l <<<"$err")" = 1
check "measure: the refusal wrote nothing" test "$(find "$store" -type f -exec sha256sum {} + | sort | sha256sum)" = "$before"
check "measure: today lists it as tracked" grep -q "weight  latest 79.6 kg, yesterday" <<<"$(at today --now 2024-01-10T15:00:00Z)"

# streaks mcp: requests piped in and the input closed are all answered, and standard output
# carries the protocol alone (one JSON-RPC message per line).
store=$WORK/mcp; mkdir -p "$store"
"$BIN" create run --store "$store" --now 2024-01-05T15:00:00Z >/dev/null
init='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"e2e","version":"1"}}}'
call() { printf '{"jsonrpc":"2.0","id":%s,"method":"tools/call","params":{"name":"%s","arguments":%s}}' "$1" "$2" "$3"; }
# Calls sent at once run one at a time in any order: the status is asked in a second session.
mcp() { timeout 30 "$BIN" mcp --store "$store" --now 2024-01-05T15:00:00Z --timezone UTC || true; }
out=$(printf '%s\n' "$init" '{"jsonrpc":"2.0","method":"notifications/initialized"}' '{"jsonrpc":"2.0","id":2,"method":"tools/list"}' \
    "$(call 3 log '{"key":"run"}')" "$(call 4 log '{"key":"run","at":"-1d"}')" "$(call 5 log '{"key":"run","bogus":true}')" | mcp)
out+=$'\n'$(printf '%s\n' "$init" "$(call 6 status '{"key":"run"}')" | mcp)
answers=$(python3 -c '
import json, sys
ids, errors, status = [], {}, None
for line in sys.stdin.read().splitlines():
    message = json.loads(line)
    ids.append(message["id"])
    result = message.get("result", {})
    errors[message["id"]] = result.get("isError")
    if message["id"] == 6: status = json.loads(result["content"][0]["text"])
print(sorted(ids), errors[3], errors[4], errors[5], status["current_streak"], status["total_events"])
' <<<"$out" 2>&1) || true
check "mcp: every request answered after the input closed, the bad one an error (got $answers)" test "$answers" = "[1, 1, 2, 3, 4, 5, 6] False False True 2 2"
code=0; err=$(echo '' | "$BIN" mcp --store "$WORK/no-such-store" 2>&1 >/dev/null) || code=$?
check "mcp: a store that is not there is refused at start (exit $code)" test "$code" = 2 -a -n "$(grep 'No store at' <<<"$err")"
check "mcp: the tools wrote to the store given (2 events)" test "$("$BIN" status run --json --store "$store" --now 2024-01-05T15:00:00Z | json_field total_events)" = 2

summary
