import { describe, expect, it } from "vitest";
import { flushOutbox, memoryOutbox, type OutboxItem, retryDelayMs, type SendOutcome } from "./outbox.ts";

const stop = (sequence: number, event: "arrive" | "depart", at: string) =>
  ({ kind: "stop", loadId: "L1", sequence, event, at, queuedAt: 0, attempts: 0 }) as const;

async function queueOf(...entries: ReturnType<typeof stop>[]) {
  const storage = memoryOutbox();
  for (const entry of entries) await storage.add(entry);
  return storage;
}

const label = (item: OutboxItem) =>
  item.kind === "stop" ? `${item.event}-${item.sequence}@${item.at}` : item.kind;

describe("the offline queue", () => {
  it("sends everything in the order it happened, each with its own time, and empties", async () => {
    const storage = await queueOf(
      stop(1, "arrive", "10:00"),
      stop(1, "depart", "10:40"),
      stop(2, "arrive", "14:05"),
    );
    const seen: string[] = [];
    const result = await flushOutbox(storage, async (item) => {
      seen.push(label(item));
      return { kind: "sent" };
    });
    expect(seen).toEqual(["arrive-1@10:00", "depart-1@10:40", "arrive-2@14:05"]);
    expect(result).toMatchObject({ sent: 3, rejected: [], stoppedAt: null });
    expect(await storage.all()).toEqual([]);
  });

  it("stops at the first item to retry so nothing later overtakes it, and resumes there", async () => {
    const storage = await queueOf(stop(1, "arrive", "a"), stop(1, "depart", "b"), stop(2, "arrive", "c"));
    const seen: string[] = [];
    let online = true;
    const send = async (item: OutboxItem): Promise<SendOutcome> => {
      seen.push(label(item));
      if (item.kind === "stop" && item.event === "depart" && !online)
        return { kind: "retry", reason: "offline" };
      return { kind: "sent" };
    };
    online = false;
    const first = await flushOutbox(storage, send);
    expect(first.sent).toBe(1);
    expect(first.stoppedAt && label(first.stoppedAt)).toBe("depart-1@b");
    expect((await storage.all()).map(label)).toEqual(["depart-1@b", "arrive-2@c"]);
    expect((await storage.all())[0].attempts).toBe(1);

    online = true;
    const second = await flushOutbox(storage, send);
    expect(second.sent).toBe(2);
    expect(seen).toEqual(["arrive-1@a", "depart-1@b", "depart-1@b", "arrive-2@c"]);
    expect(await storage.all()).toEqual([]);
  });

  it("treats a thrown network error as a retry", async () => {
    const storage = await queueOf(stop(1, "arrive", "a"));
    const result = await flushOutbox(storage, async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(result.stoppedAt).not.toBeNull();
    expect(await storage.all()).toHaveLength(1);
  });

  it("drops an item the server refuses for good, reports why, and sends the rest", async () => {
    const storage = await queueOf(stop(9, "arrive", "a"), stop(1, "arrive", "b"));
    const result = await flushOutbox(storage, async (item) =>
      item.kind === "stop" && item.sequence === 9
        ? { kind: "rejected", message: "Stop not found" }
        : { kind: "sent" },
    );
    expect(result.sent).toBe(1);
    expect(result.rejected.map((entry) => [label(entry.item), entry.message])).toEqual([
      ["arrive-9@a", "Stop not found"],
    ]);
    expect(await storage.all()).toEqual([]);
  });

  it("keeps items added during a flush for the next one, after the earlier ones", async () => {
    const storage = await queueOf(stop(1, "arrive", "a"));
    await flushOutbox(storage, async () => {
      await storage.add(stop(1, "depart", "b"));
      return { kind: "retry", reason: "offline" };
    });
    expect((await storage.all()).map(label)).toEqual(["arrive-1@a", "depart-1@b"]);
  });

  it("backs off 2 s, 4 s, 8 s ... up to a minute", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelayMs)).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });
});
