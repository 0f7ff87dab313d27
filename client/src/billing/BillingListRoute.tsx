import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import { useSearchParams } from "react-router-dom";
import type { Ledger } from "../../../common/billing.ts";
import { useListQuery } from "../ui/list/useListQuery.ts";
import { PageTitle } from "../ui/PageTitle.tsx";
import { QueryBoundary } from "../ui/QueryBoundary.tsx";
import PayablesPageQueryNode, { type PayablesPageQuery } from "./__generated__/PayablesPageQuery.graphql";
import ReceivablesPageQueryNode, {
  type ReceivablesPageQuery,
} from "./__generated__/ReceivablesPageQuery.graphql";
import {
  BILLING_LIST,
  type BillingFilters,
  ledgerOf,
  type SortField,
  variablesOf,
} from "./billing-criteria.ts";
import { FETCH_FAILED } from "./entry-form.ts";
import { PayablesPage } from "./PayablesPage.tsx";
import { ReceivablesPage } from "./ReceivablesPage.tsx";

function ReceivablesView() {
  const { queryRef, retry, attempt } = useListQuery<ReceivablesPageQuery, BillingFilters, SortField>(
    ReceivablesPageQueryNode,
    BILLING_LIST,
    variablesOf,
  );
  return (
    <QueryBoundary queryRef={queryRef} resetKey={attempt} message={FETCH_FAILED.receivable} onRetry={retry}>
      {(loaded) => <ReceivablesPage queryRef={loaded} />}
    </QueryBoundary>
  );
}

function PayablesView() {
  const { queryRef, retry, attempt } = useListQuery<PayablesPageQuery, BillingFilters, SortField>(
    PayablesPageQueryNode,
    BILLING_LIST,
    variablesOf,
  );
  return (
    <QueryBoundary queryRef={queryRef} resetKey={attempt} message={FETCH_FAILED.payable} onRetry={retry}>
      {(loaded) => <PayablesPage queryRef={loaded} />}
    </QueryBoundary>
  );
}

/**
 * /admin/ila/billing: Accounts Receivable / Accounts Payable. The ledger, search, filters, sort and
 * page live in the address; switching ledgers starts the other one afresh.
 */
export default function BillingListRoute() {
  const [params, setSearchParams] = useSearchParams();
  const ledger = ledgerOf(params);
  const handleLedger = (next: Ledger | null) => {
    if (next && next !== ledger) setSearchParams(next === "payable" ? { ledger: "payable" } : {});
  };
  return (
    <>
      <PageTitle>ILA / Billing</PageTitle>
      <ToggleButtonGroup
        exclusive
        color="primary"
        size="small"
        value={ledger}
        onChange={(_event, value: Ledger | null) => handleLedger(value)}
        aria-label="Ledger"
        sx={{ mb: 2, flexWrap: "wrap" }}
      >
        <ToggleButton value="receivable">Accounts Receivable</ToggleButton>
        <ToggleButton value="payable">Accounts Payable</ToggleButton>
      </ToggleButtonGroup>
      {ledger === "receivable" ? <ReceivablesView key="receivable" /> : <PayablesView key="payable" />}
    </>
  );
}
