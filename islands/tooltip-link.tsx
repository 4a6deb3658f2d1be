import { Icon } from './components/Icon.tsx';
import { Tooltip } from './components/Tooltip.tsx';

/** Lucide "external-link" (ISC): its shapes, drawn with the stroke <Icon> sets; tests/islands/icons.test.ts compares. */
export const externalLinkIcon = '<path d="M15 3h6v6m-11 5L21 3m-3 10v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6"/>';

export interface TooltipLinkProps {
  /** Unique on the page: the tooltip's id. */
  id: string;
  href: string;
  label: string;
  tooltip: string;
  className?: string;
  /** Another site: marked with the external-link icon, opened without opener access. */
  external?: boolean;
}

/** A link with a tooltip that says where it goes, e.g. a club's sign-up on the external lesson platform. */
export default function TooltipLink({ id, href, label, tooltip, className, external }: TooltipLinkProps) {
  return (
    <Tooltip id={id} content={tooltip}>
      {(trigger) => (
        <a href={href} className={className} {...(external ? { rel: 'noopener' } : {})} {...trigger}>
          {label}
          {external && <Icon icon={externalLinkIcon} size={18} />}
        </a>
      )}
    </Tooltip>
  );
}
