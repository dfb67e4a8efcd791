#!/usr/bin/env bash
# Drives the real `streaks` dashboard in tmux: log with space, an external `streaks log`,
# resize, undo, quit; the terminal restored (stty -g identical); a 20 s random-keystroke
# run; and each TERM from xterm-256color down to vt100.
# Usage: Tests/e2e/dashboard.sh [path/to/streaks]
set -euo pipefail

BIN=${1:-.build/debug/streaks}
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
WORK=$(mktemp -d)
SOCKET=streaks-e2e-$$
trap 'tmux -L "$SOCKET" kill-server 2>/dev/null || true; rm -rf "$WORK"' EXIT
export TZ=America/New_York
export XDG_CONFIG_HOME=$WORK/config  # the theme `t` remembers stays here
export XDG_STATE_HOME=$WORK/state    # and the walk's answers
source "$(dirname "$0")/common.sh"


launch() { # launch SESSION TERM STORE [ENV=VALUE...]; $ARGS go to streaks, $SIZE is WxH
    local session=$1 term=$2 store=$3 size=${SIZE:-100x30}
    shift 3
    mkdir -p "$store"
    tmux -L "$SOCKET" new-session -d -s "$session" -x "${size%x*}" -y "${size#*x}" \
        "stty -g > '$WORK/$session.before'; TERM=$term $* '$BIN' --store '$store' ${ARGS:-}; echo EXITED \$? > '$WORK/$session.code'; stty -g > '$WORK/$session.after'; sleep 600"
}

finished() { # finished SESSION: the dashboard exited 0 and left the terminal as it found it
    local deadline=$((SECONDS + 10))
    while [ ! -s "$WORK/$1.after" ] && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.1; done
    grep -q "EXITED 0" "$WORK/$1.code" 2>/dev/null && cmp -s "$WORK/$1.before" "$WORK/$1.after"
}

# first_run SESSION: an empty store opens on the new-streak form suggesting 'daily'; Enter
# creates it.
first_run() {
    wait_for "$1" "[daily_]" && tmux -L "$SOCKET" send-keys -t "$1" Enter && wait_for "$1" "press space"
}

# The main walk-through.
store=$WORK/main; mkdir -p "$store"
launch main xterm-256color "$store"
check "an empty store opens on the new-streak form, writing nothing" bash -c "sleep 0.3; ! ls '$store/users/'*/streaks/* >/dev/null 2>&1"
check "Enter creates 'daily' and the screen shows how to log" first_run main
tmux -L "$SOCKET" send-keys -t main Space
check "space logs an event" wait_for main "1 event"
"$BIN" log --store "$store" >/dev/null
check "an external 'streaks log' appears" wait_for main "2 events" 2
tmux -L "$SOCKET" resize-window -t main -x 50 -y 12
check "a tiny terminal gets a clear message" wait_for main "needs 64x21"
tmux -L "$SOCKET" resize-window -t main -x 120 -y 40
check "resizing back reflows" wait_for main "2 events"
tmux -L "$SOCKET" send-keys -t main u
check "undo asks first, naming the streak" wait_for main "Undo today's last event of "
tmux -L "$SOCKET" send-keys -t main y
check "undo removes today's last event" wait_for main "1 event"
tmux -L "$SOCKET" send-keys -t main F
check "F asks first, naming the streak" wait_for main "Add a freeze to daily? It has 0. (y/n)"
tmux -L "$SOCKET" send-keys -t main y
check "y adds a freeze" wait_for main "1 available"
# A holiday from the S form (today to a week on), then today's skip taken back with s.
skips() { "$BIN" skip list daily --json --store "$store" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))'; }
tmux -L "$SOCKET" send-keys -t main S
check "S opens the skip form" wait_for main "skip days"
tmux -L "$SOCKET" send-keys -t main BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace t o d a y Enter
check "the S form skips today to a week on (8 days)" wait_for main "they bridge the streak"
check "the store holds the 8 skipped days" test "$(skips)" = 8
tmux -L "$SOCKET" send-keys -t main s
check "s on a skipped day offers to take the skip back" wait_for main "Take back the skip of"
tmux -L "$SOCKET" send-keys -t main y
check "y takes today's skip back (7 left)" bash -c "sleep 0.5; test \"\$('$BIN' skip list daily --json --store '$store' | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')\" = 7"
tmux -L "$SOCKET" send-keys -t main q
check "q quits and restores the terminal (stty -g identical)" finished main

