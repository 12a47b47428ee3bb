-- The schema of version 2, recorded by daogen. Do not edit; check this file in.
-- Once a later version exists, version 2 has shipped: daogen then refuses a schema whose
-- version 2 no longer creates exactly these tables and indexes.

CREATE TABLE "note" (
  "id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "created" TEXT NOT NULL,
  "text" TEXT NOT NULL CHECK (length(text) > 0)
);

CREATE VIRTUAL TABLE "note_fts" USING fts5("text", content = 'note', tokenize = 'porter unicode61');

CREATE TRIGGER "note_fts_ai" AFTER INSERT ON "note" BEGIN INSERT INTO "note_fts" ("rowid", "text") VALUES (new."rowid", new."text"); END;

CREATE TRIGGER "note_fts_ad" AFTER DELETE ON "note" BEGIN INSERT INTO "note_fts" ("note_fts", "rowid", "text") VALUES ('delete', old."rowid", old."text"); END;

CREATE TRIGGER "note_fts_au" AFTER UPDATE ON "note" BEGIN INSERT INTO "note_fts" ("note_fts", "rowid", "text") VALUES ('delete', old."rowid", old."text"); INSERT INTO "note_fts" ("rowid", "text") VALUES (new."rowid", new."text"); END;
