#!/usr/bin/env bash
# Runs daogen's benchmarks and writes Benchmarks/RESULTS.md, Benchmarks/ratios.svg and the results
# section of Benchmarks/README.md and of the repository's README.md.
#
#   ./run.sh                      # 5 runs per implementation and workload, plus the generator
#   ./run.sh --runs 9             # more runs
#   ./run.sh --skip-generator     # only the runtime workloads
#   ./run.sh --synthetic-tables 100  # a smaller generator schema, for a quick check
#   ./run.sh --scaling               # also generator-scaling.sh (100, 1,000, 5,000 tables), added to RESULTS.md
#   ./run.sh -- --rows-scale 0.1  # anything after -- goes to daogen-bench
#
# Steps: a release build of this package (which runs daogen's build plugin on Sources/BenchSchemas);
# a release build of the daogen CLI in ../.build-release; `daogen generate` of a synthetic schema,
# timed with /usr/bin/time -v; a no-op `swift build` of ../Examples/PluginExample (in
# .build-plugin-example here, so that the example's own .build is left alone); then daogen-bench.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
runs=5
generator_runs=3
noop_runs=3
skip_generator=0
synthetic_tables=1000
scaling=0
bench_args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        --skip-generator) skip_generator=1; shift ;;
        --synthetic-tables) synthetic_tables="$2"; shift 2 ;;
        --scaling) scaling=1; shift ;;
        --) shift; bench_args=("$@"); break ;;
        *) echo "usage: $0 [--runs N] [--skip-generator] [--synthetic-tables N] [--scaling] [-- daogen-bench options]" >&2; exit 64 ;;
    esac
done

work="$(mktemp -d "${TMPDIR:-/tmp}/daogen-bench-run.XXXXXX")"
trap 'rm -rf "$work"' EXIT
results="$work/generator.txt"
: > "$results"

step() { printf '\n==> %s\n' "$*" >&2; }

step "Building the benchmark (release)"
swift build -c release --package-path "$here" --product daogen-bench
bench="$(swift build -c release --package-path "$here" --show-bin-path)/daogen-bench"

{
    echo "swift_version=$(swift --version 2>&1 | head -n 1)"
    commit="$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo unknown)"
    if [ -n "$(git -C "$repo" status --porcelain -- . ':!Benchmarks' 2>/dev/null)" ]; then
        commit="$commit (with uncommitted changes outside Benchmarks/)"
    fi
    echo "daogen_commit=$commit"
} >> "$results"

