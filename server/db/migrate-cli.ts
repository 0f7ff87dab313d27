import { loadConfig } from "../config.ts";
import { migrate } from "./migrate.ts";

const applied = await migrate(loadConfig().databaseUrl);
process.stdout.write(applied.length ? `applied: ${applied.join(", ")}\n` : "database is up to date\n");
