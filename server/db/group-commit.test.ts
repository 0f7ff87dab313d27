import { describe, expect, it } from "vitest";
import { createGroupCommit } from "./group-commit.ts";

describe("createGroupCommit", () => {
  it("gives calls submitted in one turn of the event loop one group, even when a group runs at once", async () => {
    const groups: string[][] = [];
    const queue = createGroupCommit(
      async (jobs: string[]) => {
        groups.push(jobs);
        return jobs.map((job) => ({ ok: true as const, value: job.toUpperCase() }));
      },
      { maxJobs: 64, parallel: 1, key: (job) => job },
    );
    const results = await Promise.all(["c", "a", "b"].map((job) => queue.submit(job)));
    expect(results).toEqual(["C", "A", "B"]);
    expect(groups).toEqual([["a", "b", "c"]]);
  });

  it("keeps later calls for the next group while one runs, and fails only the job whose outcome failed", async () => {
    const groups: string[][] = [];
    const gate: { open?: () => void } = {};
    const first = new Promise<void>((resolve) => {
      gate.open = resolve;
    });
    const queue = createGroupCommit(
      async (jobs: string[]) => {
        groups.push(jobs);
        if (groups.length === 1) await first;
        return jobs.map((job) =>
          job === "bad" ? { ok: false as const, error: new Error(job) } : { ok: true as const, value: job },
        );
      },
      { maxJobs: 64, parallel: 1, key: (job) => job },
    );
    const one = queue.submit("one");
    await new Promise((resolve) => setImmediate(resolve));
    const later = [queue.submit("two"), queue.submit("bad")];
    gate.open?.();
    await expect(one).resolves.toBe("one");
    await expect(later[0]).resolves.toBe("two");
    await expect(later[1]).rejects.toThrow("bad");
    expect(groups).toEqual([["one"], ["bad", "two"]]);
  });
});
