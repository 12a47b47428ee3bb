-- The schema of version 1, recorded by daogen. Do not edit; check this file in.
-- Once a later version exists, version 1 has shipped: daogen then refuses a schema whose
-- version 1 no longer creates exactly these tables and indexes.

CREATE TABLE "document" (
  "id" INTEGER PRIMARY KEY,
  "title" TEXT NOT NULL,
  "tags" TEXT CHECK ("tags" IS NULL OR json_valid("tags")),
  "counts" TEXT NOT NULL DEFAULT '{}' CHECK ("counts" IS NULL OR json_valid("counts"))
);
