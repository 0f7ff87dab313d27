import { useParams } from "react-router-dom";
import { ComingSoon } from "../ui/ComingSoon.tsx";

/** Placeholder until this screen is built: replace this file. */
export default function BillDetailRoute() {
  const { billNumber = "" } = useParams();
  return (
    <ComingSoon
      title={`ILA / Billing / Accounts Payable / ${billNumber}`}
      description="The bill's editable form: carrier, payment date, amount and status."
    />
  );
}
