import { ComingSoon } from "../ui/ComingSoon.tsx";

/** Placeholder until this screen is built: replace this file. */
export default function BillingRoute() {
  return (
    <ComingSoon
      title={"ILA / Billing"}
      description="Accounts receivable (invoices) and accounts payable (bills), 50 per page, with manual entry."
    />
  );
}
