-- The schema of version 2, recorded by daogen. Do not edit; check this file in.
-- Once a later version exists, version 2 has shipped: daogen then refuses a schema whose
-- version 2 no longer creates exactly these tables and indexes.

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

CREATE TABLE "member" (
  "card_number" TEXT PRIMARY KEY NOT NULL,
  "name" TEXT NOT NULL,
  "tier" INTEGER NOT NULL DEFAULT 1 CHECK ("tier" IN (1, 2)),
  "joined" TEXT NOT NULL
);

CREATE TABLE "loan" (
  "member_card" TEXT NOT NULL REFERENCES "member" ("card_number") ON DELETE CASCADE,
  "book_id" INTEGER NOT NULL REFERENCES "books_v1" ("id"),
  "due" TEXT NOT NULL,
  "returned" INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY ("member_card", "book_id")
) WITHOUT ROWID;

CREATE INDEX "book_by_author" ON "books_v1" ("author_id", "title" DESC);

CREATE INDEX "loan_by_due" ON "loan" ("due") WHERE returned = 0;
