#!/usr/bin/env bash
# Runs the README's tutorial as it is written: in a new temporary folder beside a link named `daogen` to
# this checkout, it writes the files the README shows, runs its commands, and compares what they print with
# what the README says they print.
#
# The README marks each block it means with an HTML comment on the line before it (invisible when rendered):
#   <!-- readme-check: setup -->                      commands run in the temporary folder (step 1)
#   <!-- readme-check: file PATH -->                  the block is the whole file PATH of the package
#   <!-- readme-check: insert PATH before "LINE" -->  the block goes into PATH before its first line LINE
#   <!-- readme-check: append PATH -->                the block goes at the end of PATH
#   <!-- readme-check: run -->                        commands run in the package; the `# ` lines after a
#                                                     command are lines it prints, one after the other
#   <!-- readme-check: output -->                     the last lines the last command printed (a first
#                                                     line `...` stands for the lines before them)
# A compiler warning in the tutorial's own code fails the check too.
#
# Usage: Scripts/readme-tutorial-check.sh [--keep]   (--keep leaves the temporary folder and prints its path)
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 - "$PWD" "$@" <<'PY'
import os, re, shutil, subprocess, sys, tempfile

root, keep = sys.argv[1], "--keep" in sys.argv[2:]
readme = open(os.path.join(root, "README.md"), encoding="utf-8").read().split("\n")

base = None

def fail(message):
    print(f"readme-tutorial-check: {message}", file=sys.stderr)
    if base:
        print(f"readme-tutorial-check: the package is kept in {base}", file=sys.stderr)
    sys.exit(1)

# The marked blocks, in order: (line number, directive, block text).
blocks = []
i = 0
while i < len(readme):
    match = re.fullmatch(r"<!-- readme-check: (.*) -->", readme[i].strip())
    i += 1
    if not match:
        continue
    while i < len(readme) and not readme[i].strip():
        i += 1
    if i >= len(readme) or not readme[i].startswith("```"):
        fail(f"README.md:{i}: a readme-check marker must be followed by a fenced block")
    start = i + 1
    end = start
    while end < len(readme) and readme[end] != "```":
        end += 1
    blocks.append((start, match.group(1), "\n".join(readme[start:end]) + "\n"))
    i = end + 1
if not any(directive == "setup" for _, directive, _ in blocks):
    fail("README.md has no '<!-- readme-check: setup -->' block")

base = tempfile.mkdtemp(prefix="daogen-readme-")
os.symlink(root, os.path.join(base, "daogen"))
package = base
last_output = None

def run(command, line):
    """Runs one command of the README in the package folder; returns its standard output."""
    global package
    if command.startswith("cd "):
        package = os.path.normpath(os.path.join(package, command[3:].strip()))
        return ""
    result = subprocess.run(["bash", "-c", command], cwd=package, capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"README.md:{line}: `{command}` exited with {result.returncode}:\n{result.stdout}{result.stderr}")
    warnings = [l for l in (result.stdout + result.stderr).split("\n")
                if "warning:" in l and os.path.realpath(base) in os.path.realpath(l.split(":")[0] or "/")
                and "/.build/" not in l]
    if warnings:
        fail(f"README.md:{line}: `{command}` warned:\n" + "\n".join(warnings))
    return result.stdout

def check_tail(expected, output, line, what):
    lines = [l.rstrip() for l in output.rstrip("\n").split("\n")] if output else []
    if lines[-len(expected):] != expected:
        fail(f"README.md:{line}: {what} printed\n" + "\n".join(lines[-len(expected) - 3:])
             + "\nbut the README shows\n" + "\n".join(expected))

def check_run(expected, output, line, what):
    lines = [l.rstrip() for l in output.rstrip("\n").split("\n")] if output else []
    if not any(lines[k:k + len(expected)] == expected for k in range(len(lines) - len(expected) + 1)):
        fail(f"README.md:{line}: {what} printed\n" + "\n".join(lines)
             + "\nwhich does not hold the lines the README shows\n" + "\n".join(expected))

for line, directive, text in blocks:
    words = directive.split(" ", 1)
    kind, argument = words[0], (words[1] if len(words) > 1 else "")
    if kind in ("setup", "run"):
        commands = []  # (command, expected output lines, line number)
        for offset, raw in enumerate(text.rstrip("\n").split("\n")):
            if raw.startswith("# ") or raw == "#":
                if not commands:
                    fail(f"README.md:{line + offset + 1}: output before any command")
                commands[-1][1].append(raw[2:].rstrip())
            elif raw.strip():
                commands.append((raw.strip(), [], line + offset + 1))
        for command, expected, number in commands:
            last_output = run(command, number)
            if expected:
                check_run(expected, last_output, number, f"`{command}`")
    elif kind == "output":
        if last_output is None:
            fail(f"README.md:{line}: an output block before any command")
        expected = text.rstrip("\n").split("\n")
        check_tail(expected[1:] if expected[0] == "..." else expected, last_output, line, "the last command")
    elif kind in ("file", "append", "insert"):
        match = re.fullmatch(r'(\S+)(?: before "(.*)")?', argument)
        if not match or (kind == "insert") != (match.group(2) is not None):
            fail(f"README.md:{line}: cannot read the marker '{directive}'")
        path = os.path.join(package, match.group(1))
        if kind == "file":
            os.makedirs(os.path.dirname(path), exist_ok=True)
            open(path, "w", encoding="utf-8").write(text)
        elif kind == "append":
            open(path, "a", encoding="utf-8").write(text)
        else:
            current = open(path, encoding="utf-8").read().split("\n")
            if match.group(2) not in current:
                fail(f"README.md:{line}: {match.group(1)} has no line '{match.group(2)}'")
            at = current.index(match.group(2))
            current[at:at] = text.rstrip("\n").split("\n")
            open(path, "w", encoding="utf-8").write("\n".join(current))
    else:
        fail(f"README.md:{line}: unknown readme-check directive '{kind}'")

print(f"readme-tutorial-check: {len(blocks)} blocks of README.md written and run as shown"
      + (f"; kept in {base}" if keep else ""))
if not keep:
    shutil.rmtree(base)
PY
