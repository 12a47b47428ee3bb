-- The schema of version 1, recorded by daogen. Do not edit; check this file in.
-- Once a later version exists, version 1 has shipped: daogen then refuses a schema whose
-- version 1 no longer creates exactly these tables and indexes.

CREATE TABLE "session" (
  "token" TEXT PRIMARY KEY NOT NULL,
  "basket" TEXT NOT NULL DEFAULT ''
);
