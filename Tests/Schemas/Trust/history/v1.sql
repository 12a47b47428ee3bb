-- The schema of version 1, recorded by daogen. Do not edit; check this file in.
-- Once a later version exists, version 1 has shipped: daogen then refuses a schema whose
-- version 1 no longer creates exactly these tables and indexes.

CREATE TABLE "ticket" (
  "id" INTEGER PRIMARY KEY,
  "self" TEXT,
  "tier" TEXT NOT NULL DEFAULT 'basic' CHECK ("tier" IN ('basic', 'proplus', 'gold')),
  "status" TEXT UNIQUE CHECK ("status" IN ('open', 'closed')),
  "note" TEXT DEFAULT 'a
b',
  "line
break" TEXT,
  "small" INTEGER NOT NULL DEFAULT -128,
  "rating" TEXT,
  "name" TEXT,
  "flag" INTEGER CHECK (flag IN (0, 1))
);

CREATE TABLE "level" (
  "code" TEXT PRIMARY KEY NOT NULL CHECK ("code" IN ('low', 'mid', 'high')),
  "label" TEXT
);

CREATE TABLE "switch_state" (
  "id" INTEGER PRIMARY KEY,
  "on" INTEGER NOT NULL UNIQUE
);

CREATE TABLE "account" (
  "id" INTEGER PRIMARY KEY,
  "email" TEXT,
  "created" TEXT UNIQUE
);

CREATE INDEX "ticket_by_tier" ON "ticket" ("tier");

CREATE INDEX "ticket_by_name" ON "ticket" ("name");
