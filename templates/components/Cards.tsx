import { Children, type ReactNode } from 'react';
import { Picture } from './Picture.tsx';
import { useImage } from '../lib/images.tsx';
import { useSite } from '../lib/site.tsx';

interface CardProps {
  href: string;
  image: string;
  title: string;
  /** 2 on a list page under its h1; 3 under a section's h2. */
  level?: 2 | 3;
  meta?: ReactNode;
  /** Laid over the photo's corner (an event's date). */
  badge?: ReactNode;
  /** The card's language when it differs from the page's (an untranslated article shows Dutch). */
  lang?: string | undefined;
  children?: ReactNode;
}

/** A card with a photo whose whole surface links to `href`: clubs, news, events. */
export function Card({ href, image, title, level = 3, meta, badge, lang, children }: CardProps) {
  const { locale, t } = useSite();
  const Heading = level === 2 ? 'h2' : 'h3';
  // An untranslated item says so before its title, in the page's language (issue 19).
  const inOtherLanguage =
    lang && lang !== locale ? (
      <span className="lang-note" lang={locale}>
        {t('common.inDutch')}
      </span>
    ) : null;
  return (
    <article className="card" {...(lang ? { lang } : {})}>
      <Picture
        image={useImage(image)}
        alt=""
        sizes="(min-width: 1240px) 380px, (min-width: 640px) 50vw, 100vw"
        className="card-image"
      />
      {badge}
      <div className="card-body">
        {(meta || inOtherLanguage) && (
          <p className="card-meta">
            {meta}
            {inOtherLanguage}
          </p>
        )}
        <Heading>
          <a href={href} className="card-link">
            {title}
          </a>
        </Heading>
        {children}
      </div>
    </article>
  );
}

/**
 * How a grid of three across ends without a short last row: with 3n+2 cards the first two share a
 * row, with 3n+1 (4 or more) the first four share two rows; the rest go three across.
 */
export function leadCount(count: number): 0 | 2 | 4 {
  if (count % 3 === 2) return 2;
  if (count % 3 === 1 && count >= 4) return 4;
  return 0;
}

/** Cards in a responsive grid, as a list (screen readers announce how many). */
export function CardGrid({ children, className }: { children: ReactNode; className?: string }) {
  const lead = leadCount(Children.count(children));
  const classes = ['card-grid', lead ? `lead-${lead}` : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <ul className={classes}>
      {Children.map(children, (child) => (
        <li>{child}</li>
      ))}
    </ul>
  );
}
