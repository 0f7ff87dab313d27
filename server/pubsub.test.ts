import { describe, expect, it } from "vitest";
import { createAppPubSub, DELIVERY_CHUNK } from "./pubsub.ts";

describe("in-process pubsub", () => {
  it("hands every event of a topic to each subscriber, in publish order, however many listen", async () => {
    const pubsub = createAppPubSub(undefined);
    const streams = Array.from({ length: 2 * DELIVERY_CHUNK + 5 }, () => pubsub.subscribe("carriers"));
    const other = pubsub.subscribe("routes");
    pubsub.publish("carriers", { carrierId: "a" });
    // One leaves while "a" is still being handed out: the others' places in the next fan-out shift.
    await streams.shift()?.return();
    for (const carrierId of ["b", "c"]) pubsub.publish("carriers", { carrierId });
    pubsub.publish("routes", { routeId: "r" });
    for (const stream of streams) {
      const received = [];
      for (let index = 0; index < 3; index++) received.push((await stream.next()).value);
      expect(received).toEqual([{ carrierId: "a" }, { carrierId: "b" }, { carrierId: "c" }]);
    }
    expect((await other.next()).value).toEqual({ routeId: "r" });
  });

  it("hands a large fan-out out a chunk per turn of the event loop, all receiving the same object", async () => {
    const pubsub = createAppPubSub(undefined);
    const streams = Array.from({ length: 3 * DELIVERY_CHUNK }, () => pubsub.subscribe("carriers"));
    const event = { carrierId: "a" };
    const firsts = streams.map((stream) => stream.next());
    const settled = new Set<number>();
    firsts.forEach((first, index) => void first.then(() => settled.add(index)));
    pubsub.publish("carriers", event);
    await new Promise((resolve) => setImmediate(resolve));
    // Something else ran while the last chunk was still waiting for its turn.
    expect(settled.has(0)).toBe(true);
    expect(settled.has(streams.length - 1)).toBe(false);
    const values = (await Promise.all(firsts)).map((step) => step.value);
    expect(values.every((value) => value === event)).toBe(true);
  });

  it("stops handing events to a subscriber that left", async () => {
    const pubsub = createAppPubSub(undefined);
    const staying = pubsub.subscribe("carriers");
    const leaving = pubsub.subscribe("carriers");
    expect(pubsub.subscriberCount("carriers")).toBe(2);
    await leaving.return();
    expect(pubsub.subscriberCount("carriers")).toBe(1);
    expect(pubsub.subscriberCount("offers")).toBe(0);
    pubsub.publish("carriers", { carrierId: "a" });
    expect((await staying.next()).value).toEqual({ carrierId: "a" });
    expect(await leaving.next()).toEqual({ done: true, value: undefined });
  });
});
