-- CreateTable
CREATE TABLE "LoadUploadTouch" (
    "loadId" TEXT NOT NULL,
    "batchId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LoadUploadTouch_pkey" PRIMARY KEY ("loadId","batchId")
);

-- CreateIndex
CREATE INDEX "LoadUploadTouch_batchId_idx" ON "LoadUploadTouch"("batchId");

-- Written by hand: every writer of Load.uploadBatchId (the SQLite upload worker, PostgreSQL COPY,
-- anything later) leaves a touch row, so a load's History lists every upload that wrote it.
INSERT INTO "LoadUploadTouch" ("loadId", "batchId", "createdAt")
SELECT "id", "uploadBatchId", "updatedAt" FROM "Load" WHERE "uploadBatchId" IS NOT NULL;
CREATE FUNCTION "Load_upload_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "LoadUploadTouch" ("loadId", "batchId", "createdAt")
  VALUES (NEW."id", NEW."uploadBatchId", NEW."updatedAt")
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Load_upload_touch_insert" AFTER INSERT ON "Load"
FOR EACH ROW WHEN (NEW."uploadBatchId" IS NOT NULL) EXECUTE FUNCTION "Load_upload_touch"();
CREATE TRIGGER "Load_upload_touch_update" AFTER UPDATE OF "uploadBatchId" ON "Load"
FOR EACH ROW WHEN (NEW."uploadBatchId" IS NOT NULL AND NEW."uploadBatchId" IS DISTINCT FROM OLD."uploadBatchId")
EXECUTE FUNCTION "Load_upload_touch"();
