import AddIcon from "@mui/icons-material/Add";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import { useCallback, useEffect, useRef, useState } from "react";
import { graphql, useRefetchableFragment } from "react-relay";
import type { FetchPolicy } from "relay-runtime";
import { LastUpdateText } from "../ui/list/LastUpdateText.tsx";
import { ListToolbar } from "../ui/list/ListToolbar.tsx";
import { usePagedList } from "../ui/list/usePagedList.ts";
import { Toast } from "../ui/Toast.tsx";
import { DataTable } from "../ui/table/DataTable.tsx";
import type { CarrierList_query$key } from "./__generated__/CarrierList_query.graphql";
import type { CarrierListRefetchQuery } from "./__generated__/CarrierListRefetchQuery.graphql";
import { AddCarrierDialog, type CreatedCarrier } from "./AddCarrierDialog.tsx";
import { CarrierFilterButton } from "./CarrierFilterButton.tsx";
import { CARRIER_COLUMNS, CarrierRow } from "./CarrierRow.tsx";
import {
  CARRIER_LIST,
  type CarrierListCriteria,
  type CarrierSortField,
  carrierVariables,
  SORT_FIELD_LABELS,
} from "./carrier-list-view.ts";
import { CARRIER_TEXTS } from "./carrier-rules.ts";
import { useCarrierChangedSubscription } from "./useCarrierChangedSubscription.ts";

/** A burst of live changes (a bulk edit) becomes one refetch. */
const LIVE_REFRESH_DELAY_MS = 400;

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
          page
          pageSize
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
  const [lastUpdate, setLastUpdate] = useState(() => new Date());
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogGeneration, setDialogGeneration] = useState(0);
  const [created, setCreated] = useState<CreatedCarrier | null>(null);
  const { totalCount, pageCount, page, pageSize, edges } = data.carriers;

  const refetchWith = useCallback(
    (criteria: CarrierListCriteria, fetchPolicy: FetchPolicy) =>
      refetch(carrierVariables(criteria), {
        fetchPolicy,
        onComplete: (error) => {
          if (!error) setLastUpdate(new Date());
        },
      }),
    [refetch],
  );
  const list = usePagedList(CARRIER_LIST, { refetch: refetchWith, pageCount });
  const { criteria, change, reload } = list;

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

  const handleDialogClose = () => {
    setDialogOpen(false);
    // Spec section 4: the fields and errors reset whenever the modal closes; the list reloads.
    setDialogGeneration((generation) => generation + 1);
    reload();
  };

  return (
    <>
      <ListToolbar<CarrierSortField>
        label="Carriers"
        placeholder="Search carriers…"
        {...list.search}
        before={
          <Chip
            label={`Carriers · ${totalCount}`}
            color="primary"
            variant="outlined"
            data-testid="search-label"
          />
        }
        after={<LastUpdateText at={lastUpdate} />}
        filter={
          <CarrierFilterButton
            value={criteria.filter.type}
            onChange={(type) => change({ filter: { type } })}
          />
        }
        sort={list.sortMenu(SORT_FIELD_LABELS)}
      >
        <Button
          variant="contained"
          color="secondary"
          startIcon={<AddIcon />}
          onClick={() => setDialogOpen(true)}
        >
          {CARRIER_TEXTS.addCarrier}
        </Button>
      </ListToolbar>
      <DataTable
        label="Carriers"
        columns={CARRIER_COLUMNS}
        empty={CARRIER_TEXTS.noCarriers}
        rowCount={edges.length}
        {...list.table}
        minWidth={760}
        columnControls
        paging={list.paging(
          { page, pageCount: Math.max(1, pageCount), pageSize, totalCount },
          { label: "Pagination", countTestId: "page-range" },
        )}
      >
        {edges.map((edge) => (
          <CarrierRow key={edge.node.id} carrier={edge.node} />
        ))}
      </DataTable>
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
