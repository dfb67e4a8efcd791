#!/usr/bin/env bash
# End-to-end: a harsh folder, a dijo file, a Loop zip, a Loop backup and a Beaver export
# imported into one store; streak lengths checked against what each tool's own rules give;
# the dashboard showing them; refusals that write nothing; exports back (all, Loop's CSV,
# harsh) read into fresh stores with the same status.
# Usage: Tests/e2e/import.sh [path/to/streaks]
set -euo pipefail

BIN=${1:-.build/debug/streaks}
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
FIXTURES=$(cd "$(dirname "$0")/../StreakImportersTests/Fixtures" && pwd)
WORK=$(mktemp -d)
SOCKET=streaks-import-$$
trap 'tmux -L "$SOCKET" kill-server 2>/dev/null || true; rm -rf "$WORK"' EXIT
export TZ=America/New_York
source "$(dirname "$0")/common.sh"

NOW=2026-01-08T12:00
store=$WORK/store; mkdir -p "$store"
run() { "$BIN" "$@" --store "$store" --now "$NOW"; }
unchanged() { # unchanged COMMAND...: COMMAND exits 2 and the store's files are as they were
    local before after code=0
    before=$(cd "$store" && find . -type f -exec md5sum {} + | sort)
    "$@" >"$WORK/out" 2>&1 || code=$?
    after=$(cd "$store" && find . -type f -exec md5sum {} + | sort)
    [ "$code" = 2 ] && [ "$before" = "$after" ] || { echo "  (exit $code)"; sed 's/^/  | /' "$WORK/out"; return 1; }
}
status_of() { # status_of KEY FIELD
    run status "$1" --json | python3 -c "import json,sys; print(json.load(sys.stdin)['$2'])"
}

# A dry run prints the plan and writes nothing.
run import --from harsh "$FIXTURES/harsh" --dry-run >"$WORK/dry"
check "dry run: prints each habit and its streak" grep -q '"Gym" -> gym (Health): 3/week, 3 events, 1 note' "$WORK/dry"
check "dry run: writes nothing" test -z "$(find "$store" -type f)"

# Each source into the one store; the same habit names in two tools get keys of their own.
run import --from harsh "$FIXTURES/harsh" >"$WORK/harsh"
run import --from dijo "$FIXTURES/dijo/habit_record.json" >"$WORK/dijo"
run import --from loop "$FIXTURES/loop/Loop Habits CSV 2026-01-07.zip" --as Coffee=coffee_cups >"$WORK/loop"
run import --from loop "$FIXTURES/loop/Loop Habits Backup 2026-01-07 120000.db" --approximate >"$WORK/loopdb"
run import --from beaver "$FIXTURES/beaver/beaverhabits_2026_01_07.json" --as Gym=gym_beaver >"$WORK/beaver"
check "harsh: six habits, one archived by its end date" grep -q 'Imported 6 habits from harsh: 6 new streaks, 9 new events.' "$WORK/harsh"
check "dijo: four habits of habit_record.json" grep -q 'Imported 4 habits from dijo: 4 new streaks, 7 new events.' "$WORK/dijo"
check "Loop zip: five habits" grep -q 'Imported 5 habits from loop: 5 new streaks, 12 new events.' "$WORK/loop"
check "Loop backup: four habits" grep -q 'Imported 4 habits from loop: 4 new streaks, 7 new events.' "$WORK/loopdb"
check "Beaver: four habits" grep -q 'Imported 4 habits from beaver: 4 new streaks, 6 new events.' "$WORK/beaver"

# Where the rules differ, the report says how.
check "report: rolling 7 days are calendar weeks here" grep -q 'counted in any 7 days there, in calendar weeks from Monday here' "$WORK/harsh"
check "report: 2 in any 10 days is tracking only, and what --approximate would do" \
    grep -q 'tracking only: streaks has no "2 in any 10 days"; --approximate makes it 1/week' "$WORK/harsh"
check "report: --approximate says what it chose" grep -q 'approximated as 4/week: streaks has no "once in any 2 days"' "$WORK/loopdb"
check "report: Loop's computed days and question are left out, and said" grep -q 'left out: 1 day marked not done' "$WORK/loop"

