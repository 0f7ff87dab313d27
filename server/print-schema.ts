import { writeFileSync } from "node:fs";
import { printedSchema } from "./schema.ts";

writeFileSync("schema.graphql", printedSchema());
process.stdout.write("schema.graphql written\n");
