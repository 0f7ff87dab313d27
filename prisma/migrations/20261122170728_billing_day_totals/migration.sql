-- CreateTable
CREATE TABLE "InvoiceDayTotal" (
    "status" TEXT NOT NULL,
    "dueDate" DATETIME NOT NULL,
    "count" INTEGER NOT NULL,
    "cents" BIGINT NOT NULL,

    PRIMARY KEY ("status", "dueDate")
);

-- CreateTable
CREATE TABLE "BillDayTotal" (
    "status" TEXT NOT NULL,
    "paymentDate" DATETIME NOT NULL,
    "count" INTEGER NOT NULL,
    "cents" BIGINT NOT NULL,

    PRIMARY KEY ("status", "paymentDate")
);

-- Written by hand: the database keeps InvoiceDayTotal true whoever writes Invoice.
INSERT INTO "InvoiceDayTotal" ("status", "dueDate", "count", "cents")
SELECT "status", "dueDate", COUNT(*), SUM("amountDueCents") FROM "Invoice" GROUP BY "status", "dueDate";
CREATE TRIGGER "Invoice_total_insert" AFTER INSERT ON "Invoice"
BEGIN
  INSERT INTO "InvoiceDayTotal" ("status", "dueDate", "count", "cents") VALUES (new."status", new."dueDate", 1, new."amountDueCents")
  ON CONFLICT ("status", "dueDate") DO UPDATE SET "count" = "count" + 1, "cents" = "cents" + excluded."cents";
END;
CREATE TRIGGER "Invoice_total_delete" AFTER DELETE ON "Invoice"
BEGIN
  UPDATE "InvoiceDayTotal" SET "count" = "count" - 1, "cents" = "cents" - old."amountDueCents"
  WHERE "status" = old."status" AND "dueDate" = old."dueDate";
  DELETE FROM "InvoiceDayTotal" WHERE "status" = old."status" AND "dueDate" = old."dueDate" AND "count" <= 0;
END;
CREATE TRIGGER "Invoice_total_update" AFTER UPDATE OF "status", "dueDate", "amountDueCents" ON "Invoice"
BEGIN
  UPDATE "InvoiceDayTotal" SET "count" = "count" - 1, "cents" = "cents" - old."amountDueCents"
  WHERE "status" = old."status" AND "dueDate" = old."dueDate";
  DELETE FROM "InvoiceDayTotal" WHERE "status" = old."status" AND "dueDate" = old."dueDate" AND "count" <= 0;
  INSERT INTO "InvoiceDayTotal" ("status", "dueDate", "count", "cents") VALUES (new."status", new."dueDate", 1, new."amountDueCents")
  ON CONFLICT ("status", "dueDate") DO UPDATE SET "count" = "count" + 1, "cents" = "cents" + excluded."cents";
END;

-- Written by hand: the database keeps BillDayTotal true whoever writes Bill.
INSERT INTO "BillDayTotal" ("status", "paymentDate", "count", "cents")
SELECT "status", "paymentDate", COUNT(*), SUM("amountCents") FROM "Bill" GROUP BY "status", "paymentDate";
CREATE TRIGGER "Bill_total_insert" AFTER INSERT ON "Bill"
BEGIN
  INSERT INTO "BillDayTotal" ("status", "paymentDate", "count", "cents") VALUES (new."status", new."paymentDate", 1, new."amountCents")
  ON CONFLICT ("status", "paymentDate") DO UPDATE SET "count" = "count" + 1, "cents" = "cents" + excluded."cents";
END;
CREATE TRIGGER "Bill_total_delete" AFTER DELETE ON "Bill"
BEGIN
  UPDATE "BillDayTotal" SET "count" = "count" - 1, "cents" = "cents" - old."amountCents"
  WHERE "status" = old."status" AND "paymentDate" = old."paymentDate";
  DELETE FROM "BillDayTotal" WHERE "status" = old."status" AND "paymentDate" = old."paymentDate" AND "count" <= 0;
END;
CREATE TRIGGER "Bill_total_update" AFTER UPDATE OF "status", "paymentDate", "amountCents" ON "Bill"
BEGIN
  UPDATE "BillDayTotal" SET "count" = "count" - 1, "cents" = "cents" - old."amountCents"
  WHERE "status" = old."status" AND "paymentDate" = old."paymentDate";
  DELETE FROM "BillDayTotal" WHERE "status" = old."status" AND "paymentDate" = old."paymentDate" AND "count" <= 0;
  INSERT INTO "BillDayTotal" ("status", "paymentDate", "count", "cents") VALUES (new."status", new."paymentDate", 1, new."amountCents")
  ON CONFLICT ("status", "paymentDate") DO UPDATE SET "count" = "count" + 1, "cents" = "cents" + excluded."cents";
END;
