/**
 * Where a map's labels go, in the map container's pixels: each label is tried on its sides in
 * turn and kept on the first one whose box overlaps no marker and no label kept before it;
 * a label that fits nowhere is left out (its marker still has its title and tooltip). Labels
 * are laid out in the order given, so the more important ones (a facility's own label, then
 * the bigger places) win.
 */

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export type LabelSide = "center" | "right" | "left" | "top" | "bottom";

export interface LabelCandidate<T> {
  /** The point the label belongs to, in container pixels. */
  x: number;
  y: number;
  /** The label's size in pixels. */
  width: number;
  height: number;
  /** Pixels kept free around the point (e.g. half a marker's width plus a margin). */
  gap: number;
  /** The sides to try, in order. */
  sides: readonly LabelSide[];
  item: T;
}

export interface PlacedLabel<T> {
  item: T;
  side: LabelSide;
  box: Box;
  /** The label's top-left corner relative to its point (for a Leaflet icon anchor, negated). */
  offsetX: number;
  offsetY: number;
}

export function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** A square marker of `size` pixels centred on its point. */
export function markerBox(x: number, y: number, size: number): Box {
  const half = size / 2;
  return { left: x - half, top: y - half, right: x + half, bottom: y + half };
}

function offsetOf(candidate: LabelCandidate<unknown>, side: LabelSide): [number, number] {
  const { width, height, gap } = candidate;
  switch (side) {
    case "right":
      return [gap, -height / 2];
    case "left":
      return [-gap - width, -height / 2];
    case "top":
      return [-width / 2, -gap - height];
    case "bottom":
      return [-width / 2, gap];
    default:
      return [-width / 2, -height / 2];
  }
}

function boxAt(candidate: LabelCandidate<unknown>, offsetX: number, offsetY: number): Box {
  const left = candidate.x + offsetX;
  const top = candidate.y + offsetY;
  return { left, top, right: left + candidate.width, bottom: top + candidate.height };
}

/**
 * Lays out the candidates in order around the fixed `obstacles` (markers). `within` (the map's
 * box) drops labels that would stick out of the view; `limit` bounds how many are kept.
 */
export function layoutLabels<T>(
  candidates: readonly LabelCandidate<T>[],
  obstacles: readonly Box[],
  options: { within?: Box; limit?: number; margin?: number } = {},
): PlacedLabel<T>[] {
  const { within, limit = Number.POSITIVE_INFINITY, margin = 2 } = options;
  const taken: Box[] = [...obstacles];
  const placed: PlacedLabel<T>[] = [];
  for (const candidate of candidates) {
    if (placed.length >= limit) break;
    for (const side of candidate.sides) {
      const [offsetX, offsetY] = offsetOf(candidate, side);
      const box = boxAt(candidate, offsetX, offsetY);
      if (
        within &&
        (box.left < within.left ||
          box.top < within.top ||
          box.right > within.right ||
          box.bottom > within.bottom)
      )
        continue;
      // The margin keeps neighbours from touching: a label needs a little air to be read.
      const padded = {
        left: box.left - margin,
        top: box.top - margin,
        right: box.right + margin,
        bottom: box.bottom + margin,
      };
      if (taken.some((other) => overlaps(padded, other))) continue;
      taken.push(box);
      placed.push({ item: candidate.item, side, box, offsetX, offsetY });
      break;
    }
  }
  return placed;
}
