import CheckBoxIcon from "@mui/icons-material/CheckBox";
import CheckBoxOutlineBlankIcon from "@mui/icons-material/CheckBoxOutlineBlank";
import SearchIcon from "@mui/icons-material/Search";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import InputAdornment from "@mui/material/InputAdornment";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { graphql } from "react-relay";
import { formatDateTime } from "../lib/dates.ts";
import { useSearchQuery } from "../relay/useSearchQuery.ts";
import type { LoadPickerQuery } from "./__generated__/LoadPickerQuery.graphql";

const query = graphql`
  query LoadPickerQuery($search: String, $pageSize: Int) {
    loads(search: $search, page: 1, pageSize: $pageSize) {
      totalCount
      edges {
        node {
          id
          loadId
          routeNumber
          customer
          pickupDate
        }
      }
    }
  }
`;

export interface PickedLoad {
  loadId: string;
  routeNumber: string | null;
}

const SEARCH_DELAY_MS = 250;
const SHOWN = 25;

interface LoadResults {
  loads: LoadPickerQuery["response"]["loads"]["edges"];
  total: number;
}

const readResults = (data: LoadPickerQuery["response"]): LoadResults => ({
  loads: data.loads.edges,
  total: data.loads.totalCount,
});

interface LoadPickerProps {
  selected: PickedLoad[];
  onChange(selected: PickedLoad[]): void;
}

/** Searches loads by id; each result says which route it is on already (it would move). */
export function LoadPicker({ selected, onChange }: LoadPickerProps) {
  const [search, setSearch] = useState("");
  const {
    result: results,
    loading,
    failed,
  } = useSearchQuery<LoadPickerQuery, LoadResults>(
    query,
    { search: search.trim() || null, pageSize: SHOWN },
    readResults,
    { delayMs: SEARCH_DELAY_MS },
  );

  const isSelected = (loadId: string) => selected.some((load) => load.loadId === loadId);
  const toggle = (load: PickedLoad) =>
    onChange(
      isSelected(load.loadId) ? selected.filter((item) => item.loadId !== load.loadId) : [...selected, load],
    );

  return (
    <Box>
      <TextField
        size="small"
        fullWidth
        type="search"
        label="Search loads by ID"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
            endAdornment: loading ? <CircularProgress size={16} aria-label="Searching loads" /> : null,
          },
        }}
      />
      {selected.length > 0 ? (
        <Box aria-label="Selected loads" sx={{ display: "flex", flexWrap: "wrap", gap: 0.5, mt: 1 }}>
          {selected.map((load) => (
            <Chip key={load.loadId} size="small" label={load.loadId} onDelete={() => toggle(load)} />
          ))}
        </Box>
      ) : null}
      <Box
        sx={{ mt: 1, border: 1, borderColor: "divider", borderRadius: 1, maxHeight: 260, overflowY: "auto" }}
      >
        {failed ? (
          <Typography color="error" sx={{ p: 2 }} role="alert">
            No se pudieron obtener las cargas
          </Typography>
        ) : results && results.loads.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            No loads found.
          </Typography>
        ) : (
          <List dense aria-label="Loads to add" disablePadding>
            {results?.loads.map(({ node }) => {
              const checked = isSelected(node.loadId);
              const details = [
                node.customer,
                formatDateTime(node.pickupDate),
                node.routeNumber ? `on route ${node.routeNumber}` : null,
              ].filter(Boolean);
              return (
                <ListItem key={node.id} disablePadding>
                  <ListItemButton
                    role="checkbox"
                    aria-checked={checked}
                    onClick={() => toggle({ loadId: node.loadId, routeNumber: node.routeNumber ?? null })}
                  >
                    <ListItemIcon sx={{ minWidth: 36 }}>
                      {/* A drawn box, not a second checkbox control inside the row's own (axe: nested-interactive). */}
                      {checked ? (
                        <CheckBoxIcon fontSize="small" color="primary" aria-hidden />
                      ) : (
                        <CheckBoxOutlineBlankIcon fontSize="small" aria-hidden />
                      )}
                    </ListItemIcon>
                    <ListItemText primary={node.loadId} secondary={details.join(" · ") || null} />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        )}
      </Box>
      {results && results.total > results.loads.length ? (
        <Typography variant="caption" color="text.secondary">
          {`Showing ${results.loads.length} of ${results.total.toLocaleString("en-US")} loads; search to narrow.`}
        </Typography>
      ) : null}
    </Box>
  );
}
