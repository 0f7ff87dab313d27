import { describe, expect, it } from "vitest";
import { createEventStream, filterEvents, MAX_PENDING_EVENTS } from "./event-stream.ts";

describe("event stream", () => {
  it("hands events over in order, to a waiting reader or later", async () => {
    const stream = createEventStream<number>(() => undefined);
    const first = stream.next();
    stream.push(1);
    stream.push(2);
    stream.push(3);
    expect(await first).toEqual({ done: false, value: 1 });
    expect(await stream.next()).toEqual({ done: false, value: 2 });
    expect(await stream.next()).toEqual({ done: false, value: 3 });
  });

  it("ends once: a waiting reader is released, later pushes are dropped", async () => {
    let ends = 0;
    const stream = createEventStream<number>(() => ends++);
    const waiting = stream.next();
    await stream.return();
    await stream.return();
    stream.push(1);
    expect(await waiting).toEqual({ done: true, value: undefined });
    expect(await stream.next()).toEqual({ done: true, value: undefined });
    expect(ends).toBe(1);
  });

  it("ends a subscriber that falls too far behind with an error instead of growing without bound", async () => {
    let ends = 0;
    const stream = createEventStream<number>(() => ends++);
    for (let index = 0; index <= MAX_PENDING_EVENTS; index++) stream.push(index);
    expect(ends).toBe(1);
    await expect(stream.next()).rejects.toThrow(/fell 1024 events behind/);
  });

  it("filters, with a predicate that may wait, and ending the filter ends the source", async () => {
    let ended = false;
    const source = createEventStream<number>(() => {
      ended = true;
    });
    const even = filterEvents(source, async (value) => value % 2 === 0);
    for (const value of [1, 2, 3, 4]) source.push(value);
    expect(await even.next()).toEqual({ done: false, value: 2 });
    expect(await even.next()).toEqual({ done: false, value: 4 });
    await even.return?.();
    expect(ended).toBe(true);
  });
});
