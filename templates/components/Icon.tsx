// The three functions' own modules: the package's index loads 64 (loaders, emoji, CSS, `debug`),
// ~50 ms of CPU in every build and render worker, for these three.
import { getIconData } from '@iconify/utils/lib/icon-set/get-icon';
import { iconToSVG } from '@iconify/utils/lib/svg/build';
import { replaceIDs } from '@iconify/utils/lib/svg/id';
import { icons as lucide } from '@iconify-json/lucide';

// An icon's SVG by name and size, made once: every page repeats the same few icons.
const made = new Map<string, { viewBox: string; body: string }>();

function iconSvg(name: string, size: number): { viewBox: string; body: string } {
  const key = `${name}@${size}`;
  let svg = made.get(key);
  if (!svg) {
    const data = getIconData(lucide, name);
    if (!data) throw new Error(`Unknown icon "${name}" (Lucide set: see icones.js.org/collection/lucide)`);
    const rendered = iconToSVG(data, { height: size, width: size });
    made.set(key, (svg = { viewBox: rendered.attributes.viewBox, body: rendered.body }));
  }
  return svg;
}

/** An icon from Iconify's Lucide set, inlined as SVG at build time: no icon fetch at run time. */
export function Icon({
  name,
  size = 20,
  label,
  className,
}: {
  name: string;
  size?: number;
  label?: string;
  className?: string;
}) {
  const svg = iconSvg(name, size);
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox={svg.viewBox}
      className={className ? `icon ${className}` : 'icon'}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true, focusable: 'false' })}
      // IDs inside an icon (gradients, masks) must be unique on the page; Lucide's rarely have any.
      dangerouslySetInnerHTML={{ __html: svg.body.includes('id=') ? replaceIDs(svg.body) : svg.body }}
    />
  );
}
