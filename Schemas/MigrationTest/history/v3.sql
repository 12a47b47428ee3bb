-- The schema of version 3, recorded by daogen. Do not edit; check this file in.
-- Once a later version exists, version 3 has shipped: daogen then refuses a schema whose
-- version 3 no longer creates exactly these tables and indexes.

CREATE TABLE "migration_test_table" (
  "rowID" INTEGER PRIMARY KEY AUTOINCREMENT,
  "version1" TEXT,
  "version2" TEXT,
  "version3" TEXT
);
