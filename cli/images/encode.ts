import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { SourceInfo } from './plan.ts';

/** The encoder settings that change output bytes; all of them go into the cache key. */
export interface EncodeOptions {
  quality: number;
  /** libwebp effort 0..6: site.config.yaml's images.effort, default 4 as sharp's (bench/RESULTS.md has the trade-off). */
  effort: number;
}

export interface PlaceholderOptions {
  width: number;
  height: number;
  quality: number;
  blur: number;
}

// Bumped when this file changes what it makes from the same input; a sharp or libvips upgrade
// changes the key by itself, since their encoders may produce other bytes.
const ENCODER_REVISION = 1;

/** Short stable hash of anything that changes the encoder's output. */
export function encodeKey(options: object): string {
  const versions = { sharp: sharp.versions.sharp, vips: sharp.versions.vips, webp: sharp.versions.webp, revision: ENCODER_REVISION };
  return createHash('sha256').update(JSON.stringify({ ...versions, ...options })).digest('hex').slice(0, 12);
}

// failOn 'warning' (sharp's default, said out loud): a truncated JPEG only warns in libjpeg and
// would otherwise be encoded half grey; we would rather name the file.
const open = (source: Buffer) => sharp(source, { failOn: 'warning' }).autoOrient();

/** Size, format and transparency of a source, as displayed (EXIF orientation applied). */
export async function readSourceInfo(source: Buffer): Promise<SourceInfo> {
  const meta = await sharp(source, { failOn: 'warning' }).metadata();
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height || !meta.format) throw new Error('no width, height or format in the file');
  // An alpha channel alone says little (PNG exports often carry one, fully opaque): look at the pixels.
  const transparent = meta.hasAlpha === true && meta.format !== 'svg' && !(await sharp(source, { failOn: 'warning' }).stats()).isOpaque;
  return { width, height, format: meta.format, transparent };
}

/** One webp file: `width` wide keeping the aspect ratio, or cropped (cover, centred) to width x height. */
export async function encodeFile(source: Buffer, size: { width: number; height?: number }, options: EncodeOptions): Promise<{ data: Buffer; width: number; height: number }> {
  const pipeline = size.height === undefined
    ? open(source).resize({ width: size.width, withoutEnlargement: true })
    : open(source).resize({ width: size.width, height: size.height, fit: 'cover', position: 'centre' });
  const { data, info } = await pipeline.webp({ quality: options.quality, effort: options.effort }).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * The blurred placeholder as a data URI. It fits inside width x height keeping the aspect ratio,
 * so `background-size: cover` lines it up with the image whatever the <img> box does.
 */
export async function makePlaceholder(source: Buffer, options: PlaceholderOptions): Promise<string> {
  const data = await open(source)
    .resize({ width: options.width, height: options.height, fit: 'inside' })
    .blur(options.blur)
    .webp({ quality: options.quality })
    .toBuffer();
  return `data:image/webp;base64,${data.toString('base64')}`;
}
