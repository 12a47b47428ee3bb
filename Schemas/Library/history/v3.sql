-- The schema of version 3, recorded by daogen. Do not edit; check this file in.
-- Once a later version exists, version 3 has shipped: daogen then refuses a schema whose
-- version 3 no longer creates exactly these tables and indexes.

CREATE TABLE "t_author" (
  "id" INTEGER PRIMARY KEY,
  "name" TEXT NOT NULL,
  "external_id" TEXT UNIQUE,
  "website" TEXT
);

CREATE TABLE "book" (
  "id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "isbn" TEXT UNIQUE,
  "title" TEXT NOT NULL COLLATE NOCASE DEFAULT 'untitled' CHECK (length(title) > 0),
  "author_id" INTEGER NOT NULL REFERENCES "t_author" ("id") ON DELETE CASCADE ON UPDATE CASCADE DEFERRABLE INITIALLY DEFERRED,
  "published" TEXT,
  "status" TEXT NOT NULL DEFAULT 'draft' CHECK ("status" IN ('draft', 'published', 'archived')),
  "rating" REAL,
  "subtitle" TEXT,
  "price" TEXT,
  UNIQUE ("author_id", "title"),
  CHECK (rating IS NULL OR rating BETWEEN 0 AND 5)
);

CREATE TABLE "member" (
  "card_number" TEXT PRIMARY KEY NOT NULL,
  "name" TEXT NOT NULL,
  "tier" INTEGER NOT NULL DEFAULT 1 CHECK ("tier" IN (1, 2)),
  "joined" TEXT NOT NULL
);

CREATE TABLE "loan" (
  "member_card" TEXT NOT NULL REFERENCES "member" ("card_number") ON DELETE CASCADE,
  "book_id" INTEGER NOT NULL REFERENCES "book" ("id"),
  "due" TEXT NOT NULL,
  "returned" INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY ("member_card", "book_id")
) WITHOUT ROWID;

CREATE INDEX "book_by_author" ON "book" ("author_id", "title" DESC);

CREATE INDEX "book_rated" ON "book" ("rating") WHERE rating IS NOT NULL;

CREATE INDEX "loan_by_due" ON "loan" ("due") WHERE returned = 0;

CREATE VIRTUAL TABLE "book_fts" USING fts5("title", "subtitle", content = 'book', tokenize = 'porter unicode61');

CREATE VIEW "book_summary" AS SELECT book.id, book.title, t_author.name AS author_name FROM book LEFT JOIN t_author ON t_author.id = book.author_id;

CREATE VIEW "author_shelf" AS SELECT t_author.id AS author_id, t_author.name, count(book.id) AS books, max(book.rating) AS best
FROM t_author LEFT JOIN book ON book.author_id = t_author.id
GROUP BY t_author.id;

CREATE TRIGGER book_touch AFTER UPDATE OF title ON book BEGIN UPDATE book SET rating = rating WHERE id = new.id; END;

CREATE TRIGGER author_renamed AFTER UPDATE OF name ON t_author
BEGIN
  UPDATE book SET subtitle = 'by ' || new.name WHERE author_id = new.id AND subtitle IS NULL;
END;

CREATE TRIGGER "book_fts_ai" AFTER INSERT ON "book" BEGIN INSERT INTO "book_fts" ("rowid", "title", "subtitle") VALUES (new."rowid", new."title", new."subtitle"); END;

CREATE TRIGGER "book_fts_ad" AFTER DELETE ON "book" BEGIN INSERT INTO "book_fts" ("book_fts", "rowid", "title", "subtitle") VALUES ('delete', old."rowid", old."title", old."subtitle"); END;

CREATE TRIGGER "book_fts_au" AFTER UPDATE ON "book" BEGIN INSERT INTO "book_fts" ("book_fts", "rowid", "title", "subtitle") VALUES ('delete', old."rowid", old."title", old."subtitle"); INSERT INTO "book_fts" ("rowid", "title", "subtitle") VALUES (new."rowid", new."title", new."subtitle"); END;
