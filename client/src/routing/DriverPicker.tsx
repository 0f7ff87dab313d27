import Autocomplete from "@mui/material/Autocomplete";
import CircularProgress from "@mui/material/CircularProgress";
import TextField from "@mui/material/TextField";
import { useEffect, useState } from "react";
import { fetchQuery, graphql, useRelayEnvironment } from "react-relay";
import type { DriverPickerQuery } from "./__generated__/DriverPickerQuery.graphql";

const query = graphql`
  query DriverPickerQuery($search: String) {
    carriers(search: $search, first: 20) {
      edges {
        node {
          id
          carrierName
          drivers {
            id
            userId
            fullName
            email
          }
        }
      }
    }
  }
`;

export interface DriverOption {
  userId: string;
  name: string;
  carrierName: string | null;
}

const SEARCH_DELAY_MS = 250;

export function driverLabel(option: DriverOption): string {
  return `${option.name} · ${option.userId}`;
}

interface DriverPickerProps {
  value: DriverOption | null;
  error?: string;
  onChange(value: DriverOption | null): void;
  label?: string;
  /** Shown under the field when there is no error. */
  helperText?: string;
  size?: "small" | "medium";
}

/** Picks a carrier's driver (searching carriers by name), like the manual assignment's Driver. */
export function DriverPicker({
  value,
  error,
  onChange,
  label = "Assigned driver (user key)",
  helperText = "Search by carrier name",
  size = "small",
}: DriverPickerProps) {
  const environment = useRelayEnvironment();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const [options, setOptions] = useState<DriverOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!open) return;
    setLoading(true);
    let subscription: { unsubscribe(): void } | null = null;
    const timer = window.setTimeout(() => {
      subscription = fetchQuery<DriverPickerQuery>(environment, query, {
        search: search.trim() || null,
      }).subscribe({
        next: (data) => {
          setOptions(
            data.carriers.edges.flatMap(({ node }) =>
              node.drivers.map((driver) => ({
                userId: driver.userId,
                name: driver.fullName || driver.email,
                carrierName: node.carrierName,
              })),
            ),
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

  const shown =
    value && !options.some((option) => option.userId === value.userId) ? [value, ...options] : options;
  return (
    <Autocomplete
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      options={shown}
      groupBy={(option) => option.carrierName ?? "No carrier"}
      loading={loading}
      filterOptions={(all) => all}
      getOptionLabel={driverLabel}
      isOptionEqualToValue={(option, chosen) => option.userId === chosen.userId}
      onChange={(_event, chosen) => onChange(chosen)}
      onInputChange={(_event, text, reason) => {
        if (reason === "input") setSearch(text);
        if (reason === "clear" || reason === "reset") setSearch("");
      }}
      noOptionsText={
        failed
          ? "No se pudieron obtener los drivers por carrier"
          : "No drivers found. Search a carrier's name."
      }
      loadingText="Loading..."
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          size={size}
          error={Boolean(error)}
          helperText={error ?? helperText}
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
