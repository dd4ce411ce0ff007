#!/usr/bin/env bash
# Redoes the screenshots of the reports (reports/screenshots/) from a reports folder, after
# `alea run analyses` has regenerated it: the index and a few study pages as headless
# Chromium shows them (first screen, 1280x900), and a copy of a few charts. Each page is
# first checked with check_report_page.sh (the index) so a broken report gives no pictures.
#   tests/browser/screenshots.sh REPORTS_DIR OUT_DIR
#   tests/browser/screenshots.sh reports reports/screenshots
# Writes OUT_DIR/after_<what>.png; the before_*.png files already there are left alone.
set -euo pipefail
if [ $# -ne 2 ]; then
    echo "usage: $0 REPORTS_DIR OUT_DIR (e.g. $0 reports reports/screenshots)" >&2
    exit 2
fi
reports=$(realpath "$1")
out=$(realpath -m "$2")
here=$(cd "$(dirname "$0")" && pwd)
if [ ! -f "$reports/index.html" ]; then
    echo "$reports/index.html not found: run alea run analyses --out $1 first" >&2
    exit 2
fi
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
    echo "chromium is not installed (Debian: apt-get install chromium)" >&2
    exit 1
fi
mkdir -p "$out"
"$here/check_report_page.sh" "$reports/index.html" "$out/after_index.png"

profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
       --disable-component-update --disable-sync --user-data-dir="$profile" --allow-file-access-from-files
       --hide-scrollbars --window-size=1280,900)

# Study pages: one variant with exact values, several variants with house rules, several
# variants estimated by Monte Carlo only.
for study in ose_duel aube_fa_fm aube_house_damage ose_group_fight; do
    page="$reports/$study/report.html"
    if [ ! -f "$page" ]; then
        echo "$page not found" >&2
        exit 1
    fi
    "$browser" "${flags[@]}" --screenshot="$out/after_study_page_$study.png" "file://$page" 2>/dev/null
    echo "screenshot: $out/after_study_page_$study.png"
done

# Charts, as the report draws them.
for chart in aube_fa_fm_duel/heatmap_draw aube_fa_fm_duel/heatmap_mean_rounds \
             aube_krom_bjorn/bars_effective_damage aube_test_table/lines_beats_nd_by_ca_nd10 \
             aube_house_damage/lines_a_wins_diff_by_fm maitrise_house_criticals/lines_crit_success_by_sm; do
    source="$reports/$chart.png"
    if [ ! -f "$source" ]; then
        echo "$source not found" >&2
        exit 1
    fi
    cp "$source" "$out/after_${chart//\//_}.png"
    echo "chart: $out/after_${chart//\//_}.png"
done
