import UploadIcon from "@mui/icons-material/Upload";
import { lazy, Suspense, useState } from "react";
import { graphql, useRefetchableFragment } from "react-relay";
import { deferredUntil, untilOpened } from "../ui/deferred.tsx";
import { FilterDialogButton } from "../ui/list/FilterDialogButton.tsx";
import { ListAction } from "../ui/list/ListAction.tsx";
import { ListToolbar } from "../ui/list/ListToolbar.tsx";
import { useRefetchList } from "../ui/list/useRefetchList.ts";
import { useToast } from "../ui/Toast.tsx";
import { DataTable } from "../ui/table/DataTable.tsx";
import type { LoadTable_query$data, LoadTable_query$key } from "./__generated__/LoadTable_query.graphql";
import type { LoadTableRefetchQuery } from "./__generated__/LoadTableRefetchQuery.graphql";
import type { BulkOutcome, SelectedLoad } from "./bulk/bulk-run.ts";
import { LOAD_COLUMNS, LoadRow, marginText } from "./LoadRow.tsx";
import { activeFilterCount, LOAD_LIST, SORT_FIELDS, type SortField, variablesOf } from "./list-criteria.ts";
import { NO_LOADS, SEARCH_PLACEHOLDER } from "./messages.ts";
import type { UploadSummary } from "./UploadDialog.tsx";

// Its parsing and field rules load when it is first opened, not with the list.
const UploadDialog = lazy(() =>
  import("./UploadDialog.tsx").then((module) => ({ default: module.UploadDialog })),
);
// Loaded when first opened, or shown (the bar over the selected loads), not with the list.
const LoadFilterDialog = untilOpened(async () => ({
  default: (await import("./LoadFilterDialog.tsx")).LoadFilterDialog,
}));
const LoadBulkActions = deferredUntil(
  async () => ({ default: (await import("./bulk/LoadBulkActions.tsx")).LoadBulkActions }),
  (props) => props.selected.length > 0,
);

/** The Sort menu's fields: every column's sort ('Uploaded' is the default order's own choice). */
const SORT_CHOICES = SORT_FIELDS.filter(([field]) => field !== "CREATED_AT");

interface LoadTableProps {
  query: LoadTable_query$key;
}

/** How many skipped loads the toast names before "and N more". */
const SKIPPED_NAMED = 5;

function uploadedText({ rowCount, createdCount, updatedCount, skippedLoadIds }: UploadSummary): string {
  const rows = rowCount.toLocaleString("en-US");
  const text = `${rows} ${rowCount === 1 ? "row" : "rows"} uploaded: ${createdCount.toLocaleString("en-US")} new, ${updatedCount.toLocaleString("en-US")} updated.`;
  if (skippedLoadIds.length === 0) return text;
  const named = skippedLoadIds.slice(0, SKIPPED_NAMED).join(", ");
  const more =
    skippedLoadIds.length > SKIPPED_NAMED ? ` and ${skippedLoadIds.length - SKIPPED_NAMED} more` : "";
  return `${text} ${skippedLoadIds.length.toLocaleString("en-US")} skipped: someone changed ${named}${more} while the file was uploading, and their changes were kept.`;
}

type PageNode = LoadTable_query$data["loads"]["edges"][number]["node"];

/** What the bulk actions and the export keep of a selected row. */
function selectedOf(row: PageNode): SelectedLoad {
  return {
    id: row.id,
    loadId: row.loadId,
    routeNumber: row.routeNumber ?? null,
    customer: row.customer ?? null,
    carrierName: row.carrierName ?? null,
    status: row.status,
    stage: row.stage,
    pickupDate: row.pickupDate ?? null,
    deliveryDate: row.deliveryDate ?? null,
    margin: row.marginCents === null || row.marginCents === undefined ? "" : marginText(row),
  };
}

/** The bulk selection: kept across pages and searches until cleared or acted on. */
function useSelection() {
  const [selected, setSelected] = useState<ReadonlyMap<string, SelectedLoad>>(new Map());
  const toggle = (load: SelectedLoad) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(load.id)) next.delete(load.id);
      else next.set(load.id, load);
      return next;
    });
  const setPage = (loads: SelectedLoad[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const load of loads) {
        if (on) next.set(load.id, load);
        else next.delete(load.id);
      }
      return next;
    });
  const keepFailed = (outcome: BulkOutcome) =>
    setSelected((current) => {
      const done = new Set(outcome.done);
      return new Map([...current].filter(([, load]) => !done.has(load.loadId)));
    });
  return { selected, toggle, setPage, keepFailed, clear: () => setSelected(new Map()) };
}

