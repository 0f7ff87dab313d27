import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { ListToolbar } from "../ui/list/ListToolbar.tsx";
import type { SortChoices } from "../ui/list/SortMenu.tsx";
import type { PageAnswer, usePagedList } from "../ui/list/usePagedList.ts";
import type { Column } from "../ui/table/columns.ts";
import { DataTable } from "../ui/table/DataTable.tsx";
import { OfferFilterFields } from "./OfferFilterFields.tsx";
import type { OfferFilters } from "./offer-lists.ts";

interface OfferListProps<Row, Field extends string> {
  /** The table's and the search form's name ("Active offers"). */
  label: string;
  list: ReturnType<typeof usePagedList<OfferFilters, Field>>;
  /** The page the server answered (50 rows a page). */
  answer: PageAnswer;
  sorts: SortChoices<Field>["fields"];
  columns: readonly Column<Row, Field>[];
  empty: string;
  /** Origin/destination state and equipment filters in the toolbar. */
  filtered?: boolean;
  /** Said between the toolbar and the table ("3 open offers"). */
  summary?: ReactNode;
  minWidth?: number;
  children: ReactNode[];
}

/** Every bidding list: search, filters and sort above the rows, 50 a page, criteria in the address. */
export function OfferList<Row, Field extends string>(props: OfferListProps<Row, Field>) {
  const { list, answer, label } = props;
  return (
    <>
      <ListToolbar<Field>
        label={label}
        searchLabel="Search"
        placeholder="Load ID or city"
        {...list.search}
        filter={
          props.filtered ? (
            <OfferFilterFields
              filters={list.criteria.filter}
              onChange={(filter) => list.change({ filter })}
            />
          ) : undefined
        }
        sort={list.sortMenu(props.sorts)}
      />
      {props.summary}
      <DataTable
        label={label}
        columns={props.columns}
        empty={props.empty}
        minWidth={props.minWidth ?? 900}
        {...list.tableOf(answer, { label: `${label} pages` })}
      >
        {props.children}
      </DataTable>
    </>
  );
}

interface OpenOfferCountProps {
  count: number;
  /** Said after the count ("New offers, best bids and rounds update live."). */
  note?: string;
}

/** The Active Offers count line: '3 open offers'. */
export function OpenOfferCount({ count, note }: OpenOfferCountProps) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
      {count} open {count === 1 ? "offer" : "offers"}
      {note ? `. ${note}` : ""}
    </Typography>
  );
}
