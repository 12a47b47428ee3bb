-- The schema of version 1, recorded by daogen. Do not edit; check this file in.
-- Once a later version exists, version 1 has shipped: daogen then refuses a schema whose
-- version 1 no longer creates exactly these tables and indexes.

CREATE TABLE "test_table" (
  "rowID" INTEGER PRIMARY KEY AUTOINCREMENT,
  "name" TEXT NOT NULL,
  "age" INTEGER NOT NULL,
  "isCelebrity" INTEGER,
  "bolbData" BLOB,
  "progress" REAL,
  "nilText" TEXT,
  "defaultText" TEXT DEFAULT '',
  "defaultInt" INTEGER DEFAULT 0,
  "defaultReal" REAL DEFAULT 0.0,
  "timeStamp" INTEGER UNIQUE
);

CREATE INDEX "index_test" ON "test_table" ("age", "timeStamp");
