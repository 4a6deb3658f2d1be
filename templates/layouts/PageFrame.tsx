import type { ReactNode } from 'react';
import type { HeroProps } from '../components/Hero.tsx';
import { layouts } from './index.ts';
import { textName } from '../lib/page-text.ts';
import { useSite } from '../lib/site.tsx';
import { TranslationNotice } from '../components/TranslationNotice.tsx';

interface PageFrameProps extends Pick<HeroProps, 'parent' | 'actions' | 'highlights'> {
  title?: string;
  description?: string;
  image?: string;
  subtitle?: string;
  fallback?: boolean;
  /** False when the content brings its own <h1> (the empty layout's login card). */
  heading?: boolean;
  children: ReactNode;
}

/**
 * A page in its route's layout, titled from its page text unless the page shows one item
 * (an article, a club), which brings its own title, description and image.
 */
export function PageFrame(props: PageFrameProps) {
  const { page, model, locale } = useSite();
  // Item pages (an article, an event) have no page text of their own: the item gives title and image.
  const text = model.pages.get(textName(page.route))?.[locale];
  const title = props.title ?? text?.data.title;
  const description = props.description ?? text?.data.description;
  const image = props.image ?? text?.data.hero.image;
  if (title === undefined || description === undefined || image === undefined) {
    throw new Error(
      `Page ${page.route} needs a title, description and image: from content/${locale}/pages/${page.route}.md or its item`,
    );
  }
  const Layout = layouts[page.layout];
  const fallback = props.fallback ?? text?.fallback ?? false;
  return (
    <Layout
      title={title}
      description={description}
      {...(props.heading === false ? { heading: false } : {})}
      hero={{
        title,
        subtitle: props.subtitle ?? (props.title ? undefined : text?.data.hero.subtitle),
        image,
        size: text?.data.hero.size ?? 'default',
        colorBar: text?.data.hero.colorBar ?? false,
        parent: props.parent,
        actions: props.actions,
        highlights: props.highlights,
        lang: fallback ? 'nl' : undefined,
      }}
    >
      <TranslationNotice fallback={fallback} />
      {props.children}
    </Layout>
  );
}
