import { createHash } from 'node:crypto';
import type { FocalPoint } from '../../shared/focal-point.ts';
import type { SourceInfo, VariantPlan } from './plan.ts';
import type { FixedRendition, ImageVariant, ProcessedImage } from '../../shared/images.ts';

/** The key of a source published as is (SVG). */
export const SVG_KEY = 'svg';

/**
 * The file name in publicDir/images: image name, size, 8 hex of a hash of the source's bytes and
 * the file's key (its size and every encoder setting and version), extension. Whatever changes
 * the file's bytes changes its name, so it can be cached forever; and the name is known before
 * the file is encoded, so pages render while the images are still being made.
 * court-clay-1.640.3f9a2c1b.webp, avatar-anna.64x64.0b1c2d3e.webp, logo.9a8b7c6d.svg
 */
export function publicName(
  name: string,
  sourceHash: string,
  key: string,
  size?: { width: number; height: number },
): string {
  const hash = createHash('sha256').update(`${sourceHash}/${key}`).digest('hex').slice(0, 8);
  if (key === SVG_KEY || !size) return `${name}.${hash}.svg`;
  const dimensions = key.startsWith('c') ? `${size.width}x${size.height}` : `${size.width}`;
  return `${name}.${dimensions}.${hash}.webp`;
}

export const publicUrl = (fileName: string): string => `/images/${encodeURIComponent(fileName)}`;

/** One planned file of a source, where the image stage publishes it. */
export interface PlannedFile {
  key: string;
  /** Name in publicDir/images. */
  target: string;
  width: number;
  height: number;
}

/** Every file a source is published as, one per key (a breakpoint and a fixed size may share one). */
export function plannedFiles(
  name: string,
  sourceHash: string,
  info: SourceInfo,
  plans: readonly VariantPlan[],
): PlannedFile[] {
  if (info.format === 'svg')
    return [{ key: SVG_KEY, target: publicName(name, sourceHash, SVG_KEY), width: info.width, height: info.height }];
  const files = new Map<string, PlannedFile>();
  for (const plan of plans) {
    if (!files.has(plan.key))
      files.set(plan.key, {
        key: plan.key,
        target: publicName(name, sourceHash, plan.key, plan),
        width: plan.width,
        height: plan.height,
      });
  }
  return [...files.values()];
}

const variantOf = (file: PlannedFile | undefined): ImageVariant => {
  if (!file) throw new Error('image stage: a plan without its file'); // plannedFiles makes one per key
  return { src: publicUrl(file.target), width: file.width, height: file.height };
};

/** What templates get: every URL, with the width and height of the file behind it. */
export function describeImage(
  work: {
    name: string;
    info: SourceInfo;
    plans: readonly VariantPlan[];
    files: readonly PlannedFile[];
    focus?: FocalPoint | undefined;
  },
  placeholder: string,
): ProcessedImage {
  const { name, info } = work;
  const focus = work.focus ? { focus: work.focus } : {};
  const byKey = new Map(work.files.map((file) => [file.key, file]));
  if (info.format === 'svg') {
    return {
      name,
      width: info.width,
      height: info.height,
      variants: [variantOf(byKey.get(SVG_KEY))],
      placeholder: '',
      fixed: [],
      ...focus,
    };
  }
  const variants = work.plans
    .filter((plan) => plan.kind === 'responsive')
    .map((plan) => variantOf(byKey.get(plan.key)))
    .sort((a, b) => a.width - b.width);
  const fixed = new Map<string, FixedRendition>();
  for (const plan of work.plans) {
    if (plan.kind !== 'fixed') continue;
    const id = `${plan.box.width}x${plan.box.height}${plan.box.cropped ? 'c' : ''}`;
    const rendition = fixed.get(id) ?? { ...plan.box, densities: [] };
    rendition.densities.push({ ...variantOf(byKey.get(plan.key)), density: plan.density });
    fixed.set(id, rendition);
  }
  return { name, width: info.width, height: info.height, variants, placeholder, fixed: [...fixed.values()], ...focus };
}
