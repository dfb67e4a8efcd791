#!/usr/bin/env bash
# End-to-end checks of ./install.sh: an install to a temporary prefix (the binary runs
# without the Swift runtime, `man -l` reads its page, each shell completes a streak key from
# the installed completion, in tmux as typed), the default prefix with XDG_DATA_HOME, an
# uninstall that leaves nothing, refusals; then the Debian package, installed with apt into a
# clean Debian 12 root without Swift (debootstrap), where `streaks status` and the dashboard
# run.
# Usage: Tests/e2e/install.sh
#   DEBIAN_ROOT_CACHE=DIR: a pristine debootstrapped bookworm to copy instead of downloading.
set -uo pipefail

REPO=$(cd "$(dirname "$0")/../.." && pwd)
WORK=$(mktemp -d)
SOCKET=streaks-e2e-install-$$
ROOTFS=$WORK/debian
unmount_root() {
    for point in dev/pts dev proc; do mountpoint -q "$ROOTFS/$point" 2>/dev/null && umount -l "$ROOTFS/$point"; done
    return 0
}
trap 'tmux -L "$SOCKET" kill-server 2>/dev/null; unmount_root; rm -rf "$WORK"' EXIT
source "$(dirname "$0")/common.sh"

export HOME=$WORK/home TZ=America/New_York STREAKS_HOME=$WORK/store
unset XDG_DATA_HOME XDG_CONFIG_HOME STREAKS_DATABASE STREAKS_USER TMUX
mkdir -p "$HOME"
PREFIX=$WORK/prefix

# MARK: Install to a prefix

"$REPO/install.sh" --prefix "$PREFIX" >"$WORK/install.out" 2>"$WORK/install.err"
code=$?
check "install.sh --prefix: exit 0 ($(tail -3 "$WORK/install.err" | tr '\n' ' '))" test "$code" = 0
BIN=$PREFIX/bin/streaks
VERSION=$("$BIN" --version 2>&1)
check "streaks --version runs from the prefix ($VERSION)" grep -Eq '^[0-9]+\.[0-9]+\.[0-9]+' <<<"$VERSION"
check "it says what it put where" bash -c "grep -qF 'Installed $VERSION:' '$WORK/install.out' && grep -qF '$BIN' '$WORK/install.out' && grep -qF '$PREFIX/share/man/man1/streaks.1' '$WORK/install.out'"
check "it says the prefix's bin is not on the PATH, and how to add it" grep -qF "$PREFIX/bin is not on your PATH" "$WORK/install.out"
check "the binary needs no Swift runtime library" bash -c "! ldd '$BIN' | grep -Eq 'libswift|libFoundation|libdispatch|/opt/swift|/usr/lib/swift'"
PAGE=$PREFIX/share/man/man1/streaks.1
MANWIDTH=80 MANPAGER=cat man -l "$PAGE" >"$WORK/man.txt" 2>"$WORK/man.err"
check "man -l reads the page without a warning ($(head -c 200 "$WORK/man.err"))" bash -c "[ -s '$WORK/man.txt' ] && [ ! -s '$WORK/man.err' ]"
check "the page describes the commands (log, status, dashboard, remind)" bash -c "for command in log status dashboard remind; do grep -Eq \"^ +\$command( |\\\$)\" '$WORK/man.txt' || exit 1; done"
check "the page's footer has the version --version prints" grep -q "streaks $VERSION" "$WORK/man.txt"
check "the themes are there" bash -c "ls '$PREFIX/share/streaks/themes' | grep -qx default.toml && [ \$(ls '$PREFIX/share/streaks/themes' | wc -l) -ge 4 ]"
for place in share/bash-completion/completions/streaks share/zsh/site-functions/_streaks share/fish/vendor_completions.d/streaks.fish; do
    check "completion in PREFIX/$place" test -s "$PREFIX/$place"
done

# MARK: Each shell completes a streak key from the installed completion

