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
  "value" ANY,
  "revision" INTEGER NOT NULL DEFAULT 0,
  "weight" REAL NOT NULL DEFAULT 1.0
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

CREATE TABLE "shelf_item" (
  "id" INTEGER PRIMARY KEY,
  "label" TEXT NOT NULL,
  "shelf" TEXT,
  "isbn" TEXT UNIQUE,
  "kind" TEXT CHECK ("kind" IN ('paper', 'cloth')),
  "seen" INTEGER,
  "token" BLOB,
  "link" TEXT,
  "shelf_row" INTEGER,
  "no" INTEGER,
  "row_no" INTEGER
);

CREATE INDEX "keyword_by_group" ON "keyword" ("group", "where" DESC);

CREATE INDEX "shelf_item_by_label_shelf" ON "shelf_item" ("label", "shelf");

CREATE INDEX "shelf_item_by_kind_seen" ON "shelf_item" ("kind", "seen" DESC);

CREATE INDEX "shelf_item_by_token" ON "shelf_item" ("token");

CREATE INDEX "shelf_item_by_link" ON "shelf_item" ("link");

CREATE INDEX "shelf_item_shelved" ON "shelf_item" ("shelf") WHERE shelf IS NOT NULL;

CREATE INDEX "shelf_item_by_label" ON "shelf_item" ("label");

CREATE INDEX "shelf_item_by_shelf_row_no" ON "shelf_item" ("shelf_row", "no");

CREATE INDEX "shelf_item_by_shelf_and_row_no" ON "shelf_item" ("shelf", "row_no");
