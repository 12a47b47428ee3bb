-- The schema of version 1, recorded by daogen. Do not edit; check this file in.
-- Once a later version exists, version 1 has shipped: daogen then refuses a schema whose
-- version 1 no longer creates exactly these tables and indexes.

CREATE TABLE "t_author" (
  "id" INTEGER PRIMARY KEY,
  "name" TEXT NOT NULL,
  "external_id" TEXT UNIQUE,
  "website" TEXT
);

CREATE TABLE "books_v1" (
  "id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "isbn" TEXT UNIQUE,
  "title" TEXT NOT NULL COLLATE NOCASE DEFAULT 'untitled' CHECK (length(title) > 0),
  "author_id" INTEGER NOT NULL REFERENCES "t_author" ("id") ON DELETE CASCADE ON UPDATE CASCADE DEFERRABLE INITIALLY DEFERRED,
  "published" TEXT,
  "status" TEXT NOT NULL DEFAULT 'draft' CHECK ("status" IN ('draft', 'published', 'archived')),
  "legacy_code" TEXT,
  "sub_title" TEXT,
  "price" TEXT,
  UNIQUE ("author_id", "title")
);
