-- CreateTable
CREATE TABLE "InvoiceDayTotal" (
    "status" TEXT NOT NULL,
    "dueDate" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL,
    "cents" BIGINT NOT NULL,

    CONSTRAINT "InvoiceDayTotal_pkey" PRIMARY KEY ("status","dueDate")
);

-- CreateTable
CREATE TABLE "BillDayTotal" (
    "status" TEXT NOT NULL,
    "paymentDate" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL,
    "cents" BIGINT NOT NULL,

    CONSTRAINT "BillDayTotal_pkey" PRIMARY KEY ("status","paymentDate")
);

-- Written by hand: the database keeps InvoiceDayTotal true whoever writes Invoice.
INSERT INTO "InvoiceDayTotal" ("status", "dueDate", "count", "cents")
SELECT "status", "dueDate", COUNT(*), SUM("amountDueCents") FROM "Invoice" GROUP BY "status", "dueDate";
CREATE FUNCTION "Invoice_total_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "InvoiceDayTotal" SET "count" = "count" - 1, "cents" = "cents" - OLD."amountDueCents"
    WHERE "status" = OLD."status" AND "dueDate" = OLD."dueDate";
    DELETE FROM "InvoiceDayTotal" WHERE "status" = OLD."status" AND "dueDate" = OLD."dueDate" AND "count" <= 0;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO "InvoiceDayTotal" ("status", "dueDate", "count", "cents") VALUES (NEW."status", NEW."dueDate", 1, NEW."amountDueCents")
    ON CONFLICT ("status", "dueDate") DO UPDATE SET "count" = "InvoiceDayTotal"."count" + 1, "cents" = "InvoiceDayTotal"."cents" + EXCLUDED."cents";
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Invoice_total_insert_delete" AFTER INSERT OR DELETE ON "Invoice"
FOR EACH ROW EXECUTE FUNCTION "Invoice_total_change"();
CREATE TRIGGER "Invoice_total_update" AFTER UPDATE OF "status", "dueDate", "amountDueCents" ON "Invoice"
FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."dueDate" IS DISTINCT FROM NEW."dueDate" OR OLD."amountDueCents" IS DISTINCT FROM NEW."amountDueCents")
EXECUTE FUNCTION "Invoice_total_change"();

-- Written by hand: the database keeps BillDayTotal true whoever writes Bill.
INSERT INTO "BillDayTotal" ("status", "paymentDate", "count", "cents")
SELECT "status", "paymentDate", COUNT(*), SUM("amountCents") FROM "Bill" GROUP BY "status", "paymentDate";
CREATE FUNCTION "Bill_total_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "BillDayTotal" SET "count" = "count" - 1, "cents" = "cents" - OLD."amountCents"
    WHERE "status" = OLD."status" AND "paymentDate" = OLD."paymentDate";
    DELETE FROM "BillDayTotal" WHERE "status" = OLD."status" AND "paymentDate" = OLD."paymentDate" AND "count" <= 0;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO "BillDayTotal" ("status", "paymentDate", "count", "cents") VALUES (NEW."status", NEW."paymentDate", 1, NEW."amountCents")
    ON CONFLICT ("status", "paymentDate") DO UPDATE SET "count" = "BillDayTotal"."count" + 1, "cents" = "BillDayTotal"."cents" + EXCLUDED."cents";
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Bill_total_insert_delete" AFTER INSERT OR DELETE ON "Bill"
FOR EACH ROW EXECUTE FUNCTION "Bill_total_change"();
CREATE TRIGGER "Bill_total_update" AFTER UPDATE OF "status", "paymentDate", "amountCents" ON "Bill"
FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."paymentDate" IS DISTINCT FROM NEW."paymentDate" OR OLD."amountCents" IS DISTINCT FROM NEW."amountCents")
EXECUTE FUNCTION "Bill_total_change"();
