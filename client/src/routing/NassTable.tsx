import AddIcon from "@mui/icons-material/Add";
import UploadIcon from "@mui/icons-material/Upload";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Snackbar from "@mui/material/Snackbar";
import { useCallback, useState } from "react";
import { graphql, useRefetchableFragment } from "react-relay";
import type { FetchPolicy } from "relay-runtime";
import { NO_NASS_CODES } from "../../../common/routing.ts";
import type { NassFilterDialog_facets$key } from "./__generated__/NassFilterDialog_facets.graphql";
import type { NassRow_nass$data } from "./__generated__/NassRow_nass.graphql";
import type { NassTable_query$key } from "./__generated__/NassTable_query.graphql";
import type { NassTableRefetchQuery } from "./__generated__/NassTableRefetchQuery.graphql";
import { ListFrame } from "./ListFrame.tsx";
import { NassFilterDialog } from "./NassFilterDialog.tsx";
import { NassFormDialog } from "./NassFormDialog.tsx";
import { NassImportDialog } from "./NassImportDialog.tsx";
import { NassRow } from "./NassRow.tsx";
import { RoutingToolbar } from "./RoutingToolbar.tsx";
import {
  activeFilterCount,
  NASS_SORT_FIELDS,
  type NassCriteria,
  type NassSortField,
  nassVariables,
} from "./routing-criteria.ts";
import { SortMenu } from "./SortMenu.tsx";
import { useListState } from "./useListState.ts";

const COLUMNS: [string, NassSortField | null][] = [
  ["Code", "CODE"],
  ["Region", "REGION"],
  ["Division", "DIVISION"],
  ["FDB ID", null],
  ["Facility Name", "FACILITY_NAME"],
  ["Street", null],
  ["City", "CITY"],
  ["State", "STATE"],
  ["Zip", "ZIP"],
  ["Type Code", null],
  ["Sub-Type", null],
  ["Facility Type", "FACILITY_TYPE"],
  ["Originating", null],
  ["Destinating", null],
  ["", null],
];

interface NassTableProps {
  query: NassTable_query$key;
  facets: NassFilterDialog_facets$key;
  initialCriteria: NassCriteria;
}

/** The NASS Codes view: the facility master, 50 a page, with import and add/edit. */
export function NassTable({ query, facets, initialCriteria }: NassTableProps) {
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
          totalCount
          pageCount
          page
          pageSize
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
  const { totalCount, pageCount, page, pageSize, edges } = data.nassCodes;
  const refetchWith = useCallback(
    (criteria: NassCriteria, fetchPolicy: FetchPolicy) => refetch(nassVariables(criteria), { fetchPolicy }),
    [refetch],
  );
  const list = useListState("nass", initialCriteria, refetchWith, pageCount);
  const { criteria, show } = list;
  const [filterOpen, setFilterOpen] = useState(false);
  const [sortAnchor, setSortAnchor] = useState<HTMLElement | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [editing, setEditing] = useState<NassRow_nass$data | "new" | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <>
      <RoutingToolbar
        label="NASS codes"
        placeholder="Search code, facility, city, state or zip…"
        searchText={list.searchText}
        activeFilters={activeFilterCount(criteria.filters)}
        sorted={criteria.sort !== null}
        onSearchText={list.setSearchText}
        onSearchNow={() => show({ ...criteria, search: list.searchText, page: 1 })}
        onOpenFilter={() => setFilterOpen(true)}
        onOpenSort={setSortAnchor}
      >
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing("new")}>
          Add NASS code
        </Button>
        <Button
          variant="contained"
          color="secondary"
          startIcon={<UploadIcon />}
          onClick={() => setImportOpen(true)}
        >
          Import NASS CSV
        </Button>
      </RoutingToolbar>
      <ListFrame
        label="NASS codes"
        columns={COLUMNS}
        sort={criteria.sort}
        direction={criteria.direction}
        empty={NO_NASS_CODES}
        rowCount={edges.length}
        page={page}
        pageCount={pageCount}
        pageSize={pageSize}
        totalCount={totalCount}
        isPending={list.isPending}
        minWidth={1400}
        onSortColumn={(field) =>
          show({
            ...criteria,
            sort: field,
            direction: criteria.sort === field && criteria.direction === "ASC" ? "DESC" : "ASC",
            page: 1,
          })
        }
        onPage={(next) => show({ ...criteria, page: next })}
      >
        {edges.map((edge) => (
          <NassRow key={edge.node.id} nass={edge.node} onEdit={setEditing} />
        ))}
      </ListFrame>
      <NassFilterDialog
        open={filterOpen}
        facets={facets}
        filters={criteria.filters}
        onClose={() => setFilterOpen(false)}
        onApply={(filters) => {
          setFilterOpen(false);
          show({ ...criteria, filters, page: 1 });
        }}
      />
      <SortMenu
        anchor={sortAnchor}
        fields={NASS_SORT_FIELDS}
        sort={criteria.sort}
        direction={criteria.direction}
        onClose={() => setSortAnchor(null)}
        onSort={(sort, direction) => {
          setSortAnchor(null);
          show({ ...criteria, sort, direction, page: 1 });
        }}
      />
      <NassImportDialog
        open={importOpen}
        onClose={() => setImportOpen(false)}
        onImported={(message) => {
          setImportOpen(false);
          setNotice(message);
          list.reload();
        }}
      />
      <NassFormDialog
        nass={editing === "new" ? null : editing}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={(message) => {
          setEditing(null);
          setNotice(message);
          list.reload();
        }}
      />
      <Snackbar
        open={notice !== null}
        autoHideDuration={6000}
        onClose={() => setNotice(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
      >
        <Alert severity="success" variant="filled" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      </Snackbar>
    </>
  );
}
