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
check "dry run: prints each habit and its streak" grep -q '"Gym" -> gym (Health): 3 in 7 days, 3 events, 1 note' "$WORK/dry"
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
check "report: harsh keeps a day some window holds, streaks judges every window" \
    grep -q 'there a day is kept when some 7-day window around it holds 3' "$WORK/harsh"
check "report: Loop's weekly pages are counted in any 7 days there" grep -q 'counted in any 7 days there, in calendar weeks from Monday here' "$WORK/loopdb"
check "report: Loop's computed days and question are left out, and said" grep -q 'left out: 1 day marked not done' "$WORK/loop"

# Streak lengths on 2026-01-08, as each tool's own rules give them where the rules agree:
#  harsh Walk (daily): last done 12-31, nothing since -> 0.  harsh Gym 3/7 (3 in 7 days): done
#  12-29, 01-02, 01-03 -> the window 12-30..01-05 held 2 -> 0, longest 3.
#  Loop Coffee at most 2 cups: from 01-01 (1 cup), 01-02 3 cups (over), 01-03 to 01-07 none -> 5 days.
#  Loop Floss (daily): done 01-01, skipped 01-02, not done 01-04 -> 0.
#  Beaver Journal (daily): 01-01, 01-02 -> 0.  dijo pushups (>= 25): 01-01 30, 01-02 10 -> 0.
check "harsh Walk: 0 (broken since 01-01)" test "$(status_of walk current_streak)" = 0
check "harsh Gym: 3 in 7 days, broken" test "$(status_of gym current_streak)" = 0
check "harsh Gym: longest 3 days" test "$(status_of gym longest_streak)" = 3
check "Loop Coffee, a limit: 5 days" test "$(status_of coffee_cups current_streak)" = 5
check "Loop Floss: 0" test "$(status_of floss current_streak)" = 0
check "Loop Pages: a weekly amount in pages" test "$(status_of pages unit)" = pages
check "Beaver Gym: 3 a week" test "$(status_of gym_beaver schedule)" = "3/week"
check "Beaver Journal: 0" test "$(status_of journal current_streak)" = 0
check "archived habits are archived streaks" bash -c "\"$BIN\" list --all --store '$store' --now $NOW | grep -E '^(old_habit|piano|guitar|every_other_day) ' | grep -c archived | grep -qx 4"

# Rule 12: every N days, X in Y days and months from harsh, Loop and Beaver, into a store of their own.
windows=$WORK/windows; mkdir -p "$windows"
wrun() { "$BIN" "$@" --store "$windows" --now "$NOW"; }
wstatus() { wrun status "$1" --json | python3 -c "import json,sys; print(json.load(sys.stdin)['$2'])"; }
wrun import --from harsh "$FIXTURES/harsh-windows" --as Plants=plants_harsh --as Journal=journal_harsh --as "Call mum=mum_harsh" >"$WORK/w-harsh"
wrun import --from loop "$FIXTURES/loop/unpacked-windows" >"$WORK/w-loop"
wrun import --from beaver "$FIXTURES/beaver/windows.json" --as Plants=plants_beaver >"$WORK/w-beaver"
#  Plants every 3 days: done 01-01, 01-04, 01-07 -> 3 (rule 12's first worked example), in all three tools.
check "harsh 3: every 3 days" test "$(wstatus plants_harsh schedule)" = "every 3 days"
check "harsh Plants: 3 days" test "$(wstatus plants_harsh current_streak)" = 3
check "Loop 1/3: every 3 days, 3 days" test "$(wstatus plants current_streak)" = 3
check "Beaver 1/3D: every 3 days, 3 days" test "$(wstatus plants_beaver current_streak)" = 3
#  Journal 5 in 7: done 01-01..01-05, now Thursday 01-08: the window 01-02..01-08 holds 4 -> 5, at risk.
check "harsh 5/7: 5 in 7 days" test "$(wstatus journal_harsh schedule)" = "5 in 7 days"
check "harsh Journal: 5 days, at risk today" test "$(wstatus journal_harsh current_streak)/$(wstatus journal_harsh status)" = "5/at_risk"
#  Loop Call mum 1/30 -> 1 day a month: 12-20 and 01-05 -> December kept, January kept.
check "Loop 1/30: 1/month" test "$(wstatus call_mum schedule)" = "1/month"
check "Loop Call mum: 2 months" test "$(wstatus call_mum current_streak)" = 2
check "Loop Takeaway: at most 4 a month" test "$(wstatus takeaway target_kind) $(wstatus takeaway target_period) $(wstatus takeaway target)" = "at_most month 4"
check "harsh Passport (400 days) has no shape: tracking only, said" grep -q 'tracking only: streaks has no window longer than 365 days' "$WORK/w-harsh"

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
