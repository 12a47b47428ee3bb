-- Version 1 -> 2
-- Create table member (DDL)
CREATE TABLE "member" (
  "card_number" TEXT PRIMARY KEY NOT NULL,
  "name" TEXT NOT NULL,
  "tier" INTEGER NOT NULL DEFAULT 1 CHECK ("tier" IN (1, 2)),
  "joined" TEXT NOT NULL
);
-- Create table loan (DDL)
CREATE TABLE "loan" (
  "member_card" TEXT NOT NULL REFERENCES "member" ("card_number") ON DELETE CASCADE,
  "book_id" INTEGER NOT NULL REFERENCES "books_v1" ("id"),
  "due" TEXT NOT NULL,
  "returned" INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY ("member_card", "book_id")
) WITHOUT ROWID;
-- Create index book_by_author (DDL)
CREATE INDEX "book_by_author" ON "books_v1" ("author_id", "title" DESC);
-- Create index loan_by_due (DDL)
CREATE INDEX "loan_by_due" ON "loan" ("due") WHERE returned = 0;

-- Version 2 -> 3
-- Rebuild table book to rename from books_v1, change CHECK constraints, rename column sub_title to subtitle, add column rating, drop column legacy_code (rebuild: copies every row)
ALTER TABLE "books_v1" RENAME TO "book";
CREATE TABLE "_daogen_new_book" (
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
INSERT INTO "_daogen_new_book" ("id", "isbn", "title", "author_id", "published", "status", "subtitle", "price") SELECT "id", "isbn", "title", "author_id", "published", "status", "sub_title", "price" FROM "book";
UPDATE sqlite_sequence SET seq = (SELECT max(seq) FROM sqlite_sequence WHERE name = 'book') WHERE name = '_daogen_new_book';
DROP TABLE "book";
ALTER TABLE "_daogen_new_book" RENAME TO "book";
CREATE INDEX "book_by_author" ON "book" ("author_id", "title" DESC);
CREATE INDEX "book_rated" ON "book" ("rating") WHERE rating IS NOT NULL;
-- Explicit data step of version 3 (from migrations:)
UPDATE book SET rating = 0 WHERE rating IS NULL;
-- Create search index book_fts (DDL)
CREATE VIRTUAL TABLE "book_fts" USING fts5("title", "subtitle", content = 'book', tokenize = 'porter unicode61');
-- Fill search index book_fts from the rows it has (reads every row)
INSERT INTO "book_fts" ("book_fts") VALUES ('rebuild');
-- Create view book_summary (DDL)
CREATE VIEW "book_summary" AS SELECT book.id, book.title, t_author.name AS author_name FROM book LEFT JOIN t_author ON t_author.id = book.author_id;
-- Create view author_shelf (DDL)
CREATE VIEW "author_shelf" AS SELECT t_author.id AS author_id, t_author.name, count(book.id) AS books, max(book.rating) AS best
FROM t_author LEFT JOIN book ON book.author_id = t_author.id
GROUP BY t_author.id;
-- Create trigger book_touch (DDL)
CREATE TRIGGER book_touch AFTER UPDATE OF title ON book BEGIN UPDATE book SET rating = rating WHERE id = new.id; END;
-- Create trigger author_renamed (DDL)
CREATE TRIGGER author_renamed AFTER UPDATE OF name ON t_author
BEGIN
  UPDATE book SET subtitle = 'by ' || new.name WHERE author_id = new.id AND subtitle IS NULL;
END;
-- Create trigger book_fts_ai of the search index (DDL)
CREATE TRIGGER "book_fts_ai" AFTER INSERT ON "book" BEGIN INSERT INTO "book_fts" ("rowid", "title", "subtitle") VALUES (new."rowid", new."title", new."subtitle"); END;
-- Create trigger book_fts_ad of the search index (DDL)
CREATE TRIGGER "book_fts_ad" AFTER DELETE ON "book" BEGIN INSERT INTO "book_fts" ("book_fts", "rowid", "title", "subtitle") VALUES ('delete', old."rowid", old."title", old."subtitle"); END;
-- Create trigger book_fts_au of the search index (DDL)
CREATE TRIGGER "book_fts_au" AFTER UPDATE ON "book" BEGIN INSERT INTO "book_fts" ("book_fts", "rowid", "title", "subtitle") VALUES ('delete', old."rowid", old."title", old."subtitle"); INSERT INTO "book_fts" ("rowid", "title", "subtitle") VALUES (new."rowid", new."title", new."subtitle"); END;

