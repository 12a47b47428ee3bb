-- Version 1 -> 2
-- Drop index purchase_by_client (DDL)
DROP INDEX "purchase_by_client";
-- Rename column customer.full_name to name (cheap ALTER)
ALTER TABLE "customer" RENAME COLUMN "full_name" TO "name";
-- Drop column customer.phone (cheap ALTER)
ALTER TABLE "customer" DROP COLUMN "phone";
-- Create table product (DDL)
CREATE TABLE "product" (
  "sku" TEXT PRIMARY KEY NOT NULL,
  "title" TEXT NOT NULL,
  "price_cents" INTEGER NOT NULL DEFAULT 0
);
-- Create index purchase_by_client_amount (DDL)
CREATE INDEX "purchase_by_client_amount" ON "purchase" ("client_id", "amount" DESC);

-- Version 2 -> 3
-- Rename table customer to client (cheap ALTER)
ALTER TABLE "customer" RENAME TO "client";
-- Rebuild table purchase to change column amount (rebuild: copies every row)
CREATE TABLE "_daogen_new_purchase" (
  "id" INTEGER PRIMARY KEY,
  "client_id" INTEGER NOT NULL REFERENCES "client" ("id") ON DELETE CASCADE,
  "amount" INTEGER,
  "note" TEXT
);
INSERT INTO "_daogen_new_purchase" ("id", "client_id", "note", "amount") SELECT "id", "client_id", "note", "amount" FROM "purchase";
DROP TABLE "purchase";
ALTER TABLE "_daogen_new_purchase" RENAME TO "purchase";
CREATE INDEX "purchase_by_client_amount" ON "purchase" ("client_id", "amount" DESC);
-- Explicit data step of version 3 (from migrations:)
UPDATE purchase SET amount = CAST(round(amount * 100) AS INTEGER) WHERE amount IS NOT NULL;

-- Version 3 -> 4
-- Add column client.loyalty_points (cheap ALTER)
ALTER TABLE "client" ADD COLUMN "loyalty_points" INTEGER NOT NULL DEFAULT 0;
-- Add column purchase.status as nullable for the data step to fill (cheap ALTER)
ALTER TABLE "purchase" ADD COLUMN "status" TEXT;
-- Explicit data step of version 4 (from migrations:)
UPDATE purchase SET status = 'paid';
-- Rebuild table purchase to add column status (rebuild: copies every row)
CREATE TABLE "_daogen_new_purchase" (
  "id" INTEGER PRIMARY KEY,
  "client_id" INTEGER NOT NULL REFERENCES "client" ("id") ON DELETE CASCADE,
  "amount" INTEGER,
  "status" TEXT NOT NULL CHECK ("status" IN ('paid', 'refunded')),
  "note" TEXT
);
INSERT INTO "_daogen_new_purchase" ("id", "client_id", "amount", "note", "status") SELECT "id", "client_id", "amount", "note", "status" FROM "purchase";
DROP TABLE "purchase";
ALTER TABLE "_daogen_new_purchase" RENAME TO "purchase";
CREATE INDEX "purchase_by_client_amount" ON "purchase" ("client_id", "amount" DESC);

