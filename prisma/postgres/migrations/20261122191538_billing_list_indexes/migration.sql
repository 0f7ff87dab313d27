-- DropIndex
DROP INDEX "Invoice_dueDate_idx";

-- DropIndex
DROP INDEX "Invoice_status_idx";

-- DropIndex
DROP INDEX "Invoice_customerPayer_idx";

-- DropIndex
DROP INDEX "Bill_paymentDate_idx";

-- DropIndex
DROP INDEX "Bill_status_idx";

-- DropIndex
DROP INDEX "Bill_carrier_idx";

-- CreateTable
CREATE TABLE "InvoicePartyName" (
    "customerPayer" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "InvoicePartyName_pkey" PRIMARY KEY ("customerPayer")
);

-- CreateTable
CREATE TABLE "BillPartyName" (
    "carrier" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "BillPartyName_pkey" PRIMARY KEY ("carrier")
);

-- CreateIndex
CREATE INDEX "Invoice_dueDate_invoiceNumber_idx" ON "Invoice"("dueDate", "invoiceNumber");

-- CreateIndex
CREATE INDEX "Invoice_status_invoiceNumber_idx" ON "Invoice"("status", "invoiceNumber");

-- CreateIndex
CREATE INDEX "Invoice_customerPayer_invoiceNumber_idx" ON "Invoice"("customerPayer", "invoiceNumber");

-- CreateIndex
CREATE INDEX "Invoice_amountDueCents_invoiceNumber_idx" ON "Invoice"("amountDueCents", "invoiceNumber");

-- CreateIndex
CREATE INDEX "Invoice_createdAt_invoiceNumber_idx" ON "Invoice"("createdAt", "invoiceNumber");

-- CreateIndex
CREATE INDEX "Invoice_customerPayer_status_dueDate_amountDueCents_idx" ON "Invoice"("customerPayer", "status", "dueDate", "amountDueCents");

-- CreateIndex
CREATE INDEX "Bill_paymentDate_billNumber_idx" ON "Bill"("paymentDate", "billNumber");

-- CreateIndex
CREATE INDEX "Bill_status_billNumber_idx" ON "Bill"("status", "billNumber");

-- CreateIndex
CREATE INDEX "Bill_carrier_billNumber_idx" ON "Bill"("carrier", "billNumber");

-- CreateIndex
CREATE INDEX "Bill_amountCents_billNumber_idx" ON "Bill"("amountCents", "billNumber");

-- CreateIndex
CREATE INDEX "Bill_createdAt_billNumber_idx" ON "Bill"("createdAt", "billNumber");

-- CreateIndex
CREATE INDEX "Bill_carrier_status_paymentDate_amountCents_idx" ON "Bill"("carrier", "status", "paymentDate", "amountCents");

-- Written by hand: the database keeps the party names true whoever writes Invoice or Bill.
INSERT INTO "InvoicePartyName" ("customerPayer", "count")
SELECT "customerPayer", COUNT(*) FROM "Invoice" GROUP BY "customerPayer";
CREATE FUNCTION "Invoice_party_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "InvoicePartyName" SET "count" = "count" - 1 WHERE "customerPayer" = OLD."customerPayer";
    DELETE FROM "InvoicePartyName" WHERE "customerPayer" = OLD."customerPayer" AND "count" <= 0;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO "InvoicePartyName" ("customerPayer", "count") VALUES (NEW."customerPayer", 1)
    ON CONFLICT ("customerPayer") DO UPDATE SET "count" = "InvoicePartyName"."count" + 1;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Invoice_party_insert_delete" AFTER INSERT OR DELETE ON "Invoice"
FOR EACH ROW EXECUTE FUNCTION "Invoice_party_change"();
CREATE TRIGGER "Invoice_party_update" AFTER UPDATE OF "customerPayer" ON "Invoice"
FOR EACH ROW WHEN (OLD."customerPayer" IS DISTINCT FROM NEW."customerPayer")
EXECUTE FUNCTION "Invoice_party_change"();

INSERT INTO "BillPartyName" ("carrier", "count")
SELECT "carrier", COUNT(*) FROM "Bill" GROUP BY "carrier";
CREATE FUNCTION "Bill_party_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "BillPartyName" SET "count" = "count" - 1 WHERE "carrier" = OLD."carrier";
    DELETE FROM "BillPartyName" WHERE "carrier" = OLD."carrier" AND "count" <= 0;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO "BillPartyName" ("carrier", "count") VALUES (NEW."carrier", 1)
    ON CONFLICT ("carrier") DO UPDATE SET "count" = "BillPartyName"."count" + 1;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Bill_party_insert_delete" AFTER INSERT OR DELETE ON "Bill"
FOR EACH ROW EXECUTE FUNCTION "Bill_party_change"();
CREATE TRIGGER "Bill_party_update" AFTER UPDATE OF "carrier" ON "Bill"
FOR EACH ROW WHEN (OLD."carrier" IS DISTINCT FROM NEW."carrier")
EXECUTE FUNCTION "Bill_party_change"();

-- Written by hand (Prisma cannot express it): "number contains" (ILIKE) through trigram GIN
-- indexes (pg_trgm, created by the load_sort_copies_and_search migration).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "Invoice_invoiceNumber_trgm_idx" ON "Invoice" USING gin ("invoiceNumber" gin_trgm_ops);
CREATE INDEX "Bill_billNumber_trgm_idx" ON "Bill" USING gin ("billNumber" gin_trgm_ops);