/**
 * The load list: one server page of 50 at a time (search, filters and sort run in the database),
 * so it stays fast however many loads there are.
 */
export function LoadTable({ query }: LoadTableProps) {
  const [data, refetch] = useRefetchableFragment<LoadTableRefetchQuery, LoadTable_query$key>(
    graphql`
      fragment LoadTable_query on Query
      @refetchable(queryName: "LoadTableRefetchQuery")
      @argumentDefinitions(
        search: { type: "String" }
        filter: { type: "LoadFilter" }
        orderBy: { type: "LoadOrder" }
        page: { type: "Int", defaultValue: 1 }
        pageSize: { type: "Int", defaultValue: 50 }
      ) {
        loads(search: $search, filter: $filter, orderBy: $orderBy, page: $page, pageSize: $pageSize) {
          ...usePagedList_page
          edges {
            node {
              id
              # What a selected row keeps for the bulk actions and the export.
              loadId
              routeNumber
              customer
              carrierName
              status
              stage
              pickupDate
              deliveryDate
              marginCents
              marginPercent
              ...LoadRow_load
            }
          }
        }
      }
    `,
    query,
  );
  const list = useRefetchList(LOAD_LIST, { refetch, variablesOf, answer: data.loads });
  const [uploadOpen, setUploadOpen] = useState(false);
  // Stays mounted after the first opening, so it closes with its transition like any dialog.
  const [uploadOpened, setUploadOpened] = useState(false);
  const { notify, toast } = useToast();
  const selection = useSelection();
  const pageLoads = () => data.loads.edges.map((edge) => selectedOf(edge.node));
  const selectedOnPage = data.loads.edges.filter((edge) => selection.selected.has(edge.node.id)).length;
  const pageCount = data.loads.edges.length;

  return (
    <>
      <ListToolbar<SortField>
        label="Loads"
        searchLabel="Search loads"
        placeholder={SEARCH_PLACEHOLDER}
        {...list.search}
        filter={
          <FilterDialogButton list={list} countActive={activeFilterCount}>
            {(dialog) => <LoadFilterDialog {...dialog} />}
          </FilterDialogButton>
        }
        sort={list.sortMenu(SORT_CHOICES, "Newest upload first")}
      >
        <ListAction
          icon={<UploadIcon />}
          onClick={() => {
            setUploadOpened(true);
            setUploadOpen(true);
          }}
        >
          Manual update
        </ListAction>
      </ListToolbar>
      <DataTable
        label="Loads"
        columns={LOAD_COLUMNS}
        empty={NO_LOADS}
        minWidth={960}
        columnControls
        {...list.tableOf(data.loads, { label: "Load pages", noun: "loads", countTestId: "load-count" })}
        selection={{
          checked: pageCount > 0 && selectedOnPage === pageCount,
          indeterminate: selectedOnPage > 0 && selectedOnPage < pageCount,
          onToggle: () => selection.setPage(pageLoads(), selectedOnPage < pageCount),
          label: "Select all loads on this page",
        }}
        toolbar={
          <LoadBulkActions
            selected={[...selection.selected.values()]}
            onClear={selection.clear}
            onMessage={notify}
            onFinished={(outcome) => {
              selection.keepFailed(outcome);
              list.reload();
            }}
          />
        }
      >
        {data.loads.edges.map((edge) => (
          <LoadRow
            key={edge.node.id}
            load={edge.node}
            selected={selection.selected.has(edge.node.id)}
            onToggle={() => selection.toggle(selectedOf(edge.node))}
          />
        ))}
      </DataTable>
      {uploadOpened ? (
        <Suspense fallback={null}>
          <UploadDialog
            open={uploadOpen}
            onClose={() => setUploadOpen(false)}
            onUploaded={(summary) => {
              setUploadOpen(false);
              notify(uploadedText(summary), summary.skippedLoadIds.length > 0 ? "warning" : "success");
              list.reload();
            }}
            onPartlyUploaded={list.reload}
          />
        </Suspense>
      ) : null}
      {toast}
    </>
  );
}
