#!/usr/bin/env bash
# Regenerates the README's screenshots from fixtures with a pinned clock:
# the dashboard's own renderer writes SVG, rsvg-convert (Debian librsvg2-bin) makes PNG.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v rsvg-convert >/dev/null || { apt-get update -qq && apt-get install -y -qq librsvg2-bin >/dev/null; }
rm -f screenshots/*.png
swift run -q screenshots screenshots
for svg in screenshots/*.svg; do
    rsvg-convert "$svg" -o "${svg%.svg}.png"
    rm "$svg"
done
ls -l screenshots/*.png
