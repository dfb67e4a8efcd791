#!/usr/bin/env bash
# End-to-end checks of `streaks remind` with stand-ins on PATH: a `notify-send` that records
# its arguments (and a session bus address), a `systemctl` that records its calls. Three
# streaks (at risk, kept, resting) give one notification; the same day again none; the next
# day one again; several at risk one summary; without a session bus the terminal sequence
# reaches the pane (tmux, read raw with pipe-pane); --command gets the variables; --install
# writes units systemd-analyze accepts, --uninstall removes them.
# Usage: Tests/e2e/remind.sh [path/to/streaks]
set -euo pipefail

BIN=${1:-.build/debug/streaks}
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
REAL_BIN=$(readlink -f "$BIN")  # what a timer runs: the binary itself, links resolved
WORK=$(mktemp -d)
SOCKET=streaks-e2e-remind-$$
trap 'tmux -L "$SOCKET" kill-server 2>/dev/null || true; rm -rf "$WORK"' EXIT
source "$(dirname "$0")/common.sh"

mkdir -p "$WORK/bin"
cat >"$WORK/bin/notify-send" <<'STANDIN'
#!/bin/sh
printf '%s\n' "$*" >>"$NOTIFY_LOG"
STANDIN
cat >"$WORK/bin/systemctl" <<'STANDIN'
#!/bin/sh
printf '%s\n' "$*" >>"$SYSTEMCTL_LOG"
STANDIN
chmod +x "$WORK/bin/notify-send" "$WORK/bin/systemctl"
export TZ=America/New_York PATH="$WORK/bin:$PATH" STREAKS_HOME="$WORK/store" XDG_STATE_HOME="$WORK/state" XDG_CONFIG_HOME="$WORK/config"
export NOTIFY_LOG="$WORK/notify.log" SYSTEMCTL_LOG="$WORK/systemctl.log" DBUS_SESSION_BUS_ADDRESS="unix:path=$WORK/bus"
unset STREAKS_DATABASE STREAKS_USER TMUX
touch "$NOTIFY_LOG"
notifications() { wc -l <"$NOTIFY_LOG" | tr -d ' '; }

# 2026-11-16 is a Monday. read and gym every day, work Monday to Friday.
"$BIN" create read --now 2026-11-16T12:00:00Z >/dev/null
"$BIN" create gym --now 2026-11-16T12:00:00Z >/dev/null
"$BIN" create work --days mon-fri --now 2026-11-16T12:00:00Z >/dev/null
for day in 16 17 18 19 20; do for key in read gym work; do "$BIN" log "$key" --now "2026-11-${day}T15:00:00Z" >/dev/null; done; done
"$BIN" log gym --now 2026-11-21T15:00:00Z >/dev/null

# Saturday 21:00: read at risk, gym kept, work resting.
"$BIN" remind --now 2026-11-22T02:00:00Z
check "one at risk, one kept, one resting: one notification" test "$(notifications)" = 1
check "it names the streak at risk, its time left, app streaks ($(tail -1 "$NOTIFY_LOG"))" \
    grep -q -- "--app-name=streaks --urgency=normal read needs you today 3h 0m left to keep your 5-day run" "$NOTIFY_LOG"
"$BIN" remind --now 2026-11-22T02:30:00Z
check "a second run the same day: none" test "$(notifications)" = 1
"$BIN" log read --now 2026-11-21T20:00:00Z >/dev/null
"$BIN" log read --now 2026-11-22T15:00:00Z >/dev/null
"$BIN" remind --now 2026-11-23T04:30:00Z
check "the next day, gym at risk with 30 minutes left: again, critical" \
    bash -c "test $(notifications) = 2 && tail -1 '$NOTIFY_LOG' | grep -q -- '--urgency=critical gym needs you today'"
# Monday 23:00: all three at risk: one summary.
"$BIN" log gym --now 2026-11-22T15:00:00Z >/dev/null
"$BIN" log work --now 2026-11-23T01:00:00Z >/dev/null
"$BIN" remind --now 2026-11-24T04:00:00Z
check "several at risk: one summary ($(tail -1 "$NOTIFY_LOG"))" \
    bash -c "test $(notifications) = 3 && tail -1 '$NOTIFY_LOG' | grep -q '3 streaks need you today gym (1h 0m), read (1h 0m), work (1h 0m).'"

# Without notify-send, gdbus calls the notification server itself.
mv "$WORK/bin/notify-send" "$WORK/notify-send.away"
cat >"$WORK/bin/gdbus" <<'STANDIN'
#!/bin/sh
printf '%s\n' "$*" >>"$NOTIFY_LOG.gdbus"
STANDIN
chmod +x "$WORK/bin/gdbus"
"$BIN" log --user bert --now 2026-11-23T15:00:00Z >/dev/null
PATH="$WORK/bin:/usr/bin:/bin" "$BIN" remind --user bert --now 2026-11-25T04:00:00Z
check "without notify-send: gdbus calls org.freedesktop.Notifications.Notify, urgency critical ($(cat "$NOTIFY_LOG.gdbus" 2>/dev/null))" \
    grep -q "call --session --dest org.freedesktop.Notifications --object-path /org/freedesktop/Notifications --method org.freedesktop.Notifications.Notify streaks 0  daily needs you today .* \[\] {'urgency': <byte 2>} -1" "$NOTIFY_LOG.gdbus"
rm "$WORK/bin/gdbus"
mv "$WORK/notify-send.away" "$WORK/bin/notify-send"

