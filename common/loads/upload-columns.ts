/** The load fields a CSV column can fill. */
export type UploadField =
  | "loadId"
  | "bolNumber"
  | "routeNumber"
  | "customer"
  | "status"
  | "mode"
  | "referenceNumber"
  | "weight"
  | "volume"
  | "freightClass"
  | "commodity"
  | "orderInfo"
  | "stopCount"
  | "originAddress"
  | "destinationAddress"
  | "pickupDate"
  | "deliveryDate"
  | "appointmentsRequired"
  | "appointmentsConfirmed"
  | "trackingLink"
  | "originNass"
  | "destinationNass"
  | "originAppointmentFrom"
  | "originAppointmentTo"
  | "destinationAppointmentFrom"
  | "destinationAppointmentTo"
  | "customerRate";

/**
 * The appointment columns: wall-clock times on the facility's clock (the NASS code's zone) of the
 * origin (pickup, stop 1) and destination (delivery) stops, e.g. '03/14/2027 08:00'.
 */
export const APPOINTMENT_UPLOAD_FIELDS = [
  "originAppointmentFrom",
  "originAppointmentTo",
  "destinationAppointmentFrom",
  "destinationAppointmentTo",
] as const satisfies readonly UploadField[];
export type AppointmentUploadField = (typeof APPOINTMENT_UPLOAD_FIELDS)[number];

/** What people call each field in their spreadsheets, written as `headerKey` leaves them. */
const ALIASES: Record<UploadField, string[]> = {
  loadId: ["loadid", "load", "loadnumber", "loadno", "loadnum"],
  bolNumber: ["bol", "bolnumber", "bolno", "billoflading", "billofladingnumber"],
  routeNumber: ["route", "routenumber", "routeno", "routeid"],
  customer: ["customer", "customers", "customername", "shipper"],
  status: ["status", "loadstatus"],
  mode: ["mode", "transportmode", "modeoftransport"],
  referenceNumber: ["referencenumber", "reference", "ref", "refnumber", "refno", "ponumber", "po"],
  weight: ["weight", "weightlbs", "weightlb", "grossweight"],
  volume: ["volume", "volumecuft", "cube", "cubicfeet"],
  freightClass: ["freightclass", "class", "nmfcclass"],
  commodity: ["commodity", "commoditydescription"],
  orderInfo: ["orderinfo", "order", "ordernumber", "orderno"],
  stopCount: ["stops", "stopcount", "numberofstops", "nstops"],
  originAddress: ["origin", "originaddress", "pickupaddress", "pickuplocation", "from"],
  destinationAddress: [
    "destination",
    "destinationaddress",
    "dest",
    "deliveryaddress",
    "deliverylocation",
    "to",
  ],
  pickupDate: ["pickupdate", "pickup", "pickupdatetime", "pickuptime", "shipdate"],
  deliveryDate: ["deliverydate", "delivery", "deliverydatetime", "deliverytime"],
  appointmentsRequired: ["appointmentsrequired", "appointmentrequired", "apptrequired", "apptsrequired"],
  appointmentsConfirmed: ["appointmentsconfirmed", "appointmentconfirmed", "apptconfirmed", "apptsconfirmed"],
  trackingLink: ["trackinglink", "tracking", "trackingurl"],
  originNass: ["originnass", "originnasscode", "pickupnass", "pickupnasscode"],
  destinationNass: ["destinationnass", "destinationnasscode", "destnass", "deliverynass", "deliverynasscode"],
  originAppointmentFrom: [
    "originappointmentfrom",
    "originappointment",
    "originapptfrom",
    "pickupappointmentfrom",
    "pickupappointment",
    "pickupapptfrom",
  ],
  originAppointmentTo: ["originappointmentto", "originapptto", "pickupappointmentto", "pickupapptto"],
  destinationAppointmentFrom: [
    "destinationappointmentfrom",
    "destinationappointment",
    "destinationapptfrom",
    "deliveryappointmentfrom",
    "deliveryappointment",
    "deliveryapptfrom",
  ],
  customerRate: ["customerrate", "customerrateusd", "shipperrate", "customerprice", "revenue"],
  destinationAppointmentTo: [
    "destinationappointmentto",
    "destinationapptto",
    "deliveryappointmentto",
    "deliveryapptto",
  ],
};

const FIELD_BY_KEY = new Map<string, UploadField>(
  (Object.entries(ALIASES) as [UploadField, string[]][]).flatMap(([field, keys]) =>
    keys.map((key) => [key, field] as const),
  ),
);

const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;

/** Headers compare case-insensitively and ignore spaces, underscores, dashes and punctuation. */
export function headerKey(header: string): string {
  return header.toLowerCase().replace(NOT_LETTER_OR_DIGIT, "");
}

/** Human names for messages, e.g. "Pickup Date". */
export const FIELD_LABELS: Record<UploadField, string> = {
  loadId: "Load ID",
  bolNumber: "BOL Number",
  routeNumber: "Route Number",
  customer: "Customer",
  status: "Status",
  mode: "Mode",
  referenceNumber: "Reference Number",
  weight: "Weight",
  volume: "Volume",
  freightClass: "Freight Class",
  commodity: "Commodity",
  orderInfo: "Order Info",
  stopCount: "Stops",
  originAddress: "Origin",
  destinationAddress: "Destination",
  pickupDate: "Pickup Date",
  deliveryDate: "Delivery Date",
  appointmentsRequired: "Appointments Required",
  appointmentsConfirmed: "Appointments Confirmed",
  trackingLink: "Tracking Link",
  originNass: "Origin NASS",
  destinationNass: "Destination NASS",
  originAppointmentFrom: "Origin Appointment From",
  originAppointmentTo: "Origin Appointment To",
  destinationAppointmentFrom: "Destination Appointment From",
  destinationAppointmentTo: "Destination Appointment To",
  customerRate: "Customer Rate",
};

export interface ColumnPlan {
  /** For each column index, the field it fills, or null when it goes to additionalData. */
  fields: (UploadField | null)[];
  /** The header of each column (trimmed), for additionalData keys. */
  headers: string[];
}

/**
 * Maps each header to a field. When two columns name the same field the first one wins and the
 * other is kept in additionalData, like any column that names no field.
 */
export function planColumns(headers: string[]): ColumnPlan {
  const taken = new Set<UploadField>();
  const fields = headers.map((header) => {
    const field = FIELD_BY_KEY.get(headerKey(header)) ?? null;
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
  return {
    fields,
    headers: headers.map((header, index) => header.trim() || `Column ${index + 1}`),
  };
}
