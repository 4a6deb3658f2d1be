import { createContext, useContext } from 'react';
import type { ImageLookup, ProcessedImage } from '../../shared/images.ts';

/** The image stage's lookup, provided once around every page by the renderer (templates/entry.tsx). */
export const ImagesContext = createContext<ImageLookup>({});

/**
 * A processed image by name (the file name in content/images without extension). Only images the
 * content uses are processed, so an unknown name means the build was not told about it: the
 * error says which names there are, because a typo is the usual cause.
 */
export function useImage(name: string): ProcessedImage {
  const lookup = useContext(ImagesContext);
  const image = Object.hasOwn(lookup, name) ? lookup[name] : undefined;
  if (image) return image;
  const known = Object.keys(lookup).sort();
  throw new Error(
    known.length
      ? `useImage("${name}"): no processed image of that name. Processed images: ${known.slice(0, 12).join(', ')}${known.length > 12 ? `, … (${known.length} in all)` : ''}. A template's own image must also be in the build's used set (cli/build/used-images.ts).`
      : `useImage("${name}"): no images at all; render inside <ImagesContext.Provider value={lookup}>.`,
  );
}
