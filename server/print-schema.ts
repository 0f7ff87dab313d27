import { writeFileSync } from "node:fs";
import { printedSchema } from "./schema.ts";

writeFileSync("schema.graphql", printedSchema());
console.log("schema.graphql written");
