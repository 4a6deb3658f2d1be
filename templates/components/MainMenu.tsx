import type { NavItem, NavLinkItem } from '../lib/navigation.ts';
import { renderToString } from '../runtime/render.ts';
import { Icon } from './Icon.tsx';

function NavLink({ link }: { link: NavLinkItem }) {
  return (
    <a
      href={link.href}
      {...(link.external ? { rel: 'noopener' } : {})}
      {...(link.current ? { 'aria-current': 'page' as const } : {})}
    >
      {link.label}
    </a>
  );
}

interface MenuProps {
  label: string;
  items: NavItem[];
  search: { href: string; label: string };
}

function MenuContent({ label, items, search }: MenuProps) {
  return (
    <>
      <summary className="menu-button">
        <Icon name="menu" size={24} className="when-closed" />
        <Icon name="x" size={24} className="when-open" />
        <span>{label}</span>
      </summary>
      <nav className="main-nav" aria-label={label}>
        <ul>
          {items.map((item, index) =>
            'children' in item ? (
              <li key={index} className="has-children">
                <details className="submenu" name="main-nav-group">
                  <summary>
                    {item.label}
                    <Icon name="chevron-down" size={16} />
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
          <li className="nav-search">
            <a className="search-link" href={search.href}>
              <Icon name="search" size={20} />
              <span>{search.label}</span>
            </a>
          </li>
        </ul>
      </nav>
    </>
  );
}

/**
 * The menu's markup by its items, then its labels: the same on every page of a language but the
 * few whose route is in it, so a thread renders it once for each (it was a fifth of an article
 * page's tags and most of the header's work). Pages share their items arrays (navItems makes
 * them once per route), so they are found by identity, without a key made of them for each page.
 */
const rendered = new WeakMap<NavItem[], Map<string, string>>();

/**
 * The main navigation as HTML and CSS only (issue 19): on phones a <details> that opens a panel
 * over a backdrop (the open button's own ::before, so a tap on it closes the menu without script),
 * its groups folds; on wide screens a row with dropdowns. The groups share a `name`, so opening
 * one closes the other, natively. The header's small script (islands/header.ts) adds Escape and
 * closing on a click or focus elsewhere. <summary> reports expanded/collapsed itself (ARIA in
 * HTML: no aria-expanded on it), so its name stays "Menu" while the icon turns into a cross. The
 * search page's link ends the menu: an icon in the row on wide screens, a row of the panel on phones
 * (the phone's header row has no room for a fifth button).
 */
export function MainMenu(props: MenuProps) {
  let byLabels = rendered.get(props.items);
  if (!byLabels) rendered.set(props.items, (byLabels = new Map()));
  const key = `${props.label}\n${props.search.href}\n${props.search.label}`;
  let inner = byLabels.get(key);
  if (inner === undefined) byLabels.set(key, (inner = renderToString(<MenuContent {...props} />)));
  return <details className="menu" data-menu="" dangerouslySetInnerHTML={{ __html: inner }} />;
}
