-- CreateIndex
CREATE INDEX "Invoice_status_customerPayer_invoiceNumber_idx" ON "Invoice"("status", "customerPayer", "invoiceNumber");

-- CreateIndex
CREATE INDEX "Invoice_status_dueDate_invoiceNumber_idx" ON "Invoice"("status", "dueDate", "invoiceNumber");

-- CreateIndex
CREATE INDEX "Invoice_status_amountDueCents_invoiceNumber_idx" ON "Invoice"("status", "amountDueCents", "invoiceNumber");

-- CreateIndex
CREATE INDEX "Invoice_status_createdAt_invoiceNumber_idx" ON "Invoice"("status", "createdAt", "invoiceNumber");

-- CreateIndex
CREATE INDEX "Bill_status_carrier_billNumber_idx" ON "Bill"("status", "carrier", "billNumber");

-- CreateIndex
CREATE INDEX "Bill_status_paymentDate_billNumber_idx" ON "Bill"("status", "paymentDate", "billNumber");

-- CreateIndex
CREATE INDEX "Bill_status_amountCents_billNumber_idx" ON "Bill"("status", "amountCents", "billNumber");

-- CreateIndex
CREATE INDEX "Bill_status_createdAt_billNumber_idx" ON "Bill"("status", "createdAt", "billNumber");
