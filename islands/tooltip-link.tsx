import { Icon } from './components/Icon.tsx';
import { Tooltip } from './components/Tooltip.tsx';
import type { IconName } from './components/icons.ts';

export interface TooltipLinkProps {
  /** Unique on the page: the tooltip's id. */
  id: string;
  href: string;
  label: string;
  tooltip: string;
  className?: string;
  icon?: IconName;
  external?: boolean;
}

/** A link with a tooltip that says where it goes, e.g. a club's sign-up on the external lesson platform. */
export default function TooltipLink({ id, href, label, tooltip, className, icon, external }: TooltipLinkProps) {
  return (
    <Tooltip id={id} content={tooltip}>
      {(trigger) => (
        <a href={href} className={className} {...(external ? { rel: 'noopener' } : {})} {...trigger}>
          {label}
          {icon && <Icon name={icon} size={18} />}
        </a>
      )}
    </Tooltip>
  );
}
