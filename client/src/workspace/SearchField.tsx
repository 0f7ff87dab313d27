import SearchIcon from "@mui/icons-material/Search";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import { useEffect, useRef, useState } from "react";

const SEARCH_DELAY_MS = 350;

interface SearchFieldProps {
  label: string;
  placeholder: string;
  /** The search in the address; the field follows it when it changes from elsewhere. */
  value: string;
  onSearch(term: string): void;
}

/** Searches shortly after typing stops, or at once on Enter. */
export function SearchField({ label, placeholder, value, onSearch }: SearchFieldProps) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const send = (term: string) => {
    window.clearTimeout(timer.current);
    if (term.trim() === sent.current) return;
    sent.current = term.trim();
    onSearch(term.trim());
  };
  return (
    <TextField
      size="small"
      type="search"
      label={label}
      placeholder={placeholder}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => send(next), SEARCH_DELAY_MS);
      }}
      onKeyDown={(event) => {
        if (event.key === "Enter") send(text);
      }}
      sx={{ minWidth: { xs: "100%", sm: 280 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
