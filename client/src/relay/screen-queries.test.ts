import {
  createOperationDescriptor,
  Environment,
  type GraphQLResponse,
  Network,
  Observable,
  RecordSource,
  type RequestParameters,
  Store,
} from "relay-runtime";
import { describe, expect, it } from "vitest";
import sessionWatcherQuery from "../app/layout/__generated__/SessionWatcherQuery.graphql.ts";
import { createGapDetector } from "./live-gaps.ts";
import { trackScreenQueries } from "./screen-queries.ts";

/** A real Relay environment whose network records what it was asked and answers like the server. */
function recordingEnvironment() {
  const asked: string[] = [];
  const network = Network.create((request: RequestParameters) => {
    asked.push(request.name);
    return Observable.from(
      Promise.resolve({
        data: { checkSession: { expiresAt: "2026-12-01T00:00:00.000Z", id: "1" } },
      } as unknown as GraphQLResponse),
    );
  });
  return { asked, environment: new Environment({ network, store: new Store(new RecordSource()) }) };
}

describe("screen queries", () => {
  it("fetches again, from the network, every query a mounted screen holds, and no released one", async () => {
    const { asked, environment } = recordingEnvironment();
    const screens = trackScreenQueries(environment);
    const operation = createOperationDescriptor(sessionWatcherQuery, {});
    const first = environment.retain(operation);
    const second = environment.retain(operation);
    expect(screens.count()).toBe(1);
    screens.refetch();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toEqual(["SessionWatcherQuery"]);
    first.dispose();
    first.dispose();
    expect(screens.count()).toBe(1);
    second.dispose();
    expect(screens.count()).toBe(0);
    screens.refetch();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toEqual(["SessionWatcherQuery"]);
  });
});

describe("live connection gaps", () => {
  it("reports a reconnect after a close the client did not ask for, not the first connection nor a lazy close", () => {
    let resumed = 0;
    const gaps = createGapDetector(() => resumed++);
    gaps.connected();
    expect(resumed).toBe(0);
    gaps.closed({ code: 1000 });
    gaps.connected();
    expect(resumed).toBe(0);
    for (const code of [4205, 1001, 1006, 1012, 1013]) {
      gaps.closed({ code });
      gaps.connected();
    }
    expect(resumed).toBe(5);
    // Several failed attempts in a row are one gap.
    gaps.closed({ code: 1006 });
    gaps.closed(new Error("refused"));
    gaps.connected();
    expect(resumed).toBe(6);
  });
});
