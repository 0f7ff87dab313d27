import { formatDollars } from "../../../common/money.ts";
/** The winner details a bid notification carries as JSON (spec section 3, Notification). */
export interface WinnerDetails {
  loadId: string | null;
  originCity?: string;
  originState?: string;
  destinationCity?: string;
  destinationState?: string;
  startDateTime?: string;
  endDateTime?: string;
  distance?: number | string;
  equipmentType?: string;
  bidAmount?: number | string;
  acceptedBy?: string;
}

const TEXT_FIELDS = [
  "originCity",
  "originState",
  "destinationCity",
  "destinationState",
  "startDateTime",
  "endDateTime",
  "equipmentType",
  "acceptedBy",
] as const;

function scalar(value: unknown): string | number | undefined {
  return typeof value === "string" || typeof value === "number" ? value : undefined;
}

/** Tolerates missing or malformed JSON: the dialog then shows what it has. */
export function parseWinnerDetails(details: string | null | undefined): WinnerDetails {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = details ? JSON.parse(details) : {};
    if (typeof parsed === "object" && parsed !== null) raw = parsed as Record<string, unknown>;
  } catch {
    raw = {};
  }
  const loadId = scalar(raw.loadId);
  const result: WinnerDetails = { loadId: loadId === undefined || loadId === "" ? null : String(loadId) };
  for (const field of TEXT_FIELDS) {
    const value = scalar(raw[field]);
    if (value !== undefined) result[field] = String(value);
  }
  const distance = scalar(raw.distance);
  if (distance !== undefined) result.distance = distance;
  const bidAmount = scalar(raw.bidAmount);
  if (bidAmount !== undefined) result.bidAmount = bidAmount;
  return result;
}

export function formatPlace(city?: string, state?: string): string {
  return [city, state].filter(Boolean).join(", ") || "—";
}

export function formatMoney(amount: number | string | undefined): string {
  if (amount === undefined || amount === "") return "—";
  const value = Number(amount);
  return Number.isFinite(value) ? formatDollars(value) : String(amount);
}
