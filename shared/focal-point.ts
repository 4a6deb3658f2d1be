/**
 * The spot of an image every crop keeps in view, as fractions of its width and height from the
 * top left corner (0.5, 0.5 is the middle). Editors write it as percentages, like CSS's
 * object-position: `court-clay-1: 40% 65%` in content/images/focus.yaml.
 */
export interface FocalPoint {
  x: number;
  y: number;
}

export const CENTRE: FocalPoint = { x: 0.5, y: 0.5 };

/**
 * A focal point as focus.yaml writes it, which is also the CSS object-position that keeps it in
 * view in a box of any shape (the point sits as far across the box as it sits across the image).
 */
export const formatFocus = (focus: FocalPoint): string => `${round(focus.x * 100)}% ${round(focus.y * 100)}%`;
const round = (value: number) => Math.round(value * 100) / 100;

/** A region of a source in pixels. */
export interface CropBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The largest part of a width x height source with the box's aspect ratio, as near the focal point's
 * middle as the source allows: centred on it where it can be, pushed back inside at an edge (a focal
 * point at 95% across keeps the right edge, and the point stays inside the crop).
 */
export function focusCrop(
  source: { width: number; height: number },
  box: { width: number; height: number },
  focus: FocalPoint,
): CropBox {
  const aspect = box.width / box.height;
  // The side the source is short of keeps its whole length; the other follows the box's shape.
  const wider = source.width / source.height > aspect;
  const width = wider ? Math.max(1, Math.min(source.width, Math.round(source.height * aspect))) : source.width;
  const height = wider ? source.height : Math.max(1, Math.min(source.height, Math.round(source.width / aspect)));
  const place = (size: number, whole: number, at: number) =>
    Math.min(whole - size, Math.max(0, Math.round(at * whole - size / 2)));
  return { left: place(width, source.width, focus.x), top: place(height, source.height, focus.y), width, height };
}
