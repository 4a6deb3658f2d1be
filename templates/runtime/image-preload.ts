// React 19 preloads an image a page loads at once: a <link rel="preload" as="image"> in <head>.
import type { Output } from './output.ts';
import { type Props, selfClosing } from './tags.ts';

/** An image loaded at once gets a preload link in <head>, as React 19 adds it (not inside <picture> or <noscript>). */
export function preloadImage(writer: Output, props: Props): void {
  const { src, srcSet, loading, fetchPriority } = props;
  if (loading === 'lazy' || (!src && !srcSet) || fetchPriority === 'low') return;
  if ((src != null && typeof src !== 'string') || (srcSet != null && typeof srcSet !== 'string')) return;
  if (isDataUrl(src) || isDataUrl(srcSet)) return;
  const sizes = typeof props.sizes === 'string' ? props.sizes : undefined;
  const key = srcSet ? `${srcSet}\n${sizes || ''}` : (src as string);
  const { early, late, seen } = writer.preamble.images;
  const high = fetchPriority === 'high' || early.size < 10;
  const waiting = late.get(key);
  if (waiting !== undefined) {
    if (high) {
      late.delete(key);
      early.set(key, waiting);
    }
    return;
  }
  if (seen.has(key)) return;
  seen.add(key);
  const crossOrigin =
    typeof props.crossOrigin === 'string'
      ? props.crossOrigin === 'use-credentials'
        ? 'use-credentials'
        : ''
      : undefined;
  const link = selfClosing('link', {
    rel: 'preload',
    as: 'image',
    href: srcSet ? undefined : src,
    imageSrcSet: srcSet,
    imageSizes: sizes,
    crossOrigin,
    integrity: props.integrity,
    type: props.type,
    fetchPriority,
    referrerPolicy: props.referrerPolicy,
  });
  (high ? early : late).set(key, link);
}

const isDataUrl = (url: unknown) =>
  typeof url === 'string' && url[4] === ':' && url.slice(0, 4).toLowerCase() === 'data';
