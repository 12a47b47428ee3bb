#!/usr/bin/env bash
# The schema fuzzer (issues 8 and 21): mutants of Schemas/* and Tests/Schemas/* through the generator in process,
# each with a 60 s limit (one that ends only a hang); then a sample of the mutants that generated is compiled in one package. A quarter of
# the mutations go to the SQL of views, triggers, queries and data steps (further statements, ATTACH/VACUUM
# INTO a canary file, fragments). Classes besides generated/rejected: crash, hang, unlocated, multiline,
# escaped (a statement the generated code runs left its slot: SlotCheck) and file-created (the canary exists).
#   Scripts/fuzz-schemas.sh [--seed S] [--mutants N] [--sample K] [--out DIR]
# A crash or a hang ends the test process; this script notes it and goes on from the next mutant.
# Results: DIR/results.tsv (index, class, detail); crashing and hanging mutants stay in DIR/mutants.
set -uo pipefail
cd "$(dirname "$0")/.."
seed=8; mutants=10000; sample=200; out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --seed) seed=$2; shift 2 ;;
    --mutants) mutants=$2; shift 2 ;;
    --sample) sample=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    *) echo "usage: $0 [--seed S] [--mutants N] [--sample K] [--out DIR]" >&2; exit 64 ;;
  esac
done
out=${out:-${TMPDIR:-/tmp}/daogen-fuzz-$seed}
rm -rf "$out"; mkdir -p "$out"
swift build --build-tests || exit 1
# Keep more than the sample of generated code (roughly one mutant in ten generates).
stride=$(( mutants / (sample * 15) )); [ "$stride" -ge 1 ] || stride=1
next=0
while [ "$next" -lt "$mutants" ]; do
  DAOGEN_FUZZ_SEED=$seed DAOGEN_FUZZ_START=$next DAOGEN_FUZZ_MUTANTS=$((mutants - next)) DAOGEN_FUZZ_OUT=$out \
    DAOGEN_FUZZ_SUPERVISED=1 DAOGEN_FUZZ_PHASE=mutate DAOGEN_FUZZ_STRIDE=$stride \
    swift test --skip-build --filter 'FuzzTests.mutatedSchemasFailCleanly' > "$out/test-$next.log" 2>&1
  current=$(cat "$out/current" 2>/dev/null || echo "$next")
  if grep -q "^$current	" "$out/results.tsv" 2>/dev/null; then
    next=$((current + 1))
  else
    # The process died inside this mutant without writing its result: a crash.
    printf '%s\tcrash\tthe generator process died (see %s): %s\n' "$current" "$out/test-$next.log" "$out/mutants/m$current" >> "$out/results.tsv"
    next=$((current + 1))
  fi
done
DAOGEN_FUZZ_SEED=$seed DAOGEN_FUZZ_OUT=$out DAOGEN_FUZZ_PHASE=compile DAOGEN_FUZZ_SAMPLE=$sample \
  swift test --skip-build --filter 'FuzzTests.mutatedSchemasFailCleanly' > "$out/compile.log" 2>&1
compile_status=$?
echo "== fuzz: seed $seed, $(wc -l < "$out/results.tsv") mutants run; by class:"
cut -f2 "$out/results.tsv" | sort | uniq -c
echo "== compile sample:"
grep -E "^fuzz: compiled" "$out/compile.log" || tail -20 "$out/compile.log"
echo "== details of every class other than generated/rejected: $out/results.tsv"
awk -F'\t' '$2 != "generated" && $2 != "rejected"' "$out/results.tsv" | cut -c1-300 | head -40
[ "$compile_status" -eq 0 ] || echo "(the compile phase recorded issues: $out/compile.log)"