# Streak lengths on 2026-01-08, as each tool's own rules give them where the rules agree:
#  harsh Walk (daily): last done 12-31, nothing since -> 0.  harsh Gym 3/7: done 12-29, 01-02,
#  01-03 -> this week (from Monday 01-05) still open, last week kept -> 1 week.
#  Loop Coffee at most 2 cups: from 01-01 (1 cup), 01-02 3 cups (over), 01-03 to 01-07 none -> 5 days.
#  Loop Floss (daily): done 01-01, skipped 01-02, not done 01-04 -> 0.
#  Beaver Journal (daily): 01-01, 01-02 -> 0.  dijo pushups (>= 25): 01-01 30, 01-02 10 -> 0.
check "harsh Walk: 0 (broken since 01-01)" test "$(status_of walk current_streak)" = 0
check "harsh Gym: 1 week" test "$(status_of gym current_streak)" = 1
check "Loop Coffee, a limit: 5 days" test "$(status_of coffee_cups current_streak)" = 5
check "Loop Floss: 0" test "$(status_of floss current_streak)" = 0
check "Loop Pages: a weekly amount in pages" test "$(status_of pages unit)" = pages
check "Beaver Gym: 3 a week" test "$(status_of gym_beaver schedule)" = "3/week"
check "Beaver Journal: 0" test "$(status_of journal current_streak)" = 0
check "archived habits are archived streaks" bash -c "\"$BIN\" list --all --store '$store' --now $NOW | grep -E '^(old_habit|piano|guitar|every_other_day) ' | grep -c archived | grep -qx 4"

# Again: nothing new.
check "a second import adds nothing" bash -c "\"$BIN\" import --from harsh '$FIXTURES/harsh' --store '$store' --now $NOW | grep -q '0 new streaks, 0 new events (9 already there)'"

# Refused, with nothing written: a cut zip, a cut backup, another tool's file, a clash.
head -c 600 "$FIXTURES/loop/Loop Habits CSV 2026-01-07.zip" >"$WORK/cut.zip"
head -c 3000 "$FIXTURES/loop/Loop Habits Backup 2026-01-07 120000.db" >"$WORK/cut.db"
check "a cut zip is refused" unchanged run import --from loop "$WORK/cut.zip"
check "a cut backup is refused" unchanged run import --from loop "$WORK/cut.db"
check "a dijo file read as Beaver is refused" unchanged run import --from beaver "$FIXTURES/dijo/habit_record.json"
check "a harsh log read as dijo is refused" unchanged run import --from dijo "$FIXTURES/harsh/log"
check "a streak with another target is refused, naming the option" unchanged run import --from loop "$FIXTURES/loop/Loop Habits CSV 2026-01-07.zip"
check "  ... and the message says why" grep -q '"Coffee" would go into coffee, but its target is tracking only, not at most 2 cups a day' "$WORK/out"

# The dashboard shows them, grouped, archived ones away.
tmux -L "$SOCKET" new-session -d -s dash -x 200 -y 60 "TERM=screen-256color '$BIN' --store '$store' --now $NOW; sleep 600"
check "dashboard: the harsh heading as a group" wait_for dash "Health"
check "dashboard: Loop's limit with its title" wait_for dash "Coffee"
check "dashboard: an archived habit is not listed" bash -c "! tmux -L '$SOCKET' capture-pane -t dash -p | grep -q 'Old habit'"
tmux -L "$SOCKET" send-keys -t dash q

# Export everything; into a fresh store; the same status and a byte-identical second export.
run status --json >"$WORK/status-1.json" || true
run export --all >"$WORK/all.jsonl"
fresh=$WORK/fresh; mkdir -p "$fresh"
"$BIN" import --from streaks "$WORK/all.jsonl" --store "$fresh" --now "$NOW" >/dev/null
"$BIN" export --all --store "$fresh" --now "$NOW" >"$WORK/all-2.jsonl"
check "export --all, imported into a fresh store, exports byte for byte the same" cmp -s "$WORK/all.jsonl" "$WORK/all-2.jsonl"
# A damaged line anywhere in it: refused, naming the line, nothing written in the new store.
sed '5s/.*/{"date_created": "broken/' "$WORK/all.jsonl" >"$WORK/all-damaged.jsonl"
kept=$store; store=$WORK/fresh-damaged; mkdir -p "$store"
check "a damaged export --all is refused whole" unchanged run import --from streaks "$WORK/all-damaged.jsonl"
check "  ... naming its line" grep -q 'all-damaged.jsonl:5:' "$WORK/out"
check "  ... and the new store holds nothing" test -z "$(find "$store" -type f)"
store=$kept
for key in walk gym coffee_cups pages floss journal gym_beaver stretch water; do
    a=$("$BIN" status "$key" --json --store "$store" --now "$NOW")
    b=$("$BIN" status "$key" --json --store "$fresh" --now "$NOW")
    check "the fresh store's $key has the same status --json" test "$a" = "$b"
