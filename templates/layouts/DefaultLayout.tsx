import type { ReactNode } from 'react';
import { Document } from '../document.tsx';
import { Header } from '../components/Header.tsx';
import { Footer } from '../components/Footer.tsx';
import { Hero, type HeroProps } from '../components/Hero.tsx';

export interface LayoutProps {
  title: string;
  description: string;
  hero: HeroProps;
  /** False when the page's content brings its own <h1> (the login card names the view it shows). */
  heading?: boolean;
  children: ReactNode;
}

/** Header, hero, content, footer: most pages. */
export function DefaultLayout({ title, description, hero, children }: LayoutProps) {
  return (
    <Document title={title} description={description} hero={hero}>
      <Header />
      <main id="main">
        <Hero {...hero} />
        {children}
      </main>
      <Footer />
    </Document>
  );
}
