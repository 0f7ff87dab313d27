// Used only to author migrations offline (`prisma migrate diff`): Prisma's WebAssembly schema
// engine runs through a driver adapter, so no native engine is ever downloaded. The server applies
// the SQL files itself (server/db/migrate.ts).
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= "/dev/null";
process.env.PRISMA_QUERY_ENGINE_LIBRARY ??= "/dev/null";

import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { defineConfig } from "prisma/config";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  adapter: async () => new PrismaBetterSQLite3({ url: ":memory:" }),
});
