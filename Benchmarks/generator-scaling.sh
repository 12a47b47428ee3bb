#!/usr/bin/env bash
# Times `daogen generate` (verification included) on synthetic schemas of several sizes and prints a
# Markdown table: wall and user seconds and peak memory from /usr/bin/time -f "%e %U %M", and, with
# valgrind, the instruction total of a smaller schema (repeatable where wall times are not).
#
#   ./generator-scaling.sh                          # 100, 1,000 and 5,000 tables; callgrind on 100
#   ./generator-scaling.sh --tables "100 1000"      # other sizes
#   ./generator-scaling.sh --daogen PATH            # an already built daogen (e.g. an older commit's)
#   ./generator-scaling.sh --callgrind 0            # no instruction count
#
# The schemas are those of `daogen-bench --make-synthetic-schema` (20 columns and 3 indexes a table,
# 10 versions). Each size is generated once into a fresh output folder with no history records, so
# every run writes everything. valgrind cannot read the debug information of Swift binaries here, so
# the instruction count runs on a copy with the debug sections stripped.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
sizes="100 1000 5000"
callgrind_tables=100
daogen=""
while [ $# -gt 0 ]; do
    case "$1" in
        --tables) sizes="$2"; shift 2 ;;
        --daogen) daogen="$2"; shift 2 ;;
        --callgrind) callgrind_tables="$2"; shift 2 ;;
        *) echo "usage: $0 [--tables \"N ...\"] [--daogen PATH] [--callgrind N]" >&2; exit 64 ;;
    esac
done

work="$(mktemp -d "${TMPDIR:-/tmp}/daogen-scaling.XXXXXX")"
trap 'rm -rf "$work"' EXIT

if [ -z "$daogen" ]; then
    swift build -c release --product daogen --package-path "$repo" --scratch-path "$repo/.build-release" >&2
    daogen="$repo/.build-release/release/daogen"
fi
swift build -c release --package-path "$here" --product daogen-bench >&2
bench="$(swift build -c release --package-path "$here" --show-bin-path)/daogen-bench"

echo "| Tables | Wall (s) | User (s) | Peak memory (MB) |"
echo "|--:|--:|--:|--:|"
for tables in $sizes; do
    "$bench" --make-synthetic-schema "$work/schema-$tables" --synthetic-tables "$tables" > /dev/null
    /usr/bin/time -f "%e %U %M" -o "$work/time.txt" \
        "$daogen" generate "$work/schema-$tables" --output "$work/out-$tables" > /dev/null
    read -r wall user peak < "$work/time.txt"
    echo "| $tables | $wall | $user | $((peak / 1024)) |"
done

if [ "$callgrind_tables" != 0 ] && command -v valgrind > /dev/null; then
    "$bench" --make-synthetic-schema "$work/callgrind" --synthetic-tables "$callgrind_tables" > /dev/null
    strip --strip-debug -o "$work/daogen-stripped" "$daogen"
    valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" \
        "$work/daogen-stripped" generate "$work/callgrind" --output "$work/callgrind-out" > "$work/callgrind.txt" 2>&1
    instructions=$(awk '/I *refs:/ { gsub(",", "", $NF); print $NF }' "$work/callgrind.txt")
    echo
    echo "Instructions (callgrind, $callgrind_tables tables, \`daogen generate\`): $instructions"
fi
