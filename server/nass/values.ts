import { isProblem, type Problem } from "../../common/fields.ts";
import { parseYesNo } from "../../common/loads/values.ts";
import type { NassField } from "../../common/routing.ts";

/** One rule per NASS field, shared by the add/edit form and the CSV import. */
export type NassValues = {
  code?: string;
  region?: string | null;
  division?: string | null;
  fdbid?: string | null;
  facilityName?: string | null;
  street?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  typeCode?: string | null;
  subType?: string | null;
  facType?: string | null;
  originating?: boolean;
  destinating?: boolean;
  latitude?: number | null;
  longitude?: number | null;
  /** Edited on the form only (the import keeps it): the tracking geofence in meters, null the default. */
  geofenceRadiusMeters?: number | null;
};

export type NassValueField = NassField | "latitude" | "longitude";

export const NASS_LABELS: Record<NassValueField, string> = {
  code: "Code",
  region: "Region",
  division: "Division",
  fdbid: "FDB ID",
  facilityName: "Facility Name",
  street: "Street",
  city: "City",
  state: "State",
  zip: "Zip",
  typeCode: "Type Code",
  subType: "Sub-Type",
  facType: "Facility Type",
  originating: "Originating",
  destinating: "Destinating",
  latitude: "Latitude",
  longitude: "Longitude",
};

/** Every NASS value field, in the CSV's column order. */
export const NASS_VALUE_FIELDS = Object.keys(NASS_LABELS) as NassValueField[];

const MAX_LENGTH: Partial<Record<NassValueField, number>> = {
  code: 20,
  facilityName: 200,
  street: 200,
  city: 100,
};
const DEFAULT_MAX = 60;

const STATE = /^[A-Z]{2}$/;
const ZIP = /^\d{5}(-\d{4})?$/;

/**
 * Parses one non-empty text value of a NASS field: trimmed text within its length, a two-letter
 * state, a 5-digit (or ZIP+4) zip, yes/no flags, coordinates in range.
 */
export function parseNassValue(field: NassValueField, raw: string): NassValues[NassValueField] | Problem {
  const text = raw.trim();
  const label = NASS_LABELS[field];
  switch (field) {
    case "originating":
    case "destinating":
      return parseYesNo(text, label);
    case "latitude":
    case "longitude": {
      const value = Number(text);
      const limit = field === "latitude" ? 90 : 180;
      if (!Number.isFinite(value) || Math.abs(value) > limit) {
        return { problem: `${label} must be a number between -${limit} and ${limit}` };
      }
      return value;
    }
    case "state": {
      const state = text.toUpperCase();
      return STATE.test(state) ? state : { problem: "State must be a two-letter code (e.g. IL)" };
    }
    case "zip": {
      const zip = /^\d{4}$/.test(text) ? `0${text}` : text;
      return ZIP.test(zip) ? zip : { problem: "Zip must be a 5-digit ZIP code" };
    }
    default: {
      const max = MAX_LENGTH[field] ?? DEFAULT_MAX;
      if (text.length > max) return { problem: `${label} is longer than ${max} characters` };
      return text;
    }
  }
}

export { isProblem };
