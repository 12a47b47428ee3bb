-- The schema of version 1, recorded by daogen. Do not edit; check this file in.
-- Once a later version exists, version 1 has shipped: daogen then refuses a schema whose
-- version 1 no longer creates exactly these tables and indexes.

CREATE TABLE "customer" (
  "id" INTEGER PRIMARY KEY,
  "full_name" TEXT NOT NULL,
  "email" TEXT,
  "phone" TEXT
);

CREATE TABLE "purchase" (
  "id" INTEGER PRIMARY KEY,
  "client_id" INTEGER NOT NULL REFERENCES "customer" ("id") ON DELETE CASCADE,
  "amount" TEXT,
  "note" TEXT
);

CREATE INDEX "purchase_by_client" ON "purchase" ("client_id");
