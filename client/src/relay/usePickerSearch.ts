import { useState } from "react";
import type { GraphQLTaggedNode, OperationType } from "relay-runtime";
import type { PickerSearch } from "../ui/SearchPicker.tsx";
import { useSearchQuery } from "./useSearchQuery.ts";

const SEARCH_DELAY_MS = 250;

/**
 * A `SearchPicker`'s search through a Relay query: sent while the picker is open, once typing
 * pauses. `variablesOf` gets the typed text trimmed, or null for none.
 */
export function usePickerSearch<Query extends OperationType, Option>(
  query: GraphQLTaggedNode,
  variablesOf: (search: string | null) => Query["variables"],
  optionsOf: (data: Query["response"]) => readonly Option[],
): PickerSearch<Option> {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const { result, loading, failed } = useSearchQuery<Query, readonly Option[]>(
    query,
    variablesOf(text.trim() || null),
    optionsOf,
    { delayMs: SEARCH_DELAY_MS, paused: !open },
  );
  return {
    open,
    onOpen: () => setOpen(true),
    onClose: () => setOpen(false),
    onSearch: setText,
    options: result ?? [],
    loading,
    failed,
  };
}