"$BIN" create meditate --now 2026-11-20T12:00:00Z >/dev/null
"$BIN" create reading --now 2026-11-20T12:00:00Z >/dev/null
shell_session() { # shell_session NAME COMMAND: a shell in tmux with the prefix on PATH
    tmux -L "$SOCKET" new-session -d -s "$1" -x 120 -y 20 \
        "env PATH='$PREFIX/bin:$PATH' HOME='$HOME' STREAKS_HOME='$STREAKS_HOME' TERM=screen-256color $2"
}
completes() { # completes SESSION: typing `streaks log med` and Tab gives `meditate`
    tmux -L "$SOCKET" send-keys -t "$1" 'streaks log med' Tab
    wait_for "$1" "streaks log meditate" 10
}
tmux -L "$SOCKET" start-server
shell_session bash "bash --norc --noprofile"
tmux -L "$SOCKET" send-keys -t bash "source '$PREFIX/share/bash-completion/completions/streaks'" Enter
check "bash: Tab completes a streak key" completes bash
shell_session zsh "zsh -f"
tmux -L "$SOCKET" send-keys -t zsh "fpath=('$PREFIX/share/zsh/site-functions' \$fpath); autoload -Uz compinit; compinit -u" Enter
check "zsh: Tab completes a streak key" completes zsh
shell_session fish "fish --no-config"
tmux -L "$SOCKET" send-keys -t fish "source '$PREFIX/share/fish/vendor_completions.d/streaks.fish'" Enter
check "fish: Tab completes a streak key" completes fish

# MARK: Uninstall, the default prefix, refusals

code=0
"$REPO/install.sh" --uninstall --prefix "$PREFIX" >"$WORK/uninstall.out" 2>&1 || code=$?
check "--uninstall: exit 0, says what it removed" bash -c "[ $code = 0 ] && grep -qF 'removed $BIN' '$WORK/uninstall.out'"
check "--uninstall leaves nothing in the prefix ($(find "$PREFIX" 2>/dev/null | head -3 | tr '\n' ' '))" bash -c "[ ! -e '$PREFIX' ] || [ -z \"\$(find '$PREFIX' -mindepth 1)\" ]"
code=0
"$REPO/install.sh" --uninstall --prefix "$PREFIX" >/dev/null 2>"$WORK/again.err" || code=$?
check "--uninstall again: exit 1, nothing to uninstall ($(cat "$WORK/again.err"))" bash -c "[ $code = 1 ] && grep -q 'nothing to uninstall' '$WORK/again.err'"
code=0
"$REPO/install.sh" --frobnicate >/dev/null 2>"$WORK/bad.err" || code=$?
check "an unknown argument: exit 1, named ($(cat "$WORK/bad.err"))" bash -c "[ $code = 1 ] && grep -q frobnicate '$WORK/bad.err'"
if ! env PATH=/usr/bin:/bin sh -c 'command -v swift' >/dev/null; then
    code=0
    env PATH=/usr/bin:/bin "$REPO/install.sh" --prefix "$WORK/no-swift" >/dev/null 2>"$WORK/no-swift.err" || code=$?
    check "without Swift: exit 1, says what building needs ($(cat "$WORK/no-swift.err"))" \
        bash -c "[ $code = 1 ] && grep -q 'needs Swift' '$WORK/no-swift.err' && [ ! -e '$WORK/no-swift' ]"
fi

