import type { ReactNode } from 'react';
import { PageFrame } from '../components/PageFrame.tsx';
import { Faq, Sections } from '../components/Sections.tsx';
import { Prose } from '../components/Prose.tsx';
import { usePageText } from '../lib/page-text.ts';
import { useSite } from '../lib/site.tsx';

/** A page made of its text alone: introduction, sections, questions; `children` add what the route lists. */
export function StaticPage({ children }: { children?: ReactNode }) {
  const text = usePageText();
  const { page } = useSite();
  const intro = <Prose html={text.html} className="intro" />;
  return (
    <PageFrame>
      {page.layout === 'news' ? intro : <div className="container narrow">{intro}</div>}
      {children}
      <Sections sections={text.data.sections} />
      <Faq items={text.data.faq} />
    </PageFrame>
  );
}
