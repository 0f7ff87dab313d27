import AddIcon from "@mui/icons-material/Add";
import UploadIcon from "@mui/icons-material/UploadFile";
import { useState } from "react";
import { graphql, useRefetchableFragment } from "react-relay";
import { CENSUS_TEXTS, CensusImportDialog } from "../compliance/CensusImportDialog.tsx";
import { LastUpdateText } from "../ui/list/LastUpdateText.tsx";
import { ListAction } from "../ui/list/ListAction.tsx";
import { ListCountChip } from "../ui/list/ListCountChip.tsx";
import { ListToolbar } from "../ui/list/ListToolbar.tsx";
import { useLiveRows } from "../ui/list/useLiveRows.ts";
import { useRefetchList } from "../ui/list/useRefetchList.ts";
import { useToast } from "../ui/Toast.tsx";
import { DataTable } from "../ui/table/DataTable.tsx";
import type { CarrierList_query$key } from "./__generated__/CarrierList_query.graphql";
import type { CarrierListRefetchQuery } from "./__generated__/CarrierListRefetchQuery.graphql";
import { AddCarrierDialog } from "./AddCarrierDialog.tsx";
import { CarrierFilterButton } from "./CarrierFilterButton.tsx";
import { CARRIER_COLUMNS, CarrierRow } from "./CarrierRow.tsx";
import {
  CARRIER_LIST,
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
          ...usePagedList_page
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
  const [censusOpen, setCensusOpen] = useState(false);
  const [censusGeneration, setCensusGeneration] = useState(0);
  const { notify, toast } = useToast();
  const list = useRefetchList(CARRIER_LIST, {
    refetch,
    variablesOf: carrierVariables,
    answer: data.carriers,
    onFetched: () => setLastUpdate(new Date()),
  });
  const { criteria, change, reload } = list;

  // Live updates: rows on screen change in place; a carrier this page lacks means a fresh page.
  const reloadUnlessShown = useLiveRows(data.carriers.edges, reload, LIVE_REFRESH_DELAY_MS);
  useCarrierChangedSubscription((id) => {
    setLastUpdate(new Date());
    reloadUnlessShown(id);
  });

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
        before={<ListCountChip label="Carriers" answer={data.carriers} />}
        after={<LastUpdateText at={lastUpdate} />}
        filter={
          <CarrierFilterButton
            value={criteria.filter.type}
            onChange={(type) => change({ filter: { type } })}
          />
        }
        sort={list.sortMenu(SORT_FIELD_LABELS)}
      >
        <ListAction icon={<UploadIcon />} onClick={() => setCensusOpen(true)}>
          {CENSUS_TEXTS.button}
        </ListAction>
        <ListAction icon={<AddIcon />} onClick={() => setDialogOpen(true)}>
          {CARRIER_TEXTS.addCarrier}
        </ListAction>
      </ListToolbar>
      <DataTable
        label="Carriers"
        columns={CARRIER_COLUMNS}
        empty={CARRIER_TEXTS.noCarriers}
        minWidth={760}
        columnControls
        {...list.tableOf(data.carriers, { label: "Pagination", countTestId: "page-range" })}
      >
        {data.carriers.edges.map((edge) => (
          <CarrierRow key={edge.node.id} carrier={edge.node} />
        ))}
      </DataTable>
      <AddCarrierDialog
        key={dialogGeneration}
        open={dialogOpen}
        onClose={handleDialogClose}
        onCreated={(carrier) => {
          notify(`Carrier ${carrier.carrierName} (${carrier.carrierId}) was added.`);
          handleDialogClose();
        }}
      />
      <CensusImportDialog
        key={`census-${censusGeneration}`}
        open={censusOpen}
        onClose={() => {
          setCensusOpen(false);
          setCensusGeneration((generation) => generation + 1);
        }}
        onImported={reload}
      />
      {toast}
    </>
  );
}
