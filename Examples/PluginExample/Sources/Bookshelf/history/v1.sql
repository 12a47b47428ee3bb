-- The schema of version 1, recorded by daogen. Do not edit; check this file in.
-- Once a later version exists, version 1 has shipped: daogen then refuses a schema whose
-- version 1 no longer creates exactly these tables and indexes.

CREATE TABLE "book" (
  "id" INTEGER PRIMARY KEY,
  "title" TEXT NOT NULL,
  "author" TEXT NOT NULL,
  "read" INTEGER NOT NULL DEFAULT 0
);

CREATE INDEX "book_by_author" ON "book" ("author");
