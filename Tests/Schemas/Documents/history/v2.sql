-- The schema of version 2, recorded by daogen. Do not edit; check this file in.
-- Once a later version exists, version 2 has shipped: daogen then refuses a schema whose
-- version 2 no longer creates exactly these tables and indexes.

CREATE TABLE "document" (
  "id" INTEGER PRIMARY KEY,
  "title" TEXT NOT NULL,
  "tags" TEXT CHECK ("tags" IS NULL OR json_valid("tags")),
  "counts" TEXT NOT NULL DEFAULT '{}' CHECK ("counts" IS NULL OR json_valid("counts")),
  "author" TEXT CHECK ("author" IS NULL OR json_valid("author")),
  "title_length" INTEGER GENERATED ALWAYS AS (length(title)) VIRTUAL,
  "title_key" TEXT GENERATED ALWAYS AS (lower(title)) STORED
);

CREATE INDEX "document_by_title_length" ON "document" ("title_length");

CREATE VIEW "tagged_document" AS SELECT id, tags, title_length FROM document WHERE tags IS NOT NULL;
