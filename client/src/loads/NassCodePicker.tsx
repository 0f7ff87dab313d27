import { graphql } from "react-relay";
import { usePickerSearch } from "../relay/usePickerSearch.ts";
import { SearchPicker } from "../ui/SearchPicker.tsx";
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
          timeZone
        }
      }
    }
  }
`;

const SHOWN = 20;

export function nassLabel(option: NassOption): string {
  const place = [option.city, option.state].filter(Boolean).join(", ");
  return [option.code, option.facilityName, place].filter(Boolean).join(" · ");
}

const optionsOf = (data: NassCodePickerQuery["response"]): NassOption[] =>
  data.nassCodes.edges.map(({ node }) => ({
    id: node.id,
    code: node.code,
    facilityName: node.facilityName ?? null,
    city: node.city ?? null,
    state: node.state ?? null,
    timeZone: node.timeZone ?? null,
  }));

interface NassCodePickerProps {
  label: string;
  value: NassOption | null;
  error?: string;
  onChange(value: NassOption | null): void;
}

/** Picks a NASS record, searching the NASS codes (code, facility name or city) as the user types. */
export function NassCodePicker({ label, value, error, onChange }: NassCodePickerProps) {
  const search = usePickerSearch<NassCodePickerQuery, NassOption>(
    query,
    (text) => ({ search: text, first: SHOWN }),
    optionsOf,
  );
  return (
    <SearchPicker
      search={search}
      label={label}
      value={value}
      error={error}
      onChange={onChange}
      optionKey={(option) => option.id}
      optionLabel={nassLabel}
      noOptionsText="No NASS codes found."
      failedText="The NASS codes could not be loaded."
    />
  );
}
