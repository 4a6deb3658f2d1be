import type { CachedFile } from './cache.ts';
import type { SourceInfo, VariantPlan } from './plan.ts';
import type { FixedRendition, ImageVariant, ProcessedImage } from './types.ts';

/**
 * The file name in publicDir/images: image name, size, the first 8 hex of the content hash
 * (so it can be cached forever and never collides with an older version), extension.
 * court-clay-1.640.3f9a2c1b.webp, avatar-anna.64x64.0b1c2d3e.webp, logo.9a8b7c6d.svg
 */
export function publicName(name: string, key: string, file: CachedFile): string {
  const hash = file.hash.slice(0, 8);
  if (file.extension === 'svg') return `${name}.${hash}.svg`;
  const size = key.startsWith('c') ? `${file.width}x${file.height}` : `${file.width}`;
  return `${name}.${size}.${hash}.${file.extension}`;
}

export const publicUrl = (fileName: string): string => `/images/${encodeURIComponent(fileName)}`;

const variantOf = (name: string, key: string, files: ReadonlyMap<string, CachedFile>): ImageVariant => {
  const file = files.get(key);
  if (!file) throw new Error(`image stage: ${name} has no file for ${key}`); // every plan was made or verified first
  return { src: publicUrl(publicName(name, key, file)), width: file.width, height: file.height };
};

/** What templates get: every URL, with the width and height of the file behind it. */
export function describeImage(
  work: { name: string; info: SourceInfo; plans: readonly VariantPlan[] },
  files: ReadonlyMap<string, CachedFile>,
  placeholder: string,
): ProcessedImage {
  const { name, info } = work;
  if (info.format === 'svg') {
    const svg = variantOf(name, 'svg', files);
    return { name, width: info.width, height: info.height, variants: [svg], placeholder: '', fixed: [] };
  }
  const variants = work.plans
    .filter((plan) => plan.kind === 'responsive')
    .map((plan) => variantOf(name, plan.key, files))
    .sort((a, b) => a.width - b.width);
  const fixed = new Map<string, FixedRendition>();
  for (const plan of work.plans) {
    if (plan.kind !== 'fixed') continue;
    const id = `${plan.box.width}x${plan.box.height}${plan.box.cropped ? 'c' : ''}`;
    const rendition = fixed.get(id) ?? { ...plan.box, densities: [] };
    rendition.densities.push({ ...variantOf(name, plan.key, files), density: plan.density });
    fixed.set(id, rendition);
  }
  return { name, width: info.width, height: info.height, variants, placeholder, fixed: [...fixed.values()] };
}
