import UploadIcon from "@mui/icons-material/Upload";
import Button from "@mui/material/Button";
import { useCallback, useState } from "react";
import { graphql, useRefetchableFragment } from "react-relay";
import type { FetchPolicy } from "relay-runtime";
import { FilterButton } from "../ui/list/FilterButton.tsx";
import { ListToolbar } from "../ui/list/ListToolbar.tsx";
import { usePagedList } from "../ui/list/usePagedList.ts";
import { Toast } from "../ui/Toast.tsx";
import { DataTable } from "../ui/table/DataTable.tsx";
import type { LoadTable_query$key } from "./__generated__/LoadTable_query.graphql";
import type { LoadTableRefetchQuery } from "./__generated__/LoadTableRefetchQuery.graphql";
import { LoadFilterDialog } from "./LoadFilterDialog.tsx";
import { LOAD_COLUMNS, LoadRow } from "./LoadRow.tsx";
import {
  activeFilterCount,
  LOAD_LIST,
  type LoadListCriteria,
  SORT_FIELDS,
  type SortField,
  variablesOf,
} from "./list-criteria.ts";
import { NO_LOADS, SEARCH_PLACEHOLDER } from "./messages.ts";
import { UploadDialog, type UploadSummary } from "./UploadDialog.tsx";

/** The Sort menu's fields: every column's sort ('Uploaded' is the default order's own choice). */
const SORT_CHOICES = SORT_FIELDS.filter(([field]) => field !== "CREATED_AT");

interface LoadTableProps {
  query: LoadTable_query$key;
}

function uploadedText({ rowCount, createdCount, updatedCount }: UploadSummary): string {
  const rows = rowCount.toLocaleString("en-US");
  return `${rows} ${rowCount === 1 ? "row" : "rows"} uploaded: ${createdCount.toLocaleString("en-US")} new, ${updatedCount.toLocaleString("en-US")} updated.`;
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
          totalCount
          pageCount
          page
          pageSize
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
  const { totalCount, pageCount, page, pageSize, edges } = data.loads;
  const refetchWith = useCallback(
    (criteria: LoadListCriteria, fetchPolicy: FetchPolicy) => refetch(variablesOf(criteria), { fetchPolicy }),
    [refetch],
  );
  const list = usePagedList(LOAD_LIST, { refetch: refetchWith, pageCount });
  const { criteria, change } = list;
  const [filterOpen, setFilterOpen] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <>
      <ListToolbar<SortField>
        label="Loads"
        searchLabel="Search loads"
        placeholder={SEARCH_PLACEHOLDER}
        {...list.search}
        filter={
          <FilterButton active={activeFilterCount(criteria.filter)} onClick={() => setFilterOpen(true)} />
        }
        sort={list.sortMenu(SORT_CHOICES, "Newest upload first")}
      >
        <Button
          variant="contained"
          color="secondary"
          startIcon={<UploadIcon />}
          onClick={() => setUploadOpen(true)}
        >
          Manual update
        </Button>
      </ListToolbar>
      <DataTable
        label="Loads"
        columns={LOAD_COLUMNS}
        empty={NO_LOADS}
        rowCount={edges.length}
        {...list.table}
        minWidth={960}
        columnControls
        paging={list.paging(
          { page, pageCount, pageSize, totalCount },
          { label: "Load pages", noun: "loads", countTestId: "load-count" },
        )}
      >
        {edges.map((edge) => (
          <LoadRow key={edge.node.id} load={edge.node} />
        ))}
      </DataTable>
      <LoadFilterDialog
        open={filterOpen}
        filters={criteria.filter}
        onClose={() => setFilterOpen(false)}
        onApply={(filter) => {
          setFilterOpen(false);
          change({ filter });
        }}
      />
      <UploadDialog
        open={uploadOpen}
        onClose={() => setUploadOpen(false)}
        onUploaded={(summary) => {
          setUploadOpen(false);
          setNotice(uploadedText(summary));
          list.reload();
        }}
        onPartlyUploaded={list.reload}
      />
      <Toast
        message={notice ? { severity: "success", text: notice } : null}
        onClose={() => setNotice(null)}
      />
    </>
  );
}