# The default prefix (~/.local) with XDG_DATA_HOME set: the completions go there.
export XDG_DATA_HOME=$WORK/xdg-data
PATH="$HOME/.local/bin:$PATH" "$REPO/install.sh" >"$WORK/default.out" 2>&1
check "install.sh with no prefix: ~/.local/bin/streaks" test -x "$HOME/.local/bin/streaks"
check "... and says it is on the PATH" grep -qF "$HOME/.local/bin is on your PATH" "$WORK/default.out"
check "... completions under XDG_DATA_HOME" bash -c "[ -s '$XDG_DATA_HOME/bash-completion/completions/streaks' ] && [ -s '$XDG_DATA_HOME/fish/vendor_completions.d/streaks.fish' ] && [ -s '$XDG_DATA_HOME/zsh/site-functions/_streaks' ]"
echo "a file of the user's" >"$HOME/.local/share/keep-me"
"$REPO/install.sh" --uninstall >/dev/null 2>&1
check "--uninstall of the default prefix removes exactly what it put there" bash -c "
    [ -z \"\$(find '$XDG_DATA_HOME' -type f 2>/dev/null)\" ] && [ ! -e '$HOME/.local/bin/streaks' ] && [ ! -e '$HOME/.local/share/streaks' ] && [ -f '$HOME/.local/share/keep-me' ]"
unset XDG_DATA_HOME

# MARK: The Debian package, on a clean Debian 12 without Swift

code=0
"$REPO/install.sh" --deb --output "$WORK/deb" >"$WORK/deb.out" 2>"$WORK/deb.err" || code=$?
check "install.sh --deb: exit 0, says what it built ($(tail -1 "$WORK/deb.out"))" bash -c "[ $code = 0 ] && grep -q '^Built .*streaks_.*\.deb' '$WORK/deb.out'"
DEB=$(ls "$WORK"/deb/streaks_*.deb 2>/dev/null | head -1)
check "the package is streaks_${VERSION}_ARCH.deb ($(basename "${DEB:-none}"))" test "$(basename "${DEB:-none}")" = "streaks_${VERSION}_$(dpkg --print-architecture).deb"
[ -n "$DEB" ] || { summary; exit 1; }
depends=$(dpkg-deb -f "$DEB" Depends)
check "Depends: libc, ncurses, the time zones, nothing of Swift ($depends)" bash -c "
    grep -q libc6 <<<'$depends' && grep -q libncursesw6 <<<'$depends' && grep -q tzdata <<<'$depends' && ! grep -qi swift <<<'$depends'"
check "the package's version is --version's" test "$(dpkg-deb -f "$DEB" Version)" = "$VERSION"
dpkg-deb -c "$DEB" >"$WORK/contents"
for place in ./usr/bin/streaks ./usr/share/man/man1/streaks.1.gz ./usr/share/bash-completion/completions/streaks \
    ./usr/share/zsh/vendor-completions/_streaks ./usr/share/fish/vendor_completions.d/streaks.fish ./usr/share/streaks/themes/default.toml; do
    check "the package holds $place" grep -q " $place\$" "$WORK/contents"
done

if [ -n "${DEBIAN_ROOT_CACHE:-}" ] && [ -d "$DEBIAN_ROOT_CACHE" ]; then
    cp -a "$DEBIAN_ROOT_CACHE" "$ROOTFS"
else
    code=0
    debootstrap --variant=minbase bookworm "$ROOTFS" http://deb.debian.org/debian >"$WORK/debootstrap.log" 2>&1 || code=$?
    check "debootstrap: a clean Debian 12 ($(tail -1 "$WORK/debootstrap.log"))" test "$code" = 0
fi
check "the clean root has no Swift" bash -c "[ ! -e '$ROOTFS/usr/bin/swift' ] && [ -z \"\$(find '$ROOTFS/usr/lib' -name 'libswiftCore*' 2>/dev/null)\" ] && [ ! -e '$ROOTFS/opt/swift' ]"
mount -t proc proc "$ROOTFS/proc" && mount --bind /dev "$ROOTFS/dev" && mount --bind /dev/pts "$ROOTFS/dev/pts"
cp /etc/resolv.conf "$ROOTFS/etc/resolv.conf"
cp "$DEB" "$ROOTFS/tmp/streaks.deb"
in_root() { chroot "$ROOTFS" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root TZ=Europe/Paris LANG=C.UTF-8 "$@"; }
in_root apt-get update -qq >"$WORK/apt.log" 2>&1
code=0
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq /tmp/streaks.deb >>"$WORK/apt.log" 2>&1 || code=$?
check "apt installs the .deb with its dependencies ($(tail -2 "$WORK/apt.log" | tr '\n' ' '))" test "$code" = 0
check "streaks --version there: $VERSION" test "$(in_root streaks --version 2>&1)" = "$VERSION"
in_root streaks create gym --now 2026-11-27T09:00:00Z >/dev/null 2>"$WORK/root.err"
in_root streaks log gym --now 2026-11-27T10:00:00Z >/dev/null 2>>"$WORK/root.err"
in_root streaks log gym --now 2026-11-28T10:00:00Z >/dev/null 2>>"$WORK/root.err"
status=$(in_root streaks status --now 2026-11-28T12:00:00Z 2>&1)
check "streaks status there ($status)" grep -q "gym: 2 days" <<<"$status"
check "man streaks there" bash -c "chroot '$ROOTFS' env -i PATH=/usr/bin:/bin MANPAGER=cat man streaks 2>/dev/null | grep -q 'streaks log' || zcat '$ROOTFS/usr/share/man/man1/streaks.1.gz' | grep -q '^\\.Os streaks $VERSION'"
tmux -L "$SOCKET" new-session -d -s root -x 120 -y 40 \
    "chroot '$ROOTFS' env -i PATH=/usr/bin:/bin HOME=/root TZ=Europe/Paris LANG=C.UTF-8 TERM=screen-256color streaks --now 2026-11-28T12:00:00Z"
check "the dashboard there shows the streak" wait_for root "gym" 15
check "... and its two days" wait_for root "2 days" 5
tmux -L "$SOCKET" send-keys -t root q
sleep 1
check "q leaves the dashboard there" bash -c "! tmux -L '$SOCKET' has-session -t root 2>/dev/null"
in_root apt-get remove -y -qq streaks >/dev/null 2>&1
check "apt removes it without a trace" bash -c "[ ! -e '$ROOTFS/usr/bin/streaks' ] && [ ! -e '$ROOTFS/usr/share/streaks' ]"

summary
