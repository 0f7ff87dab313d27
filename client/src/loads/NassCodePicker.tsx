import Autocomplete from "@mui/material/Autocomplete";
import CircularProgress from "@mui/material/CircularProgress";
import TextField from "@mui/material/TextField";
import { useEffect, useState } from "react";
import { fetchQuery, graphql, useRelayEnvironment } from "react-relay";
import type { NassCodePickerQuery } from "./__generated__/NassCodePickerQuery.graphql";
import type { NassOption } from "./load-form.ts";

const query = graphql`
  query NassCodePickerQuery($search: String, $first: Int) {
    nassCodes(search: $search, first: $first) {
      edges {
        node {
          id
          code
          facilityName
          city
          state
        }
      }
    }
  }
`;

const SEARCH_DELAY_MS = 250;
const SHOWN = 20;

export function nassLabel(option: NassOption): string {
  const place = [option.city, option.state].filter(Boolean).join(", ");
  return [option.code, option.facilityName, place].filter(Boolean).join(" · ");
}

interface NassCodePickerProps {
  label: string;
  value: NassOption | null;
  error?: string;
  onChange(value: NassOption | null): void;
}

/** Picks a NASS record, searching the NASS codes (code, facility name or city) as the user types. */
export function NassCodePicker({ label, value, error, onChange }: NassCodePickerProps) {
  const environment = useRelayEnvironment();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const [options, setOptions] = useState<NassOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!open) return;
    setLoading(true);
    let subscription: { unsubscribe(): void } | null = null;
    const timer = window.setTimeout(() => {
      subscription = fetchQuery<NassCodePickerQuery>(environment, query, {
        search: search.trim() || null,
        first: SHOWN,
      }).subscribe({
        next: (data) => {
          setOptions(
            data.nassCodes.edges.map(({ node }) => ({
              id: node.id,
              code: node.code,
              facilityName: node.facilityName ?? null,
              city: node.city ?? null,
              state: node.state ?? null,
            })),
          );
          setFailed(false);
          setLoading(false);
        },
        error: () => {
          setFailed(true);
          setLoading(false);
        },
      });
    }, SEARCH_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      subscription?.unsubscribe();
    };
  }, [environment, open, search]);

  return (
    <Autocomplete
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      options={value && !options.some((option) => option.id === value.id) ? [value, ...options] : options}
      loading={loading}
      filterOptions={(shown) => shown}
      getOptionLabel={nassLabel}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      onChange={(_event, chosen) => onChange(chosen)}
      onInputChange={(_event, text, reason) => {
        if (reason === "input") setSearch(text);
        if (reason === "clear" || reason === "reset") setSearch("");
      }}
      noOptionsText={failed ? "The NASS codes could not be loaded." : "No NASS codes found."}
      loadingText="Loading..."
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          size="small"
          error={Boolean(error)}
          helperText={error}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {loading && open ? <CircularProgress color="inherit" size={16} /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
