/**
 * The avatar's text fallback (spec §4): the first letters of the first two words of alt, at most
 * two characters. Letters are taken whole (Array.from keeps an emoji or accented capital intact)
 * and upper-cased, since "jan de vries" should look like initials too.
 */
export function initials(alt: string | undefined, locale?: string): string {
  const words = (alt ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 2);
  return words
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toLocaleUpperCase(locale);
}

/** Avatar sizes in px (spec §9); md is the default. */
export const avatarSizes = {
  '3xs': 16,
  '2xs': 20,
  xs: 24,
  sm: 28,
  md: 32,
  lg: 36,
  xl: 40,
  '2xl': 44,
  '3xl': 48,
} as const;
export type AvatarSize = keyof typeof avatarSizes;

/** What an avatar shows: the image while it has one that loads, else initials (or its text), else an icon. */
export function avatarFallback(options: {
  src?: string | undefined;
  failed: boolean;
  text?: string | undefined;
  alt?: string | undefined;
}): 'image' | 'text' | 'icon' {
  if (options.src && !options.failed) return 'image';
  return options.text?.trim() || initials(options.alt) ? 'text' : 'icon';
}