if [ "$skip_generator" = 0 ]; then
    step "Building the daogen CLI (release, in ../.build-release)"
    swift build -c release --product daogen --package-path "$repo" --scratch-path "$repo/.build-release"
    daogen="$repo/.build-release/release/daogen"

    step "Writing the synthetic schema"
    "$bench" --make-synthetic-schema "$work/synthetic" --synthetic-tables "$synthetic_tables" | tee "$work/synthetic.txt" >&2
    description="$(sed -e 's/^daogen-bench: wrote the //' -e 's/ to .*$//' "$work/synthetic.txt")"
    echo "generator_schema=$description" >> "$results"

    if [ ! -x /usr/bin/time ] && [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null; then
        apt-get install -y time > /dev/null 2>&1 || true
    fi

    step "Timing daogen generate ($generator_runs runs)"
    walls=() peaks=()
    for i in $(seq "$generator_runs"); do
        rm -rf "$work/out"
        if [ -x /usr/bin/time ]; then
            start=$(date +%s%N)
            if ! /usr/bin/time -v -o "$work/time.txt" "$daogen" generate "$work/synthetic" --output "$work/out" > "$work/generate.txt" 2>&1; then
                echo "daogen generate failed:" >&2; cat "$work/generate.txt" >&2; exit 1
            fi
            end=$(date +%s%N)
            peak=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$work/time.txt")
        else
            # No /usr/bin/time: Python's getrusage of the child gives the same peak.
            read -r start end peak < <(python3 - "$daogen" "$work" <<'PY'
import resource, subprocess, sys, time
daogen, work = sys.argv[1], sys.argv[2]
start = time.time_ns()
with open(f"{work}/generate.txt", "w") as out:
    code = subprocess.call([daogen, "generate", f"{work}/synthetic", "--output", f"{work}/out"], stdout=out, stderr=subprocess.STDOUT)
end = time.time_ns()
if code != 0:
    sys.exit(code)
print(start, end, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
PY
            ) || { echo "daogen generate failed:" >&2; cat "$work/generate.txt" >&2; exit 1; }
        fi
        wall=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f", (e - s) / 1e9 }')
        echo "  run $i: ${wall} s, peak ${peak} kB" >&2
        walls+=("$wall") peaks+=("$peak")
        if awk -v w="$wall" 'BEGIN { exit !(w > 60) }'; then
            echo "  (over a minute: no further generator runs)" >&2
            break
        fi
    done
    (IFS=,; echo "generator_wall_seconds=${walls[*]}"; echo "generator_peak_rss_kb=${peaks[*]}") >> "$results"
    echo "generator_output=$(tail -n 1 "$work/generate.txt" | sed -e 's/ in .*$//')" >> "$results"

    example="$repo/Examples/PluginExample"
    if [ -d "$example" ]; then
        step "Building Examples/PluginExample once, then timing $noop_runs no-op builds"
        scratch="$here/.build-plugin-example"
        swift build --package-path "$example" --scratch-path "$scratch" > "$work/example-build.txt" 2>&1 \
            || { cat "$work/example-build.txt" >&2; exit 1; }
        noops=()
        for i in $(seq "$noop_runs"); do
            start=$(date +%s%N)
            swift build --package-path "$example" --scratch-path "$scratch" > "$work/example-noop.txt" 2>&1
            end=$(date +%s%N)
            noop=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f", (e - s) / 1e9 }')
            echo "  no-op build $i: ${noop} s" >&2
            noops+=("$noop")
        done
        (IFS=,; echo "noop_build_seconds=${noops[*]}") >> "$results"
    else
        echo "noop_build_skipped=skipped: $example does not exist" >> "$results"
    fi
fi

step "Running the benchmark ($runs runs)"
"$bench" --runs "$runs" --output "$here/RESULTS.md" --svg "$here/ratios.svg" --readme "$here/README.md" \
    --generator-results "$results" ${bench_args[@]+"${bench_args[@]}"}

if [ "$scaling" = 1 ] && [ "$skip_generator" = 0 ]; then
    step "Timing the generator at 100, 1,000 and 5,000 tables (generator-scaling.sh)"
    {
        echo
        echo "### Generator scaling"
        echo
        echo "Release \`daogen generate\`, verification included, of synthetic schemas of each size (20 columns and"
        echo "3 indexes a table, 10 versions), one run each, written by \`generator-scaling.sh\`:"
        echo
        "$here/generator-scaling.sh" --daogen "$daogen"
    } >> "$here/RESULTS.md"
fi

step "Copying the results into the repository's README"
python3 - "$here/README.md" "$repo/README.md" <<'PY'
import re, sys
source, target = (open(path).read() for path in sys.argv[1:3])
pattern = re.compile(r"(<!-- BEGIN RESULTS: written by[^\n]*-->\n)(.*?)(<!-- END RESULTS -->)", re.S)
block = pattern.search(source).group(2)
# Links in Benchmarks/README.md are relative to Benchmarks/; the chart is shown below the block.
block = block.replace("](RESULTS.md)", "](Benchmarks/RESULTS.md)")
block = "\n".join(line for line in block.split("\n") if "ratios.svg" not in line)
updated = pattern.sub(lambda match: match.group(1) + block + match.group(3), target, count=1)
open(sys.argv[2], "w").write(updated)
PY
