import { describe, expect, it } from "vitest";
import { keepEdits } from "./keep-edits.ts";

describe("a form's values moved onto a newer copy of the record", () => {
  const before = { commodity: "", reference: "R-1", stops: [{ sequence: 1 }] };

  it("keeps what the person typed and takes the rest of the update", () => {
    const current = { ...before, commodity: "Mine" };
    const next = { ...before, reference: "THEIRS-1" };
    expect(keepEdits(current, before, next)).toEqual({
      values: { commodity: "Mine", reference: "THEIRS-1", stops: [{ sequence: 1 }] },
      conflict: false,
    });
  });

  it("takes everything when nothing was edited, lists compared by value", () => {
    const next = { commodity: "Steel", reference: "R-2", stops: [{ sequence: 2 }] };
    expect(keepEdits({ ...before, stops: [{ sequence: 1 }] }, before, next)).toEqual({
      values: next,
      conflict: false,
    });
  });

  it("is no conflict when the update brings what the person typed", () => {
    const current = { ...before, commodity: "Mine" };
    expect(keepEdits(current, before, { ...before, commodity: "Mine" }).conflict).toBe(false);
  });

  it("is a conflict when the update changed an edited field to something else, and keeps the person's value", () => {
    const current = { ...before, commodity: "Mine" };
    const result = keepEdits(current, before, { ...before, commodity: "Theirs" });
    expect(result).toEqual({ values: current, conflict: true });
  });
});
