#!/usr/bin/env bash
# Re-records the golden files under Tests/Generated from Schemas/ and Tests/Schemas/ with the CLI.
# The CLI does not link the generated fixture modules, so this works even when the checked-in code no
# longer compiles against a changed runtime or template. Review the result with `git diff`.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product daogen
for schema in Schemas/* Tests/Schemas/*; do
  [ -d "$schema" ] || continue
  .build/debug/daogen generate "$schema" --output "Tests/Generated/$(basename "$schema")" --quiet
done
# Older versions kept for migration tests (the cases of GoldenFileTests with a version).
for old in Library:1 Evolution:1 Evolution:2 MigrationTest:1; do
  name=${old%%:*}; version=${old##*:}
  .build/debug/daogen generate "Schemas/$name" --schema-version "$version" --output "Tests/Generated/${name}V$version" --quiet
done
