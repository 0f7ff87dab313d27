import { buildSchema, type ExecutionArgs, parse } from "graphql";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useCompiledQueries } from "./compiled-queries.ts";

const schema = buildSchema("type Query { hello: String }");
const viewer = { id: "u1", role: "ADMIN" };

/** Runs the plugin's onExecute for `document` twice (the second run compiles); true when it did. */
function compiledOnSecondRun(plugin: ReturnType<typeof useCompiledQueries>, document: string): boolean {
  const args = { schema, document: parse(document), contextValue: { viewer } } as unknown as ExecutionArgs;
  let compiled = false;
  for (let run = 0; run < 2; run++) {
    compiled = false;
    const onExecute = plugin.onExecute as (payload: unknown) => void;
    onExecute({
      args,
      executeFn: () => null,
      setExecuteFn: () => {
        compiled = true;
      },
    });
  }
  return compiled;
}

describe("the compile budget", () => {
  afterEach(() => vi.restoreAllMocks());

  it("compiles at most 50 ms' worth per second, then again in the next second", () => {
    const plugin = useCompiledQueries(schema);
    let now = 10_000;
    // Every compile appears to take 30 ms: the clock moves only while compiling.
    const timed = (document: string) => {
      const spy = vi.spyOn(performance, "now");
      let calls = 0;
      spy.mockImplementation(() => {
        // Each compile reads the clock before and after: the second read is 30 ms later.
        if (calls++ % 2 === 1) now += 30;
        return now;
      });
      return compiledOnSecondRun(plugin, document);
    };
    expect(timed("{ a: hello }")).toBe(true);
    expect(timed("{ b: hello }")).toBe(true);
    // 60 ms spent in this second: the next document runs uncompiled...
    expect(timed("{ c: hello }")).toBe(false);
    // ...and is compiled on a run in a later second.
    now += 1_000;
    expect(timed("{ c: hello }")).toBe(true);
  });
});
