import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import { Link as RouterLink } from "react-router-dom";
import { BILLING_TEXTS, type Ledger } from "../../../common/billing.ts";
import { PageTitle } from "../ui/PageTitle.tsx";
import { listPath } from "./billing-criteria.ts";

/** No invoice or bill with that number: the screen's title, the spec's text and the way back. */
export function EntryNotFound({ ledger, number }: { ledger: Ledger; number: string }) {
  const section = ledger === "receivable" ? "Accounts Receivable" : "Accounts Payable";
  return (
    <>
      <PageTitle>{`ILA / Billing / ${section} / ${number}`}</PageTitle>
      <Alert severity="warning" role="alert">
        <span>{BILLING_TEXTS.oneFetchFailed}</span>{" "}
        <Link component={RouterLink} to={listPath(ledger)}>
          Back to the list
        </Link>
      </Alert>
    </>
  );
}
