#!/usr/bin/env bash
# Installs `streaks`: a release binary with the Swift runtime linked in (it runs on a machine
# without Swift), its man page, completions for bash, zsh and fish, and the themes. Says what
# it put where; `--uninstall` removes exactly that; `--deb` builds a Debian package instead.
#
# Usage:
#   ./install.sh [--prefix DIR]              install (default ~/.local)
#   ./install.sh --uninstall [--prefix DIR]  remove what an install there put
#   ./install.sh --deb [--output DIR]        build streaks_VERSION_ARCH.deb (default: here)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")" && pwd)
SCRATCH="$ROOT/.build-install"
DEFAULT_PREFIX="$HOME/.local"
prefix=$DEFAULT_PREFIX
mode=install
output=$ROOT

TEMPORARY=""
trap 'if [ -n "$TEMPORARY" ]; then rm -rf "$TEMPORARY"; fi' EXIT

fail() { echo "install.sh: $*" >&2; exit 1; }
usage() { sed -n '2,10s/^# \{0,1\}//p' "$0"; }

while [ $# -gt 0 ]; do
    case $1 in
        --prefix) [ $# -ge 2 ] || fail "--prefix needs a folder"; prefix=$2; shift 2 ;;
        --prefix=*) prefix=${1#--prefix=}; shift ;;
        --uninstall) mode=uninstall; shift ;;
        --deb) mode=deb; shift ;;
        --output) [ $# -ge 2 ] || fail "--output needs a folder"; output=$2; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) fail "unknown argument '$1' (see --help)" ;;
    esac
done
[ -n "$prefix" ] || fail "--prefix needs a folder"
case $prefix in /*) ;; *) prefix="$(pwd)/$prefix" ;; esac
prefix=${prefix%/}
MANIFEST="$prefix/share/streaks/installed-files"

# Completions go where each shell looks for them: under the XDG data folder for a user's
# install to the default prefix, else under PREFIX/share (zsh's own folder for a package).
completion_places() { # completion_places DATA_DIR ZSH_DIR
    printf 'bash %s/bash-completion/completions/streaks\n' "$1"
    printf 'zsh %s/_streaks\n' "$2"
    printf 'fish %s/fish/vendor_completions.d/streaks.fish\n' "$1"
}

# MARK: Building

build() {
    command -v swift >/dev/null || fail "building needs Swift 6.1 or later (https://www.swift.org/install); on Debian or Ubuntu, a .deb built elsewhere with --deb installs without it"
    # The Swift runtime linked in brings FoundationNetworking (the HTTP client), which links libcurl.
    local library found=
    for library in /usr/lib/libcurl.so /usr/lib/*/libcurl.so /usr/lib64/libcurl.so; do [ -e "$library" ] && found=1; done
    [ -n "$found" ] || fail "building needs libcurl's development files (on Debian or Ubuntu: apt install libcurl4-openssl-dev; Fedora: dnf install libcurl-devel)"
    echo "Building streaks (release, Swift runtime linked in); the first build takes a few minutes..."
    swift build --package-path "$ROOT" --scratch-path "$SCRATCH" -c release --product streaks --static-swift-stdlib >&2 \
        || fail "the build failed (see above)"
    BINARY="$(swift build --package-path "$ROOT" --scratch-path "$SCRATCH" -c release --show-bin-path)/streaks"
    VERSION=$("$BINARY" --version) || fail "the built binary does not run"
}

# The man page, generated from the command definitions by swift-argument-parser's tool.
man_page() { # man_page OUT_FILE
    local tool_scratch="$SCRATCH/manual-tool" pages
    swift build --package-path "$SCRATCH/checkouts/swift-argument-parser" --scratch-path "$tool_scratch" \
        --product generate-manual >&2 || fail "could not build swift-argument-parser's generate-manual"
    pages=$(mktemp -d)
    "$(swift build --package-path "$SCRATCH/checkouts/swift-argument-parser" --scratch-path "$tool_scratch" --show-bin-path)/generate-manual" \
        "$BINARY" --output-directory "$pages" --section 1 --date "$(page_date)" >&2 || fail "could not generate the man page"
    # The footer names the version, as `streaks --version` and the package do; a blank
    # line of a help text is a paragraph break (mdoc has no blank lines).
    sed -e "s/^\.Os.*/.Os streaks $VERSION/" -e 's/^$/.Pp/' "$pages/streaks.1" >"$1"
    rm -rf "$pages"
}

page_date() { # the last commit's date (a page built twice is the same), else today
    git -C "$ROOT" log -1 --format=%cs 2>/dev/null || date +%F
}

