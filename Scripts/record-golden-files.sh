#!/usr/bin/env bash
# Re-records Templates/BuiltinTemplates.swift from the .mustache files, then the golden files under
# Tests/Generated (the fixtures Package.swift lists) and Tests/Golden with the CLI: the one way to re-record.
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
# The fixtures are the `generatedFixtures` list of Package.swift: `Name` is the code of Schemas/Name (or
# Tests/Schemas/Name), `NameVk` the code of its version k (kept for migration tests), `Name/Sub` the code of
# Tests/Schemas/Name/Sub (several schemas in one module).
fixtures=$(sed -n '/^let generatedFixtures = \[/,/^\]/p' Package.swift | sed 's|//.*||' | grep -o '"[A-Za-z0-9/]*"' | tr -d '"')
for fixture in $fixtures; do
  name=$fixture; version=""
  if [[ $fixture =~ ^(.*)V([0-9]+)$ ]]; then name=${BASH_REMATCH[1]}; version=${BASH_REMATCH[2]}; fi
  source=Schemas/$name; [ -d "$source" ] || source=Tests/Schemas/$name
  if [ -n "$version" ]; then
    .build/debug/daogen generate "$source" --schema-version "$version" --output "Tests/Generated/$fixture" --quiet
  else
    .build/debug/daogen generate "$source" --output "Tests/Generated/$fixture" --quiet
  fi
done
# The migration plans of PlannerTests.
for golden in Tests/Golden/*.plan.sql; do
  name=$(basename "$golden" .plan.sql)
  .build/debug/daogen plan "Schemas/$name" > "$golden"
done
