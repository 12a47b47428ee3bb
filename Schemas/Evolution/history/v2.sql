-- The schema of version 2, recorded by daogen. Do not edit; check this file in.
-- Once a later version exists, version 2 has shipped: daogen then refuses a schema whose
-- version 2 no longer creates exactly these tables and indexes.

CREATE TABLE "customer" (
  "id" INTEGER PRIMARY KEY,
  "name" TEXT NOT NULL,
  "email" TEXT
);

CREATE TABLE "product" (
  "sku" TEXT PRIMARY KEY NOT NULL,
  "title" TEXT NOT NULL,
  "price_cents" INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE "purchase" (
  "id" INTEGER PRIMARY KEY,
  "client_id" INTEGER NOT NULL REFERENCES "customer" ("id") ON DELETE CASCADE,
  "amount" TEXT,
  "note" TEXT
);

CREATE INDEX "purchase_by_client_amount" ON "purchase" ("client_id", "amount" DESC);
