import UploadIcon from "@mui/icons-material/Upload";
import { lazy, Suspense, useState } from "react";
import { graphql, useRefetchableFragment } from "react-relay";
import { FilterDialogButton } from "../ui/list/FilterDialogButton.tsx";
import { ListAction } from "../ui/list/ListAction.tsx";
import { ListToolbar } from "../ui/list/ListToolbar.tsx";
import { useRefetchList } from "../ui/list/useRefetchList.ts";
import { useToast } from "../ui/Toast.tsx";
import { DataTable } from "../ui/table/DataTable.tsx";
import type { LoadTable_query$key } from "./__generated__/LoadTable_query.graphql";
import type { LoadTableRefetchQuery } from "./__generated__/LoadTableRefetchQuery.graphql";
import { LoadFilterDialog } from "./LoadFilterDialog.tsx";
import { LOAD_COLUMNS, LoadRow } from "./LoadRow.tsx";
import { activeFilterCount, LOAD_LIST, SORT_FIELDS, type SortField, variablesOf } from "./list-criteria.ts";
import { NO_LOADS, SEARCH_PLACEHOLDER } from "./messages.ts";
import type { UploadSummary } from "./UploadDialog.tsx";

// Its parsing and field rules load when it is first opened, not with the list.
const UploadDialog = lazy(() =>
  import("./UploadDialog.tsx").then((module) => ({ default: module.UploadDialog })),
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
      >
        {data.loads.edges.map((edge) => (
          <LoadRow key={edge.node.id} load={edge.node} />
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
