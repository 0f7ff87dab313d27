import { type ReactNode, useState } from "react";
import { FilterButton } from "./FilterButton.tsx";

/** What a list's filter dialog gets: it edits a copy of the filter; Apply hands the new one back. */
export interface FilterDialogProps<Filter> {
  open: boolean;
  filters: Filter;
  onClose(): void;
  onApply(filter: Filter): void;
}

interface FilterDialogButtonProps<Filter> {
  /** The list (`usePagedList`) whose filter the dialog sets. */
  list: {
    criteria: { filter: Filter };
    change(changes: { filter: NoInfer<Filter> }): void;
  };
  /** How many filters are on (the badge). */
  countActive(filter: NoInfer<Filter>): number;
  /** The screen's filter dialog. */
  children(dialog: FilterDialogProps<Filter>): ReactNode;
}

/** The Filter button and the dialog it opens; Apply closes the dialog and sets the list's filter. */
export function FilterDialogButton<Filter>({ list, countActive, children }: FilterDialogButtonProps<Filter>) {
  const [open, setOpen] = useState(false);
  const filter = list.criteria.filter;
  return (
    <>
      <FilterButton active={countActive(filter)} onClick={() => setOpen(true)} />
      {children({
        open,
        filters: filter,
        onClose: () => setOpen(false),
        onApply: (next) => {
          setOpen(false);
          list.change({ filter: next });
        },
      })}
    </>
  );
}
