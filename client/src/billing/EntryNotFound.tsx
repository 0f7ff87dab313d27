import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import { Link as RouterLink } from "react-router-dom";
import { BILLING_TEXTS, type Ledger } from "../../../common/billing.ts";
import { listPath } from "./billing-criteria.ts";

/** No invoice or bill with that number: the spec's text and the way back. */
export function EntryNotFound({ ledger }: { ledger: Ledger }) {
  return (
    <Alert severity="warning" role="alert">
      <span>{BILLING_TEXTS.oneFetchFailed}</span>{" "}
      <Link component={RouterLink} to={listPath(ledger)}>
        Back to the list
      </Link>
    </Alert>
  );
}
