import { useEffect, useRef, useState } from 'react';
import { avatarFallback, avatarSizes, initials, type AvatarSize } from '../lib/initials.ts';
import { Icon } from './Icon.tsx';

/** Lucide "user" (ISC): its shapes, drawn with the stroke <Icon> sets; tests/islands/icons.test.ts compares. */
export const userIcon = '<path d="M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2"/><circle cx="12" cy="7" r="4"/>';

export interface AvatarProps {
  src?: string;
  /** Who it is: the image's alt, the source of the initials, the name a screen reader hears. */
  alt?: string;
  /** Shown instead of initials when given. */
  text?: string;
  size?: AvatarSize;
  className?: string;
}

/**
 * A person's picture; when there is none or it fails to load, their initials; without a name,
 * a person icon (spec §4). Sizes 3xs (16 px) to 3xl (48 px), md (32 px) by default (spec §9): the
 * `avatar-<size>` classes in templates/styles/islands.css, so no inline style is needed.
 */
export function Avatar({ src, alt, text, size = 'md', className }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  // A new src gets a new chance. And an image can fail before the island hydrates, when no
  // onError was listening yet: a finished image without pixels is one that failed.
  useEffect(() => {
    const img = image.current;
    setFailed(Boolean(img?.complete && img.naturalWidth === 0));
  }, [src]);
  const px = avatarSizes[size];
  const shows = avatarFallback({ src, failed, text, alt });
  const classes = `avatar avatar-${size}${className ? ` ${className}` : ''}`;
  if (shows === 'image') {
    return (
      <span className={classes} data-avatar="image">
        <img
          ref={image}
          src={src}
          alt={alt ?? ''}
          width={px}
          height={px}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
        />
      </span>
    );
  }
  const label = alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true };
  return (
    <span className={classes} data-avatar={shows} {...label}>
      {shows === 'text' ? (
        <span aria-hidden="true">{text?.trim() || initials(alt)}</span>
      ) : (
        <Icon icon={userIcon} size={Math.round(px * 0.6)} />
      )}
    </span>
  );
}
