import { createHash } from 'node:crypto';
import { loadSharp, sharpVersions } from './sharp.ts';
import { CENTRE, focusCrop, type FocalPoint } from '../../shared/focal-point.ts';
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
// changes the key by itself, since their encoders may produce other bytes. Public file names come
// from the key (describe.ts), so a bump also gives every file a new URL.
// 2: every file resized from one decode of its source (decodeSource), at exactly the planned size.
const ENCODER_REVISION = 2;

/** Short stable hash of anything that changes the encoder's output. */
export function encodeKey(options: object): string {
  const { sharp, vips, webp } = sharpVersions();
  const versions = { sharp, vips, webp, revision: ENCODER_REVISION };
  return createHash('sha256')
    .update(JSON.stringify({ ...versions, ...options }))
    .digest('hex')
    .slice(0, 12);
}

// failOn 'warning' (sharp's default, said out loud): a truncated JPEG only warns in libjpeg and
// would otherwise be encoded half grey; we would rather name the file.
const open = (source: Buffer) => loadSharp()(source, { failOn: 'warning' }).autoOrient();

/** Size, format and transparency of a source, as displayed (EXIF orientation applied). */
export async function readSourceInfo(source: Buffer): Promise<SourceInfo> {
  const sharp = loadSharp();
  const meta = await sharp(source, { failOn: 'warning' }).metadata();
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height || !meta.format) throw new Error('no width, height or format in the file');
  // An alpha channel alone says little (PNG exports often carry one, fully opaque): look at the pixels.
  const transparent =
    meta.hasAlpha === true && meta.format !== 'svg' && !(await sharp(source, { failOn: 'warning' }).stats()).isOpaque;
  return { width, height, format: meta.format, transparent };
}

/** A source's pixels, decoded once (oriented, sRGB, 8 bits), for every file made from it. */
export interface DecodedSource {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/**
 * Decodes a source whole, or scaled down to `width` (plan.ts decodeWidth: a large photo is not
 * held at full size, and JPEG's shrink-on-load does most of that for free). Decoding once instead
 * of once per file saved a tenth of the image stage's CPU (bench/RESULTS.md).
 */
export async function decodeSource(source: Buffer, width?: number): Promise<DecodedSource> {
  const image = open(source);
  const scaled = width === undefined ? image : image.resize({ width, withoutEnlargement: true });
  const { data, info } = await scaled.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/**
 * One webp file of exactly width x height: the whole picture scaled (`crop` false; the caller
 * keeps the aspect ratio) or the largest part of the box's shape around the focal point, scaled.
 * Exact sizes let the build name and describe every file before it is encoded.
 */
export async function encodeFile(
  decoded: DecodedSource,
  size: { width: number; height: number; crop: boolean; focus?: FocalPoint },
  options: EncodeOptions,
): Promise<Buffer> {
  let image = loadSharp()(decoded.data, {
    raw: { width: decoded.width, height: decoded.height, channels: decoded.channels },
  });
  if (size.crop) image = image.extract(focusCrop(decoded, size, size.focus ?? CENTRE));
  if (size.width !== decoded.width || size.height !== decoded.height) {
    image = image.resize({ width: size.width, height: size.height, fit: 'fill' });
  }
  const { data, info } = await image
    .webp({ quality: options.quality, effort: options.effort })
    .toBuffer({ resolveWithObject: true });
  if (info.width !== size.width || info.height !== size.height) {
    throw new Error(
      `made ${info.width}x${info.height} instead of ${size.width}x${size.height} (a bug in the image stage)`,
    );
  }
  return data;
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
