import { graphql } from "react-relay";
import { usePickerSearch } from "../relay/usePickerSearch.ts";
import { SearchPicker } from "../ui/SearchPicker.tsx";
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

export function driverLabel(option: DriverOption): string {
  return `${option.name} · ${option.userId}`;
}

const optionsOf = (data: DriverPickerQuery["response"]): DriverOption[] =>
  data.carriers.edges.flatMap(({ node }) =>
    node.drivers.map((driver) => ({
      userId: driver.userId,
      name: driver.fullName || driver.email,
      carrierName: node.carrierName,
    })),
  );

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
  const search = usePickerSearch<DriverPickerQuery, DriverOption>(
    query,
    (text) => ({ search: text }),
    optionsOf,
  );
  return (
    <SearchPicker
      search={search}
      label={label}
      value={value}
      error={error}
      helperText={helperText}
      size={size}
      onChange={onChange}
      optionKey={(option) => option.userId}
      optionLabel={driverLabel}
      groupBy={(option) => option.carrierName ?? "No carrier"}
      noOptionsText="No drivers found. Search a carrier's name."
      failedText="No se pudieron obtener los drivers por carrier"
    />
  );
}
