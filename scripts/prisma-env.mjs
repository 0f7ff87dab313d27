// Environment for every Prisma CLI call: never try to download an engine or phone home.
import { spawnSync } from "node:child_process";
import { delimiter, resolve } from "node:path";

export const prismaEnv = {
  ...process.env,
  PATH: [resolve("node_modules/.bin"), process.env.PATH].join(delimiter),
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? "/dev/null",
  PRISMA_QUERY_ENGINE_LIBRARY: process.env.PRISMA_QUERY_ENGINE_LIBRARY ?? "/dev/null",
  PRISMA_HIDE_UPDATE_MESSAGE: "1",
  CHECKPOINT_DISABLE: "1",
};

export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: "inherit", env: prismaEnv, ...options });
  if (result.status !== 0) {
    throw new Error(`${cmd} ${args.join(" ")} failed with ${result.status}`);
  }
  return result;
}

export const prismaBin = "node_modules/.bin/prisma";
