#!/usr/bin/env bash
# Times `daogen generate` (verification and the migration proof included) on one table at several
# `version:`s, with and without `search:`, and prints a Markdown table of wall seconds (/usr/bin/time).
# The time should grow linearly with the version, and `search:` should cost well under twice the time
# without it (issue 30: the proof searched every earlier version's rows again at each version).
#
#   ./version-scaling.sh                          # versions 100, 200, 400 and 800, release build
#   ./version-scaling.sh --versions "50 100"      # other versions
#   ./version-scaling.sh --daogen PATH            # an already built daogen (e.g. a debug build)
#
# The table has columns from version 1 only (no `since:`), so the plan is empty and every step adds
# sample rows and checks the schema. Each run starts from no history records and an empty output.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
versions="100 200 400 800"
daogen=""
while [ $# -gt 0 ]; do
    case "$1" in
        --versions) versions="$2"; shift 2 ;;
        --daogen) daogen="$2"; shift 2 ;;
        *) echo "usage: $0 [--versions \"N ...\"] [--daogen PATH]" >&2; exit 64 ;;
    esac
done

work="$(mktemp -d "${TMPDIR:-/tmp}/daogen-versions.XXXXXX")"
trap 'rm -rf "$work"' EXIT

if [ -z "$daogen" ]; then
    swift build -c release --product daogen --package-path "$repo" --scratch-path "$repo/.build-release" >&2
    daogen="$repo/.build-release/release/daogen"
fi

# One schema directory: $1 the folder, $2 the version, $3 "search" for a `search:` index.
make_schema() {
    rm -rf "$1"
    mkdir -p "$1"
    printf 'database: ScalingDatabase\nversion: %s\n' "$2" > "$1/daogen.yaml"
    {
        echo "tables:"
        echo "  - name: article"
        echo "    columns:"
        echo "      - { name: id, type: INTEGER, primaryKey: true }"
        echo "      - { name: title, type: TEXT, notNull: true }"
        echo "      - { name: body, type: TEXT, notNull: true }"
        if [ "$3" = search ]; then echo "    search: { columns: [title, body] }"; fi
    } > "$1/article.yaml"
}

# The wall seconds of generating the schema at $1 into a fresh folder.
seconds() {
    rm -rf "$work/out"
    /usr/bin/time -f "%e" -o "$work/time.txt" "$daogen" generate "$1" --output "$work/out" --quiet > /dev/null
    cat "$work/time.txt"
}

echo "| Version | With search: (s) | Without (s) | Ratio |"
echo "|--:|--:|--:|--:|"
for version in $versions; do
    make_schema "$work/search" "$version" search
    make_schema "$work/plain" "$version" plain
    with=$(seconds "$work/search")
    without=$(seconds "$work/plain")
    ratio=$(awk -v a="$with" -v b="$without" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
    echo "| $version | $with | $without | $ratio |"
done