done

# Loop's CSV layout and harsh's files, read back.
run export --format loop-csv "$WORK/loop-out" >/dev/null 2>"$WORK/loop-notes"
run export --format harsh "$WORK/harsh-out" >/dev/null 2>"$WORK/harsh-notes"
check "Loop's layout: Habits.csv, the wide Checkmarks.csv, a folder per habit" \
    bash -c "test -f '$WORK/loop-out/Habits.csv' -a -f '$WORK/loop-out/Checkmarks.csv' && ls '$WORK/loop-out' | grep -q '^0[0-9][0-9] Stretch$'"
check "  ... and what Loop cannot hold is said" grep -q 'tracking only; Loop has at least 0' "$WORK/loop-notes"
count=$(run list --all | wc -l)
for format in loop harsh; do
    back=$WORK/back-$format; mkdir -p "$back"
    "$BIN" import --from "$format" "$WORK/$format-out" --store "$back" --now "$NOW" >"$WORK/back-$format.out"
    check "$format export imports back: all $count streaks" grep -q "Imported $count habits from $format: $count new streaks" "$WORK/back-$format.out"
    for key in stretch walk floss; do
        a=$(status_of "$key" current_streak)
        b=$("$BIN" status "$key" --json --store "$back" --now "$NOW" | python3 -c "import json,sys; print(json.load(sys.stdin)['current_streak'])")
        check "  ... $key's streak the same through $format ($a)" test "$a" = "$b"
    done
done
# The same imports into PostgreSQL (the store's bulk path): twice, the second adding nothing,
# and the same status as the file store's.
CLUSTER=$(cd "$(dirname "$0")/../postgres" && pwd)/cluster.sh
if [ -x /usr/lib/postgresql/15/bin/initdb ]; then
    PG=$(mktemp -d /tmp/streaks-e2e-import-pg.XXXXXX)
    trap 'tmux -L "$SOCKET" kill-server 2>/dev/null || true; "$CLUSTER" stop "$PG"; rm -rf "$WORK"' EXIT
    export XDG_STATE_HOME=$WORK/state
    unset STREAKS_DATABASE STREAKS_USER STREAKS_REPLICA
    OWNER=$("$CLUSTER" start "$PG")
    db() { "$BIN" "$@" --database "$OWNER" --now "$NOW"; }
    for round in 1 2; do
        db import --from harsh "$FIXTURES/harsh" >"$WORK/pg-harsh-$round"
        db import --from loop "$FIXTURES/loop/Loop Habits CSV 2026-01-07.zip" --as Coffee=coffee_cups >"$WORK/pg-loop-$round"
        db import --from beaver "$FIXTURES/beaver/beaverhabits_2026_01_07.json" --as Gym=gym_beaver >"$WORK/pg-beaver-$round"
    done
    check "PostgreSQL: harsh imported" grep -q 'Imported 6 habits from harsh: 6 new streaks, 9 new events.' "$WORK/pg-harsh-1"
    check "PostgreSQL: the second import adds nothing" grep -q '0 new streaks, 0 new events (9 already there)' "$WORK/pg-harsh-2"
    for key in walk gym coffee_cups stretch water journal gym_beaver; do
        a=$("$BIN" status "$key" --json --store "$store" --now "$NOW")
        b=$(db status "$key" --json)
        check "PostgreSQL: $key has the file store's status --json" test "$a" = "$b"
    done
fi

check "an export never writes over files" bash -c "! \"$BIN\" export --format harsh '$WORK/harsh-out' --store '$store' --now $NOW 2>/dev/null"

summary
