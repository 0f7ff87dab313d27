import Autocomplete from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";
import { graphql, useLazyLoadQuery } from "react-relay";
import type { WaterfallCarrierPickerQuery } from "./__generated__/WaterfallCarrierPickerQuery.graphql";

export interface WaterfallCarrier {
  id: string;
  label: string;
}

interface WaterfallCarrierPickerProps {
  value: WaterfallCarrier[];
  onChange(carriers: WaterfallCarrier[]): void;
  error?: string;
}

/** The waterfall's carriers in turn order (the order picked); none picked means the ranked list. */
export function WaterfallCarrierPicker({ value, onChange, error }: WaterfallCarrierPickerProps) {
  const data = useLazyLoadQuery<WaterfallCarrierPickerQuery>(
    graphql`
      query WaterfallCarrierPickerQuery {
        users(filter: { role: CARRIER, status: active }, pageSize: 100) {
          edges {
            node {
              id
              email
              companyName
              fullName
            }
          }
        }
      }
    `,
    {},
  );
  const options: WaterfallCarrier[] = data.users.edges.map(({ node }) => ({
    id: node.id,
    label: node.companyName ?? node.fullName ?? node.email,
  }));
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      onChange={(_event, picked) => onChange(picked.slice(0, 10))}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Carrier order"
          error={Boolean(error)}
          helperText={error ?? "In turn order; leave empty for the ranked list"}
        />
      )}
    />
  );
}
