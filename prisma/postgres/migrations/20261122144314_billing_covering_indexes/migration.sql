-- DropIndex
DROP INDEX "Invoice_status_dueDate_idx";

-- DropIndex
DROP INDEX "Bill_status_paymentDate_idx";

-- CreateIndex
CREATE INDEX "Invoice_status_dueDate_amountDueCents_customerPayer_idx" ON "Invoice"("status", "dueDate", "amountDueCents", "customerPayer");

-- CreateIndex
CREATE INDEX "Bill_status_paymentDate_amountCents_idx" ON "Bill"("status", "paymentDate", "amountCents");
