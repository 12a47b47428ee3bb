-- The schema of version 4, recorded by daogen. Do not edit; check this file in.
-- Once a later version exists, version 4 has shipped: daogen then refuses a schema whose
-- version 4 no longer creates exactly these tables and indexes.

CREATE TABLE "client" (
  "id" INTEGER PRIMARY KEY,
  "name" TEXT NOT NULL,
  "email" TEXT,
  "loyalty_points" INTEGER NOT NULL DEFAULT 0
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
  "status" TEXT NOT NULL CHECK ("status" IN ('paid', 'refunded')),
  "note" TEXT
);

CREATE INDEX "purchase_by_client_amount" ON "purchase" ("client_id", "amount" DESC);
