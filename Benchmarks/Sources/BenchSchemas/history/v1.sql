-- The schema of version 1, recorded by daogen. Do not edit; check this file in.
-- Once a later version exists, version 1 has shipped: daogen then refuses a schema whose
-- version 1 no longer creates exactly these tables and indexes.

CREATE TABLE "product" (
  "id" INTEGER PRIMARY KEY,
  "category" INTEGER NOT NULL,
  "price" REAL NOT NULL,
  "name" TEXT NOT NULL
);

CREATE TABLE "author" (
  "id" INTEGER PRIMARY KEY,
  "name" TEXT NOT NULL
);

CREATE TABLE "book" (
  "id" INTEGER PRIMARY KEY,
  "title" TEXT NOT NULL,
  "author_id" INTEGER NOT NULL REFERENCES "author" ("id"),
  "rating" REAL
);

CREATE TABLE "Customers" (
  "CustomerID" TEXT NOT NULL,
  "CompanyName" TEXT,
  "ContactName" TEXT,
  "ContactTitle" TEXT,
  "Address" TEXT,
  "City" TEXT,
  "Region" TEXT,
  "PostalCode" TEXT,
  "Country" TEXT,
  "Phone" TEXT,
  "Fax" TEXT,
  PRIMARY KEY ("CustomerID")
);

CREATE TABLE "Employees" (
  "EmployeeID" INTEGER PRIMARY KEY AUTOINCREMENT,
  "LastName" TEXT,
  "FirstName" TEXT,
  "Title" TEXT,
  "TitleOfCourtesy" TEXT,
  "BirthDate" DATE,
  "HireDate" DATE,
  "Address" TEXT,
  "City" TEXT,
  "Region" TEXT,
  "PostalCode" TEXT,
  "Country" TEXT,
  "HomePhone" TEXT,
  "Extension" TEXT,
  "Photo" BLOB,
  "Notes" TEXT,
  "ReportsTo" INTEGER REFERENCES "Employees" ("EmployeeID") ON DELETE NO ACTION ON UPDATE NO ACTION,
  "PhotoPath" TEXT
);

CREATE TABLE "Shippers" (
  "ShipperID" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  "CompanyName" TEXT NOT NULL,
  "Phone" TEXT
);

CREATE TABLE "Orders" (
  "OrderID" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  "CustomerID" TEXT REFERENCES "Customers" ("CustomerID") ON DELETE NO ACTION ON UPDATE NO ACTION,
  "EmployeeID" INTEGER REFERENCES "Employees" ("EmployeeID") ON DELETE NO ACTION ON UPDATE NO ACTION,
  "OrderDate" DATETIME,
  "RequiredDate" DATETIME,
  "ShippedDate" DATETIME,
  "ShipVia" INTEGER REFERENCES "Shippers" ("ShipperID") ON DELETE NO ACTION ON UPDATE NO ACTION,
  "Freight" NUMERIC DEFAULT 0,
  "ShipName" TEXT,
  "ShipAddress" TEXT,
  "ShipCity" TEXT,
  "ShipRegion" TEXT,
  "ShipPostalCode" TEXT,
  "ShipCountry" TEXT
);

CREATE TABLE "article" (
  "id" INTEGER PRIMARY KEY,
  "title" TEXT NOT NULL,
  "body" TEXT NOT NULL
);

CREATE TABLE "plain_article" (
  "id" INTEGER PRIMARY KEY,
  "title" TEXT NOT NULL,
  "body" TEXT NOT NULL
);

CREATE TABLE "wide" (
  "id" INTEGER PRIMARY KEY,
  "c1" INTEGER NOT NULL,
  "c2" INTEGER NOT NULL,
  "c3" INTEGER NOT NULL,
  "c4" INTEGER NOT NULL,
  "c5" INTEGER NOT NULL,
  "c6" INTEGER NOT NULL,
  "c7" INTEGER NOT NULL,
  "c8" INTEGER NOT NULL,
  "c9" INTEGER NOT NULL,
  "c10" INTEGER NOT NULL
);

CREATE INDEX "product_by_category_price" ON "product" ("category", "price");

CREATE VIRTUAL TABLE "article_fts" USING fts5("title", "body", content = 'article');

CREATE TRIGGER "article_fts_ai" AFTER INSERT ON "article" BEGIN INSERT INTO "article_fts" ("rowid", "title", "body") VALUES (new."rowid", new."title", new."body"); END;

CREATE TRIGGER "article_fts_ad" AFTER DELETE ON "article" BEGIN INSERT INTO "article_fts" ("article_fts", "rowid", "title", "body") VALUES ('delete', old."rowid", old."title", old."body"); END;

CREATE TRIGGER "article_fts_au" AFTER UPDATE ON "article" BEGIN INSERT INTO "article_fts" ("article_fts", "rowid", "title", "body") VALUES ('delete', old."rowid", old."title", old."body"); INSERT INTO "article_fts" ("rowid", "title", "body") VALUES (new."rowid", new."title", new."body"); END;
