import type { ReactNode } from 'react';
import { CardGrid } from './Cards.tsx';
import { Icon } from './Icon.tsx';

/** A titled row of cards with a link to the whole list (the home page's news and events). */
export function Showcase({
  id,
  title,
  more,
  tinted = false,
  children,
}: {
  id: string;
  title: string;
  more: { href: string; label: string };
  tinted?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={tinted ? 'section tinted' : 'section'} aria-labelledby={id}>
      <div className="container">
        <div className="section-heading">
          <h2 id={id}>{title}</h2>
          <a href={more.href}>
            {more.label} <Icon name="arrow-right" size={18} />
          </a>
        </div>
        <CardGrid>{children}</CardGrid>
      </div>
    </section>
  );
}
