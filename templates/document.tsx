import type { ReactNode } from 'react';
import { pageTitle } from '../shared/paths.ts';
import { isListed } from '../shared/listing.ts';
import { useSite } from './lib/site.tsx';
import { IslandScripts } from './components/Island.tsx';
import { ShareTags } from './components/ShareTags.tsx';
import type { HeroProps } from './components/Hero.tsx';

/** The <html> shell: language, title, canonical, hreflang alternates, share tags, stylesheet. */
export function Document({
  title,
  description,
  hero,
  children,
}: {
  title: string;
  description: string;
  hero: Pick<HeroProps, 'image' | 'parent' | 'subtitle'>;
  children: ReactNode;
}) {
  const { page, model, assets, locale, t } = useSite();
  const { config } = model;
  const status = page.entity.kind === 'status' ? page.entity.status : undefined;
  const fullTitle = pageTitle({ title, path: page.canonical, ...(status ? { status, statusMessage: title } : {}) });
  const absolute = (path: string) => `${config.url}${path === '/' ? '' : path}`;
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${fullTitle} | ${config.name}`}</title>
        <meta name="description" content={description} />
        {isListed(page) ? (
          <link rel="canonical" href={absolute(page.canonical)} />
        ) : (
          <meta name="robots" content="noindex" />
        )}
        {page.alternates &&
          Object.entries(page.alternates).map(([lang, path]) => (
            <link key={lang} rel="alternate" hrefLang={lang} href={absolute(path)} />
          ))}
        <meta name="theme-color" content={config.theme.primary[700]} />
        <meta property="og:site_name" content={config.name} />
        <meta property="og:title" content={fullTitle} />
        <meta property="og:description" content={description} />
        <ShareTags title={title} fullTitle={fullTitle} description={description} hero={hero} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={assets.css} />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {t('nav.skipToContent')}
        </a>
        {children}
        <IslandScripts />
      </body>
    </html>
  );
}
