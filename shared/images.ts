import type { FocalPoint } from './focal-point.ts';

/** One encoded file of an image, at one width. */
export interface ImageVariant {
  /** Public URL path, content-hashed: /images/court-clay-1.640.3f9a2c1b.webp */
  src: string;
  width: number;
  height: number;
}

/** One file of a fixed-size rendition, for one screen density (1 = 1x, 2 = 2x). */
export interface DensityVariant extends ImageVariant {
  /** File width divided by the CSS width: 2 for a 2x file, less when the source is too small. */
  density: number;
}

/**
 * An image shown at one fixed CSS size (avatar, thumbnail): one file per density, so the
 * browser picks with `1x, 2x` instead of downloading a breakpoint width for a 64 px box.
 */
export interface FixedRendition {
  /** CSS box in pixels; height follows the source's aspect ratio unless it was asked for. */
  width: number;
  height: number;
  /** True when the box was asked with a height and the image is cropped (around its focal point) to fit. */
  cropped: boolean;
  /** Lowest density first. */
  densities: DensityVariant[];
}

/** A fixed size a template needs; the build passes these to the image stage per image name. */
export interface FixedSize {
  width: number;
  height?: number;
}

/** What templates know about an image: enough for srcset, sizes, width/height and a placeholder. */
export interface ProcessedImage {
  name: string;
  /** Intrinsic size of the source (after EXIF orientation). */
  width: number;
  height: number;
  /** Responsive widths (breakpoints not wider than the source), narrowest first. */
  variants: ImageVariant[];
  /**
   * Inline data URI of the 10x10 blurred placeholder; empty for images that are not opaque
   * (a blur behind transparent pixels would stay visible) and for SVG.
   */
  placeholder: string;
  /** Fixed-size renditions asked for this image (see processImages' `fixed`); often none. */
  fixed?: FixedRendition[];
  /** The spot every crop keeps (content/images/focus.yaml); the middle when absent. */
  focus?: FocalPoint;
}

/** Image name to its processed form; built by the image stage before rendering. */
export type ImageLookup = Record<string, ProcessedImage>;
