import { readFileSync } from "node:fs";
import { resolve } from "node:path";

/**
 * package.json's version, for the OpenAPI document. Read from the working directory, as the
 * migrations are: the server runs from the project root, from source or from dist/.
 */
export const APP_VERSION = (JSON.parse(readFileSync(resolve("package.json"), "utf8")) as { version: string })
  .version;
