import { CENTRE, type FocalPoint } from '../../shared/focal-point.ts';
import type { FixedSize } from '../../shared/images.ts';

/** Source facts the plan needs, read once per source (and cached with it). */
export interface SourceInfo {
  /** Displayed size: EXIF orientation already applied. */
  width: number;
  height: number;
  format: string;
  /** Has see-through pixels: no placeholder, since it would show through them. */
  transparent: boolean;
}

/**
 * One file to make from a source, at exactly `width` x `height` (scaled whole, or cropped around
 * `focus` when `crop`). `key` names it in the cache and in its public name; equal keys mean equal files.
 */
export type VariantPlan =
  | { kind: 'responsive'; key: string; width: number; height: number; crop: false }
  | {
      kind: 'fixed';
      key: string;
      box: { width: number; height: number; cropped: boolean };
      density: number;
      width: number;
      height: number;
      crop: boolean;
      focus: FocalPoint;
    };

/** A crop's focal point in its key (crops made before focal points, by sharp's centre, had none). */
const focusKey = (focus: FocalPoint) => `f${Math.round(focus.x * 1000)}-${Math.round(focus.y * 1000)}`;

/** The height of the whole source scaled to `width`. */
export const scaledHeight = (width: number, source: Pick<SourceInfo, 'width' | 'height'>): number =>
  Math.max(1, Math.round((width * source.height) / source.width));

/**
 * Breakpoints not wider than the source, narrowest first. A source narrower than the smallest
 * breakpoint gets one file at its own width: upscaling would only add bytes, never detail.
 */
export function responsiveWidths(sourceWidth: number, breakpoints: readonly number[]): number[] {
  const fitting = [...new Set(breakpoints)].filter((width) => width <= sourceWidth).sort((a, b) => a - b);
  return fitting.length ? fitting : [sourceWidth];
}

/** CSS box of a fixed size: the asked height, or the source's aspect ratio. */
export function fixedBox(
  size: FixedSize,
  source: Pick<SourceInfo, 'width' | 'height'>,
): { width: number; height: number; cropped: boolean } {
  if (size.height !== undefined) return { width: size.width, height: size.height, cropped: true };
  return {
    width: size.width,
    height: Math.max(1, Math.round((size.width * source.height) / source.width)),
    cropped: false,
  };
}

/**
 * Files for one fixed size, one per density. A density the source cannot fill is clamped to the
 * source's largest fitting size (with its real density), and densities that clamp to the same
 * file collapse into one.
 */
export function fixedFiles(
  size: FixedSize,
  source: Pick<SourceInfo, 'width' | 'height'>,
  densities: readonly number[],
): Array<{ density: number; width: number; height?: number }> {
  const box = fixedBox(size, source);
  // The largest scale at which the box still fits inside the source.
  const maxScale = Math.min(source.width / box.width, box.cropped ? source.height / box.height : Infinity);
  const files = new Map<number, { density: number; width: number; height?: number }>();
  for (const wanted of [...new Set(densities)].sort((a, b) => a - b)) {
    const scale = Math.min(wanted, maxScale);
    const width = Math.max(1, Math.round(box.width * scale));
    if (files.has(width)) continue;
    const height = box.cropped ? Math.max(1, Math.round(box.height * scale)) : undefined;
    files.set(width, {
      density: Math.round((width / box.width) * 100) / 100,
      width,
      ...(height !== undefined ? { height } : {}),
    });
  }
  return [...files.values()];
}

/** Every file a source needs: its responsive widths, then its fixed sizes at each density. */
export function planVariants(
  source: Pick<SourceInfo, 'width' | 'height'>,
  options: { breakpoints: readonly number[]; densities: readonly number[]; encodeKey: string },
  fixed: readonly FixedSize[] = [],
  focus: FocalPoint = CENTRE,
): VariantPlan[] {
  const plans: VariantPlan[] = responsiveWidths(source.width, options.breakpoints).map((width) => ({
    kind: 'responsive',
    key: `w${width}.${options.encodeKey}`,
    width,
    height: scaledHeight(width, source),
    crop: false,
  }));
  const seen = new Set<string>();
  for (const size of fixed) {
    const box = fixedBox(size, source);
    const id = `${box.width}x${box.height}${box.cropped ? 'c' : ''}`;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const file of fixedFiles(size, source, options.densities)) {
      // An uncropped fixed file is the same file as a responsive one of that width: same key.
      const shape = file.height !== undefined ? `c${file.width}x${file.height}${focusKey(focus)}` : `w${file.width}`;
      plans.push({
        kind: 'fixed',
        key: `${shape}.${options.encodeKey}`,
        box,
        density: file.density,
        width: file.width,
        height: file.height ?? scaledHeight(file.width, source),
        crop: file.height !== undefined,
        focus,
      });
    }
  }
  return plans;
}

/**
 * The width a source is decoded at, once, for every file made from it: its own width, or twice
 * the widest breakpoint for a larger photo (a 24-megapixel upload is not held at full size; JPEG
 * shrinks on load). It depends on the source and the settings only, never on which files are
 * missing, so a file re-made alone has the same bytes as when it was made with the others.
 */
export function decodeWidth(source: Pick<SourceInfo, 'width'>, breakpoints: readonly number[]): number {
  return Math.min(source.width, 2 * Math.max(...breakpoints));
}

/** The source width a file needs for full detail (a cropped file: where the crop box covers it). */
export function neededWidth(
  plan: Pick<VariantPlan, 'width' | 'height' | 'crop'>,
  source: Pick<SourceInfo, 'width' | 'height'>,
): number {
  return plan.crop
    ? Math.ceil(source.width * Math.max(plan.width / source.width, plan.height / source.height))
    : plan.width;
}
