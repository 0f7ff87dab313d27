-- AlterTable
ALTER TABLE "Invoice" ADD COLUMN "podDocumentId" TEXT;

-- AlterTable
ALTER TABLE "Bill" ADD COLUMN "quickPayAt" DATETIME;
ALTER TABLE "Bill" ADD COLUMN "quickPayFeeBasisPoints" INTEGER;
ALTER TABLE "Bill" ADD COLUMN "quickPayFeeCents" INTEGER;
ALTER TABLE "Bill" ADD COLUMN "tonuProposedCents" INTEGER;

-- CreateTable
CREATE TABLE "BillingLine" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "invoiceId" TEXT,
    "billId" TEXT,
    "position" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "amountCents" INTEGER NOT NULL,
    CONSTRAINT "BillingLine_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "BillingLine_billId_fkey" FOREIGN KEY ("billId") REFERENCES "Bill" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "BillingLine_invoiceId_position_idx" ON "BillingLine"("invoiceId", "position");

-- CreateIndex
CREATE INDEX "BillingLine_billId_position_idx" ON "BillingLine"("billId", "position");
