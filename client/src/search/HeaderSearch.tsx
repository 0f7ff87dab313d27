import SearchIcon from "@mui/icons-material/Search";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useEffect, useRef, useState } from "react";
import { graphql } from "react-relay";
import { useNavigate } from "react-router-dom";
import { useSearchQuery } from "../relay/useSearchQuery.ts";
import type { HeaderSearchQuery, HeaderSearchQuery$data } from "./__generated__/HeaderSearchQuery.graphql";
import { SEARCH_KIND_LABEL, type SearchHitKind, searchHitPath } from "./search-paths.ts";

const query = graphql`
  query HeaderSearchQuery($text: String!) {
    search(text: $text, first: 5) {
      kind
      key
      title
      detail
    }
  }
`;

type Hit = HeaderSearchQuery$data["search"][number];

const SEARCH_DELAY_MS = 200;
const MIN_LENGTH = 2;

const isKnownKind = (kind: string): kind is SearchHitKind => kind in SEARCH_KIND_LABEL;
const knownHits = (data: HeaderSearchQuery$data) => data.search.filter((hit) => isKnownKind(hit.kind));

export interface HeaderSearchProps {
  /** What was typed into the box that stood in for this one while its code loaded (HeaderSearchSlot). */
  initialText?: string;
  /** That box had the focus: this one takes it over. */
  autoFocus?: boolean;
}

/**
 * The header's search box: loads, routes, carriers, invoices and bills by id, number, name or
 * DOT/MC. Arrows pick a match, Enter opens it ('/' is HeaderSearchSlot's).
 */
export function HeaderSearch({ initialText = "", autoFocus = false }: HeaderSearchProps) {
  const navigate = useNavigate();
  const box = useRef<HTMLDivElement>(null);
  const [text, setText] = useState(initialText);
  const [open, setOpen] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when it replaces the stand-in
  useEffect(() => {
    if (autoFocus) box.current?.querySelector("input")?.focus();
  }, []);

  const trimmed = text.trim();
  const { result, loading, failed } = useSearchQuery<HeaderSearchQuery, readonly Hit[]>(
    query,
    trimmed.length < MIN_LENGTH ? null : { text: trimmed },
    knownHits,
    { delayMs: SEARCH_DELAY_MS },
  );
  const hits = result ?? [];

  const handlePick = (hit: Hit | null) => {
    if (!hit || !isKnownKind(hit.kind)) return;
    setText("");
    box.current?.querySelector("input")?.blur();
    navigate(searchHitPath(hit.kind, hit.key));
  };

  return (
    <Box ref={box} role="search" sx={{ flex: 1, minWidth: 0, maxWidth: 420 }}>
      <Autocomplete<Hit, false, false, false>
        options={hits as Hit[]}
        value={null}
        inputValue={text}
        onInputChange={(_event, value, reason) => {
          if (reason !== "reset") setText(value);
        }}
        onChange={(_event, hit) => handlePick(hit)}
        filterOptions={(all) => all}
        groupBy={(hit) => SEARCH_KIND_LABEL[hit.kind as SearchHitKind]}
        getOptionLabel={(hit) => hit.title}
        isOptionEqualToValue={(hit, other) => hit.kind === other.kind && hit.key === other.key}
        autoHighlight
        clearOnBlur={false}
        loading={loading}
        loadingText="Searching…"
        noOptionsText={
          failed
            ? "The search failed. Try again."
            : text.trim().length < MIN_LENGTH
              ? "Type at least 2 characters"
              : "No matches"
        }
        open={open && text.trim().length > 0}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        renderOption={({ key, ...props }, hit) => (
          <Box component="li" key={key} {...props} sx={{ display: "block !important" }}>
            <Typography variant="body2">{hit.title}</Typography>
            {hit.detail ? (
              <Typography variant="caption" color="text.secondary">
                {hit.detail}
              </Typography>
            ) : null}
          </Box>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            size="small"
            placeholder="Search loads, routes, carriers…  /"
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, "aria-label": "Search" },
              input: {
                ...params.slotProps.input,
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
      />
    </Box>
  );
}
