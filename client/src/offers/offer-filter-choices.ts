import { NEAR_MILES_CHOICES } from "../../../common/offer-board.ts";
import { EQUIPMENT_TYPES, US_STATES } from "../../../common/offers.ts";
import { DEFAULT_NEAR_MILES, type OfferFilters } from "./offer-lists.ts";

export type OfferSelectField = "originState" | "destinationState" | "equipmentType" | "withinMiles";

export interface OfferSelectChoice {
  value: string;
  text: string;
}

export interface OfferSelect {
  field: OfferSelectField;
  label: string;
  minWidth: number;
  choices: readonly OfferSelectChoice[];
}

const STATE_CHOICES: readonly OfferSelectChoice[] = [
  { value: "", text: "Any" },
  ...US_STATES.map(([code, name]) => ({ value: code, text: `${code} — ${name}` })),
];

/** The active-offer lists' select filters. */
export const OFFER_SELECTS: Record<OfferSelectField, OfferSelect> = {
  originState: { field: "originState", label: "Origin state", minWidth: 140, choices: STATE_CHOICES },
  destinationState: {
    field: "destinationState",
    label: "Destination state",
    minWidth: 160,
    choices: STATE_CHOICES,
  },
  equipmentType: {
    field: "equipmentType",
    label: "Equipment",
    minWidth: 150,
    choices: [{ value: "", text: "Any" }, ...EQUIPMENT_TYPES.map((type) => ({ value: type, text: type }))],
  },
  withinMiles: {
    field: "withinMiles",
    label: "Within",
    minWidth: 120,
    choices: NEAR_MILES_CHOICES.map((miles) => ({ value: String(miles), text: `${miles} miles` })),
  },
};

/** The select's value: Within shows the default radius while none is chosen. */
export function selectValue(filters: OfferFilters, field: OfferSelectField): string {
  return field === "withinMiles" ? filters.withinMiles || String(DEFAULT_NEAR_MILES) : filters[field];
}

/** What a select shows for its value: nothing for "Any" (the label sits in the box then). */
export function selectText(select: OfferSelect, value: string): string {
  if (value === "") return "";
  return select.choices.find((choice) => choice.value === value)?.text ?? value;
}
