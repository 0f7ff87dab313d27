import Box from "@mui/material/Box";
import { type ReactNode, useRef } from "react";
import { SearchBox } from "../SearchBox.tsx";
import { useShortcuts } from "../shortcuts.ts";
import { SEARCH_MAX_LENGTH } from "./list-url.ts";
import { type SortChoices, SortMenu } from "./SortMenu.tsx";

interface ListToolbarProps<Field extends string> {
  /** The search form's name ("Loads"). */
  label: string;
  /** The search box's accessible name ("Search loads"); defaults to the placeholder. */
  searchLabel?: string;
  placeholder: string;
  searchText: string;
  onSearchText(text: string): void;
  /** Enter: search at once. */
  onSearchNow(): void;
  /** Shown before the search box (a label chip). */
  before?: ReactNode;
  /** Shown after the search box ('Last update: ...'). */
  after?: ReactNode;
  /** The Filter button (usually `FilterButton`) or menu. */
  filter?: ReactNode;
  sort?: SortChoices<Field>;
  /** The screen's own actions ('Manual update', 'Create Route'). */
  children?: ReactNode;
}

/**
 * Search, Filter and Sort above every list, then the screen's actions. 's' focuses the list's own
 * search box ('/' is the header search's, on every screen).
 */
export function ListToolbar<Field extends string>(props: ListToolbarProps<Field>) {
  const input = useRef<HTMLInputElement>(null);
  useShortcuts([
    {
      key: "s",
      description: "Search this list",
      group: "Lists",
      run: () => {
        input.current?.focus();
        input.current?.select();
      },
    },
  ]);
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, mb: 2 }}>
      {props.before}
      <Box
        component="form"
        role="search"
        aria-label={props.label}
        onSubmit={(event) => {
          event.preventDefault();
          props.onSearchNow();
        }}
        sx={{ flex: "1 1 220px", minWidth: 0, maxWidth: 420 }}
      >
        <SearchBox
          type="search"
          label={props.searchLabel ?? props.placeholder}
          placeholder={props.placeholder}
          value={props.searchText}
          onChange={(event) => props.onSearchText(event.target.value)}
          inputRef={input}
          maxLength={SEARCH_MAX_LENGTH}
          keyShortcuts="/"
        />
      </Box>
      {props.after}
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", ml: { sm: "auto" } }}>
        {props.filter}
        {props.sort ? <SortMenu {...props.sort} /> : null}
        {props.children}
      </Box>
    </Box>
  );
}
