import { iconBodies, type IconName } from './icons.ts';

/** The same <svg> markup as templates/components/Icon.tsx, so an island and a template look alike. */
export function Icon({ name, size = 20, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      className={className ? `icon ${className}` : 'icon'}
      aria-hidden="true"
      focusable="false"
      dangerouslySetInnerHTML={{ __html: iconBodies[name] }}
    />
  );
}
