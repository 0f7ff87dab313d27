-- Written by hand: inserted loads leave their LoadUploadTouch rows in one INSERT ... SELECT per
-- statement (a transition table) instead of a trigger call and a one-row insert per load, so a
-- 30,000-row upload through COPY pays one set-wise insert. Updates keep their row trigger (a
-- trigger with a column list cannot have a transition table).
DROP TRIGGER "Load_upload_touch_insert" ON "Load";
CREATE FUNCTION "Load_upload_touch_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "LoadUploadTouch" ("loadId", "batchId", "createdAt")
  SELECT "id", "uploadBatchId", "updatedAt" FROM inserted_loads WHERE "uploadBatchId" IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Load_upload_touch_insert" AFTER INSERT ON "Load"
REFERENCING NEW TABLE AS inserted_loads
FOR EACH STATEMENT EXECUTE FUNCTION "Load_upload_touch_inserted"();
