import { describe, expect, it } from "vitest";
import { type LabelCandidate, layoutLabels, markerBox, overlaps } from "./label-layout.ts";

function candidate(
  item: string,
  x: number,
  y: number,
  sides: LabelCandidate<string>["sides"] = ["center"],
  width = 40,
): LabelCandidate<string> {
  return { item, x, y, width, height: 10, gap: 5, sides };
}

describe("label layout", () => {
  it("tells overlapping boxes from touching ones", () => {
    expect(overlaps(markerBox(0, 0, 10), markerBox(5, 5, 10))).toBe(true);
    expect(overlaps(markerBox(0, 0, 10), markerBox(10, 0, 10))).toBe(false);
  });

  it("skips a label that would cover a marker and keeps the others", () => {
    const placed = layoutLabels(
      [candidate("Chicago", 100, 100), candidate("Joliet", 300, 100)],
      [markerBox(100, 100, 26)],
    );
    expect(placed.map((label) => label.item)).toEqual(["Joliet"]);
    expect(placed[0].box).toEqual({ left: 280, top: 95, right: 320, bottom: 105 });
    expect([placed[0].offsetX, placed[0].offsetY]).toEqual([-20, -5]);
  });

  it("tries the next side when the first one is taken", () => {
    const [label] = layoutLabels(
      [candidate("Depot", 100, 100, ["right", "left"])],
      [markerBox(130, 100, 20)],
    );
    expect(label.side).toBe("left");
    expect(label.box).toEqual({ left: 55, top: 95, right: 95, bottom: 105 });
  });

  it("keeps the first of two labels that overlap each other (the more important one)", () => {
    const placed = layoutLabels([candidate("Big", 100, 100), candidate("Small", 110, 102)], []);
    expect(placed.map((label) => label.item)).toEqual(["Big"]);
  });

  it("keeps a small margin between neighbours", () => {
    expect(layoutLabels([candidate("A", 100, 100), candidate("B", 141, 100)], [])).toHaveLength(1);
    expect(layoutLabels([candidate("A", 100, 100), candidate("B", 143, 100)], [])).toHaveLength(2);
  });

  it("drops labels outside the view and stops at the limit", () => {
    const within = { left: 0, top: 0, right: 200, bottom: 200 };
    const candidates = [candidate("Edge", 5, 100), ...[50, 100, 150].map((x) => candidate(`P${x}`, x, 50))];
    expect(layoutLabels(candidates, [], { within }).map((label) => label.item)).toEqual([
      "P50",
      "P100",
      "P150",
    ]);
    expect(layoutLabels(candidates, [], { within, limit: 2 })).toHaveLength(2);
  });

  it("never returns two boxes that overlap each other or a marker", () => {
    const markers = [markerBox(120, 120, 30), markerBox(200, 60, 26)];
    const candidates = Array.from({ length: 200 }, (_, index) =>
      candidate(`P${index}`, (index * 37) % 300, (index * 53) % 300, [
        "center",
        "bottom",
        "top",
        "right",
        "left",
      ]),
    );
    const placed = layoutLabels(candidates, markers);
    expect(placed.length).toBeGreaterThan(10);
    for (const [index, label] of placed.entries()) {
      expect(markers.some((marker) => overlaps(label.box, marker))).toBe(false);
      expect(placed.slice(index + 1).some((other) => overlaps(label.box, other.box))).toBe(false);
    }
  });
});
