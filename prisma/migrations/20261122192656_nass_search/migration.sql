-- Written by hand (Prisma cannot express it): the NASS list's search ("code, facility name, city,
-- state or zip contains", any case) through an FTS5 trigram index, one entry per facility under
-- its rowid, kept by triggers whoever writes NassCode. If a future migration rebuilds NassCode,
-- recreate the table's content and the triggers (test/api/nass-search.test.ts checks them).
-- Terms under 3 characters scan the table instead.
CREATE VIRTUAL TABLE "NassSearch" USING fts5("code", "facilityName", "city", "state", "zip", tokenize = 'trigram');
INSERT INTO "NassSearch" ("rowid", "code", "facilityName", "city", "state", "zip")
  SELECT "rowid", "code", "facilityName", "city", "state", "zip" FROM "NassCode";
CREATE TRIGGER "NassCode_search_insert" AFTER INSERT ON "NassCode" BEGIN
  INSERT INTO "NassSearch" ("rowid", "code", "facilityName", "city", "state", "zip")
  VALUES (new."rowid", new."code", new."facilityName", new."city", new."state", new."zip");
END;
CREATE TRIGGER "NassCode_search_update" AFTER UPDATE OF "code", "facilityName", "city", "state", "zip" ON "NassCode" BEGIN
  UPDATE "NassSearch" SET "code" = new."code", "facilityName" = new."facilityName", "city" = new."city",
    "state" = new."state", "zip" = new."zip" WHERE "rowid" = old."rowid";
END;
CREATE TRIGGER "NassCode_search_delete" AFTER DELETE ON "NassCode" BEGIN
  DELETE FROM "NassSearch" WHERE "rowid" = old."rowid";
END;
