import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import SortIcon from "@mui/icons-material/Sort";
import Button from "@mui/material/Button";
import type { ComponentType } from "react";
import { untilOpened } from "../deferred.tsx";
import { useMenuButton } from "../useMenuButton.ts";
import { type ListSort, sameSort } from "./list-url.ts";
import type { SortMenuListProps } from "./SortMenuList.tsx";

export interface SortChoices<Field extends string> {
  /** Each sortable field with its label (the column's name). */
  fields: readonly (readonly [Field, string])[];
  value: ListSort<Field> | null;
  onChange(sort: ListSort<Field> | null): void;
  /** The server's own order as a choice of its own ("Newest upload first"); only for lists without a default sort. */
  defaultLabel?: string;
}

// The menu's items load when it first opens (issue 27: not on the first screen).
const SortMenuList = untilOpened(() => import("./SortMenuList.tsx")) as ComponentType<
  SortMenuListProps<string>
>;

/**
 * The Sort button and its menu: every field in both directions, so one pick sets field and
 * direction together ("Pickup Date, descending").
 */
export function SortMenu<Field extends string>({
  fields,
  value,
  onChange,
  defaultLabel,
}: SortChoices<Field>) {
  const { button, menu, close } = useMenuButton();
  const current = value ? fields.find(([field]) => field === value.field)?.[1] : defaultLabel;
  const choose = (sort: ListSort<Field> | null) => {
    close();
    if (!sameSort(sort, value)) onChange(sort);
  };
  return (
    <>
      <Button
        variant={value && defaultLabel ? "contained" : "outlined"}
        startIcon={<SortIcon />}
        endIcon={value ? value.direction === "ASC" ? <ArrowUpwardIcon /> : <ArrowDownwardIcon /> : null}
        {...button}
        aria-description={
          current
            ? `${current}${value ? `, ${value.direction === "ASC" ? "ascending" : "descending"}` : ""}`
            : undefined
        }
      >
        Sort
      </Button>
      <SortMenuList {...menu} fields={fields} value={value} defaultLabel={defaultLabel} onChoose={choose} />
    </>
  );
}
