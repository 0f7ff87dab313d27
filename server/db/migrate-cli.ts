import { loadConfig } from "../config.ts";
import { migrateWhenReachable } from "./wait-for-database.ts";

const config = loadConfig();
const applied = await migrateWhenReachable(config.databaseUrl, config.database);
process.stdout.write(applied.length ? `applied: ${applied.join(", ")}\n` : "database is up to date\n");
