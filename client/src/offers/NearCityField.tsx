import Autocomplete from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";
import { useEffect, useState } from "react";
import { fetchQuery, graphql, useRelayEnvironment } from "react-relay";
import { cityStateText } from "../../../common/offer-board.ts";
import type { NearCityFieldCitiesQuery } from "./__generated__/NearCityFieldCitiesQuery.graphql";

const citiesQuery = graphql`
  query NearCityFieldCitiesQuery($search: String!) {
    boardCities(search: $search) {
      city
      state
    }
  }
`;

export interface NearCityFieldProps {
  value: string;
  onChange(value: string): void;
  /** The stand-in box (OfferFilterFields) had the focus: this one takes it over. */
  autoFocus?: boolean;
}

/** "Near": a city picked from the located cities whose name starts with what is typed. */
export function NearCityField({ value, onChange, autoFocus = false }: NearCityFieldProps) {
  const environment = useRelayEnvironment();
  const [typed, setTyped] = useState("");
  const [options, setOptions] = useState<string[]>([]);
  useEffect(() => {
    const search = typed.split(",")[0].trim();
    if (search.length < 2) {
      setOptions([]);
      return;
    }
    const subscription = fetchQuery<NearCityFieldCitiesQuery>(environment, citiesQuery, {
      search,
    }).subscribe({
      next: (data) => setOptions(data.boardCities.map(cityStateText)),
      error: () => setOptions([]),
    });
    return () => subscription.unsubscribe();
  }, [environment, typed]);
  return (
    <Autocomplete
      size="small"
      options={options}
      value={value || null}
      filterOptions={(all) => all}
      onChange={(_event, picked) => onChange(picked ?? "")}
      onInputChange={(_event, text) => setTyped(text)}
      noOptionsText="Type a city's name"
      sx={{ minWidth: 200 }}
      renderInput={(params) => <TextField {...params} label="Near city" autoFocus={autoFocus} />}
    />
  );
}
