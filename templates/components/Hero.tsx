import type { ReactNode } from 'react';
import type { RouteName } from '../../shared/config.ts';
import { Picture } from './Picture.tsx';
import { Crumbs } from './Crumbs.tsx';
import { Icon } from './Icon.tsx';
import { useImage } from '../lib/images.tsx';

export interface HeroProps {
  title: string;
  subtitle?: string | undefined;
  image: string;
  size?: 'default' | 'large' | 'compact';
  colorBar?: boolean;
  /** The list an item page belongs to (a club's is `clubs`): shown as a trail above the title. */
  parent?: RouteName | undefined;
  /** Calls to action under the title (the home page's). */
  actions?: ReactNode;
  /** Short proof points under the actions ("20 verenigingen"), with the list's name. */
  highlights?: string[] | undefined;
  /** The title's language when it is not the page's (Dutch text on an untranslated English page). */
  lang?: string | undefined;
}

/** Every page opens with a hero: title over a photo. Its image is the page's largest paint, so it loads first. */
export function Hero({
  title,
  subtitle,
  image,
  size = 'default',
  colorBar = false,
  parent,
  actions,
  highlights,
  lang,
}: HeroProps) {
  const picture = useImage(image);
  return (
    <div className={`hero hero-${size}`}>
      <div className="hero-media">
        {/* The picture's share of the width (hero.css): all of a phone's, --hero-split of a wider screen's. */}
        <Picture image={picture} alt="" sizes="(min-width: 50rem) 52vw, 100vw" priority className="hero-image" />
      </div>
      <div className="hero-shade" />
      <div className="container hero-text">
        {parent && <Crumbs parent={parent} current={title} />}
        <h1 lang={lang}>{title}</h1>
        {subtitle && (
          <p className="hero-subtitle" lang={lang}>
            {subtitle}
          </p>
        )}
        {actions && <div className="hero-actions">{actions}</div>}
        {highlights && (
          <ul className="hero-highlights">
            {highlights.map((item) => (
              <li key={item}>
                <Icon name="circle-check" size={18} /> {item}
              </li>
            ))}
          </ul>
        )}
      </div>
      {colorBar && <div className="hero-color-bar" aria-hidden="true" />}
    </div>
  );
}
