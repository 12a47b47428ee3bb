-- The schema of version 1, recorded by daogen. Do not edit; check this file in.
-- Once a later version exists, version 1 has shipped: daogen then refuses a schema whose
-- version 1 no longer creates exactly these tables and indexes.

CREATE TABLE "entry" (
  "id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "written" TEXT NOT NULL,
  "mood" TEXT NOT NULL DEFAULT 'fine' CHECK ("mood" IN ('great', 'fine', 'low')),
  "text" TEXT NOT NULL
);

CREATE INDEX "entry_by_written" ON "entry" ("written" DESC);
