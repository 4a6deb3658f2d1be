import type { ReactNode } from 'react';
import { PageFrame } from '../layouts/PageFrame.tsx';
import { Faq, Sections } from '../components/Sections.tsx';
import { Prose } from '../components/Prose.tsx';
import { usePageText } from '../lib/page-text.ts';
import { useSite } from '../lib/site.tsx';

/**
 * A page made of its text: introduction, sections, questions. `children` add what the route lists
 * or asks (clubs, vacancies, a form), after the sections that introduce them.
 */
export function StaticPage({ children }: { children?: ReactNode }) {
  const text = usePageText();
  const { page } = useSite();
  return (
    <PageFrame>
      {/* In the news layout the text is the page (a policy, socials), not an introduction to it. */}
      {page.layout === 'news' ? (
        <Prose html={text.html} />
      ) : (
        <div className="container page-intro">
          <Prose html={text.html} className="measure intro" />
        </div>
      )}
      <Sections sections={text.data.sections} />
      {children}
      <Faq items={text.data.faq} />
    </PageFrame>
  );
}
