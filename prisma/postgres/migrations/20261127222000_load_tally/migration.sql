-- Written by hand (PostgreSQL only). PostgreSQL counts a table by visiting every row (MVCC), so the
-- load list's unfiltered total cost a scan of the whole Load table at every page: at 10,000 loads
-- as much database CPU as the rest of the request. LoadTally keeps that total: the sum of its
-- "delta" rows is the number of loads, in every transaction's snapshot (the rows are written in the
-- same transaction as the loads). Each insert or delete statement on Load (COPY and cascades too)
-- adds one row; writers never update a shared row, so they never wait for each other here. The
-- same statement folds the committed rows no one else holds into one (SKIP LOCKED: never waits),
-- so the table stays a few rows long. SQLite counts its index instead (cheap there, no table).
CREATE TABLE "LoadTally" (
    "id" BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    "delta" BIGINT NOT NULL
);
INSERT INTO "LoadTally" ("delta") SELECT COUNT(*) FROM "Load";

CREATE FUNCTION "load_tally_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change BIGINT;
BEGIN
  SELECT COUNT(*) INTO change FROM changed;
  IF change = 0 THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    change := -change;
  END IF;
  WITH folded AS (
    DELETE FROM "LoadTally" WHERE "id" IN (SELECT "id" FROM "LoadTally" FOR UPDATE SKIP LOCKED)
    RETURNING "delta"
  )
  INSERT INTO "LoadTally" ("delta") SELECT COALESCE(SUM("delta"), 0) + change FROM folded;
  RETURN NULL;
END $$;
CREATE TRIGGER "Load_tally_insert" AFTER INSERT ON "Load" REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION "load_tally_change"();
CREATE TRIGGER "Load_tally_delete" AFTER DELETE ON "Load" REFERENCING OLD TABLE AS changed
FOR EACH STATEMENT EXECUTE FUNCTION "load_tally_change"();

-- TRUNCATE "Load" alone (TRUNCATE of every table empties LoadTally with it).
CREATE FUNCTION "load_tally_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "LoadTally";
  RETURN NULL;
END $$;
CREATE TRIGGER "Load_tally_truncate" AFTER TRUNCATE ON "Load"
FOR EACH STATEMENT EXECUTE FUNCTION "load_tally_truncate"();
