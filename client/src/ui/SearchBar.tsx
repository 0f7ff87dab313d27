import SearchIcon from "@mui/icons-material/Search";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { relativeTime } from "../lib/relative-time.ts";

const SEARCH_DELAY_MS = 350;
const MINUTE_MS = 60_000;

interface SearchBarProps {
  /** The list's label chip (the spec's "carrier label"). */
  label: string;
  /** When the list's data last changed: shown as 'Last update: 5 minutes ago'. */
  lastUpdate: Date;
  placeholder: string;
  /** Called on Enter at once, and shortly after typing stops. */
  onSearch(term: string): void;
}

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The admin lists' search bar: a label, the search box and the 'Last update' text. */
export function SearchBar({ label, lastUpdate, placeholder, onSearch }: SearchBarProps) {
  const [value, setValue] = useState("");
  const sent = useRef("");
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  }, [onSearch]);
  // Re-render when lastUpdate changes and once a minute, so the relative time stays true.
  const now = Math.max(useNow(MINUTE_MS), lastUpdate.getTime());

  const fire = useCallback((raw: string) => {
    const term = raw.trim();
    if (term === sent.current) return;
    sent.current = term;
    onSearchRef.current(term);
  }, []);

  useEffect(() => {
    const timer = window.setTimeout(() => fire(value), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [value, fire]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    fire(value);
  };

  return (
    <Box
      component="form"
      role="search"
      onSubmit={handleSubmit}
      sx={{ display: "flex", alignItems: "center", gap: 1.5, flexWrap: "wrap", flex: 1, minWidth: 0 }}
    >
      <Chip label={label} color="primary" variant="outlined" data-testid="search-label" />
      <TextField
        size="small"
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        sx={{ flex: "1 1 220px", maxWidth: 420 }}
        slotProps={{
          htmlInput: { "aria-label": placeholder, maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ whiteSpace: "nowrap" }}
        data-testid="last-update"
      >
        Last update: {relativeTime(lastUpdate, now)}
      </Typography>
    </Box>
  );
}