# Several streaks with history: the overview, paging through history, Home and End.
store=$WORK/history; mkdir -p "$store"
NOW=2024-06-14T19:30:00Z
"$BIN" create daily --store "$store" --now 2023-01-01T00:00:00Z >/dev/null
"$BIN" create pushups --goal 3 --store "$store" --now 2023-01-01T00:00:00Z >/dev/null
"$BIN" create reading --store "$store" --now 2023-01-01T00:00:00Z >/dev/null
python3 - "$WORK/daily.jsonl" "$WORK/pushups.jsonl" <<'LINES'
import datetime, sys
start = datetime.date(2023, 3, 6)
with open(sys.argv[1], "w") as daily, open(sys.argv[2], "w") as pushups:
    day = start
    while day < datetime.date(2024, 6, 14):
        if day.toordinal() % 11:
            daily.write('{"id":"d%s","date_created":"%sT12:00:00-05:00","timezone":"America/New_York"}\n' % (day, day))
        for n in range(3 if day.toordinal() % 5 else 2):
            pushups.write('{"id":"p%s-%d","date_created":"%sT1%d:00:00-05:00","timezone":"America/New_York"}\n' % (day, n, day, n))
        day += datetime.timedelta(days=1)
LINES
"$BIN" import daily "$WORK/daily.jsonl" --store "$store" --now "$NOW" >/dev/null
"$BIN" import pushups "$WORK/pushups.jsonl" --store "$store" --now "$NOW" >/dev/null
SIZE=120x40 ARGS="--now $NOW" launch overview xterm-256color "$store"
check "the overview lists every streak" wait_for overview "3 streaks"
# Each row fills in as its streak arrives: waited for, not read once.
check "the overview shows each streak's status" bash -c "for i in \$(seq 50); do screen=\$(tmux -L '$SOCKET' capture-pane -t overview -p); grep -q 'daily .*at risk, 8h 30m left' <<<\"\$screen\" && grep -q 'reading .*no events yet' <<<\"\$screen\" && exit 0; sleep 0.1; done; exit 1"
tmux -L "$SOCKET" send-keys -t overview Down
check "down selects the next streak in the list" wait_for overview "▶ pushups"
tmux -L "$SOCKET" send-keys -t overview c PPage PPage PPage
check "page up goes a month back, three times" wait_for overview "Thu 2024-03-14"
tmux -L "$SOCKET" send-keys -t overview Home
check "home goes to the first day with an event" wait_for overview "Mon 2023-03-06"
check "the first day's events are loaded" wait_for overview "Events logged this day"
tmux -L "$SOCKET" send-keys -t overview End
check "end comes back to today" wait_for overview "Fri 2024-06-14 (today)"
tmux -L "$SOCKET" send-keys -t overview T
check "T: what is left today, most urgent first" wait_for overview "To do today (3)"
check "T: at risk first, with its time left" bash -c "tmux -L '$SOCKET' capture-pane -t overview -p | grep -A1 'To do today' | grep -q '! daily .*8h 30m left'"
tmux -L "$SOCKET" send-keys -t overview Down Down Space
check "T: space logs the chosen streak, which moves to kept" wait_for overview "Kept (1)"
check "T: the log is in the store" test "$("$BIN" status reading --json --store "$store" --now "$NOW" | python3 -c 'import json,sys; print(json.load(sys.stdin)["today_event_count"])')" = 1
tmux -L "$SOCKET" send-keys -t overview Escape
check "T: esc closes it" bash -c "sleep 0.3; ! tmux -L '$SOCKET' capture-pane -t overview -p | grep -q 'To do today'"
tmux -L "$SOCKET" send-keys -t overview a
check "a: the catch-up walk asks today's open streaks" wait_for overview "Question 1 of 2"
tmux -L "$SOCKET" send-keys -t overview y
check "a: y answers and the next question comes" wait_for overview "Question 2 of 2"
tmux -L "$SOCKET" send-keys -t overview Enter
check "a: the walk ends saying what it did" wait_for overview "Caught up: logged 1 day, 1 left for later."
check "a: y logged daily today" test "$("$BIN" status daily --json --store "$store" --now "$NOW" | python3 -c 'import json,sys; print(json.load(sys.stdin)["today_event_count"])')" = 1
check "a: the day left for later is remembered" grep -q '"open":\["2024-06-14"\]' "$WORK/state/streaks/answers.json"
tmux -L "$SOCKET" send-keys -t overview q
check "the overview quits cleanly" finished overview
SIZE=120x40 ARGS="--now $NOW" launch legend xterm-256color "$store" NO_COLOR=1
check "NO_COLOR: the legend names every glyph" wait_for legend "■ kept  □ partly done  · missed  ❄ frozen  ○ open"
tmux -L "$SOCKET" send-keys -t legend Down
check "NO_COLOR: partly done days show as their own glyph" bash -c "sleep 0.5; tmux -L '$SOCKET' capture-pane -t legend -p | grep -E '^ (Mon|Wed|Fri|Sun)? *[■□·○ ]+\$' | grep -q '□'"
tmux -L "$SOCKET" send-keys -t legend q
check "NO_COLOR quits cleanly" finished legend

