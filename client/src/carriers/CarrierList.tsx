import AddIcon from "@mui/icons-material/Add";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useCallback, useEffect, useRef, useState, useTransition } from "react";
import { graphql, useRefetchableFragment } from "react-relay";
import type { FetchPolicy } from "relay-runtime";
import { PAGE_SIZE, pageWithin, rangeLabel } from "../lib/pagination.ts";
import { PageNumbers } from "../ui/PageNumbers.tsx";
import { SearchBar } from "../ui/SearchBar.tsx";
import { Toast } from "../ui/Toast.tsx";
import type { CarrierList_query$key } from "./__generated__/CarrierList_query.graphql";
import type { CarrierListRefetchQuery } from "./__generated__/CarrierListRefetchQuery.graphql";
import { AddCarrierDialog, type CreatedCarrier } from "./AddCarrierDialog.tsx";
import { CarrierFilterButton } from "./CarrierFilterButton.tsx";
import { CarrierSortButton } from "./CarrierSortButton.tsx";
import { CarrierTable } from "./CarrierTable.tsx";
import { type CarrierListView, DEFAULT_CARRIER_VIEW } from "./carrier-list-view.ts";
import { CARRIER_TEXTS } from "./carrier-rules.ts";
import { useCarrierChangedSubscription } from "./useCarrierChangedSubscription.ts";

/** A burst of live changes (a bulk edit) becomes one refetch. */
const LIVE_REFRESH_DELAY_MS = 400;

const variablesOf = (view: CarrierListView) => ({
  search: view.search || null,
  filter: view.type ? { type: view.type } : null,
  orderBy: { field: view.sortBy, direction: view.sortDirection },
  page: view.page,
  pageSize: PAGE_SIZE,
});

interface CarrierListProps {
  query: CarrierList_query$key;
}

export function CarrierList({ query }: CarrierListProps) {
  const [data, refetch] = useRefetchableFragment<CarrierListRefetchQuery, CarrierList_query$key>(
    graphql`
      fragment CarrierList_query on Query
      @refetchable(queryName: "CarrierListRefetchQuery")
      @argumentDefinitions(
        search: { type: "String" }
        filter: { type: "CarrierFilter" }
        orderBy: { type: "CarrierOrder", defaultValue: { field: CARRIER_NAME, direction: ASC } }
        page: { type: "Int", defaultValue: 1 }
        pageSize: { type: "Int", defaultValue: 50 }
      ) {
        carriers(search: $search, filter: $filter, orderBy: $orderBy, page: $page, pageSize: $pageSize) {
          totalCount
          pageCount
          edges {
            node {
              id
              ...CarrierRow_carrier
            }
          }
        }
      }
    `,
    query,
  );
  const [isPending, startTransition] = useTransition();
  const [view, setView] = useState<CarrierListView>(DEFAULT_CARRIER_VIEW);
  const [lastUpdate, setLastUpdate] = useState(() => new Date());
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogGeneration, setDialogGeneration] = useState(0);
  const [created, setCreated] = useState<CreatedCarrier | null>(null);
  const { totalCount, pageCount, edges } = data.carriers;

  const viewRef = useRef(view);
  const show = useCallback(
    (next: CarrierListView, fetchPolicy: FetchPolicy = "store-and-network") => {
      viewRef.current = next;
      setView(next);
      startTransition(() => {
        refetch(variablesOf(next), {
          fetchPolicy,
          onComplete: (error) => {
            if (!error) setLastUpdate(new Date());
          },
        });
      });
    },
    [refetch],
  );
  const reload = useCallback(() => show(viewRef.current, "network-only"), [show]);

  // Spec section 4: back to page 1 when the current page no longer exists.
  useEffect(() => {
    const within = pageWithin(view.page, totalCount);
    if (!isPending && within !== view.page) show({ ...view, page: within });
  }, [view, totalCount, isPending, show]);

  // Live updates: rows on screen change in place; a carrier this page lacks means a fresh page.
  const shownIds = useRef(new Set<string>());
  useEffect(() => {
    shownIds.current = new Set(edges.map((edge) => edge.node.id));
  }, [edges]);
  const liveTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(liveTimer.current), []);
  const handleLiveChange = useCallback(
    (id: string) => {
      setLastUpdate(new Date());
      if (shownIds.current.has(id)) return;
      window.clearTimeout(liveTimer.current);
      liveTimer.current = window.setTimeout(reload, LIVE_REFRESH_DELAY_MS);
    },
    [reload],
  );
  useCarrierChangedSubscription(handleLiveChange);

  const handleSearch = useCallback((search: string) => show({ ...viewRef.current, search, page: 1 }), [show]);

  const handleDialogClose = () => {
    setDialogOpen(false);
    // Spec section 4: the fields and errors reset whenever the modal closes; the list reloads.
    setDialogGeneration((generation) => generation + 1);
    reload();
  };

  return (
    <>
      <Box
        sx={{
          display: "flex",
          alignItems: "center",
          gap: 1.5,
          flexWrap: "wrap",
          mb: 2,
        }}
      >
        <SearchBar
          label={`Carriers · ${totalCount}`}
          lastUpdate={lastUpdate}
          placeholder="Search carriers…"
          onSearch={handleSearch}
        />
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
          <CarrierFilterButton value={view.type} onChange={(type) => show({ ...view, type, page: 1 })} />
          <CarrierSortButton
            sortBy={view.sortBy}
            sortDirection={view.sortDirection}
            onChange={(sortBy, sortDirection) => show({ ...view, sortBy, sortDirection, page: 1 })}
          />
          <Button
            variant="contained"
            color="secondary"
            startIcon={<AddIcon />}
            onClick={() => setDialogOpen(true)}
          >
            {CARRIER_TEXTS.addCarrier}
          </Button>
        </Box>
      </Box>
      <CarrierTable
        carriers={edges.map((edge) => edge.node)}
        busy={isPending}
        sortBy={view.sortBy}
        sortDirection={view.sortDirection}
        onSort={(sortBy, sortDirection) => show({ ...view, sortBy, sortDirection, page: 1 })}
      />
      <Box
        sx={{
          display: "flex",
          alignItems: "center",
          justifyContent: "space-between",
          flexWrap: "wrap",
          gap: 1,
          mt: 2,
        }}
      >
        <Typography variant="body2" color="text.secondary" data-testid="page-range">
          {rangeLabel(view.page, totalCount)}
        </Typography>
        <PageNumbers
          label="Pagination"
          page={view.page}
          pageCount={Math.max(1, pageCount)}
          disabled={isPending}
          onPage={(page) => show({ ...view, page })}
        />
      </Box>
      <AddCarrierDialog
        key={dialogGeneration}
        open={dialogOpen}
        onClose={handleDialogClose}
        onCreated={(carrier) => {
          setCreated(carrier);
          handleDialogClose();
        }}
      />
      <Toast
        message={
          created
            ? {
                severity: "success",
                text: `Carrier ${created.carrierName} (${created.carrierId}) was added.`,
              }
            : null
        }
        onClose={() => setCreated(null)}
      />
    </>
  );
}
