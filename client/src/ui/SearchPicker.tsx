import Autocomplete from "@mui/material/Autocomplete";
import CircularProgress from "@mui/material/CircularProgress";
import TextField from "@mui/material/TextField";

/** A picker's search: whether its list is open, what the server answered for the text typed. */
export interface PickerSearch<Option> {
  open: boolean;
  onOpen(): void;
  onClose(): void;
  /** The text typed (empty when cleared or after a pick). */
  onSearch(text: string): void;
  options: readonly Option[];
  loading: boolean;
  failed: boolean;
}

interface SearchPickerProps<Option> {
  search: PickerSearch<Option>;
  label: string;
  value: Option | null;
  onChange(value: Option | null): void;
  error?: string;
  /** Shown under the field when there is no error. */
  helperText?: string;
  size?: "small" | "medium";
  optionKey(option: Option): string;
  optionLabel(option: Option): string;
  groupBy?(option: Option): string;
  /** What the open list says when the search found nothing, and when it failed. */
  noOptionsText: string;
  failedText: string;
}

/** Picks one record, searching the server as the user types (the server filters, not the picker). */
export function SearchPicker<Option>({
  search,
  label,
  value,
  onChange,
  error,
  helperText,
  size = "small",
  optionKey,
  optionLabel,
  groupBy,
  noOptionsText,
  failedText,
}: SearchPickerProps<Option>) {
  const { open, loading, options } = search;
  // The chosen record stays among the options while a search that lacks it is shown.
  const shown =
    value && !options.some((option) => optionKey(option) === optionKey(value))
      ? [value, ...options]
      : options;
  return (
    <Autocomplete
      open={open}
      onOpen={search.onOpen}
      onClose={search.onClose}
      value={value}
      options={shown}
      groupBy={groupBy}
      loading={loading}
      filterOptions={(all) => all}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(option, chosen) => optionKey(option) === optionKey(chosen)}
      onChange={(_event, chosen) => onChange(chosen)}
      onInputChange={(_event, text, reason) => {
        if (reason === "input") search.onSearch(text);
        if (reason === "clear" || reason === "reset") search.onSearch("");
      }}
      noOptionsText={search.failed ? failedText : noOptionsText}
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