# SIGTERM restores the terminal too.
launch term xterm-256color "$store"
wait_for term "streaks" >/dev/null
pkill -TERM -f "^$BIN --store $store\$" || true
check "SIGTERM quits and restores the terminal" finished term

# Every signal that ends a program restores the terminal first; SIGPIPE is ignored.
for signal in HUP INT QUIT USR1 USR2 ALRM; do
    launch "sig$signal" xterm-256color "$store"
    wait_for "sig$signal" "streaks" >/dev/null
    pkill "-$signal" -f "^$BIN --store $store\$" || true
    check "SIG$signal quits and restores the terminal" finished "sig$signal"
done
launch sigpipe xterm-256color "$store"
wait_for sigpipe "streaks" >/dev/null
pkill -PIPE -f "^$BIN --store $store\$" || true
sleep 0.5
check "SIGPIPE is ignored: still running" test ! -s "$WORK/sigpipe.code"
tmux -L "$SOCKET" send-keys -t sigpipe 'C-\\'
sleep 0.5
check "Ctrl-\\ neither quits nor prints a backtrace" bash -c "test ! -s '$WORK/sigpipe.code' && ! tmux -L '$SOCKET' capture-pane -t sigpipe -p | grep -qi backtrace"
tmux -L "$SOCKET" send-keys -t sigpipe q
check "then q quits and restores the terminal" finished sigpipe

# A terminal that goes away takes the dashboard with it.
store=$WORK/gone; mkdir -p "$store"
tmux -L "$SOCKET" new-session -d -s gone -x 100 -y 30 "TERM=xterm-256color '$BIN' --store '$store'"
first_run gone
tmux -L "$SOCKET" kill-session -t gone
gone() {
    local deadline=$((SECONDS + 5))
    while pgrep -f "^$BIN --store $store\$" >/dev/null; do
        [ "$SECONDS" -lt "$deadline" ] || return 1
        sleep 0.1
    done
}
check "the dashboard exits when its terminal goes away" gone

