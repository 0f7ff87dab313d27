import { createRequire } from "node:module";

/** package.json's version, for the OpenAPI document and the health answers. */
export const APP_VERSION = (createRequire(import.meta.url)("../package.json") as { version: string }).version;
