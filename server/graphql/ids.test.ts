import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect, it } from "vitest";
import { encodeGlobalId } from "./ids.ts";

describe("encodeGlobalId", () => {
  it.each([
    ["Load", "c0mwsqevkk0didqaq42jihvwb"],
    ["TrackedRoute", "benchroute1"],
    ["User", 42],
    ["NassCode", "Zürich-Ω"],
    ["Load", "tab\tinside"],
  ])("writes %s %s exactly as Pothos does, and reads back", (typename, id) => {
    const encoded = encodeGlobalId(typename, id);
    expect(encoded).toBe(encodeGlobalID(typename, id));
    expect(decodeGlobalID(encoded)).toEqual({ typename, id: String(id) });
  });
});
