import { Document } from '../document.tsx';
import { Header } from '../components/Header.tsx';
import { Footer } from '../components/Footer.tsx';
import { Hero } from '../components/Hero.tsx';
import type { LayoutProps } from './DefaultLayout.tsx';

/** A compact hero and one readable column: articles, events, policies. */
export function NewsLayout({ title, description, hero, children }: LayoutProps) {
  return (
    <Document title={title} description={description} hero={hero}>
      <Header />
      <main id="main">
        <Hero {...hero} size="compact" />
        <div className="container narrow article-body">{children}</div>
      </main>
      <Footer />
    </Document>
  );
}
