-- The schema of version 3, recorded by daogen. Do not edit; check this file in.
-- Once a later version exists, version 3 has shipped: daogen then refuses a schema whose
-- version 3 no longer creates exactly these tables and indexes.

CREATE TABLE "client" (
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
  "client_id" INTEGER NOT NULL REFERENCES "client" ("id") ON DELETE CASCADE,
  "amount" INTEGER,
  "note" TEXT
);

CREATE INDEX "purchase_by_client_amount" ON "purchase" ("client_id", "amount" DESC);
