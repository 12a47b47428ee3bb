#!/usr/bin/env bash
# Re-records Templates/BuiltinTemplates.swift from the .mustache files, then the golden files under
# Tests/Generated from Schemas/ and Tests/Schemas/ with the CLI.
# The CLI does not link the generated fixture modules, so this works even when the checked-in code no
# longer compiles against a changed runtime or template. Review the result with `git diff`.
set -euo pipefail
cd "$(dirname "$0")/.."
# Templates/BuiltinTemplates.swift embeds the .mustache files (BuiltinTemplatesTests checks it byte for byte),
# so the CLI built next renders the templates as they are on disk.
{
  echo '// Generated from the .mustache files beside this one by `DAOGEN_RECORD=1 swift test --filter BuiltinTemplates`.'
  echo '// Do not edit: change the .mustache file and re-record.'
  echo
  echo '/// The Mustache templates daogen renders, compiled into the binary so they never need a bundle at run time.'
  echo 'public enum BuiltinTemplates {'
  echo '    /// Template text by name (the file name without `.mustache`).'
  echo '    public static let all: [String: String] = ['
  for file in $(LC_ALL=C ls Templates/*.mustache); do  # every template and partial, in name order
    name=$(basename "$file" .mustache)
    printf '        "%s": ##"""\n' "$name"
    cat "$file"
    echo  # a multi-line literal drops the newline before its closing delimiter: keep the file's last one
    echo '"""##,'
  done
  echo '    ]'
  echo '}'
} > Templates/BuiltinTemplates.swift.tmp
mv Templates/BuiltinTemplates.swift.tmp Templates/BuiltinTemplates.swift
swift build --product daogen
for schema in Schemas/* Tests/Schemas/*; do
  [ -d "$schema" ] || continue
  .build/debug/daogen generate "$schema" --output "Tests/Generated/$(basename "$schema")" --quiet
done
# Older versions kept for migration tests (the cases of GoldenFileTests with a version).
for old in Library:1 Evolution:1 Evolution:2 MigrationTest:1 Trust:1; do
  name=${old%%:*}; version=${old##*:}
  source=Schemas/$name; [ -d "$source" ] || source=Tests/Schemas/$name
  .build/debug/daogen generate "$source" --schema-version "$version" --output "Tests/Generated/${name}V$version" --quiet
done
