/** The load screens' texts from the spec (sections 2, 5 and 8), letter for letter. */
export const SELECT_STREAM = "Select the stream before upload.";
export const NO_UPLOAD_DATA = "No data to upload.";
export const UPLOAD_FAILED = "There was an error uploading the loads.";
export const NO_UPLOADS = "No uploads found";
export const LOADS_FETCH_FAILED = "No se pudieron obtener las cargas";
export const NO_LOADS = "No loads found.";
export const SEARCH_PLACEHOLDER = "Search loads…";
export const UPLOADING = "Uploading...";
export const DEFAULT_STREAM = "USPS";
export const STREAMS = ["USPS"] as const;
/** Not in the spec: one load's fetch failure, worded like its other fetch failures. */
export const LOAD_FETCH_FAILED = "The load could not be loaded.";
