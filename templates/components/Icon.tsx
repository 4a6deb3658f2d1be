import { getIconData, iconToSVG, replaceIDs } from '@iconify/utils';
import { icons as lucide } from '@iconify-json/lucide';

/** An icon from Iconify's Lucide set, inlined as SVG at build time: no icon fetch at run time. */
export function Icon({ name, size = 20, label, className }: { name: string; size?: number; label?: string; className?: string }) {
  const data = getIconData(lucide, name);
  if (!data) throw new Error(`Unknown icon "${name}" (Lucide set: see icones.js.org/collection/lucide)`);
  const svg = iconToSVG(data, { height: size, width: size });
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox={svg.attributes.viewBox}
      className={className ? `icon ${className}` : 'icon'}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true, focusable: 'false' })}
      dangerouslySetInnerHTML={{ __html: replaceIDs(svg.body) }}
    />
  );
}
