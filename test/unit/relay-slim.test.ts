import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// client/src/relay/react-relay.cjs and relay-runtime.cjs stand in for the packages' indexes in the browser build
// (client/vite.config.ts): a name they lack is undefined at run time. These tests read what the
// app imports and what react-relay's hooks read from relay-runtime, and look for each name.
const require = createRequire(import.meta.url);
const relayFolder = resolve(dirname(new URL(import.meta.url).pathname), "../../client/src/relay");
const slimRuntime = require(join(relayFolder, "relay-runtime.cjs")) as Record<string, unknown>;
const slimHooks = require(join(relayFolder, "react-relay.cjs")) as Record<string, unknown>;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === "__generated__" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".test.ts") ? [path] : [];
  });
}

/** The values (not types) the app's sources import from `from`. */
function importedValues(from: string): Set<string> {
  const names = new Set<string>();
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*"${from}"`, "g");
  for (const file of sourceFiles(resolve(relayFolder, ".."))) {
    for (const match of readFileSync(file, "utf8").matchAll(pattern)) {
      for (const part of (match[1] ?? "").split(",")) {
        const name = part
          .trim()
          .split(/\s+as\s+/)[0]
          ?.trim();
        // Inline `type` imports and Relay's types (erased): FragmentRefs, the `$key` types...
        if (name && !name.startsWith("type ") && name !== "FragmentRefs") names.add(name);
      }
    }
  }
  return names;
}

/** relay-runtime's members that a CommonJS module (and the relative modules it requires) reads. */
function runtimeMembersRead(entry: string, seen = new Set<string>(), names = new Set<string>()) {
  if (seen.has(entry)) return names;
  seen.add(entry);
  const code = readFileSync(entry, "utf8");
  for (const match of code.matchAll(/require\(['"](\.{1,2}\/[^'"]+)['"]\)/g)) {
    const path = resolve(dirname(entry), match[1] ?? "");
    runtimeMembersRead(path.endsWith(".js") ? path : `${path}.js`, seen, names);
  }
  const bindings = [...code.matchAll(/var (\w+) = require\(['"]relay-runtime['"]\)/g)].map(
    (match) => match[1],
  );
  for (const binding of bindings) {
    for (const match of code.matchAll(new RegExp(`\\b${binding}\\.(\\w+)(?:\\.(\\w+))?`, "g"))) {
      names.add(match[1] === "__internal" && match[2] ? `__internal.${match[2]}` : (match[1] ?? ""));
    }
    for (const match of code.matchAll(new RegExp(`${binding}\\$__internal\\.(\\w+)`, "g"))) {
      names.add(`__internal.${match[1]}`);
    }
  }
  return names;
}

const has = (module: Record<string, unknown>, name: string) =>
  name.split(".").reduce<unknown>((value, key) => (value as Record<string, unknown>)?.[key], module) !==
  undefined;

describe("the slim Relay entries", () => {
  it("give every value the app imports from react-relay and relay-runtime", () => {
    const hooks = [...importedValues("react-relay")].filter((name) => name !== "graphql");
    const runtime = [...importedValues("relay-runtime")];
    expect(hooks.length).toBeGreaterThan(5);
    expect(hooks.filter((name) => !has(slimHooks, name))).toEqual([]);
    expect(runtime.filter((name) => !has(slimRuntime, name))).toEqual([]);
  });

  it("give every relay-runtime member the react-relay hooks they load read", () => {
    const read = new Set<string>();
    const code = readFileSync(join(relayFolder, "react-relay.cjs"), "utf8");
    for (const match of code.matchAll(/require\("(react-relay\/lib\/relay-hooks\/\w+)"\)/g)) {
      runtimeMembersRead(require.resolve(match[1] ?? ""), new Set(), read);
    }
    expect(read.size).toBeGreaterThan(10);
    expect([...read].filter((name) => !has(slimRuntime, name))).toEqual([]);
  });

  it("keep react-relay's activity-compatible fragment hook, the one its feature flag picks", () => {
    // vite.config.ts leaves useFragmentInternal_CURRENT out on the strength of this flag.
    const flags = slimRuntime.RelayFeatureFlags as { ENABLE_ACTIVITY_COMPATIBILITY: boolean };
    expect(flags.ENABLE_ACTIVITY_COMPATIBILITY).toBe(true);
  });
});
