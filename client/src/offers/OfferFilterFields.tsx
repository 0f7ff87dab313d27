import { lazy, Suspense, startTransition, useEffect, useRef, useState } from "react";
import { useAfterFirstScreen } from "../app/layout/useAfterFirstScreen.ts";
import { FieldStandIn } from "../ui/FieldStandIn.tsx";
import { OFFER_SELECTS, type OfferSelect, selectText, selectValue } from "./offer-filter-choices.ts";
import type { OfferFilters } from "./offer-lists.ts";

// MUI's Autocomplete and Select (TextField, with Menu, Popover and Modal) load once the first
// screen is up, or at once when the user goes for a field; plain boxes of the same look stand in.
const NearCityField = lazy(() =>
  import("./NearCityField.tsx").then((module) => ({ default: module.NearCityField })),
);
const OfferFilterSelect = lazy(() =>
  import("./OfferFilterSelect.tsx").then((module) => ({ default: module.OfferFilterSelect })),
);

/** True once the first screen is up and idle, or once `wanted`: the swap runs in a transition. */
function useLoaded(wanted: boolean): boolean {
  const afterFirstScreen = useAfterFirstScreen();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (afterFirstScreen || wanted) startTransition(() => setLoaded(true));
  }, [afterFirstScreen, wanted]);
  return loaded;
}

/** The stand-in's box has the focus (read while the real field replaces it). */
const hasFocus = (slot: HTMLElement | null) => {
  const input = slot?.querySelector("input");
  return input !== undefined && input !== null && input === document.activeElement;
};

interface NearCityProps {
  value: string;
  onChange(value: string): void;
}

/**
 * A plain box of the same look until NearCityField's code is in; the box stays until the picker
 * can show, and a focused box hands its focus over.
 */
function NearCitySlot({ value, onChange }: NearCityProps) {
  const slot = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);
  const loaded = useLoaded(wanted);
  const standIn = (
    <FieldStandIn label="Near city" text={value} minWidth={200} arrow onWanted={() => setWanted(true)} />
  );
  return (
    <div ref={slot} style={{ display: "contents" }}>
      <Suspense fallback={standIn}>
        {loaded ? (
          <NearCityField value={value} onChange={onChange} autoFocus={hasFocus(slot.current)} />
        ) : (
          standIn
        )}
      </Suspense>
    </div>
  );
}

interface SelectSlotProps {
  select: OfferSelect;
  value: string;
  onChange(value: string): void;
}

/** A select's stand-in until its code is in; a click on it (or an opening key) opens the select. */
function SelectSlot({ select, value, onChange }: SelectSlotProps) {
  const slot = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState<"focus" | "open" | null>(null);
  const loaded = useLoaded(wanted !== null);
  const standIn = (
    <FieldStandIn
      select
      label={select.label}
      text={selectText(select, value)}
      minWidth={select.minWidth}
      onWanted={(open) => setWanted((was) => (open || was === "open" ? "open" : "focus"))}
    />
  );
  return (
    <div ref={slot} style={{ display: "contents" }}>
      <Suspense fallback={standIn}>
        {loaded ? (
          <OfferFilterSelect
            select={select}
            value={value}
            onChange={onChange}
            autoFocus={hasFocus(slot.current)}
            defaultOpen={wanted === "open"}
          />
        ) : (
          standIn
        )}
      </Suspense>
    </div>
  );
}

interface OfferFilterFieldsProps {
  filters: OfferFilters;
  onChange(filters: OfferFilters): void;
}

/**
 * The active-offer lists' filters, shown in the toolbar: origin and destination state, equipment,
 * and a pickup within N miles of a city picked from the list.
 */
export function OfferFilterFields({ filters, onChange }: OfferFilterFieldsProps) {
  const slotOf = (select: OfferSelect) => (
    <SelectSlot
      key={select.field}
      select={select}
      value={selectValue(filters, select.field)}
      onChange={(value) => onChange({ ...filters, [select.field]: value })}
    />
  );
  return (
    <>
      {slotOf(OFFER_SELECTS.originState)}
      {slotOf(OFFER_SELECTS.destinationState)}
      {slotOf(OFFER_SELECTS.equipmentType)}
      <NearCitySlot value={filters.nearCity} onChange={(nearCity) => onChange({ ...filters, nearCity })} />
      {slotOf(OFFER_SELECTS.withinMiles)}
    </>
  );
}
