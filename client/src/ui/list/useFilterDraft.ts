import { useEffect, useState } from "react";

/** A filter dialog's working copy: the list's filter again each time the dialog opens. */
export function useFilterDraft<Filter>(open: boolean, filters: Filter) {
  const [draft, setDraft] = useState(filters);
  useEffect(() => {
    if (open) setDraft(filters);
  }, [open, filters]);
  return [draft, setDraft] as const;
}

/** The list with `value` added, or without it when it was there (a checkbox group's choice). */
export function toggled<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}