# Backfill, remove, create from the form, archive: the store checked after each step.
store=$WORK/edit; mkdir -p "$store"
NOW=2024-06-14T19:30:00Z
"$BIN" create daily --store "$store" --now 2024-06-01T12:00:00Z >/dev/null
"$BIN" log --store "$store" --now "$NOW" >/dev/null
events_on() { # events_on DAY: how many events of 'daily' fall on DAY (New York)
    "$BIN" events daily --json --store "$store" --now "$NOW" | python3 -c "
import json, sys, datetime, zoneinfo
zone = zoneinfo.ZoneInfo('America/New_York')
days = [datetime.datetime.fromisoformat(e['date_created'].replace('Z', '+00:00')).astimezone(zone).date().isoformat() for e in json.load(sys.stdin)]
print(days.count('$1'))"
}
listed() { "$BIN" list --all --json --store "$store" --now "$NOW" | python3 -c "
import json, sys
print(' '.join('%s%s' % (s['streak_id'], '(archived)' if s['archived'] else '') for s in json.load(sys.stdin)))"; }
ARGS="--now $NOW" launch edit screen-256color "$store"
wait_for edit "Fri 2024-06-14 (today)" >/dev/null
tmux -L "$SOCKET" send-keys -t edit c Up
check "the cursor moves to yesterday" wait_for edit "Thu 2024-06-13"
tmux -L "$SOCKET" send-keys -t edit Space
check "space on yesterday asks how many first" wait_for edit "Log daily on Thu 2024-06-13: how many events?"
tmux -L "$SOCKET" send-keys -t edit y
check "y backfills yesterday" wait_for edit "1 event credited"
check "events --json: one event on 2024-06-13" test "$(events_on 2024-06-13)" = 1
check "list --all: daily" test "$(listed)" = "daily"
tmux -L "$SOCKET" send-keys -t edit x
check "x on yesterday asks first, naming the streak" wait_for edit "event of daily on Thu 2024-06-13?"
tmux -L "$SOCKET" send-keys -t edit y
check "y removes it" wait_for edit "Removed the event of 2024-06-13"
check "events --json: none on 2024-06-13, today's still there" test "$(events_on 2024-06-13) $(events_on 2024-06-14)" = "0 1"
# A note on the cursor's day (yesterday) from N, listed from the command line; emptied, removed.
notes() { "$BIN" note list daily --json --store "$store" --now "$NOW"; }
tmux -L "$SOCKET" send-keys -t edit N
check "N opens the note form on the cursor's day" wait_for edit "Note on Thu 2024-06-13 in daily"
tmux -L "$SOCKET" send-keys -t edit -l "sore legs, 5 km"
tmux -L "$SOCKET" send-keys -t edit Enter
check "Enter saves the note" wait_for edit "Noted Thu 2024-06-13 in daily."
check "the day panel shows the note" wait_for edit "sore legs, 5 km"
check "note list: the note written from the dashboard" test "$(notes)" = '[{"day":"2024-06-13","text":"sore legs, 5 km"}]'
tmux -L "$SOCKET" send-keys -t edit N
check "N again opens the form with the note in it" wait_for edit "> sore legs, 5 km_"
tmux -L "$SOCKET" send-keys -t edit C-u
check "an emptied note says Enter removes it" wait_for edit "enter: remove this day's note"
tmux -L "$SOCKET" send-keys -t edit Enter
check "Enter removes the note" wait_for edit "Removed the note of Thu 2024-06-13 in daily."
check "note list: no note left" test "$(notes)" = '[]'
daily_today=$("$BIN" status daily --json --store "$store" --now "$NOW" | python3 -c 'import json,sys; print(json.load(sys.stdin)["today_event_count"])')
tmux -L "$SOCKET" send-keys -t edit n
check "n opens the form" wait_for edit "new streak"
tmux -L "$SOCKET" send-keys -t edit -l "Bad"
tmux -L "$SOCKET" send-keys -t edit Enter
check "a bad key is refused inline" wait_for edit "lowercase letters, digits and _"
tmux -L "$SOCKET" send-keys -t edit BSpace BSpace BSpace
tmux -L "$SOCKET" send-keys -t edit -l "water"
tmux -L "$SOCKET" send-keys -t edit Tab Tab BSpace
tmux -L "$SOCKET" send-keys -t edit -l "8"
tmux -L "$SOCKET" send-keys -t edit Enter
check "Enter creates 'water' with a goal of 8" wait_for edit "0/8"
check "list --all: daily water" test "$(listed)" = "daily water"
check "config: goal 8" bash -c "'$BIN' config water --store '$store' | grep -q 'goal 8/day'"
check "the second streak is selected and the footer names it" wait_for edit "water: space log"
tmux -L "$SOCKET" send-keys -t edit Space
check "space logs the selected streak, the new one" wait_for edit "1/8"
check "status: water has the event, daily is as it was" test "$("$BIN" status --json --store "$store" --now "$NOW" | python3 -c 'import json,sys; print(" ".join("%s=%s" % (s["streak_id"], s["today_event_count"]) for s in json.load(sys.stdin)))')" = "daily=$daily_today water=1"
tmux -L "$SOCKET" send-keys -t edit Up
check "the list has the keys: up selects daily" wait_for edit "daily: space log"
tmux -L "$SOCKET" send-keys -t edit Down
tmux -L "$SOCKET" send-keys -t edit A
check "A asks first" wait_for edit "Archive 'water'?"
tmux -L "$SOCKET" send-keys -t edit y
check "y archives it" wait_for edit "Archived 'water'"
not_shown() { # not_shown SESSION REGEX: within 5 s the screen stops matching
    local deadline=$((SECONDS + 5))
    while screen "$1" | grep -qE -- "$2"; do
        [ "$SECONDS" -lt "$deadline" ] || return 1
        sleep 0.1
    done
}
check "it leaves the overview" not_shown edit '2 streaks|^ *▶? *water '
check "list --all: water archived" test "$(listed)" = "daily water(archived)"
check "list: daily only" bash -c "'$BIN' list --store '$store' --now '$NOW' | grep -v -q water"
# D deletes to the trash after asking with the name and length; restored from the command line, it is back at once.
"$BIN" create tea --store "$store" --now "$NOW" >/dev/null
check "the new streak arrives" wait_for edit "2 streaks"
tmux -L "$SOCKET" send-keys -t edit Tab D
check "D asks first, naming the streak and its length" wait_for edit "Delete tea (no current streak, 0 events)? The trash keeps it 30 days"
tmux -L "$SOCKET" send-keys -t edit y
check "y deletes it, saying how to bring it back" wait_for edit "Deleted 'tea' (0 events): in the trash until"
check "it leaves the overview" not_shown edit '2 streaks|^ *▶? *tea '
check "trash list: tea" bash -c "'$BIN' trash list --store '$store' --now '$NOW' | grep -q '^tea  0 events  deleted'"
"$BIN" trash restore tea --store "$store" --now "$NOW" >/dev/null
check "restored from the command line, it is back on the screen" wait_for edit "2 streaks"
tmux -L "$SOCKET" send-keys -t edit M-x
check "Alt+x does not quit" bash -c "sleep 0.3; test ! -s '$WORK/edit.code'"
tmux -L "$SOCKET" send-keys -t edit q
check "the edit walk-through quits cleanly" finished edit

# An unknown terminal: one clear line, exit 1.
tmux -L "$SOCKET" new-session -d -s unknown -x 100 -y 30 \
    "TERM=nonexistent-term '$BIN' --store '$WORK/main' 2> '$WORK/unknown.err'; echo EXITED \$? > '$WORK/unknown.code'; sleep 600"
sleep 1
check "TERM=nonexistent-term: exit 1" grep -q "EXITED 1" "$WORK/unknown.code"
check "TERM=nonexistent-term: one clear line" bash -c "test \$(wc -l < '$WORK/unknown.err') = 1 && grep -q \"^streaks: error: The terminal type 'nonexistent-term' is unknown\" '$WORK/unknown.err'"

# 20 s of random keys and resizes end without a crash.
store=$WORK/random; mkdir -p "$store"
launch random xterm-256color "$store"
first_run random
# Every key but the ones that quit (q, Escape, Ctrl-C).
keys=(Space Enter u y n e A D f F N Tab BTab Left Right Up Down h j k l t '?' x 1 BSpace PageUp Home End)
end=$((SECONDS + 20))
while [ "$SECONDS" -lt "$end" ]; do
    key=${keys[$((RANDOM % ${#keys[@]}))]}
    tmux -L "$SOCKET" send-keys -t random "$key"
    if [ $((RANDOM % 25)) = 0 ]; then tmux -L "$SOCKET" resize-window -t random -x $((40 + RANDOM % 120)) -y $((10 + RANDOM % 40)); fi
    sleep 0.02
done
check "random keys for 20 s: still running" test ! -s "$WORK/random.code"
tmux -L "$SOCKET" resize-window -t random -x 100 -y 30
# An overlay or the form may be open: Escape closes it (or quits), then q quits.
tmux -L "$SOCKET" send-keys -t random Escape
sleep 0.3
tmux -L "$SOCKET" send-keys -t random q 2>/dev/null || true
check "random keys for 20 s: quits cleanly" finished random

# Every TERM degrades without crashing; NO_COLOR and --ascii too.
for term in xterm-256color xterm screen linux vt100; do
    session=term-${term//[^a-z0-9]/}
    launch "$session" "$term" "$WORK/$session"
    check "TERM=$term draws" first_run "$session"
    tmux -L "$SOCKET" send-keys -t "$session" Space
    check "TERM=$term logs" wait_for "$session" "1 event"
    tmux -L "$SOCKET" send-keys -t "$session" q
    check "TERM=$term quits cleanly" finished "$session"
done
launch nocolor xterm-256color "$WORK/nocolor" NO_COLOR=1
check "NO_COLOR draws" first_run nocolor
tmux -L "$SOCKET" send-keys -t nocolor q
check "NO_COLOR quits cleanly" finished nocolor
mkdir -p "$WORK/ascii"
tmux -L "$SOCKET" new-session -d -s ascii -x 100 -y 30 \
    "stty -g > '$WORK/ascii.before'; TERM=xterm LANG=C LC_ALL=C '$BIN' dashboard --ascii --store '$WORK/ascii'; echo EXITED \$? > '$WORK/ascii.code'; stty -g > '$WORK/ascii.after'; sleep 600"
first_run ascii
check "--ascii under the C locale draws ASCII" wait_for ascii "arrows day"
tmux -L "$SOCKET" send-keys -t ascii q
check "--ascii quits cleanly" finished ascii

# Not on a terminal: the status instead of the screen.
check "piped output gets the status" bash -c "'$BIN' --store '$WORK/main' | grep -q 'daily:'"

# Toasts: a milestone reached by a key, and one reached by another process's log, each
# shown once without anything else pressed. 2024-03-07 is a Thursday; run (selected, first
# in the list) has 2 days, walk 6.
toasts=$WORK/toasts
"$BIN" create run --store "$toasts" --now 2024-03-01T11:00:00Z >/dev/null
"$BIN" create walk --store "$toasts" --now 2024-03-01T11:00:00Z >/dev/null
for day in 05 06; do "$BIN" log run --store "$toasts" --now "2024-03-${day}T12:00:00Z" >/dev/null; done
for day in 01 02 03 04 05 06; do "$BIN" log walk --store "$toasts" --now "2024-03-${day}T12:00:00Z" >/dev/null; done
ARGS="--now 2024-03-07T20:00:00Z" SIZE=100x30 launch toasts xterm-256color "$toasts"
check "toasts: the dashboard opens on run, with its next milestone" wait_for toasts "1 more day to 3"
check "toasts: opening shows no toast" bash -c "! tmux -L '$SOCKET' capture-pane -t toasts -p | grep -q 'days! Next'"
tmux -L "$SOCKET" send-keys -t toasts ' '
check "toasts: the third day logged by space toasts the milestone" wait_for toasts "run: 3 days! Next: 7." 5
"$BIN" log walk --store "$toasts" --now 2024-03-07T20:00:00Z >/dev/null
check "toasts: another process's log of walk's seventh day toasts too, no key pressed" wait_for toasts "walk: 7 days! Next: 14." 5
tmux -L "$SOCKET" send-keys -t toasts q
check "toasts: quits cleanly" finished toasts

# Amounts and limits (rule 10): Space on an amount streak asks how much, with the last
# amount as its default; a limit going over turns the line to "over" and toasts at once.
# 2024-06-14 is a Friday; distance is selected first (the list is alphabetical).
measured=$WORK/measured
"$BIN" create distance --at-least 5 --unit km --store "$measured" --now 2024-06-01T08:00:00Z >/dev/null
"$BIN" log distance 4 --store "$measured" --now 2024-06-13T12:00:00Z >/dev/null
"$BIN" create tea --at-most 2 --since 2024-06-10 --store "$measured" --now 2024-06-10T08:00:00Z >/dev/null
ARGS="--now 2024-06-14T19:30:00Z" SIZE=120x40 launch measured screen-256color "$measured"
check "amounts: the panel says what is left today" wait_for measured "0 of 5 km today, 5 to go"
tmux -L "$SOCKET" send-keys -t measured Space
check "amounts: space asks how much, the last amount suggested" wait_for measured "Log distance today: how much (km)?"
check "amounts: the suggestion is the last amount logged" wait_for measured "> 4 km"
tmux -L "$SOCKET" send-keys -t measured -l "5.2"
tmux -L "$SOCKET" send-keys -t measured Enter
check "amounts: typing replaces it and Enter logs 5.2 km" wait_for measured "Logged distance 5.2 km at"
check "amounts: the day is kept with 5.2 of 5 km" wait_for measured "5.2 of 5 km today"
check "amounts: the event carries its amount" bash -c "'$BIN' events distance --json --store '$measured' | grep -q '\"amount\":5.2'"
tmux -L "$SOCKET" send-keys -t measured j
check "limits: tea is within its limit, 4 days kept since Monday" wait_for measured "0 of 2 today (limit)"
tmux -L "$SOCKET" send-keys -t measured Space
tmux -L "$SOCKET" send-keys -t measured -l "3"
tmux -L "$SOCKET" send-keys -t measured Enter
check "limits: 3 cups turn the line to over the limit" wait_for measured "over the limit today (3 of 2)"
check "limits: the run's end is told at once" wait_for measured "tea went over the limit: the run of 4 days ended." 5
check "limits: status agrees" bash -c "'$BIN' status tea --json --store '$measured' --now 2024-06-14T19:31:00Z | grep -q '\"over_limit\":true'"
tmux -L "$SOCKET" send-keys -t measured q
check "amounts: quits cleanly" finished measured


# Points (issue 37): on, a kept day earns in the dashboard, a level reached toasts, and the
# header at 80x24 carries the level and the points; the store has them.
pointed=$WORK/pointed
"$BIN" create read --store "$pointed" --now 2024-06-10T08:00:00Z >/dev/null
"$BIN" points on --store "$pointed" --now 2024-06-10T08:00:00Z >/dev/null
"$BIN" points per-day 20 --store "$pointed" --now 2024-06-10T08:00:00Z >/dev/null
for day in 10 11 12 13; do "$BIN" log read --store "$pointed" --now 2024-06-${day}T12:00:00Z >/dev/null; done
xp() { "$BIN" points --json --store "$pointed" --now 2024-06-14T12:05:00Z | python3 -c 'import json,sys; print(json.load(sys.stdin)["points"]["all_time"])'; }
check "points: four kept days and the milestone of 3 earned 83" test "$(xp)" = 83
ARGS="--now 2024-06-14T12:00:00Z" SIZE=80x24 launch pointed screen-256color "$pointed"
check "points: the header at 80x24 shows the level and the points" bash -c "for i in \$(seq 50); do tmux -L '$SOCKET' capture-pane -t pointed -p | head -1 | grep -qE 'L(evel|v) 1 · 83 XP' && exit 0; sleep 0.1; done; exit 1"
tmux -L "$SOCKET" send-keys -t pointed Space
check "points: a kept day earns and level 2 toasts" wait_for pointed "Level 2! 103 XP; 197 to level 3."
check "points: the header follows" bash -c "tmux -L '$SOCKET' capture-pane -t pointed -p | head -1 | grep -qE 'L(evel|v) 2 · 103 XP'"
check "points: the store has the day's points" test "$(xp)" = 103
"$BIN" undo read --store "$pointed" --now 2024-06-14T12:01:00Z >/dev/null
check "points: another process's undo takes them back, live" bash -c "for i in \$(seq 50); do tmux -L '$SOCKET' capture-pane -t pointed -p | head -1 | grep -qE 'L(evel|v) 1 · 83 XP' && exit 0; sleep 0.1; done; exit 1"
tmux -L "$SOCKET" send-keys -t pointed q
check "points: quits cleanly" finished pointed

# A new person's first minutes (issue 35), at 80x24: the first-run form takes a key typed
# over its suggestion, `n` makes a second streak, Space logs the one selected, Up the other.
fresh=$WORK/fresh
ARGS="--now 2024-06-14T12:00:00Z" SIZE=80x24 launch fresh screen-256color "$fresh"
check "fresh: an empty store opens on the form suggesting 'daily'" wait_for fresh "[daily_]"
tmux -L "$SOCKET" send-keys -t fresh -l "med"
tmux -L "$SOCKET" send-keys -t fresh Enter
check "fresh: typing replaces the suggestion: 'med' is created" wait_for fresh "Created 'med'."
tmux -L "$SOCKET" send-keys -t fresh n
check "fresh: n opens the form, empty" wait_for fresh "[_]"
tmux -L "$SOCKET" send-keys -t fresh -l "read"
tmux -L "$SOCKET" send-keys -t fresh Enter
check "fresh: the second streak is selected, and the footer names it" wait_for fresh "read: space log"
tmux -L "$SOCKET" send-keys -t fresh Space
counts() { "$BIN" status --json --store "$fresh" --now 2024-06-14T12:05:00Z | python3 -c 'import json,sys; print(" ".join("%s=%s" % (s["streak_id"], s["today_event_count"]) for s in json.load(sys.stdin)))'; }
check "fresh: space logged the new streak, not the first" bash -c "for i in \$(seq 50); do [ \"\$($(declare -f counts); BIN='$BIN' fresh='$fresh' counts)\" = 'med=0 read=1' ] && exit 0; sleep 0.1; done; exit 1"
tmux -L "$SOCKET" send-keys -t fresh Up
check "fresh: up selects the first" wait_for fresh "med: space log"
tmux -L "$SOCKET" send-keys -t fresh Space
check "fresh: space logs it" bash -c "for i in \$(seq 50); do [ \"\$($(declare -f counts); BIN='$BIN' fresh='$fresh' counts)\" = 'med=1 read=1' ] && exit 0; sleep 0.1; done; exit 1"
# 80x24 cuts no field short: a weekly streak's status and the detail line stay whole.
"$BIN" create gym --per-week 3 --store "$fresh" --now 2024-06-13T12:00:00Z >/dev/null
"$BIN" log gym --store "$fresh" --now 2024-06-13T12:00:00Z >/dev/null
check "80x24: a weekly status is whole in the list" bash -c "for i in \$(seq 50); do tmux -L '$SOCKET' capture-pane -t fresh -p | grep -qE 'of 3 this week, ([0-9]+ days? left|last day)' && exit 0; sleep 0.1; done; exit 1"
check "80x24: the detail line ends with a whole fact" bash -c "tmux -L '$SOCKET' capture-pane -t fresh -p | grep -E 'longest [0-9]' | sed 's/ *\$//' | grep -qE '(events?|freezes?|[0-9]{4}-[0-9]{2}-[0-9]{2}|to [0-9]+|longest [0-9]+( weeks?)?)\$'"
tmux -L "$SOCKET" send-keys -t fresh q
check "fresh: quits cleanly" finished fresh

# A two-month history at 200x60 fills the screen: large days at the left, the months and
# statistics beside them, nothing like an empty half.
short=$WORK/short; mkdir -p "$short"
"$BIN" create run --store "$short" --now 2024-04-14T08:00:00Z >/dev/null
python3 -c '
import datetime
start = datetime.date(2024, 4, 15)
for i in range(60):
    if i % 7 != 3: print("{\"date_created\": \"%sT13:00:00Z\", \"timezone\": \"America/New_York\"}" % (start + datetime.timedelta(days=i)))
' > "$WORK/short.jsonl"
"$BIN" import run "$WORK/short.jsonl" --store "$short" --now 2024-06-14T12:00:00Z >/dev/null
ARGS="--now 2024-06-14T12:00:00Z" SIZE=200x60 launch short screen-256color "$short"
check "200x60, two months: the statistics sit beside the calendar" wait_for short "Statistics"
filled() { tmux -L "$SOCKET" capture-pane -t short -p | python3 -c '
import sys
lines = sys.stdin.read().split("\n")[:58]
calendar = [l for l in lines if "███" in l or "###" in l]  # large kept days are solid blocks
left = sum(1 for l in lines[8:50] if l[:100].strip())
right = sum(1 for l in lines[8:50] if l[100:].strip())
# Large days over many rows, and both halves of the width in use.
sys.exit(0 if len(calendar) >= 20 and left >= 20 and right >= 5 else 1)'; }
check "200x60, two months: large days over the height, both halves in use" filled
tmux -L "$SOCKET" send-keys -t short q
check "short: quits cleanly" finished short

# The chart view (g) on the same two months, as a person opens it: the day's bars and the
# strength, the cursor moved back a day with ←, Esc back to the calendar (not a quit), and an
# ASCII terminal that still reads.
ARGS="--now 2024-06-14T12:00:00Z" SIZE=120x40 launch charts screen-256color "$short"
wait_for charts "Statistics" >/dev/null || true
tmux -L "$SOCKET" send-keys -t charts g
check "charts: g opens each day's events" wait_for charts "Each day: events"
check "charts: and the strength over time" wait_for charts "Strength: "
tmux -L "$SOCKET" send-keys -t charts Left
check "charts: ← moves the cursor a day back, told in words" wait_for charts "Thu 2024-06-13: "
tmux -L "$SOCKET" send-keys -t charts Escape
check "charts: Esc goes back to the calendar" wait_for charts "Statistics"
tmux -L "$SOCKET" send-keys -t charts q
check "charts: quits cleanly" finished charts
ARGS="--now 2024-06-14T12:00:00Z --ascii" SIZE=80x24 launch charts-ascii vt100 "$short" NO_COLOR=1
wait_for charts-ascii "run" >/dev/null || true
tmux -L "$SOCKET" send-keys -t charts-ascii g
ascii_chart() { wait_for charts-ascii "Each day: events" && screen charts-ascii | grep -q '#' && screen charts-ascii | grep -qE '\^ *$'; }
check "charts: --ascii on vt100 draws # bars and a ^ under the cursor's day" ascii_chart
tmux -L "$SOCKET" send-keys -t charts-ascii q
check "charts-ascii: quits cleanly" finished charts-ascii

summary
