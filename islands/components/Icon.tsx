/**
 * The same <svg> markup as templates/components/Icon.tsx, so an island and a template look alike.
 * `icon` is a Lucide SVG body, copied into the island that draws it (not a shared icon module: each
 * island then downloads only its own icons, since esbuild splits shared code by file). Every Lucide
 * icon has the same stroke; it is set once here instead of in each body, which keeps bodies short.
 */
export function Icon({ icon, size = 20, className }: { icon: string; size?: number; className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      className={className ? `icon ${className}` : 'icon'}
      fill="none"
      stroke="currentColor"
      stroke-linecap="round"
      stroke-linejoin="round"
      stroke-width="2"
      aria-hidden="true"
      focusable="false"
      dangerouslySetInnerHTML={{ __html: icon }}
    />
  );
}