# --command gets the variables.
"$BIN" remind --now 2026-11-25T04:00:00Z --all-day --user carol >/dev/null 2>&1 || true
"$BIN" log --user carol --now 2026-11-23T15:00:00Z >/dev/null
"$BIN" remind --now 2026-11-25T04:00:00Z --user carol --command "env | grep '^STREAKS_[A-Z]*=' | grep -v STREAKS_HOME | sort >'$WORK/command.env'"
check "--command gets the streak in STREAKS_* variables" \
    bash -c "grep -qx 'STREAKS_KEY=daily' '$WORK/command.env' && grep -qx 'STREAKS_COUNT=1' '$WORK/command.env' && grep -qx 'STREAKS_URGENCY=critical' '$WORK/command.env' && grep -q '^STREAKS_DEADLINE=2026-11-25T00:00:00-05:00' '$WORK/command.env'"

# No session bus: the terminal gets the notification (raw pane output, wrapped for tmux).
"$BIN" log --user dora --now 2026-11-23T15:00:00Z >/dev/null
tmux -L "$SOCKET" new-session -d -s remind -x 100 -y 20 "env -u DBUS_SESSION_BUS_ADDRESS TERM=screen-256color bash --norc --noprofile"
tmux -L "$SOCKET" pipe-pane -t remind -o "cat >>'$WORK/pane.raw'"
tmux -L "$SOCKET" send-keys -t remind "'$BIN' remind --user dora --now 2026-11-25T04:00:00Z; echo remind-exit=\$?" Enter
check "no session bus: the run ends with exit 0 in the pane" wait_for remind "remind-exit=0" 10
check "the terminal notification reaches the pane, wrapped for tmux (OSC 9)" \
    python3 -c "import sys; raw = open('$WORK/pane.raw', 'rb').read(); sys.exit(0 if b'\x1bPtmux;\x1b\x1b]9;daily needs you today' in raw and b'\x07' in raw else 1)"
check "no notify-send call without a session bus" test "$(notifications)" = 3
code=0
setsid env -u DBUS_SESSION_BUS_ADDRESS "$BIN" remind --user dora --now 2026-11-26T04:00:00Z --all-day </dev/null >/dev/null 2>"$WORK/nowhere.err" || code=$?
"$BIN" log --user erin --now 2026-11-24T15:00:00Z >/dev/null
code=0
setsid env -u DBUS_SESSION_BUS_ADDRESS "$BIN" remind --user erin --now 2026-11-26T04:00:00Z </dev/null >/dev/null 2>"$WORK/nowhere.err" || code=$?
check "no bus and no terminal: exit 1, one line ($(cat "$WORK/nowhere.err"))" test "$code" = 1 -a "$(wc -l <"$WORK/nowhere.err")" = 1

# --install from a build folder is refused (the next build may replace the binary); it
# works from an installed copy.
mkdir -p "$WORK/checkout/.build/debug" "$WORK/prefix/bin"
cp "$REAL_BIN" "$WORK/checkout/.build/debug/streaks"
code=0
"$WORK/checkout/.build/debug/streaks" remind --install >/dev/null 2>"$WORK/build-folder.err" || code=$?
check "--install from a build folder: exit 1, names it, says to install first ($(cat "$WORK/build-folder.err"))" \
    bash -c "[ $code = 1 ] && grep -q 'runs from a build folder ($WORK/checkout/.build/debug/streaks)' '$WORK/build-folder.err' && grep -q install.sh '$WORK/build-folder.err'"
check "--install from a build folder writes no unit" bash -c "! ls '$XDG_CONFIG_HOME/systemd/user'/streaks-remind.* 2>/dev/null"
cp "$REAL_BIN" "$WORK/prefix/bin/streaks"
BIN=$WORK/prefix/bin/streaks REAL_BIN=$WORK/prefix/bin/streaks

# --install with systemctl: units systemd accepts; --uninstall removes them.
"$BIN" remind --install --every 30m --from 08:00 --to 22:30 >"$WORK/install.out"
units="$XDG_CONFIG_HOME/systemd/user"
check "--install says what it did ($(head -1 "$WORK/install.out"))" grep -q "Installed streaks-remind.timer (every 30 minutes, 08:00-22:30)" "$WORK/install.out"
check "--install enables the timer" grep -qx -- "--user enable --now streaks-remind.timer" "$SYSTEMCTL_LOG"
check "the timer is persistent, every 30 minutes" bash -c "grep -qx 'Persistent=true' '$units/streaks-remind.timer' && grep -qx 'OnCalendar=\*-\*-\* \*:00/30:00' '$units/streaks-remind.timer'"
check "the service runs the installed streaks with the window" grep -q "ExecStart=\"$REAL_BIN\" \"remind\" \"--from\" \"08:00\" \"--to\" \"22:30\"" "$units/streaks-remind.service"
if command -v systemd-analyze >/dev/null; then
    check "systemd-analyze verify accepts the units" systemd-analyze verify "$units/streaks-remind.service" "$units/streaks-remind.timer"
fi
"$BIN" remind --uninstall >"$WORK/uninstall.out"
check "--uninstall removes them and says so" bash -c "! ls '$units'/streaks-remind.* 2>/dev/null && grep -q 'Removed streaks-remind.timer and streaks-remind.service' '$WORK/uninstall.out'"
rm "$WORK/bin/systemctl"
PATH="$WORK/bin:/nonexistent" "$BIN" remind --install --every 15m >"$WORK/cron.out"
check "without systemctl: the crontab line ($(tail -1 "$WORK/cron.out"))" grep -qxF "*/15 * * * * '$REAL_BIN' 'remind'" "$WORK/cron.out"

summary
