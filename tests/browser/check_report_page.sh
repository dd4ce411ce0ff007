#!/usr/bin/env bash
# Opens a report page (index.html) in headless Chromium and fails on a page that does not
# render, a chart that does not load or a link that leads nowhere. With a second argument,
# also saves a screenshot of the first screen there.
#   tests/browser/check_report_page.sh reports/index.html [reports/screenshot.png]
set -euo pipefail
page=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
    echo "chromium is not installed (Debian: apt-get install chromium)" >&2
    exit 1
fi
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
       --disable-component-update --disable-sync --user-data-dir="$profile" --allow-file-access-from-files)
dom=$("$browser" "${flags[@]}" --virtual-time-budget=30000 --dump-dom "file://$here/check.html?page=file://$page" 2>/dev/null)
verdict=$(printf '%s' "$dom" | tr '\n' '\r' | sed -E 's#.*<pre id="result">([^<]*)</pre>.*#\1#' | tr '\r' '\n' | head -40)
echo "$verdict"
case "$verdict" in
    "CHECK OK"*) ;;
    *) echo "the report page check failed" >&2; exit 1 ;;
esac
if [ $# -ge 2 ]; then
    "$browser" "${flags[@]}" --hide-scrollbars --window-size=1280,900 --screenshot="$(realpath -m "$2")" "file://$page" 2>/dev/null
    echo "screenshot: $2"
fi
