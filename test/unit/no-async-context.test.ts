import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === "generated" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * While any AsyncLocalStorage (or async hook) is active, Node runs a hook on every promise the
 * server makes (about a tenth of a load list request's CPU, issue #9). Request data travels in the
 * context instead: the audit actor, for one, comes from `auditActor(ctx)`.
 */
describe("no async context tracking in the server", () => {
  it("no server or common source uses node:async_hooks or AsyncLocalStorage", () => {
    const users = ["server", "common"]
      .flatMap(sourceFiles)
      .filter((file) =>
        /\basync_hooks\b|\bAsyncLocalStorage\b|\bAsyncResource\b/.test(readFileSync(file, "utf8")),
      );
    expect(users).toEqual([]);
  });
});
