import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import { Suspense, useEffect, useState } from "react";
import { useQueryLoader } from "react-relay";
import { useSearchParams } from "react-router-dom";
import type { Ledger } from "../../../common/billing.ts";
import { ErrorBoundary } from "../ui/ErrorBoundary.tsx";
import { Loading } from "../ui/Loading.tsx";
import { PageTitle } from "../ui/PageTitle.tsx";
import PayablesPageQueryNode, { type PayablesPageQuery } from "./__generated__/PayablesPageQuery.graphql";
import ReceivablesPageQueryNode, {
  type ReceivablesPageQuery,
} from "./__generated__/ReceivablesPageQuery.graphql";
import {
  type BillingCriteria,
  criteriaFromParams,
  NO_FILTERS,
  paramsOf,
  variablesOf,
} from "./billing-criteria.ts";
import { FETCH_FAILED } from "./entry-form.ts";
import { PayablesPage } from "./PayablesPage.tsx";
import { ReceivablesPage } from "./ReceivablesPage.tsx";

/**
 * /admin/ila/billing: Accounts Receivable / Accounts Payable. The ledger, search, filters, sort and
 * page live in the address; switching ledgers starts the other one afresh.
 */
export default function BillingListRoute() {
  const [params, setSearchParams] = useSearchParams();
  const [start, setStart] = useState(() => ({ attempt: 0, criteria: criteriaFromParams(params) }));
  const [receivablesRef, loadReceivables] = useQueryLoader<ReceivablesPageQuery>(ReceivablesPageQueryNode);
  const [payablesRef, loadPayables] = useQueryLoader<PayablesPageQuery>(PayablesPageQueryNode);
  const ledger = start.criteria.ledger;

  const load = (criteria: BillingCriteria, fetchPolicy: "store-and-network" | "network-only") => {
    const variables = variablesOf(criteria);
    if (criteria.ledger === "receivable") loadReceivables(variables, { fetchPolicy });
    else loadPayables(variables, { fetchPolicy });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first load only; toggles and retries load themselves
  useEffect(() => load(start.criteria, "store-and-network"), []);

  const handleLedger = (next: Ledger | null) => {
    if (!next || next === ledger) return;
    const criteria: BillingCriteria = {
      ...NO_FILTERS,
      ledger: next,
      search: "",
      sort: null,
      direction: "ASC",
      page: 1,
    };
    setSearchParams(paramsOf(criteria), { replace: false });
    setStart((current) => ({ attempt: current.attempt + 1, criteria }));
    load(criteria, "store-and-network");
  };

  const handleRetry = () => {
    const criteria = criteriaFromParams(new URLSearchParams(window.location.search));
    setStart((current) => ({ attempt: current.attempt + 1, criteria }));
    load(criteria, "network-only");
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
      <ErrorBoundary key={`${ledger}-${start.attempt}`} message={FETCH_FAILED[ledger]} onRetry={handleRetry}>
        <Suspense fallback={<Loading />}>
          {ledger === "receivable" && receivablesRef ? (
            <ReceivablesPage key={start.attempt} queryRef={receivablesRef} initialCriteria={start.criteria} />
          ) : ledger === "payable" && payablesRef ? (
            <PayablesPage key={start.attempt} queryRef={payablesRef} initialCriteria={start.criteria} />
          ) : (
            <Loading />
          )}
        </Suspense>
      </ErrorBoundary>
    </>
  );
}
