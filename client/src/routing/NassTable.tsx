import AddIcon from "@mui/icons-material/Add";
import UploadIcon from "@mui/icons-material/Upload";
import Button from "@mui/material/Button";
import { useMemo, useState } from "react";
import { graphql, useRefetchableFragment } from "react-relay";
import { NO_NASS_CODES } from "../../../common/routing.ts";
import { FilterDialogButton } from "../ui/list/FilterDialogButton.tsx";
import { ListAction } from "../ui/list/ListAction.tsx";
import { ListToolbar } from "../ui/list/ListToolbar.tsx";
import { useRefetchList } from "../ui/list/useRefetchList.ts";
import { useToast } from "../ui/Toast.tsx";
import { DataTable } from "../ui/table/DataTable.tsx";
import type { NassFilterDialog_facets$key } from "./__generated__/NassFilterDialog_facets.graphql";
import type { NassRow_nass$data } from "./__generated__/NassRow_nass.graphql";
import type { NassTable_query$key } from "./__generated__/NassTable_query.graphql";
import type { NassTableRefetchQuery } from "./__generated__/NassTableRefetchQuery.graphql";
import { NassFilterDialog } from "./NassFilterDialog.tsx";
import { NassFormDialog } from "./NassFormDialog.tsx";
import { NassImportDialog } from "./NassImportDialog.tsx";
import { NassRow, nassColumns } from "./NassRow.tsx";
import {
  activeFilterCount,
  NASS_LIST,
  NASS_SORT_FIELDS,
  type NassSortField,
  nassVariables,
} from "./routing-criteria.ts";

interface NassTableProps {
  query: NassTable_query$key;
  facets: NassFilterDialog_facets$key;
}

/** The NASS Codes view: the facility master, 50 a page, with import and add/edit. */
export function NassTable({ query, facets }: NassTableProps) {
  const [data, refetch] = useRefetchableFragment<NassTableRefetchQuery, NassTable_query$key>(
    graphql`
      fragment NassTable_query on Query
      @refetchable(queryName: "NassTableRefetchQuery")
      @argumentDefinitions(
        search: { type: "String" }
        filter: { type: "NassFilter" }
        orderBy: { type: "NassCodeOrder" }
        page: { type: "Int", defaultValue: 1 }
        pageSize: { type: "Int", defaultValue: 50 }
      ) {
        nassCodes(search: $search, filter: $filter, orderBy: $orderBy, page: $page, pageSize: $pageSize) {
          ...usePagedList_page
          edges {
            node {
              id
              ...NassRow_nass
            }
          }
        }
      }
    `,
    query,
  );
  const list = useRefetchList(NASS_LIST, {
    refetch,
    variablesOf: nassVariables,
    answer: data.nassCodes,
  });
  const [importOpen, setImportOpen] = useState(false);
  const [editing, setEditing] = useState<NassRow_nass$data | "new" | null>(null);
  const { notify, toast } = useToast();
  const columns = useMemo(() => nassColumns(setEditing), []);
  const handleDone = (message: string) => {
    notify(message);
    list.reload();
  };

  return (
    <>
      <ListToolbar<NassSortField>
        label="NASS codes"
        searchLabel="Search nass codes"
        placeholder="Search code, facility, city, state or zip…"
        {...list.search}
        filter={
          <FilterDialogButton list={list} countActive={activeFilterCount}>
            {(dialog) => <NassFilterDialog facets={facets} {...dialog} />}
          </FilterDialogButton>
        }
        sort={list.sortMenu(NASS_SORT_FIELDS, "Default order")}
      >
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing("new")}>
          Add NASS code
        </Button>
        <ListAction icon={<UploadIcon />} onClick={() => setImportOpen(true)}>
          Import NASS CSV
        </ListAction>
      </ListToolbar>
      <DataTable
        label="NASS codes"
        columns={columns}
        empty={NO_NASS_CODES}
        minWidth={900}
        columnControls
        {...list.tableOf(data.nassCodes, {
          label: "NASS codes pages",
          noun: "nass codes",
          countTestId: "nass-codes-count",
        })}
      >
        {data.nassCodes.edges.map((edge) => (
          <NassRow key={edge.node.id} nass={edge.node} columns={columns} />
        ))}
      </DataTable>
      <NassImportDialog
        open={importOpen}
        onClose={() => setImportOpen(false)}
        onImported={(message) => {
          setImportOpen(false);
          handleDone(message);
        }}
      />
      <NassFormDialog
        nass={editing === "new" ? null : editing}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={(message) => {
          setEditing(null);
          handleDone(message);
        }}
      />
      {toast}
    </>
  );
}
