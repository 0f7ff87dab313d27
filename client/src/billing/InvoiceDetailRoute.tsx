import { useParams } from "react-router-dom";
import { ComingSoon } from "../ui/ComingSoon.tsx";

/** Placeholder until this screen is built: replace this file. */
export default function InvoiceDetailRoute() {
  const { invoiceNumber = "" } = useParams();
  return (
    <ComingSoon
      title={`ILA / Billing / Accounts Receivable / ${invoiceNumber}`}
      description="The invoice's editable form: customer or payer, due date, amount due and status."
    />
  );
}
