import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { Icon } from './Icon.tsx';

/** Lucide "menu" (ISC): its shapes, drawn with the stroke <Icon> sets; tests/islands/icons.test.ts compares. */
export const menuIcon = '<path d="M4 5h16M4 12h16M4 19h16"/>';
/** Lucide "chevron-down" (ISC): its shapes, drawn with the stroke <Icon> sets; tests/islands/icons.test.ts compares. */
export const chevronDownIcon = '<path d="m6 9l6 6l6-6"/>';

export interface NavLinkItem {
  label: string;
  href: string;
  current?: boolean;
  external?: boolean;
}
export interface NavGroupItem {
  label: string;
  children: NavLinkItem[];
}
export type NavItem = NavLinkItem | NavGroupItem;

export interface MobileNavProps {
  /** "Menu": the button's text and the navigation's name. */
  label: string;
  items: NavItem[];
}

function NavLink({ link }: { link: NavLinkItem }) {
  return (
    <a href={link.href} {...(link.external ? { rel: 'noopener' } : {})} {...(link.current ? { 'aria-current': 'page' as const } : {})}>
      {link.label}
    </a>
  );
}

/**
 * The site's navigation. Without script it is a <details> disclosure with <details> groups, which
 * already opens and closes by mouse, keyboard and screen reader. Once hydrated it adds what a
 * disclosure menu is expected to do: Escape closes the innermost open part and puts focus back on
 * its button; a click or focus outside closes it; opening one group closes the others. The
 * <summary> buttons report expanded/collapsed themselves (ARIA in HTML: do not add aria-expanded).
 */
export function MobileNav({ label, items }: MobileNavProps) {
  const [open, setOpen] = useState(false);
  const [group, setGroup] = useState<number | undefined>(undefined);
  const root = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    // Opened before hydration? Start from what the visitor sees.
    if (root.current?.open) setOpen(true);
    // The element is closed first, then the state: a <details> reports its own toggles with an
    // event that comes a moment later, and an Escape in that moment found the state still closed,
    // so setting it closed again changed nothing and the group stayed open.
    const closeAll = () => {
      if (root.current) root.current.open = false;
      setOpen(false);
      setGroup(undefined);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || !root.current) return;
      const openGroup = root.current.querySelector<HTMLDetailsElement>('details.submenu[open]');
      const target = openGroup && openGroup.contains(document.activeElement) ? openGroup : root.current.open ? root.current : openGroup;
      if (!target) return;
      event.preventDefault();
      target.open = false;
      if (target === root.current) closeAll();
      else setGroup(undefined);
      target.querySelector('summary')?.focus();
    };
    const onOutside = (event: Event) => {
      if (root.current && !root.current.contains(event.target as Node)) closeAll();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, []);

  // <details> toggles itself; state follows it, so script and no-script agree.
  const onMenuToggle = (event: SyntheticEvent<HTMLDetailsElement>) => {
    if (event.currentTarget !== event.target) return;
    setOpen(event.currentTarget.open);
    if (!event.currentTarget.open) setGroup(undefined);
  };
  const onGroupToggle = (index: number) => (event: SyntheticEvent<HTMLDetailsElement>) => {
    const isOpen = event.currentTarget.open;
    setGroup((now) => (isOpen ? index : now === index ? undefined : now));
  };

  return (
    <details ref={root} className="menu" data-menu="" open={open} onToggle={onMenuToggle}>
      <summary className="menu-button">
        <Icon icon={menuIcon} size={22} />
        <span>{label}</span>
      </summary>
      <nav className="main-nav" aria-label={label}>
        <ul>
          {items.map((item, index) =>
            'children' in item ? (
              <li key={index} className="has-children">
                <details className="submenu" open={group === index} onToggle={onGroupToggle(index)}>
                  <summary>
                    {item.label}
                    <Icon icon={chevronDownIcon} size={16} />
                  </summary>
                  <ul>
                    {item.children.map((child, childIndex) => (
                      <li key={childIndex}>
                        <NavLink link={child} />
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            ) : (
              <li key={index}>
                <NavLink link={item} />
              </li>
            ),
          )}
        </ul>
      </nav>
    </details>
  );
}
