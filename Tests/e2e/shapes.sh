#!/usr/bin/env bash
# End-to-end: rule 12's shapes as a person makes them: every N days, X in Y days, N a month,
# amounts a month and a monthly limit; logs, a holiday, a freeze; `status --json` checked
# against the worked examples of STREAK_RULES.md; bad input refused with nothing written;
# the dashboard in tmux at 80x24 and 120x40 saying the window and the month.
# Usage: Tests/e2e/shapes.sh [path/to/streaks]
set -euo pipefail

BIN=${1:-.build/debug/streaks}
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
WORK=$(mktemp -d)
SOCKET=streaks-shapes-$$
trap 'tmux -L "$SOCKET" kill-server 2>/dev/null || true; rm -rf "$WORK"' EXIT
export TZ=America/New_York
export XDG_CONFIG_HOME=$WORK/config XDG_STATE_HOME=$WORK/state
source "$(dirname "$0")/common.sh"

store=$WORK/store; mkdir -p "$store"
at() { "$BIN" "$@" --store "$store"; }
field() { # field KEY FIELD NOW
    at status "$1" --json --now "$3" | python3 -c "import json,sys; v=json.load(sys.stdin)['$2']; print('null' if v is None else v)"
}
unchanged() { # unchanged COMMAND...: exits 2, one line on stderr, the store's files as they were
    local before after code=0
    before=$(cd "$store" && find . -type f -exec md5sum {} + | sort)
    "$@" >"$WORK/out" 2>"$WORK/err" || code=$?
    after=$(cd "$store" && find . -type f -exec md5sum {} + | sort)
    [ "$code" = 2 ] && [ "$before" = "$after" ] && [ "$(wc -l <"$WORK/err")" = 1 ] || { echo "  (exit $code)"; sed 's/^/  | /' "$WORK/err"; return 1; }
}

# Each shape, created as the README says.
at create plants --every 3 --now 2024-01-01T08:00 >/dev/null
at create journal --times 5 --in 7 --now 2024-01-01T08:00 >/dev/null
at create mum --per-month 3 --now 2024-01-01T08:00 >/dev/null
at create run --at-least 100 --unit km --per month --now 2024-01-01T08:00 >/dev/null
at create takeaway --at-most 4 --per month --now 2024-01-01T08:00 >/dev/null
check "every 3 days is its schedule" test "$(field plants schedule 2024-01-01T09:00)" = "every 3 days"
check "5 in 7 days is its schedule" test "$(field journal schedule 2024-01-01T09:00)" = "5 in 7 days"
check "3 a month counts months" test "$(field mum streak_unit 2024-01-01T09:00)" = month

# Rule 12's worked examples, logged at local noon.
for day in 01 04 07; do at log plants --now 2024-01-${day}T12:00 >/dev/null; done
check "every 3 days: 3, active" test "$(field plants current_streak 2024-01-08T12:00)/$(field plants status 2024-01-08T12:00)" = 3/active
check "every 3 days: water by 01-10 24:00" test "$(field plants date_streak_deadline 2024-01-08T12:00)" = 2024-01-11T05:00:00Z
for day in 01 02 03 04 05; do at log journal --now 2024-01-${day}T12:00 >/dev/null; done
check "5 in 7 days: 5, at risk on Monday" test "$(field journal current_streak 2024-01-08T12:00)/$(field journal status 2024-01-08T12:00)" = 5/at_risk
check "5 in 7 days: 4 of 5 in the window ending today" test "$(field journal window_kept_days 2024-01-08T12:00)/$(field journal window_target 2024-01-08T12:00)" = 4/5
check "5 in 7 days: broken on Tuesday, longest 5" \
    test "$(field journal current_streak 2024-01-09T12:00)/$(field journal longest_streak 2024-01-09T12:00)" = 0/5
for day in 01-03 01-10 01-30 02-01; do at log mum --now 2024-${day}T12:00 >/dev/null; done
check "3 a month: January kept, February 1 of 3" test "$(field mum current_streak 2024-02-20T12:00)/$(field mum status 2024-02-20T12:00)" = 1/active
check "3 a month: the deadline leaves 2 days of February" test "$(field mum date_streak_deadline 2024-02-20T12:00)" = 2024-02-29T05:00:00Z
check "3 a month: February with 1 of 3 breaks it" test "$(field mum current_streak 2024-03-01T12:00)" = 0

# A holiday stops a window's clock; a freeze covers a day a window needs.
at skip add plants 2024-01-09 --to 2024-01-13 --now 2024-01-08T13:00 >/dev/null
check "a holiday moves the deadline past it" test "$(field plants date_streak_deadline 2024-01-08T13:00)" = 2024-01-16T05:00:00Z
at config plants --freezes auto --now 2024-01-08T13:00 >/dev/null
at freeze add plants --now 2024-01-08T13:00 >/dev/null
check "a window short by one spends a freeze and the run goes on" test "$(field plants current_streak 2024-01-17T12:00)" = 3
check "the freeze is spent" test "$(field plants freezes_available_count 2024-01-17T12:00)" = 0

# Amounts a month and a monthly limit.
at log run 60 --now 2024-01-05T07:00 >/dev/null
at log run 45 --now 2024-01-20T07:00 >/dev/null
check "100 km a month: January kept" test "$(field run current_streak 2024-02-01T12:00)" = 1
for n in 1 2 3 4 5; do at log takeaway --now 2024-01-0${n}T19:00 >/dev/null; done
check "at most 4 a month: the fifth breaks January at once" test "$(field takeaway status 2024-01-06T12:00)" = broken

# Bad input: one line, exit 2, nothing written.
check "--every 1 is daily" unchanged at create water --every 1
check "--times 7 --in 7 is every day" unchanged at create water --times 7 --in 7
check "--times 8 --in 7" unchanged at create water --times 8 --in 7
check "--per-month 32" unchanged at create water --per-month 32
check "--in 366" unchanged at create water --times 2 --in 366
check "a rolling window with a limit" unchanged at create water --every 3 --at-most 2
check "a rolling window with an amount a week" unchanged at create water --every 3 --at-least 5 --per week
check "a rolling streak does not turn weekly from today" unchanged at config plants --per-week 2
grep -q -- '--from start' "$WORK/err" && check "the refusal names --from start" true || check "the refusal names --from start" false

# The dashboard says the window and the month, at 80x24 and 120x40.
for size in 80x24 120x40; do
    tmux -L "$SOCKET" new-session -d -s "s$size" -x "${size%x*}" -y "${size#*x}" \
        "TERM=screen-256color '$BIN' --store '$store' --now 2024-03-10T12:00; sleep 600"
    check "$size: the monthly streak counts months, 0 of 3 in March" wait_for "s$size" "0 mos    0/3"
    check "$size: the rolling streak, broken since the holiday's end" wait_for "s$size" "plants       0 days"
    tmux -L "$SOCKET" send-keys -t "s$size" q
done
summary