# stage DIR PREFIX DATA_DIR ZSH_DIR: every file of an install, laid out as it will be.
stage() {
    local dir=$1 at=$2 data=$3 zsh=$4 shell place
    install -D -m 755 "$BINARY" "$dir$at/bin/streaks"
    strip "$dir$at/bin/streaks"
    mkdir -p "$dir$at/share/man/man1"
    man_page "$dir$at/share/man/man1/streaks.1"
    while read -r shell place; do
        mkdir -p "$dir$(dirname "$place")"
        "$BINARY" --generate-completion-script "$shell" >"$dir$place"
    done < <(completion_places "$data" "$zsh")
    mkdir -p "$dir$at/share/streaks/themes"
    install -m 644 "$ROOT"/Sources/StreakDashboard/themes/*.toml "$dir$at/share/streaks/themes/"
}

# MARK: Install and uninstall

on_path() { case ":$PATH:" in *":$1:"*) return 0 ;; esac; return 1; }

install_here() {
    build
    local data zsh file staging
    if [ "$prefix" = "$DEFAULT_PREFIX" ]; then data=${XDG_DATA_HOME:-$HOME/.local/share}; else data=$prefix/share; fi
    zsh=$data/zsh/site-functions
    TEMPORARY=$(mktemp -d)
    staging=$TEMPORARY/files
    stage "$staging" "$prefix" "$data" "$zsh"
    # What an earlier install put and this one does not is taken away; the folders it made
    # are remembered (a line ending in /), so --uninstall removes those and no others.
    local made=()
    if [ -f "$MANIFEST" ]; then
        while IFS= read -r file; do
            case $file in
                */) made+=("$file") ;;
                *) [ -e "$staging$file" ] || remove_file "$file" ;;
            esac
        done <"$MANIFEST"
    fi
    (cd "$staging" && find . -type f | sed 's/^\.//' | sort) >"$TEMPORARY/list"
    while IFS= read -r file; do
        local dir
        dir=$(dirname "$file")
        while [ ! -d "$dir" ]; do made+=("$dir/"); dir=$(dirname "$dir"); done
        mkdir -p "$(dirname "$file")" || fail "cannot create $(dirname "$file")"
        install -m "$(stat -c %a "$staging$file")" "$staging$file" "$file" || fail "cannot write $file"
    done <"$TEMPORARY/list"
    { cat "$TEMPORARY/list"; echo "$MANIFEST"; printf '%s\n' "${made[@]}" | sort -u | sed '/^$/d'; } >"$MANIFEST"

    echo "Installed $VERSION:"
    echo "  $prefix/bin/streaks"
    echo "  $prefix/share/man/man1/streaks.1 (man streaks)"
    while read -r shell file; do echo "  $file ($shell completion)"; done < <(completion_places "$data" "$zsh")
    echo "  $prefix/share/streaks/themes/ (copy one to ~/.config/streaks/themes/ to change it)"
    echo "  $MANIFEST (what --uninstall removes)"
    if on_path "$prefix/bin"; then
        echo "$prefix/bin is on your PATH: run 'streaks'."
    else
        echo "$prefix/bin is not on your PATH: add  export PATH=\"$prefix/bin:\$PATH\"  to your shell's profile."
    fi
    case $zsh in
        /usr/share/zsh/*|/usr/local/share/zsh/*) ;;
        *) echo "zsh: put  fpath=($zsh \$fpath)  before compinit in ~/.zshrc." ;;
    esac
}

remove_file() { # remove_file FILE
    [ -e "$1" ] || [ -L "$1" ] || return 0
    rm -f "$1" || fail "cannot remove $1"
    echo "  removed $1"
}

uninstall_here() {
    [ -f "$MANIFEST" ] || fail "nothing to uninstall: no $MANIFEST (was streaks installed with --prefix $prefix?)"
    local entries file
    entries=$(cat "$MANIFEST")
    echo "Uninstalling streaks from $prefix:"
    while IFS= read -r file; do
        case $file in */|"$MANIFEST") ;; *) remove_file "$file" ;; esac
    done <<<"$entries"
    remove_file "$MANIFEST"
    # The folders the install made, deepest first, when nothing else is in them.
    while IFS= read -r file; do
        rmdir "$file" 2>/dev/null || true
    done < <(grep '/$' <<<"$entries" | awk '{ print length, $0 }' | sort -rn | cut -d' ' -f2-)
}

# MARK: A Debian package

deb() {
    command -v dpkg-deb >/dev/null || fail "--deb needs dpkg-deb (apt install dpkg)"
    command -v dpkg-shlibdeps >/dev/null || fail "--deb needs dpkg-shlibdeps (apt install dpkg-dev)"
    build
    local work package arch number depends
    TEMPORARY=$(mktemp -d)
    work=$TEMPORARY
    package=$work/package
    stage "$package" /usr /usr/share /usr/share/zsh/vendor-completions
    gzip -9n "$package/usr/share/man/man1/streaks.1"
    mkdir -p "$package/usr/share/doc/streaks"
    printf 'streaks %s\nSource: %s\n' "$VERSION" "https://github.com/SwiftfulThinking/SwiftfulGamification" >"$package/usr/share/doc/streaks/copyright"
    arch=$(dpkg --print-architecture)
    number=${VERSION##* }
    # Depends: the shared libraries the binary really loads (dpkg-shlibdeps reads them from
    # the binary), and the time-zone database it reads every zone from.
    mkdir -p "$work/source/debian"
    printf 'Source: streaks\n\nPackage: streaks\nArchitecture: any\n' >"$work/source/debian/control"
    depends=$(cd "$work/source" && dpkg-shlibdeps -O "$package/usr/bin/streaks" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
    [ -n "$depends" ] || fail "dpkg-shlibdeps found no dependencies"
    mkdir -p "$package/DEBIAN"
    cat >"$package/DEBIAN/control" <<CONTROL
Package: streaks
Version: $number
Architecture: $arch
Maintainer: streaks <streaks@localhost>
Installed-Size: $(du -sk --exclude=DEBIAN "$package" | cut -f1)
Depends: $depends, tzdata
Section: utils
Priority: optional
Homepage: https://github.com/SwiftfulThinking/SwiftfulGamification
Description: streak tracker for the terminal
 A full-screen dashboard of your habits and streaks, with commands for scripts,
 reminders, and importers from harsh, dijo, Loop and Beaver.
CONTROL
    mkdir -p "$output"
    local file="$output/streaks_${number}_${arch}.deb"
    dpkg-deb --root-owner-group -Zxz --build "$package" "$file" >/dev/null || fail "dpkg-deb could not build $file"
    echo "Built $file ($VERSION; Depends: $depends, tzdata)"
}

case $mode in
    install) install_here ;;
    uninstall) uninstall_here ;;
    deb) deb ;;
esac
