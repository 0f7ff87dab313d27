import type { FetchFunction, GraphQLResponse, RequestParameters } from "relay-runtime";
import { describe, expect, it } from "vitest";
import { preloadResponse, takePreloadedResponse } from "./preloaded-responses.ts";

function request(name: string, operationKind: "query" | "mutation" = "query"): RequestParameters {
  return {
    id: null,
    cacheID: name,
    name,
    operationKind,
    text: `${operationKind} ${name} { x }`,
    metadata: {},
  };
}

/** A fetch that counts what it was asked and answers with the call's number. */
function countingFetch() {
  const asked: string[] = [];
  const fetchOnce: FetchFunction = (params, variables) => {
    asked.push(`${params.name} ${JSON.stringify(variables)}`);
    return Promise.resolve({ data: { call: asked.length } } as unknown as GraphQLResponse);
  };
  return { asked, fetchOnce };
}

describe("preloaded responses", () => {
  it("hands a preloaded answer to the screen's own fetch once, whatever the variables' key order and nulls", async () => {
    const { asked, fetchOnce } = countingFetch();
    preloadResponse(fetchOnce, request("ListQuery"), { page: 1, search: null, filter: { b: 2, a: 1 } }, "t1");
    preloadResponse(fetchOnce, request("ListQuery"), { filter: { a: 1, b: 2 }, page: 1 }, "t1");
    expect(asked).toHaveLength(1);
    const taken = takePreloadedResponse(
      request("ListQuery"),
      { filter: { a: 1, b: 2 }, page: 1, search: null },
      "t1",
    );
    expect(await taken).toEqual({ data: { call: 1 } });
    expect(takePreloadedResponse(request("ListQuery"), { filter: { a: 1, b: 2 }, page: 1 }, "t1")).toBeNull();
  });

  it("keeps another user's, other variables' and a mutation's requests apart", () => {
    const { fetchOnce } = countingFetch();
    preloadResponse(fetchOnce, request("ListQuery"), { page: 1 }, "t1");
    expect(takePreloadedResponse(request("ListQuery"), { page: 1 }, "t2")).toBeNull();
    expect(takePreloadedResponse(request("ListQuery"), { page: 2 }, "t1")).toBeNull();
    expect(takePreloadedResponse(request("ListQuery", "mutation"), { page: 1 }, "t1")).toBeNull();
    expect(takePreloadedResponse(request("ListQuery"), { page: 1 }, "t1")).not.toBeNull();
  });

  it("forgets a failed preload, so the screen's fetch asks the server itself", async () => {
    const failing: FetchFunction = () => Promise.reject(new Error("offline"));
    preloadResponse(failing, request("FailingQuery"), {}, "t1");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(takePreloadedResponse(request("FailingQuery"), {}, "t1")).toBeNull();
  });
});
