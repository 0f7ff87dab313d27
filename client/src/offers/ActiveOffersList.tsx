import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { ListToolbar } from "../ui/list/ListToolbar.tsx";
import type { usePagedList } from "../ui/list/usePagedList.ts";
import type { Column } from "../ui/table/columns.ts";
import { DataTable } from "../ui/table/DataTable.tsx";
import { ACTIVE_OFFER_SORTS, type ActiveOfferSortField, type OfferFilters } from "./active-offer-list.ts";
import { OfferFilterFields } from "./OfferFilterFields.tsx";

interface ActiveOffersListProps<Row> {
  list: ReturnType<typeof usePagedList<OfferFilters, ActiveOfferSortField>>;
  /** The page the server answered. */
  answer: { totalCount: number; pageCount: number; page: number };
  columns: readonly Column<Row, ActiveOfferSortField>[];
  empty: string;
  /** Said after the count ("New offers, best bids and rounds update live."). */
  note?: string;
  children: ReactNode[];
}

/** Both Active Offers screens: search, filters and sort above the count and the offers, 50 a page. */
export function ActiveOffersList<Row>({
  list,
  answer,
  columns,
  empty,
  note,
  children,
}: ActiveOffersListProps<Row>) {
  const { criteria, change } = list;
  return (
    <>
      <ListToolbar<ActiveOfferSortField>
        label="Active offers"
        searchLabel="Search"
        placeholder="Load ID or city"
        {...list.search}
        filter={<OfferFilterFields filters={criteria.filter} onChange={(filter) => change({ filter })} />}
        sort={list.sortMenu(ACTIVE_OFFER_SORTS)}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {answer.totalCount} open {answer.totalCount === 1 ? "offer" : "offers"}
        {note ? `. ${note}` : ""}
      </Typography>
      <DataTable
        label="Active offers"
        columns={columns}
        empty={empty}
        rowCount={children.length}
        {...list.table}
        minWidth={900}
        paging={list.paging({ ...answer, pageSize: 50 }, { label: "Active offers pages" })}
      >
        {children}
      </DataTable>
    </>
  );
}
