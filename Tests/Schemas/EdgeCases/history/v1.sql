-- The schema of version 1, recorded by daogen. Do not edit; check this file in.
-- Once a later version exists, version 1 has shipped: daogen then refuses a schema whose
-- version 1 no longer creates exactly these tables and indexes.

CREATE TABLE "keyword" (
  "order" INTEGER PRIMARY KEY,
  "group" TEXT NOT NULL,
  "select" TEXT UNIQUE,
  "where" INTEGER,
  "default" TEXT DEFAULT 'it''s',
  "statement" TEXT
);

CREATE TABLE "log_line" (
  "message" TEXT NOT NULL,
  "level" INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE "tag_link" (
  "tag" TEXT NOT NULL,
  "item_id" INTEGER NOT NULL,
  PRIMARY KEY ("tag", "item_id")
);

CREATE TABLE "counter" (
  "id" INTEGER PRIMARY KEY,
  "hits" INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE "membership" (
  "user_id" INTEGER NOT NULL,
  "group_id" INTEGER NOT NULL,
  "role" INTEGER NOT NULL DEFAULT 1 CHECK ("role" IN (1, 2)),
  "joined" INTEGER NOT NULL,
  "token" BLOB,
  PRIMARY KEY ("user_id", "group_id")
);

CREATE TABLE "setting" (
  "key" TEXT PRIMARY KEY NOT NULL,
  "value" ANY
) WITHOUT ROWID, STRICT;

CREATE TABLE "reading" (
  "id" INTEGER PRIMARY KEY,
  "small" INTEGER,
  "medium" INTEGER,
  "large" INTEGER,
  "byte" INTEGER,
  "count" INTEGER NOT NULL DEFAULT 0,
  "ratio" REAL,
  "amount" TEXT,
  "link" TEXT,
  "price" TEXT,
  "quantity" NUMERIC,
  "flag" BOOLEAN NOT NULL DEFAULT false
);

CREATE INDEX "keyword_by_group" ON "keyword" ("group", "where" DESC);
