import type { CSSProperties } from 'react';
import type { ImageVariant, ProcessedImage } from '../../shared/images.ts';
import { CENTRE, formatFocus } from '../../shared/focal-point.ts';

interface CommonProps {
  image: ProcessedImage;
  /** Empty for a decorative image; otherwise what the image shows. */
  alt: string;
  /** The hero or another image seen at once: loads eagerly with high priority instead of lazily. */
  priority?: boolean;
  className?: string;
}

/** Responsive: the browser picks a width from `srcset` using `sizes`, the image's layout width. */
export interface ResponsivePictureProps extends CommonProps {
  sizes: string;
  width?: never;
  height?: never;
}

/**
 * Fixed size (avatar, thumbnail): shown `width` CSS pixels wide, with a 1x and a 2x file. With a
 * `height` the image is cropped to fill that box.
 */
export interface FixedPictureProps extends CommonProps {
  width: number;
  height?: number;
  sizes?: never;
}

export type PictureProps = ResponsivePictureProps | FixedPictureProps;

interface Chosen {
  src: string;
  srcSet: string;
  width: number;
  height: number;
  sizes?: string;
  cover: boolean;
}

function responsive(image: ProcessedImage, sizes: string): Chosen {
  const largest = image.variants.at(-1);
  if (!largest) throw new Error(`Picture: image "${image.name}" has no variants`);
  return {
    src: largest.src,
    srcSet: image.variants.map((variant) => `${variant.src} ${variant.width}w`).join(', '),
    // width/height of the file src points at: the exact aspect ratio, so no layout shift.
    width: largest.width,
    height: largest.height,
    sizes,
    cover: false,
  };
}

const density = (value: number) => `${Number(value.toFixed(2))}x`;

function fixed(image: ProcessedImage, width: number, height: number | undefined): Chosen {
  const exact = image.fixed?.find(
    (r) => r.width === width && (height === undefined ? !r.cropped : r.cropped && r.height === height),
  );
  const first = exact?.densities[0];
  if (exact && first) {
    return {
      src: first.src,
      srcSet: exact.densities.map((file) => `${file.src} ${density(file.density)}`).join(', '),
      width: exact.width,
      height: exact.height,
      cover: false,
    };
  }
  // No fixed files were made for this size (the build was not told about it): fall back to the
  // narrowest breakpoint file that covers each density. Correct, just more bytes than needed.
  const boxHeight = height ?? Math.max(1, Math.round((width * image.height) / image.width));
  const picks = new Map<string, { file: ImageVariant; density: number }>();
  for (const wanted of [1, 2]) {
    const file = image.variants.find((variant) => variant.width >= width * wanted) ?? image.variants.at(-1);
    if (file && !picks.has(file.src)) picks.set(file.src, { file, density: Math.min(wanted, file.width / width) });
  }
  const list = [...picks.values()];
  if (!list[0]) throw new Error(`Picture: image "${image.name}" has no variants`);
  return {
    src: list[0].file.src,
    srcSet: list.map(({ file, density: d }) => `${file.src} ${density(d)}`).join(', '),
    width,
    height: boxHeight,
    cover: height !== undefined,
  };
}

type PictureStyle = CSSProperties & Record<`--${string}`, string>;

// Pages show the same few photos again and again (a list's, an article's hero): what an image's
// <img> needs in one shape is worked out once (issue 21: ~100 ms of each render thread at 4,000
// sources). By the image object, which every page of a build shares, then the shape asked for.
const madeShapes = new WeakMap<ProcessedImage, Map<string, { chosen: Chosen; style: PictureStyle }>>();

function shapeOf(props: PictureProps): { chosen: Chosen; style: PictureStyle } {
  const { image } = props;
  let byShape = madeShapes.get(image);
  if (!byShape) madeShapes.set(image, (byShape = new Map()));
  const key = props.width !== undefined ? `fixed ${props.width}x${props.height ?? ''}` : `sizes ${props.sizes}`;
  let shape = byShape.get(key);
  if (!shape) {
    const chosen = props.width !== undefined ? fixed(image, props.width, props.height) : responsive(image, props.sizes);
    // Wherever CSS crops the image (object-fit: cover in a box of another shape), the crop keeps the
    // focal point in view: --focus-x/-y and --aspect feed object-position (base.css; the heroes and the
    // backdrop centre the point, hero.css), and the placeholder under it is cropped the same way.
    const focus = image.focus ?? CENTRE;
    const style: PictureStyle = {
      ...(image.placeholder
        ? {
            backgroundImage: `url("${image.placeholder}")`,
            backgroundSize: 'cover',
            backgroundPosition: image.focus ? formatFocus(focus) : 'center',
            backgroundRepeat: 'no-repeat',
          }
        : {}),
      ...(chosen.cover ? { objectFit: 'cover' } : {}),
      ...(image.focus
        ? {
            '--focus-x': `${focus.x}`,
            '--focus-y': `${focus.y}`,
            '--aspect': `${Number((image.width / image.height).toFixed(4))}`,
          }
        : {}),
    };
    byShape.set(key, (shape = { chosen, style }));
  }
  return shape;
}

/**
 * The one way templates show a content image: a plain <img> (every browser takes webp) with
 * srcset, width and height, lazy unless `priority`, and the blurred placeholder as its CSS
 * background. The real image paints over the background as it loads: no script involved.
 */
export function Picture(props: PictureProps) {
  const { alt, priority = false, className } = props;
  const { chosen, style } = shapeOf(props);
  return (
    <img
      src={chosen.src}
      srcSet={chosen.srcSet}
      {...(chosen.sizes ? { sizes: chosen.sizes } : {})}
      width={chosen.width}
      height={chosen.height}
      alt={alt}
      {...(className ? { className } : {})}
      {...(priority ? { loading: 'eager', fetchPriority: 'high' } : { loading: 'lazy', decoding: 'async' })}
      {...(Object.keys(style).length ? { style } : {})}
    />
  );
}
