import { loadConfig } from "../config.ts";
import { migrateWhenReachable } from "./wait-for-database.ts";

const config = loadConfig();
const applied = await migrateWhenReachable(config.databaseUrl, config.database);
console.log(applied.length ? `applied: ${applied.join(", ")}` : "database is up to date");
